//! The canonical envelope, wire format v1: [`Envelope`] and the parts it holds.
//!
//! An envelope is one JSON object on one line. Fields appear in the order of the
//! [`Envelope`] docs; optional fields are omitted when absent (never `null`, `[]` or `""`).
//! Readers must ignore fields they do not know: new fields may appear in minor versions.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::code::{Code, ExitStatus};

mod parts;

use crate::verdict::{ErrorClass, Retry, Verdict};
pub use parts::{
    Candidate, Cause, Gate, IncompleteGate, ItemResult, Items, Location, NoProgram, Provider,
    ProviderKind, Source, SourceCode, Verify,
};

/// The `$id` of the v1 envelope schema.
pub const ENVELOPE_SCHEMA_ID: &str = "urn:failwise:schema:envelope:v1";

/// The members every v1 envelope has, in wire order (the committed schema's `required`; a test
/// holds them equal).
pub const REQUIRED_MEMBERS: [&str; 8] = [
    "error",
    "code",
    "exit",
    "message",
    "error_class",
    "retry",
    "retryable",
    "recovery",
];

/// Every member of the v1 envelope, in wire order (the committed schema's `properties`; a test
/// holds them equal).
pub const MEMBERS: [&str; 27] = [
    "error",
    "code",
    "exit",
    "message",
    "error_class",
    "retry",
    "retryable",
    "retry_after_ms",
    "recovery",
    "action",
    "subject",
    "params",
    "nearby",
    "candidates",
    "location",
    "path",
    "workspace",
    "discarded_flags",
    "items",
    "gate",
    "provider",
    "truncated",
    "doc_url",
    "lang",
    "source",
    "causes",
    "verify",
];

/// The named values of a message, as data: `params` on the wire. Keys sort, so the bytes are
/// deterministic.
///
/// # Examples
///
/// ```
/// use failwise::{Code, Envelope, ExitStatus, Params};
/// let envelope = Envelope::draft(Code::new("FILE_TOO_LARGE")?, ExitStatus::FAILURE, "src/big.rs is over the 1048576-byte limit")
///     .param("path", "src/big.rs")
///     .param("limit_bytes", 1_048_576)
///     .with_recovery("split src/big.rs, or pass --max-size 4M")?;
/// let params: &Params = envelope.params();
/// assert_eq!(params["limit_bytes"], 1_048_576);
/// assert_eq!(params.get("path").and_then(|v| v.as_str()), Some("src/big.rs"));
/// // Keys sort, whatever the order they were given in.
/// assert_eq!(params.keys().collect::<Vec<_>>(), ["limit_bytes", "path"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Params = BTreeMap<String, serde_json::Value>;

