//! Dialects: the other wire shapes of failure that failwise reads into one [`Envelope`] and
//! writes back out.
//!
//! Each dialect has its own module with a `read` (dialect → envelope) and a `write`
//! (envelope → dialect) whose rustdoc lists the mapping field by field: what is kept, what is
//! inferred and from what, and what is lost. The rules that turn a foreign code into a verdict
//! (HTTP statuses, google.rpc codes, JSON-RPC reserved codes, quotas) live in [`rules`].
//!
//! The dialects themselves are one table, the registry (`dialect/registry.rs`): a row per
//! dialect with its names, how a record in it is recognised, its reader, its writer if it has
//! one, the text form it is found in if any, what it loses and a one-line summary. [`detect`],
//! [`Dialect::from_name`], the text scanner, `failwise normalize`'s `--from`/`--to` values and
//! the dialect reference (`docs/dialects.md`) all read it, so a new dialect is its module, its
//! [`Dialect`] variant and its row.
//!
//! ```
//! use failwise::dialect::{self, Context, Dialect};
//! let line = r#"{"error":true,"code":4,"message":"memory not found: design-auth"}"#;
//! let value: serde_json::Value = serde_json::from_str(line)?;
//! assert_eq!(dialect::detect(&value), Some(Dialect::SqliteGraphrag));
//! let envelope = dialect::read_any(&value, &Context::default())?;
//! assert_eq!(envelope.code().as_str(), "NOT_FOUND");
//! assert_eq!(envelope.exit().get(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use serde_json::{Map, Value};

use crate::code::ExitStatus;
use crate::envelope::Envelope;
use crate::phrase::Phrase;

pub mod atomwrite;
pub mod blocks;
pub mod cargo_json;
mod cut;
pub mod eval_mock;
pub mod failwise;
mod form;
pub mod google_rpc;
pub mod http_api;
pub mod json_rpc;
mod layers;
pub mod mcp_tool_result;
pub mod named;
mod normalize;
pub mod problem_json;
pub mod records;
mod registry;
mod rejection;
pub mod rules;
pub mod sprawling;
pub mod sqlite_graphrag;
mod text;
mod tostring;

pub use cut::close_cut;
pub use form::Form;
pub use normalize::{Disposition, NonFailures, Normalizer, Prepare, RecordReader, Tally};
pub use rejection::rejection;
pub use text::{Block, recognize_block, recognize_line};
pub use tostring::read_tostring;

