//! atomwrite's envelope, one NDJSON line: string `code` plus `exit`, four classes,
//! `suggestion`, `best_candidate`, per-pair results, `path` and `workspace`.
//!
//! atomwrite publishes two JSON Schemas of it. `ErrorJson` (draft 2020-12) leaves `code` and
//! `error_class` free strings; `ErrorOutput` (draft-07) closes both into enums. atomwrite 0.1.35
//! already prints codes outside `ErrorOutput`'s enum (`MATCH_FAILED`, `ARGUMENT_PARSE_ERROR`),
//! so the reader accepts any code.
//!
//! # Reading, field by field
//!
//! | atomwrite | canonical | how |
//! |---|---|---|
//! | `code` | `code`, `source.code` | kept when it is UPPER_SNAKE (atomwrite's codes are), else normalized to it; the original kept; a `failwise_code` member (written by [`write_v002`]) wins |
//! | `exit` | `exit` | kept; 0 or absent → the context's exit status, else 1 |
//! | `message` | `message` | kept |
//! | `error_class`, `retryable` | `error_class`, `retry` | `transient` → `yes` when `retryable`, else `unknown`; `conflict` → `yes`/`no` as `retryable` says; `precondition_failed`, `permanent` → `no`; `retryable: true` on a class that forbids it → `transient`/`yes` (the explicit verdict is kept); no class → `permanent`/`no` when `retryable: false`, else `ambiguous`/`unknown` |
//! | `suggestion` | `recovery`, `nearby` | kept; the values of a clap tip in it (`a similar subcommand exists: 'read'`) become `nearby` |
//! | `path`, `workspace` | `path`, `workspace` | kept |
//! | `best_candidate` | `candidates[0]`, `location` | kept (absent `line`/`column` read as 1, `similarity` as 0, `strategy` as `unknown`); its line and column also become `location`, with `path` |
//! | `failed_pair_index`, `pairs_total`, `pair_results[]` | `items` | `total`, `failed_index`, `results[]` (`matched` → `ok`); a pair's `source` is lost |
//!
//! # Writing
//!
//! [`write()`] writes `ErrorJson` (`--to atomwrite`, also `atomwrite@ErrorJson`); [`write_v002`]
//! writes `ErrorOutput` (`--to atomwrite@ErrorOutput`), whose `code` and `error_class` are
//! closed enums. Every field above is written back. `ambiguous` (not an atomwrite class) is
//! written as `transient` with `retryable: false` when `retry` is `unknown` (which reads back
//! as `transient`/`unknown`), else as `permanent`. Lost, since atomwrite's envelope has no
//! member for them: `retry_after_ms`, `action`, `subject`, `params`, `nearby` (a clap tip in
//! the recovery reads back), candidates after the first, a `location` other than the first
//! candidate's line and column, `discarded_flags`, `gate`, `provider`, `truncated`, `doc_url`,
//! `lang`, `source`, `causes`, `verify`.

use crate::phrase::Phrase;
use serde_json::{Map, Value, json};

use super::{Context, Dialect, DialectError, finish, rules, source, text};
use crate::code::{Code, ExitStatus};
use crate::envelope::{Candidate, Envelope, ItemResult, Items, Location, SourceCode};
use crate::verdict::{ErrorClass, Retry, Verdict};

const D: Dialect = Dialect::Atomwrite;

/// The codes atomwrite's `ErrorOutput` schema enumerates.
pub const V002_CODES: [&str; 25] = [
    "FILE_NOT_FOUND",
    "INVALID_INPUT",
    "PERMISSION_DENIED",
    "DISK_FULL",
    "QUOTA_EXCEEDED",
    "CROSS_DEVICE",
    "IO_ERROR",
    "CONFIG_INVALID",
    "STATE_DRIFT",
    "CHECKSUM_VERIFY_FAILED",
    "FILE_TOO_LARGE",
    "WORKSPACE_JAIL",
    "SYMLINK_BLOCKED",
    "IMMUTABLE_FILE",
    "BINARY_FILE",
    "FIFO_DETECTED",
    "DEVICE_FILE",
    "NO_MATCHES",
    "BROKEN_PIPE",
    "INTERNAL_ERROR",
    "LOCK_TIMEOUT",
    "SYNTAX_ERROR_DETECTED",
    "EXDEV_FALLBACK_DISABLED",
    "COPY_BACK_BLAKE3_FAILED",
    "ORPHAN_JOURNAL",
];