/// One structured failure: what failed (`code`, `message`), what the process returns (`exit`),
/// whether and when to try again (`error_class`, `retry`, `retryable`, `retry_after_ms`), and what
/// to do instead (`recovery`, `nearby`, `candidates`).
///
/// # Wire format
///
/// ```json
/// {"error":true,"code":"ENOENT","exit":1,"message":"cannot open /etc/app.toml: no such file or directory",
///  "error_class":"permanent","retry":"no","retryable":false,
///  "recovery":"create /etc/app.toml, or pass --config with an existing file",
///  "params":{"path":"/etc/app.toml"},"path":"/etc/app.toml"}
/// ```
/// (one line on the wire). Fields, in order:
///
/// | field | type | |
/// |---|---|---|
/// | `error` | `true` | always |
/// | `code` | string `^[A-Z][A-Z0-9_]*$` | always |
/// | `exit` | integer 1..=255 | always; equals `$?` |
/// | `message` | string | always; a lowercase fragment, every variable also in `params` |
/// | `error_class` | `transient` `conflict` `precondition_failed` `permanent` `ambiguous` | always |
/// | `retry` | `yes` `no` `unknown` | always |
/// | `retryable` | bool | always; `retry == "yes"` |
/// | `retry_after_ms` | integer ≥ 0, milliseconds | only with `retry: yes` |
/// | `recovery` | non-empty string | always; one imperative sentence |
/// | `action`, `subject` | string | what was attempted, on what |
/// | `params` | object | the message's variables as data |
/// | `nearby` | non-empty array of strings | did-you-mean values, best first |
/// | `candidates` | non-empty [[`Candidate`]] | near-miss regions, best first |
/// | `location` | [`Location`] | offending input |
/// | `path`, `workspace` | string | file concerned; workspace root |
/// | `discarded_flags` | non-empty array of strings | flags accepted but not applied, as typed |
/// | `items` | [`Items`] | per-item results of a batch |
/// | `gate` | [`Gate`] | policy refusal |
/// | `provider` | [`Provider`] | upstream failure kind |
/// | `truncated` | object: JSON Pointer → original size in bytes | what was cut |
/// | `doc_url` | string | page that explains the code |
/// | `lang` | BCP 47 tag | language of `message`/`recovery` when not `en` |
/// | `source` | [`Source`] | dialect and original code, when normalized |
/// | `causes` | non-empty [[`Cause`]] | the underlying failures, outermost first |
/// | `verify` | [`Verify`] | only with `retry: unknown`: the command that tells whether the effect landed |
///
/// New fields may appear in minor versions; readers ignore fields they do not know.
///
/// # Construction
///
/// An envelope exists only finished: [`Envelope::draft`] starts a [`Draft`](crate::Draft), and
/// [`Draft::with_recovery`](crate::Draft::with_recovery) is the only way across. Reading a line
/// goes through [`Envelope::from_json`](crate::Envelope::from_json), which checks every
/// invariant.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(
    title = "failwise error envelope v1",
    description = "One structured failure on one line: what failed, whether to retry, when, and \
                   what to do instead. Readers ignore fields they do not know.",
    extend("$id" = ENVELOPE_SCHEMA_ID)
)]
pub struct Envelope {
    /// Always `true`: this line is a failure.
    pub(crate) error: ErrorMarker,
    /// Stable machine code.
    pub(crate) code: Code,
    /// The exit status the process returns.
    pub(crate) exit: ExitStatus,
    /// One human line, localized; a lowercase fragment without a trailing period.
    pub(crate) message: String,
    /// Why it failed; bounds `retry`.
    pub(crate) error_class: ErrorClass,
    /// May the same request be sent again.
    pub(crate) retry: Retry,
    /// `retry == "yes"`, for readers that want one bool.
    pub(crate) retryable: bool,
    /// Least wait before the retry, in milliseconds; only with `retry: yes`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) retry_after_ms: Option<u64>,
    /// One directly executable sentence: names a command, flag, key, or file:line.
    #[schemars(length(min = 1))]
    pub(crate) recovery: String,
    /// What was attempted.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub(crate) action: Option<String>,
    /// What it was attempted on.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub(crate) subject: Option<String>,
    /// Every variable of `message` as data.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) params: Params,
    /// Directly usable alternatives, best first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub(crate) nearby: Vec<String>,
    /// Near-miss regions for a failed match, best first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub(crate) candidates: Vec<Candidate>,
    /// Where in the input the problem is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) location: Option<Location>,
    /// The file the error is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub(crate) path: Option<String>,
    /// The workspace root used for jail checks.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub(crate) workspace: Option<String>,
    /// Flags the caller passed that could not be applied, as typed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub(crate) discarded_flags: Vec<String>,
    /// Per-item results of a batch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) items: Option<Items>,
    /// A policy refusal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) gate: Option<Gate>,
    /// The upstream failure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) provider: Option<Provider>,
    /// Fields that were cut: JSON Pointer (RFC 6901) of the field → its original size in bytes.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) truncated: BTreeMap<String, u64>,
    /// A page that explains the code.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub(crate) doc_url: Option<String>,
    /// BCP 47 tag of `message` and `recovery`, when not `en`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$"))]
    pub(crate) lang: Option<String>,
    /// The dialect this envelope was normalized from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) source: Option<Source>,
    /// The chain of underlying failures, outermost first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub(crate) causes: Vec<Cause>,
    /// How to find out whether the request landed; only with `retry: unknown`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) verify: Option<Verify>,
    /// The phrases `message` and `recovery` were rendered from; never on the wire.
    #[serde(skip)]
    #[schemars(skip)]
    pub(crate) phrases: crate::phrase::Phrases,
}

