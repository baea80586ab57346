//! What the guard counts by: a call's fingerprint (its program, arguments and working
//! directory) and a failure's signature (its code and its message with the volatile parts left
//! out).

use std::ffi::OsStr;
use std::fmt;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::Envelope;

use super::upstream::Upstream;

/// At most this many arguments count toward a fingerprint; the rest are hashed by their count
/// and total length alone, so a call of a million arguments costs a bounded hash.
const MAX_ARGS: usize = 4096;

/// A tool call's arguments are read at most this many levels deep.
const MAX_DEPTH: usize = 16;

/// At most this many bytes of a message are folded into a signature.
const MAX_MESSAGE: usize = 4096;

/// A call as the guard knows it: the fingerprint of its program, arguments and working
/// directory, and the upstream it reaches, if its arguments name one
/// ([`Upstream::of_args`]).
///
/// The guard never keeps the arguments themselves: only the fingerprint reaches the store.
///
/// # Examples
///
/// ```
/// use std::path::Path;
/// use failwise::guard::Call;
/// let a = Call::new(&["curl", "https://api.example.com/v1/items"], Path::new("/srv"));
/// let b = Call::new(&["curl", "https://api.example.com/v1/items"], Path::new("/srv"));
/// let c = Call::new(&["curl", "https://api.example.com/v1/other"], Path::new("/srv"));
/// assert_eq!(a.fingerprint(), b.fingerprint());
/// assert_ne!(a.fingerprint(), c.fingerprint());
/// assert_eq!(a.upstream().map(|u| u.name()), Some("api.example.com"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    fingerprint: Fingerprint,
    upstream: Option<Upstream>,
    kind: CallKind,
}

/// What a call is, which decides how a refusal says to send it anyway.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallKind {
    /// A command run by `failwise run`: sent anyway by clearing the guard's record
    /// (`failwise state clear --call`).
    Command,
    /// An MCP `tools/call` relayed by `failwise mcp`: sent anyway with `failwise/force: true`
    /// in the request's `_meta`.
    Tool,
}

impl Call {
    /// The call of `argv` (program first) run in `cwd`.
    pub fn new<S: AsRef<OsStr>>(argv: &[S], cwd: &Path) -> Self {
        let mut hash = Sha256::new();
        hash.update(b"failwise-call-v1\0");
        feed(&mut hash, cwd.as_os_str().as_bytes());
        for arg in argv.iter().take(MAX_ARGS) {
            feed(&mut hash, arg.as_ref().as_bytes());
        }
        if argv.len() > MAX_ARGS {
            let rest: usize = argv[MAX_ARGS..].iter().map(|a| a.as_ref().len()).sum();
            hash.update((argv.len() as u64).to_le_bytes());
            hash.update((rest as u64).to_le_bytes());
        }
        Self {
            fingerprint: Fingerprint::of(hash),
            upstream: Upstream::of_args(argv),
            kind: CallKind::Command,
        }
    }

    /// The MCP `tools/call` of `tool` with `arguments` (the request's `params.arguments`, `null`
    /// when it has none) on the server that `server` (program first) starts. Its upstream is
    /// the server ([`Upstream::of_server`]), whose circuit transport failures open.
    ///
    /// The arguments count by their value, not their spelling: members in any order and any
    /// whitespace give the same fingerprint; at most 4096 members or items of each
    /// object or array and 16 levels are read, the rest counted by their number.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::guard::{Call, CallKind};
    /// use serde_json::json;
    /// let server = ["python", "server.py"];
    /// let a = Call::tool(&server, "create_event", &json!({"title": "x", "day": 3}));
    /// let b = Call::tool(&server, "create_event", &json!({"day": 3, "title": "x"}));
    /// let c = Call::tool(&server, "create_event", &json!({"day": 4, "title": "x"}));
    /// assert_eq!(a.fingerprint(), b.fingerprint());
    /// assert_ne!(a.fingerprint(), c.fingerprint());
    /// assert_eq!(a.kind(), CallKind::Tool);
    /// ```
    pub fn tool<S: AsRef<OsStr>>(server: &[S], tool: &str, arguments: &serde_json::Value) -> Self {
        let mut hash = Sha256::new();
        hash.update(b"failwise-tool-call-v1\0");
        hash.update((server.len().min(MAX_ARGS) as u64).to_le_bytes());
        for arg in server.iter().take(MAX_ARGS) {
            feed(&mut hash, arg.as_ref().as_bytes());
        }
        feed(&mut hash, tool.as_bytes());
        feed_value(&mut hash, arguments, 0);
        Self {
            fingerprint: Fingerprint::of(hash),
            upstream: Upstream::of_server(server),
            kind: CallKind::Tool,
        }
    }

