//! Catalogs: the list of a tool's codes, declared in Rust with
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
//! # Texts in a Fluent file
//!
//! `#[catalog(ftl = "src/i18n/en.ftl")]` on the enum names a Fluent file (relative to the
//! crate's `Cargo.toml`, read at compile time; cargo rebuilds the crate when it changes). A
//! variant that gives no `message` or `recovery` takes the file's `<CODE>-message` or
//! `<CODE>-recovery`, read back as a template: `{ $path }` is `{path}`, `{"{"}` a literal
//! brace. Every rule of the attributes holds for these texts (each variable names a field, the
//! recovery is not empty); a missing id, a file that cannot be read or does not parse, and a
//! select expression, a reference to another message or term, or a function in a text read
//! are compile errors. A `message` or `recovery` given in the attribute wins. The same file,
//! embedded with `include_str!`, gives a [`Localizer`](crate::i18n::Localizer) the English,
//! so the English lives in one place:
//!
//! ```
//! use failwise::Catalog;
//!
//! // tests/fixtures/i18n/demo.en.ftl holds
//! //   FILE_NOT_FOUND-message = file { $path } not found
//! //   FILE_NOT_FOUND-recovery = verify that { $path } exists, or pass --create
//! #[derive(Catalog)]
//! #[catalog(tool = "demo", ftl = "tests/fixtures/i18n/demo.en.ftl")]
//! enum DemoError {
//!     /// The file named on the command line does not exist.
//!     #[catalog(code = "FILE_NOT_FOUND", exit = 4)]
//!     FileNotFound { path: String },
//! }
//!
//! let envelope = DemoError::FileNotFound { path: "a.txt".into() }.to_envelope();
//! assert_eq!(envelope.message(), "file a.txt not found");
//! assert_eq!(DemoError::CODES[0].recovery, "verify that {path} exists, or pass --create");
//! ```
//!
//! # Verify commands
//!
//! A code whose retry verdict is `unknown` (the request went out, its answer was lost) can say
//! how to find out whether it landed: `verify = "…"`, a command line over the variant's
//! fields. It is split into words as a POSIX shell splits them when the crate compiles, and
//! each `{field}` is replaced inside its word, so a value with spaces stays one argument of
//! the envelope's `verify` argv. A verify on a code with another verdict, a `{name}` that is
//! no field, and a quote left open are compile errors.
//!
//! ```
//! use failwise::Catalog;
//!
//! #[derive(Catalog)]
//! #[catalog(tool = "shop")]
//! enum ShopError {
//!     /// The order was sent and no answer came back.
//!     #[catalog(code = "ORDER_UNANSWERED", exit = 75, class = "transient", retry = "unknown",
//!               message = "no answer about order {order_id}",
//!               recovery = "run `shop order status` for {order_id} before placing it again",
//!               verify = "shop order status --id {order_id}")]
//!     OrderUnanswered { order_id: String },
//! }
//!
//! let envelope = ShopError::OrderUnanswered { order_id: "ord 42".into() }.to_envelope();
//! let argv = envelope.verify().map(|v| v.command().to_vec()).unwrap_or_default();
//! assert_eq!(argv, ["shop", "order", "status", "--id", "ord 42"]);
//! ```
//!
//! # Retired codes
//!
//! A retired code stays in the catalog (it is never reused) but can never be printed again. The
//! derive makes that a compile error: a retired variant must hold a [`Retired`] field, and
//! `Retired` has no values, so no expression can construct the variant — writing
//! `AtomwriteError::Old(..)` anywhere fails to type-check. A retired variant without that field
//! is itself a compile error that says what to write.

mod agree;
pub mod diff;
pub mod docs;
pub mod example;
pub(crate) mod file;
pub mod lint;
pub mod template;

pub mod translations;

pub use agree::Disagreement;
pub use file::{
    CATALOG_SCHEMA_ID, CatalogEntry, CatalogError, CatalogFile, Problem, Status, Translation,
    catalog_schema, catalog_schema_text,
};
pub use translations::{catalog_resources, missing_translations, template_to_ftl};

use crate::code::{Code, ExitStatus};
use crate::envelope::{Cause, Envelope, Params, Verify};
use crate::phrase::Phrase;
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
    /// The command that tells whether a request that failed with this code landed, as an argv
    /// template: one `{param}` template per word, split like a POSIX shell splits the
    /// attribute's text at compile time, so a value with spaces stays one argument. Empty when
    /// the code has none; only on a code whose retry verdict is `unknown`.
    pub verify: &'static [&'static str],
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
            verify: self.verify.iter().map(|w| (*w).to_owned()).collect(),
        }
    }

    /// A finished envelope for this code with `params` filled into both templates and the
    /// words of its verify command. A placeholder without a param stays visible as `{name}`;
    /// a recovery that renders blank falls back to its template, so the envelope always has
    /// one.
    pub fn envelope(&self, params: Params, doc_url: Option<&str>) -> Envelope {
        self.finish(params, doc_url, None, Vec::new())
    }

    /// [`CodeSpec::envelope`] with the wait before a retry (kept only with `retry: yes`) and
    /// the chain of causes.
    fn finish(
        &self,
        params: Params,
        doc_url: Option<&str>,
        wait_ms: Option<u64>,
        causes: Vec<Cause>,
    ) -> Envelope {
        let mut verdict = Verdict::new(self.class, self.retry).unwrap_or_default();
        if let Some(ms) = wait_ms {
            verdict = verdict.after_ms(ms);
        }
        finish_envelope(
            Code::normalize(self.code, "CODE"),
            ExitStatus::new(self.exit).unwrap_or(ExitStatus::FAILURE),
            verdict,
            (self.message, self.recovery, self.verify),
            params,
            doc_url,
            causes,
        )
    }
}

