//! The cost of the rule packs on `failwise run`'s failure path, against a named baseline in the
//! same run:
//!
//! - `packs/load_built_in`: [`Packs::compile_lazily`] on every built-in pack (TOML, the one
//!   `RegexSet`; each rule's own pattern is compiled when a failure first needs it), what the
//!   first failure of a process pays once (a command that succeeds pays nothing);
//! - `packs/compile_all_checked`: [`Packs::compile`], every pattern compiled and checked (what
//!   a user pack gets, and the built-in packs' tests), for comparison;
//! - `packs/read_with_packs/<case>`: [`Failure::finding_with`] with all built-in packs on real
//!   failures (a git message, a curl exit, a Python traceback, 64 KiB of stderr that no rule
//!   knows, the worst case of one `RegexSet` pass over the whole tail);
//! - `packs/read_without_packs/<case>`: the baseline, the same call with no pack (the errno,
//!   exit-status and other Rust readers alone).
//!
//! Setup asserts that the packs give each case its known code, so the bench measures readings
//! that are right.
#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use failwise::ExitStatus;
use failwise::classify::{Failure, Packs, Termination};

/// Real failures: (name, argv, exit, stderr, the code the packs give).
fn cases() -> Vec<(&'static str, Vec<String>, u8, String, &'static str)> {
    let noise: String = (0..1200)
        .map(|i| format!("{i:05} info worker heartbeat ok queue=7 lag=0ms\n"))
        .collect();
    vec![
        (
            "git",
            vec!["git".into(), "status".into()],
            128,
            // Captured by running `git status` in an empty directory (git 2.39).
            "fatal: not a git repository (or any of the parent directories): .git\n".into(),
            "GIT_NOT_A_REPOSITORY",
        ),
        (
            "curl",
            vec!["curl".into(), "http://127.0.0.1:9/".into()],
            7,
            // Captured by running `curl -sS http://127.0.0.1:9/` (curl 7.88.1).
            "curl: (7) Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server\n".into(),
            "CURLE_COULDNT_CONNECT",
        ),
        (
            "python",
            vec!["python3".into(), "-c".into(), "open('conf.toml')".into()],
            1,
            // Captured by running `python3 -c "open('conf.toml')"` (Python 3.11).
            "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nFileNotFoundError: [Errno 2] No such file or directory: 'conf.toml'\n".into(),
            "ENOENT",
        ),
        (
            "unknown_64k",
            vec!["worker".into()],
            3,
            noise[..noise.len().min(64 * 1024)].to_owned(),
            "EXIT_3",
        ),
    ]
}

fn failure<'a>(argv: &'a [String], exit: u8, stderr: &'a str) -> Failure<'a> {
    Failure {
        command: argv,
        termination: Termination::Exited(ExitStatus::new(exit).expect("a failing status")),
        stdout: "",
        stderr,
        stderr_bytes: stderr.len() as u64,
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("packs");
    group.sample_size(10);
    group.bench_function("load_built_in", |b| {
        b.iter(|| {
            Packs::compile_lazily(black_box(Packs::built_in_sources())).expect("the packs load")
        });
    });
    group.bench_function("compile_all_checked", |b| {
        b.iter(|| Packs::compile(black_box(Packs::built_in_sources())).expect("the packs compile"));
    });
    group.sample_size(100);
    let all = Packs::built_in();
    let none = Packs::compile(std::iter::empty()).expect("no pack compiles");
    for (name, argv, exit, stderr, code) in cases() {
        let f = failure(&argv, exit, &stderr);
        assert_eq!(f.finding_with(all).code.as_str(), code, "{name}");
        group.bench_function(format!("first_read/{name}"), |b| {
            // A process's first failure: the packs loaded, then this failure read.
            b.iter(|| {
                let packs = Packs::compile_lazily(Packs::built_in_sources()).expect("loads");
                black_box(&f).finding_with(&packs)
            });
        });
        group.bench_function(format!("read_with_packs/{name}"), |b| {
            b.iter(|| black_box(&f).finding_with(all));
        });
        group.bench_function(format!("read_without_packs/{name}"), |b| {
            b.iter(|| black_box(&f).finding_with(&none));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
