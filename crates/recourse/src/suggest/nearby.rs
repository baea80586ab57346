//! Did-you-mean: from a word and a vocabulary, the entries the caller most likely meant.
//!
//! # The metric
//!
//! Both sides are folded first ([`fold`]: lowercase, `-` and ` ` read as `_`). An entry is
//! suggested when one of these holds, and ranked by the first that holds:
//!
//! 1. **same folded word** — `--Dry-Run` for `--dry_run`; rustc's first step is the same
//!    case-insensitive match (`rustc_span::edit_distance::find_best_match_for_name`);
//! 2. **within edit distance** `max(len, 3) / 3` of the folded word (`len` in characters of
//!    the word), rustc's bound. The distance is the optimal string alignment distance, so a
//!    transposition (`stauts` → `status`) costs one edit, not two. Closer entries rank first;
//! 3. **the word is a prefix** of the entry, for words of at least [`MIN_PREFIX`] characters
//!    (`stat` → `status`, `--verb` → `--verbose`). Shorter entries rank first.
//!
//! Ties break on Jaro-Winkler similarity of the folded words (a shared beginning wins), then on
//! the vocabulary's order. This is stricter than the thresholds the seed tools use for their
//! own suggestions (Jaro-Winkler ≥ 0.7, Python `difflib.get_close_matches` ratio ≥ 0.6), which
//! let through words that share little more than a beginning (`status` and `start` score above
//! 0.7 under Jaro-Winkler and 0.73 under difflib): an entry in `nearby` must be usable as it is,
//! and a wrong one sends the caller to a different command.
//!
//! # Speed
//!
//! [`Vocabulary`] prepares a vocabulary once: entries grouped by folded length (the distance is
//! at least the length difference), a 32-bucket character histogram per entry (the distance is
//! at least half the histogram's L1 difference), and a sorted index for the prefix rule. Only
//! entries that pass both bounds are measured, with a distance computation that stops as soon
//! as it passes the bound. The answer is the same as measuring every entry.

use std::collections::HashSet;

use super::distance::{self, Histogram, Rows, fold};

/// Words shorter than this (in characters, after folding) get no prefix suggestions: a
/// two-letter beginning names too many entries to be a guess.
pub const MIN_PREFIX: usize = 3;

/// How many suggestions [`nearby`] and [`Vocabulary::nearby`] return at most.
pub const DEFAULT_LIMIT: usize = 5;

/// The entries of `vocabulary` that `word` most likely meant, best first, at most
/// [`DEFAULT_LIMIT`], spelled as in the vocabulary. Empty when nothing is close enough (see the
/// [module docs](self) for the metric).
///
/// For one lookup this is as fast as a scan; for many lookups in one big vocabulary, prepare a
/// [`Vocabulary`] once.
///
/// # Examples
///
/// ```
/// let tools = ["exec", "edit", "status", "search", "exit"];
/// assert_eq!(recourse::suggest::nearby("exce", tools), ["exec"]);
/// assert_eq!(recourse::suggest::nearby("Stat", tools), ["status"]);
/// assert!(recourse::suggest::nearby("deploy", tools).is_empty());
/// ```
pub fn nearby<'a>(word: &str, vocabulary: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    Vocabulary::new(vocabulary).nearby(word)
}

/// Why an entry was suggested, in rank order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reason {
    /// Equal after folding case, `-`, `_` and spaces.
    Folded,
    /// Within the edit-distance bound; the distance is in [`Suggestion::distance`].
    Edit,
    /// The word is a prefix of the entry.
    Prefix,
}

/// One ranked suggestion.
#[derive(Debug, Clone, PartialEq)]
pub struct Suggestion<'v> {
    /// The entry, spelled as in the vocabulary.
    pub entry: &'v str,
    /// Why it was suggested.
    pub reason: Reason,
    /// Optimal string alignment distance between the folded word and entry (0 for
    /// [`Reason::Folded`]; for [`Reason::Prefix`], the number of characters the entry adds).
    pub distance: usize,
    /// Jaro-Winkler similarity of the folded words, `0.0..=1.0`.
    pub similarity: f64,
}

/// A vocabulary prepared for many lookups. Building is `O(total characters + n log n)`;
/// repeated entries keep their first position.
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    entries: Vec<String>,
    /// Folded characters of every entry, back to back.
    chars: Vec<char>,
    /// `chars[span[i].0..span[i].1]` is entry `i` folded.
    spans: Vec<(u32, u32)>,
    histograms: Vec<Histogram>,
    /// Entry ids sorted by folded length, then id.
    by_length: Vec<u32>,
    /// `by_length[length_start[l]..length_start[l + 1]]` have folded length `l`.
    length_start: Vec<usize>,
    /// Entry ids sorted by folded text, then id.
    sorted: Vec<u32>,
}

