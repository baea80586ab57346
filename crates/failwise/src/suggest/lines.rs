//! A haystack split into lines once, with what every strategy of
//! [`candidates`](fn@super::candidates) needs: byte offsets, character counts, per-line character
//! histograms, and the normalized forms the exact-after-normalization strategies compare.

use std::collections::HashMap;

/// Buckets of a character histogram: ASCII exact, other characters folded modulo 128.
pub const BUCKETS: usize = 128;

/// A haystack (or needle) as lines, split like [`str::lines`] (`\n` or `\r\n`, no final empty
/// line).
pub struct Lines<'t> {
    pub text: &'t str,
    /// The lines, without their terminators.
    pub lines: Vec<&'t str>,
    /// Byte offset of each line's start in `text`.
    pub starts: Vec<usize>,
    /// Character count of each line.
    pub chars: Vec<usize>,
}

impl<'t> Lines<'t> {
    /// Splits `text`.
    pub fn new(text: &'t str) -> Self {
        let base = text.as_ptr() as usize;
        let lines: Vec<&str> = text.lines().collect();
        let starts = lines.iter().map(|l| l.as_ptr() as usize - base).collect();
        let chars = lines.iter().map(|l| l.chars().count()).collect();
        Self {
            text,
            lines,
            starts,
            chars,
        }
    }

    /// The number of lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Lines `first..first + count` joined with `\n`: the text a window is scored on.
    pub fn window(&self, first: usize, count: usize) -> String {
        self.lines[first..first + count].join("\n")
    }

    /// Characters in the window `first..first + count`, newlines between lines included.
    pub fn window_chars(&self, first: usize, count: usize) -> usize {
        self.chars[first..first + count].iter().sum::<usize>() + count.saturating_sub(1)
    }

    /// 1-based line and column (in characters) of byte offset `at`.
    pub fn position(&self, at: usize) -> (u64, u64) {
        let line = self.starts.partition_point(|&s| s <= at).max(1) - 1;
        let start = self.starts.get(line).copied().unwrap_or(0);
        let column = self.text[start..at].chars().count() + 1;
        (line as u64 + 1, column as u64)
    }
}

/// Adds (`sign` = 1) or removes (`sign` = -1) the characters of `line` to a histogram.
pub fn count(histogram: &mut [i32; BUCKETS], line: &str, sign: i32) {
    for b in line.bytes() {
        // Count characters, not bytes: skip UTF-8 continuation bytes, bucket lead bytes.
        if b & 0xC0 != 0x80 {
            histogram[usize::from(b) % BUCKETS] += sign;
        }
    }
}

/// Half the L1 distance of two histograms, rounded up: a lower bound on the Damerau-Levenshtein
/// distance of the texts they count (one insertion or deletion changes L1 by 1, a
/// substitution by at most 2, an adjacent transposition by 0; bucketing only lowers L1).
pub fn half_l1(a: &[i32; BUCKETS], b: &[i32; BUCKETS]) -> usize {
    let l1: u32 = a.iter().zip(b).map(|(x, y)| x.abs_diff(*y)).sum();
    (l1 as usize).div_ceil(2)
}

/// A normalization of the exact-after-normalization strategies, in cascade order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Normalization {
    /// Leading and trailing whitespace of each line dropped (a re-indented block).
    Indentation,
    /// Every run of whitespace read as one space, ends trimmed, blank lines kept.
    Whitespace,
    /// As `Whitespace`, and every quote character (`'`, `"`, `` ` ``, curly quotes) read as `"`.
    Quotes,
}

impl Normalization {
    /// The strategies in the order they are tried.
    pub const ALL: [Self; 3] = [Self::Indentation, Self::Whitespace, Self::Quotes];

    /// The strategy's name on the wire (`strategy`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Indentation => "indentation_normalized",
            Self::Whitespace => "whitespace_normalized",
            Self::Quotes => "quote_normalized",
        }
    }

    /// `line` normalized.
    pub fn apply(self, line: &str) -> String {
        match self {
            Self::Indentation => line.trim().to_owned(),
            Self::Whitespace | Self::Quotes => {
                let mut out = String::with_capacity(line.len());
                for word in line.split_whitespace() {
                    if !out.is_empty() {
                        out.push(' ');
                    }
                    out.push_str(word);
                }
                if self == Self::Quotes {
                    out = out
                        .chars()
                        .map(|c| match c {
                            '\'' | '`' | '\u{2018}' | '\u{2019}' | '\u{201C}' | '\u{201D}' => '"',
                            c => c,
                        })
                        .collect();
                }
                out
            }
        }
    }
}

