//! Near-miss regions: where in a file the text a caller tried to match most nearly is (the
//! envelope's `candidates`; atomwrite's `best_candidate`).
//!
//! Strategies are tried in order, and the first that finds anything gives the answer:
//!
//! | `strategy` | a region matches when |
//! |---|---|
//! | `exact` | the needle occurs in the file byte for byte, anywhere in a line |
//! | `indentation_normalized` | its lines equal the needle's with leading and trailing whitespace dropped |
//! | `whitespace_normalized` | … with every run of whitespace read as one space |
//! | `quote_normalized` | … and `'`, `"`, `` ` `` and curly quotes read as one quote |
//! | `fuzzy` | it is among the windows of the needle's line count most similar to the needle, with a similarity of at least [`SIMILARITY_FLOOR`](super::SIMILARITY_FLOOR) (see below) |
//!
//! `similarity` is always `strsim::normalized_damerau_levenshtein` of the needle and the
//! region's text (1.0 for `exact`), so the number means the same whatever found the region.
//! The fuzzy strategy returns the **true** best windows of the whole file among those that
//! reach the floor, with no cap on the windows it considers, unless its work reaches a budget
//! ([`SEARCH_BUDGET`] steps), which [`Regions::complete`] says; how it avoids scoring every
//! window, and why the budget is only reached by needles that are near the floor almost
//! everywhere, is explained in the `fuzzy` module's docs. Regions are listed best first, at
//! most `limit`, without overlaps.

use similar::TextDiff;

use super::fuzzy::{self, SEARCH_BUDGET, Work};
use super::lines::{Lines, Normalization, normalized_matches};
use crate::draft::CANDIDATE_TEXT_MAX_CHARS;
use crate::envelope::Candidate;
use crate::phrase::{Phrase, english_text};

/// How many regions [`candidates`] returns at most.
pub const DEFAULT_CANDIDATES: usize = 3;

/// The longest `diff_preview`, in lines.
pub const PREVIEW_MAX_LINES: usize = 12;

/// The longest `diff_preview`, in characters (an ellipsis marks a cut).
pub const PREVIEW_MAX_CHARS: usize = 1_000;

/// The regions of `haystack` that `needle` most nearly matches, best first, at most
/// [`DEFAULT_CANDIDATES`]. Empty when the needle or the haystack has no text, or when no
/// region reaches [`SIMILARITY_FLOOR`](super::SIMILARITY_FLOOR); [`regions`] also says whether
/// the search was complete.
///
/// # Examples
///
/// ```
/// let file = "fn main() {\n    let total = price * count;\n    println!(\"{total}\");\n}\n";
/// let found = failwise::suggest::candidates("let total = price * qty;", file);
/// assert_eq!(found[0].line, 2);
/// assert_eq!(found[0].strategy, "fuzzy");
/// assert!(found[0].similarity > 0.6);
/// ```
pub fn candidates(needle: &str, haystack: &str) -> Vec<Candidate> {
    candidates_with_limit(needle, haystack, DEFAULT_CANDIDATES)
}

/// As [`candidates`], with at most `limit` regions.
pub fn candidates_with_limit(needle: &str, haystack: &str, limit: usize) -> Vec<Candidate> {
    regions(needle, haystack, limit).candidates
}

/// What [`regions`] found: the regions, whether the search was complete, and its work.
#[derive(Debug, Clone, PartialEq)]
pub struct Regions {
    /// The regions, best first, at most `limit`; empty when nothing reaches
    /// [`SIMILARITY_FLOOR`](super::SIMILARITY_FLOOR) (or nothing was found before the budget ran out).
    pub candidates: Vec<Candidate>,
    /// `false` when the fuzzy search stopped at its budget: a window it did not score may be
    /// closer than those returned (or reach the floor when none was returned). Always `true`
    /// for the exact and normalized strategies.
    pub complete: bool,
    /// What the fuzzy search did (all zero when another strategy answered).
    pub work: Work,
}

/// As [`candidates_with_limit`], saying whether the search was complete: the fuzzy search does
/// at most [`SEARCH_BUDGET`] steps.
///
/// # Examples
///
/// ```
/// use failwise::suggest::{SIMILARITY_FLOOR, regions};
/// let file = "fn main() {\n    let total = price * count;\n}\n";
/// let found = regions("let total = price * qty;", file, 3);
/// assert!(found.complete);
/// assert!(found.candidates[0].similarity >= SIMILARITY_FLOOR);
/// // Nothing in the file is within half its length of this needle.
/// let far = regions("SELECT name FROM users WHERE id = 7;", file, 3);
/// assert!(far.candidates.is_empty() && far.complete);
/// ```
pub fn regions(needle: &str, haystack: &str, limit: usize) -> Regions {
    regions_with_budget(needle, haystack, limit, SEARCH_BUDGET)
}

