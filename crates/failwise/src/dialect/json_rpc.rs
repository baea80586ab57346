//! JSON-RPC 2.0 error responses (`{"jsonrpc": "2.0", "error": {code, message, data}, "id"}`)
//! and MCP tool results that report a failure (`{"content": [...], "isError": true}`, bare or
//! as a response's `result`).
//!
//! # Reading an error response, field by field
//!
//! | JSON-RPC | canonical | how |
//! |---|---|---|
//! | `error.code` | `code`, `source.code`, `error_class`, `retry` | a reserved code (§5.1) or MCP's `-32002` by [`rules::jsonrpc_code`] (`-32601` → `METHOD_NOT_FOUND`, permanent); any other → `JSONRPC_<n>`, `ambiguous`/`unknown`; the number kept in `source.code` |
//! | `error.message` | `message` | kept |
//! | `error.data` | `params.data` | kept as data; a `data` object as failwise writes it (`code`, `error_class`, `retry`, `recovery`, ...) is the source's own envelope and is read back whole |
//! | `id` | `params.id` | kept when not null |
//! | (none) | `exit` | the context's exit status, else the verdict's default exit (75 for `transient`, 1 otherwise) |
//!
//! # Reading an MCP tool result with `isError: true`
//!
//! A `result` key is not read as success. When `structuredContent`, or a `text` content item
//! holding JSON, is a failure record in another dialect (eval-mock's `{"error": {...}}`, a
//! canonical envelope), that record is read in its own dialect. Otherwise the code is
//! `MCP_TOOL_ERROR`, the verdict `ambiguous`/`unknown` (the tool ran, so its effect is not
//! known; its prose is never turned into a verdict), and the message the joined text items.
//!
//! # Writing
//!
//! An error response with `id: null`; `error.code` ← the original number when the envelope
//! came from JSON-RPC, else the reserved code whose name the code is, else `-32000`
//! (implementation-defined server error); `message`; `data` ← `code`, `exit`, `error_class`,
//! `retry`, `retry_after_ms`, `recovery`, `nearby`, `params`. [`write_tool_result`] writes the
//! MCP form. Lost: `candidates`, `location`, `path`, `items`, `gate`, `provider`.

use serde_json::{Map, Value, json};

use super::{Context, Dialect, DialectError, finish, rules, source, text};
use crate::code::{Code, ExitStatus};
use crate::envelope::{Envelope, SourceCode};
use crate::phrase::Phrase;
use crate::verdict::{ErrorClass, Retry, Verdict};

const D: Dialect = Dialect::JsonRpc;

/// Whether a JSON-RPC message (or MCP tool result) reports a failure.
pub fn is_failure(obj: &Map<String, Value>) -> bool {
    obj.get("error").is_some_and(Value::is_object)
        || obj.get("isError") == Some(&Value::Bool(true))
        || obj
            .get("result")
            .and_then(|r| r.get("isError"))
            .is_some_and(|e| e == &Value::Bool(true))
}

/// Reads a JSON-RPC error response or an MCP tool result with `isError: true`; see the module
/// docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when `error.code` is not an integer or `error.message` not a string, or
/// when the record is neither an error response nor a failed tool result.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .as_object()
        .ok_or_else(|| DialectError::new(D, "", Phrase::new("dialect-not-an-object")))?;
    if let Some(Value::Object(error)) = obj.get("error") {
        return read_error(obj, error, context);
    }
    let result = match obj.get("result") {
        Some(Value::Object(r)) => r,
        _ => obj,
    };
    if result.get("isError") != Some(&Value::Bool(true)) {
        return Err(DialectError::new(
            D,
            "/error",
            Phrase::new("dialect-absent-without-is-error"),
        ));
    }
    read_tool_result(result, context)
}

