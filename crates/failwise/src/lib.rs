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
pub mod i18n;
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
    Candidate, Cause, Envelope, Gate, IncompleteGate, ItemResult, Items, Location, Params,
    Provider, ProviderKind, Source, SourceCode,
};
#[cfg(feature = "derive")]
pub use failwise_derive::Catalog;
pub use read::{CheckedLine, Invariant, ReadError, ReadErrorKind};
pub use schema::{ENVELOPE_SCHEMA_ID, envelope_schema, envelope_schema_text};
pub use verdict::{ErrorClass, InvalidVerdict, Retry, Verdict};

#[doc(hidden)]
pub mod __private;
