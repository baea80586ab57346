//! The canonical envelope, wire format v1: [`Envelope`] and the parts it holds.
//!
//! An envelope is one JSON object on one line. Fields appear in the order of the
//! [`Envelope`] docs; optional fields are omitted when absent (never `null`, `[]` or `""`).
//! Readers must ignore fields they do not know: new fields may appear in minor versions.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::code::{Code, ExitStatus};
use crate::verdict::{ErrorClass, Retry, Verdict};

/// The `$id` of the v1 envelope schema.
pub const ENVELOPE_SCHEMA_ID: &str = "urn:failwise:schema:envelope:v1";

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

    /// The envelope as one line of JSON, without the trailing newline.
    pub fn to_json_line(&self) -> String {
        let mut out = Vec::with_capacity(256);
        self.write_json_line(&mut out);
        // Only whole UTF-8 text and ASCII are written.
        String::from_utf8(out).unwrap_or_else(|_| String::from("{\"error\":true}"))
    }

    /// Reopens a finished envelope as a draft that keeps every field, to change some of them
    /// (a caller that knows a better recovery, a localizer, a redactor). The draft must be
    /// finished again with a recovery.
    pub fn into_draft(self) -> crate::Draft {
        crate::Draft::reopen(self)
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

/// A near-miss region for a failed match (atomwrite's `best_candidate`).
///
/// # Examples
///
/// ```
/// use failwise::{Candidate, Code, Envelope, ExitStatus};
/// let region = Candidate {
///     text: "fn main() {\n    run();\n}".into(),
///     line: 10,
///     column: 1,
///     similarity: 0.92,
///     strategy: "whitespace_normalized".into(),
///     diff_preview: None,
/// };
/// let envelope = Envelope::draft(Code::new("MATCH_FAILED")?, ExitStatus::FAILURE, "old text not found in src/main.rs")
///     .path("src/main.rs")
///     .candidates([region])
///     .with_recovery("copy the region at src/main.rs:10:1 into --old, then run the edit again")?;
/// let best = envelope.candidates().first().ok_or("no candidate")?;
/// assert_eq!((best.line, best.column, best.strategy.as_str()), (10, 1, "whitespace_normalized"));
/// assert!(best.similarity > 0.9);
///
/// // A reader gets the same regions back from the line.
/// let back = Envelope::from_json(&envelope.to_json_line())?;
/// assert_eq!(back.candidates(), envelope.candidates());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Candidate {
    /// The region's text, at most 500 characters.
    #[schemars(length(max = 500))]
    pub text: String,
    /// 1-based line of the region's start.
    #[schemars(range(min = 1))]
    pub line: u64,
    /// 1-based column (in characters) of the region's start.
    #[schemars(range(min = 1))]
    pub column: u64,
    /// Similarity to what was sought, `0.0..=1.0`.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub similarity: f64,
    /// The strategy that found it, such as `exact`, `whitespace_normalized`, `fuzzy`.
    pub strategy: String,
    /// A short unified-diff preview from the sought text to this region.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff_preview: Option<String>,
}

/// Where the offending input is (the `file:line:col` of eval-mock's `location`). Lines and
/// columns are 1-based.
///
/// # Examples
///
/// ```
/// use failwise::{Code, Envelope, ExitStatus, Location};
/// let envelope = Envelope::draft(Code::new("SCENARIO_INVALID")?, ExitStatus::FAILURE, "unknown key tols")
///     .location(Location { path: Some("scenario.yaml".into()), line: Some(12), column: Some(3) })
///     .with_recovery("rename `tols` to `tools` at scenario.yaml:12:3")?;
/// let at = envelope.location().ok_or("no location")?;
/// assert_eq!((at.path.as_deref(), at.line, at.column), (Some("scenario.yaml"), Some(12), Some(3)));
/// assert!(envelope.to_json_line().contains(r#""location":{"path":"scenario.yaml","line":12,"column":3}"#));
///
/// // Line and column are 1-based: a 0 is left out, and an empty location with it.
/// let unknown = Envelope::draft(Code::new("SCENARIO_INVALID")?, ExitStatus::FAILURE, "unknown key tols")
///     .location(Location { line: Some(0), ..Location::default() })
///     .with_recovery("rename `tols` to `tools`")?;
/// assert_eq!(unknown.location(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub struct Location {
    /// The file, or another named input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// 1-based line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub line: Option<u64>,
    /// 1-based column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub column: Option<u64>,
}