fn read_error(
    obj: &Map<String, Value>,
    error: &Map<String, Value>,
    context: &Context,
) -> Result<Envelope, DialectError> {
    let number = error.get("code").and_then(Value::as_i64).ok_or_else(|| {
        DialectError::new(D, "/error/code", Phrase::new("dialect-not-an-integer"))
    })?;
    let message = super::required_str(error, D, "/error", "message")?;
    let data = error.get("data");
    let own = data.and_then(Value::as_object).filter(|d| {
        d.get("code").is_some_and(Value::is_string) && d.get("retry").is_some_and(Value::is_string)
    });
    let (mut code, mut verdict) = match rules::jsonrpc_code(number) {
        Some((name, v)) => (Code::normalize(name, "JSONRPC"), v),
        None => (
            Code::normalize(&number.to_string(), "JSONRPC"),
            rules::unknown(),
        ),
    };
    let mut exit = None;
    if let Some(d) = own {
        if let Some(c) = text(d, "code").and_then(|c| Code::new(c).ok()) {
            code = c;
        }
        let class = d
            .get("error_class")
            .and_then(Value::as_str)
            .and_then(ErrorClass::parse);
        let retry = serde_json::from_value::<Retry>(d["retry"].clone()).ok();
        if let Some(v) = class.zip(retry).and_then(|(c, r)| Verdict::new(c, r).ok()) {
            verdict = v;
        }
        if let Some(ms) = d.get("retry_after_ms").and_then(Value::as_u64) {
            verdict = verdict.after_ms(ms);
        }
        exit = d
            .get("exit")
            .and_then(Value::as_u64)
            .and_then(|e| u8::try_from(e).ok())
            .and_then(ExitStatus::new);
    }
    let exit = exit
        .or(context.exit)
        .unwrap_or_else(|| rules::default_exit(verdict));
    let mut draft = Envelope::draft(code, exit, message)
        .verdict(verdict)
        .source(source(D, Some(SourceCode::Number(number))));
    let mut recovery = None;
    match (own, data) {
        (Some(d), _) => {
            recovery = text(d, "recovery");
            if let Some(Value::Array(n)) = d.get("nearby") {
                draft = draft.nearby(n.iter().filter_map(Value::as_str));
            }
            if let Some(Value::Object(p)) = d.get("params") {
                draft = draft.params(p.clone());
            }
        }
        (None, Some(d)) if !d.is_null() => draft = draft.param("data", d.clone()),
        _ => {}
    }
    if let Some(id) = obj.get("id").filter(|id| !id.is_null()) {
        draft = draft.param("id", id.clone());
    }
    Ok(finish(draft, recovery))
}

fn read_tool_result(
    result: &Map<String, Value>,
    context: &Context,
) -> Result<Envelope, DialectError> {
    let texts: Vec<&str> = match result.get("content") {
        Some(Value::Array(items)) => items
            .iter()
            .filter(|i| i.get("type").and_then(Value::as_str) == Some("text"))
            .filter_map(|i| i.get("text").and_then(Value::as_str))
            .collect(),
        _ => Vec::new(),
    };
    let mut inner: Vec<Value> = result
        .get("structuredContent")
        .into_iter()
        .cloned()
        .collect();
    inner.extend(
        texts
            .iter()
            .filter_map(|t| crate::read::parse_unique(t.trim()).ok()),
    );
    for record in &inner {
        match super::detect(record) {
            Some(Dialect::JsonRpc) | None => {}
            Some(dialect) => {
                if let Ok(envelope) = dialect.read(record, context) {
                    return Ok(envelope);
                }
            }
        }
    }
    let verdict = rules::unknown();
    let exit = context.exit.unwrap_or_else(|| rules::default_exit(verdict));
    let mut draft = Envelope::draft(
        Code::normalize("MCP_TOOL_ERROR", "MCP"),
        exit,
        texts.join("\n"),
    )
    .verdict(verdict)
    .source(source(D, None));
    if texts.is_empty() {
        draft = draft.message_phrase(Phrase::new("dialect-no-text-message"));
    }
    Ok(finish(draft, None))
}

/// The reserved number whose name `code` is, for writing.
fn reserved_number(code: &str) -> Option<i64> {
    [-32700, -32600, -32601, -32602, -32603, -32002]
        .into_iter()
        .find(|n| rules::jsonrpc_code(*n).is_some_and(|(name, _)| name == code))
}

/// Writes a JSON-RPC 2.0 error response; see the module docs for what is lost.
pub fn write(envelope: &Envelope) -> Value {
    let number = envelope
        .source()
        .filter(|s| s.dialect == D.name())
        .and_then(|s| match s.code {
            Some(SourceCode::Number(n)) => Some(n),
            _ => None,
        })
        .or_else(|| reserved_number(envelope.code().as_str()))
        .unwrap_or(-32000);
    let mut data = Map::new();
    data.insert("code".into(), json!(envelope.code().as_str()));
    data.insert("exit".into(), json!(envelope.exit().get()));
    data.insert("error_class".into(), json!(envelope.error_class().as_str()));
    data.insert("retry".into(), json!(envelope.retry().as_str()));
    if let Some(ms) = envelope.retry_after_ms() {
        data.insert("retry_after_ms".into(), json!(ms));
    }
    data.insert("recovery".into(), json!(envelope.recovery()));
    if !envelope.nearby().is_empty() {
        data.insert("nearby".into(), json!(envelope.nearby()));
    }
    if !envelope.params().is_empty() {
        data.insert("params".into(), json!(envelope.params()));
    }
    json!({
        "jsonrpc": "2.0",
        "id": Value::Null,
        "error": {"code": number, "message": envelope.message(), "data": data},
    })
}

/// Writes an MCP `CallToolResult` with `isError: true`: the canonical envelope as the text
/// content and as `structuredContent`, which [`read`] reads back whole.
pub fn write_tool_result(envelope: &Envelope) -> Value {
    json!({
        "content": [{"type": "text", "text": envelope.to_json_line()}],
        "structuredContent": envelope,
        "isError": true,
    })
}
