//! The Stripe API error object: `type`, `code`, `decline_code`, `advice_code`, `message`,
//! `param`, `doc_url`, under `"error"` as the REST API answers, or bare as Stripe.js hands it
//! to the page. Read-only.
//!
//! Sources: the API reference's Errors page (<https://docs.stripe.com/api/errors>: the `type`
//! list and the HTTP statuses, 429 "too many requests hit the API too quickly, we recommend an
//! exponential backoff", 409 "conflicts with another request, perhaps due to using the same
//! idempotent key"), Error handling (<https://docs.stripe.com/error-handling>: an `api_error`
//! or a connection error leaves the result indeterminate, to be retried with the same
//! idempotency key), Error codes (<https://docs.stripe.com/error-codes>: `processing_error`
//! and `lock_timeout` are to be tried again) and Declines
//! (<https://docs.stripe.com/declines/codes>: `advice_code` `try_again_later` versus
//! `do_not_try_again`).
//!
//! # Reading, field by field
//!
//! | Stripe | canonical | how |
//! |---|---|---|
//! | `code` (else `decline_code`, else `type`) | `code`, `source.code` | normalized (`card_declined` → `CARD_DECLINED`), the original kept |
//! | `type`, `code`, `decline_code`, `advice_code` | `error_class`, `retry` | [`verdict`]: `advice_code` `try_again_later`, `code`/`decline_code` `processing_error`, `try_again_later`, `issuer_not_available`, `reenter_transaction`, `lock_timeout`, or `type` `rate_limit_error` → `transient`/`yes`; `api_error`, `api_connection_error` → `transient`/`unknown` (indeterminate); `idempotency_error` → `conflict`/`no` (a new key, or the original parameters); `card_error`, `invalid_request_error`, `authentication_error` → `permanent`/`no`; else the HTTP status, else `ambiguous`/`unknown` |
//! | `Retry-After` header | `retry_after_ms` | from the context, only with `retry: yes` |
//! | `message` | `message` | kept; absent → `stripe <type>` |
//! | `doc_url` | `doc_url`, `recovery` | the page that explains the code, and `open <doc_url>` as the recovery |
//! | `param` | `location.path`, `params.param` | the request member at fault |
//! | `type`, `decline_code`, `advice_code`, `charge`, `request_log_url` | `params` | kept as data |
//! | (none) | `exit` | the context's exit status, else the verdict's default exit (75 for `transient`, 1 otherwise) |
//!
//! Lost: the embedded `payment_intent`, `payment_method`, `setup_intent` and `source` objects
//! (whole API resources, not the failure).

use serde_json::{Map, Value};

use super::Reading;
use crate::code::Code;
use crate::dialect::{Context, Dialect, DialectError, finish_with_doc, text};
use crate::envelope::{Envelope, Location};
use crate::phrase::Phrase;
use crate::verdict::Verdict;

const D: Dialect = Dialect::Stripe;

/// The error `type`s the API reference and Stripe's SDKs list.
pub const TYPES: [&str; 7] = [
    "api_error",
    "card_error",
    "idempotency_error",
    "invalid_request_error",
    "rate_limit_error",
    "authentication_error",
    "api_connection_error",
];

/// Members only a Stripe error object carries.
const STRIPE_ONLY: [&str; 9] = [
    "doc_url",
    "decline_code",
    "advice_code",
    "request_log_url",
    "charge",
    "payment_intent",
    "payment_method",
    "setup_intent",
    "network_decline_code",
];

/// Whether `obj` is a Stripe error object: a `type` from [`TYPES`] and at least one member
/// only Stripe sends (`doc_url`, `decline_code`, `request_log_url`, ...), or a `type` only
/// Stripe uses (`card_error`, `idempotency_error`) with a `message`.
pub fn is_error(obj: &Map<String, Value>) -> bool {
    let Some(ty) = obj.get("type").and_then(Value::as_str) else {
        return false;
    };
    TYPES.contains(&ty)
        && (STRIPE_ONLY.iter().any(|k| obj.contains_key(*k))
            || (matches!(ty, "card_error" | "idempotency_error")
                && obj.get("message").is_some_and(Value::is_string)))
}