/// Reads an atomwrite envelope (`ErrorJson` or `ErrorOutput`); see the module docs for the
/// mapping.
///
/// # Errors
///
/// [`DialectError`] when `code` or `message` is not a string.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .as_object()
        .ok_or_else(|| DialectError::new(D, "", Phrase::new("dialect-not-an-object")))?;
    let original = super::required_str(obj, D, "", "code")?;
    let message = super::required_str(obj, D, "", "message")?;
    let code = text(obj, "failwise_code")
        .and_then(|c| Code::new(c).ok())
        .or_else(|| Code::new(original).ok())
        .unwrap_or_else(|| Code::normalize(original, "CODE"));
    let exit = obj
        .get("exit")
        .and_then(Value::as_u64)
        .and_then(|e| u8::try_from(e).ok())
        .and_then(ExitStatus::new)
        .or(context.exit)
        .unwrap_or(ExitStatus::FAILURE);
    let suggestion = text(obj, "suggestion");
    let mut draft = Envelope::draft(code, exit, message)
        .verdict(verdict(obj))
        .source(source(D, Some(SourceCode::Text(original.to_owned()))));
    if let Some(s) = suggestion {
        draft = draft.nearby(rules::nearby_from_tip(s));
    }
    if let Some(p) = text(obj, "path") {
        draft = draft.path(p);
    }
    if let Some(w) = text(obj, "workspace") {
        draft = draft.workspace(w);
    }
    if let Some(Value::Object(best)) = obj.get("best_candidate")
        && let Some(candidate) = candidate(best)
    {
        draft = draft.location(Location {
            path: text(obj, "path").map(str::to_owned),
            line: Some(candidate.line),
            column: Some(candidate.column),
        });
        draft = draft.candidates([candidate]);
    }
    if let Some(items) = items(obj) {
        draft = draft.items(items);
    }
    Ok(finish(draft, suggestion))
}

fn verdict(obj: &Map<String, Value>) -> Verdict {
    let retryable = obj.get("retryable").and_then(Value::as_bool);
    let class = obj
        .get("error_class")
        .and_then(Value::as_str)
        .and_then(ErrorClass::parse);
    match (class, retryable) {
        (Some(ErrorClass::Transient), Some(false)) => Verdict::transient().effect_unknown(),
        (Some(ErrorClass::Conflict), Some(true)) => {
            Verdict::new(ErrorClass::Conflict, Retry::Yes).unwrap_or_default()
        }
        (Some(ErrorClass::Ambiguous), _) => Verdict::ambiguous(),
        (Some(c), Some(true)) if !c.allows(Retry::Yes) => Verdict::transient(),
        (Some(c), _) => Verdict::of_class(c),
        (None, Some(true)) => Verdict::transient(),
        (None, Some(false)) => Verdict::permanent(),
        (None, None) => rules::unknown(),
    }
}

fn candidate(best: &Map<String, Value>) -> Option<Candidate> {
    Some(Candidate {
        text: text(best, "text")?.to_owned(),
        line: best.get("line").and_then(Value::as_u64).unwrap_or(1),
        column: best.get("column").and_then(Value::as_u64).unwrap_or(1),
        similarity: best
            .get("similarity")
            .and_then(Value::as_f64)
            .unwrap_or(0.0),
        strategy: text(best, "strategy").unwrap_or("unknown").to_owned(),
        diff_preview: text(best, "diff_preview").map(str::to_owned),
    })
}

fn items(obj: &Map<String, Value>) -> Option<Items> {
    let results: Vec<ItemResult> = match obj.get("pair_results") {
        Some(Value::Array(pairs)) => pairs
            .iter()
            .filter_map(Value::as_object)
            .filter_map(|p| {
                Some(ItemResult {
                    index: p.get("index")?.as_u64()?,
                    ok: p.get("matched")?.as_bool()?,
                    strategy: text(p, "strategy").map(str::to_owned),
                    similarity: p.get("similarity").and_then(Value::as_f64),
                })
            })
            .collect(),
        _ => Vec::new(),
    };
    let total = obj.get("pairs_total").and_then(Value::as_u64);
    let failed = obj.get("failed_pair_index").and_then(Value::as_u64);
    if total.is_none() && failed.is_none() && results.is_empty() {
        return None;
    }
    Some(Items {
        total: total.unwrap_or(results.len() as u64),
        failed_index: failed,
        results,
    })
}