/// The first line of every window `i..i + needle.len()` of `hay` whose lines equal the
/// needle's after `norm`, in file order (overlapping windows included).
///
/// Each line is normalized once, and the needle's lines are looked for as one sequence with
/// Knuth, Morris and Pratt's search, so the cost is linear in the file and the needle even when
/// most windows begin like the needle (a file of one repeated line).
pub fn normalized_matches(hay: &Lines<'_>, needle: &[&str], norm: Normalization) -> Vec<usize> {
    let mut ids: HashMap<String, usize> = HashMap::new();
    let wanted: Vec<usize> = needle
        .iter()
        .map(|l| {
            let next = ids.len();
            *ids.entry(norm.apply(l)).or_insert(next)
        })
        .collect();
    // A line that is no line of the needle never matches.
    let lines: Vec<usize> = hay
        .lines
        .iter()
        .map(|l| ids.get(&norm.apply(l)).copied().unwrap_or(usize::MAX))
        .collect();
    find_all(&lines, &wanted).0
}

/// Every start of `pattern` in `text`, overlapping ones included, and the comparisons made
/// (at most `2 * (text + pattern)`). Empty for an empty pattern.
fn find_all(text: &[usize], pattern: &[usize]) -> (Vec<usize>, usize) {
    let mut comparisons = 0;
    if pattern.is_empty() {
        return (Vec::new(), comparisons);
    }
    // fail[i]: the longest proper border of pattern[..=i].
    let mut fail = vec![0; pattern.len()];
    let mut k = 0;
    for i in 1..pattern.len() {
        while k > 0 && pattern[i] != pattern[k] {
            comparisons += 1;
            k = fail[k - 1];
        }
        comparisons += 1;
        if pattern[i] == pattern[k] {
            k += 1;
        }
        fail[i] = k;
    }
    let mut out = Vec::new();
    let mut k = 0;
    for (i, &x) in text.iter().enumerate() {
        while k > 0 && x != pattern[k] {
            comparisons += 1;
            k = fail[k - 1];
        }
        comparisons += 1;
        if x == pattern[k] {
            k += 1;
        }
        if k == pattern.len() {
            out.push(i + 1 - k);
            k = fail[k - 1];
        }
    }
    (out, comparisons)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based_in_characters() {
        let l = Lines::new("ab\r\nçd\nef");
        assert_eq!(l.lines, ["ab", "çd", "ef"]);
        assert_eq!(l.position(0), (1, 1));
        assert_eq!(l.position(4 + 2), (2, 2));
        assert_eq!(l.window(0, 2), "ab\nçd");
        assert_eq!(l.window_chars(0, 2), 5);
    }

    #[test]
    fn histogram_bound_is_below_the_distance() {
        let (a, b) = ("let x = foo(1);", "let  y = fo(1)");
        let (mut ha, mut hb) = ([0; BUCKETS], [0; BUCKETS]);
        count(&mut ha, a, 1);
        count(&mut hb, b, 1);
        assert!(half_l1(&ha, &hb) <= strsim::damerau_levenshtein(a, b));
    }

    /// A file of one repeated line, and a needle of that line many times then another: every
    /// window begins like the needle, yet the comparisons stay linear.
    #[test]
    fn normalized_matches_stay_linear_when_every_window_begins_like_the_needle() {
        let text = "  x\n".repeat(20_000);
        let hay = Lines::new(&text);
        let mut needle = vec!["x"; 1_000];
        assert_eq!(
            normalized_matches(&hay, &needle, Normalization::Indentation).len(),
            19_001
        );
        needle.push("y");
        assert!(normalized_matches(&hay, &needle, Normalization::Indentation).is_empty());
        let (text, pattern) = (vec![0; 20_000], [vec![0; 1_000], vec![1]].concat());
        let (found, comparisons) = find_all(&text, &pattern);
        assert!(found.is_empty());
        assert!(comparisons <= 2 * (20_000 + 1_001), "{comparisons}");
        assert_eq!(find_all(&[1, 2, 1, 2, 1], &[1, 2, 1]).0, [0, 2]);
    }

    #[test]
    fn normalizations_cascade() {
        assert_eq!(Normalization::Indentation.apply("    x  = 1 "), "x  = 1");
        assert_eq!(Normalization::Whitespace.apply("  x\t =  1"), "x = 1");
        assert_eq!(
            Normalization::Quotes.apply("f('a', `b`)"),
            "f(\"a\", \"b\")"
        );
    }
}
