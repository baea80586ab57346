//! The reference implementations the suggest module is measured and checked against: a linear
//! scan scored with `strsim` for `nearby`, and sliding windows scored with
//! `strsim::normalized_damerau_levenshtein` for `candidates`; plus a seeded generator of
//! vocabularies, typos and files. Shared by the integration tests and the criterion benches.
#![allow(dead_code, reason = "each includer uses a different part")]

/// A small deterministic generator (splitmix64), so tests and benches need no seed files.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SYLLABLES: &[&str] = &[
    "ex", "ec", "ed", "it", "sta", "tus", "gre", "p", "com", "mit", "con", "fig", "re", "mo", "te",
    "push", "pull", "fe", "tch", "de", "ploy", "lo", "g", "ru", "n", "ch", "eck", "ver", "bo",
    "se", "dry", "in", "dex", "ma", "ke", "cl", "ean", "wat", "er", "al", "pha", "zu",
];

/// `n` distinct identifiers built from syllables, some joined with `-` or `_`.
pub fn vocabulary(n: usize, rng: &mut Rng) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let parts = 2 + rng.below(4);
        let mut word = String::new();
        for p in 0..parts {
            if p > 0 && rng.below(4) == 0 {
                word.push(if rng.below(2) == 0 { '-' } else { '_' });
            }
            word.push_str(SYLLABLES[rng.below(SYLLABLES.len())]);
        }
        if seen.insert(word.clone()) {
            out.push(word);
        }
    }
    out
}

/// `word` with one or two random typos: a transposition, a deletion, an insertion, a
/// substitution, a case change, or `-`/`_` swapped.
pub fn typo(word: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = word.chars().collect();
    for _ in 0..1 + rng.below(2) {
        if chars.len() < 2 {
            break;
        }
        let i = rng.below(chars.len() - 1);
        match rng.below(6) {
            0 => chars.swap(i, i + 1),
            1 => {
                chars.remove(i);
            }
            2 => chars.insert(i, (b'a' + rng.below(26) as u8) as char),
            3 => chars[i] = (b'a' + rng.below(26) as u8) as char,
            4 => chars[i] = chars[i].to_ascii_uppercase(),
            _ => {
                for c in &mut chars {
                    *c = match *c {
                        '-' => '_',
                        '_' => '-',
                        c => c,
                    };
                }
            }
        }
    }
    chars.into_iter().collect()
}

fn fold(word: &str) -> String {
    word.chars()
        .flat_map(|c| match c {
            '-' | ' ' => vec!['_'],
            c => c.to_lowercase().collect(),
        })
        .collect()
}

/// `nearby` by brute force: every entry scored with `strsim::osa_distance` and
/// `strsim::jaro_winkler` on folded text, under the documented rules (folded match, then edit
/// distance <= max(len, 3) / 3, then prefix for words of 3+ characters; ties: prefix-related
/// first, then shorter, then higher Jaro-Winkler, then vocabulary order). `vocabulary` holds
/// distinct entries.
pub fn nearby_linear<'v>(word: &str, vocabulary: &'v [String], limit: usize) -> Vec<&'v str> {
    let w = fold(word);
    let len = w.chars().count();
    if len == 0 {
        return Vec::new();
    }
    let bound = len.max(3) / 3;
    // (tier, distance, not prefix-related, length, Jaro-Winkler, position)
    let mut scored: Vec<(u8, usize, bool, usize, f64, usize)> = Vec::new();
    for (i, entry) in vocabulary.iter().enumerate() {
        let e = fold(entry);
        let d = strsim::osa_distance(&w, &e);
        let tier = if d == 0 {
            (0, 0)
        } else if d <= bound {
            (1, d)
        } else if len >= 3 && e.starts_with(&w) {
            (2, e.chars().count() - len)
        } else {
            continue;
        };
        let unrelated = !(e.starts_with(&w) || w.starts_with(&e));
        let length = e.chars().count();
        scored.push((
            tier.0,
            tier.1,
            unrelated,
            length,
            strsim::jaro_winkler(&w, &e),
            i,
        ));
    }
    scored.sort_by(|a, b| {
        (a.0, a.1, a.2, a.3)
            .cmp(&(b.0, b.1, b.2, b.3))
            .then(b.4.total_cmp(&a.4))
            .then(a.5.cmp(&b.5))
    });
    scored
        .into_iter()
        .take(limit)
        .map(|s| vocabulary[s.5].as_str())
        .collect()
}

