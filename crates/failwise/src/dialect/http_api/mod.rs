//! Vendor HTTP API error bodies: the read-only dialects of services whose failures agents meet
//! every day (Kubernetes, OpenAI, Anthropic, Slack, Stripe, GitHub, AWS), and the generic
//! shapes that declare a failure when no vendor is known (`declared`).
//!
//! Each vendor documents one error body and the codes it puts in it; each module here reads
//! that body into a canonical [`Envelope`] and lists its mapping field by field. failwise does
//! not write these shapes: they are what a service answers, not what a tool prints, and
//! [`Dialect::write`] writes the canonical envelope for them.
//!
//! The rules shared by every vendor:
//! - the verdict comes from the vendor's own code when its documentation says what the code
//!   means (each module cites the page); otherwise from the HTTP status the body or the
//!   response carries ([`rules::http_verdict`]); otherwise it is `ambiguous`/`unknown`;
//! - a quota that does not reset soon (OpenAI's `insufficient_quota`, Anthropic's spend
//!   limit) is `precondition_failed`/`no`, never a rate limit to retry;
//! - a wait stated by the vendor (Kubernetes `retryAfterSeconds`) or by the response's
//!   `Retry-After` header becomes `retry_after_ms`, only with `retry: yes`;
//! - prose is never read for a verdict: "try again in 20s" inside a message stays prose.
//!
//! Detection ([`detect`]) runs only on records no other dialect claims, so the writable
//! read/write dialects keep every record they had.

use serde_json::{Map, Value};

use super::{Context, Dialect, rules, source};
use crate::code::Code;
use crate::draft::Draft;
use crate::envelope::{Envelope, Provider, ProviderKind, SourceCode};
use crate::verdict::{Retry, Verdict};

pub mod anthropic;
pub mod aws;
pub mod declared;
pub mod github;
pub mod kubernetes;
pub mod openai;
pub mod slack;
pub mod stripe;

/// Recognises a vendor HTTP API error body, or `None`: the read-only rows of the dialect
/// registry, tried in its order. [`super::detect`] tries them only on records that none of the
/// read/write dialects claims.
///
/// The checks, each on members that only that vendor's body carries together:
/// Kubernetes `kind: "Status"` with `status: "Failure"`; Anthropic `type: "error"` with an
/// `error` object that has a `type`; Slack `ok: false` with an `error` string; AWS a
/// `__type` string; Stripe a `type` from Stripe's documented list with a Stripe-only member
/// (`doc_url`, `decline_code`, `request_log_url`, `charge`, `payment_intent`, ...), bare or
/// under `error`; OpenAI an `error` object with `message` and both `type` and `param` or
/// `code` members; GitHub a `message` with a `documentation_url` on docs.github.com or an
/// `errors[]` of `{resource, code}` objects.
pub fn detect(obj: &Map<String, Value>) -> Option<Dialect> {
    super::registry::detect(obj, true)
}

/// What a vendor reader found, before the parts every vendor shares are added.
pub(crate) struct Reading<'a> {
    /// The dialect read.
    pub dialect: Dialect,
    /// The vendor's own code, as it spelled it (`source.code`).
    pub original: Option<&'a str>,
    /// The canonical code.
    pub code: Code,
    /// The message.
    pub message: &'a str,
    /// The verdict the vendor's code implies, when its documentation says.
    pub known: Option<Verdict>,
    /// The HTTP status the body states (the response's status line is in the context).
    pub status: Option<u16>,
    /// A wait the body states, in milliseconds.
    pub wait_ms: Option<u64>,
}

