//! curl: its documented exit codes (`CURLcode`, libcurl-errors(3), curl 8.x), each named
//! `CURLE_…`, and the HTTP status behind exit 22 (`--fail`).
//!
//! curl prints `curl: (N) <text>`; N equals its exit status. Exit 22 says only "the server
//! answered ≥ 400": the status is read from curl's fixed text `returned error: NNN` and
//! classified as any HTTP status is (408/425/429/5xx transient; see [`http_verdict`]).

use super::{Failure, Finding, Termination, ambiguous_no, code, lines_rev, transient_unknown};
use crate::envelope::{Provider, ProviderKind};
use crate::phrase::Phrase;
use crate::verdict::Verdict;

const PERMANENT: Verdict = Verdict::permanent();
const PRECONDITION: Verdict = Verdict::precondition_failed();
const TRANSIENT: Verdict = Verdict::transient();
const LOST: Verdict = transient_unknown();
const UNCLEAR: Verdict = ambiguous_no();
const VERIFY: Verdict = Verdict::ambiguous();
const CONFLICT: Verdict = Verdict::conflict();

/// The documented exit codes: number, `CURLE_` name, verdict. Obsolete numbers are left out.
pub(super) const CODES: &[(u8, &str, Verdict)] = &[
    (1, "CURLE_UNSUPPORTED_PROTOCOL", PERMANENT),
    (2, "CURLE_FAILED_INIT", UNCLEAR),
    (3, "CURLE_URL_MALFORMAT", PERMANENT),
    (4, "CURLE_NOT_BUILT_IN", PRECONDITION),
    (5, "CURLE_COULDNT_RESOLVE_PROXY", TRANSIENT),
    (6, "CURLE_COULDNT_RESOLVE_HOST", TRANSIENT),
    (7, "CURLE_COULDNT_CONNECT", TRANSIENT),
    (8, "CURLE_WEIRD_SERVER_REPLY", UNCLEAR),
    (9, "CURLE_REMOTE_ACCESS_DENIED", PRECONDITION),
    (10, "CURLE_FTP_ACCEPT_FAILED", TRANSIENT),
    (11, "CURLE_FTP_WEIRD_PASS_REPLY", UNCLEAR),
    (12, "CURLE_FTP_ACCEPT_TIMEOUT", TRANSIENT),
    (13, "CURLE_FTP_WEIRD_PASV_REPLY", UNCLEAR),
    (14, "CURLE_FTP_WEIRD_227_FORMAT", UNCLEAR),
    (15, "CURLE_FTP_CANT_GET_HOST", TRANSIENT),
    (16, "CURLE_HTTP2", VERIFY),
    (17, "CURLE_FTP_COULDNT_SET_TYPE", UNCLEAR),
    (18, "CURLE_PARTIAL_FILE", LOST),
    (19, "CURLE_FTP_COULDNT_RETR_FILE", PERMANENT),
    (21, "CURLE_QUOTE_ERROR", UNCLEAR),
    (22, "CURLE_HTTP_RETURNED_ERROR", PERMANENT),
    (23, "CURLE_WRITE_ERROR", PRECONDITION),
    (25, "CURLE_UPLOAD_FAILED", LOST),
    (26, "CURLE_READ_ERROR", PRECONDITION),
    (27, "CURLE_OUT_OF_MEMORY", TRANSIENT),
    (28, "CURLE_OPERATION_TIMEDOUT", LOST),
    (30, "CURLE_FTP_PORT_FAILED", UNCLEAR),
    (31, "CURLE_FTP_COULDNT_USE_REST", UNCLEAR),
    (33, "CURLE_RANGE_ERROR", PERMANENT),
    (34, "CURLE_HTTP_POST_ERROR", VERIFY),
    (35, "CURLE_SSL_CONNECT_ERROR", UNCLEAR),
    (36, "CURLE_BAD_DOWNLOAD_RESUME", PERMANENT),
    (37, "CURLE_FILE_COULDNT_READ_FILE", PERMANENT),
    (38, "CURLE_LDAP_CANNOT_BIND", UNCLEAR),
    (39, "CURLE_LDAP_SEARCH_FAILED", UNCLEAR),
    (41, "CURLE_FUNCTION_NOT_FOUND", PERMANENT),
    (42, "CURLE_ABORTED_BY_CALLBACK", VERIFY),
    (43, "CURLE_BAD_FUNCTION_ARGUMENT", PERMANENT),
    (45, "CURLE_INTERFACE_FAILED", PRECONDITION),
    (47, "CURLE_TOO_MANY_REDIRECTS", PERMANENT),
    (48, "CURLE_UNKNOWN_OPTION", PERMANENT),
    (49, "CURLE_SETOPT_OPTION_SYNTAX", PERMANENT),
    (52, "CURLE_GOT_NOTHING", LOST),
    (53, "CURLE_SSL_ENGINE_NOTFOUND", PRECONDITION),
    (54, "CURLE_SSL_ENGINE_SETFAILED", PRECONDITION),
    (55, "CURLE_SEND_ERROR", LOST),
    (56, "CURLE_RECV_ERROR", LOST),
    (58, "CURLE_SSL_CERTPROBLEM", PRECONDITION),
    (59, "CURLE_SSL_CIPHER", PRECONDITION),
    (60, "CURLE_PEER_FAILED_VERIFICATION", PRECONDITION),
    (61, "CURLE_BAD_CONTENT_ENCODING", UNCLEAR),
    (63, "CURLE_FILESIZE_EXCEEDED", PERMANENT),
    (64, "CURLE_USE_SSL_FAILED", PRECONDITION),
    (65, "CURLE_SEND_FAIL_REWIND", LOST),
    (66, "CURLE_SSL_ENGINE_INITFAILED", PRECONDITION),
    (67, "CURLE_LOGIN_DENIED", PRECONDITION),
    (68, "CURLE_TFTP_NOTFOUND", PERMANENT),
    (69, "CURLE_TFTP_PERM", PRECONDITION),
    (70, "CURLE_REMOTE_DISK_FULL", PRECONDITION),
    (71, "CURLE_TFTP_ILLEGAL", PERMANENT),
    (72, "CURLE_TFTP_UNKNOWNID", UNCLEAR),
    (73, "CURLE_REMOTE_FILE_EXISTS", CONFLICT),
    (74, "CURLE_TFTP_NOSUCHUSER", PERMANENT),
    (77, "CURLE_SSL_CACERT_BADFILE", PRECONDITION),
    (78, "CURLE_REMOTE_FILE_NOT_FOUND", PERMANENT),
    (79, "CURLE_SSH", UNCLEAR),
    (80, "CURLE_SSL_SHUTDOWN_FAILED", UNCLEAR),
    (81, "CURLE_AGAIN", TRANSIENT),
    (82, "CURLE_SSL_CRL_BADFILE", PRECONDITION),
    (83, "CURLE_SSL_ISSUER_ERROR", PRECONDITION),
    (84, "CURLE_FTP_PRET_FAILED", UNCLEAR),
    (85, "CURLE_RTSP_CSEQ_ERROR", UNCLEAR),
    (86, "CURLE_RTSP_SESSION_ERROR", UNCLEAR),
    (87, "CURLE_FTP_BAD_FILE_LIST", UNCLEAR),
    (88, "CURLE_CHUNK_FAILED", UNCLEAR),
    (89, "CURLE_NO_CONNECTION_AVAILABLE", TRANSIENT),
    (90, "CURLE_SSL_PINNEDPUBKEYNOTMATCH", PRECONDITION),
    (91, "CURLE_SSL_INVALIDCERTSTATUS", PRECONDITION),
    (92, "CURLE_HTTP2_STREAM", LOST),
    (93, "CURLE_RECURSIVE_API_CALL", PERMANENT),
    (94, "CURLE_AUTH_ERROR", PRECONDITION),
    (95, "CURLE_HTTP3", LOST),
    (96, "CURLE_QUIC_CONNECT_ERROR", TRANSIENT),
    (97, "CURLE_PROXY", UNCLEAR),
    (98, "CURLE_SSL_CLIENTCERT", PRECONDITION),
    (99, "CURLE_UNRECOVERABLE_POLL", UNCLEAR),
    (100, "CURLE_TOO_LARGE", PERMANENT),
    (101, "CURLE_ECH_REQUIRED", PRECONDITION),
];