impl Vocabulary {
    /// Prepares `entries` for lookups. Empty entries are skipped.
    pub fn new<'a>(entries: impl IntoIterator<Item = &'a str>) -> Self {
        let mut seen = HashSet::new();
        let mut v = Self::default();
        for entry in entries {
            if entry.is_empty() || !seen.insert(entry) {
                continue;
            }
            let folded = fold(entry);
            let start = v.chars.len() as u32;
            v.chars.extend_from_slice(&folded);
            v.spans.push((start, v.chars.len() as u32));
            v.histograms.push(distance::histogram(&folded));
            v.entries.push(entry.to_owned());
        }
        let n = v.entries.len() as u32;
        let mut by_length: Vec<u32> = (0..n).collect();
        by_length.sort_by_key(|&i| (v.folded(i).len(), i));
        let longest = by_length.last().map_or(0, |&i| v.folded(i).len());
        let mut length_start = vec![0; longest + 2];
        for &i in &by_length {
            length_start[v.folded(i).len() + 1] += 1;
        }
        for l in 1..length_start.len() {
            length_start[l] += length_start[l - 1];
        }
        let mut sorted: Vec<u32> = (0..n).collect();
        sorted.sort_by(|&a, &b| v.folded(a).cmp(v.folded(b)).then(a.cmp(&b)));
        v.by_length = by_length;
        v.length_start = length_start;
        v.sorted = sorted;
        v
    }

    /// The number of distinct entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn folded(&self, id: u32) -> &[char] {
        let (s, e) = self.spans[id as usize];
        &self.chars[s as usize..e as usize]
    }

    /// The suggestions for `word`, best first, at most [`DEFAULT_LIMIT`], spelled as in the
    /// vocabulary.
    pub fn nearby(&self, word: &str) -> Vec<String> {
        self.ranked(word, DEFAULT_LIMIT)
            .into_iter()
            .map(|s| s.entry.to_owned())
            .collect()
    }

    /// The suggestions for `word`, best first, at most `limit`, with why each was chosen.
    pub fn ranked(&self, word: &str, limit: usize) -> Vec<Suggestion<'_>> {
        let folded = fold(word);
        if folded.is_empty() || limit == 0 {
            return Vec::new();
        }
        let bound = distance::max_distance(folded.len());
        let histogram = distance::histogram(&folded);
        let mut rows = Rows::default();
        // (reason, distance, id) of every entry that qualifies.
        let mut found: Vec<(Reason, usize, u32)> = Vec::new();
        let lo = folded.len().saturating_sub(bound);
        let hi = (folded.len() + bound).min(self.length_start.len().saturating_sub(2));
        for length in lo..=hi {
            let ids = &self.by_length[self.length_start[length]..self.length_start[length + 1]];
            for &id in ids {
                if distance::l1(&histogram, &self.histograms[id as usize]) > 2 * bound {
                    continue;
                }
                if let Some(d) = distance::osa_within(&folded, self.folded(id), bound, &mut rows) {
                    let reason = if d == 0 { Reason::Folded } else { Reason::Edit };
                    found.push((reason, d, id));
                }
            }
        }
        if folded.len() >= MIN_PREFIX {
            let first = self
                .sorted
                .partition_point(|&id| self.folded(id) < folded.as_slice());
            for &id in &self.sorted[first..] {
                let entry = self.folded(id);
                if !entry.starts_with(&folded) {
                    break;
                }
                let extra = entry.len() - folded.len();
                if extra > bound {
                    found.push((Reason::Prefix, extra, id));
                }
            }
        }
        let mut scored: Vec<(Reason, usize, f64, u32)> = found
            .into_iter()
            .map(|(r, d, id)| (r, d, distance::jaro_winkler(&folded, self.folded(id)), id))
            .collect();
        scored.sort_by(|a, b| {
            (a.0, a.1)
                .cmp(&(b.0, b.1))
                .then(b.2.total_cmp(&a.2))
                .then(a.3.cmp(&b.3))
        });
        scored
            .into_iter()
            .take(limit)
            .map(|(reason, distance, similarity, id)| Suggestion {
                entry: &self.entries[id as usize],
                reason,
                distance,
                similarity,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folded_match_ranks_before_closer_spellings() {
        let v = Vocabulary::new(["dry-run", "Dry_Run", "dry_rum"]);
        let got = v.ranked("DRY_RUN", 5);
        assert_eq!(got[0].entry, "dry-run");
        assert_eq!(got[0].reason, Reason::Folded);
        assert_eq!(got[1].entry, "Dry_Run");
        assert_eq!(got[2].reason, Reason::Edit);
    }

    #[test]
    fn prefix_applies_only_beyond_the_edit_bound_and_from_three_characters() {
        let v = Vocabulary::new(["status", "stash", "stats", "st"]);
        assert_eq!(v.nearby("stat"), ["stats", "status"]);
        assert_eq!(v.ranked("stat", 5)[1].reason, Reason::Prefix);
        assert!(Vocabulary::new(["status"]).nearby("st").is_empty());
    }

    #[test]
    fn empty_inputs_give_no_suggestions() {
        assert!(nearby("", ["a", "b"]).is_empty());
        assert!(nearby("word", []).is_empty());
        assert!(Vocabulary::new(["", ""]).is_empty());
        assert!(Vocabulary::new(["abc"]).ranked("abc", 0).is_empty());
    }
}
