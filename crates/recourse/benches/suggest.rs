//! Near-miss search against named baselines in the same run:
//!
//! - `nearby/vocabulary_index` vs `nearby/linear_strsim_scan`: one lookup in a 100,000-entry
//!   vocabulary, cycling through 1,000 typo queries; setup asserts both give the same top
//!   answer on all 1,000.
//! - `candidates/bounded_windows` vs `candidates/strsim_sliding_windows`: a 20-line near miss
//!   in a 10 MB file. The baseline scores every window with
//!   `strsim::normalized_damerau_levenshtein`; a full scan takes minutes, so criterion times it
//!   on the first `BASELINE_WINDOWS` windows and the report scales that to the whole file.
//!   Setup asserts the same best window as the full baseline on a 1 MB file (and on the 10 MB
//!   file too when `RECOURSE_BENCH_FULL_BASELINE=1`).
//!
//! Peak memory (VmHWM) is printed after each group.
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
use recourse::suggest::{Vocabulary, candidates_with_limit};

use linear::{Rng, best_window_linear, code_file, near_miss, nearby_linear, typo, vocabulary};

const VOCABULARY: usize = 100_000;
const QUERIES: usize = 1_000;
const FILE_BYTES: usize = 10 * 1024 * 1024;
const NEEDLE_LINES: usize = 20;
const BASELINE_WINDOWS: usize = 500;

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

fn nearby(c: &mut Criterion) {
    let mut rng = Rng(2024);
    let words = vocabulary(VOCABULARY, &mut rng);
    let queries: Vec<String> = (0..QUERIES)
        .map(|_| typo(&words[rng.below(words.len())], &mut rng))
        .collect();
    let built = Instant::now();
    let index = Vocabulary::new(words.iter().map(String::as_str));
    eprintln!(
        "nearby: index of {VOCABULARY} entries built in {:?}",
        built.elapsed()
    );
    let mut agree = 0;
    for q in &queries {
        let fast = index.ranked(q, 1).first().map(|s| s.entry);
        let slow = nearby_linear(q, &words, 1).first().copied();
        assert_eq!(fast, slow, "top answer differs for {q:?}");
        agree += 1;
    }
    eprintln!("nearby: same top answer on {agree}/{QUERIES} queries");

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
    if std::env::var_os("RECOURSE_BENCH_FULL_BASELINE").is_some() {
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
        "candidates: the baseline was timed on {BASELINE_WINDOWS} of {windows} windows: multiply its time by {:.1} for the whole file",
        windows as f64 / BASELINE_WINDOWS as f64
    );
    eprintln!("candidates: {}", peak_rss());
}

criterion_group!(benches, nearby, candidates);
criterion_main!(benches);
