//! sqlite-graphrag's error envelope (its `ErrorEnvelope` JSON Schema): a closed object whose
//! integer `code` is the exit status, three classes, and `suggestion`.
//!
//! # Reading, field by field
//!
//! | sqlite-graphrag | canonical | how |
//! |---|---|---|
//! | `code` (integer) | `exit`, `code`, `source.code` | the integer is the exit status; the canonical code comes from the exit table in the schema's `code` description (4 `NOT_FOUND`, 9 `DUPLICATE`, 10 `DATABASE_ERROR`, 11 `EMBEDDING_FAILED`, 75 `BUSY`, 78 `CONFIG_INVALID`), else `EXIT_<n>` for an exit status (1 to 255), `CODE_<n>` for any other integer (0 and 256 up are no failing exit status; `CODE_MINUS_<n>` for a negative one), whose `exit` is the real status when known, else 1; the integer is kept in `source.code` |
//! | `message` | `message` | kept |
//! | `error_class`, `retryable` | `error_class`, `retry` | `transient` + `retryable: true` → `transient`/`yes`; `permanent` → `permanent`/`no`, refined by the exit table where it says more without changing `retry` (9 duplicate → `conflict`, 78 configuration → `precondition_failed`); `ambiguous` → `ambiguous`/`unknown` (sqlite-graphrag leaves the decision to the caller); absent (the oldest documented form) → inferred from the exit table, else `ambiguous`/`unknown` |
//! | `suggestion` | `recovery` | kept; absent → a fallback sentence for the verdict |
//! | `discarded_flags` | `discarded_flags` | kept |
//! | `truncated`, `count`, `agent_surface` | `params.truncated`, `params.count`, `params.agent_surface` | kept as data (sqlite-graphrag's `truncated` is a bool and gives no sizes) |
//!
//! # Writing
//!
//! `code` ← `exit`; `error_class` ← `transient` only for `transient`/`yes`, `ambiguous` for
//! `ambiguous` or `retry: unknown`, else `permanent`; `retryable` ← `retry == yes`;
//! `suggestion` ← `recovery`; `discarded_flags` kept; `truncated: true` when anything was cut.
//! The object is closed (`additionalProperties: false`), so everything else is lost: the
//! string code (`exit` is the code), `conflict`/`precondition_failed` (written `permanent`) and
//! a `transient`/`unknown` verdict (written `ambiguous`), `retry_after_ms`, `action`, `subject`,
//! `params`, `nearby`, `candidates`, `location`, `path`, `workspace`, `items`, `gate`,
//! `provider`, the sizes in `truncated`, `doc_url`, `lang`, `source`, `causes`, `verify`.

use crate::phrase::Phrase;
use serde_json::{Map, Value, json};

use super::{Context, Dialect, DialectError, finish, rules, source, text};
use crate::code::{Code, ExitStatus};
use crate::envelope::{Envelope, SourceCode};
use crate::verdict::{ErrorClass, Retry, Verdict};

const D: Dialect = Dialect::SqliteGraphrag;

/// The name and verdict that sqlite-graphrag's exit table gives an exit status.
fn exit_table(exit: i64) -> Option<(&'static str, Verdict)> {
    Some(match exit {
        4 => ("NOT_FOUND", Verdict::permanent()),
        9 => ("DUPLICATE", Verdict::conflict()),
        10 => ("DATABASE_ERROR", Verdict::ambiguous()),
        11 => ("EMBEDDING_FAILED", Verdict::ambiguous()),
        75 => ("BUSY", Verdict::transient()),
        78 => ("CONFIG_INVALID", Verdict::precondition_failed()),
        _ => return None,
    })
}

/// Reads a sqlite-graphrag envelope; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when `code` is not an integer or `message` is not a string.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .as_object()
        .ok_or_else(|| DialectError::new(D, "", Phrase::new("dialect-not-an-object")))?;
    let number = obj
        .get("code")
        .and_then(Value::as_i64)
        .ok_or_else(|| DialectError::new(D, "/code", Phrase::new("dialect-not-an-integer")))?;
    let message = super::required_str(obj, D, "", "message")?;
    let table = exit_table(number);
    let code = match table {
        Some((name, _)) => Code::normalize(name, "EXIT"),
        // A code outside 1..=255 is no failing exit status: it is named as a code (a
        // negative one keeps its sign in the name), and the number stays in `source.code`.
        None if number < 0 => {
            Code::normalize(&format!("CODE_MINUS_{}", number.unsigned_abs()), "CODE")
        }
        None if !(1..=255).contains(&number) => Code::normalize(&format!("CODE_{number}"), "CODE"),
        None => Code::normalize(&format!("EXIT_{number}"), "EXIT"),
    };
    let exit = u8::try_from(number)
        .ok()
        .and_then(ExitStatus::new)
        .or(context.exit)
        .unwrap_or(ExitStatus::FAILURE);
    let verdict = verdict(obj, table.map(|(_, v)| v));
    let mut draft = Envelope::draft(code, exit, message)
        .verdict(verdict)
        .source(source(D, Some(SourceCode::Number(number))));
    if let Some(Value::Array(flags)) = obj.get("discarded_flags") {
        draft = draft.discarded_flags(flags.iter().filter_map(Value::as_str));
    }
    for key in ["truncated", "count", "agent_surface"] {
        if let Some(v) = obj.get(key) {
            draft = draft.param(key, v.clone());
        }
    }
    Ok(finish(draft, text(obj, "suggestion")))
}

fn verdict(obj: &Map<String, Value>, table: Option<Verdict>) -> Verdict {
    let retryable = obj.get("retryable").and_then(Value::as_bool);
    match obj.get("error_class").and_then(Value::as_str) {
        Some("transient") if retryable != Some(false) => Verdict::transient(),
        Some("transient") => Verdict::transient().effect_unknown(),
        Some("permanent") => match table {
            Some(v) if v.retry() == Retry::No => v,
            _ => Verdict::permanent(),
        },
        Some("ambiguous") => Verdict::ambiguous(),
        _ => table.unwrap_or_else(rules::unknown),
    }
}

/// Writes a sqlite-graphrag envelope; see the module docs for what is lost.
pub fn write(envelope: &Envelope) -> Value {
    let class = match (envelope.error_class(), envelope.retry()) {
        (ErrorClass::Transient, Retry::Yes) => "transient",
        (ErrorClass::Ambiguous, _) | (_, Retry::Unknown) => "ambiguous",
        _ => "permanent",
    };
    let mut out = json!({
        "error": true,
        "code": envelope.exit().get(),
        "message": envelope.message(),
        "error_class": class,
        "retryable": class == "transient",
        "suggestion": envelope.recovery(),
    });
    if let Some(obj) = out.as_object_mut() {
        if !envelope.discarded_flags().is_empty() {
            obj.insert("discarded_flags".into(), json!(envelope.discarded_flags()));
        }
        if !envelope.truncated().is_empty() {
            obj.insert("truncated".into(), Value::Bool(true));
        }
    }
    out
}