/// The verdict of a Stripe error; see the module docs.
pub fn verdict(
    error_type: &str,
    code: Option<&str>,
    decline_code: Option<&str>,
    advice_code: Option<&str>,
) -> Option<Verdict> {
    const AGAIN: [&str; 5] = [
        "processing_error",
        "try_again_later",
        "issuer_not_available",
        "reenter_transaction",
        "lock_timeout",
    ];
    match advice_code {
        Some("try_again_later") => return Some(Verdict::transient()),
        Some("do_not_try_again" | "confirm_card_data") => return Some(Verdict::permanent()),
        _ => {}
    }
    if code
        .into_iter()
        .chain(decline_code)
        .any(|c| AGAIN.contains(&c))
    {
        return Some(Verdict::transient());
    }
    Some(match error_type {
        "rate_limit_error" => Verdict::transient(),
        "api_error" | "api_connection_error" => Verdict::transient().effect_unknown(),
        "idempotency_error" => Verdict::conflict(),
        "card_error" | "invalid_request_error" | "authentication_error" => Verdict::permanent(),
        _ => return None,
    })
}

/// Reads a Stripe error object; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when the object has no string `type`.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let (obj, at) = crate::dialect::error_object(value, D)?;
    let error_type = crate::dialect::required_str(obj, D, at, "type")?;
    let code = text(obj, "code");
    let decline_code = text(obj, "decline_code");
    let advice_code = text(obj, "advice_code");
    let original = code.or(decline_code).unwrap_or(error_type);
    let message = text(obj, "message");
    let mut draft = Reading {
        dialect: D,
        original: Some(original),
        code: Code::normalize(original, "STRIPE"),
        message: message.unwrap_or_default(),
        known: verdict(error_type, code, decline_code, advice_code),
        status: None,
        wait_ms: None,
    }
    .draft(context)
    .param("type", error_type);
    if message.is_none() {
        draft = draft.message_phrase(Phrase::new("dialect-stripe-message").arg("type", error_type));
    }
    for key in ["decline_code", "advice_code", "charge", "request_log_url"] {
        if let Some(v) = text(obj, key) {
            draft = draft.param(key, v);
        }
    }
    if let Some(param) = text(obj, "param") {
        draft = draft.param("param", param).location(Location {
            path: Some(param.to_owned()),
            line: None,
            column: None,
        });
    }
    Ok(finish_with_doc(draft, text(obj, "doc_url")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::{ErrorClass, Retry};
    use serde_json::json;

    #[test]
    fn a_decline_is_permanent_unless_the_issuer_advises_a_later_try() {
        let declined = json!({"type":"card_error","code":"card_declined","decline_code":"generic_decline","message":"Your card has been declined.","doc_url":"https://docs.stripe.com/error-codes#card-declined"});
        let envelope = read(&declined, &Context::default()).expect("reads");
        assert_eq!(envelope.error_class(), ErrorClass::Permanent);
        assert_eq!(
            envelope.doc_url(),
            Some("https://docs.stripe.com/error-codes#card-declined")
        );
        let later = json!({"error":{"type":"card_error","code":"card_declined","advice_code":"try_again_later","message":"m"}});
        let envelope = read(&later, &Context::default()).expect("reads");
        assert_eq!(envelope.retry(), Retry::Yes);
    }

    #[test]
    fn an_api_error_is_indeterminate_and_a_reused_key_a_conflict() {
        let body = json!({"error":{"type":"api_error","message":"m","request_log_url":"u"}});
        let envelope = read(&body, &Context::default()).expect("reads");
        assert_eq!(envelope.retry(), Retry::Unknown);
        let body = json!({"error":{"type":"idempotency_error","message":"m"}});
        let envelope = read(&body, &Context::default()).expect("reads");
        assert_eq!(envelope.error_class(), ErrorClass::Conflict);
    }
}
