//! The word metric of [`nearby`](fn@crate::nearby): folding, the edit-distance bound, the bounded
//! optimal-string-alignment distance of two words, and the Jaro-Winkler tie-break.

/// Folds a word for comparison: lowercase (Unicode), and `-` and ` ` read as `_`, so
/// `Dry-Run`, `dry_run` and `dry run` compare equal.
pub fn fold(word: &str) -> Vec<char> {
    let mut out = Vec::with_capacity(word.len());
    for c in word.chars() {
        match c {
            '-' | ' ' => out.push('_'),
            c if c.is_ascii() => out.push(c.to_ascii_lowercase()),
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// The largest edit distance a suggestion may be from a word of `len` characters:
/// `max(len, 3) / 3`, rustc's rule for did-you-mean (`rustc_span::edit_distance`,
/// `find_best_match_for_name`): 1 edit up to 5 characters, 2 up to 8, and so on.
pub fn max_distance(len: usize) -> usize {
    len.max(3) / 3
}

/// Reusable rows for [`osa_within`], so a scan of many entries allocates once.
#[derive(Debug, Default, Clone)]
pub struct Rows {
    before: Vec<usize>,
    previous: Vec<usize>,
    current: Vec<usize>,
}

/// The optimal-string-alignment distance of `a` and `b` (insertions, deletions,
/// substitutions, and transpositions of adjacent characters, each costing 1, no substring
/// edited twice), if it is at most `bound`; `None` otherwise.
///
/// The value equals `strsim::osa_distance` on the same strings whenever it is `Some`. The scan
/// stops as soon as two consecutive rows exceed `bound`: every cell of the next row comes from
/// a cell of the row above (insert, delete, substitute) or from two rows above plus one
/// (transposition), so once both are past the bound, no later row can come back under it.
pub fn osa_within(a: &[char], b: &[char], bound: usize, rows: &mut Rows) -> Option<usize> {
    if a.len().abs_diff(b.len()) > bound {
        return None;
    }
    if a.is_empty() || b.is_empty() {
        return Some(a.len().max(b.len()));
    }
    let width = b.len() + 1;
    let Rows {
        before,
        previous,
        current,
    } = rows;
    before.clear();
    before.resize(width, usize::MAX);
    previous.clear();
    previous.extend(0..width);
    current.clear();
    current.resize(width, 0);
    let mut previous_min = 0;
    for (i, &ca) in a.iter().enumerate() {
        current[0] = i + 1;
        let mut row_min = current[0];
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            let mut cell = (previous[j] + cost)
                .min(previous[j + 1] + 1)
                .min(current[j] + 1);
            if i > 0 && j > 0 && ca == b[j - 1] && a[i - 1] == cb {
                cell = cell.min(before[j - 1] + 1);
            }
            current[j + 1] = cell;
            row_min = row_min.min(cell);
        }
        if row_min > bound && previous_min > bound {
            return None;
        }
        previous_min = row_min;
        std::mem::swap(before, previous);
        std::mem::swap(previous, current);
    }
    let d = previous[b.len()];
    (d <= bound).then_some(d)
}

/// Jaro-Winkler similarity of two folded words (the tie-break between suggestions at the same
/// distance: a shared beginning ranks first).
pub fn jaro_winkler(a: &[char], b: &[char]) -> f64 {
    let (a, b): (String, String) = (a.iter().collect(), b.iter().collect());
    strsim::jaro_winkler(&a, &b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn osa_matches_strsim_on_small_cases() {
        let words = [
            "", "a", "ab", "ba", "abc", "acb", "status", "stauts", "staus", "exec", "exce", "grep",
            "regp", "café", "cafe", "kitten", "sitting", "ca", "abc",
        ];
        let mut rows = Rows::default();
        for a in words {
            for b in words {
                let (fa, fb) = (fold(a), fold(b));
                let expected = strsim::osa_distance(a, b);
                for bound in 0..6 {
                    let got = osa_within(&fa, &fb, bound, &mut rows);
                    let want = (expected <= bound).then_some(expected);
                    assert_eq!(got, want, "{a:?} vs {b:?} bound {bound}");
                }
            }
        }
    }

    #[test]
    fn usual_thresholds_let_unrelated_tools_through() {
        // Why nearby does not use Jaro-Winkler >= 0.7 alone (module docs of nearby).
        let jw = jaro_winkler(&fold("status"), &fold("start"));
        assert!(jw >= 0.7, "{jw}");
        assert_eq!(
            osa_within(&fold("status"), &fold("start"), 2, &mut Rows::default()),
            None
        );
    }

    #[test]
    fn folding_joins_case_dash_and_underscore() {
        assert_eq!(fold("Dry-Run"), fold("dry_run"));
        assert_eq!(fold("ÉTAT"), fold("état"));
        assert_eq!(max_distance(2), 1);
        assert_eq!(max_distance(6), 2);
        assert_eq!(max_distance(9), 3);
    }
}
