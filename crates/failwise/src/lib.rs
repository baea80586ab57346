//! Structured error envelopes: the one-line JSON record a tool prints when it fails, so that
//! an agent or a person can tell, without parsing prose, what failed, whether to retry, when,
//! and what to do instead.
//!
//! Start with [`Envelope::draft`], give it a [`Verdict`], and finish it with
//! [`Draft::with_recovery`]; read a line back with [`Envelope::from_json`].
//!
//! ```
//! use failwise::{Code, Envelope, ExitStatus, Verdict};
//! let line = Envelope::draft(Code::new("CONFIG_MISSING")?, ExitStatus::CONFIG, "no config at /etc/app.toml")
//!     .verdict(Verdict::precondition_failed())
//!     .param("path", "/etc/app.toml")
//!     .with_recovery("run `app init` to write /etc/app.toml")?
//!     .to_json_line();
//! let back = Envelope::from_json(&line)?;
//! assert_eq!(back.recovery(), "run `app init` to write /etc/app.toml");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The library never prints and never exits.
#![cfg_attr(
    all(feature = "derive", feature = "clap"),
    doc = r#"
# A complete tool

A tool declares its failures once, as a [`Catalog`] enum: the message template gives
`Display` (`#[catalog(error)]` also gives `std::error::Error`), a `#[source]` field becomes
the envelope's `causes`, a `retry_after_ms` field its top-level wait. It parses its command
line with clap ([`Envelope::from_clap`] for a bad one), works in `anyhow::Result`, and on
failure prints the envelope on stdout and exits with its status.

```no_run
use std::{path::PathBuf, process::ExitCode};
use clap::{CommandFactory, Parser};
use failwise::{Catalog, Envelope};

#[derive(Debug, Catalog)]
#[catalog(tool = "filetool", error)]
enum FiletoolError {
    /// The file to upload could not be read.
    #[catalog(code = "READ_FAILED", exit = 66, class = "precondition_failed",
              message = "cannot read {path}", recovery = "check that {path} exists and is readable")]
    ReadFailed { path: PathBuf, #[source] error: std::io::Error },
    /// The upload service asked to slow down.
    #[catalog(code = "RATE_LIMITED", exit = 75, class = "transient", retry = "yes",
              message = "too many uploads", recovery = "wait retry_after_ms, then run it again")]
    RateLimited { retry_after_ms: u64 },
}

#[derive(Parser)]
#[command(name = "filetool")]
enum Cli { Upload { file: PathBuf } }

fn upload(cli: Cli) -> anyhow::Result<()> {
    let Cli::Upload { file } = cli;
    let bytes = std::fs::read(&file)
        .map_err(|error| FiletoolError::ReadFailed { path: file.clone(), error })?;
    if bytes.is_empty() {
        Err(FiletoolError::RateLimited { retry_after_ms: 1500 })?;
    }
    Ok(())
}

fn main() -> anyhow::Result<ExitCode> {
    let failure = match Cli::try_parse() {
        Err(e) => Envelope::from_clap(&e, &Cli::command()),
        Ok(cli) => match upload(cli) {
            Ok(()) => None,
            // An error outside the catalog is a bug: anyhow reports it.
            Err(e) => Some(Envelope::find_in::<FiletoolError>(e.as_ref()).ok_or(e)?),
        },
    };
    Ok(match failure {
        None => ExitCode::SUCCESS,
        Some(envelope) => {
            println!("{}", envelope.to_json_line());
            envelope.exit().into()
        }
    })
}
```

`examples/filetool.rs` is this tool with its output pinned by tests.
"#
)]
#![deny(missing_docs)]

pub mod backoff;
pub mod catalog;
#[cfg(feature = "clap")]
mod clap_error;
pub mod classify;
mod code;
pub mod dialect;
mod draft;
mod envelope;
pub mod guard;
pub mod i18n;
pub mod inject;
pub mod mcp;
pub mod phrase;
mod read;
pub mod redact;
pub mod render;
mod schema;
pub mod suggest;
pub mod telemetry;
pub mod truncate;
mod verdict;
mod wire;

pub use catalog::{Catalog, CatalogEntry, CatalogFile, Retired};
pub use code::{Code, ExitStatus, InvalidCode};
pub use draft::{CANDIDATE_TEXT_MAX_CHARS, Draft, EmptyRecovery};
pub use envelope::{
    Candidate, Cause, Envelope, Gate, IncompleteGate, ItemResult, Items, Location, NoProgram,
    Params, Provider, ProviderKind, Source, SourceCode, Verify,
};
#[cfg(feature = "derive")]
pub use failwise_derive::Catalog;
pub use phrase::Phrase;
pub use read::{CheckedLine, Invariant, ReadError, ReadErrorKind};
pub use schema::{ENVELOPE_SCHEMA_ID, envelope_schema, envelope_schema_text};
pub use verdict::{ErrorClass, InvalidVerdict, Retry, Verdict};

#[doc(hidden)]
pub mod __private;
