//! The upstream a call reaches (the host of a URL in its arguments, or the `params.host` its
//! failure names) and whether a failure shows that upstream unreachable or broken (a transport
//! failure, which counts toward its circuit) rather than an answer of the application.

use std::collections::HashSet;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::sync::LazyLock;

use regex::bytes::Regex;
use serde_json::Value;

use crate::{Envelope, ProviderKind};

use super::call::Fingerprint;

/// At most this many arguments, and this many bytes of each, are searched for a URL.
const MAX_ARGS: usize = 256;
const MAX_ARG_BYTES: usize = 8192;

/// At most this many bytes of a server's command line name it as an upstream.
const MAX_SERVER_NAME: usize = 256;

/// A URL's scheme and authority: the host (a name, an IPv4 address or a bracketed IPv6
/// address) and an explicit port (RFC 3986 §3.2). `file:` URLs have no upstream.
static URL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b([a-z][a-z0-9+.-]{0,15})://(?:[^/@\s'\x22]*@)?(\[[0-9a-f:.]+\]|[a-z0-9._~%-]+)(?::([0-9]{1,5}))?",
    )
    .expect("the URL pattern compiles")
});

/// An upstream: a host a call reaches, with its port when the call names one other than its
/// scheme's default (80 for `http`/`ws`, 443 for `https`/`wss`). Lowercase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upstream {
    name: String,
}

impl Upstream {
    /// An upstream by name (`api.example.com`, `127.0.0.1:8080`); `None` when empty or over
    /// 300 bytes.
    pub fn new(name: &str) -> Option<Self> {
        let name = name.trim().to_ascii_lowercase();
        (!name.is_empty() && name.len() <= 300).then_some(Self { name })
    }

    /// The host of the first URL in `argv` (any argument, a shell string's included), looking
    /// at most at the first 256 arguments and 8 KiB of each. The program itself is never an
    /// upstream: a shell, an interpreter or a build tool reaches one only through a URL.
    pub fn of_args<S: AsRef<OsStr>>(argv: &[S]) -> Option<Self> {
        argv.iter().take(MAX_ARGS).find_map(|arg| {
            let bytes = arg.as_ref().as_bytes();
            let bytes = &bytes[..bytes.len().min(MAX_ARG_BYTES)];
            URL.captures_iter(bytes).find_map(|caps| {
                let scheme = String::from_utf8_lossy(&caps[1]).to_ascii_lowercase();
                if scheme == "file" {
                    return None;
                }
                let host = String::from_utf8_lossy(&caps[2]);
                let port = caps.get(3).map(|p| String::from_utf8_lossy(p.as_bytes()));
                let default = match scheme.as_str() {
                    "http" | "ws" => Some("80"),
                    "https" | "wss" => Some("443"),
                    _ => None,
                };
                match port {
                    Some(port) if Some(port.as_ref()) != default => {
                        Self::new(&format!("{host}:{port}"))
                    }
                    _ => Self::new(&host),
                }
            })
        })
    }

    /// The MCP server that `server` (program first) starts, named by its command line: the
    /// words joined by spaces, at most 256 bytes of it; `None` for an empty command. A
    /// server's name has a space or is a program's, never a URL's host, so it never shares a
    /// circuit with a host.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::guard::Upstream;
    /// let server = Upstream::of_server(&["npx", "-y", "@modelcontextprotocol/server-memory"]);
    /// assert_eq!(server.map(|u| u.name().to_owned()).as_deref(), Some("npx -y @modelcontextprotocol/server-memory"));
    /// let cased = Upstream::of_server(&["/srv/EvilServer.py", "Hello"]).unwrap();
    /// assert_eq!(cased.name(), "/srv/EvilServer.py Hello");
    /// ```
    pub fn of_server<S: AsRef<OsStr>>(server: &[S]) -> Option<Self> {
        let mut name = String::new();
        for word in server {
            if !name.is_empty() {
                name.push(' ');
            }
            name.push_str(&word.as_ref().to_string_lossy());
            if name.len() >= MAX_SERVER_NAME {
                break;
            }
        }
        let mut cut = name.len().min(MAX_SERVER_NAME);
        while !name.is_char_boundary(cut) {
            cut -= 1;
        }
        name.truncate(cut);
        // A command line is case-sensitive, unlike a host name: it is kept as it was given.
        let name = name.trim();
        (!name.is_empty()).then(|| Self {
            name: name.to_owned(),
        })
    }

    /// The upstream a failure names: `params.host`, with `params.port` when given.
    pub fn of_failure(envelope: &Envelope) -> Option<Self> {
        let params = envelope.params();
        let host = params.get("host").and_then(Value::as_str)?;
        match params.get("port") {
            Some(Value::String(port)) => Self::new(&format!("{host}:{port}")),
            Some(Value::Number(port)) => Self::new(&format!("{host}:{port}")),
            _ => Self::new(host),
        }
    }

    /// The name: host, and `:port` when explicit.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The key the store keeps this upstream's state under: a fingerprint, never the name.
    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint::of_name("upstream", &self.name)
    }
}

