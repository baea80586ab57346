//! Property tests: an exact substring is always found at its place with similarity 1.0; empty,
//! huge, non-ASCII and invalid inputs never panic and always give wire-valid candidates; the
//! prepared vocabulary and the one-shot scan rank exactly as a brute-force reference of the
//! documented metric.

use failwise::suggest::{Vocabulary, candidates, nearby};
use proptest::prelude::*;

use crate::linear::nearby_linear;

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

/// Words over a small alphabet, so that random words are often within a few edits of each
/// other, with case, `-`/`_`, non-ASCII, and (rarely) words past the trie's 64 characters.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => "[abc]{1,7}",
        3 => "[a-eA-E_-]{1,12}",
        1 => "[aéßİ ]{1,6}",
        1 => "[ab]{62,70}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The trie search, the one-shot scan and a brute-force `strsim` reference agree on
    /// every place of the ranking, for random vocabularies and for words that are random, a
    /// vocabulary entry, or an entry with a character dropped or added.
    #[test]
    fn vocabulary_ranks_exactly_as_the_reference(
        entries in proptest::collection::vec(word(), 0..40),
        random in word(),
        pick in any::<prop::sample::Index>(),
        edit in 0usize..3,
        at in any::<prop::sample::Index>(),
    ) {
        let mut seen = std::collections::HashSet::new();
        let distinct: Vec<String> = entries.iter().filter(|e| seen.insert(e.as_str())).cloned().collect();
        let query = match (edit, distinct.is_empty()) {
            (_, true) | (0, _) => random,
            (1, false) => {
                let mut chars: Vec<char> = pick.get(&distinct).chars().collect();
                chars.remove(at.index(chars.len()));
                chars.into_iter().collect()
            }
            _ => {
                let mut chars: Vec<char> = pick.get(&distinct).chars().collect();
                chars.insert(at.index(chars.len() + 1), 'b');
                chars.into_iter().collect()
            }
        };
        let v = Vocabulary::new(entries.iter().map(String::as_str));
        let want = nearby_linear(&query, &distinct, 8);
        let got: Vec<&str> = v.ranked(&query, 8).iter().map(|s| s.entry).collect();
        prop_assert_eq!(&got, &want);
        let want5: Vec<&str> = want.iter().take(5).copied().collect();
        prop_assert_eq!(nearby(&query, entries.iter().map(String::as_str)), want5);
    }
}

#[test]
fn huge_inputs_do_not_panic() {
    let line = "é".repeat(100_000);
    let hay = format!("{line}\n{line}\n");
    // 1,000 characters against lines of 100,000: far under the floor, and found so at once.
    let far = failwise::suggest::regions(&format!("{}x", &line[..2_000]), &hay, 3);
    assert!(far.candidates.is_empty() && far.complete);
    assert_eq!(far.work.queued, 0);
    let found = candidates(&format!("{}x", &line[..2 * 99_990]), &hay);
    assert_eq!(found[0].text.chars().count(), 500);
    assert_eq!(found[0].similarity, 1.0 - 10.0 / 100_000.0);
    let many: Vec<String> = (0..50_000).map(|i| format!("key_{i}")).collect();
    let v = Vocabulary::new(many.iter().map(String::as_str));
    assert_eq!(v.nearby("key_4999x")[0], "key_4999");
    assert!(candidates("", &hay).is_empty());
    assert!(candidates("x", "").is_empty());
    assert!(nearby(&line, ["a"]).is_empty());
}
