//! Classifying a failed command from what is known for certain: its code, exit status and
//! retry verdict.
//!
//! A [`Failure`] is what a supervisor saw of a command that failed: its argv, how it ended, and
//! the tails of its stdout and stderr. [`Failure::envelope`] turns it into one canonical
//! [`Envelope`]:
//!
//! 1. when the command printed an envelope of its own, that envelope is the answer
//!    ([`recognize`](fn@recognize)), with its `exit` checked against the real exit status
//!    ([`reconcile_exit`]);
//! 2. otherwise the rules below run in this order, and the first that knows wins:
//!    death by a signal (certain), exit 126/127 naming the program a shell could not run (the
//!    shell's convention), the rule packs ([`packs`]: tools' fixed messages as data), any
//!    other exit 126/127 as the bare convention, the fixed messages of known tools still read
//!    in Rust (git, sqlite3, cargo/rustc, clap), errno names and
//!    strerror texts, the packs' `fallback` rules (a wrapper's bare "it failed"), an exit
//!    status above 128 (a shell's report of a signal), the sysexits of
//!    `<sysexits.h>`;
//! 3. what none of them knows is said: `EXIT_<n>`, `ambiguous`, `retry: no`, and a recovery that
//!    says how to find out.
//!
//! Only texts that are stable by contract are recognised (strerror strings, errno names, a
//! tool's fixed and documented messages); a verdict is never guessed from free prose.

mod cargo;
mod cause;
mod clap;
mod decoded;
mod ended;
pub mod errno;
mod examples;
mod exception;
mod exit;
pub mod explain;
mod finished;
mod git;
mod interpreter;
mod invoked;
pub mod packs;
mod recognize;
pub mod signal;
mod spawn;
mod sqlite;
mod text_block;

use serde_json::Value;

use crate::code::{Code, ExitStatus};
use crate::envelope::{Envelope, Location, Provider};
use crate::phrase::Phrase;
use crate::truncate;
use crate::verdict::Verdict;

pub use ended::{Context, Ended, Meaning, OUTPUT_REDACTED_PARAM, Programs, meaning};
pub use finished::{Finished, TAIL_BYTES, read_finished};
pub use interpreter::{Shebang, interpreter_missing, shebang, shell_word};
pub use invoked::programs_run;
pub use packs::Packs;
pub use recognize::{Recognized, Stream, recognize, recognize_exited, reconcile_exit};
pub use spawn::spawn_failure;
pub use text_block::{TextFailure, program_named};

/// The most of stderr kept in `params.stderr`, in bytes (the tail; what was cut is recorded in
/// `truncated` under `/params/stderr`).
pub const STDERR_TAIL_BYTES: usize = 4096;

/// The exit status of a command stopped at its time limit: 124, as coreutils `timeout` exits.
pub const EXIT_TIMEOUT: ExitStatus = match ExitStatus::new(124) {
    Some(status) => status,
    None => ExitStatus::FAILURE,
};

/// How a command ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    /// It exited with this status.
    Exited(ExitStatus),
    /// It exited with status 0. A command that succeeded is no failure, so this is seen only
    /// after a deadline: the command finished when it was told to stop (`params.exit` is 0),
    /// and the failure is the timeout's.
    Succeeded,
    /// It was killed by this signal number.
    Signaled(u8),
}

impl Termination {
    /// The status a shell reports: the exit status, or `128 + N` for signal `N`.
    pub fn exit_status(self) -> ExitStatus {
        match self {
            Self::Exited(status) => status,
            Self::Succeeded => ExitStatus::FAILURE,
            Self::Signaled(signal) => ExitStatus::from_signal(signal),
        }
    }
}

