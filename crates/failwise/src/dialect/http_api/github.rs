//! The GitHub REST API error body `{"message", "documentation_url", "errors": [...],
//! "status"}`. Read-only.
//!
//! Sources: "Troubleshooting the REST API" and "Getting started" (client errors: 400 for bad
//! JSON, 422 `Validation Failed` with `errors[]` of `{resource, field, code}` where `code` is
//! `missing`, `missing_field`, `invalid`, `already_exists`, `unprocessable` or `custom`;
//! <https://docs.github.com/en/rest/using-the-rest-api/getting-started-with-the-rest-api>),
//! and "Rate limits for the REST API"
//! (<https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api>: over
//! the primary limit the answer is 403 or 429 with the fixed message `API rate limit exceeded
//! for ...`, to be retried after `x-ratelimit-reset`; over a secondary limit the message says
//! `You have exceeded a secondary rate limit`, and the client waits `retry-after` seconds when
//! the header is present, else at least one minute).
//!
//! # Reading, field by field
//!
//! | GitHub | canonical | how |
//! |---|---|---|
//! | `errors[0].code`, else the rate-limit message, else `status` | `code`, `source.code` | the first error's code normalized (`missing_field` → `MISSING_FIELD`); a documented rate-limit message → `GITHUB_RATE_LIMIT_EXCEEDED` or `GITHUB_SECONDARY_RATE_LIMIT` (GitHub's documented message, named as a code); else `HTTP_<status>`; else the message as `GITHUB_<MESSAGE>` (GitHub's short fixed messages: `Not Found`, `Bad credentials`) |
//! | `errors[].code`, the rate-limit messages, `status` | `error_class`, `retry` | `already_exists` → `conflict`/`no`; another validation code → `permanent`/`no`; a rate limit → `transient`/`yes`; else the HTTP status (`status`, else the response's), else `ambiguous`/`unknown` |
//! | `Retry-After` header | `retry_after_ms` | from the context, only with `retry: yes`; for a secondary rate limit without the header, the documented least wait of 60 000 ms |
//! | `message` | `message` | kept |
//! | `errors[0].field`, `.resource` | `location.path`, `params.resource`; all of `errors[]` → `params.errors` | the field names the offending input |
//! | `documentation_url` | `doc_url`, `recovery` | the page that explains the failure; `open <url>` as the recovery |
//! | (none) | `exit` | the context's exit status, else the verdict's default exit (75 for `transient`, 1 otherwise) |

use crate::phrase::Phrase;
use serde_json::{Map, Value};

use super::Reading;
use crate::code::Code;
use crate::dialect::{Context, Dialect, DialectError, finish_with_doc, rules, text};
use crate::envelope::{Envelope, Location};
use crate::verdict::Verdict;

const D: Dialect = Dialect::GitHub;

/// The least wait GitHub documents after a secondary rate limit without `retry-after`.
pub const SECONDARY_RATE_LIMIT_WAIT_MS: u64 = 60_000;

/// Whether `obj` is a GitHub error body: a `message` string, and a `documentation_url` on
/// `docs.github.com` or `developer.github.com`, or an `errors[]` whose first entry has a
/// `resource` and a `code`.
pub fn is_error(obj: &Map<String, Value>) -> bool {
    if !obj.get("message").is_some_and(Value::is_string) {
        return false;
    }
    let documented = text(obj, "documentation_url")
        .is_some_and(|u| u.contains("docs.github.com") || u.contains("developer.github.com"));
    let validation = obj
        .get("errors")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
        .and_then(Value::as_object)
        .is_some_and(|e| e.contains_key("resource") && e.contains_key("code"));
    documented || validation
}

/// Reads a GitHub error body; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when the record is not an object or `message` is not a string.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .as_object()
        .ok_or_else(|| DialectError::new(D, "", Phrase::new("dialect-not-an-object")))?;
    let message = crate::dialect::required_str(obj, D, "", "message")?;
    let errors: Vec<&Map<String, Value>> = obj
        .get("errors")
        .and_then(Value::as_array)
        .map(|e| e.iter().filter_map(Value::as_object).collect())
        .unwrap_or_default();
    let first = errors.first().copied();
    let error_code = first.and_then(|e| text(e, "code"));
    let status = super::status_member(obj, "status").or(context.http_status);
    let secondary = message.contains("exceeded a secondary rate limit");
    let primary = message.starts_with("API rate limit exceeded");
    let (code, original, known) = if let Some(c) = error_code {
        let verdict = match c {
            "already_exists" => Verdict::conflict(),
            _ => Verdict::permanent(),
        };
        (Code::normalize(c, "GITHUB"), Some(c), Some(verdict))
    } else if secondary || primary {
        let name = if secondary {
            "GITHUB_SECONDARY_RATE_LIMIT"
        } else {
            "GITHUB_RATE_LIMIT_EXCEEDED"
        };
        (
            Code::normalize(name, "GITHUB"),
            None,
            Some(Verdict::transient()),
        )
    } else if let Some(s) = status {
        (rules::http_code(s), None, None)
    } else {
        let phrase: String = message.chars().take(48).collect();
        (
            Code::normalize(&format!("GITHUB_{phrase}"), "GITHUB"),
            None,
            None,
        )
    };
    let wait_ms =
        (secondary && context.retry_after_ms.is_none()).then_some(SECONDARY_RATE_LIMIT_WAIT_MS);
    let mut draft = Reading {
        dialect: D,
        original,
        code,
        message,
        known,
        status,
        wait_ms,
    }
    .draft(context);
    if let Some(e) = first {
        if let Some(field) = text(e, "field") {
            draft = draft.location(Location {
                path: Some(field.to_owned()),
                line: None,
                column: None,
            });
        }
        if let Some(r) = text(e, "resource") {
            draft = draft.param("resource", r);
        }
    }
    if !errors.is_empty() {
        draft = draft.param("errors", obj.get("errors").cloned().unwrap_or_default());
    }
    Ok(finish_with_doc(draft, text(obj, "documentation_url")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Retry;
    use serde_json::json;

    #[test]
    fn a_secondary_rate_limit_waits_at_least_a_minute() {
        let body = json!({"message":"You have exceeded a secondary rate limit and have been temporarily blocked from content creation. Please retry your request again later.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"});
        let envelope = read(&body, &Context::default()).expect("reads");
        assert_eq!(envelope.code().as_str(), "GITHUB_SECONDARY_RATE_LIMIT");
        assert_eq!(envelope.retry_after_ms(), Some(60_000));
        let context = Context {
            retry_after_ms: Some(5_000),
            ..Context::default()
        };
        let envelope = read(&body, &context).expect("reads");
        assert_eq!(envelope.retry_after_ms(), Some(5_000));
    }

    #[test]
    fn a_validation_failure_names_its_field_and_a_not_found_its_status() {
        let body = json!({"message":"Validation Failed","errors":[{"resource":"Issue","field":"title","code":"missing_field"}]});
        let envelope = read(&body, &Context::default()).expect("reads");
        assert_eq!(envelope.code().as_str(), "MISSING_FIELD");
        assert_eq!(
            envelope.location().and_then(|l| l.path.as_deref()),
            Some("title")
        );
        let body = json!({"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"});
        let envelope = read(&body, &Context::default()).expect("reads");
        assert_eq!(envelope.code().as_str(), "HTTP_404");
        assert_eq!(envelope.retry(), Retry::No);
    }
}
