//! JSON-RPC 2.0 error responses (`{"jsonrpc": "2.0", "error": {code, message, data}, "id"}`),
//! and responses whose `result` is an MCP tool result that reports a failure (read by
//! [`super::mcp_tool_result`]).
//!
//! # Reading an error response, field by field
//!
//! | JSON-RPC | canonical | how |
//! |---|---|---|
//! | `error.code` | `code`, `source.code`, `error_class`, `retry` | a reserved code (§5.1) or MCP's `-32002` by [`rules::jsonrpc_code`] (`-32601` → `METHOD_NOT_FOUND`, permanent); any other → `JSONRPC_<n>`, `ambiguous`/`unknown`; the number kept in `source.code` |
//! | `error.message` | `message` | kept |
//! | `error.data` | every other field, or `params.data` | the canonical envelope `failwise mcp` put in `data["failwise/envelope"]` is read back whole; a `data` object as failwise writes it (the envelope's members: a string `code`, `error_class` and `retry`, ...) is the source's own envelope and is read back whole, its own `source` kept when it has one; any other `data` is kept as `params.data` |
//! | `id` | `params.id` | kept when not null |
//! | (none) | `exit` | the context's exit status, else the verdict's default exit (75 for `transient`, 1 otherwise) |
//!
//! A response with a `result` that is a `CallToolResult` with `isError: true` is read as
//! [`super::mcp_tool_result`] reads a tool result, its `id` kept in `params.id`.
//!
//! # Writing
//!
//! `id` ← `params.id` when it is a string or an integer (the request the failure answers);
//! else `null`, as JSON-RPC 2.0 §5 requires of a response whose request id is not known.
//!
//! An envelope read from a failed MCP tool result ([`mcp_tool_result::came_from_tool_result`])
//! whose request id is known is written as what MCP makes of a tool's own failure, a result
//! response: `{"jsonrpc": "2.0", "id", "result": <the CallToolResult that
//! [`mcp_tool_result::write`] writes>}`. Every other envelope, and a tool result's without a
//! known id (a result response cannot have a `null` id), is an error response:
//! `error.code` ← the original number when the envelope came from JSON-RPC, else the reserved
//! code whose name the code is, else `-32000` (implementation-defined server error);
//! `error.message` ← `message`; `error.data` ← every other member of the envelope
//! ([`failwise::members`]: `code`, `exit`, `error_class`, `retry`, `retryable`,
//! `retry_after_ms`, `recovery`, `action`, `subject`, `params`, `nearby`, `candidates`,
//! `location`, `path`, `workspace`, `discarded_flags`, `items`, `gate`, `provider`,
//! `truncated`, `doc_url`, `lang`, `source`, `causes`, `verify`). Nothing is lost: `data` is open
//! (§5.1: "a Primitive or Structured value that contains additional information").

use serde_json::{Map, Value, json};

use super::{Context, Dialect, DialectError, failwise, finish, mcp_tool_result, rules, source};
use crate::code::Code;
use crate::envelope::{Envelope, SourceCode};
use crate::phrase::Phrase;

const D: Dialect = Dialect::JsonRpc;

/// Whether a JSON-RPC message reports a failure: an `error` object, or a `result` that is a
/// failed MCP tool result.
pub fn is_failure(obj: &Map<String, Value>) -> bool {
    obj.get("error").is_some_and(Value::is_object)
        || obj
            .get("result")
            .and_then(Value::as_object)
            .is_some_and(mcp_tool_result::is_failed_result)
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
    match obj.get("result") {
        Some(Value::Object(result)) if mcp_tool_result::is_failed_result(result) => {
            Ok(mcp_tool_result::read_result(result, obj.get("id"), context))
        }
        _ => Err(DialectError::new(
            D,
            "/error",
            Phrase::new("dialect-absent-without-is-error"),
        )),
    }
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
    let id = obj.get("id").filter(|id| !id.is_null());
    let source = source(D, Some(SourceCode::Number(number)));
    // The envelope `failwise mcp` added (`data["failwise/envelope"]`) is the failure as it was
    // read; else `data` may hold the envelope's members, as this dialect writes them.
    if let Some(own) = mcp_tool_result::carried(data, context).or_else(|| {
        data.and_then(Value::as_object)
            .and_then(|d| failwise::from_members(d, message))
    }) {
        let keeps_source = own.source().is_some();
        let mut draft = own.into_draft();
        if !keeps_source {
            draft = draft.source(source.clone());
        }
        if let Some(id) = id {
            draft = draft.param("id", id.clone());
        }
        if let Ok(envelope) = draft.with_current_recovery() {
            return Ok(envelope);
        }
    }
    let (code, verdict) = match rules::jsonrpc_code(number) {
        Some((name, v)) => (Code::normalize(name, "JSONRPC"), v),
        None => (
            Code::normalize(&number.to_string(), "JSONRPC"),
            rules::unknown(),
        ),
    };
    let exit = context.exit.unwrap_or_else(|| rules::default_exit(verdict));
    let mut draft = Envelope::draft(code, exit, message)
        .verdict(verdict)
        .source(source);
    if let Some(d) = data.filter(|d| !d.is_null()) {
        draft = draft.param("data", d.clone());
    }
    if let Some(id) = id {
        draft = draft.param("id", id.clone());
    }
    Ok(finish(draft, None))
}

/// The reserved number whose name `code` is, for writing.
fn reserved_number(code: &str) -> Option<i64> {
    [-32700, -32600, -32601, -32602, -32603, -32002]
        .into_iter()
        .find(|n| rules::jsonrpc_code(*n).is_some_and(|(name, _)| name == code))
}

/// The request id the envelope answers: `params.id` when it is a string or an integer (JSON-RPC
/// 2.0 §4: "a String, Number, or NULL value"; §4 asks that numbers have no fractional part),
/// and was not cut (`truncated` names `/params/id`): a cut id is no id a client sent, so the
/// answer's id is then unknown (`null`).
pub fn request_id(envelope: &Envelope) -> Option<Value> {
    if envelope.truncated().contains_key("/params/id") {
        return None;
    }
    envelope
        .params()
        .get("id")
        .filter(|id| id.is_string() || id.is_i64() || id.is_u64())
        .cloned()
}

/// Writes a JSON-RPC 2.0 response; see the module docs for the form and what is kept.
pub fn write(envelope: &Envelope) -> Value {
    let id = request_id(envelope);
    if let Some(id) = id
        .as_ref()
        .filter(|_| mcp_tool_result::came_from_tool_result(envelope))
    {
        return json!({
            "jsonrpc": "2.0",
            "id": id,
            "result": mcp_tool_result::write(envelope),
        });
    }
    let number = envelope
        .source()
        .filter(|s| s.dialect == D.name())
        .and_then(|s| match s.code {
            Some(SourceCode::Number(n)) => Some(n),
            _ => None,
        })
        .or_else(|| reserved_number(envelope.code().as_str()))
        .unwrap_or(-32000);
    let data = failwise::members(envelope, &["message"]);
    json!({
        "jsonrpc": "2.0",
        "id": id.unwrap_or(Value::Null),
        "error": {"code": number, "message": envelope.message(), "data": data},
    })
}

/// Writes an MCP `CallToolResult` with `isError: true` ([`mcp_tool_result::write`]).
pub fn write_tool_result(envelope: &Envelope) -> Value {
    mcp_tool_result::write(envelope)
}
