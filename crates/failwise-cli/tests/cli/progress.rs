//! The progress line of long file work (`validate` and `normalize` reading a file): drawn on
//! stderr when it is a terminal and the work outlasts the delay, never when stderr is a pipe.
//! The terminal is a pseudo-terminal that `script` (util-linux) opens; the input is a pipe
//! named by path, fed slowly, so the work outlasts the delay whatever the machine's speed.

use std::process::{Command, Stdio};

const GOOD: &str = r#"{"error":true,"code":"FILE_NOT_FOUND","exit":4,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r"}"#;

/// A shell command that writes a good line, waits past the progress delay, writes another and
/// a bad one, into `failwise ARGS /dev/stdin` with stdout sent to `/dev/null`.
fn slow_feed(args: &str) -> String {
    format!(
        "(printf '%s\\n' \"$GOOD\"; sleep 1.2; printf '%s\\n{{not json\\n' \"$GOOD\"; sleep 0.3) | \"$FAILWISE\" {args} /dev/stdin > /dev/null"
    )
}

fn shell(script: &str) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(script)
        .env("FAILWISE", env!("CARGO_BIN_EXE_failwise"))
        .env("GOOD", GOOD)
        .env("TERM", "xterm")
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(Stdio::null());
    cmd
}

/// What a terminal showed while `script` ran the shell command `line` on it, and its status.
fn on_a_terminal(line: &str) -> (i32, String) {
    let out = shell(&format!("script -qec {} /dev/null", shell_quote(line)))
        .output()
        .expect("script (util-linux) runs");
    let shown = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code().expect("exited"), shown)
}

fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

#[test]
fn no_progress_bytes_when_stderr_is_not_a_terminal() {
    for (args, summary) in [
        (
            "validate",
            "validate: 3 line(s) read, 2 valid, 1 invalid, 0 blank; invalid by problem: 1 INVALID_JSON\n",
        ),
        (
            "normalize",
            "normalize: 3 read, 2 normalized, 0 passed through, 0 dropped, 1 rejected\n",
        ),
    ] {
        let out = shell(&slow_feed(args))
            .stderr(Stdio::piped())
            .output()
            .expect("sh runs");
        let stderr = String::from_utf8(out.stderr).expect("UTF-8");
        assert_eq!(stderr, summary, "{args}: stderr holds the summary alone");
    }
}

#[test]
fn a_progress_line_is_drawn_and_cleared_when_stderr_is_a_terminal() {
    for (args, summary) in [
        ("validate", "validate: 3 line(s) read"),
        ("normalize", "normalize: 3 read"),
    ] {
        let (status, shown) = on_a_terminal(&slow_feed(args));
        assert_ne!(status, 0, "{args}: the bad line fails the run: {shown:?}");
        // The line names the input and counts its bytes (the pipe has no size: a spinner).
        let line = shown
            .split(['\r', '\n'])
            .find(|l| l.contains("/dev/stdin ") && l.contains(" B "))
            .unwrap_or_else(|| panic!("{args}: no progress line in {shown:?}"));
        assert!(!line.contains("line(s)"), "{line:?}");
        // Cleared (`ESC [2K`) before the summary, which comes last.
        let cleared = shown.rfind("\u{1b}[2K").expect("the line is cleared");
        let at = shown.find(summary).expect("the summary");
        assert!(cleared < at, "{args}: {shown:?}");
    }
}

/// A run shorter than the delay draws nothing, even on a terminal.
#[test]
fn a_quick_run_draws_no_progress_line() {
    let (status, shown) =
        on_a_terminal("printf '%s\\n' \"$GOOD\" | \"$FAILWISE\" validate /dev/stdin");
    assert_eq!(status, 0, "{shown:?}");
    assert_eq!(
        shown, "validate: 1 line(s) read, 1 valid, 0 invalid, 0 blank\r\n",
        "the summary alone"
    );
}
