//! The rules that turn a foreign code into a verdict without inventing certainty: HTTP
//! statuses, google.rpc codes (AIP-194), JSON-RPC reserved codes, quotas that do not
//! reset soon, waits (`Retry-After`, `RetryInfo`), and did-you-mean values that tools print in
//! fixed, documented phrasings.
//!
//! No rule here reads free prose: a message saying "rate limit exceeded" is not a verdict.

use crate::code::{Code, ExitStatus};
use crate::phrase::Phrase;
use crate::verdict::{ErrorClass, Verdict};

/// The verdict of a source that gives none and whose code says nothing more: `ambiguous`,
/// `retry: unknown` (a mapping never invents certainty).
pub const fn unknown() -> Verdict {
    Verdict::ambiguous()
}

/// The verdict an HTTP status implies (RFC 9110 §15), or `None` for a status that is not an
/// error.
///
/// - 408, 425, 429, 502, 503 and the other 5xx not named below → `transient`, `yes`: the
///   request was not acted on (a gateway could not reach its upstream, the server is
///   overloaded or down), so the same request may succeed later;
/// - 500 (the server failed while handling the request) and 504 (the gateway forwarded the
///   request and timed out waiting) → `transient`, `unknown`: the request reached something
///   that may have acted on it before failing;
/// - 501 and 505 (the server does not support the method or the HTTP version) → `permanent`,
///   `no`; 511 (network authentication required) → `precondition_failed`, `no`;
/// - 409 → `conflict`, `no`; 401, 403, 407 (credentials or a permission the caller must get),
///   412, 428 → `precondition_failed`, `no`;
/// - any other 4xx (404 included: the request names something that is not there) →
///   `permanent`, `no`.
pub fn http_verdict(status: u16) -> Option<Verdict> {
    Some(match status {
        500 | 504 => Verdict::transient().effect_unknown(),
        501 | 505 => Verdict::permanent(),
        511 => Verdict::precondition_failed(),
        408 | 425 | 429 | 500..=599 => Verdict::transient(),
        409 => Verdict::conflict(),
        401 | 403 | 407 | 412 | 428 => Verdict::precondition_failed(),
        400..=499 => Verdict::permanent(),
        _ => return None,
    })
}

/// The phrase RFC 9110 §15 gives an error status (`429` → `Too Many Requests`), or `None` for a
/// status it does not define.
pub fn http_reason(status: u16) -> Option<&'static str> {
    Some(match status {
        400 => "Bad Request",
        401 => "Unauthorized",
        402 => "Payment Required",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        407 => "Proxy Authentication Required",
        408 => "Request Timeout",
        409 => "Conflict",
        410 => "Gone",
        411 => "Length Required",
        412 => "Precondition Failed",
        413 => "Content Too Large",
        414 => "URI Too Long",
        415 => "Unsupported Media Type",
        416 => "Range Not Satisfiable",
        417 => "Expectation Failed",
        421 => "Misdirected Request",
        422 => "Unprocessable Content",
        426 => "Upgrade Required",
        425 => "Too Early",
        428 => "Precondition Required",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        451 => "Unavailable For Legal Reasons",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        505 => "HTTP Version Not Supported",
        _ => return None,
    })
}

/// `HTTP_<status>`: the code of a failure known only by its HTTP status.
pub fn http_code(status: u16) -> Code {
    Code::normalize(&format!("HTTP_{status}"), "HTTP")
}

/// The exit status of a failure whose source names none: 75 (`EX_TEMPFAIL` of `sysexits.h`) for
/// `transient`, 1 for anything else.
pub fn default_exit(verdict: Verdict) -> ExitStatus {
    match verdict.class() {
        ErrorClass::Transient => ExitStatus::TEMPFAIL,
        _ => ExitStatus::FAILURE,
    }
}

/// The Fluent ids of the recovery sentences for a source that gives none (their texts are in
/// `i18n/*.ftl`), in the order [`fallback_recovery`] lists them.
pub const FALLBACK_RECOVERIES: [&str; 6] = [
    "dialect-fallback-unknown-recovery",
    "dialect-fallback-transient-recovery",
    "dialect-fallback-conflict-recovery",
    "dialect-fallback-precondition-recovery",
    "dialect-fallback-ambiguous-recovery",
    "dialect-fallback-permanent-recovery",
];