/// Per-item results of a batch (atomwrite's `pairs_total`, `failed_pair_index` and
/// `pair_results`).
///
/// # Examples
///
/// ```
/// use failwise::{Code, Envelope, ExitStatus, ItemResult, Items};
/// let items = Items {
///     total: 3,
///     failed_index: Some(2),
///     results: vec![
///         ItemResult { index: 1, ok: true, strategy: Some("exact".into()), similarity: None },
///         ItemResult { index: 2, ok: false, strategy: None, similarity: Some(0.41) },
///     ],
/// };
/// let envelope = Envelope::draft(Code::new("MATCH_FAILED")?, ExitStatus::FAILURE, "edit 2 of 3 matched nothing")
///     .items(items)
///     .with_recovery("fix --old of edit 2 and send edits 2 and 3 again")?;
/// let batch = envelope.items().ok_or("no items")?;
/// let failed = batch.results.iter().find(|r| !r.ok).ok_or("no failed item")?;
/// assert_eq!(Some(failed.index), batch.failed_index);
/// // Items after the failed one were not tried.
/// assert_eq!(batch.total - batch.results.len() as u64, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Items {
    /// How many items the request held.
    pub total: u64,
    /// 1-based index of the item that failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub failed_index: Option<u64>,
    /// Results of the items up to and including the failed one; later items were not tried.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<ItemResult>,
}

/// The outcome of one item of a batch.
///
/// # Examples
///
/// ```
/// use failwise::ItemResult;
/// let fuzzy: ItemResult = serde_json::from_str(r#"{"index":1,"ok":true,"strategy":"fuzzy","similarity":0.87}"#)?;
/// assert!(fuzzy.ok);
/// assert_eq!((fuzzy.strategy.as_deref(), fuzzy.similarity), (Some("fuzzy"), Some(0.87)));
///
/// // Absent members are omitted on the wire.
/// let failed = ItemResult { index: 2, ok: false, strategy: None, similarity: None };
/// assert_eq!(serde_json::to_string(&failed)?, r#"{"index":2,"ok":false}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ItemResult {
    /// 1-based position of the item in the request.
    #[schemars(range(min = 1))]
    pub index: u64,
    /// Whether the item succeeded (atomwrite's `matched`).
    pub ok: bool,
    /// The strategy that succeeded, when one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategy: Option<String>,
    /// Similarity of a fuzzy match, `0.0..=1.0`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0.0, max = 1.0))]
    pub similarity: Option<f64>,
}

/// A policy refusal (the sprawling agent kernel's `GateRefusal`): all three parts are required
/// and non-empty, and `alternative` is a directive, not just "no".
///
/// # Examples
///
/// ```
/// use failwise::{Code, Envelope, ExitStatus, Gate};
/// let gate = Gate::new(
///     "no-push-to-main",
///     "the push updates refs/heads/main directly",
///     "push to a new branch and open a pull request",
/// )?;
/// let envelope = Envelope::draft(Code::new("E_GATE_REFUSED")?, ExitStatus::FAILURE, "push to main refused by policy")
///     .gate(gate)
///     .with_recovery("run `git push origin HEAD:refs/heads/fix-login`, then open a pull request")?;
/// let refusal = envelope.gate().ok_or("no gate")?;
/// assert_eq!(refusal.rule(), "no-push-to-main");
/// assert_eq!(refusal.alternative(), "push to a new branch and open a pull request");
///
/// // An alternative that only refuses is refused itself.
/// let err = Gate::new("no-push-to-main", "the push updates main", "no").unwrap_err();
/// assert_eq!((err.part, err.problem), ("alternative", "only a refusal"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Gate {
    /// The rule that refused.
    #[schemars(length(min = 1))]
    rule: String,
    /// What about the request broke it.
    #[schemars(length(min = 1))]
    violation: String,
    /// What the caller may do instead: a directive, not just "no".
    #[schemars(length(min = 1))]
    alternative: String,
}

