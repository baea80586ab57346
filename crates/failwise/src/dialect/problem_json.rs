//! RFC 9457 problem details (`application/problem+json`): `type`, `title`, `status`,
//! `detail`, `instance`, and extension members.
//!
//! # Reading, field by field
//!
//! | RFC 9457 | canonical | how |
//! |---|---|---|
//! | `type` | `code`, `source.code`, `doc_url` | the last segment of the type URI (or the whole token when it is not a URI, as Akamai sends) normalized; `about:blank`, absent, or a link to the HTTP specification's text of a status (RFC 2616/7231/9110, MDN's status pages: a framework's default) → `HTTP_<status>`; the original kept in `source.code`; an `http(s)` type is the problem's documentation (RFC 9457 §3.1.1) → `doc_url`. An extension `code` string wins over the type |
//! | `status` (or the HTTP status line) | `error_class`, `retry`, `provider.status` | by [`rules::http_verdict`]; a type or `code` naming a hard quota ([`rules::is_hard_quota`]) → `precondition_failed`/`no`; no status → `ambiguous`/`unknown`. Extension members `error_class` and `retry` (as failwise writes them) are the source's own verdict and win |
//! | `Retry-After` header | `retry_after_ms` | from the context, only with `retry: yes`; an extension `retry_after_ms` likewise |
//! | `detail` | `message` | kept; absent → `title` |
//! | `title`, `instance`, other extensions | `params` | kept as data under their own names |
//! | extension `recovery` | `recovery` | kept; absent → a fallback sentence |
//! | extension `exit` | `exit` | kept; else the context's exit status, else the verdict's default exit (75 for `transient`, 1 otherwise) |
//!
//! A problem that carries failwise's own extension members (a string `code`, `error_class`
//! and `retry`, as the writer below writes them) is the source's own envelope and is read back
//! whole ([`failwise::from_members`], `detail` as the message), its own `source` kept when it
//! has one; `title` (when it is not the code), `instance` and extension members of other
//! names go to `params`.
//!
//! # Writing
//!
//! | canonical | RFC 9457 | how |
//! |---|---|---|
//! | `doc_url` | `type` | an `http(s)` URI made of URI characters only (RFC 3986 §2), which the reader takes back as `doc_url`; else `type` is `about:blank` (§4.2.1) and `doc_url` an extension member |
//! | `code` | `title` | the code, a short summary of the problem type |
//! | `provider.status`, else `params.http_status` | `status` | the HTTP status the source had, when it is one (an integer 100–599, RFC 9110 §15); omitted otherwise: §3.1.2 makes the member advisory and optional, and a status the source never had would be invented |
//! | `message` | `detail` | kept |
//! | every other member | extension members of the same names | `code`, `exit`, `error_class`, `retry`, `retryable`, `retry_after_ms`, `recovery`, `action`, `subject`, `params`, `nearby`, `candidates`, `location`, `path`, `workspace`, `discarded_flags`, `items`, `gate`, `provider`, `truncated`, `lang`, `source`, `causes`, `verify`: names of ASCII letters, digits and `_`, starting with a letter and three characters or longer, as §3.2 recommends |
//!
//! Nothing is lost: the extension members are open (§3.2), and the reader gives the same
//! envelope back.

use crate::phrase::Phrase;
use serde_json::{Map, Value, json};

use super::{Context, Dialect, DialectError, failwise, finish, rules, source, text};
use crate::code::{Code, ExitStatus};
use crate::envelope::{Envelope, Provider, ProviderKind, SourceCode};
use crate::verdict::{ErrorClass, Retry, Verdict};

const D: Dialect = Dialect::ProblemJson;
const MEMBERS: [&str; 5] = ["type", "title", "status", "detail", "instance"];
const OWN_EXTENSIONS: [&str; 8] = [
    "code",
    "exit",
    "error_class",
    "retry",
    "retry_after_ms",
    "recovery",
    "nearby",
    "params",
];