/// A recovery sentence for a source that gives none, chosen by verdict so that it never
/// promises more than the verdict does.
pub fn fallback_recovery(verdict: Verdict) -> Phrase {
    use crate::verdict::Retry;
    let index = match (verdict.class(), verdict.retry()) {
        (_, Retry::Unknown) => 0,
        (ErrorClass::Transient, _) => 1,
        (ErrorClass::Conflict, _) => 2,
        (ErrorClass::PreconditionFailed, _) => 3,
        (ErrorClass::Ambiguous, _) => 4,
        (ErrorClass::Permanent, _) => 5,
    };
    Phrase::new(FALLBACK_RECOVERIES[index])
}

/// Whether `code` names a quota that does not reset soon (an exhausted balance, a daily cap, a
/// spend or billing limit). Such a failure is `precondition_failed`, `no`, even under HTTP 429:
/// waiting a few seconds does not bring the quota back, and resending spends more of an
/// exhausted budget.
///
/// Matched on the code's normalized spelling, a stable identifier, never on message prose.
pub fn is_hard_quota(code: &str) -> bool {
    let code = Code::normalize(code, "CODE");
    let code = code.as_str();
    [
        "INSUFFICIENT_QUOTA",
        "DAILY_LIMIT",
        "DAILY_CAP",
        "DAILY_QUOTA",
        "SPEND_LIMIT",
        "SPENDING_LIMIT",
        "BILLING",
        "OUT_OF_CREDIT",
        "INSUFFICIENT_CREDIT",
        "INSUFFICIENT_FUNDS",
        "CREDIT_BALANCE",
    ]
    .iter()
    .any(|needle| code.contains(needle))
}

/// How an exhausted quota comes back, read from the quota's own identifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuotaWindow {
    /// A rate limit over seconds, minutes or an hour: waiting brings it back (`transient`).
    Rate,
    /// A quota that resets on a calendar period (a day, a week, a month, a year) or can never
    /// be met (a limit of 0): `precondition_failed` / `no` (DESIGN §3, "Quotas").
    Calendar,
}