/// A [`Gate`] missing one of its parts, or whose alternative only refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "gate `{part}` is {problem}: a refusal names its rule, the violation, and an alternative the caller can act on"
)]
pub struct IncompleteGate {
    /// `rule`, `violation` or `alternative`.
    pub part: &'static str,
    /// What is wrong with it.
    pub problem: &'static str,
}

impl Gate {
    /// Builds a refusal from its three parts.
    ///
    /// # Errors
    ///
    /// [`IncompleteGate`] when a part is empty or whitespace, or when `alternative` is only a
    /// refusal (`no`, `none`, `n/a`, `-`).
    pub fn new(
        rule: impl Into<String>,
        violation: impl Into<String>,
        alternative: impl Into<String>,
    ) -> Result<Self, IncompleteGate> {
        let gate = Self {
            rule: rule.into(),
            violation: violation.into(),
            alternative: alternative.into(),
        };
        gate.check()?;
        Ok(gate)
    }

    pub(crate) fn check(&self) -> Result<(), IncompleteGate> {
        for (part, text) in [
            ("rule", &self.rule),
            ("violation", &self.violation),
            ("alternative", &self.alternative),
        ] {
            if text.trim().is_empty() {
                return Err(IncompleteGate {
                    part,
                    problem: "empty",
                });
            }
        }
        let alt = self
            .alternative
            .trim()
            .trim_end_matches('.')
            .to_ascii_lowercase();
        if matches!(alt.as_str(), "no" | "none" | "n/a" | "-" | "nothing") {
            return Err(IncompleteGate {
                part: "alternative",
                problem: "only a refusal",
            });
        }
        Ok(())
    }

    /// The rule that refused.
    pub fn rule(&self) -> &str {
        &self.rule
    }
    /// What about the request broke it.
    pub fn violation(&self) -> &str {
        &self.violation
    }
    /// What the caller may do instead.
    pub fn alternative(&self) -> &str {
        &self.alternative
    }
}

/// How an upstream call failed (the sprawling agent kernel's `ProviderFailureKind`), with its
/// HTTP status.
///
/// # Examples
///
/// ```
/// use failwise::{Code, Envelope, ExitStatus, Provider, ProviderKind, Verdict};
/// let envelope = Envelope::draft(Code::new("HTTP_429")?, ExitStatus::TEMPFAIL, "api.example.com is rate limiting")
///     .verdict(Verdict::transient().after_ms(2_000))
///     .provider(Provider { kind: ProviderKind::Quota, status: Some(429) })
///     .with_recovery("wait 2 s, then send the request again")?;
/// let provider = envelope.provider().ok_or("no provider")?;
/// assert_eq!((provider.kind, provider.status), (ProviderKind::Quota, Some(429)));
/// assert!(envelope.to_json_line().contains(r#""provider":{"kind":"quota","status":429}"#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Provider {
    /// The kind of failure.
    pub kind: ProviderKind,
    /// The HTTP status the upstream answered with, when it answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 100, max = 599))]
    pub status: Option<u16>,
}

/// The kinds of upstream failure (those of the sprawling agent kernel's `ProviderFailureKind`).
///
/// # Examples
///
/// ```
/// use failwise::ProviderKind;
/// let kind: ProviderKind = serde_json::from_str(r#""cut""#)?;
/// let landed = match kind {
///     ProviderKind::Refused => "no: the upstream refused before acting",
///     ProviderKind::Cut | ProviderKind::Silence => "maybe: verify before sending it again",
///     _ => "as the envelope's retry verdict says",
/// };
/// assert_eq!(landed, "maybe: verify before sending it again");
/// assert_eq!(serde_json::to_string(&ProviderKind::Unreadable)?, r#""unreadable""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProviderKind {
    /// The exchange failed before an answer began (connection reset while sending).
    Exchange,
    /// The answer began and was cut off: the effect may have landed.
    Cut,
    /// No answer within the time allowed after the request went out.
    Silence,
    /// The upstream refused the request before acting (connection refused, 4xx).
    Refused,
    /// A quota or rate limit.
    Quota,
    /// The request or the context was too large.
    Overflow,
    /// The answer came but could not be read.
    Unreadable,
    /// The upstream reported an error of its own.
    Reported,
}