/// Whether `obj` has the shape of a problem details object: a `type` with a `title`,
/// `status` or `detail`, or a `title` with a `status`.
pub fn is_problem(obj: &Map<String, Value>) -> bool {
    let has = |k: &str| obj.contains_key(k);
    let typed = obj.get("type").is_some_and(Value::is_string);
    (typed && (has("title") || has("status") || has("detail")))
        || (obj.get("title").is_some_and(Value::is_string) && has("status"))
}

fn status_of(obj: &Map<String, Value>) -> Option<u16> {
    match obj.get("status")? {
        Value::Number(n) => n.as_u64().and_then(|n| u16::try_from(n).ok()),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

/// Reads a problem details object; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when the object has neither `detail` nor `title` to serve as the message.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .as_object()
        .ok_or_else(|| DialectError::new(D, "", Phrase::new("dialect-not-an-object")))?;
    if let Some(envelope) = own_envelope(obj) {
        return Ok(envelope);
    }
    let status = status_of(obj).or(context.http_status);
    let type_uri = text(obj, "type").filter(|t| *t != "about:blank");
    let own_code = text(obj, "code");
    let code = match (own_code, type_uri.filter(|t| !is_status_reference(t))) {
        (Some(c), _) => Code::normalize(c, "CODE"),
        (None, Some(t)) => Code::normalize(last_segment(t), "PROBLEM"),
        (None, None) => status.map_or_else(|| Code::normalize("PROBLEM", "P"), rules::http_code),
    };
    let message = text(obj, "detail")
        .or_else(|| text(obj, "title"))
        .ok_or_else(|| {
            DialectError::new(
                D,
                "/detail",
                Phrase::new("dialect-absent-and-so-is").arg("other", "/title"),
            )
        })?;
    let verdict = verdict(obj, status, own_code.or(type_uri), context);
    let exit = obj
        .get("exit")
        .and_then(Value::as_u64)
        .and_then(|e| u8::try_from(e).ok())
        .and_then(ExitStatus::new)
        .or(context.exit)
        .unwrap_or_else(|| rules::default_exit(verdict));
    let original = type_uri
        .or(own_code)
        .map(|t| SourceCode::Text(t.to_owned()));
    let mut draft = Envelope::draft(code, exit, message)
        .verdict(verdict)
        .source(source(D, original));
    if let Some(t) = type_uri.filter(|t| t.starts_with("http://") || t.starts_with("https://")) {
        draft = draft.doc_url(t);
    }
    if let Some(s) = status {
        let kind = match s {
            429 => ProviderKind::Quota,
            400..=499 => ProviderKind::Refused,
            _ => ProviderKind::Reported,
        };
        draft = draft.provider(Provider {
            kind,
            status: Some(s),
        });
    }
    if text(obj, "detail").is_some()
        && let Some(t) = text(obj, "title")
            .filter(|t| Some(*t) != own_code)
            // Under `about:blank` the title is the status's phrase (RFC 9457 §4.2.1): no news.
            .filter(|t| type_uri.is_some() || status.and_then(rules::http_reason) != Some(*t))
    {
        draft = draft.param("title", t);
    }
    if let Some(Value::Array(n)) = obj.get("nearby") {
        draft = draft.nearby(n.iter().filter_map(Value::as_str));
    }
    if let Some(Value::Object(p)) = obj.get("params") {
        draft = draft.params(p.clone());
    }
    for (k, v) in obj {
        if !MEMBERS.contains(&k.as_str()) && !OWN_EXTENSIONS.contains(&k.as_str()) {
            draft = draft.param(k.clone(), v.clone());
        }
    }
    if let Some(i) = obj.get("instance") {
        draft = draft.param("instance", i.clone());
    }
    Ok(finish(draft, text(obj, "recovery")))
}

/// The envelope a problem written by failwise carries in its extension members, with the
/// problem's other members in `params`.
fn own_envelope(obj: &Map<String, Value>) -> Option<Envelope> {
    let message = obj.get("detail").and_then(Value::as_str)?;
    let mut members = obj.clone();
    if let Some(t) = text(obj, "type").filter(|t| is_doc_link(t)) {
        members
            .entry("doc_url")
            .or_insert_with(|| Value::String(t.to_owned()));
    }
    let own = failwise::from_members(&members, message)?;
    let keeps_source = own.source().is_some();
    let mut draft = own.into_draft();
    if !keeps_source {
        let original = text(obj, "type")
            .filter(|t| *t != "about:blank")
            .map(|t| SourceCode::Text(t.to_owned()));
        draft = draft.source(source(D, original));
    }
    for (k, v) in obj {
        let extra = match k.as_str() {
            // A title that is the code, or under `about:blank` the status's phrase, says
            // nothing the envelope does not.
            "title" => {
                let phrase = status_of(obj).and_then(rules::http_reason);
                let blank = text(obj, "type").is_none_or(|t| t == "about:blank");
                Some(v) != obj.get("code")
                    && !(blank && v.as_str().is_some() && v.as_str() == phrase)
            }
            "instance" => true,
            key => !failwise::MEMBERS.contains(&key) && !MEMBERS.contains(&key),
        };
        if extra {
            draft = draft.param(k.clone(), v.clone());
        }
    }
    draft.with_current_recovery().ok()
}

/// Whether `uri` may stand as a problem's `type` that the reader takes back as `doc_url`: an
/// `http` or `https` URI made only of the characters RFC 3986 §3 allows outside a host's IP
/// literal (unreserved, sub-delims, `:`, `@`, `/`, `?`, and `%` of a percent-encoding), with
/// at most one `#`, which begins the fragment.
fn is_doc_link(uri: &str) -> bool {
    let allowed = |c: char| c.is_ascii_alphanumeric() || "-._~:/?#@!$&'()*+,;=%".contains(c);
    (uri.starts_with("http://") || uri.starts_with("https://"))
        && uri.len() > "https://".len()
        && uri.chars().all(allowed)
        && uri.matches('#').count() <= 1
        && percent_encodings_are_whole(uri)
}

/// Whether every `%` in `uri` starts a percent-encoding: two hexadecimal digits (RFC 3986
/// §2.1).
fn percent_encodings_are_whole(uri: &str) -> bool {
    let bytes = uri.as_bytes();
    bytes.iter().enumerate().all(|(i, b)| {
        *b != b'%'
            || bytes
                .get(i + 1..i + 3)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
    })
}

/// The HTTP status the envelope's source had: `provider.status`, else an integer
/// `params.http_status`, when it is a status code (100–599, RFC 9110 §15).
fn http_status(envelope: &Envelope) -> Option<u16> {
    let from_params = || {
        envelope
            .params()
            .get("http_status")
            .and_then(Value::as_u64)
            .and_then(|s| u16::try_from(s).ok())
    };
    envelope
        .provider()
        .and_then(|p| p.status)
        .or_else(from_params)
        .filter(|s| (100..=599).contains(s))
}

fn verdict(
    obj: &Map<String, Value>,
    status: Option<u16>,
    code: Option<&str>,
    context: &Context,
) -> Verdict {
    let own = obj
        .get("error_class")
        .and_then(Value::as_str)
        .and_then(ErrorClass::parse)
        .zip(
            obj.get("retry")
                .and_then(|r| serde_json::from_value::<Retry>(r.clone()).ok()),
        )
        .and_then(|(c, r)| Verdict::new(c, r).ok());
    let base = match own {
        Some(v) => v,
        None if code.is_some_and(rules::is_hard_quota) => Verdict::precondition_failed(),
        None => status
            .and_then(rules::http_verdict)
            .unwrap_or_else(rules::unknown),
    };
    let wait = obj
        .get("retry_after_ms")
        .and_then(Value::as_u64)
        .or(context.retry_after_ms);
    match wait {
        Some(ms) => base.after_ms(ms),
        None => base,
    }
}

/// The last path segment of a URI (without query or fragment), or the whole token when it
/// has no `/`.
/// Whether a type URI only points at the HTTP specification's text of a status (RFC 2616,
/// 7231 or 9110 on the IETF's sites or the RFC Editor's, or MDN's page of a status), as
/// frameworks do by default (ASP.NET Core's `https://tools.ietf.org/html/rfc9110#section-15.5.1`):
/// it says no more than `about:blank` (RFC 9457 §4.2.1), so the status names the code.
fn is_status_reference(uri: &str) -> bool {
    let Some(rest) = uri
        .strip_prefix("https://")
        .or_else(|| uri.strip_prefix("http://"))
    else {
        return false;
    };
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let path = path.to_ascii_lowercase();
    match host.to_ascii_lowercase().as_str() {
        "tools.ietf.org"
        | "datatracker.ietf.org"
        | "www.rfc-editor.org"
        | "rfc-editor.org"
        | "httpwg.org" => ["rfc2616", "rfc7231", "rfc9110"]
            .iter()
            .any(|rfc| path.contains(rfc)),
        "developer.mozilla.org" => {
            path.contains("/http/status/") || path.contains("/http/reference/status/")
        }
        _ => false,
    }
}

fn last_segment(uri: &str) -> &str {
    let uri = uri.split(['?', '#']).next().unwrap_or(uri);
    uri.trim_end_matches('/').rsplit('/').next().unwrap_or(uri)
}

/// Writes a problem details object; see the module docs for the mapping.
pub fn write(envelope: &Envelope) -> Value {
    let doc = envelope.doc_url().filter(|u| is_doc_link(u));
    let mut except = vec!["message"];
    if doc.is_some() {
        except.push("doc_url");
    }
    let mut out = failwise::members(envelope, &except);
    out.insert("type".into(), json!(doc.unwrap_or("about:blank")));
    let status = http_status(envelope);
    // With `about:blank`, the title SHOULD be the status's phrase (RFC 9457 §4.2.1); the code
    // is then the `code` extension member.
    let title = match (doc, status.and_then(rules::http_reason)) {
        (None, Some(phrase)) => phrase,
        _ => envelope.code().as_str(),
    };
    out.insert("title".into(), json!(title));
    if let Some(status) = status {
        out.insert("status".into(), json!(status));
    }
    out.insert("detail".into(), json!(envelope.message()));
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under `about:blank` the title is the status's phrase (RFC 9457 §4.2.1), the code an
    /// extension member; reading it back keeps no title param.
    #[test]
    fn an_about_blank_problem_is_titled_by_its_status() {
        let envelope = Envelope::draft(
            Code::new("REQUESTS_EXCEEDED_ERROR").unwrap(),
            ExitStatus::TEMPFAIL,
            "slow down",
        )
        .verdict(Verdict::transient())
        .provider(Provider {
            kind: ProviderKind::Quota,
            status: Some(429),
        })
        .with_recovery("wait, then send it again")
        .unwrap();
        let written = write(&envelope);
        assert_eq!(written["type"], "about:blank");
        assert_eq!(written["title"], "Too Many Requests");
        assert_eq!(written["code"], "REQUESTS_EXCEEDED_ERROR");
        let back = read(&written, &Context::default()).expect("reads");
        assert_eq!(back.code().as_str(), "REQUESTS_EXCEEDED_ERROR");
        assert!(back.params().get("title").is_none());
    }

    /// A type that only links the HTTP specification's text of the status says no more than
    /// `about:blank`: the status names the code, and the link is kept. The body is from
    /// dotkernel/api#474 (mezzio-problem-details outside development mode).
    #[test]
    fn a_type_linking_the_status_in_the_http_rfc_is_named_by_the_status() {
        let body = serde_json::json!({"title":"Internal Server Error","type":"https://datatracker.ietf.org/doc/html/rfc9110#name-500-internal-server-error","status":500,"detail":"An unknown error occurred."});
        let read = read(&body, &Context::default()).expect("reads");
        assert_eq!(read.code().as_str(), "HTTP_500");
        assert_eq!(read.retry(), crate::Retry::Unknown, "a 500 may have acted");
        assert_eq!(
            read.doc_url(),
            Some("https://datatracker.ietf.org/doc/html/rfc9110#name-500-internal-server-error")
        );
        assert!(is_status_reference(
            "https://tools.ietf.org/html/rfc7231#section-6.5.1"
        ));
        assert!(!is_status_reference(
            "https://example.com/probs/out-of-credit"
        ));
        assert!(!is_status_reference(
            "https://tools.ietf.org/html/rfc6749#section-5.2"
        ));
    }
}