/// A wire shape of failure: the canonical envelope, the envelopes of four tools, four
/// standards (RFC 9457, google.rpc.Status in its HTTP and bare forms, JSON-RPC 2.0, MCP's tool
/// result) and the error bodies of vendor HTTP APIs.
///
/// # Examples
///
/// ```
/// use failwise::dialect::{Context, Dialect};
/// let dialect = Dialect::from_name("problem-json").ok_or("no such dialect")?;
/// assert_eq!((dialect, dialect.name()), (Dialect::ProblemJson, "problem+json"));
/// assert!(dialect.is_writable());
///
/// let body: serde_json::Value = serde_json::from_str(r#"{"type":"https://example.com/probs/out-of-credit",
///     "title":"You do not have enough credit.","status":403,
///     "detail":"your current balance is 30, but that costs 50"}"#)?;
/// let envelope = dialect.read(&body, &Context::default())?;
/// assert_eq!(envelope.code().as_str(), "OUT_OF_CREDIT");
/// assert_eq!(envelope.message(), "your current balance is 30, but that costs 50");
/// assert_eq!(envelope.source().map(|s| s.dialect.as_str()), Some("problem+json"));
///
/// // Written back out in the same dialect.
/// let written = dialect.write(&envelope);
/// assert_eq!((written["status"].as_u64(), written["detail"].as_str()), (Some(403), Some(envelope.message())));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    /// The canonical v1 envelope.
    Failwise,
    /// sqlite-graphrag's error envelope: integer `code` equal to the exit status.
    SqliteGraphrag,
    /// atomwrite's envelope (its `ErrorJson` and `ErrorOutput` schemas): string `code` plus
    /// `exit`.
    Atomwrite,
    /// eval-mock's `{code, message, hint, location}`, as its error-code page documents it,
    /// bare or under `"error"`.
    EvalMock,
    /// The sprawling agent kernel's `AxError`: `code` (`E_*`), `action`, `subject`, `nearby`,
    /// `recovery`, `retry`.
    Sprawling,
    /// RFC 9457 problem details (`application/problem+json`).
    ProblemJson,
    /// `google.rpc.Status` in the HTTP JSON mapping Google's REST APIs return,
    /// `{"error": {"code": <HTTP status>, "status": <name>, ...}}`; also reads the bare form.
    GoogleRpc,
    /// The bare `google.rpc.Status`, `{"code": <google.rpc.Code number>, "message",
    /// "details"}`; also reads the HTTP form.
    GoogleRpcStatus,
    /// A JSON-RPC 2.0 error response, or a response whose `result` is a failed MCP tool result.
    JsonRpc,
    /// A bare MCP `CallToolResult` with `isError: true`, as a tool returns it.
    McpToolResult,
    /// A Kubernetes API `Status` (`kind: Status`, `status: Failure`), or kubectl's
    /// `Error from server (Reason): ...` rendering of one. Read-only.
    Kubernetes,
    /// An OpenAI (or Azure OpenAI) API error body `{"error": {message, type, param, code}}`.
    /// Read-only.
    OpenAi,
    /// An Anthropic (Claude) API error body `{"type": "error", "error": {type, message}}`.
    /// Read-only.
    Anthropic,
    /// A Slack Web API failure `{"ok": false, "error": "<code>"}`. Read-only.
    Slack,
    /// A Stripe API error object (`type`, `code`, `decline_code`, `doc_url`), bare as Stripe.js
    /// gives it or under `"error"` as the REST API does. Read-only.
    Stripe,
    /// A GitHub REST API error body `{message, documentation_url, errors[]}`. Read-only.
    GitHub,
    /// An AWS API error: JSON `{"__type": "...#Name", "message"}` or XML
    /// `<Error><Code>...</Code><Message>...</Message></Error>`. Read-only.
    Aws,
    /// An HTTP API's error body in a generic shape that declares a failure (`success: false`
    /// with `errors`, or a 4xx/5xx `status` with a `code`), when no vendor reader knows it.
    /// Read-only.
    ApiError,
    /// A cargo or rustc JSON diagnostic (`--message-format json`) of level `error`. Read-only.
    CargoJson,
}

impl Dialect {
    /// Every dialect failwise reads and writes: the canonical one, then the four tools', then
    /// the standards' ([`Dialect::READ_ONLY`] lists the others). Computed from the registry:
    /// the dialects whose row has a writer, in declaration order.
    pub const ALL: [Self; 10] = registry::listed(true);

    /// The read-only dialects: vendor HTTP API error bodies that failwise reads but does not
    /// write (see [`http_api`]). `--from` accepts them; `--to` does not. Computed from the
    /// registry: the dialects whose row has no writer, in declaration order.
    pub const READ_ONLY: [Self; 9] = registry::listed(false);

    /// Whether failwise writes this dialect ([`Dialect::ALL`]); the [`Dialect::READ_ONLY`]
    /// ones are only read.
    pub const fn is_writable(self) -> bool {
        registry::row(self).write.is_some()
    }

