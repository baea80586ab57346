//! The MCP face's messages (DESIGN §7): what a failed `tools/call` means, read by the same
//! readers as every other failure, and how its answer carries the envelope without changing
//! anything else: in `_meta` and as one more text block of a failed tool result, in
//! `error.data` of a JSON-RPC error; the envelopes of what a proxy sees itself (the server
//! exited, did not answer in time, its answer was lost).
//!
//! The keys failwise adds are prefixed (`failwise/…`), as MCP's rules for `_meta` keys allow
//! (specification 2025-06-18, "General fields": `_meta`).

use std::time::Duration;

use serde_json::{Map, Value, json};

use crate::guard::Fingerprint;
use crate::phrase::Phrase;
use crate::{Code, Envelope, ExitStatus, Provider, ProviderKind, Retry, Verdict};

/// The `_meta` key (and `error.data` member) that holds the envelope; the dialect readers take
/// it back ([`crate::dialect::mcp_tool_result::META_ENVELOPE`]).
pub use crate::dialect::mcp_tool_result::META_ENVELOPE;

/// The `_meta` key of a request that asks the guard to send it anyway (`true`); removed before
/// the request is forwarded.
pub const META_FORCE: &str = "failwise/force";

/// The `error.data` member that keeps a server's `data` that was not an object.
pub const DATA_KEPT: &str = "failwise/data";

/// The codes of a call whose exchange with its server broke off, which the guard counts
/// toward the server's circuit: `MCP_SERVER_EXITED` (the server exited before answering,
/// `provider.kind: cut`), `MCP_CALL_TIMEOUT` (no answer within the call timeout,
/// `provider.kind: silence`), `MCP_ANSWER_LOST` (the answer lost after the call was sent,
/// `provider.kind: cut`); each `transient`, `retry: unknown` (the call may have run).
pub use crate::guard::{ANSWER_LOST, CALL_TIMEOUT, SERVER_EXITED};

/// The JSON-RPC error code of a request timeout, as the MCP TypeScript SDK answers one
/// (`ErrorCode.RequestTimeout`).
pub const JSONRPC_REQUEST_TIMEOUT: i64 = -32001;

/// The JSON-RPC error code of an implementation-defined server error (JSON-RPC 2.0 §5.1).
pub const JSONRPC_SERVER_ERROR: i64 = -32000;

/// A `tools/call` as a proxy knows it while it waits for the answer: the tool, the request id,
/// the guard's fingerprint of the call (server, tool, arguments), and the server's command
/// line. The arguments themselves are never kept.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    /// `params.name` of the request.
    pub tool: String,
    /// The request's `id`.
    pub id: Value,
    /// The guard's fingerprint of the call ([`crate::guard::Call::tool`]).
    pub call: Fingerprint,
    /// The server's command line, as its upstream is named.
    pub server: String,
}

impl ToolCall {
    /// `envelope` with the call it answers in `params`: `tool`, `id` and `call` (the
    /// fingerprint; the arguments are not copied in).
    pub fn stamp(&self, envelope: Envelope) -> Envelope {
        envelope
            .into_draft()
            .param("tool", self.tool.clone())
            .param("id", self.id.clone())
            .param("call", self.call.as_str())
            .with_current_recovery()
            .expect("the recovery came from a finished envelope, so it is not empty")
    }
}

/// The envelope of a server's answer `message` (the JSON value of `line`) to `call`, when the
/// answer is a failure (a JSON-RPC error, or a result with `isError: true`); `None` for a
/// success.
///
/// Read as every other failure is ([`crate::classify::recognize`]: the json-rpc and
/// mcp-tool-result dialects, then a tool's text by the rule packs, so an HTTP body inside a
/// tool's error text decides the verdict), then stamped with the call ([`ToolCall::stamp`]).
///
/// # Examples
///
/// ```
/// use failwise::guard::Call;
/// use failwise::mcp::{read_answer, ToolCall};
/// let line = r#"{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"HTTP/1.1 429 Too Many Requests\nRetry-After: 7"}],"isError":true}}"#;
/// let message: serde_json::Value = serde_json::from_str(line)?;
/// let call = ToolCall {
///     tool: "search".into(),
///     id: 7.into(),
///     call: Call::tool(&["server"], "search", &serde_json::json!({})).fingerprint().clone(),
///     server: "server".into(),
/// };
/// let envelope = read_answer(&message, line, &call).expect("a failure");
/// assert_eq!(envelope.code().as_str(), "HTTP_429");
/// assert_eq!(envelope.retry_after_ms(), Some(7000));
/// assert_eq!(envelope.params()["tool"], "search");
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn read_answer(message: &Value, line: &str, call: &ToolCall) -> Option<Envelope> {
    let obj = message.as_object()?;
    if !crate::dialect::json_rpc::is_failure(obj) {
        return None;
    }
    let read = crate::dialect::read_any(message, &Default::default()).ok();
    // The protocol's own reading decides when it can tell; when it cannot (`ambiguous`: a
    // tool's free text, `-32603`), the text the server wrote is read as a command's output
    // is ([`crate::classify::TextFailure`], the tool's name as the program: an errno text, an
    // HTTP status with `Retry-After`, a rule pack's message), then the line whole (a record
    // inside it).
    let envelope = match read {
        Some(envelope) if envelope.error_class() != crate::ErrorClass::Ambiguous => envelope,
        read => {
            use crate::dialect::blocks::BlockReader;
            crate::classify::TextFailure::of(&call.tool)
                .read(&failure_text(obj))
                .or_else(|| crate::classify::recognize(line, "").map(|found| found.envelope))
                .or(read)?
        }
    };
    Some(call.stamp(envelope))
}

