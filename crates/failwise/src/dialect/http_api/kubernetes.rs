//! The Kubernetes API `Status` object (`kind: Status`, `status: Failure`), as the API server
//! answers a failed request, and kubectl's one-line rendering of it,
//! `Error from server (<reason>): <message>`. Read-only.
//!
//! Sources: the `Status` kind and the HTTP status codes with their suggested client recovery
//! in the API conventions
//! (<https://github.com/kubernetes/community/blob/master/contributors/devel/sig-architecture/api-conventions.md>,
//! "Response Status Kind" and "HTTP Status codes"), and the `StatusReason` constants of
//! `k8s.io/apimachinery/pkg/apis/meta/v1` (each reason names its one HTTP status).
//!
//! # Reading, field by field
//!
//! | Status | canonical | how |
//! |---|---|---|
//! | `reason` | `code`, `source.code` | normalized (`NotFound` → `NOT_FOUND`), the original kept; absent → `HTTP_<code>` |
//! | `code` (the HTTP status; the response's status line when absent or 0) | `error_class`, `retry`, `provider.status` | by [`rules::http_verdict`], after the reason's own meaning: `Conflict`, `AlreadyExists` → `conflict`/`no` (re-read, then send a changed request); `ServerTimeout`, `Timeout` → `transient`/`unknown` (the request went out; a create may have landed, as the conventions say of `ServerTimeout`); `TooManyRequests`, `ServiceUnavailable` → `transient`/`yes`; `BadRequest` ("can never succeed"), `Invalid`, `NotFound`, `Forbidden`, `Unauthorized`, `MethodNotAllowed`, `NotAcceptable`, `UnsupportedMediaType`, `RequestEntityTooLarge`, `Gone`, `Expired` → `permanent`/`no`; `InternalError` and unknown reasons follow the status; neither → `ambiguous`/`unknown` |
//! | `details.retryAfterSeconds` | `retry_after_ms` | seconds × 1000, only with `retry: yes`; else the response's `Retry-After` |
//! | `message` | `message` | kept |
//! | `details.kind`, `details.name` | `subject` | `<kind>/<name>` (`pods/grafana`); `details.group`, `details.uid` → `params` |
//! | `details.causes[]` | `location.path`, `params.causes` | the first cause's `field` names the offending input; every cause (`reason`, `message`, `field`) kept as data |
//! | (none) | `exit`, `recovery` | the context's exit status (kubectl exits 1), else the verdict's default exit (75 for `transient`, 1 otherwise); the verdict's fallback recovery |
//!
//! Lost: `apiVersion`, `metadata` (list metadata of a failure carries nothing).

use crate::phrase::Phrase;
use serde_json::{Map, Value};

use super::Reading;
use crate::code::Code;
use crate::dialect::{Context, Dialect, DialectError, finish, rules, text};
use crate::envelope::{Envelope, Location};
use crate::verdict::Verdict;

const D: Dialect = Dialect::Kubernetes;

/// Whether `obj` is a failed Kubernetes `Status`: `kind: "Status"` and `status: "Failure"`.
pub fn is_status(obj: &Map<String, Value>) -> bool {
    obj.get("kind").and_then(Value::as_str) == Some("Status")
        && obj.get("status").and_then(Value::as_str) == Some("Failure")
}

/// The HTTP status each `StatusReason` names (k8s.io/apimachinery meta/v1), for a `Status`
/// without `code` (kubectl's rendering carries only the reason).
pub fn reason_status(reason: &str) -> Option<u16> {
    Some(match reason {
        "BadRequest" => 400,
        "Unauthorized" => 401,
        "Forbidden" => 403,
        "NotFound" => 404,
        "MethodNotAllowed" => 405,
        "NotAcceptable" => 406,
        "AlreadyExists" | "Conflict" => 409,
        "Gone" | "Expired" => 410,
        "RequestEntityTooLarge" => 413,
        "UnsupportedMediaType" => 415,
        "Invalid" => 422,
        "TooManyRequests" => 429,
        "InternalError" | "ServerTimeout" => 500,
        "ServiceUnavailable" => 503,
        "Timeout" => 504,
        _ => return None,
    })
}

/// The verdict a `StatusReason` implies on its own; see the module docs.
pub fn reason_verdict(reason: &str) -> Option<Verdict> {
    Some(match reason {
        "Conflict" | "AlreadyExists" => Verdict::conflict(),
        "ServerTimeout" | "Timeout" => Verdict::transient().effect_unknown(),
        "TooManyRequests" | "ServiceUnavailable" => Verdict::transient(),
        "BadRequest"
        | "Invalid"
        | "NotFound"
        | "Forbidden"
        | "Unauthorized"
        | "MethodNotAllowed"
        | "NotAcceptable"
        | "UnsupportedMediaType"
        | "RequestEntityTooLarge"
        | "Gone"
        | "Expired" => Verdict::permanent(),
        _ => return None,
    })
}

