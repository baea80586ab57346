//! The Damerau-Levenshtein distance of two texts when it is at most `k`, computed in a band of
//! `2k + 1` diagonals: the value `strsim::damerau_levenshtein` gives, or word that it is over `k`.
//!
//! The algorithm is strsim's (Zhao and Sahni's linear-space form of the unrestricted distance,
//! transpositions with edits between them allowed), restricted to the cells `(i, j)` with
//! `|i - j| <= k`. Every cell on a path of cost at most `k` lies in that band (a cell's value is
//! at least `|i - j|`, and the cost along a path never falls), so each cell in the band holds
//! `min(true value, k + 1)`: a cell outside it is read as `k + 1`, and every term of the
//! recurrence is a cell plus a constant that is not negative. The search also stops at the first
//! row whose cells all exceed `k` (Ukkonen's cut-off): the least value of a row never falls from
//! one row to the next (a transposition that skips rows pays one deletion per row it skips), so
//! no later row can come back under `k`.

use std::collections::HashMap;

/// What [`within`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bounded {
    /// The distance, which is at most `k`.
    Within(usize),
    /// The distance is over `k`.
    Beyond,
    /// Finishing would take more cells than the budget had left; nothing is known.
    OutOfBudget,
}

/// The Damerau-Levenshtein distance of `a` and `b` if it is at most `k`, computing at most
/// `budget` cells; `cells` is increased by the cells computed (also when it gives up).
pub fn within(a: &[char], b: &[char], k: usize, budget: u64, cells: &mut u64) -> Bounded {
    let (len1, len2) = (a.len(), b.len());
    if len1.abs_diff(len2) > k {
        return Bounded::Beyond;
    }
    if len1 == 0 || len2 == 0 {
        return Bounded::Within(len1.max(len2));
    }
    let inf = k + 1;
    let capped = |v: usize| v.min(inf);
    // Column j (0..=len2) of a row is at index j + 1; index 0 stands for column -1.
    let size = len2 + 2;
    let mut fr = vec![inf; size];
    let mut r1 = vec![inf; size];
    let mut r: Vec<usize> = (0..size)
        .map(|index| if index == 0 { inf } else { capped(index - 1) })
        .collect();
    let mut last_row = LastRow::default();
    let in_band = |row: usize, column: usize| row.abs_diff(column) <= k;
    let mut spent = 0u64;
    for i in 1..=len1 {
        let ch1 = a[i - 1];
        std::mem::swap(&mut r, &mut r1);
        // Row i's band, in columns: r1 is row i - 1 and r still holds row i - 2.
        let lo = i.saturating_sub(k).max(1);
        let hi = (i + k).min(len2);
        let width = (hi - lo + 1) as u64;
        if spent + width > budget {
            *cells += spent;
            return Bounded::OutOfBudget;
        }
        spent += width;
        let mut last_i2l1 = if i >= 2 && in_band(i - 2, lo - 1) {
            r[lo]
        } else {
            inf
        };
        r[lo] = if lo == 1 { capped(i) } else { inf };
        if hi + 1 > i - 1 + k {
            r1[hi + 1] = inf;
        }
        let mut last_col: isize = -1;
        let mut t = inf;
        let mut row_min = inf;
        for j in lo..=hi {
            let ch2 = b[j - 1];
            let diag = r1[j] + usize::from(ch1 != ch2);
            let left = r[j] + 1;
            let up = r1[j + 1] + 1;
            let mut temp = diag.min(left).min(up);
            if ch1 == ch2 {
                last_col = j as isize;
                fr[j + 1] = if j >= 2 && in_band(i - 1, j - 2) {
                    r1[j - 1]
                } else {
                    inf
                };
                t = last_i2l1;
            } else {
                let k_row = last_row.get(ch2);
                if j as isize - last_col == 1 {
                    // fr[j + 1] was set at row k_row, when it lay in the band.
                    if k_row >= 1 && in_band(k_row as usize, j) {
                        temp = temp.min(fr[j + 1] + (i - k_row as usize));
                    }
                } else if i as isize - k_row == 1 && last_col >= 1 {
                    temp = temp.min(t + (j - last_col as usize));
                }
            }
            last_i2l1 = if i >= 2 && in_band(i - 2, j) {
                r[j + 1]
            } else {
                inf
            };
            let value = capped(temp);
            r[j + 1] = value;
            row_min = row_min.min(value);
        }
        last_row.set(ch1, i as isize);
        if row_min > k {
            *cells += spent;
            return Bounded::Beyond;
        }
    }
    *cells += spent;
    match r[len2 + 1] {
        d if d <= k => Bounded::Within(d),
        _ => Bounded::Beyond,
    }
}

