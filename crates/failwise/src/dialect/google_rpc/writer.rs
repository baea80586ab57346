//! The google-rpc writers: the status name an envelope is written with (`google/rpc/code.proto`'s
//! codes and HTTP mapping), and the `details` both forms carry; the mapping is in the module
//! docs of [`super`].

use serde_json::{Map, Value, json};

use super::{DURATION_MAX_SECONDS, OWN_DOMAINS, details, metadata, reason};
use crate::dialect::rules;
use crate::envelope::{Envelope, ProviderKind};
use crate::phrase::{Phrase, english_text};
use crate::verdict::{ErrorClass, Retry};

/// The google.rpc.Code name the verdict of `envelope` implies, when nothing more specific
/// names one (see the module docs).
fn verdict_name(envelope: &Envelope) -> &'static str {
    let kind = envelope.provider().map(|p| p.kind);
    match (envelope.error_class(), envelope.retry(), kind) {
        (
            ErrorClass::Transient,
            Retry::Unknown,
            Some(ProviderKind::Cut | ProviderKind::Exchange),
        ) => "UNAVAILABLE",
        (ErrorClass::Transient, Retry::Unknown, _) => "DEADLINE_EXCEEDED",
        (ErrorClass::Transient, ..) => "UNAVAILABLE",
        (ErrorClass::Conflict, ..) => "ABORTED",
        (ErrorClass::PreconditionFailed, ..) => "FAILED_PRECONDITION",
        (ErrorClass::Permanent, ..) => "INVALID_ARGUMENT",
        (ErrorClass::Ambiguous, ..) => "UNKNOWN",
    }
}

/// `text` as a google.rpc.Code name other than `OK`.
fn code_name(text: &str) -> Option<&'static str> {
    rules::GRPC_CODES
        .iter()
        .copied()
        .find(|n| *n == text && *n != "OK")
}

/// The google.rpc.Code name failwise writes for `envelope` (see the module docs).
pub fn status_name(envelope: &Envelope) -> &'static str {
    let verdict = verdict_name(envelope);
    let own_code = code_name(envelope.code().as_str());
    if let Some(n) = envelope
        .params()
        .get("grpc_status")
        .and_then(Value::as_str)
        .and_then(code_name)
    {
        return n;
    }
    if let Some(status) = envelope.provider().and_then(|p| p.status) {
        let names: Vec<&'static str> = rules::grpc_names_of_http(status).collect();
        if let Some(n) = own_code
            .filter(|c| names.contains(c))
            .or_else(|| names.contains(&verdict).then_some(verdict))
            .or_else(|| rules::grpc_from_http(status))
        {
            return n;
        }
    }
    let kind = envelope.provider().and_then(|p| match p.kind {
        ProviderKind::Quota => Some("RESOURCE_EXHAUSTED"),
        ProviderKind::Silence => Some("DEADLINE_EXCEEDED"),
        _ => None,
    });
    own_code.or(kind).unwrap_or(verdict)
}

/// `retryDelay` for a wait of `ms`: seconds with milliseconds, at most
/// [`DURATION_MAX_SECONDS`].
fn retry_delay(ms: u64) -> String {
    let (secs, millis) = (ms / 1000, ms % 1000);
    match secs {
        s if s >= DURATION_MAX_SECONDS => format!("{DURATION_MAX_SECONDS}s"),
        s if millis == 0 => format!("{s}s"),
        s => format!("{s}.{millis:03}s"),
    }
}

/// The `details` of `envelope`, as the module docs list them.
fn details_of(envelope: &Envelope) -> Vec<Value> {
    let reason = reason(envelope.code().as_str());
    let mut info = Map::new();
    info.insert("reason".into(), Value::from(reason.as_str()));
    info.insert("domain".into(), Value::from(OWN_DOMAINS[0]));
    info.insert(
        "metadata".into(),
        Value::Object(metadata::write(envelope, &reason)),
    );
    let mut out = vec![details::detail("ErrorInfo", info)];
    if let Some(ms) = envelope.retry_after_ms() {
        let mut retry = Map::new();
        retry.insert("retryDelay".into(), Value::from(retry_delay(ms)));
        out.push(details::detail("RetryInfo", retry));
    }
    out.extend(
        details::ROWS
            .iter()
            .filter_map(|row| details::write(row, envelope, &reason)),
    );
    let params = envelope.params();
    let mut links: Vec<Value> = params
        .get("help_links")
        .and_then(|l| details::shape(l, details::Ty::Messages(details::HELP_LINK)))
        .and_then(|l| l.as_array().cloned())
        .unwrap_or_default();
    if let Some(url) = envelope.doc_url()
        && !links.iter().any(|l| l["url"] == url)
    {
        let description = english_text(&Phrase::new("dialect-google-rpc-doc-link"));
        links.insert(0, json!({"description": description, "url": url}));
    }
    if !links.is_empty() {
        let mut help = Map::new();
        help.insert("links".into(), Value::Array(links));
        out.push(details::detail("Help", help));
    }
    let localized = match envelope.lang() {
        Some(lang) => Some(json!({"locale": lang, "message": envelope.message()})),
        None if params.contains_key("localized_message")
            || params.contains_key("localized_message_locale") =>
        {
            Some(json!({
                "locale": params.get("localized_message_locale"),
                "message": params
                    .get("localized_message")
                    .cloned()
                    .unwrap_or_else(|| Value::from(envelope.message())),
            }))
        }
        None => None,
    };
    if let Some(shaped) = localized
        .and_then(|l| details::shape(&l, details::Ty::Message(details::LOCALIZED_MESSAGE)))
        .and_then(|l| l.as_object().cloned())
    {
        out.push(details::detail("LocalizedMessage", shaped));
    }
    out
}

/// Writes the HTTP JSON mapping of a `google.rpc.Status` (dialect `google-rpc`):
/// `{"error": {"code": <HTTP status>, "message", "status": <name>, "details"}}`; see the
/// module docs for the mapping and what is lost.
///
/// # Examples
///
/// ```
/// use failwise::{Code, Envelope, ExitStatus, Provider, ProviderKind, Verdict};
/// use failwise::dialect::google_rpc;
/// let envelope = Envelope::draft(Code::new("RATE_LIMITED")?, ExitStatus::TEMPFAIL, "slow down")
///     .verdict(Verdict::transient().after_ms(2_000))
///     .provider(Provider { kind: ProviderKind::Quota, status: Some(429) })
///     .with_recovery("wait 2 s, then send the request again")?;
/// let written = google_rpc::write(&envelope);
/// assert_eq!((written["error"]["code"].as_u64(), written["error"]["status"].as_str()),
///            (Some(429), Some("RESOURCE_EXHAUSTED")));
/// assert_eq!(google_rpc::write_status(&envelope)["code"], 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(envelope: &Envelope) -> Value {
    let name = status_name(envelope);
    json!({
        "error": {
            "code": rules::grpc_http_status(name),
            "message": envelope.message(),
            "status": name,
            "details": details_of(envelope),
        }
    })
}

/// Writes the bare `google.rpc.Status` (dialect `google-rpc-status`):
/// `{"code": <google.rpc.Code number>, "message", "details"}`, the details as [`write()`]
/// writes them.
pub fn write_status(envelope: &Envelope) -> Value {
    json!({
        "code": rules::grpc_number(status_name(envelope)),
        "message": envelope.message(),
        "details": details_of(envelope),
    })
}
