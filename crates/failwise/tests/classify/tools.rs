//! Each classification rule on the real output of its tool, run here: the tools are installed
//! by `.ci/run` on a fresh machine (git, curl, ssh, sqlite3, npm, pip, cargo/rustc, coreutils).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

use failwise::classify::{Failure, Termination};
use failwise::{Envelope, ErrorClass, ExitStatus, Retry};

/// Runs `argv` (in `dir` when given), then classifies its failure as `failwise run` does.
fn classify_run(argv: &[&str], dir: Option<&std::path::Path>) -> Envelope {
    let mut command = Command::new(argv[0]);
    command.args(&argv[1..]).stdin(Stdio::null());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let output = command.output().unwrap_or_else(|e| {
        panic!("cannot run {argv:?}: {e} (is it installed? .ci/run installs it)")
    });
    let termination = match output.status.signal() {
        Some(signal) => Termination::Signaled(u8::try_from(signal).expect("signal")),
        None => Termination::Exited(
            ExitStatus::new(u8::try_from(output.status.code().expect("code")).expect("u8"))
                .unwrap_or_else(|| panic!("{argv:?} succeeded; the test needs it to fail")),
        ),
    };
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let command: Vec<String> = argv.iter().map(|a| (*a).to_owned()).collect();
    Failure {
        command: &command,
        termination,
        stdout: &stdout,
        stderr: &stderr,
        stderr_bytes: stderr.len() as u64,
    }
    .envelope()
}

fn verdict(envelope: &Envelope) -> (&str, ErrorClass, Retry) {
    (
        envelope.code().as_str(),
        envelope.error_class(),
        envelope.retry(),
    )
}

/// A loopback port that nothing listens on: bound, then closed.
fn closed_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.local_addr().expect("addr").port()
}

/// A one-shot HTTP server answering `status`; returns its URL.
fn http_answering(status: &'static str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    std::thread::spawn(move || {
        if let Ok((mut stream, _)) = listener.accept() {
            let mut buf = [0u8; 1024];
            let _ = stream.read(&mut buf);
            let _ = write!(
                stream,
                "HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            );
        }
    });
    format!("http://127.0.0.1:{port}/x")
}

#[test]
fn coreutils_errno_texts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let missing = dir.path().join("missing.toml");
    let missing = missing.to_str().expect("utf-8 path");
    let e = classify_run(&["cat", missing], None);
    assert_eq!(verdict(&e), ("ENOENT", ErrorClass::Permanent, Retry::No));
    assert_eq!(e.path(), Some(missing));
    let e = classify_run(&["ls", missing], None);
    assert_eq!(verdict(&e), ("ENOENT", ErrorClass::Permanent, Retry::No));
    assert_eq!((e.exit().get(), e.path()), (2, Some(missing)));
    let here = dir.path().to_str().expect("utf-8");
    let e = classify_run(&["cat", here], None);
    assert_eq!(verdict(&e), ("EISDIR", ErrorClass::Permanent, Retry::No));
    let e = classify_run(&["mkdir", here], None);
    assert_eq!(verdict(&e), ("EEXIST", ErrorClass::Conflict, Retry::No));
    // A path the tool printed is one shell word in the command the recovery names.
    let hostile = format!("{here}/x;touch pwned;#");
    let e = classify_run(&["cat", &hostile], None);
    assert!(
        e.recovery().contains(&format!("`ls -ld '{hostile}'`")),
        "{}",
        e.recovery()
    );
}

