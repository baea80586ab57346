//! eval-mock's envelope, as its error-code page documents it: `{code, message, hint,
//! location}`, bare or wrapped as `{"error": {...}}` (its MCP tool results), with no retry
//! field. Its human form (`error [CODE]: message` / `at: file:line:col` / `hint: ...`) is
//! found by [`super::recognize_block`] ([`from_human`]) and read through the same mapping.
//!
//! # Reading, field by field
//!
//! | eval-mock | canonical | how |
//! |---|---|---|
//! | `code` | `code`, `source.code` | kept when it is UPPER_SNAKE, else normalized to it; the original kept |
//! | (none) | `error_class`, `retry` | inferred from the code by the code tables of eval-mock's error-code page (see [`code_verdict`]); a code the tables do not name → `ambiguous`/`unknown` |
//! | (none) | `exit` | the context's exit status; else 3 for `BUDGET_EXCEEDED` and 2 for the framework's `EM_*` codes (eval-mock's documented exits), else the default for the verdict ([`rules::default_exit`]: 75 for `transient`, 1 otherwise) |
//! | `message` | `message` | kept |
//! | `hint` | `recovery`, `nearby` | kept; the quoted values of `did you mean 'x'?` and of TOOL_NOT_ENABLED's `enabled: [...]` become `nearby` |
//! | `location` (`file:line:col` or null) | `location` | split from the right into path, line, column |
//!
//! # Writing
//!
//! `{"error": {"code", "message", "hint", "location"}}` with `hint` ← `recovery` and
//! `location` ← [`location_text`]: always `file:line:col` as the error-code page gives it, the
//! file from `location.path` (else the envelope's `path`), an unknown line or column written
//! as 1 (the first, where a reader of `file:line:col` looks when it is told no more), and `null`
//! when the envelope names no file. [`write_human`] writes the same record in eval-mock's human
//! form, `error [CODE]: message` / `  at: file:line:col` / `  hint: recovery`, with a line
//! break inside a text written as a space (the form is one line per member).
//!
//! Lost, since the record has no member for them: the verdict (it reads back from the code's
//! table), `exit`, `params`, `nearby` (a `did you mean` in the recovery reads back),
//! `candidates`, `action`, `subject`, `workspace`, `discarded_flags`, `items`, `gate`,
//! `provider`, `truncated`, `doc_url`, `lang`, `source`, `causes`, `verify`; the difference between an
//! unknown line or column and line or column 1; `path` when there is no location.

use serde_json::{Map, Value, json};

use super::{Context, Dialect, DialectError, finish, rules, source, text};
use crate::code::{Code, ExitStatus};
use crate::envelope::{Envelope, Location, SourceCode};
use crate::verdict::Verdict;

const D: Dialect = Dialect::EvalMock;

/// The verdict that the code tables of eval-mock's error-code page support for `code`, or
/// `None` for a code they do not name.
///
/// Injected faults: `RATE_LIMIT`, `SERVER_ERROR` → `transient`/`yes`; `TIMEOUT` →
/// `transient`/`unknown` (the call went out); `PERMISSION_DENIED` → `permanent`. Business
/// codes: `TOOL_NOT_ENABLED`, `ARGS_INVALID`, `MALFORMED_TOOL_CALL`, `*_NOT_FOUND` →
/// `permanent`; `TIME_CONFLICT` → `conflict`; `BUDGET_EXCEEDED` → `precondition_failed`;
/// `TURN_NOT_READY` → `transient`/`yes`. Framework codes (`EM_*`) are misuse or invalid input
/// → `permanent`, except `EM_STORE` (snapshot I/O), `EM_TOOL` and `EM_UNKNOWN` → `ambiguous`.
pub fn code_verdict(code: &str) -> Option<Verdict> {
    Some(match code {
        "RATE_LIMIT" | "SERVER_ERROR" | "TURN_NOT_READY" => Verdict::transient(),
        "TIMEOUT" => Verdict::transient().effect_unknown(),
        "TIME_CONFLICT" => Verdict::conflict(),
        "BUDGET_EXCEEDED" => Verdict::precondition_failed(),
        "EM_STORE" | "EM_TOOL" | "EM_UNKNOWN" => Verdict::ambiguous(),
        "PERMISSION_DENIED" | "TOOL_NOT_ENABLED" | "ARGS_INVALID" | "MALFORMED_TOOL_CALL" => {
            Verdict::permanent()
        }
        c if c.ends_with("_NOT_FOUND") || c.starts_with("EM_") => Verdict::permanent(),
        _ => return None,
    })
}

/// Reads an eval-mock envelope, bare or under `"error"`; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when `code` or `message` is not a string.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let (obj, at) = super::error_object(value, D)?;
    let original = super::required_str(obj, D, at, "code")?;
    let message = super::required_str(obj, D, at, "message")?;
    let code = Code::new(original)
        .ok()
        .unwrap_or_else(|| Code::normalize(original, "CODE"));
    let verdict = code_verdict(code.as_str()).unwrap_or_else(rules::unknown);
    let exit = context.exit.unwrap_or_else(|| match code.as_str() {
        "BUDGET_EXCEEDED" => ExitStatus::new(3).unwrap_or(ExitStatus::FAILURE),
        c if c.starts_with("EM_") => ExitStatus::USAGE,
        _ => rules::default_exit(verdict),
    });
    let hint = text(obj, "hint");
    let mut draft = Envelope::draft(code, exit, message)
        .verdict(verdict)
        .source(source(D, Some(SourceCode::Text(original.to_owned()))));
    if let Some(h) = hint {
        draft = draft.nearby(hint_values(h));
    }
    if let Some(loc) = text(obj, "location") {
        draft = draft.location(parse_location(loc));
    }
    Ok(finish(draft, hint))
}