/// The finished envelope of one code, whether declared in Rust ([`CodeSpec`]) or read from a
/// file ([`CatalogEntry::envelope`]): both templates (`message`, `recovery`) rendered with
/// `params`, each word of the `verify` argv template too (a value stays inside its word, so
/// it is one argument; kept only with `retry: unknown`, and left out when its program renders
/// empty), `doc_url` with `{code}` replaced, the `causes` given. A recovery that renders
/// blank falls back to its template, and a blank template to `catalog-fallback-recovery`, so
/// the envelope always has one.
pub(crate) fn finish_envelope<W: AsRef<str>>(
    code: Code,
    exit: ExitStatus,
    verdict: Verdict,
    (message, recovery, verify): (&str, &str, &[W]),
    params: Params,
    doc_url: Option<&str>,
    causes: Vec<Cause>,
) -> Envelope {
    let verify = (!verify.is_empty())
        .then(|| {
            let words = verify
                .iter()
                .map(|w| template::render_params(w.as_ref(), &params))
                .collect();
            Verify::new(words).ok()
        })
        .flatten();
    let rendered_message = template::render_params(message, &params);
    let rendered_recovery = template::render_params(recovery, &params);
    let url = doc_url.map(|url| url.replace("{code}", code.as_str()));
    let mut draft = Envelope::draft(code, exit, rendered_message)
        .verdict(verdict)
        .params(params)
        .causes(causes);
    if let Some(url) = url {
        draft = draft.doc_url(url);
    }
    if let Some(verify) = verify {
        draft = draft.verify(verify);
    }
    let written = [rendered_recovery.as_str(), recovery]
        .into_iter()
        .find(|r| !r.trim().is_empty());
    draft.with_recovery_or_phrase(written, Phrase::new("catalog-fallback-recovery"))
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

    /// This value's fields as params, by name: every named field but the source error and a
    /// `Retired` marker. A `Duration` reads as people write it (`1.5s`, see
    /// [`template::duration_text`]), a `Path`, `PathBuf` or `OsStr` as its text (lossily when
    /// it is not UTF-8), anything else as its serde JSON value.
    fn params(&self) -> Params;

    /// The least wait before a retry, in milliseconds: the value of the variant's field named
    /// `retry_after_ms` or marked `#[catalog(retry_after)]` (an integer of milliseconds or a
    /// `Duration`). The envelope carries it only with `retry: yes`.
    fn retry_after_ms(&self) -> Option<u64> {
        None
    }

    /// The error that caused this one: the variant's `#[source]` (or `#[from]`) field, or
    /// its field named `source`.
    fn source_error(&self) -> Option<&(dyn std::error::Error + 'static)> {
        None
    }

    /// The finished envelope for this value: code, exit status, verdict, both templates
    /// rendered from [`Catalog::params`], the wait of [`Catalog::retry_after_ms`], and the
    /// chain of [`Catalog::source_error`] as `causes` ([`Cause::chain`], outermost first).
    fn to_envelope(&self) -> Envelope {
        let causes = self.source_error().map(Cause::chain).unwrap_or_default();
        self.spec()
            .finish(self.params(), Self::DOC_URL, self.retry_after_ms(), causes)
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

impl<T: Catalog> From<T> for Envelope {
    /// [`Catalog::to_envelope`], so that `?` turns a catalog error into an envelope.
    fn from(value: T) -> Self {
        value.to_envelope()
    }
}

impl Envelope {
    /// The envelope of the first error in `error`'s chain (itself, then each
    /// [`source`](std::error::Error::source)) that is an [`Envelope`] or a `C`, the tool's
    /// catalog error; `None` when no link is either, such as an unexpected error to report
    /// as a bug. Works through `anyhow::Error` (pass `err.as_ref()`) and `Box<dyn Error>`.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::{Catalog, Envelope};
    ///
    /// #[derive(Debug, Catalog)]
    /// #[catalog(tool = "app", error)]
    /// enum AppError {
    ///     #[catalog(code = "NOT_FOUND", exit = 4, message = "{name} not found",
    ///               recovery = "list the names with `app list`")]
    ///     NotFound { name: String },
    /// }
    ///
    /// let boxed: Box<dyn std::error::Error> = Box::new(AppError::NotFound { name: "x".into() });
    /// let envelope = Envelope::find_in::<AppError>(boxed.as_ref()).expect("a catalog error");
    /// assert_eq!(envelope.code().as_str(), "NOT_FOUND");
    /// assert_eq!(envelope.to_string(), "x not found [NOT_FOUND]");
    /// ```
    pub fn find_in<C: Catalog + std::error::Error + 'static>(
        error: &(dyn std::error::Error + 'static),
    ) -> Option<Envelope> {
        let mut next = Some(error);
        for _ in 0..Cause::CHAIN_MAX {
            let e = next?;
            if let Some(envelope) = e.downcast_ref::<Envelope>() {
                return Some(envelope.clone());
            }
            if let Some(value) = e.downcast_ref::<C>() {
                return Some(value.to_envelope());
            }
            next = e.source();
        }
        None
    }
}