/// libcurl's fixed error texts (as `git` and other libcurl users print them) and their exit
/// code.
const TEXTS: &[(&str, u8)] = &[
    ("Could not resolve proxy", 5),
    ("Could not resolve host", 6),
    ("Failed to connect to", 7),
    ("The requested URL returned error", 22),
    ("Operation timed out", 28),
    ("Connection timed out", 28),
    ("SSL certificate problem", 60),
    ("Empty reply from server", 52),
    ("Recv failure", 56),
    ("Send failure", 55),
];

/// The verdict of an HTTP status (RFC 9110): 408/425/429/5xx transient, but 504 (a gateway
/// timed out after forwarding the request) transient with the effect unknown; 401/403/407
/// (credentials) and 404 (nothing there yet: a resource to create or a URL to fix)
/// precondition_failed; 409 conflict; 412/428 precondition_failed; other 4xx permanent.
pub fn http_verdict(status: u16) -> Verdict {
    match status {
        504 => Verdict::transient().effect_unknown(),
        408 | 425 | 429 | 500..=599 => Verdict::transient(),
        401 | 403 | 404 | 407 | 412 | 428 => Verdict::precondition_failed(),
        409 => Verdict::conflict(),
        _ => Verdict::permanent(),
    }
}

/// The curl rule: `curl: (N) text` in stderr, or the exit status of a program named curl.
pub(super) fn finding(failure: &Failure<'_>) -> Option<Finding> {
    let line = lines_rev(failure.stderr).find(|l| l.starts_with("curl: ("));
    let number = line
        .and_then(|l| l["curl: (".len()..].split(')').next()?.parse::<u8>().ok())
        .or_else(|| match failure.termination {
            Termination::Exited(s) if failure.program() == "curl" => Some(s.get()),
            _ => None,
        })?;
    let text = line
        .and_then(|l| l.split_once(") ").map(|(_, t)| t))
        .unwrap_or_default();
    from_code(number, text)
}

