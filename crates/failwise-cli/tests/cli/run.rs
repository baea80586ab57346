//! `failwise run` on real commands: each failure's envelope is pinned in a snapshot and
//! validated against the committed schema; output passes through byte for byte.

use std::io::Read;
use std::net::TcpListener;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

use crate::support::envelope;

/// What one run printed, as bytes, and its exit status.
struct Raw {
    status: i32,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

fn failwise_cmd() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_failwise"));
    command
        .stdin(Stdio::null())
        .env_remove("NO_COLOR")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests");
    command
}

fn raw(mut command: Command) -> Raw {
    let out = command.output().expect("the binary runs");
    Raw {
        status: out
            .status
            .code()
            .or_else(|| out.status.signal().map(|s| 128 + s))
            .expect("a status"),
        stdout: out.stdout,
        stderr: out.stderr,
    }
}

/// Runs `failwise run ARGS…`, checks the last stdout line is a valid envelope with `exit` equal
/// to the status, and snapshots the transcript with temp paths and ports redacted.
fn snapshot_run(
    name: &str,
    args: &[&str],
    prepare: impl FnOnce(&mut Command),
) -> serde_json::Value {
    let mut command = failwise_cmd();
    command.arg("run").args(args);
    prepare(&mut command);
    let run = raw(command);
    let stdout = String::from_utf8(run.stdout).expect("utf-8 stdout");
    let stderr = String::from_utf8(run.stderr).expect("utf-8 stderr");
    let value = envelope(&stdout);
    assert_eq!(value["exit"], run.status, "exit equals $?: {stdout}");
    let transcript = format!(
        "$ failwise run {}\nexit {}\n--- stdout\n{stdout}--- stderr\n{stderr}",
        args.join(" "),
        run.status
    );
    insta::with_settings!({filters => vec![
        (r"/tmp/\.tmp[A-Za-z0-9]+", "[TMP]"),
        (r"127\.0\.0\.1 port \d+", "127.0.0.1 port [PORT]"),
        (r"127\.0\.0\.1:\d+", "127.0.0.1:[PORT]"),
        (r#""port":"?\d+"?"#, r#""port":"[PORT]""#),
        (r"after \d+ ms", "after [N] ms"),
        (r#""waited_ms":\d+"#, r#""waited_ms":"[MS]""#),
    ]}, {
        insta::assert_snapshot!(name, transcript);
    });
    value
}

/// Whether this process runs as root (CI does), where permissions do not stop reads.
fn is_root() -> bool {
    let out = Command::new("id").arg("-u").output().expect("id");
    String::from_utf8_lossy(&out.stdout).trim() == "0"
}

/// A command that runs `failwise run -- ARGS` as an unprivileged user when we are root
/// (`setpriv` to uid/gid 65534), so that permission bits apply.
fn unprivileged(args: &[&str]) -> Command {
    let mut command = if is_root() {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_failwise"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_failwise"))
    };
    command.stdin(Stdio::null()).arg("run").arg("--").args(args);
    command
}

#[test]
fn ls_and_cat_on_a_missing_file() {
    let v = snapshot_run("ls_missing", &["--", "ls", "/no/such/dir"], |_| {});
    assert_eq!(
        (v["code"].as_str(), v["exit"].as_u64()),
        (Some("ENOENT"), Some(2))
    );
    assert_eq!(v["path"], "/no/such/dir");
    let v = snapshot_run("cat_missing", &["--", "cat", "/no/such/file.toml"], |_| {});
    assert_eq!(
        (v["code"].as_str(), v["exit"].as_u64()),
        (Some("ENOENT"), Some(1))
    );
    assert_eq!(
        v["params"]["command"],
        serde_json::json!(["cat", "/no/such/file.toml"])
    );
}

