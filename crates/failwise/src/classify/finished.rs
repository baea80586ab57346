//! What a supervisor kept of a command that has ended, read in one call ([`read_finished`]):
//! the reading part of `failwise run`, shared with any other caller that holds a finished
//! command's output (the Python package's `classify`), so both answer alike.
//!
//! The supervisor keeps the last [`TAIL_BYTES`] of each stream and counts the rest; this module
//! decodes the tails, masks the secrets of the stderr tail before the classifier cuts it (a cut
//! then never shows part of a secret), and hands the result to [`meaning`].

use std::time::Duration;

use super::{Context, Ended, Failure, Meaning, Termination, meaning};
use crate::redact::Redactor;

/// How much of the end of each stream a supervisor keeps for classification, in bytes
/// (64 KiB); [`read_finished`] reads no more than this of either stream.
pub const TAIL_BYTES: usize = 64 * 1024;

/// What a supervisor kept of a command that ended with a failure or was stopped at its limit.
#[derive(Debug, Clone, Copy)]
pub struct Finished<'a> {
    /// The command as run: the program, then its arguments.
    pub command: &'a [String],
    /// How it ended.
    pub termination: Termination,
    /// The end of its stdout, as bytes; only the last [`TAIL_BYTES`] are read.
    pub stdout: &'a [u8],
    /// The end of its stderr, as bytes; only the last [`TAIL_BYTES`] are read.
    pub stderr: &'a [u8],
    /// How many bytes the command wrote to stderr in all (at least `stderr.len()`): more than
    /// the tail means the tail is a cut.
    pub stderr_total: u64,
    /// The time limit the supervisor stopped the command at, when it did.
    pub timed_out: Option<Duration>,
}

/// What the finished command means ([`meaning`]): its tails decoded (invalid UTF-8 replaced),
/// its stderr masked whole by `redactor` before its tail is cut, the masks made counted in
/// `params.redacted`; `context` gives the executables, the rule packs and the masks made in the
/// pass-through (its `redacted` is replaced by this call's count).
///
/// # Examples
///
/// ```
/// use failwise::ExitStatus;
/// use failwise::classify::{Context, Finished, Termination, read_finished};
/// use failwise::redact::Redactor;
/// let command = vec![String::from("ls"), String::from("/nope")];
/// let stderr = b"ls: cannot access '/nope': No such file or directory\n";
/// let finished = Finished {
///     command: &command,
///     termination: Termination::Exited(ExitStatus::new(2).expect("non-zero")),
///     stdout: b"",
///     stderr,
///     stderr_total: stderr.len() as u64,
///     timed_out: None,
/// };
/// let answer = read_finished(&finished, &Redactor::new(), Context::default());
/// assert_eq!(answer.envelope.code().as_str(), "ENOENT");
/// assert_eq!(answer.envelope.exit().get(), 2);
/// ```
pub fn read_finished(
    finished: &Finished<'_>,
    redactor: &Redactor,
    context: Context<'_>,
) -> Meaning {
    let stdout = String::from_utf8_lossy(tail(finished.stdout));
    let stderr_tail = tail(finished.stderr);
    // When only the end of a longer stream is here, a secret cut at the window's start is
    // masked too.
    let total = finished.stderr_total.max(finished.stderr.len() as u64);
    let cut_before = total > stderr_tail.len() as u64;
    let stderr = redactor.redact_window(&String::from_utf8_lossy(stderr_tail), cut_before, false);
    let failure = Failure {
        command: finished.command,
        termination: finished.termination,
        stdout: &stdout,
        stderr: &stderr.text,
        // The raw size only when the tail is a cut: a masked secret changes the text's
        // length, and that is a redaction (`params.redacted`), not a cut (`truncated`).
        stderr_bytes: if cut_before {
            total
        } else {
            stderr.text.len() as u64
        },
    };
    let ended = match finished.timed_out {
        Some(limit) => Ended::TimedOut { failure, limit },
        None => Ended::Failed(failure),
    };
    let context = Context {
        redacted: stderr.count,
        ..context
    };
    meaning(&ended, &context)
}

/// The last [`TAIL_BYTES`] of `bytes`.
fn tail(bytes: &[u8]) -> &[u8] {
    &bytes[bytes.len().saturating_sub(TAIL_BYTES)..]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::ExitStatus;

    fn finished<'a>(command: &'a [String], stderr: &'a [u8], total: u64) -> Finished<'a> {
        Finished {
            command,
            termination: Termination::Exited(ExitStatus::FAILURE),
            stdout: b"",
            stderr,
            stderr_total: total,
            timed_out: None,
        }
    }

    #[test]
    fn a_registered_secret_is_masked_before_the_tail_is_read_and_counted() {
        let command = vec!["deploy".to_owned()];
        let mut redactor = Redactor::new();
        redactor.register("hunter2-very-secret").expect("accepted");
        let stderr = b"deploy: login failed for token hunter2-very-secret\n";
        let answer = read_finished(
            &finished(&command, stderr, stderr.len() as u64),
            &redactor,
            Context::default(),
        );
        let line = answer.envelope.to_json_line();
        assert!(!line.contains("hunter2-very-secret"), "{line}");
        assert_eq!(answer.envelope.params()["redacted"], 1, "{line}");
        // A masked secret shortens nothing that was cut: no `truncated` for a whole stream.
        assert!(answer.envelope.truncated().is_empty(), "{line}");
    }

    #[test]
    fn only_the_tail_is_read_and_a_longer_stream_is_a_cut() {
        let command = vec!["tool".to_owned()];
        let mut stderr = vec![b'x'; TAIL_BYTES + 10];
        stderr.extend_from_slice(b"\ntool: No such file or directory\n");
        let answer = read_finished(
            &finished(&command, &stderr, stderr.len() as u64),
            &Redactor::new(),
            Context::default(),
        );
        assert_eq!(answer.envelope.code().as_str(), "ENOENT");
        let cut = answer.envelope.truncated();
        assert_eq!(
            cut.get("/params/stderr"),
            Some(&(stderr.len() as u64)),
            "{cut:?}"
        );
    }

    #[test]
    fn a_limit_makes_it_a_timeout() {
        let command = vec!["sleep".to_owned(), "9".to_owned()];
        let answer = read_finished(
            &Finished {
                timed_out: Some(Duration::from_secs(1)),
                ..finished(&command, b"", 0)
            },
            &Redactor::new(),
            Context::default(),
        );
        assert_eq!(answer.envelope.code().as_str(), "TIMEOUT");
        assert_eq!(answer.envelope.exit().get(), 124);
    }
}
