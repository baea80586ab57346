//! The Slack Web API failure `{"ok": false, "error": "<code>"}`. Read-only.
//!
//! Sources: the Web API basics (<https://api.slack.com/web#evaluating_responses>: every
//! response has a boolean `ok`; on failure `error` holds a short machine-readable code, and
//! most failures come with HTTP 200), and the rate limits page
//! (<https://api.slack.com/apis/rate-limits>: over a method's tier the answer is HTTP 429 with
//! `error: "ratelimited"` and a `Retry-After` header in seconds, after which the call may be
//! made again). The errors common to every method are listed on each method's page: `not_authed`,
//! `invalid_auth`, `account_inactive`, `token_revoked`, `token_expired`, `no_permission`,
//! `missing_scope`, `invalid_arguments`, ... need a changed request or token; `fatal_error`
//! and `internal_error` mean the server failed mid-operation ("some aspect of the operation
//! may have succeeded"); `service_unavailable` is temporary.
//!
//! # Reading, field by field
//!
//! | Slack | canonical | how |
//! |---|---|---|
//! | `error` | `code`, `source.code` | normalized (`ratelimited` → `RATELIMITED`), the original kept |
//! | `error` | `error_class`, `retry` | [`code_verdict`]: `ratelimited`, `rate_limited`, `service_unavailable` → `transient`/`yes`; `fatal_error`, `internal_error` → `ambiguous`/`unknown`; the common auth and argument errors → `permanent`/`no`; any other code (a method's own) → the HTTP status when it is an error status, else `ambiguous`/`unknown` |
//! | `Retry-After` header | `retry_after_ms` | from the context (the body carries no wait), only with `retry: yes` |
//! | (none) | `message` | `slack API error: <code>` (Slack sends no message); `warning` and `response_metadata.messages` → `params` |
//! | `needed`, `provided` | `params` | the scopes a `missing_scope` needs and has |
//! | (none) | `exit`, `recovery` | the context's exit status, else the verdict's default exit (75 for `transient`, 1 otherwise); the verdict's fallback recovery |

use serde_json::{Map, Value};

use super::Reading;
use crate::code::Code;
use crate::dialect::{Context, Dialect, DialectError, finish};
use crate::envelope::Envelope;
use crate::phrase::Phrase;
use crate::verdict::Verdict;

const D: Dialect = Dialect::Slack;

/// Whether `obj` is a Slack failure: `ok: false` with an `error` string.
pub fn is_failure(obj: &Map<String, Value>) -> bool {
    obj.get("ok") == Some(&Value::Bool(false)) && obj.get("error").is_some_and(Value::is_string)
}

/// The verdict Slack's documentation gives an error code, or `None`.
pub fn code_verdict(code: &str) -> Option<Verdict> {
    Some(match code {
        "ratelimited" | "rate_limited" | "service_unavailable" => Verdict::transient(),
        "fatal_error" | "internal_error" => Verdict::ambiguous(),
        "not_authed"
        | "invalid_auth"
        | "account_inactive"
        | "token_revoked"
        | "token_expired"
        | "no_permission"
        | "missing_scope"
        | "not_allowed_token_type"
        | "invalid_arguments"
        | "invalid_arg_name"
        | "invalid_array_arg"
        | "invalid_charset"
        | "invalid_form_data"
        | "invalid_post_type"
        | "missing_post_type"
        | "method_deprecated"
        | "deprecated_endpoint"
        | "ekm_access_denied"
        | "access_denied" => Verdict::permanent(),
        _ => return None,
    })
}

/// Reads a Slack failure; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when the record is not an object or `error` is not a string.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .as_object()
        .ok_or_else(|| DialectError::new(D, "", Phrase::new("dialect-not-an-object")))?;
    let code = crate::dialect::required_str(obj, D, "", "error")?;
    // Slack answers most failures with HTTP 200, which says nothing about the failure.
    let status = context.http_status.filter(|s| *s >= 400);
    let context = Context {
        http_status: status,
        ..*context
    };
    let mut draft = Reading {
        dialect: D,
        original: Some(code),
        code: Code::normalize(code, "SLACK"),
        message: "",
        known: code_verdict(code),
        status,
        wait_ms: None,
    }
    .draft(&context)
    .message_phrase(Phrase::new("dialect-slack-message").arg("code", code));
    for key in ["warning", "needed", "provided"] {
        if let Some(v) = obj.get(key).filter(|v| v.is_string()) {
            draft = draft.param(key, v.clone());
        }
    }
    if let Some(m) = obj
        .get("response_metadata")
        .and_then(|r| r.get("messages"))
        .filter(|m| m.as_array().is_some_and(|a| !a.is_empty()))
    {
        draft = draft.param("messages", m.clone());
    }
    Ok(finish(draft, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Retry;
    use serde_json::json;

    #[test]
    fn ratelimited_waits_for_the_retry_after_header() {
        let context = Context {
            http_status: Some(429),
            retry_after_ms: Some(30_000),
            ..Context::default()
        };
        let envelope = read(&json!({"ok":false,"error":"ratelimited"}), &context).expect("reads");
        assert_eq!(envelope.code().as_str(), "RATELIMITED");
        assert_eq!(envelope.retry_after_ms(), Some(30_000));
    }

    #[test]
    fn a_method_specific_code_under_http_200_stays_unknown() {
        let context = Context {
            http_status: Some(200),
            ..Context::default()
        };
        let envelope =
            read(&json!({"ok":false,"error":"channel_not_found"}), &context).expect("reads");
        assert_eq!(envelope.retry(), Retry::Unknown);
        assert_eq!(envelope.provider(), None);
    }
}
