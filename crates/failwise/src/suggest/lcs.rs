//! An upper bound on the similarity of the needle and any text, from the length of their
//! longest common subsequence, computed 64 characters of the needle at a time.
//!
//! An edit script of cost `d` (insertions, deletions, substitutions, transpositions with edits
//! between them) leaves a common subsequence of at least `max(len) - d` characters: each
//! operation takes at most one character of the longer text out of it (a transposition keeps
//! one of the two it swaps). So `d >= max(len) - LCS`, and `similarity <= LCS / max(len)`.
//! Two random texts over one alphabet of 75 characters share a subsequence of about a fifth of
//! their length (Chvátal and Sankoff's constant; about two thirds over 4 characters), far under
//! [`SIMILARITY_FLOOR`](super::SIMILARITY_FLOOR), while their character histograms are almost
//! equal and bound nothing.
//!
//! The length is Hyyrö's bit-vector form of Allison and Dix's algorithm: one row of the
//! table per character of the text, as `⌈needle / 64⌉` words, each updated by an addition and
//! three bitwise operations. Characters are compared in 256 buckets (ASCII exactly, the rest by
//! their code point modulo 128): two characters in one bucket may count as equal, which can only
//! lengthen the subsequence, so the bound stays a bound.

/// The needle, prepared: for each bucket, the bit vector of the needle's positions in it.
pub struct Pattern {
    /// Words per row: `⌈len / 64⌉`.
    words: usize,
    /// The needle's length in characters.
    len: usize,
    /// `BUCKETS * words` words: bit `p % 64` of word `p / 64` of a bucket's vector is set when
    /// the needle's character `p` falls in the bucket.
    masks: Vec<u64>,
}

const BUCKETS: usize = 256;

fn bucket(c: char) -> usize {
    let c = c as u32;
    if c < 128 {
        c as usize
    } else {
        128 + (c % 128) as usize
    }
}

impl Pattern {
    /// Prepares `needle`.
    pub fn new(needle: &[char]) -> Self {
        let words = needle.len().div_ceil(64).max(1);
        let mut masks = vec![0u64; BUCKETS * words];
        for (p, &c) in needle.iter().enumerate() {
            masks[bucket(c) * words + p / 64] |= 1 << (p % 64);
        }
        Self {
            words,
            len: needle.len(),
            masks,
        }
    }

    /// What [`Pattern::lcs`] of a text of `chars` characters costs, in words.
    pub fn cost(&self, chars: usize) -> u64 {
        (chars as u64).saturating_mul(self.words as u64)
    }

    /// The length of a longest common subsequence of the needle and `text` (characters that
    /// share a bucket counted as equal), at least the true one.
    pub fn lcs(&self, text: impl IntoIterator<Item = char>) -> usize {
        let mut row = vec![!0u64; self.words];
        for c in text {
            let mask = &self.masks[bucket(c) * self.words..][..self.words];
            let mut carry = false;
            for (v, &m) in row.iter_mut().zip(mask) {
                let u = *v & m;
                let (sum, c1) = v.overflowing_add(u);
                let (sum, c2) = sum.overflowing_add(u64::from(carry));
                carry = c1 | c2;
                *v = sum | (*v & !m);
            }
        }
        // A zero bit at a needle position is one character of the subsequence; bits past the
        // needle's end are not counted.
        let mut ones = 0;
        for (w, v) in row.iter().enumerate() {
            let bits = (self.len - (w * 64).min(self.len)).min(64);
            let kept = if bits == 64 {
                *v
            } else {
                *v & ((1 << bits) - 1)
            };
            ones += kept.count_ones() as usize;
        }
        self.len - ones
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The textbook table, for reference.
    fn lcs_table(a: &[char], b: &[char]) -> usize {
        let mut prev = vec![0; b.len() + 1];
        for &x in a {
            let mut row = vec![0; b.len() + 1];
            for (j, &y) in b.iter().enumerate() {
                row[j + 1] = if x == y {
                    prev[j] + 1
                } else {
                    row[j].max(prev[j + 1])
                };
            }
            prev = row;
        }
        prev[b.len()]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1_000))]

        /// Over more than one word and on ASCII (one character per bucket), the length is the
        /// table's; and the bound holds against strsim's distance.
        #[test]
        fn equals_the_table_and_bounds_the_distance(a in "[abc\\n]{0,150}", b in "[abc\\n]{0,150}") {
            let (ca, cb): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            let lcs = Pattern::new(&ca).lcs(cb.iter().copied());
            prop_assert_eq!(lcs, lcs_table(&ca, &cb));
            let longest = ca.len().max(cb.len());
            prop_assert!(strsim::damerau_levenshtein(&a, &b) >= longest - lcs);
        }

        #[test]
        fn is_at_least_the_true_length_beyond_ascii(a in "[aé\u{3b1}\u{1e9}]{0,80}", b in "[aé\u{3b1}\u{1e9}]{0,80}") {
            let (ca, cb): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            prop_assert!(Pattern::new(&ca).lcs(cb.iter().copied()) >= lcs_table(&ca, &cb));
        }
    }
}
