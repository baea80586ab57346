//! What a command's run that did not succeed means, in one call ([`meaning`]): the call
//! `failwise run` makes once a command has ended, and the one [`Failure::envelope`] makes, so
//! the corpus tests go through the binary's path.
//!
//! A run ends in one of three ways ([`Ended`]): the command could not be started, its
//! supervisor stopped it at its time limit, or it failed on its own (a non-zero exit status or
//! a signal). What the supervisor knows beside the output (where the executables are, what it
//! masked on the way) is the [`Context`]; the answer is built in one pass, without reopening
//! the envelope for each thing the supervisor adds.

use std::io;
use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;

use super::{Failure, Packs, Stream};
use crate::envelope::Envelope;
use crate::redact::REDACTED_PARAM;

/// The `params` key that counts the secret values masked in the command's stdout and stderr
/// as they passed through (the envelope's own redactions are counted in `params.redacted`).
pub const OUTPUT_REDACTED_PARAM: &str = "output_redacted";

/// How a run that did not succeed ended.
#[derive(Debug, Clone, Copy)]
pub enum Ended<'a> {
    /// The command could not be started: `error` is what starting it returned.
    NotStarted {
        /// The command as given: the program, then its arguments.
        command: &'a [String],
        /// The error of the start (`NotFound`, `PermissionDenied`, …).
        error: &'a io::Error,
    },
    /// The command ran and failed: it exited with a non-zero status or died of a signal.
    Failed(Failure<'a>),
    /// The supervisor stopped the command because it ran longer than `limit`.
    TimedOut {
        /// What the supervisor saw of the command until it stopped.
        failure: Failure<'a>,
        /// The time limit it ran past.
        limit: Duration,
    },
}

/// Where the executables a command could have meant are found: the supervisor's view of
/// `PATH`. The library reads no environment variable and lists no directory of its own.
pub trait Programs {
    /// The file that `name` runs: `name` itself when it holds a `/`, else the first
    /// executable of that name on `PATH`.
    fn resolve(&self, name: &str) -> Option<PathBuf>;
    /// The executables whose names are nearest to `name`, best first (may be empty).
    fn nearby(&self, name: &str) -> Vec<String>;
}

/// What the supervisor knows beside the command's output.
#[derive(Clone, Copy, Default)]
pub struct Context<'a> {
    /// Where executables are found; without it, no program is looked up (no `nearby` for a
    /// missing command, no `#!` line read).
    pub programs: Option<&'a dyn Programs>,
    /// Secrets masked in `stderr` before it reached the classifier (it was redacted whole
    /// before its tail was cut), added to `params.redacted`.
    pub redacted: u64,
    /// Secret values masked in stdout and stderr as they passed through, as
    /// `params.output_redacted`.
    pub output_redacted: u64,
    /// The rule packs the output is read with; `None` means the built-in packs
    /// ([`Packs::built_in`]), and [`Packs::with_user`] adds a user's.
    pub packs: Option<&'a Packs>,
}

impl std::fmt::Debug for Context<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("programs", &self.programs.is_some())
            .field("redacted", &self.redacted)
            .field("output_redacted", &self.output_redacted)
            .field("packs", &self.packs.map(Packs::len))
            .finish()
    }
}

/// What a run that did not succeed means.
#[derive(Debug, Clone, PartialEq)]
pub struct Meaning {
    /// The one envelope that says it.
    pub envelope: Envelope,
    /// When the envelope is one the command printed itself, as the last line of its stdout:
    /// that line as printed (trimmed). A supervisor that would print the same line again can
    /// leave it, since it is already the last line of the output.
    pub printed_line: Option<String>,
}

