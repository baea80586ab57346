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
//! # Ties
//!
//! Entries with the same reason and distance are ordered by, in turn:
//!
//! 1. **prefix-related first**: the folded entry begins with the folded word or the word with
//!    the entry. The caller typed the whole name and a key more, or stopped a key short:
//!    `lss` → `ls` (one deletion) before `lsns` (one insertion, nothing shared after `ls`);
//! 2. **shorter first**: the more a name is used, the shorter it tends to be (Zipf's law of
//!    abbreviation), so the shorter entry is the likelier intent: `ls` before `lsns`;
//! 3. **Jaro-Winkler similarity**, higher first: a shared beginning wins (Winkler's premise:
//!    fewer typing errors happen at the start of a word);
//! 4. **vocabulary order**, earlier first: rustc's own tie-break (the first candidate at the
//!    smallest distance wins in `find_best_match_for_name`). clap orders its suggestions by
//!    Jaro similarity alone (`did_you_mean`, threshold 0.7), with no edit distance to tie on.
//!
//! The usual suggestion thresholds (Jaro-Winkler ≥ 0.7, Python `difflib.get_close_matches`'
//! default cutoff, ratio ≥ 0.6) are looser than the rules above: they let through
//! words that share little more than a beginning (`status` and `start` score above 0.7 under
//! Jaro-Winkler and 0.73 under difflib). An entry in `nearby` must be usable as it is, and a
//! wrong one sends the caller to a different command.
//!
//! # Speed
//!
//! [`Vocabulary`] prepares a vocabulary once: a trie of the folded entries, searched with the
//! distance bound (one table row per trie node, shared by every entry below it, and whole
//! subtrees skipped as soon as a row passes the bound; see the `trie` module), and the folded
//! entries in sorted order for the prefix rule. Words longer than 64 characters are measured
//! against every entry instead. [`nearby`] for a single lookup measures every entry without
//! building anything. Every path returns the same ranked answer.

use std::cmp::Ordering;
use std::collections::HashSet;

use crate::distance::{self, Rows, fold};
use crate::trie::{self, Trie};

/// Words shorter than this (in characters, after folding) get no prefix suggestions: a
/// two-letter beginning names too many entries to be a guess.
pub const MIN_PREFIX: usize = 3;

/// How many suggestions [`nearby`] and [`Vocabulary::nearby`] return at most.
pub const DEFAULT_LIMIT: usize = 5;

/// The entries of `vocabulary` that `word` most likely meant, best first, at most
/// [`DEFAULT_LIMIT`], spelled as in the vocabulary. Empty when nothing is close enough. Both
/// sides are folded (lowercase, `-` and ` ` read as `_`); an entry qualifies, and ranks, by the
/// first of: the same folded word; within optimal-string-alignment distance `max(len, 3) / 3`
/// (rustc's bound); the word, of at least [`MIN_PREFIX`] characters, a prefix of the entry.
///
/// This measures every entry and builds no index: the right choice for one lookup. For many
/// lookups in one big vocabulary, prepare a [`Vocabulary`] once; the answers are the same.
///
/// # Examples
///
/// ```
/// let tools = ["exec", "edit", "status", "search", "exit"];
/// assert_eq!(failwise_spelling::nearby("exce", tools), ["exec"]);
/// assert_eq!(failwise_spelling::nearby("Stat", tools), ["status"]);
/// assert!(failwise_spelling::nearby("deploy", tools).is_empty());
/// ```
pub fn nearby<'a>(word: &str, vocabulary: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let folded = fold(word);
    if folded.is_empty() {
        return Vec::new();
    }
    let bound = distance::max_distance(folded.len());
    let mut rows = Rows::default();
    let mut seen = HashSet::new();
    let mut found: Vec<(Found, &str, Vec<char>)> = Vec::new();
    for entry in vocabulary {
        if entry.is_empty() || !seen.insert(entry) {
            continue;
        }
        let order = seen.len() as u32 - 1;
        let e = fold(entry);
        if let Some(f) = measure(&folded, &e, bound, order, &mut rows) {
            found.push((f, entry, e));
        }
    }
    let mut scored: Vec<(Key, &str)> = found
        .into_iter()
        .map(|(f, entry, e)| (Key::new(&folded, &e, f), entry))
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0));
    scored
        .into_iter()
        .take(DEFAULT_LIMIT)
        .map(|(_, entry)| entry.to_owned())
        .collect()
}

/// Why an entry was suggested, in rank order.
///
/// # Examples
///
/// ```
/// use failwise_spelling::{Reason, Vocabulary};
/// let keys = Vocabulary::new(["timeout", "timeout_ms", "retries"]);
/// let reasons: Vec<(&str, Reason)> = keys.ranked("timeout", 3).iter().map(|s| (s.entry, s.reason)).collect();
/// assert_eq!(reasons.first(), Some(&("timeout", Reason::Folded)));
/// assert!(Reason::Folded < Reason::Edit && Reason::Edit < Reason::Prefix);
/// let best = keys.ranked("TIMEOUT", 1).into_iter().next().ok_or("no suggestion")?;
/// assert_eq!((best.entry, best.reason), ("timeout", Reason::Folded));
/// // `-` folds to `_`, so `Timeout-Ms` is `timeout_ms` with another case.
/// let best = keys.ranked("Timeout-Ms", 1).into_iter().next().ok_or("no suggestion")?;
/// assert_eq!((best.entry, best.reason), ("timeout_ms", Reason::Folded));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
///
/// # Examples
///
/// ```
/// use failwise_spelling::{Reason, Vocabulary};
/// let flags = Vocabulary::new(["--dry-run", "--verbose", "--version"]);
/// let ranked = flags.ranked("--dry_run", 3);
/// let best = ranked.first().ok_or("no suggestion")?;
/// assert_eq!((best.entry, best.reason, best.distance), ("--dry-run", Reason::Folded, 0));
///
/// let why = match flags.ranked("--verbos", 1).first().ok_or("no suggestion")?.reason {
///     Reason::Folded => "the same name, spelled differently",
///     Reason::Edit => "a typo away",
///     Reason::Prefix => "the start of the name",
/// };
/// assert_eq!(why, "a typo away");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

