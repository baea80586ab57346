//! What `failwise run` adds to a command that succeeds: `failwise run -- true` against plain
//! `true` (the baseline), measured in the same run. Target: under 2 ms added at the median.

use std::process::{Command, Stdio};

use criterion::{Criterion, criterion_group, criterion_main};

fn quiet(mut command: Command) -> Command {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

fn run_overhead(c: &mut Criterion) {
    let failwise = env!("CARGO_BIN_EXE_failwise");
    let mut group = c.benchmark_group("run_overhead");
    group.bench_function("true", |b| {
        b.iter(|| {
            let status = quiet(Command::new("true")).status().expect("true runs");
            assert!(status.success());
        });
    });
    group.bench_function("failwise run -- true", |b| {
        b.iter(|| {
            let mut command = Command::new(failwise);
            command.args(["run", "--", "true"]);
            let status = quiet(command).status().expect("failwise runs");
            assert!(status.success());
        });
    });
    group.finish();
}

criterion_group!(benches, run_overhead);
criterion_main!(benches);
