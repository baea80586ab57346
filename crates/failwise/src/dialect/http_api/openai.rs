//! The OpenAI API error body `{"error": {"message", "type", "param", "code"}}`, which Azure
//! OpenAI also sends (with `status` and an `innererror`). Read-only.
//!
//! Source: OpenAI's API error codes guide
//! (<https://platform.openai.com/docs/guides/error-codes/api-errors>): HTTP 429 means either
//! "Rate limit reached for requests" (`rate_limit_exceeded`, pace the requests: retry after a
//! wait) or "You exceeded your current quota" (`insufficient_quota`, buy more credit: a retry
//! does not help); 500 and 503 are the server's and are retried after a brief wait; 400, 401,
//! 403 and 404 need a changed request or key. Azure OpenAI's content filtering
//! (<https://learn.microsoft.com/azure/ai-services/openai/concepts/content-filter>) answers
//! 400 with `code: "content_filter"`: the prompt must change.
//!
//! # Reading, field by field
//!
//! | OpenAI | canonical | how |
//! |---|---|---|
//! | `code` (else `type`) | `code`, `source.code` | normalized, the original kept |
//! | `code`, `type` | `error_class`, `retry` | [`code_verdict`]: a hard quota ([`rules::is_hard_quota`], `insufficient_quota`, `billing_hard_limit_reached`) → `precondition_failed`/`no`; `rate_limit_exceeded` or `type` `requests`/`tokens` → `transient`/`yes`; `server_error`, `engine_overloaded` (and the error types of Anthropic's API that proxies relay in this shape: `rate_limit_error`, `overloaded_error`, `api_error`) → `transient`/`yes`; a `type` whose verdict is `no` under an HTTP 429 or 5xx gives way to the status; `invalid_request_error`, `invalid_api_key`, `model_not_found`, `context_length_exceeded`, `content_filter`, … → `permanent`/`no`; otherwise the HTTP status (`status` member, else the response's), else `ambiguous`/`unknown` |
//! | `Retry-After` header | `retry_after_ms` | from the context, only with `retry: yes`; a wait named only in the message ("try again in 20s") stays prose |
//! | `message` | `message` | kept |
//! | `param` | `location.path`, `params.param` | the request member at fault |
//! | `type` (when not the code) | `params.type` | kept as data |
//! | `innererror.code`, `innererror.content_filter_result` | `params.inner_code`, `params.content_filter_result` | Azure's more specific code and the filter verdicts, as data |
//! | (none) | `exit`, `recovery` | the context's exit status, else the verdict's default exit (75 for `transient`, 1 otherwise); the verdict's fallback recovery |

use crate::phrase::Phrase;
use serde_json::{Map, Value};

use super::Reading;
use crate::code::Code;
use crate::dialect::{Context, Dialect, DialectError, finish, rules, text};
use crate::envelope::{Envelope, Location};
use crate::verdict::Verdict;

const D: Dialect = Dialect::OpenAi;

/// Whether `inner` (the object under `error`) is an OpenAI error: a `message` string and a
/// `type` member (a string or `null`) with a `param` or `code` member.
pub fn is_error(inner: &Map<String, Value>) -> bool {
    inner.get("message").is_some_and(Value::is_string)
        && inner
            .get("type")
            .is_some_and(|t| t.is_string() || t.is_null())
        && (inner.contains_key("param") || inner.get("code").is_some_and(Value::is_string))
}

/// The verdict OpenAI's documentation gives a `code` or `type`, or `None`.
pub fn code_verdict(code: &str) -> Option<Verdict> {
    if rules::is_hard_quota(code) || code == "billing_hard_limit_reached" {
        return Some(Verdict::precondition_failed());
    }
    Some(match code {
        "rate_limit_exceeded"
        | "requests"
        | "tokens"
        | "server_error"
        | "engine_overloaded"
        | "rate_limit_error"
        | "overloaded_error"
        | "api_error" => Verdict::transient(),
        "invalid_request_error"
        | "invalid_api_key"
        | "model_not_found"
        | "context_length_exceeded"
        | "content_filter"
        | "unsupported_country_region_territory"
        | "invalid_organization"
        | "authentication_error"
        | "permission_error"
        | "not_found_error" => Verdict::permanent(),
        _ => return None,
    })
}

