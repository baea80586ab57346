//! What a subcommand ends with: an exit status, and the envelope to print when it failed.

use std::process::ExitCode;

use failwise::Envelope;

use crate::output::{Format, Output};

/// `EX_IOERR` of `<sysexits.h>`: an error while doing I/O on a file.
const EX_IOERR: u8 = 74;

/// How a subcommand ended.
pub enum Outcome {
    /// Finished; the process exits with this status (0 for success, or a child's status).
    Exit(u8),
    /// Failed: the envelope is printed as the last line of stdout, and its `exit` is the status.
    Failed(Box<Envelope>, Format),
}

impl Outcome {
    /// A failure to print in `format`.
    pub fn failed(envelope: Envelope, format: Format) -> Self {
        Self::Failed(Box::new(envelope), format)
    }

    /// Prints what is left to print and returns the process exit status.
    ///
    /// When a write to stdout failed (other than on a closed pipe), the loss is said on stderr,
    /// and a run that would have exited 0 exits 74 (`EX_IOERR`) instead: data was lost, so
    /// success would be a lie. A failure keeps its own status.
    pub fn finish(self) -> ExitCode {
        let status = match self {
            Self::Exit(code) => code,
            Self::Failed(envelope, format) => {
                Output::stdout().envelope(&envelope, format);
                envelope.exit().get()
            }
        };
        match crate::output::stdout_error() {
            Some(error) => {
                let args: failwise::Params =
                    [("reason".to_owned(), serde_json::Value::from(error))]
                        .into_iter()
                        .collect();
                let text = crate::presentation::get()
                    .localizer()
                    .label("stdout-write-failed", &args);
                Output::stderr().line(&text);
                ExitCode::from(if status == 0 { EX_IOERR } else { status })
            }
            None => ExitCode::from(status),
        }
    }
}
