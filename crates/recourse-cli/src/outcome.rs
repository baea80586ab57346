//! What a subcommand ends with: an exit status, and the envelope to print when it failed.

use std::process::ExitCode;

use recourse::Envelope;

use crate::output::{Format, Output};

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
    pub fn finish(self) -> ExitCode {
        match self {
            Self::Exit(code) => ExitCode::from(code),
            Self::Failed(envelope, format) => {
                let status = envelope.exit().get();
                Output::stdout().envelope(&envelope, format);
                ExitCode::from(status)
            }
        }
    }
}
