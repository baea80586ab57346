//! `failwise run --guard` with real processes and a real SQLite store: the fourth identical
//! failing call is refused without running, a changed call or a success starts again, many
//! processes count exactly, and a plain `run` opens no store.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::support::{envelope, failwise_in};

/// `failwise run --guard --state DIR/state.db -- sh -c SCRIPT ARGS…` in `dir`.
fn guarded(dir: &Path, script: &str, extra: &[&str]) -> (i32, serde_json::Value) {
    let state = dir.join("state.db");
    let state = state.to_str().expect("a UTF-8 path");
    let mut args = vec![
        "run", "--guard", "--state", state, "--", "sh", "-c", script, "sh",
    ];
    args.extend_from_slice(extra);
    let run = failwise_in(Some(dir), &args, &[]);
    (run.status, envelope(&run.stdout))
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

const FAILS: &str = "echo ran >> side; exit 3";

#[test]
fn the_fourth_identical_failing_call_is_refused_without_running() {
    let dir = tempfile::tempdir().unwrap();
    for _ in 0..3 {
        let (status, env) = guarded(dir.path(), FAILS, &[]);
        assert_eq!((status, env["code"].as_str()), (3, Some("EXIT_3")));
    }
    let (status, refusal) = guarded(dir.path(), FAILS, &[]);
    assert_eq!(lines(&dir.path().join("side")), 3, "the fourth call ran");
    assert_eq!(
        status, 3,
        "the refusal keeps the last failure's exit status"
    );
    assert_eq!(refusal["code"], "REPEATED_FAILURE");
    assert_eq!(refusal["error_class"], "precondition_failed");
    assert_eq!(refusal["retry"], "no");
    assert_eq!(refusal["params"]["count"], 3);
    assert!(
        refusal["params"]["first_failed_at"]
            .as_str()
            .is_some_and(|t| t.ends_with('Z'))
    );
    assert_eq!(refusal["causes"][0]["code"], "EXIT_3");
    assert!(
        refusal["causes"][0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("exited 3"))
    );
    let call = refusal["params"]["call"]
        .as_str()
        .expect("the call's fingerprint");
    let recovery = refusal["recovery"].as_str().unwrap();
    assert!(
        recovery.contains(&format!("failwise state clear --call {call}")),
        "{recovery}"
    );
    assert!(
        recovery.starts_with("run `sh` again"),
        "the last recovery first: {recovery}"
    );

    // Clearing the call lets it run again.
    let state = dir.path().join("state.db");
    let cleared = failwise_in(
        Some(dir.path()),
        &[
            "state",
            "clear",
            "--state",
            state.to_str().unwrap(),
            "--call",
            call,
        ],
        &[],
    );
    assert_eq!(cleared.status, 0, "{}", cleared.stderr);
    let (status, _) = guarded(dir.path(), FAILS, &[]);
    assert_eq!((status, lines(&dir.path().join("side"))), (3, 4));
}

#[test]
fn a_changed_argument_runs() {
    let dir = tempfile::tempdir().unwrap();
    for _ in 0..3 {
        guarded(dir.path(), FAILS, &[]);
    }
    let (status, env) = guarded(dir.path(), FAILS, &["changed"]);
    assert_eq!((status, env["code"].as_str()), (3, Some("EXIT_3")));
    assert_eq!(lines(&dir.path().join("side")), 4);
    // The refused call is still refused: the changed one did not reset it.
    let (_, env) = guarded(dir.path(), FAILS, &[]);
    assert_eq!(env["code"], "REPEATED_FAILURE");
}

#[test]
fn a_success_resets_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let script = "echo ran >> side; test -e ok";
    let ok = dir.path().join("ok");
    for _ in 0..2 {
        let (status, _) = guarded(dir.path(), script, &[]);
        assert_eq!(status, 1);
    }
    std::fs::write(&ok, "").unwrap();
    let state = dir.path().join("state.db");
    let run = failwise_in(
        Some(dir.path()),
        &[
            "run",
            "--guard",
            "--state",
            state.to_str().unwrap(),
            "--",
            "sh",
            "-c",
            script,
            "sh",
        ],
        &[],
    );
    assert_eq!(run.status, 0);
    std::fs::remove_file(&ok).unwrap();
    for _ in 0..3 {
        let (status, env) = guarded(dir.path(), script, &[]);
        assert_eq!((status, env["code"].as_str()), (1, Some("EXIT_1")));
    }
    assert_eq!(lines(&dir.path().join("side")), 6);
    let (_, env) = guarded(dir.path(), script, &[]);
    assert_eq!(env["code"], "REPEATED_FAILURE");
}

#[test]
fn a_failure_that_may_be_retried_is_not_counted() {
    let dir = tempfile::tempdir().unwrap();
    // Exit 75 is EX_TEMPFAIL: transient, retry yes.
    for _ in 0..4 {
        let (status, env) = guarded(dir.path(), "echo ran >> side; exit 75", &[]);
        assert_eq!(status, 75);
        assert_eq!(env["retry"], "yes");
    }
    assert_eq!(lines(&dir.path().join("side")), 4);
}