    /// A call known only by its fingerprint (as `failwise state clear --call` names one), with
    /// no upstream.
    pub fn from_fingerprint(fingerprint: Fingerprint) -> Self {
        Self {
            fingerprint,
            upstream: None,
            kind: CallKind::Command,
        }
    }

    /// This call, reaching `upstream` (an MCP server, which no argument names).
    pub fn with_upstream(mut self, upstream: Upstream) -> Self {
        self.upstream = Some(upstream);
        self
    }

    /// The call's fingerprint.
    pub fn fingerprint(&self) -> &Fingerprint {
        &self.fingerprint
    }

    /// The upstream the call's arguments name, if any.
    pub fn upstream(&self) -> Option<&Upstream> {
        self.upstream.as_ref()
    }

    /// What the call is: a command or an MCP tool call.
    pub fn kind(&self) -> CallKind {
        self.kind
    }
}

/// Hashes a JSON value by its meaning: a tag per type, object members sorted by name, numbers
/// by their text, each string length-prefixed; bounded in breadth and depth.
fn feed_value(hash: &mut Sha256, value: &serde_json::Value, depth: usize) {
    use serde_json::Value;
    if depth > MAX_DEPTH {
        hash.update(b"~");
        return;
    }
    match value {
        Value::Null => hash.update(b"n"),
        Value::Bool(b) => hash.update(if *b { b"t" } else { b"f" }),
        Value::Number(n) => {
            hash.update(b"#");
            feed(hash, n.to_string().as_bytes());
        }
        Value::String(s) => {
            hash.update(b"s");
            feed(hash, s.as_bytes());
        }
        Value::Array(items) => {
            hash.update(b"[");
            hash.update((items.len() as u64).to_le_bytes());
            for item in items.iter().take(MAX_ARGS) {
                feed_value(hash, item, depth + 1);
            }
        }
        Value::Object(members) => {
            hash.update(b"{");
            hash.update((members.len() as u64).to_le_bytes());
            let mut sorted: Vec<_> = members.iter().collect();
            sorted.sort_unstable_by(|a, b| a.0.cmp(b.0));
            for (name, member) in sorted.into_iter().take(MAX_ARGS) {
                feed(hash, name.as_bytes());
                feed_value(hash, member, depth + 1);
            }
        }
    }
}

/// Hashes one length-prefixed field, so `["ab", "c"]` and `["a", "bc"]` differ.
fn feed(hash: &mut Sha256, bytes: &[u8]) {
    hash.update((bytes.len() as u64).to_le_bytes());
    hash.update(bytes);
}

/// A call's (or an upstream's) fingerprint: the first 128 bits of a SHA-256, as 32 lowercase
/// hexadecimal digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint(String);

impl Fingerprint {
    fn of(hash: Sha256) -> Self {
        let digest = hash.finalize();
        let mut hex = String::with_capacity(32);
        for byte in &digest[..16] {
            hex.push(char::from(HEX[usize::from(byte >> 4)]));
            hex.push(char::from(HEX[usize::from(byte & 0xf)]));
        }
        Self(hex)
    }

    /// The fingerprint of a name in a namespace (`upstream`), for keys that must not hold the
    /// name itself.
    pub(super) fn of_name(namespace: &str, name: &str) -> Self {
        let mut hash = Sha256::new();
        hash.update(b"failwise-");
        feed(&mut hash, namespace.as_bytes());
        feed(&mut hash, name.as_bytes());
        Self::of(hash)
    }

    /// Reads a fingerprint as [`Fingerprint::as_str`] writes it: 32 hexadecimal digits (either
    /// case). `None` for anything else.
    pub fn parse(text: &str) -> Option<Self> {
        (text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| Self(text.to_ascii_lowercase()))
    }

