//! The fuzzy strategy of [`candidates`](fn@super::candidates): the windows of a file most similar
//! to a needle, among those that reach [`SIMILARITY_FLOOR`], found without scoring every window,
//! with the same answer as scoring every one, in a bounded amount of work.
//!
//! A window is `n` consecutive lines (`n` = the needle's line count), joined with `\n`; its
//! similarity is `strsim::normalized_damerau_levenshtein(needle, window)`, i.e.
//! `1 - d / max(len)` in characters with `d` the (unrestricted) Damerau-Levenshtein distance.
//!
//! # Why the answer is exact
//!
//! Every window starts with an **upper bound** on its similarity that costs almost nothing: the
//! difference in length (one edit changes the length by at most one) and half the L1 distance
//! of the character histograms (one edit changes it by at most two) are lower bounds on `d`.
//! Histograms of consecutive windows differ by one line in and one line out, so these bounds
//! cost `O(file size + windows × 128)` together. A window whose bound is under the floor is
//! never looked at again.
//!
//! The others wait in a queue, highest bound first (ties to the earlier line). The window at
//! its head is refined by the cheapest step that can lower its bound, and goes back into the
//! queue with the lower bound, until its similarity is known:
//!
//! - the longest common subsequence (LCS) of the needle and a **block** of `2n` lines holding
//!   the window (blocks start every `n` lines, so one is shared by `n` windows): the window's
//!   own subsequence with the needle is no longer, and `d >= max(len) - LCS` (see `lcs`);
//! - the same for the window alone;
//! - the distance itself in a band of `2k + 1` diagonals (see `banded`), which is exact when
//!   `d <= k` and says `d > k` otherwise, often after a few rows; `k` doubles from the bound up
//!   to the `k` at which the window would stop mattering.
//!
//! A window stops mattering when it cannot reach the floor nor come within
//! [`RUNNER_UP_MARGIN`] of the best window scored so far (the answer never holds a window
//! below either). The search stops when the head's bound is below what a window needs to change
//! the answer; every window not scored then scores below every window returned, so the result
//! is the one a full scan gives after dropping the windows under the floor, ties going to the
//! earlier line in both.
//!
//! # Why the work is bounded
//!
//! A near miss (a few edits) has tight bounds: only its neighbours score close to it, and their
//! bands are narrow. Random text over the needle's own alphabet falls under the floor on the
//! block's LCS, a few thousand word operations per window; unrelated code on the block's or,
//! for a few windows in ten, on the window's own (`⌈needle / 64⌉` words a character). What is
//! left, a needle that is close to the floor nearly everywhere (long runs over two or three
//! letters), is stopped by a budget: at most `budget` steps (a cell of the banded distance or a
//! 64-bit word of an LCS row), [`SEARCH_BUDGET`] unless the caller says otherwise. A search
//! that stops there returns the best windows it scored and says it is incomplete.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::banded::{self, Bounded};
use super::lcs::Pattern;
use super::lines::{BUCKETS, Lines, count, half_l1};

/// The least similarity a fuzzy region is reported with: `1 - d / max(len)` at least one
/// half, i.e. the needle and the region differ by fewer edits than half the longer of them
/// (a region further off is closer to a rewrite than to a near miss).
///
/// Where it comes from: the best window of unrelated Rust code scores 0.26–0.31 for a 30-line
/// needle and 0.29–0.5 for a 3-line one (nine needles taken from one source file of this
/// workspace, each against another file), random text over the needle's own 75 characters
/// scores about 0.1, and the near misses of the seeds' edit cases (a renamed identifier, a
/// changed literal) score 0.8 and more. Half is the round number between the two. The exact and normalized strategies are matches after
/// normalization and are reported whatever their similarity.
pub const SIMILARITY_FLOOR: f64 = 0.5;

/// The most work one fuzzy search does, in steps: a cell of a banded edit distance or a
/// 64-bit word of an LCS row (each a few machine operations; 2^28 steps took half a second on
/// a loaded 2-core machine in the `floor/two_letters` bench, whose search ends there). A
/// search that would need more stops and says so
/// ([`Regions::complete`](super::Regions::complete) is `false`).
pub const SEARCH_BUDGET: u64 = 1 << 28;

/// Runners-up are returned only when they score within this much of the best window: a
/// second region that close makes the match ambiguous, and the caller should see both.
pub const RUNNER_UP_MARGIN: f64 = 0.05;

/// The smallest band tried first, in edits on either side of the diagonal.
const FIRST_BAND: usize = 16;

/// A scored window: its first line (0-based) and its similarity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scored {
    pub first: usize,
    pub similarity: f64,
}

/// What a fuzzy search did, counted as it went.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Work {
    /// Windows of the needle's line count in the file.
    pub windows: u64,
    /// Windows whose cheap bound reached the floor, so that they were queued.
    pub queued: u64,
    /// Windows whose similarity was computed exactly.
    pub scored: u64,
    /// Cells of banded edit distances computed.
    pub cells: u64,
    /// 64-bit words of LCS rows computed.
    pub lcs_words: u64,
}

