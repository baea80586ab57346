//! OpenTelemetry attributes of an envelope, as plain key/value pairs: record a failure on a
//! span or a log record with any OpenTelemetry SDK, without this crate depending on one.
//!
//! The keys follow the OpenTelemetry semantic conventions where one exists (`error.type`,
//! `process.exit.code`, `exception.message`) and use the `failwise.` prefix for the rest.
//!
//! ```
//! use failwise::{Code, Envelope, ExitStatus, Verdict, telemetry::{attributes, AttributeValue}};
//! let envelope = Envelope::draft(Code::new("DB_LOCKED")?, ExitStatus::TEMPFAIL, "database is locked")
//!     .verdict(Verdict::transient().after_ms(250))
//!     .with_recovery("wait for the other writer, then run the command again")?;
//! let attrs = attributes(&envelope);
//! assert_eq!(attrs[0], ("error.type", AttributeValue::from("DB_LOCKED")));
//! assert!(attrs.contains(&("process.exit.code", AttributeValue::Int(75))));
//! assert!(attrs.contains(&("failwise.retry_after_ms", AttributeValue::Int(250))));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! With the `opentelemetry` crate, each pair becomes a `KeyValue`:
//! `KeyValue::new(key, match value { AttributeValue::Str(s) => s.into(), AttributeValue::Int(i)
//! => i.into(), AttributeValue::Bool(b) => b.into() })`.

use crate::envelope::Envelope;

/// The value of one attribute: the three OpenTelemetry primitive types an envelope needs.
///
/// # Examples
///
/// ```
/// use failwise::telemetry::{AttributeValue, attributes};
/// use failwise::{Code, Envelope, ExitStatus};
/// let envelope = Envelope::draft(Code::new("ENOENT")?, ExitStatus::FAILURE, "cannot open /etc/app.toml")
///     .with_recovery("create /etc/app.toml, or pass --config with an existing file")?;
/// let shown: Vec<String> = attributes(&envelope)
///     .into_iter()
///     .map(|(key, value)| match value {
///         AttributeValue::Str(s) => format!("{key}={s}"),
///         AttributeValue::Int(i) => format!("{key}={i}"),
///         AttributeValue::Bool(b) => format!("{key}={b}"),
///     })
///     .collect();
/// assert_eq!(shown[..2], ["error.type=ENOENT", "process.exit.code=1"]);
/// assert!(shown.contains(&"failwise.retryable=false".to_owned()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttributeValue {
    /// A string.
    Str(String),
    /// A signed 64-bit integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
}

impl From<&str> for AttributeValue {
    fn from(s: &str) -> Self {
        Self::Str(s.to_owned())
    }
}

