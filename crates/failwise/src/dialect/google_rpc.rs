//! `google.rpc.Status` (`google/rpc/status.proto`) in its two JSON forms: the HTTP JSON mapping
//! that Google's REST APIs return (AIP-193),
//! `{"error": {"code": <HTTP status>, "message", "status": "<google.rpc.Code name>", "details"}}`
//! (dialect `google-rpc`), and the bare message, `{"code": <google.rpc.Code number>, "message",
//! "details"}` (dialect `google-rpc-status`), with the detail messages of
//! `google/rpc/error_details.proto`. Both are read by either dialect.
//!
//! # Codes and HTTP statuses
//!
//! A google.rpc.Code and its HTTP status are those of the "HTTP Mapping" in each code's comment
//! in `google/rpc/code.proto` (googleapis/googleapis; [`rules::GRPC_HTTP`]): `NOT_FOUND` 5 ↔ 404,
//! `RESOURCE_EXHAUSTED` 8 ↔ 429, `UNAVAILABLE` 14 ↔ 503, `DEADLINE_EXCEEDED` 4 ↔ 504, … The
//! HTTP form's `code` is always the status of its `status` name, as AIP-193 defines it ("the
//! HTTP status code that corresponds to `google.rpc.Status.code`").
//!
//! # Reading, field by field
//!
//! | google.rpc | canonical | how |
//! |---|---|---|
//! | `ErrorInfo` of domain `failwise` whose metadata is a whole envelope | every field | the envelope failwise wrote (see Writing), checked as the canonical reader checks a line; `source` names the dialect read and the reason |
//! | `ErrorInfo.reason` | `code`, `source.code` | the most specific machine id (AIP-193); absent → the status name (`status`, or the code's name when `code` ≤ 16, or the name an HTTP status maps back to, [`rules::grpc_from_http`]) |
//! | `status` / `code` | `error_class`, `retry`, `params.grpc_status` | by [`rules::grpc_verdict`] (AIP-194); an ErrorInfo reason Google documents as a project precondition ([`rules::grpc_reason_verdict`]) or a hard quota ([`rules::is_hard_quota`]) → `precondition_failed`/`no`; a `RESOURCE_EXHAUSTED` (or HTTP 429) whose quota resets on a calendar period or has a limit of 0 (a QuotaFailure `quotaId`, ErrorInfo `quota_limit`/`quota_id`/`quota_unit`, the limit named in the message: [`rules::quota_window`]) → `precondition_failed`/`no` with the calendar quota's recovery (DESIGN §3, "Quotas") |
//! | `code` ≥ 100 (the HTTP form) | `provider.status` | the HTTP status the record was answered with; a google.rpc.Code number is no HTTP status, so a bare Status gives one only from the [`Context`] (no status is inferred from a code name) |
//! | `RetryInfo.retryDelay` | `retry_after_ms` | only with `retry: yes`; otherwise `params.retry_after_ms_hint` (a hard quota's wait is a hint, not a retry); a delay that is no Duration as read in `params.retry_delay`; the context's `Retry-After` when there is no RetryInfo |
//! | `message` | `message` | kept |
//! | `ErrorInfo.domain`, `.metadata` | `params.domain`, `params.<key>` | kept as data (metadata are the message's variables, AIP-193); a metadata `recovery` → `recovery`; metadata that is no map as read in `params.metadata` |
//! | `Help.links` | `doc_url`, `recovery`, `params.help_links` | the first link is the documentation and, with its description, the recovery sentence (unless the metadata gave one); the links as read in `help_links` |
//! | `LocalizedMessage` | `lang`, `params.localized_message_locale`, `params.localized_message` | the locale always; it is `lang` when its message is `message`, else the message is `localized_message` |
//! | `BadRequest.fieldViolations` (also `badrequest-bin`) | `location.path`, `params.field_violations` | the first field names the offending input |
//! | `PreconditionFailure.violations` | `params.precondition_violations`, `subject` | |
//! | `QuotaFailure.violations` | `params.quota_violations`, `subject` | |
//! | `ResourceInfo` | `params.resource_type`, `.resource_name`, `.resource_owner`, `.resource_description`, `subject` | `subject` is the resource name, else the first precondition violation's subject, else the first quota violation's |
//! | `RequestInfo` | `params.request_id`, `params.serving_data` | |
//! | `DebugInfo` | `params.stack_entries`, `params.debug_detail` | |
//! | a second detail of a type, a detail of another type | `params.other_details` | as read |
//! | legacy `errors[]` | `params.errors`; `code`, `source.code`, `error_class`, `retry` | kept as data; without an ErrorInfo reason and without `status` (Drive, Calendar, YouTube v3), the first item's `reason` Google documents (`classify/packs/google-reasons.tsv`: `rateLimitExceeded` → `transient`/`yes`, `dailyLimitExceeded` → `precondition_failed`/`no`) is the code and gives the verdict |
//! | (none) | `exit` | the context's exit status, else the verdict's default exit (75 for `transient`, 1 otherwise) |
//!
//! Every member is read as the proto3 JSON mapping spells it (`retryDelay`) or by its proto
//! name (`retry_delay`). A param name met twice (a metadata key and a detail's param) keeps
//! both values: the second as `<name>_2`.
//!
//! # Writing
//!
//! The status name is, in order: `params.grpc_status` when it is a google.rpc.Code name (the
//! source's own); else the name `code.proto` maps `provider.status` to (of the names sharing
//! a status, the envelope's code or the verdict's name when it is one of them, else the most
//! general; an upstream 429 is `RESOURCE_EXHAUSTED`, a 404 `NOT_FOUND`); else the envelope's
//! code when it is a google.rpc.Code name; else `RESOURCE_EXHAUSTED` for a `quota` provider and
//! `DEADLINE_EXCEEDED` for `silence`; else the verdict's: `transient`/`yes` `UNAVAILABLE`,
//! `transient`/`unknown` `DEADLINE_EXCEEDED` (its `code.proto` comment: "may be returned even
//! if the operation has completed successfully") unless the provider says the answer was cut or
//! never sent (`cut`, `exchange`: `UNAVAILABLE`), `conflict` `ABORTED`, `precondition_failed`
//! `FAILED_PRECONDITION`, `permanent` `INVALID_ARGUMENT`, `ambiguous` `UNKNOWN`.
//!
//! `details`, in this order:
//! - `ErrorInfo`: `reason` ← [`reason`] of the code (the proto's rule kept for any code),
//!   `domain` `failwise`, `metadata` ← the whole envelope: every member under a
//!   lowerCamelCase key (`exit`, `errorClass`, `retry`, `retryAfterMs`, `recovery`, `action`,
//!   `subject`, `nearby`, `candidates`, `location`, `path`, `workspace`, `discardedFlags`,
//!   `items`, `gate`, `provider`, `truncated`, `docUrl`, `lang`, `causes`, `verify`; a string
//!   as it is, anything else as its JSON text), `code` when it is not the reason, and every param under
//!   its own name when that keeps the key rule (`[a-z][a-zA-Z0-9-_]+`, at most 64 characters)
//!   and is none of those keys, else under a key derived from it (documented at
//!   `metadata::derived_key`: `UPPER` → `upper`, `1x` → `param_1x`, `recovery` →
//!   `recovery_2`); `paramNames` (JSON object, key → name) and `jsonParams` (JSON array of the
//!   keys whose values are JSON text) let failwise read every param back as it was;
//! - `RetryInfo` for a wait (`retryDelay`, within the range of `google.protobuf.Duration`,
//!   315,576,000,000 s: a longer wait is written as that, the exact one staying in
//!   `retryAfterMs`);
//! - `QuotaFailure`, `PreconditionFailure`, `BadRequest`, `ResourceInfo`, `RequestInfo`,
//!   `DebugInfo` from the params reading gives them (shaped to the proto's types), else from
//!   the envelope: a quota provider's subject and message; a gate's rule and violation or a
//!   `precondition_failed` failure's reason, subject (or path) and message; the location's path
//!   with the message and reason; the subject as the resource name;
//! - `Help` for `doc_url` (with `params.help_links`);
//! - `LocalizedMessage` for `lang` (the message is in that language), else from
//!   `params.localized_message`.
//!
//! # What writing loses
//!
//! - `source`: the envelope read back names this dialect and the reason as its source.
//! - For a reader other than failwise, what only `ErrorInfo.metadata` carries is text there:
//!   the verdict beyond what the status name implies (`conflict`/`yes` and `ambiguous`/`no`
//!   have no name of their own, and a cut answer's `transient`/`unknown` is `UNAVAILABLE`,
//!   which AIP-194 retries), the exit status, a code the reason rule
//!   changed (`code`), params under derived keys and non-string params as JSON text, an upstream
//!   HTTP status no google.rpc.Code maps to (502, 422, …: the HTTP form's `code` is its status
//!   name's, the upstream's is in `provider`), a wait beyond a Duration's range
//!   (`retryAfterMs`). failwise reads all of them back.