    /// The dialect's name, as `source.dialect` and `--from`/`--to` spell it.
    pub const fn name(self) -> &'static str {
        registry::row(self).name
    }

    /// The other names the dialect is known by, which [`Dialect::from_name`] and `--from`/`--to`
    /// accept: the `_` spellings of hyphenated names, `problem-json`, and `recourse`, the
    /// product's name before it was renamed failwise (envelopes written then stay readable).
    pub const fn aliases(self) -> &'static [&'static str] {
        registry::row(self).aliases
    }

    /// What the dialect is, in one line, in English (the command line's `--from`/`--to` help
    /// and completions show it); [`Dialect::summary_phrase`] renders it in another language.
    pub fn summary(self) -> &'static str {
        &registry::english(self).summary
    }

    /// How [`detect`] recognises a record in this dialect, in one line, in English.
    pub fn detected_by(self) -> &'static str {
        &registry::english(self).detected_by
    }

    /// What writing an envelope in this dialect loses, in one line, in English; for a read-only
    /// dialect, what reading one leaves behind. The dialect's module lists the mapping field by
    /// field.
    pub fn loses(self) -> &'static str {
        &registry::english(self).loses
    }

    /// [`Dialect::summary`] as a phrase, for
    /// [`Localizer::render`](crate::i18n::Localizer::render) in the reader's language.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::{dialect::Dialect, i18n::Localizer, Params};
    /// let pt = Localizer::new("pt-BR");
    /// let (text, _) = pt.render(&Dialect::Failwise.summary_phrase(), &Params::new()).ok_or("text")?;
    /// assert_eq!(text, "O envelope canônico v1");
    /// assert_eq!(Dialect::Failwise.summary(), "The canonical v1 envelope");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn summary_phrase(self) -> Phrase {
        Phrase::new(registry::row(self).summary)
    }

    /// [`Dialect::detected_by`] as a phrase.
    pub fn detected_by_phrase(self) -> Phrase {
        Phrase::new(registry::row(self).detected_by)
    }

    /// [`Dialect::loses`] as a phrase.
    pub fn loses_phrase(self) -> Phrase {
        Phrase::new(registry::row(self).loses)
    }

    /// What `auto`, the choice of no dialect (each record's is detected, as `--from auto`
    /// does), is, in one line, in English: the summary a list of dialects that offers `auto`
    /// shows beside it.
    pub fn auto_summary() -> &'static str {
        registry::auto_summary()
    }

    /// [`Dialect::auto_summary`] as a phrase.
    pub fn auto_summary_phrase() -> Phrase {
        Phrase::new(registry::AUTO_SUMMARY)
    }

    /// The dialect named `name`: its [`Dialect::name`] or one of its [`Dialect::aliases`],
    /// case ignored.
    pub fn from_name(name: &str) -> Option<Self> {
        registry::rows()
            .iter()
            .find(|row| {
                row.name.eq_ignore_ascii_case(name)
                    || row.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
            })
            .map(|row| row.dialect)
    }

    /// Reads `value`, a record in this dialect, into a canonical envelope; see the dialect's
    /// module for the mapping.
    ///
    /// # Errors
    ///
    /// [`DialectError`] when `value` lacks what the dialect requires (its code, its message)
    /// or a field has a type the dialect does not allow.
    ///
    /// A record whose message is itself a failure record (double-encoded) is read as its inner
    /// record, the outer layer kept in `causes` (`layers`).
    pub fn read(self, value: &Value, context: &Context) -> Result<Envelope, DialectError> {
        (registry::row(self).read)(value, context).map(|e| layers::peel(e, context))
    }

    /// Writes `envelope` in this dialect; see the dialect's module for what is lost.
    /// atomwrite is written in its `ErrorJson` form; [`Form`] names the other shapes a dialect
    /// is written in (atomwrite's `ErrorOutput`, eval-mock's human form). A read-only dialect ([`Dialect::is_writable`] false) has no writer:
    /// the canonical envelope is written instead, so nothing is lost.
    pub fn write(self, envelope: &Envelope) -> Value {
        registry::row(self).write.unwrap_or(failwise::write)(envelope)
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What surrounds a record and says more than the record itself: the HTTP status line and
/// `Retry-After` header of a response, or the exit status of the process that printed it.
///
/// # Examples
///
/// ```
/// use failwise::dialect::{Context, Dialect};
/// use failwise::{ExitStatus, Retry};
/// let body: serde_json::Value = serde_json::from_str(r#"{"type":"about:blank","title":"Too Many Requests"}"#)?;
/// let response = Context { http_status: Some(429), retry_after_ms: Some(30_000), exit: None };
/// let envelope = Dialect::ProblemJson.read(&body, &response)?;
/// assert_eq!(envelope.code().as_str(), "HTTP_429");
/// assert_eq!((envelope.retry(), envelope.retry_after_ms()), (Retry::Yes, Some(30_000)));
/// assert_eq!(envelope.exit(), ExitStatus::TEMPFAIL);
///
/// // Without the response around it, the body says less.
/// let alone = Dialect::ProblemJson.read(&body, &Context::default())?;
/// assert_eq!(alone.retry(), Retry::Unknown);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Context {
    /// The HTTP status of the response that carried the record.
    pub http_status: Option<u16>,
    /// The response's `Retry-After` (RFC 9110 §10.2.3), in milliseconds.
    pub retry_after_ms: Option<u64>,
    /// The exit status of the process that printed the record.
    pub exit: Option<ExitStatus>,
}

