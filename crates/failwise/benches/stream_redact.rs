//! Masking secret values in `failwise run`'s pass-through, against named baselines in the same
//! run, on 8 MiB of log-like text fed in 64 KiB chunks (the supervisor's read size):
//!
//! - `stream_redact/copy`: copying each chunk to an output buffer, what the pass-through does
//!   when no secret is known (the floor);
//! - `stream_redact/aho_corasick_replace_all`: `aho_corasick::AhoCorasick::replace_all_bytes`
//!   on each chunk, a non-streaming replacer (it misses a value split across chunks);
//! - `stream_redact/stream_redactor_3_values` and `…_40_values`: [`StreamRedactor::feed`] with
//!   3 and 40 registered values (a typical environment's secret-named variables, and many).
//!
//! Setup asserts that the text holds the values, that the redactor masks every one of them,
//! and that no value survives.
#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]

use std::hint::black_box;

use aho_corasick::AhoCorasick;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use failwise::redact::Redactor;

const TEXT_BYTES: usize = 8 * 1024 * 1024;
const CHUNK_BYTES: usize = 64 * 1024;

/// A deterministic pseudo-random value of `len` alphanumerics.
fn value(seed: u64, len: usize) -> String {
    let mut x = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
            char::from(alphabet[(x % alphabet.len() as u64) as usize])
        })
        .collect()
}

/// Log lines, one in 500 carrying one of `values`.
fn text(values: &[String]) -> Vec<u8> {
    let mut out = Vec::with_capacity(TEXT_BYTES + 256);
    let mut i = 0usize;
    while out.len() < TEXT_BYTES {
        let line = if i.is_multiple_of(500) {
            format!(
                "2026-11-30T06:00:{:02}Z INFO request {i} authorized with token {}\n",
                i % 60,
                values[i / 500 % values.len()]
            )
        } else {
            format!(
                "2026-11-30T06:00:{:02}Z INFO request {i} served /api/v1/items?page={} in {} ms\n",
                i % 60,
                i % 97,
                i % 13
            )
        };
        out.extend_from_slice(line.as_bytes());
        i += 1;
    }
    out
}

fn occurrences(text: &[u8], values: &[String]) -> usize {
    let ac = AhoCorasick::new(values).expect("values");
    ac.find_iter(text).count()
}

fn bench(c: &mut Criterion) {
    let few: Vec<String> = (0..3).map(|i| value(i, 24)).collect();
    let many: Vec<String> = (0..40).map(|i| value(100 + i, 32)).collect();
    let input = text(&few);
    let input_many = text(&many);
    let expected = occurrences(&input, &few);
    assert!(expected > 0);
    let redactor = |values: &[String]| {
        let mut r = Redactor::new();
        for v in values {
            r.register(v.clone()).expect("registrable");
        }
        r
    };
    let (r_few, r_many) = (redactor(&few), redactor(&many));
    for (r, input, values) in [(&r_few, &input, &few), (&r_many, &input_many, &many)] {
        let mut s = r.stream().expect("values");
        let mut out = Vec::new();
        for chunk in input.chunks(CHUNK_BYTES) {
            s.feed(chunk, &mut out);
        }
        s.finish(&mut out);
        assert_eq!(s.count() as usize, occurrences(input, values));
        assert_eq!(occurrences(&out, values), 0);
    }
    let plain = AhoCorasick::new(&few).expect("values");
    let markers = vec!["[REDACTED:secret]"; few.len()];
    let mut group = c.benchmark_group("stream_redact");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.sample_size(20);
    group.bench_function("copy", |b| {
        let mut out = Vec::with_capacity(CHUNK_BYTES);
        b.iter(|| {
            for chunk in input.chunks(CHUNK_BYTES) {
                out.clear();
                out.extend_from_slice(chunk);
                black_box(&out);
            }
        });
    });
    group.bench_function("aho_corasick_replace_all", |b| {
        b.iter(|| {
            for chunk in input.chunks(CHUNK_BYTES) {
                black_box(plain.replace_all_bytes(chunk, &markers));
            }
        });
    });
    group.bench_function("stream_redactor_3_values", |b| {
        let mut out = Vec::with_capacity(CHUNK_BYTES);
        b.iter(|| {
            let mut s = r_few.stream().expect("values");
            for chunk in input.chunks(CHUNK_BYTES) {
                out.clear();
                s.feed(chunk, &mut out);
                black_box(&out);
            }
            s.finish(&mut out);
        });
    });
    group.bench_function("stream_redactor_40_values", |b| {
        let mut out = Vec::with_capacity(CHUNK_BYTES);
        b.iter(|| {
            let mut s = r_many.stream().expect("values");
            for chunk in input_many.chunks(CHUNK_BYTES) {
                out.clear();
                s.feed(chunk, &mut out);
                black_box(&out);
            }
            s.finish(&mut out);
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