/// Where a normalized envelope came from.
///
/// # Examples
///
/// ```
/// use failwise::dialect::{self, Context};
/// use failwise::SourceCode;
/// let record: serde_json::Value = serde_json::from_str(r#"{"error":true,"code":4,"message":"memory not found: design-auth"}"#)?;
/// let envelope = dialect::read_any(&record, &Context::default())?;
/// let source = envelope.source().ok_or("not normalized from another dialect")?;
/// assert_eq!(source.dialect, "sqlite-graphrag");
/// assert_eq!(source.code, Some(SourceCode::Number(4)));
/// assert_eq!(envelope.code().as_str(), "NOT_FOUND");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Source {
    /// The dialect's name, such as `problem+json` or `sqlite-graphrag`.
    pub dialect: String,
    /// The code as the source spelled it: a string, or an integer (an exit status, a gRPC or
    /// JSON-RPC code).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<SourceCode>,
}

/// An original code, as the source wrote it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum SourceCode {
    /// A numeric code.
    Number(i64),
    /// A textual code.
    Text(String),
}

/// One underlying failure of an envelope: an entry of `causes`, which lists them outermost
/// first (the chain of [`std::error::Error::source`], the layers of a record found inside
/// another, a Kubernetes `Status`'s `details.causes`).
///
/// On the wire `{"code"?: string, "message": string, "source"?: string}`; new members may
/// appear.
///
/// # Examples
///
/// ```
/// use failwise::Cause;
/// let io = std::io::Error::from_raw_os_error(2);
/// let cause = Cause::from_error(&io);
/// assert_eq!(cause.code.as_deref(), Some("ENOENT"));
/// assert!(cause.message.starts_with("No such file or directory"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Cause {
    /// The cause's code as its source spelled it: an errno name (`ENOENT`), an HTTP status, a
    /// foreign record's code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub code: Option<String>,
    /// The cause's own message, as its source wrote it; never empty.
    #[schemars(length(min = 1))]
    pub message: String,
    /// Where the cause came from: the dialect of a record it was read from (`json-rpc`), or the
    /// type that raised it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub source: Option<String>,
}

impl Cause {
    /// A cause with `message` alone.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            code: None,
            message: message.into(),
            source: None,
        }
    }

    /// Sets the cause's code; a blank one is left out.
    #[must_use]
    pub fn with_code(mut self, code: impl Into<String>) -> Self {
        self.code = Some(code.into()).filter(|c| !c.trim().is_empty());
        self
    }

    /// Sets where the cause came from; a blank one is left out.
    #[must_use]
    pub fn with_source(mut self, source: impl Into<String>) -> Self {
        self.source = Some(source.into()).filter(|s| !s.trim().is_empty());
        self
    }

    /// The cause for one error: its `Display` text as the message, and, for a
    /// [`std::io::Error`] that carries an OS error number, the errno name (`ENOENT`) as its code.
    pub fn from_error(error: &(dyn std::error::Error + 'static)) -> Self {
        let cause = Self::new(error.to_string());
        match error
            .downcast_ref::<std::io::Error>()
            .and_then(std::io::Error::raw_os_error)
            .and_then(|n| u16::try_from(n).ok())
            .and_then(crate::classify::errno::by_number)
        {
            Some(errno) => cause.with_code(errno.name),
            None => cause,
        }
    }

    /// The causes for `error` and every error of its [`source`](std::error::Error::source)
    /// chain, outermost first, at most [`Cause::CHAIN_MAX`] of them (a chain that loops
    /// ends there). Blank messages are skipped.
    pub fn chain(error: &(dyn std::error::Error + 'static)) -> Vec<Self> {
        let mut causes = Vec::new();
        let mut next = Some(error);
        while let Some(e) = next {
            if causes.len() == Self::CHAIN_MAX {
                break;
            }
            let cause = Self::from_error(e);
            if !cause.message.trim().is_empty() {
                causes.push(cause);
            }
            next = e.source();
        }
        causes
    }

    /// The most causes [`Cause::chain`] follows.
    pub const CHAIN_MAX: usize = 32;
}