/// Reads a Kubernetes `Status`; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when the record is not an object or `message` is not a string.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .as_object()
        .ok_or_else(|| DialectError::new(D, "", Phrase::new("dialect-not-an-object")))?;
    let message = crate::dialect::required_str(obj, D, "", "message")?;
    let reason = text(obj, "reason");
    let status = super::status_member(obj, "code")
        .or(context.http_status)
        .or_else(|| reason.and_then(reason_status));
    let code = match (reason, status) {
        (Some(r), _) => Code::normalize(r, "K8S"),
        (None, Some(s)) => rules::http_code(s),
        (None, None) => Code::normalize("K8S_STATUS_FAILURE", "K8S"),
    };
    let details = obj.get("details").and_then(Value::as_object);
    let wait_ms = details
        .and_then(|d| d.get("retryAfterSeconds"))
        .and_then(Value::as_u64)
        .filter(|s| *s > 0)
        .map(|s| s.saturating_mul(1000));
    let mut draft = Reading {
        dialect: D,
        original: reason,
        code,
        message,
        known: reason.and_then(reason_verdict),
        status,
        wait_ms,
    }
    .draft(context);
    if let Some(d) = details {
        if let Some(name) = text(d, "name") {
            draft = draft.subject(match text(d, "kind") {
                Some(kind) => format!("{kind}/{name}"),
                None => name.to_owned(),
            });
        }
        for key in ["group", "uid"] {
            if let Some(v) = text(d, key) {
                draft = draft.param(key, v);
            }
        }
        if let Some(Value::Array(causes)) = d.get("causes") {
            if let Some(field) = causes.iter().find_map(|c| text(c.as_object()?, "field")) {
                draft = draft.location(Location {
                    path: Some(field.to_owned()),
                    line: None,
                    column: None,
                });
            }
            if !causes.is_empty() {
                draft = draft.param("causes", Value::Array(causes.clone()));
            }
        }
    }
    Ok(finish(draft, None))
}

/// kubectl's rendering of a failed `Status`, `Error from server (<reason>): <message>`, as
/// the `Status` it stands for; `None` for any other line.
pub fn from_kubectl_line(line: &str) -> Option<Value> {
    let rest = line.trim().strip_prefix("Error from server (")?;
    let (reason, message) = rest.split_once("): ")?;
    if reason.is_empty() || !reason.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    Some(serde_json::json!({
        "kind": "Status",
        "status": "Failure",
        "reason": reason,
        "message": message,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::{ErrorClass, Retry};
    use serde_json::json;

    #[test]
    fn retry_after_seconds_is_the_wait_of_a_retryable_status() {
        let status = json!({"kind":"Status","status":"Failure","message":"try again","reason":"ServiceUnavailable","details":{"retryAfterSeconds":5},"code":503});
        let envelope = read(&status, &Context::default()).expect("reads");
        assert_eq!(envelope.code().as_str(), "SERVICE_UNAVAILABLE");
        assert_eq!(envelope.retry(), Retry::Yes);
        assert_eq!(envelope.retry_after_ms(), Some(5000));
    }

    #[test]
    fn a_conflict_is_resent_changed_and_a_server_timeout_may_have_landed() {
        let conflict = json!({"kind":"Status","status":"Failure","message":"modified","reason":"Conflict","code":409,"details":{"retryAfterSeconds":1}});
        let envelope = read(&conflict, &Context::default()).expect("reads");
        assert_eq!(envelope.error_class(), ErrorClass::Conflict);
        assert_eq!(envelope.retry_after_ms(), None);
        let timeout = json!({"kind":"Status","status":"Failure","message":"m","reason":"ServerTimeout","code":500});
        let envelope = read(&timeout, &Context::default()).expect("reads");
        assert_eq!(envelope.retry(), Retry::Unknown);
    }

    #[test]
    fn kubectl_lines_become_statuses_with_the_reason_status() {
        let value = from_kubectl_line("Error from server (Forbidden): pods is forbidden: no")
            .expect("a status");
        let envelope = read(&value, &Context::default()).expect("reads");
        assert_eq!(envelope.code().as_str(), "FORBIDDEN");
        assert_eq!(envelope.provider().and_then(|p| p.status), Some(403));
        assert_eq!(from_kubectl_line("Error from server: boom"), None);
    }
}