use serde_json::{Map, Value};

use super::{Context, Dialect, DialectError, finish, rules, source, text};
use crate::code::Code;
use crate::envelope::{Envelope, Location, Params, Provider, ProviderKind, SourceCode};
use crate::phrase::Phrase;
use crate::verdict::Retry;

mod details;
mod metadata;
mod writer;

pub use metadata::{METADATA_KEY_MAX, REASON_MAX, is_metadata_key, is_reason, reason};
pub use writer::{status_name, write, write_status};

/// The longest `google.protobuf.Duration`, in seconds (`google/protobuf/duration.proto`:
/// "Must be from -315,576,000,000 to +315,576,000,000 inclusive", about 10,000 years).
pub const DURATION_MAX_SECONDS: u64 = 315_576_000_000;

/// The domains of an `ErrorInfo` failwise wrote (`recourse` is the product's former name).
const OWN_DOMAINS: [&str; 2] = ["failwise", "recourse"];

/// Whether `obj` has the shape of a `google.rpc.Status` that is a failure: a non-zero integer
/// `code` with a google.rpc.Code name other than `OK` as `status`, or with a `details` array.
/// (A Kubernetes `Status` has a numeric `code` too, but its `status` is `Failure`.)
pub fn is_status(obj: &Map<String, Value>) -> bool {
    obj.get("code")
        .and_then(Value::as_i64)
        .is_some_and(|c| c != 0)
        && obj.get("status").and_then(Value::as_str) != Some("OK")
        && (has_status_name(obj) || obj.get("details").is_some_and(Value::is_array))
}