/// The attributes of `envelope`, in this order (absent fields are left out):
///
/// | key | value | from |
/// |---|---|---|
/// | `error.type` | string | `code` (semantic conventions: a low-cardinality error identifier) |
/// | `process.exit.code` | int | `exit` |
/// | `exception.message` | string | `message` (already localized and redacted as printed) |
/// | `failwise.error_class` | string | `error_class` |
/// | `failwise.retry` | string | `retry`: `yes`, `no` or `unknown` |
/// | `failwise.retryable` | bool | `retryable` |
/// | `failwise.retry_after_ms` | int | `retry_after_ms` |
/// | `failwise.action` | string | `action` |
/// | `failwise.subject` | string | `subject` |
/// | `failwise.provider.kind` | string | `provider.kind` |
/// | `http.response.status_code` | int | `provider.status` |
/// | `failwise.source.dialect` | string | `source.dialect` |
/// | `failwise.doc_url` | string | `doc_url` |
/// | `failwise.lang` | string | `lang` |
/// | `failwise.truncated` | bool | `true` when a field was cut |
/// | `failwise.redacted` | int | `params.redacted` |
///
/// `params`, `nearby`, `candidates` and paths are not attributes: they are unbounded in
/// cardinality and may hold user data.
pub fn attributes(envelope: &Envelope) -> Vec<(&'static str, AttributeValue)> {
    use AttributeValue::{Bool, Int, Str};
    let mut out = vec![
        ("error.type", Str(envelope.code().as_str().to_owned())),
        ("process.exit.code", Int(i64::from(envelope.exit().get()))),
        ("exception.message", Str(envelope.message().to_owned())),
        (
            "failwise.error_class",
            Str(envelope.error_class().to_string()),
        ),
        ("failwise.retry", Str(envelope.retry().to_string())),
        ("failwise.retryable", Bool(envelope.retryable())),
    ];
    if let Some(ms) = envelope.retry_after_ms() {
        out.push((
            "failwise.retry_after_ms",
            Int(i64::try_from(ms).unwrap_or(i64::MAX)),
        ));
    }
    if let Some(action) = envelope.action() {
        out.push(("failwise.action", Str(action.to_owned())));
    }
    if let Some(subject) = envelope.subject() {
        out.push(("failwise.subject", Str(subject.to_owned())));
    }
    if let Some(provider) = envelope.provider() {
        let kind = serde_json::to_value(provider.kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        out.push(("failwise.provider.kind", Str(kind)));
        if let Some(status) = provider.status {
            out.push(("http.response.status_code", Int(i64::from(status))));
        }
    }
    if let Some(source) = envelope.source() {
        out.push(("failwise.source.dialect", Str(source.dialect.clone())));
    }
    if let Some(url) = envelope.doc_url() {
        out.push(("failwise.doc_url", Str(url.to_owned())));
    }
    if let Some(lang) = envelope.lang() {
        out.push(("failwise.lang", Str(lang.to_owned())));
    }
    if !envelope.truncated().is_empty() {
        out.push(("failwise.truncated", Bool(true)));
    }
    if let Some(n) = envelope
        .params()
        .get(crate::redact::REDACTED_PARAM)
        .and_then(serde_json::Value::as_i64)
    {
        out.push(("failwise.redacted", Int(n)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Code, ExitStatus, Provider, ProviderKind, Verdict};

    #[test]
    fn every_present_field_has_its_attribute_and_absent_ones_none() {
        let e = Envelope::draft(
            Code::new("HTTP_503").unwrap(),
            ExitStatus::TEMPFAIL,
            "upstream unavailable",
        )
        .verdict(Verdict::transient().after_ms(1500))
        .provider(Provider {
            kind: ProviderKind::Refused,
            status: Some(503),
        })
        .action("fetch")
        .param("redacted", 2)
        .truncated("/message", 9000)
        .lang("pt-BR")
        .with_recovery("wait 1.5 s, then resend")
        .unwrap();
        let attrs = attributes(&e);
        let keys: Vec<&str> = attrs.iter().map(|(k, _)| *k).collect();
        assert_eq!(
            keys,
            [
                "error.type",
                "process.exit.code",
                "exception.message",
                "failwise.error_class",
                "failwise.retry",
                "failwise.retryable",
                "failwise.retry_after_ms",
                "failwise.action",
                "failwise.provider.kind",
                "http.response.status_code",
                "failwise.lang",
                "failwise.truncated",
                "failwise.redacted",
            ]
        );
        assert!(attrs.contains(&("failwise.provider.kind", AttributeValue::from("refused"))));
        assert!(attrs.contains(&("failwise.error_class", AttributeValue::from("transient"))));
        assert!(attrs.contains(&("failwise.retry", AttributeValue::from("yes"))));
        assert!(attrs.contains(&("http.response.status_code", AttributeValue::Int(503))));

        let bare = Envelope::draft(Code::new("X").unwrap(), ExitStatus::new(1).unwrap(), "m")
            .with_recovery("r")
            .unwrap();
        assert_eq!(attributes(&bare).len(), 6);
        assert!(attributes(&bare).contains(&("failwise.retry", AttributeValue::from("no"))));
    }
}
