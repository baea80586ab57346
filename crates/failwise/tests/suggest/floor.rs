//! The similarity floor and the work budget of the fuzzy search: the pruned search answers as
//! the exhaustive one wherever a window reaches the floor, needles that match nothing are
//! dismissed in work linear in the file, and the budget stops what is left.

use failwise::suggest::{RUNNER_UP_MARGIN, SIMILARITY_FLOOR, regions, regions_with_budget};
use proptest::prelude::*;

use crate::linear::{RANDOM_ALPHABET, Rng, best_windows_linear, random_text};

/// The exhaustive answer with the windows under the floor dropped.
fn exhaustive(needle: &str, hay: &str, limit: usize) -> Vec<(u64, f64)> {
    best_windows_linear(needle, hay, limit, RUNNER_UP_MARGIN)
        .into_iter()
        .filter(|w| w.1 >= SIMILARITY_FLOOR)
        .collect()
}

/// The first `lines` lines of random text.
fn random_lines(lines: usize, rng: &mut Rng) -> String {
    let text = random_text(100 * lines, RANDOM_ALPHABET, rng);
    let kept: Vec<&str> = text.lines().take(lines).collect();
    kept.join("\n")
}

/// `text` with `edits` single-character edits (insert, delete, substitute) at random places.
fn edited(text: &str, edits: usize, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..edits {
        let at = rng.below(chars.len().max(1));
        match rng.below(3) {
            0 => chars.insert(at.min(chars.len()), '#'),
            1 if !chars.is_empty() => {
                chars.remove(at);
            }
            _ if !chars.is_empty() => chars[at] = '~',
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// The cost of the exhaustive search in cells: every window's full table.
fn exhaustive_cells(needle: &str, hay: &str) -> u64 {
    let lines: Vec<&str> = hay.lines().collect();
    let n = needle.lines().count();
    let m = needle.chars().count() as u64;
    (0..=lines.len() - n)
        .map(|i| m * lines[i..i + n].join("\n").chars().count() as u64)
        .sum()
}

/// 50 random lines against 1 MB of random text over the same characters (an exhaustive scan
/// takes minutes). Every window's histogram is close to the needle's, so the cheap bounds queue
/// them all; the blocks' LCS dismisses every one, and no distance is computed.
#[test]
fn a_random_50_line_needle_against_1_mb_of_random_text_costs_two_passes_of_lcs() {
    let mut rng = Rng(50);
    let hay = random_text(1 << 20, RANDOM_ALPHABET, &mut rng);
    let needle = random_lines(50, &mut rng);
    let found = regions(&needle, &hay, 3);
    assert!(found.candidates.is_empty(), "{:?}", found.candidates);
    assert!(found.complete);
    let work = found.work;
    assert!(work.queued * 10 > work.windows * 9, "{work:?}");
    assert_eq!((work.scored, work.cells), (0, 0), "{work:?}");
    // Blocks of 2n lines every n lines: each character of the file is read twice, a row of
    // ⌈needle / 64⌉ words each time.
    let words = needle.chars().count().div_ceil(64) as u64;
    assert!(work.lcs_words <= 2 * words * hay.len() as u64, "{work:?}");
    assert!(
        work.steps() * 1_000 < exhaustive_cells(&needle, &hay),
        "{work:?}"
    );
}

/// A 5,000-character random needle against 1 MB of random text, as lines and as one line.
#[test]
fn a_5000_character_needle_against_random_text_is_dismissed_by_its_bounds() {
    let mut rng = Rng(5_000);
    let hay = random_text(1 << 20, RANDOM_ALPHABET, &mut rng);
    let mut needle = String::new();
    while needle.chars().count() < 5_000 {
        needle.push_str(&random_lines(1, &mut rng));
        needle.push('\n');
    }
    let found = regions(&needle, &hay, 3);
    assert!(found.candidates.is_empty() && found.complete);
    let work = found.work;
    assert_eq!((work.scored, work.cells), (0, 0), "{work:?}");
    let words = needle.chars().count().div_ceil(64) as u64;
    assert!(work.lcs_words <= 2 * words * hay.len() as u64, "{work:?}");

    // On one line, every window is one line of at most 80 characters: the lengths alone say
    // that none reaches the floor.
    let one_line: String = needle.chars().filter(|&c| c != '\n').collect();
    let found = regions(&one_line, &hay, 3);
    assert!(found.candidates.is_empty() && found.complete);
    assert_eq!(found.work.queued, 0, "{:?}", found.work);
    assert_eq!(found.work.steps(), 0);
}

/// A near miss in the same file is still found, at its place and with strsim's similarity,
/// in a few windows' worth of work.
#[test]
fn a_near_miss_in_1_mb_of_random_text_is_still_found_cheaply() {
    let mut rng = Rng(51);
    let hay = random_text(1 << 20, RANDOM_ALPHABET, &mut rng);
    let lines: Vec<&str> = hay.lines().collect();
    let at = lines.len() / 2;
    let window = lines[at..at + 50].join("\n");
    let needle = edited(&window, 12, &mut rng);
    let found = regions(&needle, &hay, 3);
    assert!(found.complete);
    assert_eq!(found.candidates.len(), 1, "{:?}", found.candidates);
    assert_eq!(found.candidates[0].line, at as u64 + 1);
    assert_eq!(
        found.candidates[0].similarity,
        strsim::normalized_damerau_levenshtein(&needle, &window)
    );
    let m = needle.chars().count() as u64;
    assert!(found.work.steps() < 10 * m * m, "{:?}", found.work);
}

/// Long runs over two letters and a space score near the floor almost everywhere, so the
/// bounds prune little: the budget stops the search, and the answer says so.
#[test]
fn the_budget_stops_a_search_the_bounds_cannot_prune_and_says_so() {
    let mut rng = Rng(52);
    let hay = random_text(64 * 1024, b"ab ", &mut rng);
    let needle = random_text(2_000, b"ab ", &mut rng);
    let budget = 2_000_000;
    let found = regions_with_budget(&needle, &hay, 3, budget);
    assert!(!found.complete);
    assert!(found.work.steps() <= budget, "{:?}", found.work);
    assert!(found.work.windows > 1_000);
    for c in &found.candidates {
        assert!(c.similarity >= SIMILARITY_FLOOR);
    }
}

/// Lines over a few characters, so that windows score around the floor and many are close.
fn small_lines() -> impl Strategy<Value = Vec<String>> {
    let line = prop_oneof![
        "[ab ]{0,10}",
        "[a-d ]{0,16}",
        "[abc(){};= ]{0,30}",
        "[aé ]{0,8}",
    ];
    proptest::collection::vec(line, 1..40)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The pruned search returns what scoring every window returns, without the windows under
    /// the floor: on random needles, and on slices of the haystack with a few edits.
    #[test]
    fn the_pruned_search_answers_as_the_exhaustive_one(
        hay in small_lines(),
        random in small_lines(),
        planted in any::<bool>(),
        at in any::<prop::sample::Index>(),
        size in 1usize..6,
        edits in 0usize..6,
        seed in any::<u64>(),
        limit in 1usize..4,
    ) {
        let hay = hay.join("\n");
        let lines: Vec<&str> = hay.lines().collect();
        let needle = if planted && !lines.is_empty() {
            let first = at.index(lines.len());
            let slice = lines[first..(first + size).min(lines.len())].join("\n");
            edited(&slice, edits, &mut Rng(seed))
        } else {
            random[..size.min(random.len())].join("\n")
        };
        let found = regions(&needle, &hay, limit);
        if found.candidates.first().is_some_and(|c| c.strategy != "fuzzy") {
            return Ok(());
        }
        prop_assert!(found.complete);
        let got: Vec<(u64, f64)> = found.candidates.iter().map(|c| (c.line, c.similarity)).collect();
        let needle = needle.strip_suffix('\n').unwrap_or(&needle);
        prop_assert_eq!(got, exhaustive(needle, &hay, limit));
    }
}
