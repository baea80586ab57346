//! What a subcommand ends with: an exit status, and the envelope to print when it failed.

use std::process::ExitCode;

use failwise::Envelope;

use crate::output::Output;
use crate::presentation::{Presentation, Shown};

/// `EX_IOERR` of `<sysexits.h>`: an error while doing I/O on a file.
pub(crate) const EX_IOERR: u8 = 74;

/// How a subcommand ended.
pub enum Outcome {
    /// Finished; the process exits with this status (0 for success, or a child's status).
    Exit(u8),
    /// Failed: the envelope, prepared once, is printed as the last line of stdout, and its
    /// `exit` is the status.
    Failed(Box<Shown>),
    /// Failed where stdout belongs to another protocol (`failwise mcp`'s JSON-RPC channel):
    /// the envelope is printed on stderr instead, and its `exit` is the status.
    FailedOnStderr(Box<Shown>),
}

impl Outcome {
    /// A failure, prepared by `presentation` for printing.
    pub fn failed(envelope: Envelope, presentation: &Presentation) -> Self {
        Self::shown(presentation.prepare(envelope))
    }

    /// A failure whose envelope is already prepared.
    pub fn shown(shown: Shown) -> Self {
        Self::Failed(Box::new(shown))
    }

    /// This outcome with its envelope, if it has one, printed on stderr rather than stdout.
    pub fn on_stderr(self) -> Self {
        match self {
            Self::Failed(shown) => Self::FailedOnStderr(shown),
            other => other,
        }
    }

    /// Prints what is left to print, as `presentation` shows it, and returns the process exit
    /// status.
    ///
    /// When a write to stdout failed (other than on a closed pipe), the loss is said on stderr,
    /// and a run that would have exited 0 exits 74 (`EX_IOERR`) instead: data was lost, so
    /// success would be a lie. A failure keeps its own status.
    pub fn finish(self, presentation: &Presentation) -> ExitCode {
        let status = match self {
            Self::Exit(code) => code,
            Self::Failed(shown) => {
                Output::stdout(presentation).envelope(&shown, presentation);
                shown.envelope().exit().get()
            }
            Self::FailedOnStderr(shown) => {
                Output::stderr(presentation).envelope(&shown, presentation);
                shown.envelope().exit().get()
            }
        };
        match presentation.writes().first_error() {
            Some(error) => {
                let args: failwise::Params =
                    [("reason".to_owned(), serde_json::Value::from(error))]
                        .into_iter()
                        .collect();
                let text = presentation.localizer().label("stdout-write-failed", &args);
                Output::stderr(presentation).line(&text);
                ExitCode::from(if status == 0 { EX_IOERR } else { status })
            }
            None => ExitCode::from(status),
        }
    }
}