/// An entry that qualifies: why, how far, and its position in the vocabulary.
#[derive(Debug, Clone, Copy)]
struct Found {
    reason: Reason,
    distance: usize,
    order: u32,
}

/// Whether the folded `entry` qualifies for the folded `word` (bound `bound`), measured alone.
fn measure(
    word: &[char],
    entry: &[char],
    bound: usize,
    order: u32,
    rows: &mut Rows,
) -> Option<Found> {
    if let Some(d) = distance::osa_within(word, entry, bound, rows) {
        let reason = if d == 0 { Reason::Folded } else { Reason::Edit };
        return Some(Found {
            reason,
            distance: d,
            order,
        });
    }
    (word.len() >= MIN_PREFIX && entry.starts_with(word)).then(|| Found {
        reason: Reason::Prefix,
        distance: entry.len() - word.len(),
        order,
    })
}

/// The rank of a qualifying entry: smaller ranks first (the module docs' rules and ties).
#[derive(Debug, Clone, Copy)]
struct Key {
    reason: Reason,
    distance: usize,
    unrelated: bool,
    length: usize,
    similarity: f64,
    order: u32,
}

impl Key {
    fn new(word: &[char], entry: &[char], found: Found) -> Self {
        Self {
            reason: found.reason,
            distance: found.distance,
            unrelated: !(entry.starts_with(word) || word.starts_with(entry)),
            length: entry.len(),
            similarity: distance::jaro_winkler(word, entry),
            order: found.order,
        }
    }

    fn cmp(&self, other: &Self) -> Ordering {
        (self.reason, self.distance, self.unrelated, self.length)
            .cmp(&(other.reason, other.distance, other.unrelated, other.length))
            .then(other.similarity.total_cmp(&self.similarity))
            .then(self.order.cmp(&other.order))
    }
}

/// A vocabulary prepared for many lookups. Building is `O(total characters + n log n)`;
/// repeated entries keep their first position.
///
/// # Examples
///
/// ```
/// use failwise_spelling::Vocabulary;
/// let commands = Vocabulary::new(["status", "start", "stop", "restart", "status"]);
/// assert_eq!(commands.len(), 4);
/// // `status` is one transposition away, `start` two edits: best first.
/// assert_eq!(commands.nearby("stauts"), ["status", "start"]);
/// assert!(commands.nearby("deploy").is_empty());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    entries: Vec<String>,
    /// Folded characters of every entry, back to back.
    chars: Vec<char>,
    /// `chars[span[i].0..span[i].1]` is entry `i` folded.
    spans: Vec<(u32, u32)>,
    /// Entry ids sorted by folded text, then id.
    sorted: Vec<u32>,
    /// The trie of the folded entries, built in `sorted` order.
    trie: Trie,
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
            let start = v.chars.len() as u32;
            v.chars.extend(fold(entry));
            v.spans.push((start, v.chars.len() as u32));
            v.entries.push(entry.to_owned());
        }
        let mut sorted: Vec<u32> = (0..v.entries.len() as u32).collect();
        sorted.sort_by(|&a, &b| v.folded(a).cmp(v.folded(b)).then(a.cmp(&b)));
        v.trie = Trie::build(sorted.len(), |k| v.folded(sorted[k]));
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

    /// Heap bytes the prepared vocabulary holds: the entries as given, their folded
    /// characters, the sorted order and the trie.
    pub fn heap_bytes(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<String>()
            + self.entries.iter().map(String::capacity).sum::<usize>()
            + self.chars.capacity() * std::mem::size_of::<char>()
            + self.spans.capacity() * std::mem::size_of::<(u32, u32)>()
            + self.sorted.capacity() * std::mem::size_of::<u32>()
            + self.trie.heap_bytes()
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
        let mut found: Vec<Found> = Vec::new();
        if folded.len() <= trie::MAX_WORD {
            self.trie.within(&folded, bound, |first, d| {
                let reason = if d == 0 { Reason::Folded } else { Reason::Edit };
                let first_id = self.sorted[first as usize];
                for &id in self.sorted[first as usize..]
                    .iter()
                    .take_while(|&&id| self.folded(id) == self.folded(first_id))
                {
                    found.push(Found {
                        reason,
                        distance: d,
                        order: id,
                    });
                }
            });
        } else {
            let mut rows = Rows::default();
            for id in 0..self.entries.len() as u32 {
                if let Some(d) = distance::osa_within(&folded, self.folded(id), bound, &mut rows) {
                    let reason = if d == 0 { Reason::Folded } else { Reason::Edit };
                    found.push(Found {
                        reason,
                        distance: d,
                        order: id,
                    });
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
                    found.push(Found {
                        reason: Reason::Prefix,
                        distance: extra,
                        order: id,
                    });
                }
            }
        }
        let mut scored: Vec<Key> = found
            .into_iter()
            .map(|f| Key::new(&folded, self.folded(f.order), f))
            .collect();
        scored.sort_by(Key::cmp);
        scored
            .into_iter()
            .take(limit)
            .map(|k| Suggestion {
                entry: &self.entries[k.order as usize],
                reason: k.reason,
                distance: k.distance,
                similarity: k.similarity,
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
