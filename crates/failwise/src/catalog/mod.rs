//! Catalogs (DESIGN.md §5): the list of a tool's codes, declared in Rust with
//! `#[derive(Catalog)]` or written as a JSON or TOML [`CatalogFile`].
//!
//! A value of a catalog enum turns into a finished [`Envelope`] with every param filled:
//!
//! ```
//! use failwise::Catalog;
//!
//! #[derive(Catalog)]
//! #[catalog(tool = "atomwrite")]
//! enum AtomwriteError {
//!     /// The file named on the command line does not exist.
//!     #[catalog(code = "FILE_NOT_FOUND", exit = 4, class = "permanent",
//!               message = "file {path} not found",
//!               recovery = "verify that {path} exists and is spelled correctly", since = "0.1.0")]
//!     FileNotFound { path: String },
//! }
//!
//! let envelope = AtomwriteError::FileNotFound { path: "src/missing.rs".into() }.to_envelope();
//! assert_eq!(envelope.message(), "file src/missing.rs not found");
//! assert_eq!(envelope.params()["path"], "src/missing.rs");
//! assert_eq!(AtomwriteError::catalog().codes[0].exit.get(), 4);
//! ```
//!
//! # Retired codes
//!
//! A retired code stays in the catalog (it is never reused) but can never be printed again. The
//! derive makes that a compile error: a retired variant must hold a [`Retired`] field, and
//! `Retired` has no values, so no expression can construct the variant — writing
//! `AtomwriteError::Old(..)` anywhere fails to type-check. A retired variant without that field
//! is itself a compile error that says what to write.

pub mod diff;
pub mod docs;
mod file;
pub mod lint;
pub mod template;

pub use file::{
    CATALOG_SCHEMA_ID, CatalogEntry, CatalogError, CatalogFile, Problem, Status, Translation,
    catalog_schema, catalog_schema_text,
};

use crate::code::{Code, ExitStatus};
use crate::envelope::{Envelope, Params};
use crate::verdict::{ErrorClass, Retry, Verdict};

/// The uninhabited field type that marks a retired variant: no value of it exists, so a variant
/// holding one cannot be constructed (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retired {}

/// One code as the derive declares it, in `'static` data. Built by `#[derive(Catalog)]`, which
/// has already checked every field at compile time; [`CodeSpec::to_entry`] gives the owned
/// [`CatalogEntry`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeSpec {
    /// The code, `UPPER_SNAKE`.
    pub code: &'static str,
    /// The exit status, `1..=255`.
    pub exit: u8,
    /// The class.
    pub class: ErrorClass,
    /// The default retry verdict.
    pub retry: Retry,
    /// The message template.
    pub message: &'static str,
    /// The recovery template; never empty.
    pub recovery: &'static str,
    /// The param names: the variant's named fields, in declaration order.
    pub params: &'static [&'static str],
    /// The variant's doc comment.
    pub doc: &'static str,
    /// The version that introduced the code.
    pub since: Option<&'static str>,
    /// Where the code is in its life.
    pub status: Status,
    /// The code to use instead.
    pub replaced_by: Option<&'static str>,
}

impl CodeSpec {
    /// The owned catalog entry.
    pub fn to_entry(&self) -> CatalogEntry {
        CatalogEntry {
            code: Code::normalize(self.code, "CODE"),
            exit: ExitStatus::new(self.exit).unwrap_or(ExitStatus::FAILURE),
            error_class: self.class,
            retry: self.retry,
            message: self.message.to_owned(),
            recovery: self.recovery.to_owned(),
            params: self.params.iter().map(|p| (*p).to_owned()).collect(),
            doc: self.doc.to_owned(),
            since: self.since.map(str::to_owned),
            status: self.status,
            replaced_by: self.replaced_by.map(|r| Code::normalize(r, "CODE")),
            translations: Default::default(),
        }
    }

    /// A finished envelope for this code with `params` filled into both templates. A
    /// placeholder without a param stays visible as `{name}`; a recovery that renders blank
    /// falls back to its template, so the envelope always has one.
    pub fn envelope(&self, params: Params, doc_url: Option<&str>) -> Envelope {
        let message = template::render_params(self.message, &params);
        let recovery = template::render_params(self.recovery, &params);
        let verdict = Verdict::new(self.class, self.retry).unwrap_or_default();
        let mut draft = Envelope::draft(
            Code::normalize(self.code, "CODE"),
            ExitStatus::new(self.exit).unwrap_or(ExitStatus::FAILURE),
            message,
        )
        .verdict(verdict)
        .params(params);
        if let Some(url) = doc_url {
            draft = draft.doc_url(url.replace("{code}", self.code));
        }
        draft.with_first_recovery(
            &[&recovery, self.recovery],
            "see the tool's error catalog for this code",
        )
    }
}

/// A tool's catalog declared in Rust: implemented by `#[derive(Catalog)]` on an enum with one
/// variant per code.
pub trait Catalog {
    /// The tool's name (`#[catalog(tool = "…")]`, else the crate's package name).
    const TOOL: &'static str;
    /// The tool version the catalog describes (the crate's package version).
    const VERSION: &'static str;
    /// The documentation URL template, with `{code}` where the code goes.
    const DOC_URL: Option<&'static str>;
    /// Every code, in declaration order, retired ones included.
    const CODES: &'static [CodeSpec];

    /// This value's code.
    fn spec(&self) -> &'static CodeSpec;

    /// This value's fields as params, by name.
    fn params(&self) -> Params;

    /// The finished envelope for this value: code, exit status, verdict, and both templates
    /// rendered from [`Catalog::params`].
    fn to_envelope(&self) -> Envelope {
        self.spec().envelope(self.params(), Self::DOC_URL)
    }

    /// The catalog as data, for export to JSON or TOML.
    fn catalog() -> CatalogFile {
        CatalogFile {
            schema: None,
            tool: Self::TOOL.to_owned(),
            version: Some(Self::VERSION.to_owned()).filter(|v| !v.is_empty()),
            doc_url: Self::DOC_URL.map(str::to_owned),
            codes: Self::CODES.iter().map(CodeSpec::to_entry).collect(),
        }
    }
}