/// Whether `obj` has a google.rpc.Code name as `status`: the member only the HTTP JSON mapping
/// has (a bare `google.rpc.Status` has `code`, `message` and `details` alone).
pub fn has_status_name(obj: &Map<String, Value>) -> bool {
    obj.get("status")
        .and_then(Value::as_str)
        .is_some_and(|s| rules::GRPC_CODES.contains(&s))
}

/// The kind of `detail` (lower case): the last segment of its `@type` (after the last `/` or
/// `.`), without `-bin` suffixes, in ASCII lower case.
fn kind_of(detail: &Map<String, Value>) -> String {
    let ty = detail
        .get("@type")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let mut name = ty.rsplit(['/', '.']).next().unwrap_or(ty);
    while let Some(shorter) = name.strip_suffix("-bin") {
        name = shorter;
    }
    name.to_ascii_lowercase()
}

/// Adds `value` as param `name`, or as `name_2`, `name_3`, … when `name` holds another value
/// already (nothing read is overwritten).
fn put(params: &mut Params, name: &str, value: Value) {
    let mut key = name.to_owned();
    let mut n = 2;
    while let Some(held) = params.get(&key) {
        if *held == value {
            return;
        }
        key = format!("{name}_{n}");
        n += 1;
    }
    params.insert(key, value);
}

