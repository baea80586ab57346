//! `google.rpc.Status`: `code`, `message`, `details[]`, bare (gRPC) or in the HTTP JSON
//! mapping `{"error": {"code": <http>, "message", "status": "<NAME>", "details"}}` (AIP-193).
//!
//! # Reading, field by field
//!
//! | google.rpc | canonical | how |
//! |---|---|---|
//! | `ErrorInfo.reason` | `code`, `source.code` | the most specific machine id (AIP-193); absent → the status name (`status`, or the gRPC code's name when `code` ≤ 16, or the name an HTTP status maps to) |
//! | `status` / `code` | `error_class`, `retry`, `provider.status`, `params.grpc_status` | by [`rules::grpc_verdict`] (AIP-194); an ErrorInfo reason Google documents as a project precondition ([`rules::grpc_reason_verdict`]) or a hard quota ([`rules::is_hard_quota`]) → `precondition_failed`/`no`; `code` ≥ 100 is the HTTP status, otherwise the status the name maps to |
//! | `RetryInfo.retryDelay` | `retry_after_ms` | only with `retry: yes`; the context's `Retry-After` otherwise |
//! | `message` | `message` | kept |
//! | `ErrorInfo.domain`, `.metadata` | `params` | kept as data (metadata are the message's variables, AIP-193); a metadata `recovery` (as failwise writes it) → `recovery` |
//! | `Help.links[0]` | `doc_url`, `recovery` | the link is the documentation and, with its description, the recovery sentence |
//! | `BadRequest.fieldViolations` (also `badrequest-bin`) | `location.path`, `params.field_violations` | the first field names the offending input |
//! | `PreconditionFailure.violations` | `subject`, `params.violations` | the first violation's subject |
//! | `LocalizedMessage` | `params.localized_message` | kept as data; `message` stays the status message |
//! | legacy `errors[]` | `params.errors` | kept as data (the older reason spelling) |
//! | (none) | `exit` | the context's exit status, else the verdict's default exit (75 for `transient`, 1 otherwise) |
//!
//! # Writing
//!
//! The HTTP JSON mapping: `status` ← `params.grpc_status` when it is a google.rpc name, else
//! the name the verdict implies (transient `UNAVAILABLE`, transient/unknown
//! `DEADLINE_EXCEEDED`, conflict `ABORTED`, precondition_failed `FAILED_PRECONDITION`,
//! permanent `INVALID_ARGUMENT`, ambiguous `UNKNOWN`); `code` ← its HTTP status; `message`;
//! `details` ← an `ErrorInfo` (`reason` ← code, `domain` `failwise`, `metadata` ← string
//! params plus `recovery`), a `RetryInfo` for a wait, a `Help` link for `doc_url`. Lost:
//! `exit`, non-string params, `nearby`, `candidates`, `location`, `items`, `gate`, a
//! `conflict`/`yes` or `ambiguous`/`no` verdict (read back as `conflict`/`no` and
//! `ambiguous`/`unknown`).

use serde_json::{Map, Value, json};

use super::{Context, Dialect, DialectError, finish, rules, source, text};
use crate::code::Code;
use crate::envelope::{Envelope, Location, Provider, ProviderKind, SourceCode};
use crate::phrase::{Phrase, english_text};
use crate::verdict::{ErrorClass, Retry};

const D: Dialect = Dialect::GoogleRpc;

/// Whether `obj` has the shape of a `google.rpc.Status`: a numeric `code` with a
/// google.rpc.Code name as `status`, or with a `details` array. (A Kubernetes `Status` has a
/// numeric `code` too, but its `status` is `Failure`.)
pub fn is_status(obj: &Map<String, Value>) -> bool {
    obj.get("code").is_some_and(Value::is_i64)
        && (obj
            .get("status")
            .and_then(Value::as_str)
            .is_some_and(|s| rules::GRPC_CODES.contains(&s))
            || obj.get("details").is_some_and(Value::is_array))
}