/// A record that claims a dialect but cannot be read in it. Displayed as
/// `not a readable <dialect> record: <pointer> <reason>`, the pointer left out when it is the
/// whole record or the reason already names it (a reader's error names its own pointer).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", crate::phrase::render_english(&self.phrase(), &Default::default()))]
pub struct DialectError {
    /// The dialect it was read as.
    pub dialect: Dialect,
    /// JSON Pointer (RFC 6901) of the offending member (`""` for the whole record).
    pub pointer: String,
    /// What is wrong, as a lowercase fragment in English.
    pub reason: String,
    /// `reason` as failwise's own phrase.
    problem: Phrase,
    /// Whether `reason` already names the pointer.
    located: bool,
}

impl DialectError {
    pub(crate) fn new(dialect: Dialect, pointer: &str, problem: Phrase) -> Self {
        Self {
            dialect,
            pointer: pointer.to_owned(),
            reason: crate::phrase::render_english(&problem, &Default::default()),
            problem,
            located: pointer.is_empty(),
        }
    }

    /// A canonical line that the envelope reader refused, with the reader's own description
    /// (which names the pointer).
    pub(crate) fn from_read(dialect: Dialect, error: &crate::ReadError) -> Self {
        Self {
            located: true,
            ..Self::new(dialect, error.pointer(), error.phrase())
        }
    }

    /// The whole description as failwise's phrase (`dialect-unreadable`, or
    /// `dialect-unreadable-at` with the pointer), to render in any language.
    pub fn phrase(&self) -> Phrase {
        let id = if self.located {
            "dialect-unreadable"
        } else {
            "dialect-unreadable-at"
        };
        Phrase::new(id)
            .arg("dialect", self.dialect.name())
            .arg("pointer", self.pointer.clone())
            .phrase("reason", self.problem.clone())
    }
}

/// Recognises the dialect of one JSON record, or `None` when it is not a failure record in any
/// dialect (a success line, a progress line, an unrelated object).
///
/// Each dialect is recognised by members that only it carries together ([`Dialect::detected_by`]
/// says which); the registry's rows are tried in order, which settles shapes that several
/// dialects could claim (canonical first, then the four tools' envelopes, then the standards,
/// then the vendor HTTP API bodies of [`http_api::detect`], which are only tried on what no
/// other dialect claims).
pub fn detect(value: &Value) -> Option<Dialect> {
    value
        .as_object()
        .and_then(|obj| registry::detect(obj, false))
}

/// Detects the dialect of `value` and reads it.
///
/// # Errors
///
/// [`ReadAnyError::NotAFailure`] when no dialect claims the record; [`ReadAnyError::Dialect`]
/// when one does but the record breaks its shape.
pub fn read_any(value: &Value, context: &Context) -> Result<Envelope, ReadAnyError> {
    let dialect = detect(value).ok_or(ReadAnyError::NotAFailure)?;
    Ok(dialect.read(value, context)?)
}

/// Why [`read_any`] gave no envelope.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadAnyError {
    /// No dialect claims the record: it is not a failure (or not one failwise knows).
    #[error("{}", crate::phrase::render_english(&crate::phrase::Phrase::new("dialect-not-a-failure"), &Default::default()))]
    NotAFailure,
    /// A dialect claims it, but the record breaks the dialect's shape.
    #[error(transparent)]
    Dialect(#[from] DialectError),
}

