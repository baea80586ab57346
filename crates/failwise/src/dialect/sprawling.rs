//! The sprawling agent kernel's `AxError`: `code` (`E_*`), `action`, `subject`, `nearby`,
//! `recovery`, the tri-state `retry` (legacy bool `retriable`), `retry_after_ms`, `gate` and
//! `provider`, serialized in that order.
//!
//! # Reading, field by field
//!
//! | `AxError` | canonical | how |
//! |---|---|---|
//! | `code` | `code`, `source.code` | kept when it is UPPER_SNAKE (sprawling's codes are), else normalized to it; the original kept; a `failwise_code` member (written by [`write()`] when it had to add the `E_` prefix) wins |
//! | `action`, `subject` | `action`, `subject`, `message` | kept; `message` is inferred as `cannot <action> on <subject>` (`AxError`'s `Display`), since the dialect has none |
//! | `nearby` | `nearby` | kept, in order (an empty list is left out) |
//! | `recovery` | `recovery` | kept |
//! | `retry` / `retriable` | `retry`, `error_class` | the source's verdict is kept: `yes` (or `true`) → `transient`/`yes`; `no` (or `false`) → `permanent`/`no`; `unknown` → `ambiguous`/`unknown` |
//! | `retry_after_ms` | `retry_after_ms` | kept with `yes`, dropped otherwise (`AxError`'s own invariant) |
//! | `gate` | `gate` | kept when all three parts are there |
//! | `provider` (kind) | `provider.kind` | kept; a string or `{kind, status}` |
//! | (none) | `exit` | the context's exit status, else the verdict's default exit (75 for `transient`, 1 otherwise) |
//!
//! # Writing
//!
//! Every `AxError` field is written. `code` carries the `E_` prefix that sprawling's codes
//! (`AxCode`) all have: a code without it (or the bare `E_`) is written `E_<code>`, and the envelope's own code is
//! kept beside it in `failwise_code` (`AxError`'s `Deserialize` ignores members it does not
//! know), which the reader prefers. `action` and `subject` are required there, so an envelope
//! without them writes `action` `run` and `subject` as its `path` or `-`. Lost, since
//! `AxError` has no member for them: `exit`, `message` (`AxError` says `cannot <action> on
//! <subject>`), the class (`conflict`, `precondition_failed` read back as `permanent`,
//! `transient`/`unknown` as `ambiguous`), `params`, `candidates`, `location`, `path`,
//! `workspace`, `discarded_flags`, `items`, `provider.status`, `truncated`, `doc_url`, `lang`,
//! `source`, `causes`, `verify`.

use serde_json::{Map, Value, json};

use super::{Context, Dialect, DialectError, finish, rules, source, text};
use crate::code::Code;
use crate::envelope::{Envelope, Gate, Provider, ProviderKind, SourceCode};
use crate::phrase::Phrase;
use crate::verdict::{Retry, Verdict};

const D: Dialect = Dialect::Sprawling;

/// The prefix every sprawling code (`AxCode`) carries.
const PREFIX: &str = "E_";