/// Reads an OpenAI error body; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when `error` is not an object, `message` is not a string, or neither
/// `code` nor `type` names the error.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let (obj, at) = crate::dialect::error_object(value, D)?;
    let message = crate::dialect::required_str(obj, D, at, "message")?;
    let code_member = text(obj, "code");
    let type_member = text(obj, "type");
    let original = code_member.or(type_member).ok_or_else(|| {
        DialectError::new(
            D,
            &format!("{at}/code"),
            Phrase::new("dialect-absent-and-so-is").arg("other", "type"),
        )
    })?;
    // A `type` is the broad kind; an HTTP status that says the server was busy or failed (429,
    // 5xx) is more specific than a `type` of `invalid_request_error` around a code it does
    // not know (a proxy that relays another API's error, such as Anthropic's
    // `rate_limit_error`, under OpenAI's shape).
    let status = super::status_member(obj, "status").or(context.http_status);
    let busy = status.is_some_and(|s| s == 429 || (500..600).contains(&s));
    let known = code_member.and_then(code_verdict).or_else(|| {
        type_member
            .and_then(code_verdict)
            .filter(|v| !busy || v.retry() != crate::Retry::No)
    });
    let mut draft = Reading {
        dialect: D,
        original: Some(original),
        code: Code::normalize(original, "OPENAI"),
        message,
        known,
        status: super::status_member(obj, "status"),
        wait_ms: None,
    }
    .draft(context);
    if let (Some(c), Some(t)) = (code_member, type_member)
        && c != t
    {
        draft = draft.param("type", t);
    }
    if let Some(param) = text(obj, "param") {
        draft = draft.param("param", param).location(Location {
            path: Some(param.to_owned()),
            line: None,
            column: None,
        });
    }
    if let Some(inner) = obj.get("innererror").and_then(Value::as_object) {
        if let Some(c) = text(inner, "code") {
            draft = draft.param("inner_code", c);
        }
        if let Some(r) = inner.get("content_filter_result") {
            draft = draft.param("content_filter_result", r.clone());
        }
    }
    Ok(finish(draft, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::{ErrorClass, Retry};
    use serde_json::json;

    /// A body made for this test in the shape a proxy relays Anthropic's rate limit in (code
    /// `rate_limit_error` under the type `invalid_request_error`), not one a server sent.
    #[test]
    fn a_relayed_rate_limit_under_429_is_a_rate_limit() {
        let body = json!({"error":{"code":"rate_limit_error","message":"This request would exceed the rate limit","type":"invalid_request_error","param":null}});
        let context = Context {
            http_status: Some(429),
            ..Context::default()
        };
        let envelope = read(&body, &context).expect("reads");
        assert_eq!(
            (envelope.error_class(), envelope.retry()),
            (ErrorClass::Transient, Retry::Yes)
        );
        let unknown = json!({"error":{"code":"odd_code","message":"m","type":"invalid_request_error","param":null}});
        let busy = read(&unknown, &context).expect("reads");
        assert_eq!(busy.retry(), Retry::Yes);
        let plain = read(&unknown, &Context::default()).expect("reads");
        assert_eq!(plain.error_class(), ErrorClass::Permanent);
    }

    /// The body a proxy relayed under `API Error (504 …)` (musistudio/claude-code-router#271:
    /// an `api_error` whose message names a function invocation timeout): the gateway timed
    /// out after the request went out, so `api_error`'s `yes` gives way to 504's `unknown`.
    #[test]
    fn a_broad_yes_gives_way_to_a_status_whose_effect_is_unknown() {
        let body = json!({"error":{"message":"Error from provider: An error occurred with your deployment\n\nFUNCTION_INVOCATION_TIMEOUT\n","type":"api_error","code":"provider_response_error"}});
        for (status, retry) in [
            (504, Retry::Unknown),
            (500, Retry::Unknown),
            (503, Retry::Yes),
        ] {
            let context = Context {
                http_status: Some(status),
                ..Context::default()
            };
            let envelope = read(&body, &context).expect("reads");
            assert_eq!(envelope.retry(), retry, "{status}");
            assert_eq!(envelope.error_class(), ErrorClass::Transient);
        }
    }

    #[test]
    fn an_exhausted_quota_under_429_is_not_a_rate_limit() {
        let body = json!({"error":{"message":"You exceeded your current quota","type":"insufficient_quota","param":null,"code":"insufficient_quota"}});
        let context = Context {
            http_status: Some(429),
            retry_after_ms: Some(1000),
            ..Context::default()
        };
        let envelope = read(&body, &context).expect("reads");
        assert_eq!(envelope.error_class(), ErrorClass::PreconditionFailed);
        assert_eq!(envelope.retry(), Retry::No);
        assert_eq!(envelope.retry_after_ms(), None);
    }

    #[test]
    fn a_rate_limit_waits_only_for_a_stated_retry_after() {
        let body = json!({"error":{"message":"Please try again in 20s.","type":"requests","param":null,"code":"rate_limit_exceeded"}});
        let envelope = read(&body, &Context::default()).expect("reads");
        assert_eq!(envelope.retry(), Retry::Yes);
        assert_eq!(envelope.retry_after_ms(), None);
        let context = Context {
            retry_after_ms: Some(20_000),
            ..Context::default()
        };
        let envelope = read(&body, &context).expect("reads");
        assert_eq!(envelope.retry_after_ms(), Some(20_000));
    }

    #[test]
    fn an_unknown_code_follows_the_status_or_stays_unknown() {
        let body = json!({"error":{"message":"m","type":null,"param":null,"code":"something_new"}});
        let envelope = read(&body, &Context::default()).expect("reads");
        assert_eq!(envelope.retry(), Retry::Unknown);
        let body = json!({"error":{"message":"m","type":null,"param":null,"code":"something_new","status":503}});
        let envelope = read(&body, &Context::default()).expect("reads");
        assert_eq!(envelope.retry(), Retry::Yes);
    }
}