/// The finding for curl exit code `number` with curl's text `text` (may be empty).
pub(super) fn from_code(number: u8, text: &str) -> Option<Finding> {
    let &(_, name, mut verdict) = CODES.iter().find(|(n, _, _)| *n == number)?;
    let mut params: Vec<(String, serde_json::Value)> = vec![("curl_exit".into(), number.into())];
    let mut provider = None;
    let mut has_target = false;
    let mut http_status = None;
    match number {
        5 | 6 => {
            let host = text.rsplit(": ").next().unwrap_or_default().trim();
            params.push(("host".into(), host.into()));
        }
        7 => {
            if let Some((host, port)) = connect_target(text) {
                has_target = true;
                params.push(("host".into(), host.into()));
                params.push(("port".into(), port.into()));
            }
            provider = Some(Provider {
                kind: ProviderKind::Refused,
                status: None,
            });
        }
        22 => {
            if let Some(status) = text
                .rsplit("returned error: ")
                .next()
                .filter(|_| text.contains("returned error: "))
                .and_then(|s| s.trim().get(..3)?.parse::<u16>().ok())
            {
                verdict = http_verdict(status);
                http_status = Some(u64::from(status));
                params.push(("http_status".into(), status.into()));
                provider = Some(Provider {
                    kind: ProviderKind::Reported,
                    status: Some(status),
                });
            }
        }
        28 => {
            // Timed out while connecting: the request was never sent.
            if text.starts_with("Connection timed out") || text.starts_with("Failed to connect") {
                verdict = Verdict::transient();
            }
            provider = Some(Provider {
                kind: ProviderKind::Silence,
                status: None,
            });
        }
        52 | 55 | 56 => {
            provider = Some(Provider {
                kind: ProviderKind::Cut,
                status: None,
            });
        }
        _ => {}
    }
    // curl's own text is the message (`params.detail`, kept as read); without one, the
    // code's name in words.
    let message = if text.is_empty() {
        Phrase::new("curl-bare-message").arg("words", words(name))
    } else {
        params.push(("detail".into(), fragment(text).into()));
        Phrase::new("curl-message")
    };
    let recovery = Phrase::new(recovery_id(u64::from(number), http_status, has_target));
    let mut finding = Finding::new(code(name), verdict, message, recovery);
    finding.params = params;
    finding.provider = provider;
    Some(finding)
}