impl Work {
    /// The steps the budget counts: [`Work::cells`] plus [`Work::lcs_words`].
    pub fn steps(&self) -> u64 {
        self.cells + self.lcs_words
    }
}

/// The answer of [`best_windows`].
pub struct Search {
    /// The windows, best first.
    pub chosen: Vec<Scored>,
    /// `false` when the budget ran out before the answer was certain.
    pub complete: bool,
    /// What the search did.
    pub work: Work,
}

/// A window in the queue: the lower bound on its distance known so far and the next step.
#[derive(Debug, Clone, Copy)]
struct Waiting {
    first: usize,
    /// A lower bound on `d`.
    least: usize,
    /// `max(needle, window)` in characters.
    longest: usize,
    /// The window's length in characters.
    chars: usize,
    /// Whether the block's and the window's LCS have bounded it yet.
    block_done: bool,
    window_done: bool,
    /// The band to try next.
    band: usize,
}

impl Waiting {
    fn upper(&self) -> f64 {
        similarity(self.least, self.longest)
    }
}

impl PartialEq for Waiting {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Waiting {}
impl PartialOrd for Waiting {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Waiting {
    /// The higher bound first, then the earlier line.
    fn cmp(&self, other: &Self) -> Ordering {
        self.upper()
            .total_cmp(&other.upper())
            .then(other.first.cmp(&self.first))
    }
}

/// strsim's normalization of a distance: `1 - d / longest`, 1.0 for two empty texts.
fn similarity(d: usize, longest: usize) -> f64 {
    if longest == 0 {
        1.0
    } else {
        1.0 - d as f64 / longest as f64
    }
}

/// The largest distance whose similarity (as [`similarity`] computes it) is at least `at_least`.
fn largest_distance(at_least: f64, longest: usize) -> usize {
    let mut d = (((1.0 - at_least) * longest as f64).floor().max(0.0) as usize).min(longest);
    while d < longest && similarity(d + 1, longest) >= at_least {
        d += 1;
    }
    while d > 0 && similarity(d, longest) < at_least {
        d -= 1;
    }
    d
}

/// The best window of `hay` for `needle` (the needle's lines) that reaches
/// [`SIMILARITY_FLOOR`], and up to `limit - 1` runners-up that do not overlap a better one and
/// score within [`RUNNER_UP_MARGIN`] of the best; best first, ties to the earlier line; at most
/// `budget` steps of work. Empty when the haystack has no lines or the needle is empty or
/// `limit` is 0.
pub fn best_windows(hay: &Lines<'_>, needle: &[&str], limit: usize, budget: u64) -> Search {
    let mut work = Work::default();
    if hay.len() == 0 || needle.is_empty() || limit == 0 {
        return Search {
            chosen: Vec::new(),
            complete: true,
            work,
        };
    }
    let n = needle.len().min(hay.len());
    let needle_text = needle.join("\n");
    let needle_chars: Vec<char> = needle_text.chars().collect();
    let needle_len = needle_chars.len();
    let mut queue = cheap_bounds(hay, &needle_text, needle_len, n, &mut work);
    let pattern = Pattern::new(&needle_chars);
    let mut blocks: Vec<Option<usize>> = vec![None; hay.len() / n + 1];

    let mut scored: Vec<Scored> = Vec::new();
    let mut chosen: Vec<Scored> = Vec::new();
    let mut complete = true;
    while let Some(mut w) = queue.pop() {
        let needed = needed(&chosen, limit);
        if w.upper() < needed {
            break;
        }
        // The window matters while it can reach this; past `most` edits it does not.
        let matters = chosen
            .first()
            .map_or(SIMILARITY_FLOOR, |best| best.similarity - RUNNER_UP_MARGIN)
            .max(SIMILARITY_FLOOR);
        let most = largest_distance(matters, w.longest);
        if w.least > most {
            continue;
        }
        let left = budget.saturating_sub(work.steps());
        let band = w.band.max(w.least).min(most);
        let band_cost = (2 * band as u64 + 1) * needle_len.min(w.chars) as u64;
        let block = w.first / n;
        let block_lines = (block * n)..(block * n + 2 * n).min(hay.len());
        let block_chars = hay.window_chars(block_lines.start, block_lines.len());
        // An LCS whose cost the budget cannot pay is passed over; the banded distance, which
        // may stop early, is tried instead.
        let block_cost = match blocks[block] {
            Some(_) => Some(0),
            None => Some(pattern.cost(block_chars)).filter(|&cost| cost <= left),
        };
        let window_cost = Some(pattern.cost(w.chars)).filter(|&cost| cost <= left);
        let covers = block_lines.len() == n;
        let cheapest = band_cost.min(window_cost.unwrap_or(u64::MAX));
        if let Some(cost) = block_cost.filter(|&cost| !w.block_done && cost / n as u64 <= cheapest)
        {
            let lcs = match blocks[block] {
                Some(lcs) => lcs,
                None => {
                    work.lcs_words += cost;
                    let lcs = pattern.lcs(chars_of(hay, block_lines.start, block_lines.len()));
                    blocks[block] = Some(lcs);
                    lcs
                }
            };
            w.block_done = true;
            w.window_done |= covers;
            w.least = w.least.max(w.longest.saturating_sub(lcs));
        } else if let Some(cost) = window_cost.filter(|&cost| !w.window_done && cost <= band_cost) {
            work.lcs_words += cost;
            let lcs = pattern.lcs(chars_of(hay, w.first, n));
            w.window_done = true;
            w.least = w.least.max(w.longest.saturating_sub(lcs));
        } else {
            let window: Vec<char> = chars_of(hay, w.first, n).collect();
            match banded::within(&needle_chars, &window, band, left, &mut work.cells) {
                Bounded::Within(d) => {
                    work.scored += 1;
                    let s = Scored {
                        first: w.first,
                        similarity: similarity(d, w.longest),
                    };
                    scored.push(s);
                    if s.similarity >= needed {
                        chosen = choose(&scored, n, limit);
                    }
                    continue;
                }
                Bounded::Beyond => {
                    w.least = w.least.max(band + 1);
                    w.band = band.saturating_mul(2);
                }
                Bounded::OutOfBudget => {
                    complete = false;
                    break;
                }
            }
        }
        if w.least <= most {
            queue.push(w);
        }
    }
    Search {
        chosen,
        complete,
        work,
    }
}

/// The characters of the window `first..first + count` of `hay`, lines joined with `\n`.
fn chars_of<'h>(hay: &'h Lines<'_>, first: usize, count: usize) -> impl Iterator<Item = char> + 'h {
    hay.lines[first..first + count]
        .iter()
        .enumerate()
        .flat_map(|(i, line)| (i > 0).then_some('\n').into_iter().chain(line.chars()))
}

/// Every window whose cheap bound reaches the floor, queued; [`Work::windows`] and
/// [`Work::queued`] counted.
fn cheap_bounds(
    hay: &Lines<'_>,
    needle_text: &str,
    needle_len: usize,
    n: usize,
    work: &mut Work,
) -> BinaryHeap<Waiting> {
    let mut needle_hist = [0i32; BUCKETS];
    count(&mut needle_hist, needle_text, 1);
    let windows = hay.len() - n + 1;
    work.windows = windows as u64;
    let mut queue = Vec::new();
    let mut hist = [0i32; BUCKETS];
    hist[usize::from(b'\n')] = n as i32 - 1;
    for line in &hay.lines[..n] {
        count(&mut hist, line, 1);
    }
    let mut window_len = hay.window_chars(0, n);
    for first in 0..windows {
        if first > 0 {
            count(&mut hist, hay.lines[first - 1], -1);
            count(&mut hist, hay.lines[first + n - 1], 1);
            window_len = window_len + hay.chars[first + n - 1] - hay.chars[first - 1];
        }
        let least = needle_len
            .abs_diff(window_len)
            .max(half_l1(&needle_hist, &hist));
        let waiting = Waiting {
            first,
            least,
            longest: needle_len.max(window_len),
            chars: window_len,
            block_done: false,
            window_done: false,
            band: FIRST_BAND,
        };
        if waiting.upper() >= SIMILARITY_FLOOR {
            queue.push(waiting);
        }
    }
    work.queued = queue.len() as u64;
    BinaryHeap::from(queue)
}

/// What a window must reach to change the answer: the floor while nothing is chosen; beat (or
/// tie, from an earlier line) the last chosen window when the answer is full; else come within
/// the runner-up margin of the best.
fn needed(chosen: &[Scored], limit: usize) -> f64 {
    let at_least = match chosen.first() {
        None => SIMILARITY_FLOOR,
        Some(_) if chosen.len() == limit => chosen[limit - 1].similarity,
        Some(best) => best.similarity - RUNNER_UP_MARGIN,
    };
    at_least.max(SIMILARITY_FLOOR)
}

/// The best windows of `scored` that do not overlap a better one, best first (ties to the
/// earlier line), runners-up within [`RUNNER_UP_MARGIN`] of the best, at most `limit`.
fn choose(scored: &[Scored], n: usize, limit: usize) -> Vec<Scored> {
    let mut order: Vec<Scored> = scored.to_vec();
    order.sort_by(|a, b| {
        b.similarity
            .total_cmp(&a.similarity)
            .then(a.first.cmp(&b.first))
    });
    let mut out: Vec<Scored> = Vec::new();
    for s in order {
        if out.len() == limit {
            break;
        }
        if let Some(best) = out.first()
            && s.similarity < best.similarity - RUNNER_UP_MARGIN
        {
            break;
        }
        if out.iter().all(|o| o.first.abs_diff(s.first) >= n) {
            out.push(s);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_distance_is_the_last_one_at_the_similarity() {
        for longest in [1, 3, 7, 10, 1_000, 2_165] {
            for at_least in [0.5, 0.55, 0.9, 0.95, 1.0] {
                let d = largest_distance(at_least, longest);
                assert!(similarity(d, longest) >= at_least, "{longest} {at_least}");
                if d < longest {
                    assert!(
                        similarity(d + 1, longest) < at_least,
                        "{longest} {at_least}"
                    );
                }
            }
        }
    }
}