/// The best window of `haystack` for `needle` by brute force: every window of the needle's
/// line count (lines joined with `\n`), scored with `strsim::normalized_damerau_levenshtein`;
/// the highest score wins, ties to the earlier line. Returns the 1-based first line and the
/// score. `sample: Some(k)` scores only `k` windows spread evenly over the file (every
/// `windows / k`-th, from the first), for timing a real fraction of the full scan; `None`
/// scores all.
pub fn best_window_linear(
    needle: &str,
    haystack: &str,
    sample: Option<usize>,
) -> Option<(u64, f64)> {
    let lines: Vec<&str> = haystack.lines().collect();
    let needle_lines: Vec<&str> = needle.lines().collect();
    if lines.is_empty() || needle_lines.is_empty() {
        return None;
    }
    let n = needle_lines.len().min(lines.len());
    let needle_text = needle_lines.join("\n");
    let windows = lines.len() - n + 1;
    let stride = sample.map_or(1, |k| (windows / k.max(1)).max(1));
    let mut best: Option<(u64, f64)> = None;
    for i in (0..windows)
        .step_by(stride)
        .take(sample.unwrap_or(usize::MAX))
    {
        let s = strsim::normalized_damerau_levenshtein(&needle_text, &lines[i..i + n].join("\n"));
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((i as u64 + 1, s));
        }
    }
    best
}

const IDENTS: &[&str] = &[
    "total", "price", "count", "buffer", "reader", "writer", "config", "path", "index", "limit",
    "offset", "result", "value", "items", "entry", "cursor", "handle", "state", "queue", "retry",
];

fn ident(rng: &mut Rng) -> String {
    let a = IDENTS[rng.below(IDENTS.len())];
    match rng.below(3) {
        0 => a.to_owned(),
        _ => format!("{a}_{}", IDENTS[rng.below(IDENTS.len())]),
    }
}

/// A Rust-like source file of about `bytes` bytes: indented statements over a small set of
/// identifiers, so that many windows look alike, as in real code.
pub fn code_file(bytes: usize, rng: &mut Rng) -> String {
    let mut out = String::with_capacity(bytes + 100);
    while out.len() < bytes {
        let indent = " ".repeat(4 * rng.below(4));
        let line = match rng.below(6) {
            0 => format!(
                "let {} = {}({}, {});",
                ident(rng),
                ident(rng),
                ident(rng),
                rng.below(1000)
            ),
            1 => format!("if {} > {} {{", ident(rng), rng.below(100)),
            2 => "}".to_owned(),
            3 => format!("return {}.{}();", ident(rng), ident(rng)),
            4 => format!("// {} the {} before {}", ident(rng), ident(rng), ident(rng)),
            _ => format!("{}.push({});", ident(rng), ident(rng)),
        };
        out.push_str(&indent);
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// `lines` lines of `file` from line `first` (0-based), with one identifier renamed and a
/// character changed: a near miss that only the fuzzy strategy finds.
pub fn near_miss(file: &str, first: usize, lines: usize, rng: &mut Rng) -> String {
    let text: Vec<&str> = file.lines().skip(first).take(lines).collect();
    let mut needle = text.join("\n");
    if let Some(name) = IDENTS.iter().find(|i| needle.contains(*i)) {
        needle = needle.replacen(name, "renamed", 1);
    }
    let mut chars: Vec<char> = needle.chars().collect();
    let at = rng.below(chars.len().max(1));
    if let Some(c) = chars.get_mut(at) {
        *c = if *c == 'x' { 'y' } else { 'x' };
    }
    chars.into_iter().collect()
}

/// The fuzzy strategy by brute force, as it answered before it had a floor: every window of the
/// needle's line count scored with `strsim::normalized_damerau_levenshtein`, then the best
/// windows that do not overlap a better one (`n` lines apart), runners-up within `margin` of
/// the best, at most `limit`; ties to the earlier line. Returns 1-based first lines and scores.
pub fn best_windows_linear(
    needle: &str,
    haystack: &str,
    limit: usize,
    margin: f64,
) -> Vec<(u64, f64)> {
    let lines: Vec<&str> = haystack.lines().collect();
    let needle_lines: Vec<&str> = needle.lines().collect();
    if lines.is_empty() || needle_lines.is_empty() {
        return Vec::new();
    }
    let n = needle_lines.len().min(lines.len());
    let needle_text = needle_lines.join("\n");
    let mut all: Vec<(usize, f64)> = (0..=lines.len() - n)
        .map(|i| {
            let window = lines[i..i + n].join("\n");
            (
                i,
                strsim::normalized_damerau_levenshtein(&needle_text, &window),
            )
        })
        .collect();
    all.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut out: Vec<(usize, f64)> = Vec::new();
    for (i, s) in all {
        if out.len() == limit || out.first().is_some_and(|b| s < b.1 - margin) {
            break;
        }
        if out.iter().all(|o| o.0.abs_diff(i) >= n) {
            out.push((i, s));
        }
    }
    out.into_iter().map(|(i, s)| (i as u64 + 1, s)).collect()
}

/// Random text of about `bytes` bytes: lines of 0 to 80 characters drawn from `alphabet`.
pub fn random_text(bytes: usize, alphabet: &[u8], rng: &mut Rng) -> String {
    let mut out = String::with_capacity(bytes + 81);
    while out.len() < bytes {
        for _ in 0..rng.below(81) {
            out.push(char::from(alphabet[rng.below(alphabet.len())]));
        }
        out.push('\n');
    }
    out
}

/// The 75 characters the random texts of the regression tests and benches are drawn from.
pub const RANDOM_ALPHABET: &[u8] =
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.;(){}=+-_";
