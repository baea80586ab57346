//! What the guard adds to a `failwise run`: the same failing command run with `--guard off`
//! (the baseline, no store opened), with the guard on a SQLite file, and with the guard on
//! Redis (a `redis-server` started on a free loopback port for the run, when one is on PATH),
//! measured in the same run. Target: under 0.5 ms added with SQLite.
//!
//! The command fails (`sh -c 'exit 3'`) so each guarded run does the whole work: an admission,
//! then a failure recorded; the limit is high enough that no run is refused.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};

fn run(failwise: &str, guard: &[&str]) {
    let status = Command::new(failwise)
        .arg("run")
        .args(guard)
        .args(["--", "sh", "-c", "exit 3"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("failwise runs");
    assert_eq!(status.code(), Some(3));
}

/// A Redis server on a free loopback port, stopped when dropped.
struct Redis {
    child: Child,
    url: String,
}

impl Redis {
    fn start() -> Option<Self> {
        let port = TcpListener::bind("127.0.0.1:0")
            .ok()?
            .local_addr()
            .ok()?
            .port();
        let child = Command::new("redis-server")
            .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let redis = Self {
            child,
            url: format!("redis://127.0.0.1:{port}/0"),
        };
        for _ in 0..50 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Some(redis);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        None
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn guard(c: &mut Criterion) {
    let failwise = env!("CARGO_BIN_EXE_failwise");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let sqlite = dir.path().join("state.db");
    let sqlite = sqlite.to_str().expect("a UTF-8 path");
    let redis = Redis::start();
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