#[test]
fn git_fixed_messages() {
    let dir = tempfile::tempdir().expect("tempdir");
    let here = dir.path().to_str().expect("utf-8");
    let e = classify_run(&["git", "-C", here, "status"], None);
    assert_eq!(
        verdict(&e),
        (
            "GIT_NOT_A_REPOSITORY",
            ErrorClass::PreconditionFailed,
            Retry::No
        )
    );
    assert_eq!(e.exit().get(), 128);
    let ok = Command::new("git")
        .args(["init", "-q", here])
        .status()
        .expect("git init");
    assert!(ok.success());
    let e = classify_run(&["git", "-C", here, "log", "no-such-rev"], None);
    assert_eq!(
        verdict(&e),
        ("GIT_UNKNOWN_REVISION", ErrorClass::Permanent, Retry::No)
    );
    let e = classify_run(&["git", "-C", here, "add", "no-such-file"], None);
    assert_eq!(verdict(&e).0, "GIT_PATHSPEC_DID_NOT_MATCH");
    std::fs::write(dir.path().join("a"), "a").expect("write");
    std::fs::write(dir.path().join(".git/index.lock"), "").expect("lock");
    let e = classify_run(&["git", "-C", here, "add", "a"], None);
    assert_eq!(
        verdict(&e),
        ("GIT_INDEX_LOCK_EXISTS", ErrorClass::Transient, Retry::Yes)
    );
    assert!(e.path().is_some_and(|p| p.ends_with(".git/index.lock")));
}

#[test]
fn curl_exit_codes_and_http_statuses() {
    let url = format!("http://127.0.0.1:{}/", closed_port());
    let e = classify_run(&["curl", "-sS", &url], None);
    assert_eq!(
        verdict(&e),
        ("CURLE_COULDNT_CONNECT", ErrorClass::Transient, Retry::Yes)
    );
    let e = classify_run(
        &[
            "curl",
            "-sS",
            "-f",
            &http_answering("503 Service Unavailable"),
        ],
        None,
    );
    assert_eq!(verdict(&e), ("HTTP_503", ErrorClass::Transient, Retry::Yes));
    assert_eq!(e.params()["status"], "503");
    let e = classify_run(
        &["curl", "-sS", "-f", &http_answering("404 Not Found")],
        None,
    );
    assert_eq!(verdict(&e), ("HTTP_404", ErrorClass::Permanent, Retry::No));
    let e = classify_run(&["curl", "-sS", "http://exa mple/"], None);
    assert_eq!(verdict(&e).0, "CURLE_URL_MALFORMAT");
}

#[test]
fn ssh_255_reads_the_errno() {
    let port = closed_port().to_string();
    let e = classify_run(
        &[
            "ssh",
            "-o",
            "BatchMode=yes",
            "-p",
            &port,
            "127.0.0.1",
            "true",
        ],
        None,
    );
    assert_eq!(
        verdict(&e),
        ("ECONNREFUSED", ErrorClass::Transient, Retry::Yes)
    );
    assert_eq!(e.exit().get(), 255);
    assert_eq!(e.params()["port"], port.as_str());
}

#[test]
fn sqlite3_busy_and_constraint() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("t.db");
    let db = db.to_str().expect("utf-8");
    let ok = Command::new("sqlite3")
        .args([db, "create table t(x unique); insert into t values(1);"])
        .status()
        .expect("sqlite3");
    assert!(ok.success());
    let e = classify_run(&["sqlite3", db, "insert into t values(1)"], None);
    assert_eq!(
        verdict(&e),
        ("SQLITE_CONSTRAINT", ErrorClass::Conflict, Retry::No)
    );
    // A second connection holds an exclusive lock until its stdin closes.
    let mut holder = Command::new("sqlite3")
        .arg(db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sqlite3 holder");
    let mut stdin = holder.stdin.take().expect("stdin");
    writeln!(
        stdin,
        "BEGIN EXCLUSIVE; INSERT INTO t VALUES(2);\n.print locked"
    )
    .expect("write");
    stdin.flush().expect("flush");
    let mut line = String::new();
    BufReader::new(holder.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("read");
    assert_eq!(line.trim(), "locked");
    let e = classify_run(&["sqlite3", db, "insert into t values(3)"], None);
    drop(stdin);
    let _ = holder.wait();
    assert_eq!(
        verdict(&e),
        ("SQLITE_BUSY", ErrorClass::Transient, Retry::Yes)
    );
}

#[test]
fn npm_missing_script_with_its_near_miss() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("package.json"),
        r#"{"name":"x","version":"1.0.0","scripts":{"build":"true"}}"#,
    )
    .expect("package.json");
    let e = classify_run(&["npm", "run", "bild"], Some(dir.path()));
    assert_eq!(
        verdict(&e),
        ("NPM_MISSING_SCRIPT", ErrorClass::Permanent, Retry::No)
    );
    assert_eq!(e.params()["script"], "bild");
    assert_eq!(e.nearby(), ["build"]);
}