/// The record's object and its JSON Pointer: the object under `"error"` when the record wraps
/// one there (`{"error": {...}}`, as eval-mock and google.rpc over HTTP do), else the record
/// itself.
///
/// # Errors
///
/// [`DialectError`] for `dialect` when the record is not an object.
pub(crate) fn error_object(
    value: &Value,
    dialect: Dialect,
) -> Result<(&Map<String, Value>, &'static str), DialectError> {
    match value.get("error") {
        Some(Value::Object(inner)) => Ok((inner, "/error")),
        _ => value
            .as_object()
            .map(|obj| (obj, ""))
            .ok_or_else(|| DialectError::new(dialect, "", Phrase::new("dialect-not-an-object"))),
    }
}

/// The required string member `key` of `obj`, which sits at JSON Pointer `at` in the record.
///
/// # Errors
///
/// [`DialectError`] for `dialect` at `{at}/{key}` when the member is absent or not a string.
pub(crate) fn required_str<'a>(
    obj: &'a Map<String, Value>,
    dialect: Dialect,
    at: &str,
    key: &str,
) -> Result<&'a str, DialectError> {
    obj.get(key).and_then(Value::as_str).ok_or_else(|| {
        DialectError::new(
            dialect,
            &format!("{at}/{key}"),
            Phrase::new("dialect-not-a-string"),
        )
    })
}

/// The string member `key` of `obj`, when it is a non-empty string.
pub(crate) fn text<'a>(obj: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    obj.get(key)
        .and_then(Value::as_str)
        .filter(|s| !s.trim().is_empty())
}

/// Finishes a draft with the source's own recovery sentence, or the fallback of its verdict
/// when the source gave none.
pub(crate) fn finish(draft: crate::Draft, recovery: Option<&str>) -> Envelope {
    let fallback = rules::fallback_recovery(draft.current_verdict());
    draft.with_recovery_or_phrase(recovery, fallback)
}

/// [`finish`] for a body that links its own documentation: `doc_url` is set from `url`, and the
/// recovery is `open URL` (the fallback recovery for the verdict when the body has no link).
pub(crate) fn finish_with_doc(draft: crate::Draft, url: Option<&str>) -> Envelope {
    match url {
        Some(url) => draft
            .doc_url(url)
            .with_recovery_phrase(Phrase::new("dialect-open-doc-recovery").arg("url", url)),
        None => finish(draft, None),
    }
}

/// The `source` of an envelope read from `dialect` with original code `code`.
pub(crate) fn source(dialect: Dialect, code: Option<crate::SourceCode>) -> crate::Source {
    crate::Source {
        dialect: dialect.name().to_owned(),
        code,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names and aliases resolve, case ignored; `recourse` (the product's former name) is the
    /// canonical dialect.
    #[test]
    fn every_name_and_alias_resolves_to_its_dialect() {
        for d in Dialect::ALL.into_iter().chain(Dialect::READ_ONLY) {
            assert_eq!(Dialect::from_name(d.name()), Some(d));
            assert_eq!(Dialect::from_name(&d.name().to_ascii_uppercase()), Some(d));
            for alias in d.aliases() {
                assert_eq!(Dialect::from_name(alias), Some(d), "{alias}");
            }
        }
        assert_eq!(Dialect::from_name("recourse"), Some(Dialect::Failwise));
        assert_eq!(
            Dialect::from_name("problem-json"),
            Some(Dialect::ProblemJson)
        );
        assert_eq!(Dialect::from_name("json_rpc"), Some(Dialect::JsonRpc));
        assert_eq!(Dialect::from_name("nope"), None);
    }

    #[test]
    fn a_dialect_error_names_its_pointer_once() {
        let line = serde_json::json!({"error":true,"code":"X","exit":3,"message":"m","error_class":"permanent","retry":"no","retryable":true,"recovery":"r"});
        let e = Dialect::Failwise
            .read(&line, &Context::default())
            .expect_err("retryable contradicts retry");
        let text = e.to_string();
        assert_eq!(text.matches("/retryable").count(), 1, "{text}");
        let e = DialectError::new(
            Dialect::Slack,
            "/error",
            Phrase::new("dialect-not-a-string"),
        );
        assert_eq!(
            e.to_string(),
            "not a readable slack record: /error is not a string"
        );
        let e = DialectError::new(Dialect::Aws, "", Phrase::new("dialect-not-an-object"));
        assert_eq!(e.to_string(), "not a readable aws record: is not an object");
    }
}