impl Reading<'_> {
    /// The draft every vendor reader starts from: the verdict (the vendor's code, else the
    /// HTTP status, else `ambiguous`/`unknown`; a vendor's `yes` gives way to a status whose
    /// effect is unknown, 500 or 504), the wait (the body's, else `Retry-After`)
    /// when the verdict is `yes`, the exit status (the context's, else
    /// [`rules::default_exit`]), `provider` with the HTTP status, and `source`.
    pub fn draft(self, context: &Context) -> Draft {
        let status = self.status.or(context.http_status);
        let by_status = status.and_then(rules::http_verdict);
        let mut verdict = match (self.known, by_status) {
            // A status that says the request reached something that may have acted on it (500,
            // 504) tells more of this request than a vendor code's `yes` for its kind of error.
            (Some(known), Some(by_status))
                if known.retry() == Retry::Yes && by_status.retry() == Retry::Unknown =>
            {
                by_status
            }
            (Some(known), _) => known,
            (None, by_status) => by_status.unwrap_or_else(rules::unknown),
        };
        if let Some(ms) = self.wait_ms.or(context.retry_after_ms) {
            verdict = verdict.after_ms(ms);
        }
        let exit = context.exit.unwrap_or_else(|| rules::default_exit(verdict));
        let mut draft = Envelope::draft(self.code, exit, self.message)
            .verdict(verdict)
            .source(source(
                self.dialect,
                self.original.map(|c| SourceCode::Text(c.to_owned())),
            ));
        if let Some(s) = status {
            draft = draft.provider(Provider {
                kind: provider_kind(s),
                status: Some(s),
            });
        }
        draft
    }
}

/// The upstream failure kind an HTTP status names: 429 a quota or rate limit, 504 silence
/// after the request went out, 413 an overflow, other 4xx a refusal, anything else an error
/// the upstream reported.
pub(crate) fn provider_kind(status: u16) -> ProviderKind {
    match status {
        429 => ProviderKind::Quota,
        504 => ProviderKind::Silence,
        413 => ProviderKind::Overflow,
        400..=499 => ProviderKind::Refused,
        _ => ProviderKind::Reported,
    }
}

/// An HTTP status given as a number or a numeric string (GitHub sends `"status": "422"`).
pub(crate) fn status_member(obj: &Map<String, Value>, key: &str) -> Option<u16> {
    match obj.get(key)? {
        Value::Number(n) => n.as_u64().and_then(|n| u16::try_from(n).ok()),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|s| (100..=599).contains(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Each vendor body goes to its own reader, and none is claimed by another dialect first.
    #[test]
    fn each_vendor_body_is_detected_as_its_own_dialect() {
        let cases = [
            (
                json!({"kind":"Status","apiVersion":"v1","status":"Failure","message":"m","reason":"NotFound","code":404}),
                Dialect::Kubernetes,
            ),
            (
                json!({"error":{"message":"m","type":"requests","param":null,"code":"rate_limit_exceeded"}}),
                Dialect::OpenAi,
            ),
            (
                json!({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}),
                Dialect::Anthropic,
            ),
            (json!({"ok":false,"error":"ratelimited"}), Dialect::Slack),
            (
                json!({"type":"card_error","code":"card_declined","message":"m","doc_url":"https://docs.stripe.com/error-codes#card-declined"}),
                Dialect::Stripe,
            ),
            (
                json!({"error":{"type":"invalid_request_error","message":"m","param":"amount","request_log_url":"https://dashboard.stripe.com/logs/req_1"}}),
                Dialect::Stripe,
            ),
            (
                json!({"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}),
                Dialect::GitHub,
            ),
            (
                json!({"__type":"com.amazonaws.dynamodb.v20120810#ThrottlingException","message":"m"}),
                Dialect::Aws,
            ),
        ];
        for (value, dialect) in cases {
            assert_eq!(super::super::detect(&value), Some(dialect), "{value}");
        }
    }

    /// The shapes of the read/write dialects keep their dialect, and plain objects that
    /// merely carry a `message` or a `type` are no vendor's failure.
    #[test]
    fn other_dialects_and_plain_objects_are_not_claimed() {
        let cases = [
            (
                json!({"error":{"code":429,"message":"m","status":"RESOURCE_EXHAUSTED"}}),
                Some(Dialect::GoogleRpc),
            ),
            (
                json!({"type":"https://example.com/probs/x","title":"t","status":403}),
                Some(Dialect::ProblemJson),
            ),
            (
                json!({"error":{"code":"TIMEOUT","message":"m","hint":null,"location":null}}),
                Some(Dialect::EvalMock),
            ),
            (
                json!({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"m"}}),
                Some(Dialect::JsonRpc),
            ),
            (json!({"message":"done","errors":[]}), None),
            (json!({"type":"card_error"}), None),
            (json!({"ok":true,"error":"x"}), None),
            (json!({"kind":"Status","status":"Success","code":200}), None),
            (json!({"error":{"message":"m"}}), None),
        ];
        for (value, dialect) in cases {
            assert_eq!(super::super::detect(&value), dialect, "{value}");
        }
    }
}
