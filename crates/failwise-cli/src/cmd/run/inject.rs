//! `failwise run --inject SPEC --seed N`: a fault drawn for each attempt of the command, by
//! the same seeded draws as `failwise mcp --inject` ([`failwise::inject`]), the command's
//! program (its file name) standing for the tool in a spec's `TOOL:FAULT=CHANCE` rules.
//!
//! A `rate_limit` answers the attempt before it runs (HTTP 429 with a 1 s wait); the other
//! faults let the command run to its end (its effect lands, its output passes through) and
//! then answer in its place: `timeout` as `--timeout` would have (its limit, else the time the
//! attempt took), `crash` as a command killed by SIGKILL, both read by the same library call
//! as a real run, and `unknown` as a result lost (`RESULT_LOST`). Each is logged on stderr and
//! marked in the envelope (`params.injected`).

use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::ExitStatus;

use failwise::inject::{Fault, InjectSpec, Injector};
use failwise::{Envelope, Phrase};
use rustix::process::Signal;

use super::supervise::Ended;
use crate::output::Output;
use crate::presentation::Presentation;

/// Reads `--inject`'s spec ([`InjectSpec::parse`]).
pub fn parse_spec(text: &str) -> Result<InjectSpec, String> {
    InjectSpec::parse(text).map_err(|e| e.to_string())
}

/// The faults of one `failwise run`: none without `--inject`.
pub struct Faults {
    injector: Option<Injector>,
    program: String,
}

impl Faults {
    /// The faults of `spec` drawn from `seed` for the attempts of `argv`'s program.
    pub fn new(spec: Option<InjectSpec>, seed: u64, argv: &[String]) -> Self {
        let program = argv
            .first()
            .map(|p| {
                Path::new(p)
                    .file_name()
                    .map_or_else(|| p.clone(), |name| name.to_string_lossy().into_owned())
            })
            .unwrap_or_default();
        Self {
            injector: spec.map(|spec| Injector::new(spec, seed)),
            program,
        }
    }

    /// The fault drawn for attempt `attempt`, if any, logged on stderr.
    pub fn draw(&mut self, attempt: u32, presentation: &Presentation) -> Option<Fault> {
        let fault = self.injector.as_mut()?.decide(&self.program)?;
        let note = Phrase::new("run-injected")
            .arg("fault", fault.name())
            .arg("attempt", attempt)
            .arg("program", self.program.clone());
        Output::stderr(presentation).line(&presentation.warning_line(&note));
        Some(fault)
    }

    /// The envelope of an injected rate limit, answered before the attempt runs.
    pub fn rate_limited(&self) -> Envelope {
        failwise::inject::rate_limited(&self.program, failwise::inject::RATE_LIMIT_WAIT)
    }

    /// The envelope of an injected lost result, answered after the attempt ran.
    pub fn result_lost(&self) -> Envelope {
        failwise::inject::result_lost(&self.program)
    }
}

/// `ended` as `fault` makes it look: stopped by the deadline's SIGTERM (`timeout`) or killed
/// by SIGKILL (`crash`); unchanged for the other faults.
pub fn disguise(mut ended: Ended, fault: Option<Fault>) -> Ended {
    match fault {
        Some(Fault::Timeout) => {
            ended.status = ExitStatus::from_raw(Signal::TERM.as_raw());
            ended.timed_out = Some(Signal::TERM);
        }
        Some(Fault::Crash) => {
            ended.status = ExitStatus::from_raw(Signal::KILL.as_raw());
            ended.timed_out = None;
        }
        _ => {}
    }
    ended
}

/// `envelope` marked as `fault`'s doing, when there is one.
pub fn mark(envelope: Envelope, fault: Option<Fault>) -> Envelope {
    match fault {
        Some(fault) if envelope.params().get("injected").is_none() => fault.mark(envelope),
        _ => envelope,
    }
}