#[test]
fn ls_and_cat_on_an_unreadable_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let secret = dir.path().join("secret");
    std::fs::create_dir(&secret).expect("mkdir");
    let token = secret.join("token.txt");
    std::fs::write(&token, "s3cret").expect("write");
    std::fs::set_permissions(&token, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    let token = token.to_str().expect("utf-8").to_owned();
    let secret_dir = secret.to_str().expect("utf-8").to_owned();
    for (name, args) in [
        ("cat_unreadable", vec!["cat", token.as_str()]),
        ("ls_unreadable", vec!["ls", secret_dir.as_str()]),
    ] {
        let run = raw(unprivileged(&args));
        let stdout = String::from_utf8(run.stdout).expect("utf-8");
        let v = envelope(&stdout);
        assert_eq!(v["code"], "EACCES", "{stdout}");
        assert_eq!(v["error_class"], "precondition_failed");
        assert_eq!(v["exit"], run.status);
        let line = stdout.lines().last().unwrap_or_default();
        insta::with_settings!({filters => vec![(r"/tmp/\.tmp[A-Za-z0-9]+", "[TMP]")]}, {
            insta::assert_snapshot!(name, format!("exit {}\n{line}\n", run.status));
        });
    }
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o755)).expect("chmod back");
}

#[test]
fn a_sysexit_and_a_signal() {
    let v = snapshot_run("sh_exit_75", &["--", "sh", "-c", "exit 75"], |_| {});
    assert_eq!(
        (v["code"].as_str(), v["retry"].as_str()),
        (Some("EX_TEMPFAIL"), Some("yes"))
    );
    let v = snapshot_run("sigkill", &["--", "sh", "-c", "kill -9 $$"], |_| {});
    assert_eq!(
        (v["code"].as_str(), v["exit"].as_u64()),
        (Some("SIGKILL"), Some(137))
    );
    assert_eq!(v["params"]["signal"], "SIGKILL");
}

#[test]
fn git_outside_a_repository() {
    let dir = tempfile::tempdir().expect("tempdir");
    let here = dir.path().to_str().expect("utf-8");
    let v = snapshot_run(
        "git_not_a_repository",
        &["--", "git", "-C", here, "status"],
        |_| {},
    );
    assert_eq!(v["code"], "GIT_NOT_A_REPOSITORY");
    assert_eq!(v["exit"], 128);
}

