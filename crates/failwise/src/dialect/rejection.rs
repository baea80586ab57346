//! Rejections: the envelope that stands for a record `failwise normalize` cannot read
//! (`UNREADABLE_RECORD`), with why, and how a record that no reader knows says it is a failure
//! (so it is rejected, never passed off as a success).

use serde_json::Value;

use crate::code::{Code, ExitStatus};
use crate::envelope::{Envelope, Params};
use crate::phrase::{Arg, Phrase};
use crate::verdict::Verdict;

/// The reason of a rejection for a record that names the member at `pointer` twice: I-JSON
/// (RFC 7493 §2.3) requires unique names, and readers that keep the first or the last value
/// would read the record differently (`"error":true … "error":false`).
pub(super) fn duplicate(pointer: &str) -> Arg {
    Arg::Phrase(Phrase::new("rejection-duplicate-member").arg("pointer", pointer.to_owned()))
}

/// The recovery of a record that names a member twice.
pub(super) fn once() -> Phrase {
    Phrase::new("rejection-recovery-duplicate")
}

/// How a JSON record says it is a failure when no dialect reader knows its shape: a member
/// `error` that is `true`, an object or a non-empty string; `isError: true` (MCP);
/// `ok: false` (Slack-style APIs); `status: "Failure"` (Kubernetes `Status`). Returns the
/// marker found: a JSON member as written, or failwise's words for a member's kind.
pub(super) fn declared_failure(value: &Value) -> Option<Arg> {
    let obj = value.as_object()?;
    let json = |text: &str| Some(Arg::Value(text.into()));
    match obj.get("error") {
        Some(Value::Bool(true)) => return json("\"error\": true"),
        Some(Value::Object(_)) => return Some(Arg::Phrase(Phrase::new("marker-error-object"))),
        Some(Value::String(s)) if !s.is_empty() => {
            return Some(Arg::Phrase(Phrase::new("marker-error-string")));
        }
        _ => {}
    }
    if obj.get("isError") == Some(&Value::Bool(true)) {
        return json("\"isError\": true");
    }
    if obj.get("ok") == Some(&Value::Bool(false)) {
        return json("\"ok\": false");
    }
    if obj.get("status").and_then(Value::as_str) == Some("Failure") {
        return json("\"status\": \"Failure\"");
    }
    None
}

/// The envelope that stands for an unreadable record: `UNREADABLE_RECORD`, exit 65
/// (EX_DATAERR), `permanent`, with the input, line number and reason in `params` (`reason` in
/// English, the language of machine fields; the message says it in the reader's language when
/// it is one of failwise's own phrases: `rejection-not-utf8`, `rejection-not-json`,
/// `rejection-unknown-shape`).
pub fn rejection(number: u64, input: &str, reason: Arg) -> Envelope {
    rejection_with(
        number,
        input,
        reason,
        Phrase::new("UNREADABLE_RECORD-recovery"),
    )
}

/// [`rejection`] with another recovery, for a reason that `--from` cannot help with.
pub(super) fn rejection_with(number: u64, input: &str, reason: Arg, recovery: Phrase) -> Envelope {
    let code = Code::normalize("UNREADABLE_RECORD", "E");
    let exit = ExitStatus::new(65).unwrap_or(ExitStatus::FAILURE);
    let english = match &reason {
        Arg::Phrase(phrase) => Value::from(crate::phrase::render_english(phrase, &Params::new())),
        Arg::Value(value) => value.clone(),
    };
    let message = match reason {
        Arg::Phrase(phrase) => Phrase::new("UNREADABLE_RECORD-message").phrase("reason", phrase),
        Arg::Value(_) => Phrase::new("UNREADABLE_RECORD-message"),
    };
    Envelope::draft(code, exit, "")
        .verdict(Verdict::permanent())
        .param("input", input)
        .param("line", number)
        .param("reason", english)
        .message_phrase(message)
        .with_recovery_phrase(recovery)
}
