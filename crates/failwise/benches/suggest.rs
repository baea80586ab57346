//! Near-miss search against named baselines in the same run:
//!
//! - `nearby/vocabulary_index` vs `nearby/linear_strsim_scan`: one lookup in a 100,000-entry
//!   vocabulary, cycling through 1,000 typo queries. Both search lists prepared before timing:
//!   the index is built once (`nearby_build/vocabulary_index`, timed on its own; its heap
//!   size is printed per entry), the baseline scans the vocabulary as given.
//!   `nearby/one_shot_scan` is [`failwise::suggest::nearby`], which builds nothing. Setup
//!   asserts the same top answer as the baseline on all 1,000 queries, then times the index
//!   and the baseline in alternating rounds and prints the ratio of each round (the machine
//!   may be shared; alternating keeps the two under the same load).
//! - `candidates/bounded_windows` vs `candidates/strsim_sliding_windows`: a 20-line near miss
//!   in a 10 MB file. The baseline scores windows with `strsim::normalized_damerau_levenshtein`;
//!   a full scan takes minutes, so criterion times it on `BASELINE_WINDOWS` windows spread
//!   evenly over the file (every `windows / BASELINE_WINDOWS`-th) and the report scales that
//!   linearly to all windows (every window costs the same: same needle, windows of similar
//!   length). Setup asserts the same best window as the full baseline on a 1 MB file (and on
//!   the 10 MB file too when `FAILWISE_BENCH_FULL_BASELINE=1`).
//!
//! - `floor/*`: the search pruned by the similarity floor against the exhaustive search it
//!   replaces (`strsim_sliding_windows`, every window scored with
//!   `strsim::normalized_damerau_levenshtein`, the named baseline), in 1 MB of random text
//!   over 75 characters: `random_needle` (50 random lines, nothing close: the worst case for
//!   the cheap bounds), `near_miss` (50 lines of the file with 12 one-character edits), and
//!   `two_letters` (random text and needle over `a`, `b` and space, where every window is near
//!   the floor: the search runs until its budget). The baseline is timed on
//!   `FLOOR_BASELINE_WINDOWS` windows spread over the file and scaled to all of them, as above;
//!   setup asserts that the pruned search finds the planted near miss with strsim's score. The
//!   ratio of each case is printed from alternating rounds.
//!
//! Peak memory (VmHWM) is printed after each group; `candidates` runs first, so its figure is
//! its own.
#![allow(
    clippy::print_stderr,
    missing_docs,
    reason = "a bench reports to stderr; criterion's macros generate undocumented items"
)]

#[path = "../tests/suggest/linear.rs"]
mod linear;

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use failwise::suggest::{Vocabulary, candidates_with_limit, regions};

use linear::{
    RANDOM_ALPHABET, Rng, best_window_linear, code_file, near_miss, nearby_linear, random_text,
    typo, vocabulary,
};

const VOCABULARY: usize = 100_000;
const QUERIES: usize = 1_000;
const FILE_BYTES: usize = 10 * 1024 * 1024;
const NEEDLE_LINES: usize = 20;
const BASELINE_WINDOWS: usize = 500;
const FLOOR_FILE_BYTES: usize = 1 << 20;
const FLOOR_NEEDLE_LINES: usize = 50;
const FLOOR_BASELINE_WINDOWS: usize = 60;

fn peak_rss() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(str::to_owned)
        })
        .unwrap_or_else(|| "VmHWM: unknown".into())
}

/// Seconds per query of `run` over `queries`.
fn per_query(queries: &[String], mut run: impl FnMut(&str)) -> f64 {
    let started = Instant::now();
    for q in queries {
        run(q);
    }
    started.elapsed().as_secs_f64() / queries.len() as f64
}

