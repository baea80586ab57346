//! A block of text that is no record (a log, a traceback, an SDK's printed exception), read as
//! `failwise run` reads a failed command's stderr: the [`BlockReader`] that `failwise
//! normalize` reads text blocks with ([`crate::dialect::blocks`]).

use super::{Failure, Termination};
use crate::code::ExitStatus;
use crate::dialect::blocks::BlockReader;
use crate::envelope::Envelope;

/// Reads a text block as the stderr of a command that failed with status 1: every reader
/// applies (the rule packs, errno and HTTP texts, uncaught exceptions, records embedded in the
/// text). A block that only an exit status would explain (`EXIT_<n>`) holds no failure that
/// can be told, and gives `None`.
///
/// Nothing was run, so the program is the one the block names ([`program_named`]: the
/// `curl:` of `curl: (7) …`, the interpreter of a traceback), else the input's name; it is
/// `params.program` and `params.command`, and scopes the packs' rules as a command's name
/// does. The envelope's `exit` is 1.
///
/// # Examples
///
/// ```
/// use failwise::classify::TextFailure;
/// use failwise::dialect::blocks::BlockReader;
/// let text = "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\nFileNotFoundError: [Errno 2] No such file or directory: 'conf.toml'";
/// let reader = TextFailure::of("build.log");
/// let envelope = reader.read(text).expect("a failure");
/// assert_eq!(envelope.code().as_str(), "ENOENT");
/// assert_eq!(envelope.params()["program"], "python");
/// assert!(reader.read("downloading 3 files\ndone").is_none());
/// ```
#[derive(Debug, Default, Clone)]
pub struct TextFailure {
    input: String,
}

impl TextFailure {
    /// The reader of the text blocks of the input named `input` (a file name, `-` for
    /// standard input): the program of a block that names none.
    pub fn of(input: &str) -> Self {
        Self {
            input: input.to_owned(),
        }
    }
}

/// The labels that start a line as a program's name does but name none (`fatal: …`).
const LABELS: &[&str] = &[
    "error", "fatal", "warning", "warn", "info", "debug", "hint", "note", "usage", "panic",
];

/// The program a block of text names: the interpreter whose uncaught failure it shows
/// (`python` for a `Traceback`, `java` for `Exception in thread`), else the `name: ` prefix of
/// its last line (the failure that ended it) when `name` is spelled as programs are (lower case letters, digits, `.`,
/// `_`, `+`, `-`, at most 32) and is no label such as `fatal` or `error`.
pub fn program_named(text: &str) -> Option<&str> {
    if text.contains("Traceback (most recent call last):") {
        return Some("python");
    }
    if text.contains("Exception in thread \"") {
        return Some("java");
    }
    let last = text.lines().rev().find(|line| !line.trim().is_empty())?;
    let (word, _) = last.split_once(": ")?;
    let spelled = (1..=32).contains(&word.len())
        && word.starts_with(|c: char| c.is_ascii_lowercase())
        && word
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._+-".contains(c));
    (spelled && !LABELS.contains(&word)).then_some(word)
}

impl BlockReader for TextFailure {
    fn read(&self, text: &str) -> Option<Envelope> {
        let program = program_named(text).unwrap_or(&self.input);
        let command = [program.to_owned()];
        let failure = Failure {
            command: &command,
            termination: Termination::Exited(ExitStatus::FAILURE),
            stdout: "",
            stderr: text,
            stderr_bytes: text.len() as u64,
        };
        let envelope = failure.envelope();
        if envelope.code().as_str().starts_with("EXIT_") {
            return None;
        }
        Some(envelope)
    }
}