/// What a supervisor saw of a command that failed.
#[derive(Debug, Clone, Copy)]
pub struct Failure<'a> {
    /// The command as run: the program, then its arguments.
    pub command: &'a [String],
    /// How it ended.
    pub termination: Termination,
    /// The last part of its stdout (the supervisor keeps a bounded tail), decoded lossily.
    pub stdout: &'a str,
    /// The last part of its stderr, decoded lossily.
    pub stderr: &'a str,
    /// The size in bytes of the stream `stderr` is the end of, to record what was cut: how
    /// many bytes the command wrote in all when the supervisor kept only a tail, and
    /// `stderr.len()` when `stderr` is the whole stream. A supervisor that rewrote the text
    /// (masked a secret, which changes its length) passes `stderr.len()` for a stream it kept
    /// whole, so a redaction is never recorded as a cut: redactions are counted in
    /// `params.redacted`, and `truncated` records only real cuts.
    pub stderr_bytes: u64,
}

/// What one rule found out about a failure: everything of the envelope except what the
/// command itself contributes (its argv, exit status and stderr tail).
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// The code, named in this order of preference: the source's own stable identifier (an
    /// errno name such as `ENOENT`, curl's `CURLE_…`, a signal name such as `SIGKILL`); else
    /// `HTTP_<status>`; else the tool's documented message as `TOOL_PHRASE`
    /// (`GIT_NOT_A_REPOSITORY`); else `COMMAND_NOT_FOUND` and the like; else `EXIT_<n>`.
    pub code: Code,
    /// Class, retry verdict and wait.
    pub verdict: Verdict,
    /// The message: a Fluent message whose English text starts with `{ $program }: ` and
    /// goes on with a lowercase fragment without a trailing period. Its variables are the
    /// envelope's (`params`, with `program` set, see [`crate::phrase`]) and its own arguments.
    pub message: Phrase,
    /// One imperative sentence that names a command, flag or path; `None` when the rule knows
    /// none, and the envelope then says how to find out (`classify-fallback-recovery`).
    pub recovery: Option<Phrase>,
    /// The variables of `message`, and what else the rule read.
    pub params: Vec<(String, Value)>,
    /// Did-you-mean values the tool itself printed, best first.
    pub nearby: Vec<String>,
    /// The file the failure is about.
    pub path: Option<String>,
    /// Where the offending input is.
    pub location: Option<Location>,
    /// The upstream failure, for network tools.
    pub provider: Option<Provider>,
    /// Other failures the output reported beside this one (a compiler's further errors),
    /// outermost first; they go to the envelope's `causes`.
    pub causes: Vec<crate::envelope::Cause>,
}

impl Finding {
    /// A finding with no params, nearby values, path, location or provider.
    pub fn new(code: Code, verdict: Verdict, message: Phrase, recovery: Phrase) -> Self {
        Self {
            code,
            verdict,
            message,
            recovery: Some(recovery),
            params: Vec::new(),
            nearby: Vec::new(),
            path: None,
            location: None,
            provider: None,
            causes: Vec::new(),
        }
    }

    /// A finding for a code of one fixed form, whose sentences are the Fluent messages
    /// `<CODE>-message` and `<CODE>-recovery` (as a catalog's are).
    pub fn fixed(code: Code, verdict: Verdict) -> Self {
        let message = Phrase::new(format!("{}-message", code.as_str()));
        let recovery = Phrase::new(format!("{}-recovery", code.as_str()));
        Self::new(code, verdict, message, recovery)
    }

    /// Adds a param.
    #[must_use]
    pub fn param(mut self, name: &str, value: impl Into<Value>) -> Self {
        self.params.push((name.to_owned(), value.into()));
        self
    }
}

/// `ambiguous`, `no`: nobody can tell why it failed, and resending it unchanged will not help.
pub(crate) const fn ambiguous_no() -> Verdict {
    match Verdict::new(crate::ErrorClass::Ambiguous, crate::Retry::No) {
        Ok(verdict) => verdict,
        Err(_) => Verdict::permanent(),
    }
}

/// `ambiguous`, `unknown`: the output does not say what kind of failure it was, nor whether
/// the command had done part of its work (DESIGN §3, "Effect unknown, which class").
pub(crate) const fn ambiguous_unknown() -> Verdict {
    match Verdict::new(crate::ErrorClass::Ambiguous, crate::Retry::Unknown) {
        Ok(verdict) => verdict,
        Err(_) => Verdict::permanent(),
    }
}

