//! The parts an envelope holds: [`Candidate`], [`Location`], [`Items`], [`Gate`],
//! [`Provider`], [`Source`], [`Cause`] and [`Verify`], each a wire type with its own members.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
/// assert_eq!((err.part, err.problem), ("alternative", "only-a-refusal"));
/// assert!(err.to_string().starts_with("gate `alternative` is only a refusal:"));
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

/// A [`Gate`] missing one of its parts, or whose alternative only refuses. Its `Display` is
/// the phrase `gate-incomplete` in English.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", crate::phrase::render_english(&self.phrase(), &Default::default()))]
pub struct IncompleteGate {
    /// `rule`, `violation` or `alternative`.
    pub part: &'static str,
    /// What is wrong with it: `empty`, or `only-a-refusal` for an alternative that only says
    /// no (the Fluent message `gate-problem-<problem>` says it in words).
    pub problem: &'static str,
}

impl IncompleteGate {
    /// The whole description as failwise's phrase, to render in any language.
    pub fn phrase(&self) -> crate::phrase::Phrase {
        use crate::phrase::Phrase;
        Phrase::new("gate-incomplete")
            .arg("part", self.part)
            .phrase(
                "problem",
                Phrase::new(format!("gate-problem-{}", self.problem)),
            )
    }
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
                problem: "only-a-refusal",
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
///
/// On the wire a JSON string or an integer in the range of `i64`; anything else (a fraction,
/// `true`, an object) is refused with an error that says so.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum SourceCode {
    /// A numeric code.
    Number(i64),
    /// A textual code.
    Text(String),
}

impl<'de> Deserialize<'de> for SourceCode {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(SourceCodeVisitor)
    }
}

/// Reads a [`SourceCode`], naming what is accepted when the value is neither form (serde's
/// own untagged error names only the Rust type).
struct SourceCodeVisitor;

impl serde::de::Visitor<'_> for SourceCodeVisitor {
    type Value = SourceCode;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a string or an integer")
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<SourceCode, E> {
        Ok(SourceCode::Number(v))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<SourceCode, E> {
        i64::try_from(v)
            .map(SourceCode::Number)
            .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<SourceCode, E> {
        Ok(SourceCode::Text(v.to_owned()))
    }

    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<SourceCode, E> {
        Ok(SourceCode::Text(v))
    }
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
}

/// How to find out whether a request whose effect is unknown landed: a command to run, as an
/// argv (the program, then its arguments, each one word; no shell reads it). An envelope
/// carries it only with `retry: unknown`.
///
/// On the wire `{"command": ["argv0", "arg", ...]}`, the envelope's last member; new members
/// may appear. `command` has at least one element, and the first (the program) is not empty.
/// The command's exit status answers:
///
/// | exit status | meaning | a caller |
/// |---|---|---|
/// | `0` | the request landed | does not send it again |
/// | `1` | it did not land | may send it again |
/// | anything else, or death by a signal | the command cannot tell | treats the effect as still unknown |
///
/// # Examples
///
/// ```
/// use failwise::{Code, Envelope, ExitStatus, Verdict, Verify};
/// let check = Verify::new(vec!["shop".into(), "order".into(), "status".into(), "ord 42".into()])?;
/// let envelope = Envelope::draft(Code::new("DEADLINE_EXCEEDED")?, ExitStatus::TEMPFAIL, "no answer within 30 s")
///     .verdict(Verdict::transient().effect_unknown())
///     .verify(check)
///     .with_recovery("run `shop order status 'ord 42'` before placing the order again")?;
/// assert_eq!(envelope.verify().map(Verify::command), Some(&["shop", "order", "status", "ord 42"].map(String::from)[..]));
/// assert!(envelope.to_json_line().ends_with(r#","verify":{"command":["shop","order","status","ord 42"]}}"#));
///
/// // An argv without a program is refused.
/// assert!(Verify::new(vec![]).is_err());
/// assert!(Verify::new(vec![String::new(), "status".into()]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonSchema)]
pub struct Verify {
    /// The argv: the program first, then its arguments; at least one element, the first not
    /// empty.
    #[schemars(length(min = 1), extend("prefixItems" = [{ "type": "string", "minLength": 1 }]))]
    command: Vec<String>,
}

/// A [`Verify`] command without a program: no element, or an empty first one. Its `Display`
/// is the phrase `verify-no-program` in English.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", crate::phrase::english_text(&self.phrase()))]
pub struct NoProgram;

impl NoProgram {
    /// The error as failwise's phrase, to render in any language.
    pub fn phrase(&self) -> crate::phrase::Phrase {
        crate::phrase::Phrase::new("verify-no-program")
    }
}

impl Verify {
    /// The verify command `command`: the program, then its arguments, each one argv word.
    ///
    /// # Errors
    ///
    /// [`NoProgram`] when `command` is empty or its first element is.
    pub fn new(command: Vec<String>) -> Result<Self, NoProgram> {
        match command.first() {
            Some(program) if !program.is_empty() => Ok(Self { command }),
            _ => Err(NoProgram),
        }
    }

    /// The argv: the program, then its arguments; never empty.
    pub fn command(&self) -> &[String] {
        &self.command
    }

    /// The argv's words, to change one in place (a redactor masking a secret with its marker,
    /// which is never empty, so the program stays).
    pub(crate) fn words_mut(&mut self) -> &mut [String] {
        &mut self.command
    }
}

impl<'de> Deserialize<'de> for Verify {
    /// Reads `{"command": [...]}` (other members ignored) and refuses it without a program.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Wire {
            command: Vec<String>,
        }
        let wire = Wire::deserialize(deserializer)?;
        Self::new(wire.command).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::SourceCode;

    #[test]
    fn a_source_code_is_a_string_or_an_integer_and_says_so_otherwise() {
        let read = |text: &str| serde_json::from_str::<SourceCode>(text);
        assert_eq!(read("42").ok(), Some(SourceCode::Number(42)));
        assert_eq!(read("-32600").ok(), Some(SourceCode::Number(-32600)));
        assert_eq!(read("\"E404\"").ok(), Some(SourceCode::Text("E404".into())));
        for bad in ["1.5", "true", "{}", "[1]", "null", "18446744073709551615"] {
            let err = read(bad).expect_err(bad).to_string();
            assert!(
                err.contains("expected a string or an integer"),
                "{bad}: {err}"
            );
            assert!(!err.contains("untagged"), "{bad}: {err}");
        }
    }
}
