//! Recognising an envelope that the command printed itself: that envelope is the answer
//! (DESIGN.md §7, `recourse run`).
//!
//! This is the seam where other dialects plug in: today it reads canonical v1 lines with
//! [`Envelope::from_json`]; a dialect reader extends [`recognize`] without changing its
//! callers.

use crate::code::ExitStatus;
use crate::envelope::Envelope;

/// Which output stream an envelope was found on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// An envelope found in a command's output.
#[derive(Debug, Clone, PartialEq)]
pub struct Recognized {
    /// The envelope, as read.
    pub envelope: Envelope,
    /// The stream it was on.
    pub stream: Stream,
    /// The line as the command printed it, without its line ending.
    pub line: String,
    /// Whether it was the last non-blank line of that stream.
    pub last_line: bool,
}

/// The envelope the command printed, if any: the last line of stdout that reads as one, else
/// the last such line of stderr. Lines that do not start with `{` are skipped without parsing.
///
/// # Examples
///
/// ```
/// use recourse::classify::{recognize, Stream};
/// let stdout = "working\n{\"error\":true,\"code\":\"DB_LOCKED\",\"exit\":75,\"message\":\"database is locked\",\"error_class\":\"transient\",\"retry\":\"yes\",\"retryable\":true,\"recovery\":\"run it again\"}\n";
/// let found = recognize(stdout, "").expect("an envelope");
/// assert_eq!(found.envelope.code().as_str(), "DB_LOCKED");
/// assert_eq!((found.stream, found.last_line), (Stream::Stdout, true));
/// ```
pub fn recognize(stdout_tail: &str, stderr_tail: &str) -> Option<Recognized> {
    find(stdout_tail, Stream::Stdout).or_else(|| find(stderr_tail, Stream::Stderr))
}

fn find(text: &str, stream: Stream) -> Option<Recognized> {
    let mut lines = text
        .lines()
        .rev()
        .filter(|l| !l.trim().is_empty())
        .enumerate();
    lines.find_map(|(i, line)| {
        let trimmed = line.trim();
        if !trimmed.starts_with('{') || !trimmed.contains("\"error\"") {
            return None;
        }
        Envelope::from_json(trimmed)
            .ok()
            .map(|envelope| Recognized {
                envelope,
                stream,
                line: line.to_owned(),
                last_line: i == 0,
            })
    })
}

/// Checks the envelope's `exit` against the status the command really exited with.
///
/// DESIGN.md §2 says `exit` equals `$?`, and the real status is what a caller's `$?` shows, so
/// on a mismatch the envelope's `exit` is corrected to `real` and the value the command wrote
/// is kept in `params.reported_exit`. Every other field is kept as the command wrote it.
///
/// # Examples
///
/// ```
/// use recourse::{Envelope, ExitStatus, Code};
/// use recourse::classify::reconcile_exit;
/// let said = Envelope::draft(Code::new("X")?, ExitStatus::TEMPFAIL, "x").with_recovery("do y")?;
/// let fixed = reconcile_exit(said, ExitStatus::FAILURE);
/// assert_eq!(fixed.exit(), ExitStatus::FAILURE);
/// assert_eq!(fixed.params()["reported_exit"], 75);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn reconcile_exit(envelope: Envelope, real: ExitStatus) -> Envelope {
    if envelope.exit() == real {
        return envelope;
    }
    let reported = envelope.exit().get();
    let recovery = envelope.recovery().to_owned();
    let draft = envelope
        .into_draft()
        .exit(real)
        .param("reported_exit", reported);
    match draft.clone().with_recovery(recovery) {
        Ok(envelope) => envelope,
        Err(_) => draft
            .with_recovery("read the command's output to find out why it failed")
            .expect("a non-empty literal recovery"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = r#"{"error":true,"code":"E_X","exit":3,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"do z"}"#;

    #[test]
    fn stdout_wins_over_stderr_and_later_lines_over_earlier() {
        let other = LINE.replace("E_X", "E_Y");
        let found = recognize(&format!("{LINE}\n{other}\nafter\n"), LINE).expect("found");
        assert_eq!(found.envelope.code().as_str(), "E_Y");
        assert_eq!(found.stream, Stream::Stdout);
        assert!(!found.last_line);
        let found = recognize("plain\n", LINE).expect("found");
        assert_eq!(found.stream, Stream::Stderr);
    }

    #[test]
    fn lines_that_break_an_invariant_are_not_answers() {
        let broken = LINE.replace(r#""retryable":false"#, r#""retryable":true"#);
        assert_eq!(recognize(&broken, ""), None);
        assert_eq!(recognize("{not json", "{\"error\": 1}"), None);
    }

    #[test]
    fn a_matching_exit_is_left_alone() {
        let envelope = Envelope::from_json(LINE).expect("valid");
        let same = reconcile_exit(envelope.clone(), envelope.exit());
        assert_eq!(same, envelope);
        assert!(!same.params().contains_key("reported_exit"));
    }
}