/// `transient`, `unknown`: the request went out and its answer was lost.
pub(crate) const fn transient_unknown() -> Verdict {
    Verdict::transient().effect_unknown()
}

/// Makes a code from a name this module spells itself, which is always valid.
pub(crate) fn code(text: &str) -> Code {
    Code::new(text).unwrap_or_else(|_| Code::normalize(text, "EXIT"))
}

impl Failure<'_> {
    /// The program's name: the last path component of `command[0]`.
    pub fn program(&self) -> &str {
        let first = self.command.first().map_or("", String::as_str);
        first.rsplit('/').next().unwrap_or(first)
    }

    /// The answer for this failure: the command's own envelope when it printed one (its `exit`
    /// reconciled with the real status), else [`Failure::classify`]. This is [`meaning`] of
    /// [`Ended::Failed`] with nothing known beside the output, the call `failwise run` makes.
    pub fn envelope(&self) -> Envelope {
        meaning(&Ended::Failed(*self), &Context::default()).envelope
    }

    /// Classifies from the exit status, the signal and the output, ignoring any envelope the
    /// command printed.
    pub fn classify(&self) -> Envelope {
        let finding = self.finding();
        self.assemble(finding)
    }

    /// The first rule that knows, in the order given in the module docs, with the built-in
    /// packs.
    pub fn finding(&self) -> Finding {
        self.finding_with(Packs::built_in())
    }

    /// [`Failure::finding`] with the rule packs `packs` (the built-in ones and a user's:
    /// [`Packs::with_user`]).
    pub fn finding_with(&self, packs: &Packs) -> Finding {
        if let Termination::Signaled(n) = self.termination {
            return signal::finding(n, false);
        }
        exit::shell_convention(self)
            .or_else(|| packs.finding(self))
            .or_else(|| exit::shell_status(self))
            .or_else(|| git::finding(self))
            .or_else(|| sqlite::finding(self))
            .or_else(|| cargo::finding(self))
            .or_else(|| clap::finding(self))
            .or_else(|| errno::finding(self))
            .or_else(|| packs.fallback_finding(self))
            .or_else(|| exit::signal_by_status(self))
            .or_else(|| exit::sysexits(self))
            .unwrap_or_else(|| exit::unknown(self))
    }

    /// The envelope for a command that its supervisor stopped because it ran longer than
    /// `limit`: `TIMEOUT`, exit 124 (the status of coreutils `timeout`), `transient` with
    /// `retry: unknown`, since the command had started and what it finished is unknown.
    pub fn timed_out(&self, limit: std::time::Duration) -> Envelope {
        let ms = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX);
        let finding = Finding::fixed(code("TIMEOUT"), transient_unknown()).param("timeout_ms", ms);
        self.assemble_with_exit(finding, EXIT_TIMEOUT)
    }

    fn assemble(&self, finding: Finding) -> Envelope {
        self.assemble_with_exit(finding, self.termination.exit_status())
    }

    fn assemble_with_exit(&self, finding: Finding, exit: ExitStatus) -> Envelope {
        let program = self.program();
        let code = finding.code.as_str().to_owned();
        let exception = finding
            .params
            .iter()
            .find(|(key, _)| key == "exception")
            .and_then(|(_, value)| value.as_str())
            .map(str::to_owned);
        let mut draft = Envelope::draft(finding.code, exit, "")
            .message_phrase(finding.message)
            .verdict(finding.verdict)
            .param("program", program)
            .param("command", self.command.to_vec());
        match self.termination {
            Termination::Exited(status) => draft = draft.param("exit", status.get()),
            Termination::Succeeded => draft = draft.param("exit", 0),
            Termination::Signaled(n) => draft = draft.param("signal", signal::name(n)),
        }
        draft = draft.params(finding.params);
        if !self.stderr.is_empty() {
            let kept = truncate::tail(self.stderr, STDERR_TAIL_BYTES);
            let original = self.stderr_bytes.max(self.stderr.len() as u64);
            if kept.cut_from.is_some() || original > kept.text.len() as u64 {
                draft = draft.truncated("/params/stderr", original);
            }
            draft = draft.param("stderr", kept.text);
        }
        if let Some(path) = finding.path {
            draft = draft.path(path);
        }
        draft = exception::attach(draft, self.stderr, &code, exception.as_deref());
        draft = draft.causes(finding.causes);
        if let Some(location) = finding.location {
            draft = draft.location(location);
        }
        if let Some(provider) = finding.provider {
            draft = draft.provider(provider);
        }
        let recovery = finding
            .recovery
            .unwrap_or_else(|| Phrase::new("classify-fallback-recovery"));
        draft.nearby(finding.nearby).with_recovery_phrase(recovery)
    }
}