#[test]
fn pip_no_matching_distribution() {
    let e = classify_run(
        &[
            "python3",
            "-m",
            "pip",
            "install",
            "--no-index",
            "--disable-pip-version-check",
            "no-such-package-for-failwise",
        ],
        None,
    );
    assert_eq!(
        verdict(&e),
        (
            "PIP_NO_MATCHING_DISTRIBUTION",
            ErrorClass::Permanent,
            Retry::No
        )
    );
    assert_eq!(e.params()["requirement"], "no-such-package-for-failwise");
}

#[test]
fn rustc_and_cargo() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("main.rs"),
        "fn main() {\n    let counts = 1;\n    let _ = count;\n}\n",
    )
    .expect("main.rs");
    let e = classify_run(
        &["rustc", "--edition", "2021", "main.rs", "-o", "main"],
        Some(dir.path()),
    );
    assert_eq!(verdict(&e), ("E0425", ErrorClass::Permanent, Retry::No));
    let location = e.location().expect("location");
    assert_eq!(
        (location.path.as_deref(), location.line, location.column),
        (Some("main.rs"), Some(3), Some(13))
    );
    // Two errors: the first decides, the second is its cause, read from rustc's rendering
    // and from cargo's JSON messages alike.
    let project = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(project.path().join("src")).expect("src");
    std::fs::write(
        project.path().join("Cargo.toml"),
        "[package]\nname = \"two-errors\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    )
    .expect("Cargo.toml");
    std::fs::write(
        project.path().join("src/main.rs"),
        "fn main() {\n    let x: i32 = \"a\";\n    undefined_fn();\n}\n",
    )
    .expect("main.rs");
    for argv in [
        &["cargo", "build", "--offline", "-q"][..],
        &[
            "cargo",
            "build",
            "--offline",
            "-q",
            "--message-format",
            "json",
        ][..],
    ] {
        let e = classify_run(argv, Some(project.path()));
        assert_eq!(e.code().as_str(), "E0308", "{argv:?}");
        let causes: Vec<_> = e.causes().iter().map(|c| c.code.as_deref()).collect();
        assert_eq!(causes, [Some("E0425")], "{argv:?}");
    }
    let e = classify_run(&["cargo", "biuld"], Some(dir.path()));
    assert_eq!(
        verdict(&e),
        ("CARGO_NO_SUCH_COMMAND", ErrorClass::Permanent, Retry::No)
    );
    assert_eq!(e.nearby(), ["build"]);
    let e = classify_run(&["cargo", "build", "--offline"], Some(dir.path()));
    assert_eq!(
        verdict(&e),
        (
            "CARGO_MANIFEST_NOT_FOUND",
            ErrorClass::PreconditionFailed,
            Retry::No
        )
    );
}

#[test]
fn signals_and_shell_statuses() {
    let e = classify_run(&["sh", "-c", "kill -9 $$"], None);
    assert_eq!(
        verdict(&e),
        ("SIGKILL", ErrorClass::Ambiguous, Retry::Unknown)
    );
    assert_eq!(e.exit().get(), 137);
    let e = classify_run(&["sh", "-c", "exit 75"], None);
    assert_eq!(
        verdict(&e),
        ("EX_TEMPFAIL", ErrorClass::Transient, Retry::Yes)
    );
    let e = classify_run(&["sh", "-c", "no-such-command-for-failwise"], None);
    assert_eq!(
        verdict(&e),
        (
            "COMMAND_NOT_FOUND",
            ErrorClass::PreconditionFailed,
            Retry::No
        )
    );
    assert_eq!(e.params()["name"], "no-such-command-for-failwise");
    let e = classify_run(
        &[
            "bash",
            "-c",
            "yes | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}",
        ],
        None,
    );
    assert_eq!(verdict(&e), ("SIGPIPE", ErrorClass::Permanent, Retry::No));
}