#[test]
fn a_missing_executable_names_the_nearest_on_path() {
    use std::os::unix::fs::PermissionsExt;
    let bin = tempfile::tempdir().expect("tempdir");
    for name in ["deploy-tool", "deploy-test", "unrelated"] {
        let path = bin.path().join(name);
        std::fs::write(&path, "#!/bin/sh\n").expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let v = snapshot_run(
        "missing_executable",
        &["--", "deploy-tol", "--dry-run"],
        |c| {
            c.env("PATH", bin.path());
        },
    );
    assert_eq!(
        (v["code"].as_str(), v["exit"].as_u64()),
        (Some("COMMAND_NOT_FOUND"), Some(127))
    );
    assert_eq!(v["nearby"][0], "deploy-tool");
    let v = snapshot_run("directory_as_command", &["--", "/"], |_| {});
    assert_eq!(
        (v["code"].as_str(), v["exit"].as_u64()),
        (Some("CANNOT_EXECUTE"), Some(126))
    );
}

#[test]
fn curl_against_a_closed_loopback_port() {
    let port = TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port();
    let url = format!("http://127.0.0.1:{port}/health");
    let v = snapshot_run("curl_closed_port", &["--", "curl", "-sS", &url], |_| {});
    assert_eq!(v["code"], "CURLE_COULDNT_CONNECT");
    assert_eq!(
        (v["error_class"].as_str(), v["retry"].as_str()),
        (Some("transient"), Some("yes"))
    );
    assert_eq!(v["params"]["port"], port.to_string());
}

#[test]
fn the_commands_own_envelope_is_the_answer_with_its_exit_checked() {
    let line = r#"{"error":true,"code":"E_QUOTA","exit":3,"message":"quota reached","error_class":"transient","retry":"yes","retryable":true,"retry_after_ms":500,"recovery":"wait 500 ms, then send it again"}"#;
    let script =
        format!("echo working; echo '{line}'; echo 'noise: No such file or directory' >&2; exit 4");
    let v = snapshot_run(
        "child_envelope_exit_mismatch",
        &["--", "sh", "-c", &script],
        |_| {},
    );
    assert_eq!(
        (v["code"].as_str(), v["exit"].as_u64()),
        (Some("E_QUOTA"), Some(4))
    );
    assert_eq!(v["params"]["reported_exit"], 3);
    // When the exit agrees, the command's line is already the last line and is not repeated.
    let script = format!("echo '{line}'; exit 3");
    let run = raw({
        let mut c = failwise_cmd();
        c.args(["run", "--", "sh", "-c", &script]);
        c
    });
    assert_eq!(run.status, 3);
    assert_eq!(
        String::from_utf8(run.stdout).expect("utf-8"),
        format!("{line}\n")
    );
}

#[test]
fn a_timeout_stops_the_command_and_says_the_effect_is_unknown() {
    let v = snapshot_run(
        "timeout",
        &["--timeout", "200ms", "--", "sleep", "30"],
        |_| {},
    );
    assert_eq!(
        (v["code"].as_str(), v["exit"].as_u64()),
        (Some("TIMEOUT"), Some(124))
    );
    assert_eq!(
        (v["error_class"].as_str(), v["retry"].as_str()),
        (Some("transient"), Some("unknown"))
    );
    assert_eq!(v["params"]["signal"], "SIGTERM");
    // A command that ignores SIGTERM gets SIGKILL after the grace period.
    let v = snapshot_run(
        "timeout_kill",
        &[
            "--timeout",
            "200ms",
            "--kill-after",
            "200ms",
            "--",
            "sh",
            "-c",
            "trap '' TERM; sleep 30",
        ],
        |_| {},
    );
    assert_eq!(v["params"]["signal"], "SIGKILL");
}

#[test]
fn retries_resend_only_what_may_be_resent() {
    let v = snapshot_run(
        "retries_exhausted",
        &["--retries", "2", "--", "sh", "-c", "exit 75"],
        |_| {},
    );
    assert_eq!(v["params"]["attempts"], 3);
    assert_eq!(v["params"]["retry_stopped"], "retries_exhausted");
    let v = snapshot_run(
        "retries_no_for_permanent",
        &["--retries", "2", "--", "cat", "/no/such"],
        |_| {},
    );
    assert_eq!(v["params"]["attempts"], 1);
    assert_eq!(v["params"]["retry_stopped"], "not_retryable");
    let v = snapshot_run(
        "retries_unknown_not_idempotent",
        &["--retries", "2", "--", "sh", "-c", "kill -9 $$"],
        |_| {},
    );
    assert_eq!(v["params"]["attempts"], 1);
    assert_eq!(v["params"]["retry_stopped"], "effect_unknown");
    let v = snapshot_run(
        "retries_unknown_idempotent",
        &[
            "--retries",
            "1",
            "--idempotent",
            "--",
            "sh",
            "-c",
            "kill -9 $$",
        ],
        |_| {},
    );
    assert_eq!(v["params"]["attempts"], 2);
    let v = snapshot_run(
        "retries_budget",
        &[
            "--retries",
            "5",
            "--retry-budget",
            "100ms",
            "--",
            "sh",
            "-c",
            "echo '{\"error\":true,\"code\":\"BUSY\",\"exit\":75,\"message\":\"busy\",\"error_class\":\"transient\",\"retry\":\"yes\",\"retryable\":true,\"retry_after_ms\":5000,\"recovery\":\"wait\"}'; exit 75",
        ],
        |_| {},
    );
    assert_eq!(v["params"]["retry_stopped"], "budget_exhausted");
}

#[test]
fn a_retry_that_succeeds_exits_zero_with_every_attempts_output() {
    let dir = tempfile::tempdir().expect("tempdir");
    let marker = dir.path().join("tried");
    let script = format!(
        "if [ -e {m} ]; then echo second; exit 0; else touch {m}; echo first; exit 75; fi",
        m = marker.display()
    );
    let run = raw({
        let mut c = failwise_cmd();
        c.args(["run", "--retries", "3", "--", "sh", "-c", &script]);
        c
    });
    assert_eq!(run.status, 0);
    assert_eq!(run.stdout, b"first\nsecond\n");
}

#[test]
fn usage_errors_of_run_are_envelopes() {
    let run = raw({
        let mut c = failwise_cmd();
        c.args(["run", "--timeout", "soon", "--", "true"]);
        c
    });
    assert_eq!(run.status, 2);
    let v = envelope(&String::from_utf8(run.stdout).expect("utf-8"));
    assert_eq!(v["exit"], 2);
    let run = raw({
        let mut c = failwise_cmd();
        c.arg("run");
        c
    });
    assert_eq!(run.status, 2);
    envelope(&String::from_utf8(run.stdout).expect("utf-8"));
}

#[test]
fn the_human_form_on_request() {
    let run = raw({
        let mut c = failwise_cmd();
        c.args(["run", "--format", "human", "--", "ls", "/no/such/dir"]);
        c
    });
    assert_eq!(run.status, 2);
    insta::assert_snapshot!(
        "human_ls_missing",
        String::from_utf8(run.stdout).expect("utf-8")
    );
}

#[test]
fn invalid_utf8_and_partial_lines_pass_unchanged() {
    let run = raw({
        let mut c = failwise_cmd();
        c.args([
            "run",
            "--",
            "sh",
            "-c",
            r"printf 'a\377\376b\000c'; printf '\377err' >&2; exit 3",
        ]);
        c
    });
    assert_eq!(run.status, 3);
    assert_eq!(run.stderr, b"\xfferr");
    // The partial line is ended before the envelope, which stays on a line of its own.
    let (passed, envelope_line) = run.stdout.split_at(6);
    assert_eq!(passed, b"a\xff\xfeb\x00c");
    assert_eq!(envelope_line[0], b'\n');
    let v = envelope(std::str::from_utf8(&envelope_line[1..]).expect("the envelope is UTF-8"));
    assert_eq!(v["params"]["stderr"], "\u{fffd}err");
}

#[test]
fn large_output_passes_every_byte() {
    const OUT: u64 = 100_000_000;
    const ERR: u64 = 10_000_000;
    let mut child = failwise_cmd()
        .args(["run", "--", "sh", "-c"])
        .arg(format!(
            "head -c {OUT} /dev/zero; head -c {ERR} /dev/zero >&2; exit 3"
        ))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stderr = child.stderr.take().expect("stderr");
    let counter = std::thread::spawn(move || {
        let mut buf = vec![0u8; 1 << 16];
        let mut n = 0u64;
        loop {
            match stderr.read(&mut buf) {
                Ok(0) | Err(_) => break n,
                Ok(k) => n += k as u64,
            }
        }
    });
    let mut stdout = child.stdout.take().expect("stdout");
    let mut buf = vec![0u8; 1 << 16];
    let (mut zeros, mut rest) = (0u64, Vec::new());
    loop {
        let k = stdout.read(&mut buf).expect("read");
        if k == 0 {
            break;
        }
        let chunk = &buf[..k];
        if rest.is_empty() {
            let z = chunk.iter().take_while(|&&b| b == 0).count();
            zeros += z as u64;
            rest.extend_from_slice(&chunk[z..]);
        } else {
            rest.extend_from_slice(chunk);
        }
    }
    let status = child.wait().expect("wait");
    assert_eq!(status.code(), Some(3));
    assert_eq!(zeros, OUT);
    assert_eq!(counter.join().expect("counter"), ERR);
    let text = String::from_utf8(rest).expect("utf-8");
    let v = envelope(text.trim_start_matches('\n'));
    assert_eq!(v["truncated"]["/params/stderr"], ERR);
    assert!(
        v["params"]["stderr"]
            .as_str()
            .is_some_and(|s| s.len() <= 4096)
    );
}

#[test]
fn a_child_that_closes_stdout_early() {
    let run = raw({
        let mut c = failwise_cmd();
        c.args([
            "run",
            "--",
            "sh",
            "-c",
            "exec 1>&-; echo still-here >&2; exit 5",
        ]);
        c
    });
    assert_eq!(run.status, 5);
    assert_eq!(run.stderr, b"still-here\n");
    let v = envelope(std::str::from_utf8(&run.stdout).expect("utf-8"));
    assert_eq!(v["exit"], 5);
    assert_eq!(
        run.stdout.iter().filter(|&&b| b == b'\n').count(),
        1,
        "only the envelope"
    );
}

#[test]
fn output_arrives_before_the_command_ends() {
    let dir = tempfile::tempdir().expect("tempdir");
    let go = dir.path().join("go");
    // The child prints a prompt without a newline, then waits (up to 10 s) for the test to
    // have read it; a line-buffered pass-through would never deliver it.
    let script = format!(
        "printf 'ready> '; i=0; while [ ! -e {g} ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done; [ -e {g} ]",
        g = go.display()
    );
    let mut child = failwise_cmd()
        .args(["run", "--", "sh", "-c", &script])
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut prompt = [0u8; 7];
    stdout.read_exact(&mut prompt).expect("the prompt arrives");
    assert_eq!(&prompt, b"ready> ");
    std::fs::write(&go, "").expect("go");
    assert_eq!(
        child.wait().expect("wait").code(),
        Some(0),
        "the prompt came before the child ended"
    );
}

#[test]
fn a_closed_stdout_ends_the_command_as_a_pipe_would() {
    let mut child = failwise_cmd()
        .args(["run", "--", "yes"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 2];
    stdout.read_exact(&mut first).expect("read");
    assert_eq!(&first, b"y\n");
    drop(stdout);
    let status = child.wait().expect("wait");
    assert_eq!(status.code(), Some(141), "yes died of SIGPIPE: 128 + 13");
}

#[test]
fn secrets_from_the_environment_never_reach_the_envelope() {
    let secret = "tok-9f8e7d6c5b4a3210";
    let run = raw({
        let mut c = failwise_cmd();
        c.env("DEPLOY_API_TOKEN", secret).args([
            "run",
            "--",
            "sh",
            "-c",
            "echo \"auth failed for $DEPLOY_API_TOKEN\" >&2; exit 1",
        ]);
        c
    });
    assert_eq!(run.status, 1);
    // The command's stderr passes through with the value masked, and so does the envelope.
    assert_eq!(run.stderr, b"auth failed for [REDACTED:secret]\n");
    let stdout = String::from_utf8(run.stdout).expect("utf-8");
    assert!(!stdout.contains(secret), "{stdout}");
    let v = envelope(&stdout);
    assert_eq!(v["params"]["stderr"], "auth failed for [REDACTED:secret]\n");
    // The masked stderr is shorter than the one written, yet nothing was cut: the redaction
    // is counted in params.redacted, and `truncated` stays absent.
    assert_eq!(v["params"]["redacted"], 1, "{stdout}");
    assert!(
        v.get("truncated").is_none(),
        "a redaction is not a cut: {stdout}"
    );
}

#[test]
fn a_long_stderr_with_a_secret_records_the_cut_with_the_size_written() {
    let secret = "tok-9f8e7d6c5b4a3210";
    let run = raw({
        let mut c = failwise_cmd();
        c.env("DEPLOY_API_TOKEN", secret).args([
            "run",
            "--",
            "sh",
            "-c",
            "i=0; while [ $i -lt 300 ]; do echo \"line $i of output here\" >&2; i=$((i+1)); done; \
             echo \"auth failed for $DEPLOY_API_TOKEN\" >&2; exit 1",
        ]);
        c
    });
    assert_eq!(run.status, 1);
    // The stream was kept whole and masked, then cut to its tail: the size recorded is that
    // of the masked stream, the text the field would otherwise have shown, which is also what
    // passed through to stderr, masked the same way.
    assert!(!String::from_utf8_lossy(&run.stderr).contains(secret));
    let masked = run.stderr.len();
    let stdout = String::from_utf8(run.stdout).expect("utf-8");
    let v = envelope(&stdout);
    assert_eq!(v["params"]["redacted"], 1, "{stdout}");
    assert_eq!(
        v["truncated"]["/params/stderr"], masked,
        "a real cut records the size before the cut: {stdout}"
    );
}

/// `--timeout` bounds the wait for the output too: a command that exits in time but leaves a
/// background process holding its stdout is reported with its own status when the deadline
/// passes (not when the background process ends), the process is stopped with the command's
/// group, and the envelope says the output was still held open.
#[test]
fn the_deadline_bounds_a_background_process_that_holds_the_output() {
    let started = std::time::Instant::now();
    let mut command = failwise_cmd();
    command.args([
        "--json",
        "run",
        "--timeout",
        "1s",
        "--",
        "sh",
        "-c",
        "sleep 120 & exit 1",
    ]);
    let run = raw(command);
    // Far below the 120 s the background process would hold the pipe.
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
    assert_eq!(run.status, 1);
    let value = envelope(&String::from_utf8_lossy(&run.stdout));
    assert_eq!(value["code"], "EXIT_1");
    assert_eq!(value["params"]["output_held_open"], true);
}

/// After a timeout where a process in a session of its own keeps the pipes open, the
/// envelope still has the stderr written before, and bytes the masker held back (they could
/// have begun the secret) are written, not lost.
#[test]
fn a_timeout_with_the_pipes_held_keeps_the_stderr_and_the_held_bytes() {
    let mut command = failwise_cmd();
    command
        .env("MY_SECRET_TOKEN", "S3cr3t-Value-XyZ-42")
        .args([
            "--json",
            "run",
            "--timeout",
            "1s",
            "--kill-after",
            "500ms",
            "--",
        ])
        .args([
            "sh",
            "-c",
            "printf S3cr3t-Val; echo err-line >&2; setsid sleep 30 & sleep 60",
        ]);
    let run = raw(command);
    assert_eq!(run.status, 124);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.starts_with("S3cr3t-Val\n"), "{stdout}");
    let value = envelope(&stdout);
    assert_eq!(value["code"], "TIMEOUT");
    assert_eq!(value["params"]["stderr"], "err-line\n", "{stdout}");
    assert!(String::from_utf8_lossy(&run.stderr).contains("err-line"));
}

/// A command that ignores `SIGTERM` and then exits 0 is reported with its own status 0 in
/// `params.exit` (it was 1), and a grace period of a hundred years is waited as given (a
/// duration too large to hold is refused as out of range).
#[test]
fn a_timed_out_command_that_exits_0_is_reported_with_status_0() {
    let mut command = failwise_cmd();
    command.args(["--json", "run", "--timeout", "100ms", "--kill-after"]);
    command.args(["100y", "--", "sh", "-c", "trap '' TERM; sleep 1"]);
    let run = raw(command);
    assert_eq!(run.status, 124);
    let value = envelope(&String::from_utf8_lossy(&run.stdout));
    assert_eq!(value["code"], "TIMEOUT");
    assert_eq!(value["params"]["exit"], 0);
    // One too large to hold is a usage error that says so, not a wrong status.
    let mut command = failwise_cmd();
    command.args(["--json", "run", "--timeout", "100ms", "--kill-after"]);
    command.args(["18446744073709551615ms", "--", "true"]);
    let run = raw(command);
    assert_eq!(run.status, 2);
    let value = envelope(&String::from_utf8_lossy(&run.stdout));
    assert!(
        value["message"]
            .as_str()
            .unwrap_or_default()
            .contains("out of range")
    );
}

/// Every list is bounded, and the line as a whole: 30,000 arguments made a 229 KB line with
/// `params.command` uncut.
#[test]
fn thirty_thousand_arguments_make_a_bounded_line() {
    let args: Vec<String> = (1..=30_000).map(|i| i.to_string()).collect();
    let mut command = failwise_cmd();
    command
        .args(["--json", "run", "--", "sh", "-c", "exit 1", "sh"])
        .args(&args);
    let run = raw(command);
    assert_eq!(run.status, 1);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.len() <= 64 << 10, "{} bytes", stdout.len());
    let value = envelope(&stdout);
    let kept = value["params"]["command"].as_array().map_or(0, Vec::len);
    assert!((1..=64).contains(&kept), "{kept} arguments kept");
    assert_eq!(value["params"]["command"][0], "sh");
    assert!(value["truncated"]["/params/command"].as_u64().unwrap_or(0) > 100_000);
}