/// The Fluent id of the recovery for curl exit `number`, given the HTTP status curl reported
/// (exit 22) and whether the host and port it failed to reach were read (exit 7).
fn recovery_id(number: u64, http_status: Option<u64>, has_target: bool) -> &'static str {
    match (number, http_status) {
        (5 | 6, _) => "curl-resolve-recovery",
        (7, _) if has_target => "curl-connect-recovery",
        (22, Some(404 | 410)) => "curl-http-missing-recovery",
        (22, Some(401 | 403 | 407)) => "curl-http-auth-recovery",
        (22, Some(504)) => "curl-cut-recovery",
        (22, Some(408 | 425 | 429 | 500..=599)) => "curl-http-retry-recovery",
        (22, Some(_)) => "curl-http-other-recovery",
        (28, _) => "curl-timeout-recovery",
        (52 | 55 | 56, _) => "curl-cut-recovery",
        (60 | 58 | 77 | 83 | 90 | 91, _) => "curl-certificate-recovery",
        _ => "curl-default-recovery",
    }
}

/// A curl code's name in words, the message when curl printed no text
/// (`CURLE_COULDNT_RESOLVE_HOST` → `couldnt resolve host`).
fn words(name: &str) -> String {
    name.trim_start_matches("CURLE_")
        .to_ascii_lowercase()
        .replace('_', " ")
}

/// The finding for libcurl's text alone, as `git` prints it.
pub(super) fn from_text(text: &str) -> Option<Finding> {
    let &(_, number) = TEXTS.iter().find(|(prefix, _)| text.starts_with(prefix))?;
    from_code(number, text)
}

/// curl's text as a fragment: first letter lowercased, the elapsed time (`after 0 ms`) left
/// out, since it changes on every run.
fn fragment(text: &str) -> String {
    let mut out = match text.find(" after ") {
        Some(at) if text[at..].contains(" ms") => {
            let rest = &text[at + " after ".len()..];
            let tail = rest.split_once(" ms").map_or("", |(_, t)| t);
            format!("{}{tail}", &text[..at])
        }
        _ => text.to_owned(),
    };
    if let Some(first) = out.get(..1)
        && out
            .get(1..2)
            .is_some_and(|c| c.chars().all(char::is_lowercase))
    {
        out.replace_range(..1, &first.to_ascii_lowercase());
    }
    out.trim_end_matches('.').to_owned()
}

/// `Failed to connect to HOST port PORT …` → (HOST, PORT).
fn connect_target(text: &str) -> Option<(&str, u16)> {
    let rest = text.strip_prefix("Failed to connect to ")?;
    let (host, rest) = rest.split_once(" port ")?;
    let port = rest
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()?;
    Some((host, port))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorClass, Retry};

    #[test]
    fn the_codes_are_unique_and_consistent() {
        for (i, (n, name, v)) in CODES.iter().enumerate() {
            assert!(CODES[..i].iter().all(|(m, _, _)| m != n), "{name}");
            assert!(name.starts_with("CURLE_") && crate::Code::new(*name).is_ok());
            assert!(v.class().allows(v.retry()));
        }
    }

    #[test]
    fn exit_22_reads_the_http_status() {
        let cases = [
            (404, ErrorClass::PreconditionFailed),
            (410, ErrorClass::Permanent),
            (503, ErrorClass::Transient),
            (429, ErrorClass::Transient),
            (408, ErrorClass::Transient),
            (403, ErrorClass::PreconditionFailed),
            (409, ErrorClass::Conflict),
        ];
        for (status, class) in cases {
            let f =
                from_code(22, &format!("The requested URL returned error: {status}")).expect("22");
            assert_eq!(f.code.as_str(), "CURLE_HTTP_RETURNED_ERROR");
            assert_eq!(f.verdict.class(), class, "{status}");
            assert_eq!(f.provider.and_then(|p| p.status), Some(status));
        }
    }

    #[test]
    fn a_timeout_while_connecting_differs_from_one_after_sending() {
        let connect = from_code(28, "Connection timed out after 1001 milliseconds").expect("28");
        assert_eq!(connect.verdict.retry(), Retry::Yes);
        let op = from_code(
            28,
            "Operation timed out after 1000 milliseconds with 0 bytes received",
        )
        .expect("28");
        assert_eq!(op.verdict.retry(), Retry::Unknown);
    }

    #[test]
    fn the_elapsed_time_is_left_out_of_the_message() {
        let f = from_code(
            7,
            "Failed to connect to 127.0.0.1 port 1 after 0 ms: Couldn't connect to server",
        )
        .expect("7");
        assert_eq!(f.message, Phrase::new("curl-message"));
        assert!(f.params.contains(&(
            "detail".into(),
            "failed to connect to 127.0.0.1 port 1: Couldn't connect to server".into()
        )));
        assert!(f.params.contains(&("port".into(), 1.into())));
    }
}
