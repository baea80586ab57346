//! cargo's and rustc's machine-readable diagnostics (`cargo build --message-format json`,
//! `rustc --error-format json`): a `compiler-message` record whose diagnostic's `level` is
//! `error` is a failure, never a success passed through. Read-only.
//!
//! Sources: the Cargo Book, "External tools" § JSON messages (`reason: "compiler-message"`,
//! `message`), and the rustc book, "JSON Output" (the diagnostic: `message`, `code.code`,
//! `level`, `spans[]` with `is_primary`, `file_name`, `line_start`, `column_start`,
//! `suggested_replacement`, `children[]`, `rendered`).
//!
//! # Reading, field by field
//!
//! | record | canonical | how |
//! |---|---|---|
//! | `message.code.code` (`E0425`) | `code`, `source.code` | the error code as rustc names it; without one, `RUSTC_ERROR` |
//! | `message.message` | `message` | as written |
//! | `message.level` | `error_class`, `retry` | `error` (and `error: internal compiler error`): `permanent`, `no`; the same sources fail the same way |
//! | the primary span | `location` | `file_name`, `line_start`, `column_start` |
//! | `suggested_replacement` of the spans of `message.children` | `nearby` | in order, each once |
//! | `target.name`, `package_id` | `params.target`, `params.package_id` | as written |
//! | (none) | `recovery` | fix the source at the primary span; `rustc --explain CODE` when there is a code |
//!
//! rustc's closing summary (`aborting due to N previous errors`) is no failure of its own: it
//! is not claimed, so the errors before it are the answer. Lost in reading: the other spans,
//! the children's texts, `rendered`.

use serde_json::{Map, Value};

use crate::code::{Code, ExitStatus};
use crate::dialect::{Context, Dialect, DialectError, source};
use crate::envelope::{Envelope, Location, SourceCode};
use crate::phrase::Phrase;
use crate::verdict::Verdict;

const D: Dialect = Dialect::CargoJson;

/// cargo's exit status when a build fails (`error: could not compile`).
const CARGO_FAILED: u8 = 101;

/// Whether `obj` is a compiler message of level `error` that is no closing summary.
pub fn is_error(obj: &Map<String, Value>) -> bool {
    obj.get("reason").and_then(Value::as_str) == Some("compiler-message")
        && diagnostic(obj).is_some_and(|d| {
            let level = d.get("level").and_then(Value::as_str).unwrap_or_default();
            let text = d.get("message").and_then(Value::as_str).unwrap_or_default();
            level.starts_with("error") && !text.starts_with("aborting due to")
        })
}

fn diagnostic(obj: &Map<String, Value>) -> Option<&Map<String, Value>> {
    obj.get("message")?.as_object()
}

/// Reads a compiler message; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when `message` is not an object with a string `message`.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .as_object()
        .ok_or_else(|| DialectError::new(D, "", Phrase::new("dialect-not-an-object")))?;
    let diag = diagnostic(obj)
        .ok_or_else(|| DialectError::new(D, "/message", Phrase::new("dialect-not-an-object")))?;
    let message = super::required_str(diag, D, "/message", "message")?;
    let original = diag
        .get("code")
        .and_then(|c| c.get("code"))
        .and_then(Value::as_str)
        .filter(|c| !c.is_empty());
    let code = original.map_or_else(
        || Code::normalize("RUSTC_ERROR", "RUSTC"),
        |c| Code::normalize(c, "RUSTC"),
    );
    let exit = context
        .exit
        .or_else(|| ExitStatus::new(CARGO_FAILED))
        .unwrap_or(ExitStatus::FAILURE);
    let mut draft = Envelope::draft(code, exit, message)
        .verdict(Verdict::permanent())
        .source(source(D, original.map(|c| SourceCode::Text(c.to_owned()))));
    let place = primary_span(diag);
    let at = place.as_ref().map_or_else(String::new, |l| {
        format!(
            "{}:{}:{}",
            l.path.as_deref().unwrap_or_default(),
            l.line.unwrap_or(1),
            l.column.unwrap_or(1)
        )
    });
    if let Some(location) = place {
        draft = draft.location(location);
    }
    let nearby = suggestions(diag);
    if !nearby.is_empty() {
        draft = draft.nearby(nearby);
    }
    if let Some(target) = obj
        .get("target")
        .and_then(|t| t.get("name"))
        .and_then(Value::as_str)
    {
        draft = draft.param("target", target);
    }
    if let Some(package) = obj.get("package_id").and_then(Value::as_str) {
        draft = draft.param("package_id", package);
    }
    let recovery = match original {
        Some(code) => Phrase::new("dialect-cargo-json-explain-recovery")
            .arg("at", at)
            .arg("code", code),
        None => Phrase::new("dialect-cargo-json-recovery").arg("at", at),
    };
    Ok(draft.with_recovery_phrase(recovery))
}

/// The primary span of a diagnostic (`message` of a compiler message) as a location: the span
/// marked `is_primary`, else the first.
pub fn primary_span(diag: &Map<String, Value>) -> Option<Location> {
    let spans = diag.get("spans")?.as_array()?;
    let span = spans
        .iter()
        .find(|s| s.get("is_primary").and_then(Value::as_bool) == Some(true))
        .or_else(|| spans.first())?;
    Some(Location {
        path: span
            .get("file_name")
            .and_then(Value::as_str)
            .map(str::to_owned),
        line: span
            .get("line_start")
            .and_then(Value::as_u64)
            .filter(|n| *n > 0),
        column: span
            .get("column_start")
            .and_then(Value::as_u64)
            .filter(|n| *n > 0),
    })
}

/// The replacements the children of a diagnostic suggest, in order, each once (at most 64
/// children and 64 spans each are looked at).
pub fn suggestions(diag: &Map<String, Value>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let children = diag.get("children").and_then(Value::as_array);
    for child in children.into_iter().flatten().take(64) {
        let spans = child.get("spans").and_then(Value::as_array);
        for span in spans.into_iter().flatten().take(64) {
            if let Some(text) = span.get("suggested_replacement").and_then(Value::as_str)
                && !text.trim().is_empty()
                && !out.iter().any(|o| o == text)
            {
                out.push(text.to_owned());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Captured by running `cargo build --message-format json` (cargo 1.95) on a binary crate
    /// whose `main` reads `let x: u32 = "a";` and `println!("{}", y);`.
    const BUILD: &str = include_str!("cargo_json/build.ndjson");

    #[test]
    fn each_error_of_a_failed_build_is_read_and_the_summary_is_not() {
        let records: Vec<Value> = BUILD
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        let claimed: Vec<&Value> = records
            .iter()
            .filter(|r| r.as_object().is_some_and(is_error))
            .collect();
        assert_eq!(
            claimed.len(),
            2,
            "the two errors, not the summary or the notes"
        );
        let first = read(claimed[0], &Context::default()).expect("read");
        assert_eq!(first.code().as_str(), "E0425");
        assert_eq!(first.message(), "cannot find value `y` in this scope");
        assert_eq!(first.exit().get(), 101);
        assert_eq!(first.nearby(), ["x"]);
        let location = first.location().expect("a location");
        assert_eq!(
            (location.path.as_deref(), location.line, location.column),
            (Some("src/main.rs"), Some(3), Some(20))
        );
        assert_eq!(first.error_class(), crate::ErrorClass::Permanent);
        let second = read(claimed[1], &Context::default()).expect("read");
        assert_eq!(second.code().as_str(), "E0308");
        assert!(
            !records
                .last()
                .and_then(Value::as_object)
                .is_some_and(is_error),
            "build-finished is no compiler message"
        );
    }
}