fn nearby(c: &mut Criterion) {
    let mut rng = Rng(2024);
    let words = vocabulary(VOCABULARY, &mut rng);
    let queries: Vec<String> = (0..QUERIES)
        .map(|_| typo(&words[rng.below(words.len())], &mut rng))
        .collect();
    let built = Instant::now();
    let index = Vocabulary::new(words.iter().map(String::as_str));
    eprintln!(
        "nearby: index of {VOCABULARY} entries built in {:?}; heap {} bytes ({} per entry; the entries' own text is {} bytes)",
        built.elapsed(),
        index.heap_bytes(),
        index.heap_bytes() / index.len(),
        words.iter().map(String::len).sum::<usize>(),
    );
    let mut agree = 0;
    for q in &queries {
        let fast = index.ranked(q, 1).first().map(|s| s.entry);
        let slow = nearby_linear(q, &words, 1).first().copied();
        assert_eq!(fast, slow, "top answer differs for {q:?}");
        agree += 1;
    }
    eprintln!("nearby: same top answer on {agree}/{QUERIES} queries");

    // Alternating rounds: the index on all 1,000 queries, the baseline on 50 of them.
    let mut ratios = Vec::new();
    for round in 0..5 {
        let sample = &queries[round * 50..(round + 1) * 50];
        let fast = per_query(&queries, |q| {
            black_box(index.ranked(q, 5));
        });
        let slow = per_query(sample, |q| {
            black_box(nearby_linear(q, &words, 5));
        });
        ratios.push(slow / fast);
        eprintln!(
            "nearby: round {round}: index {:.1} µs/query, baseline {:.1} µs/query, ratio {:.1}x",
            fast * 1e6,
            slow * 1e6,
            slow / fast
        );
    }
    ratios.sort_by(f64::total_cmp);
    eprintln!(
        "nearby: alternating rounds: ratio min {:.1}x, median {:.1}x",
        ratios[0],
        ratios[ratios.len() / 2]
    );

    let mut group = c.benchmark_group("nearby");
    group.sample_size(20);
    let mut i = 0;
    group.bench_function("vocabulary_index", |b| {
        b.iter(|| {
            i = (i + 1) % QUERIES;
            black_box(index.ranked(&queries[i], 5))
        })
    });
    let mut j = 0;
    group.bench_function("linear_strsim_scan", |b| {
        b.iter(|| {
            j = (j + 1) % QUERIES;
            black_box(nearby_linear(&queries[j], &words, 5))
        })
    });
    let mut k = 0;
    group.bench_function("one_shot_scan", |b| {
        b.iter(|| {
            k = (k + 1) % QUERIES;
            black_box(failwise::suggest::nearby(
                &queries[k],
                words.iter().map(String::as_str),
            ))
        })
    });
    group.finish();
    let mut group = c.benchmark_group("nearby_build");
    group.sample_size(10);
    group.bench_function("vocabulary_index", |b| {
        b.iter(|| black_box(Vocabulary::new(words.iter().map(String::as_str))))
    });
    group.finish();
    eprintln!("nearby: {}", peak_rss());
}

fn candidates(c: &mut Criterion) {
    let mut rng = Rng(99);
    let small = code_file(1024 * 1024, &mut rng);
    let lines = small.lines().count();
    let needle = near_miss(&small, lines / 2, NEEDLE_LINES, &mut rng);
    let fast = candidates_with_limit(&needle, &small, 1);
    let slow = best_window_linear(&needle, &small, None).expect("a window");
    assert_eq!(
        (fast[0].line, fast[0].similarity),
        slow,
        "1 MB: best window differs"
    );
    eprintln!("candidates: same best window as the full baseline on 1 MB ({slow:?})");

    let file = code_file(FILE_BYTES, &mut rng);
    let lines = file.lines().count();
    let needle = near_miss(&file, lines * 2 / 3, NEEDLE_LINES, &mut rng);
    let windows = lines - NEEDLE_LINES + 1;
    let fast = candidates_with_limit(&needle, &file, 1);
    eprintln!(
        "candidates: 10 MB file, {lines} lines, {windows} windows; best at line {} ({:.4}, {})",
        fast[0].line, fast[0].similarity, fast[0].strategy
    );
    if std::env::var_os("FAILWISE_BENCH_FULL_BASELINE").is_some() {
        let started = Instant::now();
        let slow = best_window_linear(&needle, &file, None).expect("a window");
        eprintln!(
            "candidates: full baseline on 10 MB took {:?}",
            started.elapsed()
        );
        assert_eq!(
            (fast[0].line, fast[0].similarity),
            slow,
            "10 MB: best window differs"
        );
        eprintln!("candidates: same best window as the full baseline on 10 MB");
    }

    let mut group = c.benchmark_group("candidates");
    group.sample_size(10);
    group.bench_function("bounded_windows", |b| {
        b.iter(|| black_box(candidates_with_limit(&needle, &file, 1)))
    });
    group.bench_function("strsim_sliding_windows", |b| {
        b.iter(|| black_box(best_window_linear(&needle, &file, Some(BASELINE_WINDOWS))))
    });
    group.finish();
    eprintln!(
        "candidates: the baseline was timed on {BASELINE_WINDOWS} of {windows} windows, every {}-th: multiply its time by {:.1} for the whole file",
        windows / BASELINE_WINDOWS,
        windows as f64 / BASELINE_WINDOWS as f64
    );
    eprintln!("candidates: {}", peak_rss());
}