/// Writes atomwrite's `ErrorJson`; see the module docs for what is lost.
pub fn write(envelope: &Envelope) -> Value {
    write_with_code(envelope, envelope.code().as_str())
}

/// Writes atomwrite's `ErrorOutput` (`--to atomwrite@ErrorOutput`), whose `code` is a closed
/// enum ([`V002_CODES`]). A code outside the enum is written as the enum member of the same kind (`permanent` → `INVALID_INPUT`,
/// `precondition_failed` → `CONFIG_INVALID`, `transient` → `LOCK_TIMEOUT`, `conflict` →
/// `STATE_DRIFT`, `ambiguous` → `IO_ERROR`) and the real code is kept in a `failwise_code`
/// member (`ErrorOutput` admits additional members), which [`read`] prefers.
pub fn write_v002(envelope: &Envelope) -> Value {
    let code = envelope.code().as_str();
    if V002_CODES.contains(&code) {
        return write_with_code(envelope, code);
    }
    let stand_in = match envelope.error_class() {
        ErrorClass::Permanent => "INVALID_INPUT",
        ErrorClass::PreconditionFailed => "CONFIG_INVALID",
        ErrorClass::Transient => "LOCK_TIMEOUT",
        ErrorClass::Conflict => "STATE_DRIFT",
        ErrorClass::Ambiguous => "IO_ERROR",
    };
    let mut out = write_with_code(envelope, stand_in);
    if let Some(obj) = out.as_object_mut() {
        obj.insert("failwise_code".into(), Value::String(code.to_owned()));
    }
    out
}

fn write_with_code(envelope: &Envelope, code: &str) -> Value {
    let (class, retryable) = match (envelope.error_class(), envelope.retry()) {
        (ErrorClass::Ambiguous, Retry::Unknown) => ("transient", false),
        (ErrorClass::Ambiguous, _) => ("permanent", false),
        (class, retry) => (class.as_str(), retry == Retry::Yes),
    };
    let mut out = Map::new();
    out.insert("error".into(), Value::Bool(true));
    out.insert("code".into(), json!(code));
    out.insert("exit".into(), json!(envelope.exit().get()));
    out.insert("message".into(), json!(envelope.message()));
    if let Some(p) = envelope.path() {
        out.insert("path".into(), json!(p));
    }
    out.insert("error_class".into(), json!(class));
    out.insert("retryable".into(), json!(retryable));
    out.insert("suggestion".into(), json!(envelope.recovery()));
    if let Some(w) = envelope.workspace() {
        out.insert("workspace".into(), json!(w));
    }
    if let Some(c) = envelope.candidates().first() {
        let mut best = json!({
            "text": c.text, "line": c.line, "column": c.column,
            "similarity": c.similarity, "strategy": c.strategy,
        });
        if let (Some(d), Some(obj)) = (&c.diff_preview, best.as_object_mut()) {
            obj.insert("diff_preview".into(), json!(d));
        }
        out.insert("best_candidate".into(), best);
    }
    if let Some(items) = envelope.items() {
        if let Some(i) = items.failed_index {
            out.insert("failed_pair_index".into(), json!(i));
        }
        if items.total >= 1 {
            out.insert("pairs_total".into(), json!(items.total));
        }
        let pairs: Vec<Value> = items
            .results
            .iter()
            .map(|r| {
                let mut p = Map::new();
                p.insert("index".into(), json!(r.index));
                p.insert("matched".into(), json!(r.ok));
                if let Some(s) = &r.strategy {
                    p.insert("strategy".into(), json!(s));
                }
                if let Some(s) = r.similarity {
                    p.insert("similarity".into(), json!(s));
                }
                Value::Object(p)
            })
            .collect();
        if !pairs.is_empty() {
            out.insert("pair_results".into(), Value::Array(pairs));
        }
    }
    Value::Object(out)
}