/// What the run `ended` means, given what the supervisor knows (`context`):
///
/// - not started: `COMMAND_NOT_FOUND` (127) or `CANNOT_EXECUTE` (126)
///   ([`super::spawn_failure`]), or `INTERPRETER_NOT_FOUND` when the program exists but its
///   `#!` line names an interpreter that does not ([`super::interpreter_missing`]), with the
///   executables nearest to the name that could not run in `nearby`;
/// - timed out: `TIMEOUT`, exit 124 ([`Failure::timed_out`]);
/// - failed: the command's own envelope when it printed one, its `exit` reconciled with the
///   real status ([`super::reconcile_exit`]); else the first rule that knows
///   ([`Failure::finding_with`] the context's packs), with the executables nearest to a program the command could not
///   find (`COMMAND_NOT_FOUND` read from its stderr) in `nearby`.
///
/// The context's redaction counts are added to `params` of whichever envelope it is.
///
/// # Examples
///
/// ```
/// use failwise::ExitStatus;
/// use failwise::classify::{Context, Ended, Failure, Termination, meaning};
/// let command = vec![String::from("ls"), String::from("/nope")];
/// let stderr = "ls: cannot access '/nope': No such file or directory\n";
/// let failure = Failure {
///     command: &command,
///     termination: Termination::Exited(ExitStatus::new(2).expect("non-zero")),
///     stdout: "",
///     stderr,
///     stderr_bytes: stderr.len() as u64,
/// };
/// let answer = meaning(&Ended::Failed(failure), &Context::default());
/// assert_eq!(answer.envelope.code().as_str(), "ENOENT");
/// assert_eq!(answer.printed_line, None);
/// ```
pub fn meaning(ended: &Ended<'_>, context: &Context<'_>) -> Meaning {
    let extras = extras(context);
    match *ended {
        Ended::NotStarted { command, error } => Meaning {
            envelope: with_params(not_started(command, error, context.programs), extras),
            printed_line: None,
        },
        Ended::TimedOut { failure, limit } => Meaning {
            envelope: with_params(failure.timed_out(limit), extras),
            printed_line: None,
        },
        Ended::Failed(failure) => failed(&failure, context, extras),
    }
}

/// The params the context adds, those with something to count.
fn extras(context: &Context<'_>) -> Vec<(String, Value)> {
    [
        (REDACTED_PARAM, context.redacted),
        (OUTPUT_REDACTED_PARAM, context.output_redacted),
    ]
    .into_iter()
    .filter(|(_, n)| *n > 0)
    .map(|(name, n)| (name.to_owned(), n.into()))
    .collect()
}

/// A command that ran and failed: its own envelope, else the rules.
fn failed(failure: &Failure<'_>, context: &Context<'_>, extras: Vec<(String, Value)>) -> Meaning {
    let status = failure.termination.exit_status();
    if let Some(found) = super::recognize_exited(failure.stdout, failure.stderr, status) {
        let printed_line = (found.stream == Stream::Stdout && found.last_line)
            .then(|| found.line.trim().to_owned());
        let envelope = super::reconcile_exit(found.envelope, status);
        // The redactions the command's own envelope already counts are added to.
        let extras: Vec<_> = extras
            .into_iter()
            .map(|(name, value)| match envelope.params().get(&name) {
                Some(earlier) if name == REDACTED_PARAM => {
                    let total = value.as_u64().unwrap_or(0) + earlier.as_u64().unwrap_or(0);
                    (name, Value::from(total))
                }
                _ => (name, value),
            })
            .collect();
        return Meaning {
            envelope: with_params(envelope, extras),
            printed_line,
        };
    }
    // A JSON line that is no record of its own (a structured log's fields, a JSON string
    // holding a record) is read by its strings, decoded, as more lines of text.
    let decoded = [failure.stdout, failure.stderr].map(super::decoded::strings_of);
    if !decoded.iter().all(String::is_empty) {
        let inner = decoded.concat();
        if let Some(found) = super::recognize_exited("", &inner, status) {
            let envelope = super::reconcile_exit(found.envelope, status);
            return Meaning {
                envelope: with_params(envelope, extras),
                printed_line: None,
            };
        }
    }
    let widened;
    let read = if decoded.iter().all(String::is_empty) {
        *failure
    } else {
        widened = format!("{}\n{}", failure.stderr, decoded.concat());
        Failure {
            stderr: &widened,
            ..*failure
        }
    };
    let mut finding = read.finding_with(context.packs.unwrap_or_else(|| Packs::built_in()));
    if finding.code.as_str() == "COMMAND_NOT_FOUND"
        && finding.nearby.is_empty()
        && let Some(programs) = context.programs
        && let Some(name) = finding
            .params
            .iter()
            .find(|(key, _)| key == "name")
            .and_then(|(_, value)| value.as_str())
    {
        finding.nearby = programs.nearby(name);
    }
    finding.params.extend(extras);
    Meaning {
        envelope: failure.assemble(finding),
        printed_line: None,
    }
}