/// A command's own envelope printed as its last line without a newline is not printed twice,
/// and it gets its newline, so a `while read` loop sees it.
#[test]
fn a_commands_own_last_line_without_a_newline_gets_one() {
    let line = r#"{"error":true,"code":"DB_LOCKED","exit":3,"message":"locked","error_class":"transient","retry":"yes","retryable":true,"recovery":"run it again"}"#;
    let mut command = failwise_cmd();
    command.args([
        "--json",
        "run",
        "--",
        "sh",
        "-c",
        "printf %s \"$1\"; exit 3",
        "sh",
        line,
    ]);
    let run = raw(command);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.ends_with('\n'), "{stdout:?}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert_eq!(envelope(&stdout)["code"], "DB_LOCKED");
    assert_eq!(run.status, 3);
}

/// An executable script with no `#!` line runs with `/bin/sh`, as `execvp` and every shell run
/// it, and its own status is the run's.
#[test]
fn a_script_without_a_shebang_runs_with_sh() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let script = dir.path().join("no-shebang");
    std::fs::write(&script, "echo hi; exit 4\n").expect("written");
    let mut permissions = std::fs::metadata(&script).expect("metadata").permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&script, permissions).expect("chmod");
    let mut command = failwise_cmd();
    command.arg("--json").arg("run").arg("--").arg(&script);
    let run = raw(command);
    assert_eq!(run.status, 4);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.starts_with("hi\n"), "{stdout}");
    assert_eq!(
        envelope(stdout.lines().last().unwrap_or_default())["code"],
        "EXIT_4"
    );
}
