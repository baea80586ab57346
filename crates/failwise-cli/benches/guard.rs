//! What the guard adds to a `failwise run`: the same command run with `--guard off` (the
//! baseline, no store opened), with the guard on a SQLite file, and with the guard on Redis (a
//! `redis-server` started on a free loopback port for the run, when one is on PATH), measured
//! in the same run. Target: under 0.5 ms added with SQLite.
//!
//! The command succeeds (`true`): a failing one would add the cost of reading its failure,
//! which is the same with and without the guard and dwarfs it. Each guarded run opens the
//! store, asks for admission and records the success; the library's `guard` bench measures
//! recording a failure.

use std::process::{Command, Stdio};

use criterion::{Criterion, criterion_group, criterion_main};

fn run(failwise: &str, guard: &[&str]) {
    let status = Command::new(failwise)
        .arg("run")
        .args(guard)
        .args(["--", "true"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("failwise runs");
    assert_eq!(status.code(), Some(0));
}

#[path = "../../failwise/benches/shared/redis_server.rs"]
mod redis_server;

use redis_server::RedisServer;

fn guard(c: &mut Criterion) {
    let failwise = env!("CARGO_BIN_EXE_failwise");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let sqlite = dir.path().join("state.db");
    let sqlite = sqlite.to_str().expect("a UTF-8 path");
    let redis = RedisServer::start();
    let mut group = c.benchmark_group("guard");
    group.bench_function("run --guard off", |b| {
        b.iter(|| run(failwise, &["--guard", "off"]));
    });
    group.bench_function("run --guard (SQLite)", |b| {
        b.iter(|| run(failwise, &["--guard", "1000000000", "--state", sqlite]));
    });
    if let Some(redis) = &redis {
        group.bench_function("run --guard (Redis)", |b| {
            b.iter(|| run(failwise, &["--guard", "1000000000", "--state", &redis.url]));
        });
    }
    group.finish();
}

criterion_group!(benches, guard);
criterion_main!(benches);