/// The alternatives a hint names: `did you mean 'x'?`, or the list of TOOL_NOT_ENABLED's
/// `enabled: ['a', 'b'] + eval.finish`.
fn hint_values(hint: &str) -> Vec<String> {
    if let Some(list) = hint.strip_prefix("enabled: [") {
        let (inner, rest) = list.split_once(']').unwrap_or((list, ""));
        let mut values: Vec<String> = inner
            .split(',')
            .map(|v| v.trim().trim_matches(['\'', '"']).to_owned())
            .filter(|v| !v.is_empty())
            .collect();
        if let Some(extra) = rest.trim().strip_prefix('+') {
            values.extend(extra.split('+').map(|v| v.trim().to_owned()));
        }
        return values;
    }
    rules::nearby_from_tip(hint)
}

/// eval-mock's human form, `error [CODE]: message` followed by indented `at: file:line:col`
/// and `hint: ...` lines, as the record [`read`] takes; `None` when `text` has no
/// `error [` line.
pub fn from_human(text: &str) -> Option<Value> {
    let mut lines = text
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("error ["));
    let first = lines.next()?.trim_start().strip_prefix("error [")?;
    let (code, message) = first.split_once("]: ")?;
    let mut record = Map::new();
    record.insert("code".into(), Value::String(code.to_owned()));
    record.insert("message".into(), Value::String(message.to_owned()));
    record.insert("location".into(), Value::Null);
    for line in lines {
        let line = line.trim_start();
        if let Some(at) = line.strip_prefix("at: ") {
            record.insert("location".into(), Value::String(at.to_owned()));
        } else if let Some(hint) = line.strip_prefix("hint: ") {
            record.insert("hint".into(), Value::String(hint.to_owned()));
        } else if !line.trim_end().is_empty() {
            break;
        }
    }
    Some(Value::Object(record))
}

/// Whether `line` opens eval-mock's human form: `error [CODE]: ...` (after blanks).
pub fn opens_human(line: &str) -> bool {
    line.trim_start()
        .strip_prefix("error [")
        .is_some_and(|rest| rest.contains("]: "))
}

/// Splits `file:line:col` (or `file:line`, or `file`) from the right.
pub fn parse_location(text: &str) -> Location {
    let mut parts = text.rsplitn(3, ':');
    let last = parts.next();
    let middle = parts.next();
    let first = parts.next();
    let num = |s: Option<&str>| s.and_then(|s| s.trim().parse::<u64>().ok());
    match (first, num(middle), num(last)) {
        (Some(path), Some(line), Some(col)) => Location {
            path: Some(path.to_owned()),
            line: Some(line),
            column: Some(col),
        },
        _ => match (middle, num(last)) {
            (Some(path), Some(line)) => Location {
                path: Some(first.map_or(path.to_owned(), |f| format!("{f}:{path}"))),
                line: Some(line),
                column: None,
            },
            _ => Location {
                path: Some(text.to_owned()),
                line: None,
                column: None,
            },
        },
    }
}

/// The location as eval-mock writes it, `file:line:col`: the file from `location.path`, else
/// the envelope's `path`; an unknown line or column as 1. `None` when no file is named, or the
/// envelope has no location and no path.
pub fn location_text(envelope: &Envelope) -> Option<String> {
    let location = envelope.location();
    let path = location
        .and_then(|l| l.path.as_deref())
        .or_else(|| location.and(envelope.path()))
        .filter(|p| !p.is_empty())?;
    let line = location.and_then(|l| l.line).unwrap_or(1);
    let column = location.and_then(|l| l.column).unwrap_or(1);
    Some(format!("{path}:{line}:{column}"))
}

/// Writes `{"error": {...}}`; see the module docs for what is lost.
pub fn write(envelope: &Envelope) -> Value {
    let mut inner = Map::new();
    inner.insert("code".into(), json!(envelope.code().as_str()));
    inner.insert("message".into(), json!(envelope.message()));
    inner.insert("hint".into(), json!(envelope.recovery()));
    inner.insert(
        "location".into(),
        location_text(envelope).map_or(Value::Null, Value::String),
    );
    json!({ "error": inner })
}

/// Writes eval-mock's human form: `error [CODE]: message`, then `  at: file:line:col` when the
/// envelope names a file ([`location_text`]) and `  hint: recovery`, without a trailing
/// newline. A line break inside a text is written as a space. [`from_human`] reads it back as
/// the record [`write()`] writes.
pub fn write_human(envelope: &Envelope) -> String {
    // One line each, and no control character sent raw to a terminal (shown as an escape,
    // as the human rendering shows it).
    let one_line = |text: &str| {
        let flat = text.replace("\r\n", " ").replace(['\n', '\r'], " ");
        crate::render::visible(&flat).into_owned()
    };
    let mut out = format!(
        "error [{}]: {}",
        envelope.code().as_str(),
        one_line(envelope.message())
    );
    if let Some(at) = location_text(envelope) {
        out.push_str("\n  at: ");
        out.push_str(&one_line(&at));
    }
    out.push_str("\n  hint: ");
    out.push_str(&one_line(envelope.recovery()));
    out
}
