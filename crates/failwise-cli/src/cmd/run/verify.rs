//! `run --verify`: before a `retry: unknown` failure is resent, the `verify` command of the
//! command's own canonical envelope is run to learn whether the effect landed (DESIGN §2): its
//! argv is written on stderr first, its output goes to stderr, and `--timeout` bounds it.

use std::io;
use std::os::fd::AsFd;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use failwise::backoff::Verified;
use failwise::{Envelope, Phrase, Retry, Verify};
use serde_json::{Value, json};

use crate::output::Output;
use crate::presentation::Presentation;

/// How long a verify command may take when `--timeout` sets no limit.
const DEFAULT_LIMIT: Duration = Duration::from_secs(60);

/// How often a running verify command is looked at.
const POLL: Duration = Duration::from_millis(5);

/// The verify command of `envelope` when `run --verify` may use it: the failure is
/// effect-unknown and the envelope is the command's own canonical one, its last line of stdout
/// (`printed` is that line; an envelope read from another dialect, or found inside data the
/// command passed through, never names a command for failwise to run).
pub fn of<'a>(envelope: &'a Envelope, printed: Option<&str>) -> Option<&'a Verify> {
    (envelope.retry() == Retry::Unknown && printed.is_some() && envelope.source().is_none())
        .then(|| envelope.verify())
        .flatten()
}

/// Runs `verify` (bounded by `timeout`, else a minute) and says what its exit status means,
/// with what happened as the value for `params.verify` when it cannot tell.
pub fn check(
    verify: &Verify,
    timeout: Option<Duration>,
    kill_after: Duration,
    presentation: &Presentation,
) -> (Verified, Value) {
    let argv = verify.command();
    let shown: Vec<String> = argv
        .iter()
        .map(|w| failwise::phrase::shell_word(w).into_owned())
        .collect();
    let err = Output::stderr(presentation);
    let shown = presentation.redactor().redact(&shown.join(" ")).text;
    // A control character in an argument would forge failwise's own lines on stderr.
    let shown = failwise::render::visible(&shown).into_owned();
    let note = Phrase::new("verify-running").arg("command", shown);
    err.line(&presentation.note_line(&note));
    let limit = timeout.unwrap_or(DEFAULT_LIMIT);
    let (answer, detail) = match run(argv, limit, kill_after, presentation) {
        Ok(Some(code)) => (Verified::from_exit(Some(code)), json!({ "exit": code })),
        Ok(None) => (Verified::CannotTell, json!({ "signaled": true })),
        Err(Failed::TimedOut) => (
            Verified::CannotTell,
            json!({ "timed_out_after_ms": u64::try_from(limit.as_millis()).unwrap_or(u64::MAX) }),
        ),
        Err(Failed::NotStarted(error)) => (
            Verified::CannotTell,
            json!({ "not_started": error.to_string() }),
        ),
    };
    let mut value = json!({ "command": argv, "outcome": answer.as_str() });
    if let (Value::Object(map), Value::Object(more)) = (&mut value, detail) {
        map.extend(more);
    }
    (answer, value)
}

/// Why a verify command gave no exit status.
enum Failed {
    TimedOut,
    NotStarted(io::Error),
}

/// Runs `argv` with stdin closed and both output streams passed to failwise's stderr (the
/// known secret values masked, as in the command's own output); its exit code, `None` when a
/// signal ended it. Past `limit` it gets SIGTERM, then SIGKILL after `kill_after`.
fn run(
    argv: &[String],
    limit: Duration,
    kill_after: Duration,
    presentation: &Presentation,
) -> Result<Option<i32>, Failed> {
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| Failed::NotStarted(io::ErrorKind::InvalidInput.into()))?;
    let masking = presentation.redactor().stream().is_some();
    let to_stderr = || {
        if masking {
            return Ok(Stdio::piped());
        }
        io::stderr()
            .as_fd()
            .try_clone_to_owned()
            .map(Stdio::from)
            .map_err(Failed::NotStarted)
    };
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(to_stderr()?)
        .stderr(to_stderr()?)
        .spawn()
        .map_err(Failed::NotStarted)?;
    let pumps: Vec<std::thread::JoinHandle<()>> = [
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn io::Read + Send>),
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn io::Read + Send>),
    ]
    .into_iter()
    .flatten()
    .map(|from| {
        let mask = presentation.redactor().stream();
        std::thread::spawn(move || pump(from, mask))
    })
    .collect();
    let ended = wait(&mut child, limit, kill_after);
    // Something the verify command started may still hold its output: it is given
    // `kill_after` to finish, then left behind rather than waited for.
    let deadline = Instant::now() + kill_after;
    while pumps.iter().any(|p| !p.is_finished()) && Instant::now() < deadline {
        std::thread::sleep(POLL);
    }
    ended
}

/// Copies `from` to stderr through `mask` until it ends.
fn pump(mut from: Box<dyn io::Read + Send>, mut mask: Option<failwise::redact::StreamRedactor>) {
    use std::io::Write;
    let mut buf = [0u8; 8192];
    let mut out = Vec::new();
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        out.clear();
        match mask.as_mut() {
            Some(mask) => mask.feed(&buf[..n], &mut out),
            None => out.extend_from_slice(&buf[..n]),
        }
        let _ = io::stderr().lock().write_all(&out);
    }
    out.clear();
    if let Some(mask) = mask.as_mut() {
        mask.finish(&mut out);
    }
    let _ = io::stderr().lock().write_all(&out);
}

/// Waits for `child` within `limit`, then SIGTERM, then SIGKILL after `kill_after`.
fn wait(
    child: &mut std::process::Child,
    limit: Duration,
    kill_after: Duration,
) -> Result<Option<i32>, Failed> {
    let started = Instant::now();
    let mut terminated = None;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                return if terminated.is_some() {
                    Err(Failed::TimedOut)
                } else {
                    Ok(status.code())
                };
            }
            Ok(None) => {}
            Err(error) => return Err(Failed::NotStarted(error)),
        }
        let elapsed = started.elapsed();
        match terminated {
            None if elapsed >= limit => {
                let pid = rustix::process::Pid::from_child(child);
                let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
                terminated = Some(elapsed);
            }
            Some(at) if elapsed >= at + kill_after => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(Failed::TimedOut);
            }
            _ => {}
        }
        std::thread::sleep(POLL);
    }
}