/// Reads a `google.rpc.Status` in either form as dialect `google-rpc`; see the module docs
/// for the mapping.
///
/// # Errors
///
/// [`DialectError`] when `code` is not an integer or `message` is not a string.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    read_as(Dialect::GoogleRpc, value, context)
}

/// Reads a `google.rpc.Status` in either form as dialect `google-rpc-status`; see the module
/// docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when `code` is not an integer or `message` is not a string.
pub fn read_status(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    read_as(Dialect::GoogleRpcStatus, value, context)
}

/// Whether the quota a RESOURCE_EXHAUSTED names resets on a calendar period or cannot be met
/// (DESIGN §3, "Quotas"), by its identifiers ([`rules::quota_window`]): each QuotaFailure
/// violation's `quotaId` (a `quotaValue` of 0 is a limit no wait meets), the ErrorInfo metadata
/// `quota_limit`, `quota_id` and `quota_unit` (a `quota_limit_value` of 0 likewise), and the
/// limit's name in Service Infrastructure's fixed message (`Quota exceeded for quota metric
/// '…' and limit '<name>' of service '…'`).
fn calendar_quota(details: &Details<'_>, info: Option<&Map<String, Value>>, message: &str) -> bool {
    let zero = |v: Option<&Value>| {
        v.is_some_and(|v| v.as_i64() == Some(0) || v.as_str().is_some_and(|s| s.trim() == "0"))
    };
    let mut names: Vec<&str> = Vec::new();
    let violations = details
        .find("quotafailure")
        .and_then(|q| q.get("violations")?.as_array());
    for v in violations
        .into_iter()
        .flatten()
        .take(64)
        .filter_map(Value::as_object)
    {
        if zero(v.get("quotaValue").or_else(|| v.get("quota_value"))) {
            return true;
        }
        names.extend(
            ["quotaId", "quota_id"]
                .iter()
                .filter_map(|k| v.get(*k)?.as_str()),
        );
    }
    if let Some(meta) = info.and_then(|i| i.get("metadata")?.as_object()) {
        if zero(meta.get("quota_limit_value")) {
            return true;
        }
        names.extend(
            ["quota_limit", "quota_id", "quota_unit"]
                .iter()
                .filter_map(|k| meta.get(*k)?.as_str()),
        );
    }
    if let Some(rest) = message.split_once("' and limit '").map(|(_, r)| r) {
        names.extend(rest.split('\'').next());
    }
    names
        .iter()
        .any(|n| rules::quota_window(n) == Some(rules::QuotaWindow::Calendar))
}

/// The details of a record by kind: the first of each kind, and every other one as read.
struct Details<'a> {
    first: Vec<(String, &'a Map<String, Value>)>,
    others: Vec<Value>,
}

impl<'a> Details<'a> {
    fn of(obj: &'a Map<String, Value>) -> Self {
        let mut out = Details {
            first: Vec::new(),
            others: Vec::new(),
        };
        let Some(Value::Array(all)) = obj.get("details") else {
            return out;
        };
        for item in all {
            match item.as_object() {
                Some(d) => {
                    let kind = kind_of(d);
                    if out.first.iter().any(|(k, _)| *k == kind) {
                        out.others.push(item.clone());
                    } else {
                        out.first.push((kind, d));
                    }
                }
                None => out.others.push(item.clone()),
            }
        }
        out
    }

