//! An HTTP API's error body that declares a failure in one of the common generic shapes, when
//! no vendor reader knows it: `{"success": false, "errors": [{"code", "message"}, …]}` (the
//! envelope of Cloudflare's v4 API and of many APIs modelled on it) and `{"status": <4xx or
//! 5xx>, "code": …, "message": …}` (Twilio's REST error body, and others that put the HTTP
//! status in the body), and `{"error": {"code": <4xx or 5xx>, …}}` (the Google API error body
//! when nothing else of it is left to tell it by, such as a record cut short). Read-only.
//!
//! DESIGN §6: a shape that declares a failure is never passed through as a success.
//!
//! Sources: Cloudflare API v4 "Response format" (<https://developers.cloudflare.com/fundamentals/api/how-to/make-api-calls/>:
//! `success`, `errors[]` of `{code, message}`, `messages`, `result`), Twilio "Errors and
//! warnings" (<https://www.twilio.com/docs/usage/troubleshooting/debugging-event-webhooks>:
//! `{code, message, more_info, status}`).
//!
//! # Reading, field by field
//!
//! | body | canonical | how |
//! |---|---|---|
//! | `errors[0].code`, else `code` | `code`, `source.code` | the code as written in `source.code`; the canonical code `API_<code>` in UPPER_SNAKE |
//! | `errors[0].message`, else `message` | `message` | as written |
//! | `status` (a number or numeric string, 100–599), else the response's status | `error_class`, `retry`, `provider.status` | the HTTP status's verdict ([`crate::dialect::rules::http_verdict`]); without one, `ambiguous`/`unknown` |
//! | `errors[1..]` | `causes` | each `{code, message}` |
//! | `more_info`, `moreInfo` | `doc_url` | when a URL |
//! | `Retry-After` header | `retry_after_ms` | from the context, only with `retry: yes` |

use serde_json::{Map, Value};

use super::{Reading, status_member};
use crate::code::Code;
use crate::dialect::{Context, Dialect, DialectError, finish};
use crate::envelope::{Cause, Envelope};
use crate::phrase::Phrase;

const D: Dialect = Dialect::ApiError;

/// Whether `obj` declares a failure in one of the generic shapes.
pub fn is_failure(obj: &Map<String, Value>) -> bool {
    let listed = obj.get("success") == Some(&Value::Bool(false))
        && obj
            .get("errors")
            .and_then(Value::as_array)
            .is_some_and(|e| e.first().is_some_and(Value::is_object));
    let status = status_member(obj, "status").is_some_and(|s| s >= 400)
        && obj
            .get("code")
            .is_some_and(|c| c.is_string() || c.is_number())
        && obj.get("message").is_some_and(Value::is_string);
    listed || status || http_error(obj).is_some()
}

/// The HTTP status of `{"error": {"code": <400..=599>}}`.
fn http_error(obj: &Map<String, Value>) -> Option<u16> {
    let inner = obj.get("error")?.as_object()?;
    let status = u16::try_from(inner.get("code")?.as_u64()?).ok()?;
    (400..=599).contains(&status).then_some(status)
}

/// A code member as text: a string as written, a number in decimal.
fn code_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Reads a generic failure body; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when the record is not an object or carries no code.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .as_object()
        .ok_or_else(|| DialectError::new(D, "", Phrase::new("dialect-not-an-object")))?;
    if let Some(status) = http_error(obj) {
        let inner = obj.get("error").and_then(Value::as_object).unwrap_or(obj);
        let message = inner
            .get("message")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let mut draft = Reading {
            dialect: D,
            original: None,
            code: crate::dialect::rules::http_code(status),
            message,
            known: None,
            status: Some(status),
            wait_ms: None,
        }
        .draft(context);
        if message.is_empty() {
            draft = draft.message_phrase(
                Phrase::new("dialect-api-error-message").arg("code", status.to_string()),
            );
        }
        return Ok(finish(draft, None));
    }
    let errors: &[Value] = obj
        .get("errors")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice);
    let first = errors.first().and_then(Value::as_object).unwrap_or(obj);
    let original = first
        .get("code")
        .and_then(code_text)
        .ok_or_else(|| DialectError::new(D, "/code", Phrase::new("dialect-not-a-code")))?;
    let message = first
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let status = status_member(obj, "status")
        .or(context.http_status)
        .filter(|s| *s >= 400);
    let mut draft = Reading {
        dialect: D,
        original: Some(&original),
        code: Code::normalize(&format!("API_{original}"), "API"),
        message,
        known: None,
        status,
        wait_ms: None,
    }
    .draft(context);
    if message.is_empty() {
        draft = draft
            .message_phrase(Phrase::new("dialect-api-error-message").arg("code", original.clone()));
    }
    for e in errors.iter().skip(1).filter_map(Value::as_object) {
        draft = draft.cause(Cause {
            code: e.get("code").and_then(code_text),
            message: e
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned(),
            source: Some(D.name().to_owned()),
        });
    }
    if let Some(url) = ["more_info", "moreInfo"]
        .iter()
        .find_map(|k| obj.get(*k).and_then(Value::as_str))
        .filter(|u| u.starts_with("https://") || u.starts_with("http://"))
    {
        draft = draft.doc_url(url);
    }
    Ok(finish(draft, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Retry;
    use serde_json::json;

    #[test]
    fn both_generic_shapes_are_failures_read_by_their_status() {
        let cloudflare = json!({"success": false, "errors": [{"code": 971, "message": "Please wait and consider throttling your request speed"}], "messages": [], "result": null});
        let context = Context {
            http_status: Some(429),
            ..Context::default()
        };
        let e = read(&cloudflare, &context).expect("reads");
        assert_eq!((e.code().as_str(), e.retry()), ("API_971", Retry::Yes));
        let twilio = json!({"status": 429, "message": "Too many requests", "code": 20429, "moreInfo": "https://www.twilio.com/docs/errors/20429"});
        assert!(is_failure(twilio.as_object().unwrap()));
        let e = read(&twilio, &Context::default()).expect("reads");
        assert_eq!((e.code().as_str(), e.retry()), ("API_20429", Retry::Yes));
        assert_eq!(
            e.doc_url(),
            Some("https://www.twilio.com/docs/errors/20429")
        );
        let google = json!({"error": {"code": 403}});
        let e = read(&google, &Context::default()).expect("reads");
        assert_eq!(e.code().as_str(), "HTTP_403");
        // A success and a body without a code are not claimed.
        assert!(!is_failure(
            json!({"success": true, "errors": []}).as_object().unwrap()
        ));
        assert!(!is_failure(
            json!({"status": 200, "code": 1, "message": "ok"})
                .as_object()
                .unwrap()
        ));
    }
}