/// The window of a quota named by `identifier`: a QuotaFailure `quotaId`
/// (`GenerateRequestsPerDayPerProjectPerModel-FreeTier`), an ErrorInfo `quota_limit` or
/// `quota_unit` (`1/d/{project}`, Service Infrastructure's unit syntax), or a limit's display
/// name (`Requests per day per user`). Its words are compared whole (CamelCase split):
/// `per day` / `daily` and the like are a calendar window, `per minute` / `/min/` and the like a
/// rate; `None` when it names neither. A calendar word wins when both appear.
///
/// ```
/// use failwise::dialect::rules::{QuotaWindow, quota_window};
/// assert_eq!(quota_window("GenerateRequestsPerDayPerProjectPerModel-FreeTier"), Some(QuotaWindow::Calendar));
/// assert_eq!(quota_window("GenerateContentInputTokensPerModelPerMinute-FreeTier"), Some(QuotaWindow::Rate));
/// assert_eq!(quota_window("1/d/{project}"), Some(QuotaWindow::Calendar));
/// assert_eq!(quota_window("Requests per minute per user"), Some(QuotaWindow::Rate));
/// assert_eq!(quota_window("Write requests"), None);
/// ```
pub fn quota_window(identifier: &str) -> Option<QuotaWindow> {
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut previous_lower = false;
    for c in identifier.chars().take(256) {
        if c.is_ascii_alphanumeric() {
            if c.is_ascii_uppercase() && previous_lower && !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            previous_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
            current.push(c.to_ascii_lowercase());
        } else {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            previous_lower = false;
            if c == '/' {
                words.push("/".to_owned());
            }
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    let after = |lead: &str, set: &[&str]| {
        words
            .windows(2)
            .any(|w| w[0] == lead && set.contains(&w[1].as_str()))
    };
    const CALENDAR: [&str; 8] = [
        "day", "d", "week", "month", "year", "days", "months", "weeks",
    ];
    const RATE: [&str; 8] = ["second", "sec", "s", "minute", "min", "m", "hour", "h"];
    let calendar = after("per", &CALENDAR)
        || after("/", &CALENDAR)
        || words
            .iter()
            .any(|w| ["daily", "monthly", "weekly", "yearly", "annual"].contains(&w.as_str()));
    if calendar {
        return Some(QuotaWindow::Calendar);
    }
    (after("per", &RATE) || after("/", &RATE)).then_some(QuotaWindow::Rate)
}

/// The `google.rpc.Code` names, by number (`google/rpc/code.proto`, googleapis/googleapis).
pub const GRPC_CODES: [&str; 17] = [
    "OK",
    "CANCELLED",
    "UNKNOWN",
    "INVALID_ARGUMENT",
    "DEADLINE_EXCEEDED",
    "NOT_FOUND",
    "ALREADY_EXISTS",
    "PERMISSION_DENIED",
    "RESOURCE_EXHAUSTED",
    "FAILED_PRECONDITION",
    "ABORTED",
    "OUT_OF_RANGE",
    "UNIMPLEMENTED",
    "INTERNAL",
    "UNAVAILABLE",
    "DATA_LOSS",
    "UNAUTHENTICATED",
];

/// The HTTP status of each google.rpc.Code, by number (as [`GRPC_CODES`] lists the names):
/// the "HTTP Mapping" line of each code's comment in `google/rpc/code.proto`
/// (googleapis/googleapis). Several codes share a status: 400 (`INVALID_ARGUMENT`,
/// `FAILED_PRECONDITION`, `OUT_OF_RANGE`), 409 (`ALREADY_EXISTS`, `ABORTED`) and 500
/// (`UNKNOWN`, `INTERNAL`, `DATA_LOSS`).
pub const GRPC_HTTP: [u16; 17] = [
    200, 499, 500, 400, 504, 404, 409, 403, 429, 400, 409, 400, 501, 500, 503, 500, 401,
];

/// The number of the google.rpc.Code named `name` (`NOT_FOUND` → 5), or `None` for a name
/// `google/rpc/code.proto` does not define.
pub fn grpc_number(name: &str) -> Option<u16> {
    GRPC_CODES
        .iter()
        .position(|n| *n == name)
        .and_then(|i| u16::try_from(i).ok())
}

/// The HTTP status the google.rpc.Code named `name` maps to ([`GRPC_HTTP`]; `OK` is 200),
/// or `None` for a name `google/rpc/code.proto` does not define.
pub fn grpc_http_status(name: &str) -> Option<u16> {
    grpc_number(name).map(|n| GRPC_HTTP[usize::from(n)])
}

/// The google.rpc.Code names that map to HTTP `status` ([`GRPC_HTTP`]), `OK` left out, in
/// the order of their numbers; empty for a status that no code maps to (502, 422, …).
pub fn grpc_names_of_http(status: u16) -> impl Iterator<Item = &'static str> {
    GRPC_CODES
        .iter()
        .zip(GRPC_HTTP)
        .filter(move |(name, http)| *http == status && **name != "OK")
        .map(|(name, _)| *name)
}

/// The google.rpc.Code name an HTTP status maps back to, for bodies that carry only the
/// status number: the one code that maps to it, and for a status several codes share the
/// most general of them (400 `INVALID_ARGUMENT`, 409 `ABORTED`, 500 `INTERNAL`). `None` for
/// a status no code maps to.
pub fn grpc_from_http(status: u16) -> Option<&'static str> {
    const SHARED: [(u16, &str); 3] = [
        (400, "INVALID_ARGUMENT"),
        (409, "ABORTED"),
        (500, "INTERNAL"),
    ];
    SHARED
        .iter()
        .find(|(s, _)| *s == status)
        .map(|(_, name)| *name)
        .or_else(|| grpc_names_of_http(status).next())
}

/// The verdict of a google.rpc.Code as AIP-194 and code.proto classify it.
///
/// - `UNAVAILABLE` → `transient`, `yes` (AIP-194: the one code to retry with backoff);
/// - `RESOURCE_EXHAUSTED` → `transient`, `yes` (a quota or capacity that frees up; a
///   `RetryInfo` gives the wait, and a hard quota is caught by [`is_hard_quota`]);
/// - `DEADLINE_EXCEEDED` → `transient`, `unknown`: the request went out, the effect may have
///   landed (AIP-194: retry only if idempotent);
/// - `UNKNOWN`, `INTERNAL`, `CANCELLED` → `ambiguous`, `unknown`;
/// - `ABORTED`, `ALREADY_EXISTS` → `conflict`, `no` (code.proto: retry at a higher level,
///   i.e. re-read then send a changed request);
/// - `FAILED_PRECONDITION`, `OUT_OF_RANGE` → `precondition_failed`, `no`;
/// - `INVALID_ARGUMENT`, `NOT_FOUND`, `PERMISSION_DENIED`, `UNAUTHENTICATED`,
///   `UNIMPLEMENTED`, `DATA_LOSS` → `permanent`, `no`.
pub fn grpc_verdict(name: &str) -> Verdict {
    match name {
        "UNAVAILABLE" | "RESOURCE_EXHAUSTED" => Verdict::transient(),
        "DEADLINE_EXCEEDED" => Verdict::transient().effect_unknown(),
        "UNKNOWN" | "INTERNAL" | "CANCELLED" => Verdict::ambiguous(),
        "ABORTED" | "ALREADY_EXISTS" => Verdict::conflict(),
        "FAILED_PRECONDITION" | "OUT_OF_RANGE" => Verdict::precondition_failed(),
        "INVALID_ARGUMENT" | "NOT_FOUND" | "PERMISSION_DENIED" | "UNAUTHENTICATED"
        | "UNIMPLEMENTED" | "DATA_LOSS" => Verdict::permanent(),
        _ => unknown(),
    }
}

