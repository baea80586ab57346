//! `failwise run --inject SPEC --seed N`: the same seed gives the same faults in the same
//! attempts, a rate limit answers before the command runs and the other faults after it ran,
//! each is logged and marked (`params.injected`), a rule for another program leaves the command
//! alone, and a spec that cannot be read is a usage envelope.

use std::path::Path;

use crate::support::{envelope, failwise_in};

/// A command that appends a line to `attempts` in the working folder and succeeds.
const COUNTED: &str = "echo ran >> attempts";

fn run(dir: &Path, flags: &[&str]) -> crate::support::Run {
    let mut args = vec!["run"];
    args.extend_from_slice(flags);
    args.extend_from_slice(&["--", "sh", "-c", COUNTED]);
    failwise_in(Some(dir), &args, &[])
}

fn attempts(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("attempts")).map_or(0, |t| t.lines().count())
}

/// The faults logged on stderr, one `FAULT@ATTEMPT` each, in order.
fn logged(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|line| {
            let rest = line.split("injected ").nth(1)?;
            let (fault, rest) = rest.split_once(" into attempt ")?;
            let attempt = rest.split_whitespace().next()?;
            Some(format!("{fault}@{attempt}"))
        })
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_faults_in_the_same_attempts() {
    let flags = |seed: &'static str| {
        [
            "--retries",
            "6",
            "--idempotent",
            "--inject",
            "unknown=0.4,timeout=0.3",
            "--seed",
            seed,
        ]
    };
    let sequence = |seed: &'static str| {
        let dir = tempfile::tempdir().unwrap();
        let run = run(dir.path(), &flags(seed));
        let faults = logged(&run.stderr);
        // Every attempt ran the command: none of these faults answers before it runs.
        assert_eq!(
            attempts(dir.path()),
            faults.len() + usize::from(run.status == 0)
        );
        (faults, run.status, run.stdout)
    };
    let seen: Vec<_> = ["7", "8", "9", "10"].into_iter().map(sequence).collect();
    for (seed, first) in ["7", "8", "9", "10"].into_iter().zip(&seen) {
        assert_eq!(&sequence(seed), first, "seed {seed}");
    }
    let distinct: std::collections::HashSet<_> = seen.iter().map(|s| &s.0).collect();
    assert!(
        distinct.len() > 1,
        "four seeds drew the same faults: {seen:?}"
    );
    assert!(seen.iter().any(|s| !s.0.is_empty()), "{seen:?}");
}

#[test]
fn a_rate_limit_answers_before_the_command_runs() {
    let dir = tempfile::tempdir().unwrap();
    let run = run(dir.path(), &["--inject", "rate_limit=1"]);
    assert_eq!(run.status, 75, "{}", run.stderr);
    assert_eq!(attempts(dir.path()), 0, "the command never ran");
    let envelope = envelope(&run.stdout);
    assert_eq!(envelope["code"], "HTTP_429");
    assert_eq!(envelope["retry"], "yes");
    assert_eq!(envelope["retry_after_ms"], 1000);
    assert_eq!(envelope["params"]["injected"], "rate_limit");
    assert_eq!(logged(&run.stderr), ["rate_limit@1"]);
}

#[test]
fn timeout_crash_and_unknown_answer_after_the_command_ran() {
    for (fault, code, exit) in [
        ("timeout", "TIMEOUT", 124),
        ("crash", "SIGKILL", 137),
        ("unknown", "RESULT_LOST", 75),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let spec = format!("{fault}=1");
        let run = run(dir.path(), &["--timeout", "30s", "--inject", &spec]);
        assert_eq!(run.status, exit, "{fault}: {}", run.stderr);
        assert_eq!(attempts(dir.path()), 1, "{fault}: the command ran once");
        let envelope = envelope(&run.stdout);
        assert_eq!(envelope["code"], code, "{fault}");
        assert_eq!(
            envelope["retry"], "unknown",
            "{fault}: the effect may have landed"
        );
        assert_eq!(envelope["params"]["injected"], fault);
        assert_eq!(logged(&run.stderr), [format!("{fault}@1")]);
        if fault == "timeout" {
            assert_eq!(
                envelope["params"]["timeout_ms"], 30_000,
                "--timeout's limit"
            );
        }
    }
}

#[test]
fn a_rule_for_another_program_leaves_the_command_alone() {
    let dir = tempfile::tempdir().unwrap();
    let spared = run(dir.path(), &["--inject", "curl:crash=1,sh:crash=0"]);
    assert_eq!(spared.status, 0, "{}", spared.stderr);
    assert_eq!(spared.stdout, "");
    assert_eq!(attempts(dir.path()), 1);
    let limited = run(dir.path(), &["--inject", "sh:rate_limit=1"]);
    assert_eq!(envelope(&limited.stdout)["params"]["tool"], "sh");
}

#[test]
fn a_spec_that_cannot_be_read_is_a_usage_envelope() {
    let dir = tempfile::tempdir().unwrap();
    let run = run(dir.path(), &["--inject", "ratelimit=0.1"]);
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert_eq!(attempts(dir.path()), 0);
    let envelope = envelope(&run.stdout);
    assert!(
        envelope["message"].as_str().unwrap().contains("rate_limit"),
        "the nearest fault is named: {envelope}"
    );
}

#[test]
fn injected_faults_never_reach_the_guards_store() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.db");
    let state = state.to_str().unwrap();
    for _ in 0..4 {
        let run = run(
            dir.path(),
            &["--guard", "--state", state, "--inject", "unknown=1"],
        );
        assert_eq!(run.status, 75, "{}", run.stderr);
        assert_eq!(envelope(&run.stdout)["code"], "RESULT_LOST");
    }
    let real = run(dir.path(), &["--guard", "--state", state]);
    assert_eq!(real.status, 0, "{}{}", real.stdout, real.stderr);
    assert_eq!(attempts(dir.path()), 5);
}