/// The text a failed answer gives: a tool result's text items, or a JSON-RPC error's
/// `message` and a `data` that is a string, one a line.
fn failure_text(obj: &Map<String, Value>) -> String {
    let mut text = String::new();
    let mut add = |t: &str| {
        text.push_str(t);
        text.push('\n');
    };
    if let Some(items) = obj
        .get("result")
        .and_then(|r| r.get("content"))
        .and_then(Value::as_array)
    {
        for item in items.iter().filter(|i| i["type"] == "text") {
            if let Some(t) = item.get("text").and_then(Value::as_str) {
                add(t);
            }
        }
    }
    if let Some(error) = obj.get("error") {
        for key in ["message", "data"] {
            if let Some(t) = error.get(key).and_then(Value::as_str) {
                add(t);
            }
        }
    }
    text
}

/// A failed tool result (`result` of a `tools/call` response, `isError: true`) annotated with
/// `envelope` (its JSON): under `_meta` as [`META_ENVELOPE`] (other `_meta` members kept), and
/// `model_line` appended as one more text block; its content is otherwise unchanged.
pub fn annotate_result(result: &mut Map<String, Value>, envelope: Value, model_line: String) {
    let meta = result
        .entry("_meta")
        .or_insert_with(|| Value::Object(Map::new()));
    if !meta.is_object() {
        *meta = Value::Object(Map::new());
    }
    if let Value::Object(meta) = meta {
        meta.insert(META_ENVELOPE.to_owned(), envelope);
    }
    let block = json!({"type": "text", "text": model_line});
    match result.get_mut("content") {
        Some(Value::Array(content)) => content.push(block),
        _ => {
            result.insert("content".to_owned(), Value::Array(vec![block]));
        }
    }
}

/// A JSON-RPC `error` object annotated with `envelope` (its JSON) in `data`: a `data` object
/// gains the member [`META_ENVELOPE`] (its own members kept); `data` of another kind is kept
/// as [`DATA_KEPT`] beside it; `code` and `message` are unchanged.
pub fn annotate_error(error: &mut Map<String, Value>, envelope: Value) {
    match error.remove("data") {
        Some(Value::Object(mut data)) => {
            data.insert(META_ENVELOPE.to_owned(), envelope);
            error.insert("data".to_owned(), Value::Object(data));
        }
        other => {
            let mut data = Map::new();
            data.insert(META_ENVELOPE.to_owned(), envelope);
            if let Some(kept) = other {
                data.insert(DATA_KEPT.to_owned(), kept);
            }
            error.insert("data".to_owned(), Value::Object(data));
        }
    }
}

