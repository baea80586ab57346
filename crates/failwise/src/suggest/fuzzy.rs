//! The fuzzy strategy of [`candidates`](fn@super::candidates): the windows of a file most similar
//! to a needle, found without scoring every window, with the same answer as scoring every one.
//!
//! A window is `n` consecutive lines (`n` = the needle's line count), joined with `\n`; its
//! similarity is `strsim::normalized_damerau_levenshtein(needle, window)`, i.e.
//! `1 - d / max(len)` in characters with `d` the (unrestricted) Damerau-Levenshtein distance.
//!
//! # Why the answer is exact
//!
//! For every window, two lower bounds on `d` cost almost nothing: the difference in length
//! (one edit changes the length by at most one), and half the L1 distance of the character
//! histograms (one edit changes it by at most two). Together they give an **upper bound** on
//! the window's similarity. Windows are verified (scored exactly) in decreasing order of that
//! upper bound; the search stops when the next window's upper bound is below the similarity
//! still needed to enter the answer. Every window not scored therefore scores below every window
//! returned: the result is the one a full scan gives, ties going to the earlier line in both.
//! Histograms of consecutive windows differ by one line in and one line out, so all bounds
//! together cost `O(file size + windows × 128)`.
//!
//! The bounds are tight when the needle is a near-miss of some region (a few edits): that
//! region's neighbours are the only windows that score close to it. When nothing in the file
//! is close, many windows may need scoring; the answer stays exact, and the cost approaches a
//! full scan.

use super::lines::{BUCKETS, Lines, count, half_l1};

/// A scored window: its first line (0-based) and its similarity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scored {
    pub first: usize,
    pub similarity: f64,
}

/// Runners-up are returned only when they score within this much of the best window: a
/// second region that close makes the match ambiguous, and the caller should see both.
pub const RUNNER_UP_MARGIN: f64 = 0.05;

/// The best window of `hay` for `needle` (the needle's lines), and up to `limit - 1`
/// runners-up that do not overlap a better one and score within [`RUNNER_UP_MARGIN`] of the
/// best; best first, ties to the earlier line. Empty when the haystack has no lines or the
/// needle is empty or `limit` is 0.
pub fn best_windows(hay: &Lines<'_>, needle: &[&str], limit: usize) -> Vec<Scored> {
    if hay.len() == 0 || needle.is_empty() || limit == 0 {
        return Vec::new();
    }
    let n = needle.len().min(hay.len());
    let needle_text = needle.join("\n");
    let needle_len = needle_text.chars().count();
    let mut needle_hist = [0i32; BUCKETS];
    count(&mut needle_hist, &needle_text, 1);

    // Upper bounds of every window, by sliding the histogram one line at a time.
    let windows = hay.len() - n + 1;
    let mut bounds: Vec<(f64, usize)> = Vec::with_capacity(windows);
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
        let longest = needle_len.max(window_len);
        let upper = if longest == 0 {
            1.0
        } else {
            let least = needle_len
                .abs_diff(window_len)
                .max(half_l1(&needle_hist, &hist));
            1.0 - least as f64 / longest as f64
        };
        bounds.push((upper, first));
    }
    bounds.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));

    let mut scored: Vec<Scored> = Vec::new();
    let mut chosen: Vec<Scored> = Vec::new();
    for &(upper, first) in &bounds {
        if let Some(best) = chosen.first() {
            // What a window must reach to change the answer: beat (or tie, from an earlier
            // line) the last chosen window when the answer is full, else the runner-up floor.
            let needed = if chosen.len() == limit {
                chosen[limit - 1].similarity
            } else {
                best.similarity - RUNNER_UP_MARGIN
            };
            if upper < needed {
                break;
            }
        }
        let similarity =
            strsim::normalized_damerau_levenshtein(&needle_text, &hay.window(first, n));
        scored.push(Scored { first, similarity });
        let changes = match chosen.first() {
            None => true,
            Some(_) if chosen.len() == limit => similarity >= chosen[limit - 1].similarity,
            Some(best) => similarity >= best.similarity - RUNNER_UP_MARGIN,
        };
        if changes {
            chosen = choose(&scored, n, limit);
        }
    }
    chosen
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