/// Whether `detail` is of `kind` (lower case): the last segment of its `@type` (after the last
/// `/` or `.`), without `-bin` suffixes, compared without regard to ASCII case.
fn detail_is(detail: &Map<String, Value>, kind: &str) -> bool {
    let ty = detail
        .get("@type")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let mut name = ty.rsplit(['/', '.']).next().unwrap_or(ty);
    while let Some(shorter) = name.strip_suffix("-bin") {
        name = shorter;
    }
    name.eq_ignore_ascii_case(kind)
}

/// Reads a `google.rpc.Status`; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when `code` is not an integer or `message` is not a string.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let (obj, at) = super::error_object(value, D)?;
    let number = obj.get("code").and_then(Value::as_i64).ok_or_else(|| {
        DialectError::new(
            D,
            &format!("{at}/code"),
            Phrase::new("dialect-not-an-integer"),
        )
    })?;
    let message = super::required_str(obj, D, at, "message")?;
    let name = text(obj, "status")
        .filter(|s| rules::GRPC_CODES.contains(s))
        .or_else(|| {
            usize::try_from(number)
                .ok()
                .and_then(|n| rules::GRPC_CODES.get(n).copied())
        })
        .or_else(|| u16::try_from(number).ok().and_then(rules::grpc_from_http));
    let http = u16::try_from(number)
        .ok()
        .filter(|n| *n >= 100)
        .or_else(|| name.and_then(rules::grpc_http_status))
        .or(context.http_status);
    let details: Vec<&Map<String, Value>> = match obj.get("details") {
        Some(Value::Array(d)) => d.iter().filter_map(Value::as_object).collect(),
        _ => Vec::new(),
    };
    let find = |kind: &str| details.iter().copied().find(|d| detail_is(d, kind));
    let info = find("errorinfo");
    let reason = info.and_then(|i| text(i, "reason"));
    let original = reason.or(name);
    let code = match original {
        Some(c) => Code::normalize(c, "GRPC"),
        None => http.map_or_else(
            || Code::normalize(&format!("GRPC_{number}"), "GRPC"),
            rules::http_code,
        ),
    };
    let mut verdict = match reason.and_then(rules::grpc_reason_verdict) {
        Some(v) => v,
        None if reason.is_some_and(rules::is_hard_quota) => crate::Verdict::precondition_failed(),
        None => name.map_or_else(rules::unknown, rules::grpc_verdict),
    };
    let wait = find("retryinfo")
        .and_then(|r| r.get("retryDelay").or_else(|| r.get("retry_delay")))
        .and_then(rules::duration_ms)
        .or(context.retry_after_ms);
    if let Some(ms) = wait {
        verdict = verdict.after_ms(ms);
    }
    let exit = context.exit.unwrap_or_else(|| rules::default_exit(verdict));
    let mut draft = Envelope::draft(code, exit, message)
        .verdict(verdict)
        .source(source(D, original.map(|c| SourceCode::Text(c.to_owned()))));
    if let Some(n) = name {
        draft = draft.param("grpc_status", n);
    }
    if let Some(s) = http {
        let kind = match name {
            Some("RESOURCE_EXHAUSTED") => ProviderKind::Quota,
            Some("DEADLINE_EXCEEDED") => ProviderKind::Silence,
            _ if (400..500).contains(&s) => ProviderKind::Refused,
            _ => ProviderKind::Reported,
        };
        draft = draft.provider(Provider {
            kind,
            status: Some(s),
        });
    }
    let mut recovery = None;
    let mut help = None;
    if let Some(i) = info {
        if let Some(d) = text(i, "domain").filter(|d| !matches!(*d, "failwise" | "recourse")) {
            draft = draft.param("domain", d);
        }
        if let Some(Value::Object(meta)) = i.get("metadata") {
            for (k, v) in meta {
                if k == "recovery" {
                    recovery = v.as_str().map(str::to_owned);
                } else {
                    draft = draft.param(k.clone(), v.clone());
                }
            }
        }
    }
    if let Some(link) =
        find("help").and_then(|h| h.get("links")?.as_array()?.first()?.as_object().cloned())
        && let Some(url) = text(&link, "url")
    {
        draft = draft.doc_url(url);
        if recovery.is_none() {
            let open = match text(&link, "description") {
                Some(d) => Phrase::new("dialect-open-doc-described-recovery").arg("description", d),
                None => Phrase::new("dialect-open-doc-recovery"),
            };
            help = Some(open.arg("url", url));
        }
    }
    if let Some(Value::Array(v)) = find("badrequest").and_then(|b| b.get("fieldViolations")) {
        if let Some(field) = v
            .first()
            .and_then(|f| f.get("field"))
            .and_then(Value::as_str)
        {
            draft = draft.location(Location {
                path: Some(field.to_owned()),
                line: None,
                column: None,
            });
        }
        draft = draft.param("field_violations", Value::Array(v.clone()));
    }
    if let Some(Value::Array(v)) = find("preconditionfailure").and_then(|p| p.get("violations")) {
        if let Some(s) = v
            .first()
            .and_then(|f| f.get("subject"))
            .and_then(Value::as_str)
        {
            draft = draft.subject(s);
        }
        draft = draft.param("violations", Value::Array(v.clone()));
    }
    if let Some(m) = find("localizedmessage").and_then(|l| text(l, "message")) {
        draft = draft.param("localized_message", m);
    }
    if let Some(e) = obj.get("errors") {
        draft = draft.param("errors", e.clone());
    }
    Ok(match help {
        Some(open) => draft.with_recovery_phrase(open),
        None => finish(draft, recovery.as_deref()),
    })
}