/// `lines` lines of random text over `alphabet`.
fn random_lines(lines: usize, alphabet: &[u8], rng: &mut Rng) -> String {
    let text = random_text(100 * lines, alphabet, rng);
    text.lines().take(lines).collect::<Vec<_>>().join("\n")
}

/// Seconds for one run of `run`.
fn seconds(mut run: impl FnMut()) -> f64 {
    let started = Instant::now();
    run();
    started.elapsed().as_secs_f64()
}

fn floor(c: &mut Criterion) {
    let mut rng = Rng(7);
    let file = random_text(FLOOR_FILE_BYTES, RANDOM_ALPHABET, &mut rng);
    let lines: Vec<&str> = file.lines().collect();
    let windows = lines.len() - FLOOR_NEEDLE_LINES + 1;
    let at = lines.len() / 2;
    let planted = lines[at..at + FLOOR_NEEDLE_LINES].join("\n");
    let mut chars: Vec<char> = planted.chars().collect();
    for _ in 0..12 {
        let i = rng.below(chars.len());
        chars[i] = '~';
    }
    let near: String = chars.into_iter().collect();
    let two_letters = random_text(FLOOR_FILE_BYTES, b"ab ", &mut rng);
    let cases = [
        (
            "random_needle",
            random_lines(FLOOR_NEEDLE_LINES, RANDOM_ALPHABET, &mut rng),
            file.as_str(),
        ),
        ("near_miss", near.clone(), file.as_str()),
        (
            "two_letters",
            random_lines(FLOOR_NEEDLE_LINES, b"ab ", &mut rng),
            two_letters.as_str(),
        ),
    ];
    let found = regions(&near, &file, 3);
    assert_eq!(
        found.candidates[0].line,
        at as u64 + 1,
        "near miss not found"
    );
    assert_eq!(
        found.candidates[0].similarity,
        strsim::normalized_damerau_levenshtein(&near, &planted)
    );
    for (name, needle, hay) in &cases {
        let scale =
            (hay.lines().count() - FLOOR_NEEDLE_LINES + 1) as f64 / FLOOR_BASELINE_WINDOWS as f64;
        let found = regions(needle, hay, 3);
        eprintln!(
            "floor/{name}: {} regions, complete {}, {:?}",
            found.candidates.len(),
            found.complete,
            found.work
        );
        let mut ratios = Vec::new();
        for _ in 0..3 {
            let fast = seconds(|| {
                black_box(regions(needle, hay, 3));
            });
            let slow = seconds(|| {
                black_box(best_window_linear(
                    needle,
                    hay,
                    Some(FLOOR_BASELINE_WINDOWS),
                ));
            }) * scale;
            ratios.push(slow / fast);
        }
        ratios.sort_by(f64::total_cmp);
        eprintln!(
            "floor/{name}: exhaustive / pruned, alternating rounds: min {:.0}x, median {:.0}x",
            ratios[0], ratios[1]
        );
    }

    let mut group = c.benchmark_group("floor");
    group.sample_size(10);
    for (name, needle, hay) in &cases {
        group.bench_function(format!("{name}/pruned"), |b| {
            b.iter(|| black_box(regions(needle, hay, 3)))
        });
        group.bench_function(format!("{name}/strsim_sliding_windows"), |b| {
            b.iter(|| {
                black_box(best_window_linear(
                    needle,
                    hay,
                    Some(FLOOR_BASELINE_WINDOWS),
                ))
            })
        });
    }
    group.finish();
    eprintln!(
        "floor: the baseline was timed on {FLOOR_BASELINE_WINDOWS} of about {windows} windows: multiply its time by {:.0} for the whole file",
        windows as f64 / FLOOR_BASELINE_WINDOWS as f64
    );
    eprintln!("floor: {}", peak_rss());
}

criterion_group!(benches, candidates, floor, nearby);
criterion_main!(benches);
