//! A trie of folded vocabulary entries, searched with the bounded optimal-string-alignment
//! distance: every entry within `bound` edits of a word, each with its exact distance, without
//! measuring entries one by one.
//!
//! # How the search saves work
//!
//! The distance table of a word against an entry is filled one row per entry character. Two
//! entries that share a beginning share the rows of that beginning, so the search walks the
//! trie depth first and computes one row per trie node instead of one per entry character
//! (Shang and Merrett, "Tries for approximate string matching", IEEE TKDE 8(4), 1996). A row
//! whose smallest cell exceeds `bound` ends the walk below that node: every cell of the next
//! row comes from a cell of this row plus 0 or 1, or (a transposition) from the row above plus
//! 1, and that cell is itself at least the neighbouring cell of this row minus 1 (see
//! [`Trie::within`]). Only the cells with `|row - column| <= bound` are computed (Ukkonen's
//! band): every other cell is at least `|row - column|`. Cells are capped at `bound + 1`,
//! which leaves every value up to `bound` exact, since values never decrease along a path of
//! the table.
//!
//! The nodes are stored flat in depth-first order, each with the index just past its subtree,
//! so skipping a subtree is one assignment.

/// Words longer than this (in characters, after folding) are not searched in the trie (the
/// table would hold a row per character of an entry): [`Vocabulary`](crate::Vocabulary)
/// measures entries one by one for them, with the same result.
pub const MAX_WORD: usize = 64;

/// Marks a node where no entry ends.
const NONE: u32 = u32::MAX;

/// One trie node: the character on the edge into it, and where its subtree ends.
#[derive(Debug, Clone, Copy)]
struct Node {
    ch: char,
    /// Characters from the root to this node, this one included (1 for the root's children).
    depth: u32,
    /// Index just past the last node of this node's subtree.
    end: u32,
    /// The greatest depth at which an entry ends in this subtree.
    longest: u32,
    /// Position in the build order (`sorted`) of the first entry that ends here, or [`NONE`].
    terminal: u32,
}

/// A trie of folded entries in depth-first order.
#[derive(Debug, Clone, Default)]
pub struct Trie {
    nodes: Vec<Node>,
}