    fn find(&self, kind: &str) -> Option<&'a Map<String, Value>> {
        self.first.iter().find(|(k, _)| k == kind).map(|(_, d)| *d)
    }

    /// The first details of kinds this module does not read, with every later one.
    fn unread(&self) -> Vec<Value> {
        const READ: [&str; 4] = ["errorinfo", "retryinfo", "help", "localizedmessage"];
        let mut out: Vec<Value> = self
            .first
            .iter()
            .filter(|(k, _)| {
                !READ.contains(&k.as_str())
                    && !details::ROWS.iter().any(|r| r.name.eq_ignore_ascii_case(k))
            })
            .map(|(_, d)| Value::Object((*d).clone()))
            .collect();
        out.extend(self.others.iter().cloned());
        out
    }
}

/// The first item of a legacy `errors` list whose `reason` Google documents, with its verdict.
fn legacy_reason(obj: &Map<String, Value>) -> Option<(&str, crate::Verdict)> {
    obj.get("errors")?.as_array()?.iter().find_map(|item| {
        let reason = item.get("reason")?.as_str()?;
        let (_, verdict) = crate::dialect::named::NamedTable::Google.get(reason)?;
        Some((reason, verdict))
    })
}

fn read_as(d: Dialect, value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let (obj, at) = super::error_object(value, d)?;
    let number = obj.get("code").and_then(Value::as_i64).ok_or_else(|| {
        DialectError::new(
            d,
            &format!("{at}/code"),
            Phrase::new("dialect-not-an-integer"),
        )
    })?;
    let message = super::required_str(obj, d, at, "message")?;
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
        .or(context.http_status);
    let details = Details::of(obj);
    let info = details.find("errorinfo");
    let reason = info.and_then(|i| text(i, "reason"));
    // The legacy `errors[].reason` of an API that sends no `status` (Drive, Calendar, YouTube
    // v3): Google's documented reason, when it is one (`packs/google-reasons.tsv`), is the
    // code and gives the verdict; the HTTP status alone would read a 403 rate limit as
    // PERMISSION_DENIED.
    let legacy = (reason.is_none() && text(obj, "status").is_none())
        .then(|| legacy_reason(obj))
        .flatten();
    let reason = reason.or(legacy.map(|(r, _)| r));
    let original = reason.or(name);
    let own = info
        .filter(|i| text(i, "domain").is_some_and(|dom| OWN_DOMAINS.contains(&dom)))
        .and_then(|i| i.get("metadata")?.as_object())
        .and_then(|meta| metadata::envelope(reason.unwrap_or_default(), message, meta));
    if let Some(envelope) = own {
        let code = original.map(|c| SourceCode::Text(c.to_owned()));
        let draft = envelope.into_draft().source(source(d, code));
        if let Ok(envelope) = draft.with_current_recovery() {
            return Ok(envelope);
        }
    }
    let code = match original {
        Some(c) => Code::normalize(c, "GRPC"),
        None => http.map_or_else(
            || Code::normalize(&format!("GRPC_{number}"), "GRPC"),
            rules::http_code,
        ),
    };
    let mut verdict = match legacy
        .map(|(_, v)| v)
        .or_else(|| reason.and_then(rules::grpc_reason_verdict))
    {
        Some(v) => v,
        None if reason.is_some_and(rules::is_hard_quota) => crate::Verdict::precondition_failed(),
        None => name.map_or_else(rules::unknown, rules::grpc_verdict),
    };
    let calendar = (name == Some("RESOURCE_EXHAUSTED") || http == Some(429))
        && calendar_quota(&details, info, message);
    if calendar {
        verdict = crate::Verdict::precondition_failed();
    }
    let mut params = Params::new();
    let given = details
        .find("retryinfo")
        .and_then(|r| r.get("retryDelay").or_else(|| r.get("retry_delay")));
    let delay = given.and_then(rules::duration_ms);
    if let Some(unread) = given.filter(|_| delay.is_none()) {
        put(&mut params, "retry_delay", unread.clone());
    }
    match delay.or(context.retry_after_ms) {
        Some(ms) if verdict.retry() == Retry::Yes => verdict = verdict.after_ms(ms),
        _ => {
            if let Some(ms) = delay {
                put(&mut params, "retry_after_ms_hint", Value::from(ms));
            }
        }
    }
    let exit = context.exit.unwrap_or_else(|| rules::default_exit(verdict));
    let mut draft = Envelope::draft(code, exit, message)
        .verdict(verdict)
        .source(source(d, original.map(|c| SourceCode::Text(c.to_owned()))));
    if let Some(n) = name {
        put(&mut params, "grpc_status", Value::from(n));
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
    if let Some(i) = info {
        if let Some(dom) = text(i, "domain").filter(|dom| !OWN_DOMAINS.contains(dom)) {
            put(&mut params, "domain", Value::from(dom));
        }
        match i.get("metadata") {
            Some(Value::Object(meta)) => {
                for (k, v) in meta {
                    match v.as_str() {
                        Some(r) if k == "recovery" => recovery = Some(r.to_owned()),
                        _ => put(&mut params, k, v.clone()),
                    }
                }
            }
            Some(other) => put(&mut params, "metadata", other.clone()),
            None => {}
        }
    }
    for row in &details::ROWS {
        if let Some(found) = details.find(&row.name.to_ascii_lowercase()) {
            details::read(row, found, &mut params);
        }
    }
    let first = |kind: &str, list: &str, member: &str| {
        let d = details.find(kind)?;
        let item = d.get(list)?.as_array()?.first()?.as_object()?;
        item.get(member)?.as_str().filter(|s| !s.is_empty())
    };
    let subject = details
        .find("resourceinfo")
        .and_then(|r| text(r, "resourceName").or_else(|| text(r, "resource_name")))
        .or_else(|| first("preconditionfailure", "violations", "subject"))
        .or_else(|| first("quotafailure", "violations", "subject"));
    if let Some(s) = subject {
        draft = draft.subject(s);
    }
    let field = first("badrequest", "fieldViolations", "field")
        .or_else(|| first("badrequest", "field_violations", "field"));
    if let Some(path) = field {
        draft = draft.location(Location {
            path: Some(path.to_owned()),
            line: None,
            column: None,
        });
    }
    let mut help = None;
    if let Some(links) = details.find("help").and_then(|h| h.get("links")) {
        put(&mut params, "help_links", links.clone());
        let link = links
            .as_array()
            .and_then(|l| l.first())
            .and_then(Value::as_object);
        if let Some(url) = link.and_then(|l| text(l, "url")) {
            draft = draft.doc_url(url);
            let open = match link.and_then(|l| text(l, "description")) {
                Some(d) => Phrase::new("dialect-open-doc-described-recovery").arg("description", d),
                None => Phrase::new("dialect-open-doc-recovery"),
            };
            help = Some(open.arg("url", url));
        }
    }
    if let Some(l) = details.find("localizedmessage") {
        if let Some(locale) = text(l, "locale") {
            put(&mut params, "localized_message_locale", Value::from(locale));
        }
        match text(l, "message") {
            Some(m) if m == message => {
                if let Some(locale) = text(l, "locale") {
                    draft = draft.lang(locale);
                }
            }
            Some(m) => put(&mut params, "localized_message", Value::from(m)),
            None => {}
        }
    }
    let unread = details.unread();
    if !unread.is_empty() {
        put(&mut params, "other_details", Value::Array(unread));
    }
    if let Some(e) = obj.get("errors") {
        put(&mut params, "errors", e.clone());
    }
    draft = draft.params(params);
    Ok(match (recovery, help) {
        (None, _) if calendar => {
            draft.with_recovery_phrase(Phrase::new("dialect-calendar-quota-recovery"))
        }
        (None, Some(open)) => draft.with_recovery_phrase(open),
        (recovery, _) => finish(draft, recovery.as_deref()),
    })
}