/// `google.rpc.ErrorInfo` reasons that Google documents for a project-side precondition (an
/// API or billing not enabled): `precondition_failed`, `no`, whatever the status says.
pub fn grpc_reason_verdict(reason: &str) -> Option<Verdict> {
    match reason {
        "SERVICE_DISABLED"
        | "API_DISABLED"
        | "BILLING_DISABLED"
        | "CONSUMER_INVALID"
        | "ACCESS_TOKEN_SCOPE_INSUFFICIENT" => Some(Verdict::precondition_failed()),
        _ => None,
    }
}

/// The JSON-RPC 2.0 reserved codes (§5.1) and MCP's `-32002` (resource not found): their name
/// as a code and their verdict.
///
/// - `-32700` parse error, `-32600` invalid request, `-32601` method not found, `-32602`
///   invalid params, `-32002` resource not found → `permanent`, `no`: the same request fails
///   the same way;
/// - `-32603` internal error and `-32000..=-32099` server errors → `ambiguous`, `unknown`.
pub fn jsonrpc_code(code: i64) -> Option<(&'static str, Verdict)> {
    Some(match code {
        -32700 => ("PARSE_ERROR", Verdict::permanent()),
        -32600 => ("INVALID_REQUEST", Verdict::permanent()),
        -32601 => ("METHOD_NOT_FOUND", Verdict::permanent()),
        -32602 => ("INVALID_PARAMS", Verdict::permanent()),
        -32603 => ("INTERNAL_ERROR", Verdict::ambiguous()),
        -32002 => ("RESOURCE_NOT_FOUND", Verdict::permanent()),
        -32099..=-32000 => ("SERVER_ERROR", Verdict::ambiguous()),
        _ => return None,
    })
}

/// Reads an HTTP `Retry-After` value (RFC 9110 §10.2.3) given as delay-seconds, in
/// milliseconds. An HTTP-date needs the response's `Date` to mean anything and gives `None`.
pub fn retry_after(value: &str) -> Option<u64> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .map(|s| s.saturating_mul(1000))
}

/// Reads a protobuf `Duration` in its JSON form (`"1.5s"`) or as `{seconds, nanos}`, in
/// milliseconds (rounded up, so a wait is never shortened).
pub fn duration_ms(value: &serde_json::Value) -> Option<u64> {
    match value {
        serde_json::Value::String(s) => {
            let secs = s.strip_suffix('s')?;
            let f: f64 = secs.parse().ok()?;
            (f.is_finite() && f >= 0.0).then(|| (f * 1000.0).ceil() as u64)
        }
        serde_json::Value::Object(o) => {
            let seconds = o.get("seconds").and_then(as_u64_lenient).unwrap_or(0);
            let nanos = o.get("nanos").and_then(as_u64_lenient).unwrap_or(0);
            Some(seconds.saturating_mul(1000) + nanos.div_ceil(1_000_000))
        }
        _ => None,
    }
}

fn as_u64_lenient(v: &serde_json::Value) -> Option<u64> {
    v.as_u64().or_else(|| v.as_str()?.parse().ok())
}