/// The result response a proxy answers `id` with in the server's place (a guard's refusal, an
/// injected rate limit): a tool result with `isError: true` whose one text block is
/// `model_line` and whose `_meta` holds the envelope, so the model sees it.
pub fn failed_result_response(id: &Value, envelope: Value, model_line: String) -> Value {
    let mut result = Map::new();
    result.insert("content".to_owned(), Value::Array(Vec::new()));
    annotate_result(&mut result, envelope, model_line);
    result.insert("isError".to_owned(), Value::Bool(true));
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// The error response a proxy answers `id` with when the server did not (it exited, it did
/// not answer in time, its answer was lost): `code` (such as [`JSONRPC_REQUEST_TIMEOUT`]),
/// the envelope's message, and the envelope in `data` as [`annotate_error`] puts it.
pub fn error_response(id: &Value, code: i64, message: &str, envelope: Value) -> Value {
    let mut error = Map::new();
    error.insert("code".to_owned(), code.into());
    error.insert("message".to_owned(), message.into());
    annotate_error(&mut error, envelope);
    json!({"jsonrpc": "2.0", "id": id, "error": error})
}

/// Removes [`META_FORCE`] from a request's `params._meta` (and `_meta` when it holds nothing
/// else), so the server never sees it; whether it was `true`.
pub fn take_force(request: &mut Map<String, Value>) -> bool {
    let Some(Value::Object(params)) = request.get_mut("params") else {
        return false;
    };
    let Some(Value::Object(meta)) = params.get_mut("_meta") else {
        return false;
    };
    let Some(force) = meta.remove(META_FORCE) else {
        return false;
    };
    if meta.is_empty() {
        params.remove("_meta");
    }
    force == Value::Bool(true)
}

/// The one line a model reads about a failed call (the text block added to a tool result):
/// the code, the class and retry verdict (with the wait), and the recovery, as the phrase
/// `mcp-model-line` (`mcp-model-line-wait` with a wait).
pub fn model_line(envelope: &Envelope) -> Phrase {
    let phrase = match (envelope.retry(), envelope.retry_after_ms()) {
        (Retry::Yes, Some(wait)) => Phrase::new("mcp-model-line-wait").arg("wait_ms", wait),
        _ => Phrase::new("mcp-model-line"),
    };
    phrase
        .arg("code", envelope.code().as_str())
        .arg("error_class", envelope.error_class().as_str())
        .arg("retry", envelope.retry().as_str())
        .arg("recovery", envelope.recovery())
}

/// `MCP_SERVER_EXITED` for `call`: its server exited with `exit` (128+N for a signal) before
/// it answered. The call may have run.
pub fn server_exited(call: &ToolCall, exit: u8) -> Envelope {
    let exit_status = ExitStatus::new(exit).unwrap_or(ExitStatus::FAILURE);
    let draft = Envelope::draft(code(SERVER_EXITED), exit_status, "")
        .verdict(Verdict::transient().effect_unknown())
        .provider(Provider {
            kind: ProviderKind::Cut,
            status: None,
        })
        .param("server", call.server.clone())
        .param("server_exit", exit)
        .message_phrase(
            Phrase::new("MCP_SERVER_EXITED-message")
                .arg("server", call.server.clone())
                .arg("tool", call.tool.clone())
                .arg("exit", exit),
        )
        .with_recovery_phrase(
            Phrase::new("MCP_SERVER_EXITED-recovery").arg("tool", call.tool.clone()),
        );
    call.stamp(draft)
}

/// `MCP_CALL_TIMEOUT` for `call`: no answer within `after`. The call may have run.
pub fn call_timed_out(call: &ToolCall, after: Duration) -> Envelope {
    let after_ms = u64::try_from(after.as_millis()).unwrap_or(u64::MAX);
    let draft = Envelope::draft(code(CALL_TIMEOUT), ExitStatus::TEMPFAIL, "")
        .verdict(Verdict::transient().effect_unknown())
        .provider(Provider {
            kind: ProviderKind::Silence,
            status: None,
        })
        .param("server", call.server.clone())
        .param("timeout_ms", after_ms)
        .message_phrase(
            Phrase::new("MCP_CALL_TIMEOUT-message")
                .arg("tool", call.tool.clone())
                .arg("after", humantime::format_duration(after).to_string()),
        )
        .with_recovery_phrase(
            Phrase::new("MCP_CALL_TIMEOUT-recovery").arg("tool", call.tool.clone()),
        );
    call.stamp(draft)
}

/// `MCP_ANSWER_LOST` for `call`: the call was sent and its answer lost. The call may have run.
pub fn answer_lost(call: &ToolCall) -> Envelope {
    let draft = Envelope::draft(code(ANSWER_LOST), ExitStatus::TEMPFAIL, "")
        .verdict(Verdict::transient().effect_unknown())
        .provider(Provider {
            kind: ProviderKind::Cut,
            status: None,
        })
        .param("server", call.server.clone())
        .message_phrase(Phrase::new("MCP_ANSWER_LOST-message").arg("tool", call.tool.clone()))
        .with_recovery_phrase(
            Phrase::new("MCP_ANSWER_LOST-recovery").arg("tool", call.tool.clone()),
        );
    call.stamp(draft)
}

fn code(name: &'static str) -> Code {
    Code::new(name).expect("the MCP face's codes are UPPER_SNAKE")
}

#[cfg(test)]
mod tests;