impl Envelope {
    /// The stable code.
    pub fn code(&self) -> &Code {
        &self.code
    }
    /// The exit status the process returns.
    pub fn exit(&self) -> ExitStatus {
        self.exit
    }
    /// The human line.
    pub fn message(&self) -> &str {
        &self.message
    }
    /// The phrases `message` and `recovery` were rendered from, when they are failwise's own
    /// sentences (see [`Phrase`](crate::Phrase)); never on the wire.
    pub fn phrases(&self) -> &crate::phrase::Phrases {
        &self.phrases
    }
    /// Class, retry verdict and wait, as one value.
    pub fn verdict(&self) -> Verdict {
        let v = Verdict::new(self.error_class, self.retry).unwrap_or_default();
        match self.retry_after_ms {
            Some(ms) => v.after_ms(ms),
            None => v,
        }
    }
    /// The class.
    pub fn error_class(&self) -> ErrorClass {
        self.error_class
    }
    /// The retry verdict.
    pub fn retry(&self) -> Retry {
        self.retry
    }
    /// `retry == yes`.
    pub fn retryable(&self) -> bool {
        self.retryable
    }
    /// The least wait before a retry, in milliseconds.
    pub fn retry_after_ms(&self) -> Option<u64> {
        self.retry_after_ms
    }
    /// The recovery sentence; never empty.
    pub fn recovery(&self) -> &str {
        &self.recovery
    }
    /// What was attempted.
    pub fn action(&self) -> Option<&str> {
        self.action.as_deref()
    }
    /// What it was attempted on.
    pub fn subject(&self) -> Option<&str> {
        self.subject.as_deref()
    }
    /// The message's variables.
    pub fn params(&self) -> &Params {
        &self.params
    }
    /// Did-you-mean values, best first; empty when none.
    pub fn nearby(&self) -> &[String] {
        &self.nearby
    }
    /// Near-miss regions, best first; empty when none.
    pub fn candidates(&self) -> &[Candidate] {
        &self.candidates
    }
    /// The offending input's position.
    pub fn location(&self) -> Option<&Location> {
        self.location.as_ref()
    }
    /// The file the error is about.
    pub fn path(&self) -> Option<&str> {
        self.path.as_deref()
    }
    /// The workspace root.
    pub fn workspace(&self) -> Option<&str> {
        self.workspace.as_deref()
    }
    /// Flags accepted but not applied.
    pub fn discarded_flags(&self) -> &[String] {
        &self.discarded_flags
    }
    /// Per-item batch results.
    pub fn items(&self) -> Option<&Items> {
        self.items.as_ref()
    }
    /// The policy refusal.
    pub fn gate(&self) -> Option<&Gate> {
        self.gate.as_ref()
    }
    /// The upstream failure.
    pub fn provider(&self) -> Option<&Provider> {
        self.provider.as_ref()
    }
    /// Cut fields: JSON Pointer → original size in bytes.
    pub fn truncated(&self) -> &BTreeMap<String, u64> {
        &self.truncated
    }
    /// The documentation page.
    pub fn doc_url(&self) -> Option<&str> {
        self.doc_url.as_deref()
    }
    /// The BCP 47 language tag, when not English.
    pub fn lang(&self) -> Option<&str> {
        self.lang.as_deref()
    }
    /// The source dialect and original code.
    pub fn source(&self) -> Option<&Source> {
        self.source.as_ref()
    }

    /// The underlying failures, outermost first; empty when there are none.
    pub fn causes(&self) -> &[Cause] {
        &self.causes
    }

    /// The command that tells whether an effect-unknown request landed (exit 0: it did, 1: it
    /// did not, anything else: it cannot tell); only on an envelope whose retry verdict is
    /// [`Retry::Unknown`].
    pub fn verify(&self) -> Option<&Verify> {
        self.verify.as_ref()
    }

    /// The envelope as one line of JSON, without the trailing newline.
    pub fn to_json_line(&self) -> String {
        let mut out = Vec::with_capacity(256);
        self.write_json_line(&mut out);
        // Only whole UTF-8 text and ASCII are written.
        String::from_utf8(out).unwrap_or_else(|_| String::from("{\"error\":true}"))
    }
}

impl std::fmt::Display for Envelope {
    /// The message, then the code in brackets: `config not found at /etc/app.toml
    /// [CONFIG_MISSING]`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} [{}]", self.message, self.code)
    }
}

/// An envelope is an error value, so it can travel through `Box<dyn Error>` and
/// `anyhow::Error` and be found again with `downcast_ref::<Envelope>()`; its `causes` are data,
/// not a `source` chain.
impl std::error::Error for Envelope {}

/// The constant `true` of the `error` field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct ErrorMarker;

impl Serialize for ErrorMarker {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(true)
    }
}

impl JsonSchema for ErrorMarker {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ErrorMarker".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "const": true, "description": "Always true: this line is a failure." })
    }
}
