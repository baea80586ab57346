//! Property tests: an exact substring is always found at its place with similarity 1.0; empty,
//! huge, non-ASCII and invalid inputs never panic and always give wire-valid candidates.

use proptest::prelude::*;
use recourse::suggest::{Vocabulary, candidates, nearby};

/// 1-based line and column (in characters) of byte offset `at`, counted independently of the
/// library: lines end at `\n`.
fn place(text: &str, at: usize) -> (u64, u64) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line as u64, column as u64)
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-c \\n\\t]{0,200}",
        "[a-zé日\\r\\n ]{0,200}",
        any::<String>(),
        proptest::collection::vec(any::<u8>(), 0..300)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn exact_substring_is_found_at_its_line_and_column(hay in text(), a in 0usize..400, len in 1usize..60) {
        let chars: Vec<(usize, char)> = hay.char_indices().collect();
        prop_assume!(!chars.is_empty());
        let start = chars[a % chars.len()].0;
        let end = chars.get(a % chars.len() + len).map_or(hay.len(), |c| c.0);
        let needle = &hay[start..end];
        let sought = needle.strip_suffix('\n').unwrap_or(needle);
        let sought = sought.strip_suffix('\r').unwrap_or(sought);
        prop_assume!(!sought.is_empty());
        let found = candidates(needle, &hay);
        prop_assert!(!found.is_empty());
        let first = hay.find(sought).expect("it is a substring");
        prop_assert_eq!(&found[0].strategy, "exact");
        prop_assert_eq!(found[0].similarity, 1.0);
        prop_assert_eq!((found[0].line, found[0].column), place(&hay, first));
    }

    #[test]
    fn candidates_never_panic_and_stay_on_the_wire(needle in text(), hay in text()) {
        for c in candidates(&needle, &hay) {
            prop_assert!(c.text.chars().count() <= 500);
            prop_assert!(c.line >= 1 && c.column >= 1);
            prop_assert!((0.0..=1.0).contains(&c.similarity));
            prop_assert!(!c.strategy.is_empty());
        }
    }

    #[test]
    fn nearby_never_panics(word in text(), vocabulary in proptest::collection::vec(text(), 0..20)) {
        let v = Vocabulary::new(vocabulary.iter().map(String::as_str));
        let got = v.nearby(&word);
        prop_assert!(got.len() <= 5);
        prop_assert_eq!(got, nearby(&word, vocabulary.iter().map(String::as_str)));
    }
}

#[test]
fn huge_inputs_do_not_panic() {
    let line = "é".repeat(100_000);
    let hay = format!("{line}\n{line}\n");
    let found = candidates(&format!("{}x", &line[..2_000]), &hay);
    assert_eq!(found[0].text.chars().count(), 500);
    let many: Vec<String> = (0..50_000).map(|i| format!("key_{i}")).collect();
    let v = Vocabulary::new(many.iter().map(String::as_str));
    assert_eq!(v.nearby("key_4999x")[0], "key_4999");
    assert!(candidates("", &hay).is_empty());
    assert!(candidates("x", "").is_empty());
    assert!(nearby(&line, ["a"]).is_empty());
}