/// Reads an `AxError`; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when `code` is not a string or `retry` is not `yes`, `no`, `unknown` or a
/// bool.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .as_object()
        .ok_or_else(|| DialectError::new(D, "", Phrase::new("dialect-not-an-object")))?;
    let original = super::required_str(obj, D, "", "code")?;
    let code = text(obj, "failwise_code")
        .and_then(|c| Code::new(c).ok())
        .or_else(|| Code::new(original).ok())
        .unwrap_or_else(|| Code::normalize(original, "E"));
    let retry = match obj.get("retry").or_else(|| obj.get("retriable")) {
        Some(Value::Bool(true)) => Retry::Yes,
        Some(Value::Bool(false)) => Retry::No,
        Some(Value::String(s)) if s == "yes" => Retry::Yes,
        Some(Value::String(s)) if s == "no" => Retry::No,
        Some(Value::String(s)) if s == "unknown" => Retry::Unknown,
        None => Retry::Unknown,
        Some(_) => {
            return Err(DialectError::new(
                D,
                "/retry",
                Phrase::new("dialect-not-a-retry-word"),
            ));
        }
    };
    let mut verdict = match retry {
        Retry::Yes => Verdict::transient(),
        Retry::No => Verdict::permanent(),
        Retry::Unknown => rules::unknown(),
    };
    if let Some(ms) = obj.get("retry_after_ms").and_then(Value::as_u64) {
        verdict = verdict.after_ms(ms);
    }
    let action = text(obj, "action");
    let subject = text(obj, "subject");
    let exit = context.exit.unwrap_or_else(|| rules::default_exit(verdict));
    let mut draft = Envelope::draft(code, exit, original)
        .verdict(verdict)
        .source(source(D, Some(SourceCode::Text(original.to_owned()))));
    match (action, subject) {
        (Some(a), Some(s)) => {
            draft = draft.message_phrase(
                Phrase::new("dialect-cannot-on-message")
                    .arg("action", a)
                    .arg("subject", s),
            );
        }
        (Some(a), None) => {
            draft = draft.message_phrase(Phrase::new("dialect-cannot-message").arg("action", a));
        }
        _ => {}
    }
    if let Some(a) = action {
        draft = draft.action(a);
    }
    if let Some(s) = subject {
        draft = draft.subject(s);
    }
    if let Some(Value::Array(n)) = obj.get("nearby") {
        draft = draft.nearby(n.iter().filter_map(Value::as_str));
    }
    if let Some(Value::Object(g)) = obj.get("gate")
        && let (Some(r), Some(v), Some(a)) = (
            text(g, "rule"),
            text(g, "violation"),
            text(g, "alternative"),
        )
        && let Ok(gate) = Gate::new(r, v, a)
    {
        draft = draft.gate(gate);
    }
    if let Some(provider) = obj.get("provider").and_then(provider) {
        draft = draft.provider(provider);
    }
    Ok(finish(draft, text(obj, "recovery")))
}

fn provider(value: &Value) -> Option<Provider> {
    let (kind, status) = match value {
        Value::String(s) => (s.as_str(), None),
        Value::Object(o) => (
            o.get("kind")?.as_str()?,
            o.get("status")
                .and_then(Value::as_u64)
                .and_then(|s| u16::try_from(s).ok()),
        ),
        _ => return None,
    };
    let kind: ProviderKind = serde_json::from_value(Value::String(kind.to_owned())).ok()?;
    Some(Provider { kind, status })
}

/// Writes an `AxError`; see the module docs for what is lost.
pub fn write(envelope: &Envelope) -> Value {
    let mut out = Map::new();
    let code = envelope.code().as_str();
    if code.len() > PREFIX.len() && code.starts_with(PREFIX) {
        out.insert("code".into(), json!(code));
    } else {
        out.insert("code".into(), json!(format!("{PREFIX}{code}")));
        out.insert("failwise_code".into(), json!(code));
    }
    out.insert("action".into(), json!(envelope.action().unwrap_or("run")));
    let subject = envelope.subject().or(envelope.path()).unwrap_or("-");
    out.insert("subject".into(), json!(subject));
    out.insert("nearby".into(), json!(envelope.nearby()));
    out.insert("recovery".into(), json!(envelope.recovery()));
    out.insert("retry".into(), json!(envelope.retry().as_str()));
    if let Some(ms) = envelope.retry_after_ms() {
        out.insert("retry_after_ms".into(), json!(ms));
    }
    if let Some(g) = envelope.gate() {
        out.insert(
            "gate".into(),
            json!({"rule": g.rule(), "violation": g.violation(), "alternative": g.alternative()}),
        );
    }
    if let Some(p) = envelope.provider() {
        out.insert(
            "provider".into(),
            serde_json::to_value(p.kind).unwrap_or(Value::Null),
        );
    }
    Value::Object(out)
}