/// The codes that mean the upstream could not be reached or broke off the exchange, with
/// their sources (`transport.tsv`): errno names, curl's, gai_strerror's, and the tools' and
/// SDKs' own names for the same failures, as the rule packs spell them.
static TRANSPORT: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("transport.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| line.split('\t').next())
        .collect()
});

/// Whether `envelope` shows its upstream unreachable or broken (DESIGN §7: cannot resolve or
/// connect, reset, timed out, a 502/503/504, the exchange cut), so it counts toward that
/// upstream's circuit. An answer of the application (any other HTTP status, an `isError`
/// result, a tool's own `retry: no` code) never does.
///
/// Read from the envelope's data alone: `provider.kind` (`exchange`, `cut`, `silence`, or
/// `refused` without an HTTP status), the HTTP status (`provider.status`, `params.status`, or a
/// code `HTTP_502`/`HTTP_503`/`HTTP_504`), or a code of the transport table.
///
/// # Examples
///
/// ```
/// use failwise::guard::is_transport;
/// use failwise::{Code, Envelope, ExitStatus, Verdict};
/// let failure = |code: &str, verdict| {
///     Envelope::draft(Code::new(code).unwrap(), ExitStatus::FAILURE, "it failed")
///         .verdict(verdict)
///         .with_recovery("check the server")
///         .unwrap()
/// };
/// assert!(is_transport(&failure("CURLE_COULDNT_CONNECT", Verdict::transient())));
/// assert!(is_transport(&failure("HTTP_503", Verdict::transient())));
/// assert!(!is_transport(&failure("HTTP_404", Verdict::permanent())));
/// ```
pub fn is_transport(envelope: &Envelope) -> bool {
    if let Some(provider) = envelope.provider() {
        match provider.kind {
            ProviderKind::Exchange | ProviderKind::Cut | ProviderKind::Silence => return true,
            ProviderKind::Refused if provider.status.is_none() => return true,
            _ => {}
        }
        if let Some(status) = provider.status {
            return gateway(u64::from(status));
        }
    }
    let status = envelope.params().get("status").and_then(|s| match s {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    });
    if let Some(status) = status
        && (100..=599).contains(&status)
    {
        return gateway(status);
    }
    let code = envelope.code().as_str();
    if let Some(status) = code.strip_prefix("HTTP_").and_then(|n| n.parse().ok()) {
        return gateway(status);
    }
    TRANSPORT.contains(code)
}

/// 502 Bad Gateway, 503 Service Unavailable, 504 Gateway Timeout (RFC 9110 §15.6): the server
/// or what stands before it is broken or overloaded, not the request.
fn gateway(status: u64) -> bool {
    matches!(status, 502..=504)
}

/// The code of an MCP tool call whose server exited before answering.
pub const SERVER_EXITED: &str = "MCP_SERVER_EXITED";

/// The code of an MCP tool call the server did not answer within the call timeout.
pub const CALL_TIMEOUT: &str = "MCP_CALL_TIMEOUT";

/// The code of an MCP tool call whose answer was lost after the call was sent.
pub const ANSWER_LOST: &str = "MCP_ANSWER_LOST";

/// Whether `envelope` is one the MCP proxy made of a call's exchange with its server
/// ([`SERVER_EXITED`], [`CALL_TIMEOUT`], [`ANSWER_LOST`]), not one read from what the server
/// answered: only these speak for the server itself.
pub fn is_exchange(envelope: &Envelope) -> bool {
    [SERVER_EXITED, CALL_TIMEOUT, ANSWER_LOST].contains(&envelope.code().as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upstream(args: &[&str]) -> Option<String> {
        Upstream::of_args(args).map(|u| u.name)
    }

    #[test]
    fn a_url_anywhere_in_the_arguments_names_the_upstream() {
        assert_eq!(
            upstream(&["curl", "-sS", "https://API.example.com/v1?x=1"]),
            Some("api.example.com".into())
        );
        assert_eq!(
            upstream(&["sh", "-c", "curl http://127.0.0.1:8080/a && echo ok"]),
            Some("127.0.0.1:8080".into())
        );
        assert_eq!(
            upstream(&["git", "clone", "https://user:pw@git.example.org:443/r.git"]),
            Some("git.example.org".into())
        );
        assert_eq!(
            upstream(&["psql", "postgres://u@[::1]:5432/db"]),
            Some("[::1]:5432".into())
        );
    }

    #[test]
    fn a_program_without_a_url_has_no_upstream() {
        assert_eq!(upstream(&["cargo", "build"]), None);
        assert_eq!(upstream(&["cat", "file:///etc/hosts"]), None);
        assert_eq!(upstream(&[]), None);
    }

    #[test]
    fn every_transport_code_is_one_failwise_gives() {
        let packs: String = crate::classify::packs::built_in_texts().collect();
        let tables = [
            include_str!("../classify/errno.tsv"),
            include_str!("../classify/packs/curl-codes.tsv"),
        ]
        .concat();
        for code in TRANSPORT.iter() {
            let quoted = format!("\"{code}\"");
            assert!(
                packs.contains(&quoted)
                    || tables.contains(&format!("\t{code}\t"))
                    || tables.starts_with(&format!("{code}\t"))
                    || tables.contains(&format!("\n{code}\t")),
                "transport.tsv names {code}, which no pack or table gives"
            );
        }
    }
}
