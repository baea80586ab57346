//! `failwise validate`'s per-line check, [`failwise::Envelope::check_json`] (and the full
//! [`failwise::Envelope::from_json`], for reference), against the named baseline: the `jsonschema` crate alone (each line parsed to a `serde_json::Value`, then a
//! compiled validator of `schemas/envelope.v1.schema.json`). Same 20 000 generated lines, one in
//! ten invalid, in the same run. The 1 GB end-to-end run with peak RSS is
//! `scripts/bench-validate.sh`.

#[path = "../tests/cli/stream.rs"]
#[allow(
    dead_code,
    reason = "shared with the tests; not every helper is used here"
)]
mod stream;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn lines() -> Vec<String> {
    let mut rng = stream::Rng::new(42);
    (1..=20_000)
        .map(|n| stream::line(&mut rng, n, 10).0)
        .collect()
}

fn bench(c: &mut Criterion) {
    let lines = lines();
    let bytes: usize = lines.iter().map(|l| l.len() + 1).sum();
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../schemas/envelope.v1.schema.json"
        ))
        .unwrap_or_default(),
    )
    .unwrap_or_default();
    let validator = jsonschema::draft202012::new(&schema).ok();
    let mut group = c.benchmark_group("validate_lines");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("failwise_check_json", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| failwise::Envelope::check_json(l).is_err())
                .count()
        })
    });
    group.bench_function("failwise_from_json", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| failwise::Envelope::from_json(l).is_err())
                .count()
        })
    });
    if let Some(validator) = &validator {
        group.bench_function("baseline_jsonschema_value", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter(|l| {
                        !serde_json::from_str::<serde_json::Value>(l)
                            .is_ok_and(|v| validator.is_valid(&v))
                    })
                    .count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