impl Trie {
    /// Builds the trie of `words`, given in sorted order (equal words next to each other);
    /// `word(k)` is the `k`-th word. A node's `terminal` is the first `k` whose word ends
    /// there; the words equal to it follow it in the order.
    pub fn build<'w>(count: usize, word: impl Fn(usize) -> &'w [char]) -> Self {
        let mut nodes: Vec<Node> = Vec::new();
        // path[d] is the node at depth d + 1 on the current word's path.
        let mut path: Vec<usize> = Vec::new();
        let mut previous: &[char] = &[];
        for k in 0..count {
            let w = word(k);
            let shared = w.iter().zip(previous).take_while(|(a, b)| a == b).count();
            while path.len() > shared {
                let closed = path.pop().unwrap_or_default();
                nodes[closed].end = nodes.len() as u32;
            }
            for (d, &ch) in w.iter().enumerate().skip(shared) {
                path.push(nodes.len());
                nodes.push(Node {
                    ch,
                    depth: d as u32 + 1,
                    end: NONE,
                    longest: 0,
                    terminal: NONE,
                });
            }
            if let Some(&last) = path.get(w.len().wrapping_sub(1))
                && nodes[last].terminal == NONE
            {
                nodes[last].terminal = k as u32;
            }
            for &n in &path {
                nodes[n].longest = nodes[n].longest.max(w.len() as u32);
            }
            previous = w;
        }
        while let Some(closed) = path.pop() {
            nodes[closed].end = nodes.len() as u32;
        }
        Self { nodes }
    }

    /// Heap bytes held by the trie.
    pub fn heap_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
    }

    /// Calls `found(terminal, distance)` for every node where an entry within `bound` edits
    /// of `word` ends, with that distance; `terminal` is as in [`Trie::build`]. `word` has at
    /// most [`MAX_WORD`] characters.
    ///
    /// Pruning a subtree when a row's smallest cell exceeds `bound` is exact: a cell of the
    /// next row is one of `left + 1`, `up + 1`, `diagonal + cost`, all at least a cell of this
    /// row, or a transposition `D[i-1][j-2] + 1`, and `D[i][j-1] <= D[i-1][j-2] + 1` (a
    /// substitution), so that too is at least a cell of this row.
    pub fn within(&self, word: &[char], bound: usize, mut found: impl FnMut(u32, usize)) {
        debug_assert!(word.len() <= MAX_WORD);
        let m = word.len();
        let cap = (bound + 1).min(usize::from(u8::MAX)) as u8;
        let deepest = m + bound;
        let width = m + 1;
        // table[d * width + j]: distance of the first d characters on the path and the first
        // j of the word, capped at `cap`; cells outside the band stay `cap`.
        let mut table = vec![cap; (deepest + 1) * width];
        for (j, cell) in table[..width].iter_mut().enumerate() {
            *cell = j.min(usize::from(cap)) as u8;
        }
        // path[d] is the character at depth d + 1 on the current path.
        let mut path = vec!['\0'; deepest + 1];
        let mut i = 0;
        while i < self.nodes.len() {
            let node = self.nodes[i];
            let d = node.depth as usize;
            if d > deepest || (node.longest as usize) + bound < m {
                i = node.end as usize;
                continue;
            }
            path[d - 1] = node.ch;
            let (above, here) = table.split_at_mut(d * width);
            let up = &above[(d - 1) * width..];
            let up2 = (d >= 2).then(|| &above[(d - 2) * width..(d - 1) * width]);
            let row = &mut here[..width];
            let lo = d.saturating_sub(bound);
            let hi = (d + bound).min(m);
            let mut row_min = cap;
            if lo == 0 {
                row[0] = d.min(usize::from(cap)) as u8;
                row_min = row[0];
            }
            for j in lo.max(1)..=hi {
                let cost = u8::from(word[j - 1] != node.ch);
                let mut cell = (up[j - 1] + cost).min(up[j] + 1).min(row[j - 1] + 1);
                if let Some(up2) = up2
                    && j >= 2
                    && word[j - 2] == node.ch
                    && word[j - 1] == path[d - 2]
                {
                    cell = cell.min(up2[j - 2] + 1);
                }
                let cell = cell.min(cap);
                row[j] = cell;
                row_min = row_min.min(cell);
            }
            if row_min >= cap {
                i = node.end as usize;
                continue;
            }
            if node.terminal != NONE && row[m] < cap {
                found(node.terminal, usize::from(row[m]));
            }
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::distance::{Rows, fold, osa_within};

    fn search(words: &[&str], word: &str, bound: usize) -> Vec<(String, usize)> {
        let mut folded: Vec<Vec<char>> = words.iter().map(|w| fold(w)).collect();
        folded.sort();
        let trie = Trie::build(folded.len(), |k| &folded[k]);
        let mut out = Vec::new();
        trie.within(&fold(word), bound, |k, d| {
            out.push((folded[k as usize].iter().collect(), d));
        });
        out
    }

    #[test]
    fn finds_every_entry_within_the_bound_with_its_distance() {
        let words = [
            "ls", "lsns", "less", "lsof", "l", "status", "stauts", "stat", "state", "exec",
        ];
        for word in ["lss", "status", "sttaus", "x", "exce", "stat"] {
            for bound in 0..4 {
                let mut want: Vec<(String, usize)> = Vec::new();
                let mut sorted = words.to_vec();
                sorted.sort();
                for w in sorted {
                    if let Some(d) = osa_within(&fold(word), &fold(w), bound, &mut Rows::default())
                    {
                        want.push((w.to_owned(), d));
                    }
                }
                assert_eq!(search(&words, word, bound), want, "{word} bound {bound}");
            }
        }
    }

    #[test]
    fn subtrees_close_where_the_next_word_leaves_them() {
        let words: Vec<Vec<char>> = ["ab", "abc", "abd", "b"].iter().map(|w| fold(w)).collect();
        let trie = Trie::build(words.len(), |k| &words[k]);
        let shape: Vec<(char, u32, u32, u32)> = trie
            .nodes
            .iter()
            .map(|n| (n.ch, n.depth, n.end, n.longest))
            .collect();
        assert_eq!(
            shape,
            [
                ('a', 1, 4, 3),
                ('b', 2, 4, 3),
                ('c', 3, 3, 3),
                ('d', 3, 4, 3),
                ('b', 1, 5, 1)
            ]
        );
        assert_eq!(trie.nodes[1].terminal, 0);
        assert_eq!(trie.nodes[0].terminal, NONE);
    }
}