/// The lines of `text`, last first, with surrounding whitespace trimmed and blank lines left
/// out.
pub(crate) fn lines_rev(text: &str) -> impl Iterator<Item = &str> {
    text.lines().rev().map(str::trim).filter(|l| !l.is_empty())
}

/// The text between the first pair of quotes (`'…'`, `"…"`, `‘…’`, `` `…` ``) after `from` in
/// `line`.
pub(crate) fn quoted_after<'t>(line: &'t str, from: &str) -> Option<&'t str> {
    let rest = &line[line.find(from)? + from.len()..];
    quoted(rest)
}

/// The text between the first pair of quotes in `text`.
pub(crate) fn quoted(text: &str) -> Option<&str> {
    let (start, open) = text.char_indices().find(|(_, c)| "'\"‘`".contains(*c))?;
    let close = match open {
        '‘' => '’',
        other => other,
    };
    let inner = &text[start + open.len_utf8()..];
    let end = inner.find(close)?;
    Some(&inner[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failure<'a>(command: &'a [String], exit: u8, stderr: &'a str) -> Failure<'a> {
        Failure {
            command,
            termination: Termination::Exited(ExitStatus::new(exit).unwrap_or(ExitStatus::FAILURE)),
            stdout: "",
            stderr,
            stderr_bytes: stderr.len() as u64,
        }
    }

    #[test]
    fn quotes_of_every_kind_are_read() {
        assert_eq!(quoted("cannot access '/x y': No"), Some("/x y"));
        assert_eq!(quoted("cannot access ‘/x’: No"), Some("/x"));
        assert_eq!(quoted_after("for `cr` (bin", "for "), Some("cr"));
        assert_eq!(quoted("no quotes"), None);
    }

    #[test]
    fn a_long_stderr_keeps_its_tail_and_records_the_cut() {
        let command = vec![String::from("/usr/bin/tool")];
        let stderr = "x".repeat(10_000) + "\nlast line\n";
        let envelope = failure(&command, 1, &stderr).envelope();
        let kept = envelope.params()["stderr"].as_str().unwrap_or_default();
        assert!(kept.len() <= STDERR_TAIL_BYTES);
        assert!(kept.ends_with("last line\n"));
        assert_eq!(
            envelope.truncated().get("/params/stderr"),
            Some(&(stderr.len() as u64))
        );
        assert_eq!(envelope.params()["program"], "tool");
    }

    #[test]
    fn a_stderr_already_cut_by_the_supervisor_is_recorded_as_cut() {
        let command = vec![String::from("tool")];
        let mut f = failure(&command, 3, "tail only\n");
        f.stderr_bytes = 1_000_000;
        let envelope = f.envelope();
        assert_eq!(envelope.truncated().get("/params/stderr"), Some(&1_000_000));
    }

    #[test]
    fn an_unknown_failure_is_said_to_be_unknown() {
        let command = vec![String::from("mytool"), String::from("sync")];
        let envelope = failure(&command, 3, "something odd happened\n").envelope();
        assert_eq!(envelope.code().as_str(), "EXIT_3");
        assert_eq!(envelope.error_class(), crate::ErrorClass::Ambiguous);
        assert_eq!(envelope.retry(), crate::Retry::Unknown);
        assert!(envelope.recovery().contains("params.stderr"));
    }
}