/// As [`regions`], with a budget of `budget` steps for the fuzzy search (a cell of a banded
/// edit distance or a 64-bit word of an LCS row; see [`Work::steps`]).
pub fn regions_with_budget(needle: &str, haystack: &str, limit: usize, budget: u64) -> Regions {
    let answer = |candidates| Regions {
        candidates,
        complete: true,
        work: Work::default(),
    };
    let needle = needle.strip_suffix('\n').unwrap_or(needle);
    let needle = needle.strip_suffix('\r').unwrap_or(needle);
    if needle.is_empty() || haystack.is_empty() || limit == 0 {
        return answer(Vec::new());
    }
    let hay = Lines::new(haystack);
    let exact = exact_matches(needle, &hay, limit);
    if !exact.is_empty() {
        return answer(exact);
    }
    let needle_lines: Vec<&str> = needle.lines().collect();
    if needle_lines.is_empty() {
        return answer(Vec::new());
    }
    let n = needle_lines.len();
    for norm in Normalization::ALL {
        let firsts = normalized_matches(&hay, &needle_lines, norm);
        if !firsts.is_empty() {
            return answer(
                firsts
                    .into_iter()
                    .take(limit)
                    .map(|first| {
                        let text = hay.window(first, n);
                        let similarity = strsim::normalized_damerau_levenshtein(needle, &text);
                        region(needle, &hay, first, text, similarity, norm.name())
                    })
                    .collect(),
            );
        }
    }
    let search = fuzzy::best_windows(&hay, &needle_lines, limit, budget);
    let count = n.min(hay.len());
    Regions {
        candidates: search
            .chosen
            .into_iter()
            .map(|s| {
                let text = hay.window(s.first, count);
                region(needle, &hay, s.first, text, s.similarity, "fuzzy")
            })
            .collect(),
        complete: search.complete,
        work: search.work,
    }
}

/// Every byte-exact occurrence of `needle`, without overlaps, in file order, at most `limit`.
fn exact_matches(needle: &str, hay: &Lines<'_>, limit: usize) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut from = 0;
    while out.len() < limit {
        let Some(found) = memchr::memmem::find(&hay.text.as_bytes()[from..], needle.as_bytes())
        else {
            break;
        };
        let at = from + found;
        let (line, column) = hay.position(at);
        out.push(Candidate {
            text: bounded(needle),
            line,
            column,
            similarity: 1.0,
            strategy: "exact".to_owned(),
            diff_preview: None,
        });
        from = at + needle.len();
    }
    out
}

fn region(
    needle: &str,
    hay: &Lines<'_>,
    first: usize,
    text: String,
    similarity: f64,
    strategy: &str,
) -> Candidate {
    let (line, column) = hay.position(hay.starts[first]);
    Candidate {
        diff_preview: Some(preview(needle, &text)),
        text: bounded(&text),
        line,
        column,
        similarity,
        strategy: strategy.to_owned(),
    }
}

/// `text` cut to [`CANDIDATE_TEXT_MAX_CHARS`] characters.
fn bounded(text: &str) -> String {
    match text.char_indices().nth(CANDIDATE_TEXT_MAX_CHARS) {
        Some((cut, _)) => text[..cut].to_owned(),
        None => text.to_owned(),
    }
}

/// A unified diff from the needle (`-`) to the region (`+`), one line of context, at most
/// [`PREVIEW_MAX_LINES`] lines (a last line says how many were left out) and
/// [`PREVIEW_MAX_CHARS`] characters.
fn preview(needle: &str, region: &str) -> String {
    let (needle, region) = (format!("{needle}\n"), format!("{region}\n"));
    let diff = TextDiff::from_lines(&needle, &region);
    let text = diff
        .unified_diff()
        .context_radius(1)
        .header("sought", "found")
        .to_string();
    let lines: Vec<&str> = text.lines().collect();
    let mut out = lines[..lines.len().min(PREVIEW_MAX_LINES)].join("\n");
    if lines.len() > PREVIEW_MAX_LINES {
        let more = lines.len() - PREVIEW_MAX_LINES;
        out.push('\n');
        out.push_str(&english_text(
            &Phrase::new("candidates-preview-more").arg("more", more),
        ));
    }
    if let Some((cut, _)) = out.char_indices().nth(PREVIEW_MAX_CHARS) {
        out.truncate(cut);
        out.push('…');
    }
    out
}
