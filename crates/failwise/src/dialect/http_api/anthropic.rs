//! The Anthropic (Claude) API error body
//! `{"type": "error", "error": {"type": "<error type>", "message"}, "request_id"}`. Read-only.
//!
//! Source: the Claude API errors page (<https://docs.anthropic.com/en/api/errors>), which pairs
//! each error type with its HTTP status: `invalid_request_error` 400, `authentication_error`
//! 401, `billing_error` 402, `permission_error` 403, `not_found_error` 404,
//! `request_too_large` 413, `rate_limit_error` 429, `api_error` 500, `timeout_error` 504,
//! `overloaded_error` 529 (temporarily overloaded across all users; retry with backoff). A
//! `rate_limit_error` whose `error.details.error_code` is `enforced_spend_limit_reached` is the
//! monthly spend limit: it does not clear until the next month or a higher tier, so it is no
//! rate limit to retry.
//!
//! # Reading, field by field
//!
//! | Anthropic | canonical | how |
//! |---|---|---|
//! | `error.type` | `code`, `source.code` | normalized (`overloaded_error` → `OVERLOADED_ERROR`), the original kept |
//! | `error.type` | `error_class`, `retry`, `provider.status` | [`type_verdict`]: `rate_limit_error`, `overloaded_error`, `api_error` → `transient`/`yes`; `timeout_error` → `transient`/`unknown` (the request went out); `billing_error` and the spend limit → `precondition_failed`/`no`; `invalid_request_error`, `authentication_error`, `permission_error`, `not_found_error`, `request_too_large` → `permanent`/`no`; another type → the response's HTTP status, else `ambiguous`/`unknown`. The status is the response's, else the one the type names |
//! | `retry-after` header | `retry_after_ms` | from the context, only with `retry: yes` |
//! | `error.message` | `message` | kept |
//! | `request_id`, `error.details.error_code` | `params.request_id`, `params.error_code` | kept as data |
//! | (none) | `exit`, `recovery` | the context's exit status, else the verdict's default exit (75 for `transient`, 1 otherwise); the verdict's fallback recovery |

use crate::phrase::Phrase;
use serde_json::{Map, Value};

use super::Reading;
use crate::code::Code;
use crate::dialect::{Context, Dialect, DialectError, finish, text};
use crate::envelope::Envelope;
use crate::verdict::Verdict;

const D: Dialect = Dialect::Anthropic;

/// Whether `obj` is an Anthropic error body: `type: "error"` and an `error` object with a
/// string `type`.
pub fn is_error(obj: &Map<String, Value>) -> bool {
    obj.get("type").and_then(Value::as_str) == Some("error")
        && obj
            .get("error")
            .and_then(Value::as_object)
            .is_some_and(|e| e.get("type").is_some_and(Value::is_string))
}

/// The HTTP status the errors page gives each error type.
pub fn type_status(error_type: &str) -> Option<u16> {
    Some(match error_type {
        "invalid_request_error" => 400,
        "authentication_error" => 401,
        "billing_error" => 402,
        "permission_error" => 403,
        "not_found_error" => 404,
        "request_too_large" => 413,
        "rate_limit_error" => 429,
        "api_error" => 500,
        "timeout_error" => 504,
        "overloaded_error" => 529,
        _ => return None,
    })
}

/// The verdict of an error type (and the spend limit's `error_code`); see the module docs.
pub fn type_verdict(error_type: &str, error_code: Option<&str>) -> Option<Verdict> {
    if error_code == Some("enforced_spend_limit_reached") {
        return Some(Verdict::precondition_failed());
    }
    Some(match error_type {
        "rate_limit_error" | "overloaded_error" | "api_error" => Verdict::transient(),
        "timeout_error" => Verdict::transient().effect_unknown(),
        "billing_error" => Verdict::precondition_failed(),
        "invalid_request_error"
        | "authentication_error"
        | "permission_error"
        | "not_found_error"
        | "request_too_large" => Verdict::permanent(),
        _ => return None,
    })
}

/// Reads an Anthropic error body; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when `error` is not an object or its `type` or `message` is not a string.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .get("error")
        .and_then(Value::as_object)
        .ok_or_else(|| DialectError::new(D, "/error", Phrase::new("dialect-not-an-object")))?;
    let error_type = crate::dialect::required_str(obj, D, "/error", "type")?;
    let message = crate::dialect::required_str(obj, D, "/error", "message")?;
    let error_code = obj
        .get("details")
        .and_then(Value::as_object)
        .and_then(|d| text(d, "error_code"));
    let mut draft = Reading {
        dialect: D,
        original: Some(error_type),
        code: Code::normalize(error_type, "ANTHROPIC"),
        message,
        known: type_verdict(error_type, error_code),
        status: context.http_status.or_else(|| type_status(error_type)),
        wait_ms: None,
    }
    .draft(context);
    if let Some(id) = value.get("request_id").and_then(Value::as_str) {
        draft = draft.param("request_id", id);
    }
    if let Some(c) = error_code {
        draft = draft.param("error_code", c);
    }
    Ok(finish(draft, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::{ErrorClass, Retry};
    use serde_json::json;

    #[test]
    fn overload_is_retried_and_the_spend_limit_is_not() {
        let body =
            json!({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}});
        let envelope = read(&body, &Context::default()).expect("reads");
        assert_eq!(envelope.retry(), Retry::Yes);
        assert_eq!(envelope.provider().and_then(|p| p.status), Some(529));
        let body = json!({"type":"error","error":{"type":"rate_limit_error","message":"m","details":{"error_code":"enforced_spend_limit_reached"}}});
        let envelope = read(&body, &Context::default()).expect("reads");
        assert_eq!(envelope.error_class(), ErrorClass::PreconditionFailed);
    }
}