    /// The 32 hexadecimal digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// What makes two failures "the same": the envelope's `code` and its `message` with every run
/// of letters and digits that holds a digit folded to `#` (pids, ports, times, counts, request
/// ids), hashed. An edit that changes what the error says changes the signature; a new request
/// id does not.
///
/// # Examples
///
/// ```
/// use failwise::guard::signature;
/// use failwise::{Code, Envelope, ExitStatus, Verdict};
/// let failure = |message: &str| {
///     Envelope::draft(Code::new("UPSTREAM_FAILED").unwrap(), ExitStatus::FAILURE, message)
///         .verdict(Verdict::permanent())
///         .with_recovery("check the request")
///         .unwrap()
/// };
/// let a = signature(&failure("request 7f3a9c01 failed after 1200 ms"));
/// let b = signature(&failure("request 0b44e2d7 failed after 980 ms"));
/// let c = signature(&failure("request 0b44e2d7 was refused"));
/// assert_eq!(a, b);
/// assert_ne!(a, c);
/// ```
pub fn signature(envelope: &Envelope) -> String {
    let mut hash = Sha256::new();
    hash.update(b"failwise-failure-v1\0");
    feed(&mut hash, envelope.code().as_str().as_bytes());
    feed(&mut hash, fold(envelope.message()).as_bytes());
    Fingerprint::of(hash).0
}

/// The message with each run of ASCII letters and digits that holds a digit replaced by `#`;
/// at most [`MAX_MESSAGE`] bytes of it are read.
pub(super) fn fold(message: &str) -> String {
    let mut cut = message.len().min(MAX_MESSAGE);
    while !message.is_char_boundary(cut) {
        cut -= 1;
    }
    let mut out = String::with_capacity(cut);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.bytes().any(|b| b.is_ascii_digit()) {
            out.push('#');
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for ch in message[..cut].chars() {
        if ch.is_ascii_alphanumeric() {
            word.push(ch);
        } else {
            flush(&mut word, &mut out);
            out.push(ch);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_leaves_words_and_folds_numbers_and_ids() {
        assert_eq!(
            fold("pid 4121 on port 8080 at 12:30:01, id 3f2a-9bc1"),
            "pid # on port # at #:#:#, id #-#"
        );
        assert_eq!(
            fold("no such file: config.toml"),
            "no such file: config.toml"
        );
    }

    #[test]
    fn arguments_are_fields_not_a_concatenation() {
        let cwd = Path::new("/");
        assert_ne!(Call::new(&["ab", "c"], cwd), Call::new(&["a", "bc"], cwd));
        assert_ne!(Call::new(&["a"], cwd), Call::new(&["a"], Path::new("/tmp")));
    }

    #[test]
    fn a_fingerprint_reads_back_in_either_case() {
        let call = Call::new(&["true"], Path::new("/"));
        let text = call.fingerprint().as_str().to_ascii_uppercase();
        assert_eq!(Fingerprint::parse(&text).as_ref(), Some(call.fingerprint()));
        assert_eq!(Fingerprint::parse("abc"), None);
        assert_eq!(Fingerprint::parse(&"g".repeat(32)), None);
    }

    #[test]
    fn tool_calls_differ_by_server_tool_and_each_argument() {
        let args = serde_json::json!({"a": [1, "2", {"b": null}]});
        let base = Call::tool(&["srv"], "t", &args);
        assert_ne!(base, Call::tool(&["srv", "--x"], "t", &args));
        assert_ne!(base, Call::tool(&["srv"], "u", &args));
        assert_ne!(
            base,
            Call::tool(
                &["srv"],
                "t",
                &serde_json::json!({"a": [1, 2, {"b": null}]})
            )
        );
        assert_ne!(
            base.fingerprint(),
            Call::new(&["srv", "t"], Path::new("/")).fingerprint()
        );
        let deep = (0..100).fold(serde_json::json!(1), |v, _| serde_json::json!([v]));
        let _ = Call::tool(&["srv"], "t", &deep);
    }

    #[test]
    fn a_long_message_folds_to_a_bounded_text() {
        let long = "é".repeat(10_000);
        assert!(fold(&long).len() <= MAX_MESSAGE);
    }
}