/// The envelope for a command that could not be started. `NotFound` for a file that exists
/// means the interpreter its `#!` line names is missing: that is said, with the executables
/// nearest to the interpreter's name, rather than "command not found".
fn not_started(command: &[String], error: &io::Error, programs: Option<&dyn Programs>) -> Envelope {
    let program = command.first().map_or("", String::as_str);
    let Some(programs) = programs else {
        return super::spawn_failure(command, error, Vec::new());
    };
    if error.kind() == io::ErrorKind::NotFound
        && let Some(script) = programs.resolve(program)
        && let Some(shebang) = super::shebang(&script)
    {
        // With CRLF line endings the interpreter itself is usually there.
        let nearby = if shebang.crlf {
            Vec::new()
        } else {
            programs.nearby(shebang.name())
        };
        let script = script.to_string_lossy();
        return super::interpreter_missing(command, &script, &shebang, nearby);
    }
    super::spawn_failure(command, error, programs.nearby(program))
}

/// `envelope` with `params` added, reopened only when there is something to add.
fn with_params(envelope: Envelope, params: Vec<(String, Value)>) -> Envelope {
    if params.is_empty() {
        return envelope;
    }
    let fallback = envelope.clone();
    envelope
        .into_draft()
        .params(params)
        .with_current_recovery()
        .unwrap_or(fallback)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ExitStatus;
    use crate::classify::Termination;

    struct OnPath(&'static [&'static str]);

    impl Programs for OnPath {
        fn resolve(&self, _: &str) -> Option<PathBuf> {
            None
        }
        fn nearby(&self, name: &str) -> Vec<String> {
            crate::suggest::nearby(name, self.0.iter().copied())
        }
    }

    fn exited<'a>(
        command: &'a [String],
        exit: u8,
        stdout: &'a str,
        stderr: &'a str,
    ) -> Failure<'a> {
        Failure {
            command,
            termination: Termination::Exited(ExitStatus::new(exit).expect("non-zero")),
            stdout,
            stderr,
            stderr_bytes: stderr.len() as u64,
        }
    }

    #[test]
    fn a_program_the_command_could_not_find_gets_the_nearest_executables() {
        let command = vec![String::from("sh"), String::from("-c"), String::from("gti")];
        let failure = exited(&command, 127, "", "sh: 1: gti: not found\n");
        let context = Context {
            programs: Some(&OnPath(&["git", "grep"])),
            ..Context::default()
        };
        let answer = meaning(&Ended::Failed(failure), &context);
        assert_eq!(answer.envelope.code().as_str(), "COMMAND_NOT_FOUND");
        assert_eq!(answer.envelope.nearby(), ["git"]);
        let plain = meaning(&Ended::Failed(failure), &Context::default());
        assert!(plain.envelope.nearby().is_empty());
    }

    #[test]
    fn the_counts_of_the_context_are_params_of_every_answer() {
        let command = vec![String::from("tool")];
        let line = r#"{"error":true,"code":"E_X","exit":3,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"do z","params":{"redacted":1}}"#;
        let context = Context {
            redacted: 2,
            output_redacted: 3,
            ..Context::default()
        };
        let own = meaning(&Ended::Failed(exited(&command, 3, line, "")), &context);
        assert_eq!(own.printed_line.as_deref(), Some(line));
        assert_eq!(own.envelope.params()[REDACTED_PARAM], 3);
        assert_eq!(own.envelope.params()[OUTPUT_REDACTED_PARAM], 3);
        let classified = meaning(&Ended::Failed(exited(&command, 3, "", "odd\n")), &context);
        assert_eq!(classified.envelope.params()[REDACTED_PARAM], 2);
        let timed_out = Ended::TimedOut {
            failure: exited(&command, 1, "", ""),
            limit: Duration::from_millis(500),
        };
        let stopped = meaning(&timed_out, &context).envelope;
        assert_eq!(
            (stopped.code().as_str(), stopped.exit().get()),
            ("TIMEOUT", 124)
        );
        assert_eq!(stopped.params()[OUTPUT_REDACTED_PARAM], 3);
        let error = io::Error::from(io::ErrorKind::NotFound);
        let not_started = Ended::NotStarted {
            command: &command,
            error: &error,
        };
        let missing = meaning(&not_started, &Context::default()).envelope;
        assert_eq!(missing.code().as_str(), "COMMAND_NOT_FOUND");
        assert!(!missing.params().contains_key(REDACTED_PARAM));
    }
}
