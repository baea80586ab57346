//! `failwise run --retries N --verify`: the command's own envelope says its effect is unknown
//! and names a `verify` command; each of its three answers (landed, not landed, cannot tell)
//! is followed, with real processes, and nothing is verified without `--verify`.

use std::path::Path;

use crate::support::{envelope, failwise_in};

/// A command that, on its first run, appends to `attempts`, prints an effect-unknown envelope
/// whose verify command is `sh -c VERIFY` and exits 75; on a later run it appends and succeeds.
fn script(verify: &str) -> String {
    format!(
        "if [ -e attempts ]; then echo again >> attempts; exit 0; fi; {}",
        failing(verify)
    )
}

/// A command that appends to `attempts`, prints the effect-unknown envelope of [`script`] and
/// exits 75, on every run.
fn failing(verify: &str) -> String {
    let record = serde_json::json!({
        "error": true,
        "code": "ORDER_TIMEOUT",
        "exit": 75,
        "message": "no answer within 30 s after the order was sent",
        "error_class": "transient",
        "retry": "unknown",
        "retryable": false,
        "recovery": "check whether the order exists before placing it again",
        "verify": {"command": ["sh", "-c", verify]},
    });
    let quoted = record.to_string().replace('\'', "'\\''");
    format!("echo first >> attempts; echo '{quoted}'; exit 75")
}

fn run(dir: &Path, flags: &[&str], verify: &str, vars: &[(&str, &str)]) -> crate::support::Run {
    let script = script(verify);
    let mut args = vec!["run"];
    args.extend_from_slice(flags);
    args.extend_from_slice(&["--", "sh", "-c", &script]);
    failwise_in(Some(dir), &args, vars)
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

#[test]
fn a_verify_that_exits_0_ends_the_run_with_0_without_resending() {
    let dir = tempfile::tempdir().unwrap();
    let run = run(
        dir.path(),
        &["--retries", "2", "--verify"],
        "echo checked >> verify.log; exit 0",
        &[],
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        lines(&dir.path().join("attempts")),
        1,
        "the request was resent"
    );
    assert_eq!(lines(&dir.path().join("verify.log")), 1);
    // The verify command's argv is written before it runs, then the note.
    let checking = run
        .stderr
        .find("checking whether the request took effect: `sh -c");
    let landed = run.stderr.find("took effect, so it is not sent again");
    assert!(checking.is_some() && landed > checking, "{}", run.stderr);
}

#[test]
fn a_verify_that_exits_1_resends_even_without_idempotent() {
    let dir = tempfile::tempdir().unwrap();
    let run = run(
        dir.path(),
        &["--retries", "1"],
        "echo checked >> verify.log; exit 1",
        &[("FAILWISE_VERIFY", "1")],
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        lines(&dir.path().join("attempts")),
        2,
        "the request was not resent"
    );
    assert_eq!(lines(&dir.path().join("verify.log")), 1);
}

#[test]
fn a_verify_that_cannot_tell_stops_with_the_original_envelope() {
    let dir = tempfile::tempdir().unwrap();
    let run = run(dir.path(), &["--retries", "2", "--verify"], "exit 3", &[]);
    assert_eq!(run.status, 75);
    assert_eq!(lines(&dir.path().join("attempts")), 1);
    let env = envelope(&run.stdout);
    assert_eq!(env["code"], "ORDER_TIMEOUT");
    assert_eq!(env["retry"], "unknown");
    let verify = &env["params"]["verify"];
    assert_eq!(verify["outcome"], "cannot_tell");
    assert_eq!(verify["exit"], 3);
    assert_eq!(verify["command"], serde_json::json!(["sh", "-c", "exit 3"]));
    assert_eq!(env["params"]["retry_stopped"], "verify_cannot_tell");
}

#[test]
fn a_verify_that_outlives_the_timeout_cannot_tell() {
    let dir = tempfile::tempdir().unwrap();
    let run = run(
        dir.path(),
        &[
            "--retries",
            "1",
            "--verify",
            "--timeout",
            "2s",
            "--kill-after",
            "100ms",
        ],
        "sleep 30",
        &[],
    );
    assert_eq!(run.status, 75);
    let env = envelope(&run.stdout);
    assert_eq!(env["params"]["verify"]["outcome"], "cannot_tell");
    assert_eq!(env["params"]["verify"]["timed_out_after_ms"], 2000);
}

#[test]
fn without_verify_nothing_is_checked_and_unknown_is_not_resent() {
    let dir = tempfile::tempdir().unwrap();
    let run = run(
        dir.path(),
        &["--retries", "2"],
        "echo checked >> verify.log; exit 1",
        &[],
    );
    assert_eq!(run.status, 75);
    assert_eq!(lines(&dir.path().join("attempts")), 1);
    assert!(
        !dir.path().join("verify.log").exists(),
        "verify ran without --verify"
    );
    assert_eq!(
        envelope(&run.stdout)["params"]["retry_stopped"],
        "effect_unknown"
    );
}

#[test]
fn the_verify_command_and_its_output_are_masked() {
    let dir = tempfile::tempdir().unwrap();
    let secret = "abcdefgh12345678zz";
    let run = run(
        dir.path(),
        &["--retries", "1", "--verify"],
        &format!("echo verify-out {secret} >&2; echo {secret}; exit 3"),
        &[("MY_API_TOKEN", secret)],
    );
    assert_eq!(run.status, 75);
    assert!(run.stderr.contains("verify-out"), "{}", run.stderr);
    assert!(!run.stderr.contains(secret), "{}", run.stderr);
    assert!(!run.stdout.contains(secret), "{}", run.stdout);
}

#[test]
fn an_empty_failwise_verify_is_unset_and_retries_run_out_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let off = run(
        dir.path(),
        &["--retries", "1"],
        "exit 1",
        &[("FAILWISE_VERIFY", "")],
    );
    assert_eq!(off.status, 75, "{}", off.stdout);
    assert_eq!(
        envelope(&off.stdout)["params"]["retry_stopped"],
        "effect_unknown"
    );
    // A verify that keeps saying "not landed" resends until the retries run out: that is the
    // reason given. The command succeeds on its second run, so it must fail every time here.
    let dir = tempfile::tempdir().unwrap();
    let script = failing("exit 1");
    let run = failwise_in(
        Some(dir.path()),
        &[
            "run",
            "--retries",
            "1",
            "--verify",
            "--",
            "sh",
            "-c",
            &script,
        ],
        &[],
    );
    assert_eq!(lines(&dir.path().join("attempts")), 2);
    assert_eq!(
        envelope(&run.stdout)["params"]["retry_stopped"],
        "retries_exhausted"
    );
}