/// The alternatives a tool names in one of its fixed did-you-mean phrasings, best first:
/// clap's `a similar <thing> exists: 'x'` and `some similar <things> exist: 'a', 'b'`, and
/// `did you mean 'x'?` (eval-mock, many others). Quoted values only; any other text gives none.
pub fn nearby_from_tip(text: &str) -> Vec<String> {
    const OPENERS: [&str; 3] = ["a similar ", "some similar ", "did you mean "];
    let mut out = Vec::new();
    for opener in OPENERS {
        let mut rest = text;
        while let Some(at) = rest.find(opener) {
            let after = &rest[at + opener.len()..];
            let head = match opener {
                "did you mean " => after,
                _ => match after.find(": ") {
                    Some(colon) if !after[..colon].contains('\n') => &after[colon + 2..],
                    _ => "",
                },
            };
            let line = head.lines().next().unwrap_or_default();
            out.extend(quoted_values(line));
            rest = after;
        }
    }
    let mut seen = Vec::with_capacity(out.len());
    for value in out {
        if !seen.contains(&value) {
            seen.push(value);
        }
    }
    seen
}

/// The `'single'`- or `` `back` ``-quoted values of one line, in order.
fn quoted_values(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = line.char_indices();
    while let Some((i, c)) = chars.next() {
        if c == '\'' || c == '`' {
            let body = &line[i + 1..];
            if let Some(end) = body.find(c) {
                if end > 0 {
                    out.push(body[..end].to_owned());
                }
                for _ in 0..=body[..end].chars().count() {
                    chars.next();
                }
            } else {
                break;
            }
        } else if c.is_alphabetic() && !out.is_empty() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Retry;

    #[test]
    fn http_statuses_follow_rfc_9110_and_the_timeout_rule() {
        assert_eq!(http_verdict(429), Some(Verdict::transient()));
        assert_eq!(http_verdict(504).map(|v| v.retry()), Some(Retry::Unknown));
        assert_eq!(http_verdict(500).map(|v| v.retry()), Some(Retry::Unknown));
        assert_eq!(http_verdict(503), Some(Verdict::transient()));
        assert_eq!(http_verdict(501), Some(Verdict::permanent()));
        assert_eq!(http_verdict(511), Some(Verdict::precondition_failed()));
        assert_eq!(http_verdict(409), Some(Verdict::conflict()));
        assert_eq!(http_verdict(404), Some(Verdict::permanent()));
        assert_eq!(http_verdict(200), None);
    }

    #[test]
    fn clap_and_did_you_mean_tips_give_their_values_in_order() {
        assert_eq!(
            nearby_from_tip("tip: some similar subcommands exist: 'remember', 'read'"),
            ["remember", "read"]
        );
        assert_eq!(
            nearby_from_tip("a similar value exists: 'open-router'"),
            ["open-router"]
        );
        assert_eq!(nearby_from_tip("did you mean 'max_steps'?"), ["max_steps"]);
        assert!(nearby_from_tip("rate limit exceeded, try 'later'").is_empty());
    }

    #[test]
    fn hard_quotas_are_recognised_by_code_not_prose() {
        assert!(is_hard_quota("insufficient_quota"));
        assert!(is_hard_quota("dailyLimitExceeded"));
        assert!(!is_hard_quota("rate_limit_exceeded"));
    }

    /// code.proto's HTTP mapping read both ways: a status a code maps to maps back to a code
    /// of that status, and a status no code maps to gives none.
    #[test]
    fn google_rpc_codes_and_http_statuses_follow_code_proto() {
        assert_eq!(grpc_http_status("RESOURCE_EXHAUSTED"), Some(429));
        assert_eq!(grpc_http_status("NOT_FOUND"), Some(404));
        assert_eq!(grpc_number("UNAUTHENTICATED"), Some(16));
        assert_eq!(grpc_http_status("NOPE"), None);
        for name in GRPC_CODES.iter().filter(|n| **n != "OK") {
            let status = grpc_http_status(name).expect("mapped");
            let back = grpc_from_http(status).expect("a name");
            assert_eq!(grpc_http_status(back), Some(status), "{name}");
            assert!(grpc_names_of_http(status).any(|n| n == *name), "{name}");
        }
        assert_eq!(grpc_from_http(409), Some("ABORTED"));
        assert_eq!(grpc_from_http(502), None);
        assert_eq!(grpc_names_of_http(200).count(), 0);
    }

    #[test]
    fn durations_round_up_to_whole_milliseconds() {
        assert_eq!(duration_ms(&serde_json::json!("1.5s")), Some(1500));
        assert_eq!(
            duration_ms(&serde_json::json!({"seconds": 2, "nanos": 1})),
            Some(2001)
        );
        assert_eq!(retry_after("30"), Some(30_000));
        assert_eq!(retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), None);
    }
}
