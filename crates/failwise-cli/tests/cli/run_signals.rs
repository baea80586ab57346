//! `failwise run` and process groups: a timeout stops everything the command started, and the
//! signals failwise receives reach the command.

use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::envelope;

/// `failwise` outside any terminal's foreground process group, as an agent or CI runs it
/// (even when the tests themselves run in a terminal).
fn failwise_cmd() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_failwise"));
    command
        .process_group(0)
        .stdin(Stdio::null())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests");
    command
}

/// Whether process `pid` is gone or a zombie (dead, waiting for a reaper that may not exist
/// in a container).
fn dead(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z')),
    }
}

/// Waits up to 2 s for `pid` to die.
fn dies(pid: &str) -> bool {
    let until = Instant::now() + Duration::from_secs(2);
    while Instant::now() < until {
        if dead(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn a_timeout_stops_the_commands_children_too() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pidfile = dir.path().join("pid");
    let script = format!("sleep 30 & echo $! > '{}'; wait; true", pidfile.display());
    let started = Instant::now();
    let out = failwise_cmd()
        .args(["run", "--timeout", "300ms", "--", "sh", "-c", &script])
        .output()
        .expect("runs");
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(out.status.code(), Some(124));
    let v = envelope(std::str::from_utf8(&out.stdout).expect("utf-8"));
    assert_eq!(v["code"], "TIMEOUT");
    let pid = std::fs::read_to_string(&pidfile).expect("the grandchild wrote its pid");
    let pid = pid.trim();
    assert!(!pid.is_empty());
    assert!(dies(pid), "the grandchild {pid} survived the timeout");
}

#[test]
fn a_grandchild_that_ignores_sigterm_is_killed_after_the_grace_period() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pidfile = dir.path().join("pid");
    let script = format!(
        "(trap '' TERM; echo $$ > /dev/null; exec sleep 30) & echo $! > '{}'; wait",
        pidfile.display()
    );
    let out = failwise_cmd()
        .args([
            "run",
            "--timeout",
            "300ms",
            "--kill-after",
            "300ms",
            "--",
            "sh",
            "-c",
            &script,
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(124));
    let pid = std::fs::read_to_string(&pidfile).expect("pid");
    assert!(dies(pid.trim()), "the grandchild survived SIGKILL");
}

/// Starts `failwise run -- sh -c SCRIPT`, waits for the line `ready` on its stdout, sends it
/// `signal`, and returns its exit status, the rest of its stdout and its stderr.
fn signal_after_ready(script: &str, signal: &str) -> (i32, String, String) {
    let mut child = failwise_cmd()
        .args(["run", "--", "sh", "-c", script])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    stdout.read_line(&mut line).expect("read");
    assert_eq!(line, "ready\n");
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(sent.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).expect("read");
    let out = child.wait_with_output().expect("wait");
    (
        out.status
            .code()
            .expect("failwise exited, it was not killed"),
        rest,
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

#[test]
fn sigterm_sent_to_failwise_reaches_the_command_and_the_envelope_says_so() {
    let (status, stdout, _) = signal_after_ready("echo ready; exec sleep 30", "TERM");
    assert_eq!(status, 143, "{stdout}");
    let v = envelope(&stdout);
    assert_eq!(v["exit"], 143);
    assert_eq!(v["code"], "SIGTERM");
    assert_eq!(v["params"]["signal"], "SIGTERM");
}

#[test]
fn the_command_handles_a_forwarded_signal_itself() {
    let (status, stdout, stderr) = signal_after_ready(
        "trap 'echo caught >&2; exit 7' INT; echo ready; sleep 30 & wait",
        "INT",
    );
    assert_eq!(status, 7);
    assert_eq!(stderr, "caught\n");
    assert_eq!(envelope(&stdout)["exit"], 7);
    let (status, stdout, _) = signal_after_ready("echo ready; exec sleep 30", "HUP");
    assert_eq!(
        (status, envelope(&stdout)["code"].as_str()),
        (129, Some("SIGHUP"))
    );
}

#[test]
fn a_forwarded_signal_is_not_retried() {
    let mut child = failwise_cmd()
        .args(["run", "--retries", "3", "--idempotent", "--", "sh", "-c"])
        .arg("echo ready; exec sleep 30")
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    stdout.read_line(&mut line).expect("read");
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).expect("read");
    assert_eq!(child.wait().expect("wait").code(), Some(143));
    let v = envelope(&rest);
    assert_eq!(v["params"]["attempts"], 1, "{rest}");
    assert_eq!(v["params"]["retry_stopped"], "interrupted");
}