#[test]
fn twenty_concurrent_runs_sharing_the_store_count_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.db");
    let children: Vec<_> = (0..20)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_failwise"))
                .current_dir(dir.path())
                .args(["run", "--guard", "1000", "--state"])
                .arg(&state)
                .args(["--", "sh", "-c", "exit 3"])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("failwise starts")
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(3),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let show = failwise_in(
        Some(dir.path()),
        &[
            "state",
            "show",
            "--json",
            "--state",
            state.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(show.status, 0, "{}", show.stderr);
    let records: Vec<serde_json::Value> = show
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 1, "{}", show.stdout);
    assert_eq!(records[0]["count"], 20);
    assert_eq!(records[0]["refused"], false);
}

#[test]
fn a_plain_run_opens_no_store_and_guard_uses_the_default_one() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().to_str().unwrap();
    let run = failwise_in(
        Some(dir.path()),
        &["run", "--", "sh", "-c", "exit 3"],
        &[("XDG_STATE_HOME", home)],
    );
    assert_eq!(run.status, 3);
    assert!(
        !dir.path().join("failwise").exists(),
        "a plain run wrote a store"
    );
    let run = failwise_in(
        Some(dir.path()),
        &["run", "--", "sh", "-c", "exit 3"],
        &[("XDG_STATE_HOME", home), ("FAILWISE_GUARD", "2")],
    );
    assert_eq!(run.status, 3);
    assert!(dir.path().join("failwise/state.db").exists());
    let run = failwise_in(
        Some(dir.path()),
        &["run", "--", "sh", "-c", "exit 3"],
        &[("XDG_STATE_HOME", home), ("FAILWISE_GUARD", "2")],
    );
    assert_eq!(envelope(&run.stdout)["code"], "EXIT_3");
    let run = failwise_in(
        Some(dir.path()),
        &["run", "--", "sh", "-c", "exit 3"],
        &[("XDG_STATE_HOME", home), ("FAILWISE_GUARD", "2")],
    );
    assert_eq!(envelope(&run.stdout)["code"], "REPEATED_FAILURE");
    let off = failwise_in(
        Some(dir.path()),
        &["run", "--guard", "off", "--", "sh", "-c", "exit 3"],
        &[("XDG_STATE_HOME", home), ("FAILWISE_GUARD", "2")],
    );
    assert_eq!(
        envelope(&off.stdout)["code"],
        "EXIT_3",
        "--guard off ran it"
    );
}

#[test]
fn a_store_that_cannot_be_opened_leaves_the_command_result_untouched() {
    let dir = tempfile::tempdir().unwrap();
    // A store under a regular file cannot be created.
    let blocker = dir.path().join("file");
    std::fs::write(&blocker, "").unwrap();
    let state = blocker.join("state.db");
    let state = state.to_str().unwrap();
    let run = failwise_in(
        Some(dir.path()),
        &[
            "run", "--guard", "--state", state, "--", "sh", "-c", "exit 7",
        ],
        &[],
    );
    assert_eq!(run.status, 7);
    let env = envelope(&run.stdout);
    assert_eq!(env["code"], "EXIT_7");
    assert_eq!(env["params"]["guard"], "unavailable");
    assert!(
        run.stderr.contains("the guard is unavailable"),
        "{}",
        run.stderr
    );
    let ok = failwise_in(
        Some(dir.path()),
        &["run", "--guard", "--state", state, "--", "true"],
        &[],
    );
    assert_eq!((ok.status, ok.stdout.as_str()), (0, ""));
}

#[test]
fn the_store_never_holds_a_secret_a_later_run_could_print() {
    let dir = tempfile::tempdir().unwrap();
    let secret = "abcdefgh12345678zz";
    let record = format!(
        r#"{{"error":true,"code":"DEPLOY_REFUSED","exit":3,"message":"token {secret} refused","error_class":"permanent","retry":"no","retryable":false,"recovery":"rotate {secret}"}}"#
    );
    let script = format!("echo '{record}'; exit 3");
    let state = dir.path().join("state.db");
    let state = state.to_str().unwrap();
    let args = [
        "run", "--guard", "--state", state, "--", "sh", "-c", &script,
    ];
    for _ in 0..3 {
        let run = failwise_in(Some(dir.path()), &args, &[("MY_API_TOKEN", secret)]);
        assert!(!run.stdout.contains(secret), "{}", run.stdout);
    }
    let stored = std::fs::read(dir.path().join("state.db")).unwrap();
    let wal = std::fs::read(dir.path().join("state.db-wal")).unwrap_or_default();
    for bytes in [&stored, &wal] {
        assert!(
            !String::from_utf8_lossy(bytes).contains(secret),
            "the store holds the secret"
        );
    }
    // A later run that does not know the secret repeats only what was masked.
    let refusal = failwise_in(Some(dir.path()), &args, &[]);
    let env = envelope(&refusal.stdout);
    assert_eq!(env["code"], "REPEATED_FAILURE");
    assert!(!refusal.stdout.contains(secret), "{}", refusal.stdout);
}

#[test]
fn a_changed_timeout_is_a_changed_call() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.db");
    let state = state.to_str().unwrap();
    let run = |timeout: &str| {
        let args = [
            "run",
            "--guard",
            "--state",
            state,
            "--timeout",
            timeout,
            "--",
            "sleep",
            "5",
        ];
        envelope(&failwise_in(Some(dir.path()), &args, &[]).stdout)["code"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    for _ in 0..3 {
        assert_eq!(run("100ms"), "TIMEOUT");
    }
    assert_eq!(run("100ms"), "REPEATED_FAILURE");
    assert_eq!(
        run("200ms"),
        "TIMEOUT",
        "raising --timeout, as the recovery says, was refused"
    );
}