/// Writes the HTTP JSON mapping of a `google.rpc.Status`; see the module docs for what is
/// lost.
pub fn write(envelope: &Envelope) -> Value {
    let own = envelope
        .params()
        .get("grpc_status")
        .and_then(Value::as_str)
        .filter(|n| rules::GRPC_CODES.contains(n) && *n != "OK");
    let name = own.unwrap_or(match (envelope.error_class(), envelope.retry()) {
        (ErrorClass::Transient, Retry::Unknown) => "DEADLINE_EXCEEDED",
        (ErrorClass::Transient, _) => "UNAVAILABLE",
        (ErrorClass::Conflict, _) => "ABORTED",
        (ErrorClass::PreconditionFailed, _) => "FAILED_PRECONDITION",
        (ErrorClass::Permanent, _) => "INVALID_ARGUMENT",
        (ErrorClass::Ambiguous, _) => "UNKNOWN",
    });
    let mut metadata = Map::new();
    for (k, v) in envelope.params() {
        if k == "grpc_status" {
            continue;
        }
        if let Value::String(s) = v {
            metadata.insert(k.clone(), Value::String(s.clone()));
        }
    }
    metadata.insert("recovery".into(), json!(envelope.recovery()));
    let mut details = vec![json!({
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        "reason": envelope.code().as_str(),
        "domain": "failwise",
        "metadata": metadata,
    })];
    if let Some(ms) = envelope.retry_after_ms() {
        details.push(json!({
            "@type": "type.googleapis.com/google.rpc.RetryInfo",
            "retryDelay": format!("{}.{:03}s", ms / 1000, ms % 1000),
        }));
    }
    if let Some(url) = envelope.doc_url() {
        details.push(json!({
            "@type": "type.googleapis.com/google.rpc.Help",
            "links": [{"description": english_text(&Phrase::new("dialect-google-rpc-doc-link")), "url": url}],
        }));
    }
    json!({
        "error": {
            "code": rules::grpc_http_status(name).unwrap_or(500),
            "message": envelope.message(),
            "status": name,
            "details": details,
        }
    })
}
