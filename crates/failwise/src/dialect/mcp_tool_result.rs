//! MCP tool results that report a failure: a `CallToolResult` (MCP specification, `schema.ts`
//! of 2025-06-18 and 2025-11-25, `server/tools` "Error Handling") with `isError: true`, bare
//! as a tool returns it, or as the `result` of a JSON-RPC response (which [`super::json_rpc`]
//! hands here).
//!
//! MCP reports a failure of the tool itself (an API failure, invalid input, a business rule)
//! inside the result with `isError: true`, and keeps JSON-RPC errors for protocol failures (an
//! unknown tool, a malformed request). A failure read from a tool result is therefore written
//! back as one: bare by this module, and by the json-rpc writer as a result response when the
//! request id is known.
//!
//! # Reading, field by field
//!
//! | `CallToolResult` | canonical | how |
//! |---|---|---|
//! | `_meta["failwise/envelope"]` | the whole envelope | the canonical envelope `failwise mcp` added, taken back whole (the request `id` added to `params.id` when it has none) |
//! | `structuredContent`, `content[]` text items holding JSON | the whole envelope | a failure record in another dialect (eval-mock's `{"error": {...}}`, a canonical envelope) is read in its own dialect: the layer that says most decides. A canonical envelope is taken whole; any other is given a cause for the tool-result layer around it (`source` `mcp-tool-result`, its text as the message, `MCP_TOOL_ERROR` as the code) |
//! | `content[]` text items | `message` | joined with newlines, when no item is a record; no text → failwise's `dialect-no-text-message` |
//! | (none) | `code`, `error_class`, `retry` | `MCP_TOOL_ERROR`, `ambiguous`/`unknown`: the tool ran, so whether its effect landed is not known, and its prose is never turned into a verdict |
//! | (none) | `exit` | the context's exit status, else the verdict's default exit (1) |
//! | the JSON-RPC response's `id` | `params.id` | kept when not null |
//!
//! # Writing
//!
//! `{"content": [{"type": "text", "text": <the envelope's JSON line>}], "structuredContent":
//! <the envelope>, "isError": true}`: the canonical envelope whole as the structured result,
//! and serialized in a text block, as the specification asks of a tool that returns structured
//! content ("For backwards compatibility, a tool that returns structured content SHOULD also
//! return the serialized JSON in a TextContent block"). `_meta` is left to the server and the
//! client. Nothing is lost: [`read`] gives the same envelope back.

use serde_json::{Map, Value, json};

use super::{Context, Dialect, DialectError, finish, rules, source};
use crate::code::Code;
use crate::envelope::{Cause, Envelope};
use crate::phrase::Phrase;

const D: Dialect = Dialect::McpToolResult;

/// The code of a failed tool result that names none of its own.
const TOOL_ERROR: &str = "MCP_TOOL_ERROR";

/// The member of a tool result's `_meta` (and of a JSON-RPC error's `data`) in which
/// `failwise mcp` puts the canonical envelope of the failure it read.
pub const META_ENVELOPE: &str = "failwise/envelope";

/// The canonical envelope `holder` (a `_meta` or `data` object) carries under
/// [`META_ENVELOPE`], when it carries a valid one: read whole, as the failwise dialect reads.
pub(crate) fn carried(holder: Option<&Value>, context: &Context) -> Option<Envelope> {
    let envelope = holder?.get(META_ENVELOPE)?;
    super::failwise::read(envelope, context).ok()
}

/// Whether `obj` is a `CallToolResult` that reports a failure (`isError: true`).
pub fn is_failed_result(obj: &Map<String, Value>) -> bool {
    obj.get("isError") == Some(&Value::Bool(true))
}

/// Whether `envelope` was read from a failed tool result: its source, or a cause for the
/// tool-result layer around another dialect's record, is `mcp-tool-result`.
pub fn came_from_tool_result(envelope: &Envelope) -> bool {
    envelope.source().is_some_and(|s| s.dialect == D.name())
        || envelope
            .causes()
            .iter()
            .any(|c| c.source.as_deref() == Some(D.name()))
}

/// Reads a bare `CallToolResult` with `isError: true`; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when the record is not an object or `isError` is not `true`.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .as_object()
        .ok_or_else(|| DialectError::new(D, "", Phrase::new("dialect-not-an-object")))?;
    if !is_failed_result(obj) {
        return Err(DialectError::new(
            D,
            "/isError",
            Phrase::new("dialect-absent-without-is-error"),
        ));
    }
    Ok(read_result(obj, None, context))
}

/// Reads `result`, a failed tool result, answered to the request `id` when it was the result
/// of a JSON-RPC response.
pub(crate) fn read_result(
    result: &Map<String, Value>,
    id: Option<&Value>,
    context: &Context,
) -> Envelope {
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
    let id = id.filter(|id| !id.is_null());
    // The envelope `failwise mcp` added is the failure as it was read: taken back whole.
    if let Some(own) = carried(result.get("_meta"), context) {
        let Some(id) = id.filter(|_| !own.params().contains_key("id")) else {
            return own;
        };
        let kept = own.clone();
        return own
            .into_draft()
            .param("id", id.clone())
            .with_current_recovery()
            .unwrap_or(kept);
    }
    for record in &inner {
        let dialect = match super::detect(record) {
            Some(Dialect::JsonRpc | Dialect::McpToolResult) | None => continue,
            Some(dialect) => dialect,
        };
        let Ok(envelope) = dialect.read(record, context) else {
            continue;
        };
        if dialect == Dialect::Failwise && id.is_none() {
            return envelope;
        }
        let mut draft = envelope.into_draft();
        if dialect != Dialect::Failwise {
            let text = texts.join("\n");
            let message = if text.trim().is_empty() {
                record.to_string()
            } else {
                text
            };
            draft = draft.cause(Cause {
                code: Some(TOOL_ERROR.to_owned()),
                message,
                source: Some(D.name().to_owned()),
            });
        }
        if let Some(id) = id {
            draft = draft.param("id", id.clone());
        }
        if let Ok(envelope) = draft.with_current_recovery() {
            return envelope;
        }
    }
    let verdict = rules::unknown();
    let exit = context.exit.unwrap_or_else(|| rules::default_exit(verdict));
    let mut draft = Envelope::draft(Code::normalize(TOOL_ERROR, "MCP"), exit, texts.join("\n"))
        .verdict(verdict)
        .source(source(D, None));
    if texts.iter().all(|t| t.trim().is_empty()) {
        draft = draft.message_phrase(Phrase::new("dialect-no-text-message"));
    }
    if let Some(id) = id {
        draft = draft.param("id", id.clone());
    }
    finish(draft, None)
}

/// Writes a `CallToolResult` with `isError: true`; see the module docs.
pub fn write(envelope: &Envelope) -> Value {
    json!({
        "content": [{"type": "text", "text": envelope.to_json_line()}],
        "structuredContent": envelope,
        "isError": true,
    })
}