/// The last row (1-based) in which each character occurred, -1 before its first.
#[derive(Default)]
struct LastRow {
    ascii: Option<Box<[isize; 128]>>,
    other: HashMap<char, isize>,
}

impl LastRow {
    fn get(&self, c: char) -> isize {
        match (c.is_ascii(), &self.ascii) {
            (true, Some(table)) => table[c as usize],
            (true, None) => -1,
            (false, _) => self.other.get(&c).copied().unwrap_or(-1),
        }
    }

    fn set(&mut self, c: char, row: isize) {
        if c.is_ascii() {
            self.ascii.get_or_insert_with(|| Box::new([-1; 128]))[c as usize] = row;
        } else {
            self.other.insert(c, row);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    fn bounded(a: &str, b: &str, k: usize) -> Bounded {
        within(&chars(a), &chars(b), k, u64::MAX, &mut 0)
    }

    #[test]
    fn transpositions_with_edits_between_count_as_strsim_counts_them() {
        for (a, b) in [
            ("ab", "bca"),
            ("ca", "abc"),
            ("abcdef", "badcfe"),
            ("éa", "aé"),
        ] {
            let d = strsim::damerau_levenshtein(a, b);
            assert_eq!(bounded(a, b, d), Bounded::Within(d), "{a} {b}");
            if d > 0 {
                assert_eq!(bounded(a, b, d - 1), Bounded::Beyond, "{a} {b}");
            }
        }
    }

    #[test]
    fn the_band_bounds_the_cells_and_the_budget_stops_them() {
        let (a, b) = (chars(&"ab".repeat(500)), chars(&"ba".repeat(500)));
        let mut cells = 0;
        assert_eq!(within(&a, &b, 3, u64::MAX, &mut cells), Bounded::Within(2));
        assert!(cells <= 1_000 * 7, "{cells}");
        let mut cells = 0;
        assert_eq!(within(&a, &b, 3, 100, &mut cells), Bounded::OutOfBudget);
        assert!(cells <= 100, "{cells}");
    }

    #[test]
    fn unrelated_texts_stop_at_the_first_row_over_the_bound() {
        let (a, b) = (chars(&"x".repeat(2_000)), chars(&"y".repeat(2_000)));
        let mut cells = 0;
        assert_eq!(within(&a, &b, 10, u64::MAX, &mut cells), Bounded::Beyond);
        // Row 11 is the first whose cells all exceed 10.
        assert!(cells <= 11 * 21, "{cells}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// Within the band the answer is strsim's, and over it the answer says so.
        #[test]
        fn agrees_with_strsim(a in "[abc\\né]{0,24}", b in "[abc\\né]{0,24}", k in 0usize..30) {
            let d = strsim::damerau_levenshtein(&a, &b);
            let want = if d <= k { Bounded::Within(d) } else { Bounded::Beyond };
            prop_assert_eq!(bounded(&a, &b, k), want);
        }

        /// The same on longer texts a few edits apart, where the band is narrow beside them.
        #[test]
        fn agrees_with_strsim_on_near_texts(
            a in "[ab\\n]{0,120}",
            edits in proptest::collection::vec((0usize..4, any::<prop::sample::Index>(), "[abc]"), 0..10),
            k in 0usize..12,
        ) {
            let mut b: Vec<char> = a.chars().collect();
            for (kind, at, c) in edits {
                let c = c.chars().next().unwrap_or('c');
                let i = at.index(b.len() + 1);
                match kind {
                    0 => b.insert(i, c),
                    1 if i < b.len() => { b.remove(i); }
                    2 if i < b.len() => b[i] = c,
                    _ if i + 1 < b.len() => b.swap(i, i + 1),
                    _ => {}
                }
            }
            let b: String = b.into_iter().collect();
            let d = strsim::damerau_levenshtein(&a, &b);
            let want = if d <= k { Bounded::Within(d) } else { Bounded::Beyond };
            prop_assert_eq!(bounded(&a, &b, k), want);
        }
    }
}
