//! Secret redaction: registered secret values and well-known token shapes never reach an
//! envelope's fields. Every redaction leaves a visible marker, never a silent gap.
//!
//! A [`Redactor`] holds the secret values a caller registered ([`Redactor::register`]; in
//! `failwise run` also the values of the child's environment variables whose names mark them as
//! secrets, see [`is_secret_name`]) and recognises the token shapes of [`SHAPE_KINDS`].
//! [`Redactor::redact_envelope`] rewrites every string of an envelope (values, `params` keys at
//! any depth, lists, nested objects, even the code) and records the number of redactions in
//! `params.redacted`.
//!
//! # What is guaranteed
//!
//! For every secret that [`Redactor::register`] (or [`Redactor::register_bytes`]) accepted: no
//! string and no `params` key of the redacted envelope contains it; a rendering of it sealed by
//! [`Redactor::seal_json`] (a JSON line, in any dialect) or [`Redactor::seal_text`] (the human
//! form) does not contain its bytes, even where the rendering's own syntax, escapes or labels
//! meet a field's text; and a byte stream masked by [`Redactor::stream`] does not contain them.
//! A registered secret is replaced by `[REDACTED:secret]`, a token shape by `[REDACTED:<kind>]`
//! (such as `[REDACTED:github_token]`).
//!
//! Registration refuses values that cannot be hidden or that would mask ordinary text
//! ([`RefusedSecret`], the rules of `redact/register`): fewer than [`MIN_SECRET_CHARS`]
//! characters (not counting whitespace), values made only of number characters or of what a
//! JSON line writes outside its strings, values with a quotation mark beside JSON punctuation,
//! and values that occur inside the wire format's own words (field names, enum values,
//! markers), which every envelope prints. A value that is not UTF-8 is registered by its bytes
//! (masked byte for byte in a stream) and by its text with U+FFFD for each invalid sequence
//! (the form a field holds after lossy decoding).
//!
//! [`Redactor::stream`] masks the registered values (never the token shapes) in a byte stream
//! as it passes, chunk by chunk ([`StreamRedactor`]): `failwise run` uses it on the command's
//! stdout and stderr.
//!
//! # Order with truncation
//!
//! Redact the whole text first, then cut it ([`Redactor::redact_then_bound`]): a cut made after
//! redaction can only remove a marker's letters, never expose a secret's. A text that was
//! already cut before it reached the redactor (the tail of a stream kept in a ring buffer) goes
//! through [`Redactor::redact_window`], which also masks a secret's fragment at either edge.
//!
//! # Examples
//!
//! ```
//! use failwise::{Code, Envelope, ExitStatus, redact::Redactor};
//! let envelope = Envelope::draft(Code::new("AUTH_FAILED")?, ExitStatus::CONFIG, "login as bob with hunter2hunter2 failed")
//!     .param("stderr", "fatal: token ghp_0123456789abcdefghijABCDEFGHIJ012345 rejected")
//!     .with_recovery("set a valid token in GITHUB_TOKEN")?;
//! let clean = Redactor::new().register("hunter2hunter2")?.redact_envelope(envelope);
//! assert_eq!(clean.message(), "login as bob with [REDACTED:secret] failed");
//! assert_eq!(clean.params()["stderr"], "fatal: token [REDACTED:github_token] rejected");
//! assert_eq!(clean.params()["redacted"], 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod envelope_walk;
mod register;
mod seal;
mod shapes;
mod stream;

pub use envelope_walk::REDACTED_PARAM;
pub use register::{
    EnvSecrets, NOT_SECRET_NAMES, RefusedSecret, SECRET_NAME_PARTS, is_secret_name,
};
pub use stream::{HOLD_LIMIT_BYTES, StreamRedactor};

use register::check;

use aho_corasick::{AhoCorasick, MatchKind};

use crate::truncate::{Bounded, bound};

/// The fewest characters, whitespace not counted, that a registered secret may have. Shorter
/// values would mask ordinary words everywhere (a two-letter password is in every sentence), so
/// [`Redactor::register`] refuses them and `failwise run` skips them.
pub const MIN_SECRET_CHARS: usize = 8;

/// The marker label of a registered secret: `[REDACTED:secret]`.
pub const SECRET_KIND: &str = "secret";

/// The kinds of well-known token shapes that are redacted without registration, as they appear
/// in markers: `private_key` (PEM `-----BEGIN … PRIVATE KEY-----` blocks, RFC 7468),
/// `jwt` (RFC 7519 compact form), `github_token` (`ghp_…`, `gho_…`, `ghu_…`, `ghs_…`, `ghr_…`,
/// `github_pat_…`), `aws_access_key_id` (`AKIA…`, `ASIA…`), `api_key` (`sk-…`, `sk_live_…`),
/// `slack_token` (`xox?-…`), `google_api_key` (`AIza…`), `bearer_token` (the token after
/// `Bearer`, RFC 6750), `url_password` (the password in `scheme://user:password@host`,
/// RFC 3986 userinfo).
pub const SHAPE_KINDS: &[&str] = shapes::KINDS;

/// How many times a text is scanned again after a replacement, in case a marker and the text
/// beside it spell a secret again; past this the whole text becomes one marker.
const MAX_PASSES: usize = 4;

/// Fewest characters of a secret's fragment that [`Redactor::redact_window`] masks at a cut
/// edge.
const MIN_FRAGMENT_CHARS: usize = 4;

/// The marker that replaces a secret of `kind`.
pub fn marker(kind: &str) -> String {
    format!("[REDACTED:{kind}]")
}

/// Finds and masks secrets in text and envelopes. Cheap to clone; build one per run.
///
/// `Redactor::new()` recognises the token shapes of [`SHAPE_KINDS`] and no registered value;
/// [`Redactor::register`] adds values.
///
/// # Examples
///
/// ```
/// use failwise::redact::{RefusedSecret, Redactor};
/// let mut redactor = Redactor::new();
/// redactor.register("s3cr3t-passw0rd")?;
/// let out = redactor.redact("psql: password s3cr3t-passw0rd rejected for user app");
/// assert_eq!(out.text, "psql: password [REDACTED:secret] rejected for user app");
/// assert_eq!(out.count, 1);
///
/// // A value that cannot be hidden is refused, and the refusal says why.
/// assert!(matches!(redactor.register("1234567890"), Err(RefusedSecret::NumberLike)));
/// assert!(matches!(redactor.register("abc"), Err(RefusedSecret::TooShort { chars: 3 })));
/// assert_eq!(redactor.secrets(), ["s3cr3t-passw0rd"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Redactor {
    /// Registered values, deduplicated, in registration order (a value that is not UTF-8 by
    /// its lossy text).
    secrets: Vec<String>,
    /// The bytes of the registered values that are not UTF-8.
    raw: Vec<Vec<u8>>,
    /// Leftmost-longest matcher over `secrets` (and their cores, see `register`).
    matcher: Option<AhoCorasick>,
    /// The patterns the matcher holds.
    patterns: Vec<String>,
    /// The patterns as bytes, with the bytes of `raw` (and their cores): what a stream and a
    /// rendered line are searched for.
    byte_patterns: Vec<Vec<u8>>,
    /// Leftmost-longest matcher over `byte_patterns`.
    byte_matcher: Option<AhoCorasick>,
    /// What a stream is masked for first: the whole values (their bytes, their JSON-escaped
    /// forms), not the cores, which a stream's earliest-match masking would mask first,
    /// leaving the rest of the value shown; the cores are masked after them, in a second stage
    /// over `byte_patterns`.
    stream_patterns: Vec<Vec<u8>>,
    /// Leftmost-longest matcher over `patterns` and the forms the human rendering shows them in.
    shown_matcher: Option<AhoCorasick>,
    /// Whether token shapes are recognised.
    shapes: bool,
}

impl Default for Redactor {
    fn default() -> Self {
        Self::new()
    }
}

/// A text after redaction, with the number of secrets replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redacted {
    /// The text with each secret replaced by its marker.
    pub text: String,
    /// How many secrets were replaced.
    pub count: u64,
}

impl Redactor {
    /// A redactor that recognises the token shapes and no registered value.
    pub fn new() -> Self {
        Self {
            secrets: Vec::new(),
            raw: Vec::new(),
            matcher: None,
            patterns: Vec::new(),
            byte_patterns: Vec::new(),
            byte_matcher: None,
            stream_patterns: Vec::new(),
            shown_matcher: None,
            shapes: true,
        }
    }

    /// Turns recognition of token shapes on (the default) or off.
    pub fn shapes(&mut self, on: bool) -> &mut Self {
        self.shapes = on;
        self
    }

    /// The values registered so far.
    pub fn secrets(&self) -> &[String] {
        &self.secrets
    }

    /// Registers a secret value: from now on it never appears in what this redactor returns.
    /// A value registered twice counts once.
    ///
    /// A value with whitespace or JSON punctuation (`"',:;{}[]()`) at either end, such as an
    /// environment variable's `S3cr3tValue99\n`, is registered as it is and also by its core,
    /// the value with those trimmed, when the core passes the same rules: a program that
    /// prints the value trims it as often as not (`$(…)` drops a final newline), and JSON
    /// syntax can meet its ends. Every output masks both alike: the envelope's fields, a
    /// sealed rendering ([`Redactor::seal_json`], [`Redactor::seal_text`]) and a stream
    /// ([`Redactor::stream`]), where the whole value is masked whole wherever it appears whole.
    ///
    /// # Errors
    ///
    /// [`RefusedSecret`] when the value has fewer than [`MIN_SECRET_CHARS`] characters besides
    /// whitespace, is made only of number characters, or occurs inside a word of the wire
    /// format. A refused value is not registered.
    pub fn register(&mut self, secret: impl Into<String>) -> Result<&mut Self, RefusedSecret> {
        let secret = secret.into();
        check(&secret)?;
        if !self.secrets.contains(&secret) {
            self.secrets.push(secret);
            self.rebuild();
        }
        Ok(self)
    }

    /// Registers a value given as bytes (an environment variable's value, which need not be
    /// UTF-8): UTF-8 bytes as [`Redactor::register`] does; other bytes by themselves, for a
    /// stream, and by their lossy text (U+FFFD for each invalid sequence), for fields.
    ///
    /// # Errors
    ///
    /// [`RefusedSecret`] as [`Redactor::register`] gives it, for the lossy text.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::redact::Redactor;
    /// let mut r = Redactor::new();
    /// r.register_bytes(b"S3cr3t-\xffValue-42")?;
    /// let mut masker = r.stream().expect("a value is registered");
    /// let mut out = Vec::new();
    /// masker.feed(b"token: S3cr3t-\xffValue-42\n", &mut out);
    /// masker.finish(&mut out);
    /// assert_eq!(out, b"token: [REDACTED:secret]\n");
    /// assert_eq!(r.redact("token: S3cr3t-\u{fffd}Value-42").text, "token: [REDACTED:secret]");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn register_bytes(&mut self, value: impl AsRef<[u8]>) -> Result<&mut Self, RefusedSecret> {
        let value = value.as_ref();
        if let Ok(text) = std::str::from_utf8(value) {
            return self.register(text);
        }
        let text = String::from_utf8_lossy(value).into_owned();
        check(&text)?;
        if !self.raw.iter().any(|r| r == value) {
            self.raw.push(value.to_vec());
            if !self.secrets.contains(&text) {
                self.secrets.push(text);
            }
            self.rebuild();
        }
        Ok(self)
    }

    /// Registers the values of the variables in `vars` whose names mark them as secrets
    /// ([`is_secret_name`]), by their bytes ([`Redactor::register_bytes`]). Values that
    /// registration refuses are skipped and listed by the variable's name in the answer, so the
    /// caller can say which could not be masked; empty values are skipped without a word.
    pub fn register_env<I, K, V>(&mut self, vars: I) -> EnvSecrets
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<[u8]>,
    {
        let mut answer = EnvSecrets::default();
        for (name, value) in vars {
            let (name, value) = (name.as_ref(), value.as_ref());
            if value.is_empty() || !is_secret_name(name) {
                continue;
            }
            match self.register_bytes(value) {
                Ok(_) => answer.registered += 1,
                Err(why) => answer.refused.push((name.to_owned(), why)),
            }
        }
        answer
    }

    fn rebuild(&mut self) {
        let mut patterns: Vec<String> = Vec::new();
        for s in &self.secrets {
            patterns.push(s.clone());
            // A secret that starts or ends with JSON punctuation could meet the JSON syntax
            // around a field; its core alone is a secret too.
            let core = s.trim_matches(|c: char| c.is_whitespace() || "\"',:;{}[]()".contains(c));
            if core != s && check(core).is_ok() && !patterns.iter().any(|p| p == core) {
                patterns.push(core.to_owned());
            }
        }
        let mut byte_patterns: Vec<Vec<u8>> =
            patterns.iter().map(|p| p.as_bytes().to_vec()).collect();
        for r in &self.raw {
            let punct = |b: &u8| b.is_ascii_whitespace() || b"\"',:;{}[]()".contains(b);
            let start = r.iter().position(|b| !punct(b)).unwrap_or(r.len());
            let end = r.iter().rposition(|b| !punct(b)).map_or(start, |e| e + 1);
            let core = &r[start..end];
            for bytes in [r.as_slice(), core] {
                let lossy = String::from_utf8_lossy(bytes);
                if !bytes.is_empty()
                    && check(&lossy).is_ok()
                    && !byte_patterns.iter().any(|p| p == bytes)
                {
                    byte_patterns.push(bytes.to_vec());
                }
            }
        }
        // A value as a JSON string spells it (`"` as `\"`, a control character as `\u0001`):
        // a JSON line passed through, or read by a parser, holds the value in that form.
        for p in &patterns {
            let escaped = serde_json::to_string(p).unwrap_or_default();
            let inner = escaped
                .strip_prefix('"')
                .and_then(|e| e.strip_suffix('"'))
                .unwrap_or_default();
            if inner != p
                && !inner.is_empty()
                && !byte_patterns.iter().any(|b| b == inner.as_bytes())
            {
                byte_patterns.push(inner.as_bytes().to_vec());
            }
        }
        let cores: Vec<&str> = patterns
            .iter()
            .filter(|p| !self.secrets.contains(p))
            .map(String::as_str)
            .collect();
        self.stream_patterns = byte_patterns
            .iter()
            .filter(|b| !cores.iter().any(|c| c.as_bytes() == b.as_slice()))
            .cloned()
            .collect();
        let build = |patterns: &[Vec<u8>]| {
            AhoCorasick::builder()
                .match_kind(MatchKind::LeftmostLongest)
                .build(patterns)
                .ok()
        };
        self.matcher = build(
            &patterns
                .iter()
                .map(|p| p.as_bytes().to_vec())
                .collect::<Vec<_>>(),
        );
        self.byte_matcher = build(&byte_patterns);
        self.shown_matcher = seal::shown_matcher(&byte_patterns, &patterns);
        self.patterns = patterns;
        self.byte_patterns = byte_patterns;
    }

    /// A [`StreamRedactor`] that masks the registered values (never the token shapes) in a
    /// stream of bytes, or `None` when no value is registered, so the stream can be copied as
    /// it is.
    pub fn stream(&self) -> Option<StreamRedactor> {
        StreamRedactor::staged(&self.stream_patterns, &self.byte_patterns)
    }

    /// Replaces every secret in `text` with its marker.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::redact::Redactor;
    /// let r = Redactor::new();
    /// let out = r.redact("curl -H 'Authorization: Bearer abcdefghijklmnop0123' https://u:pw1234@example.com");
    /// assert_eq!(out.text, "curl -H 'Authorization: Bearer [REDACTED:bearer_token]' https://u:[REDACTED:url_password]@example.com");
    /// assert_eq!(out.count, 2);
    /// ```
    pub fn redact(&self, text: &str) -> Redacted {
        if self.is_clean(text) {
            return Redacted {
                text: text.to_owned(),
                count: 0,
            };
        }
        let mut current = text.to_owned();
        let mut count = 0;
        for _ in 0..MAX_PASSES {
            let (next, n) = self.pass(&current);
            if n == 0 {
                return Redacted {
                    text: current,
                    count,
                };
            }
            count += n;
            current = next;
        }
        if self.pass(&current).1 > 0 {
            // A marker and its neighbours keep spelling a secret: give up on the text.
            return Redacted {
                text: marker(SECRET_KIND),
                count: count + 1,
            };
        }
        Redacted {
            text: current,
            count,
        }
    }

    /// Whether `text` certainly holds no secret: no registered value occurs in it, and none of
    /// the literals every token shape needs does. Cheap (one scan per matcher); texts it does
    /// not clear go through the full [`Redactor::redact`].
    pub fn is_clean(&self, text: &str) -> bool {
        let registered = match &self.matcher {
            Some(m) if !self.patterns.is_empty() => m.is_match(text),
            _ => false,
        };
        let shaped = self.shapes && shapes::may_hold_shape(text);
        !(registered || shaped)
    }

    /// Like [`Redactor::redact`], for a window cut out of a longer text: when `cut_before`,
    /// text before the window was dropped, so a leading fragment that ends a registered secret
    /// (at least 4 characters) is masked too; when `cut_after`, a trailing fragment that starts
    /// a registered secret or a token shape is masked; a window that lies wholly inside a secret
    /// becomes one marker.
    pub fn redact_window(&self, text: &str, cut_before: bool, cut_after: bool) -> Redacted {
        let mut out = self.redact(text);
        if cut_before
            && cut_after
            && out.text.chars().count() >= MIN_FRAGMENT_CHARS
            && self.patterns.iter().any(|p| p.contains(out.text.as_str()))
        {
            // The whole window lies inside one secret.
            return Redacted {
                text: marker(SECRET_KIND),
                count: out.count + 1,
            };
        }
        if cut_before && let Some(len) = self.leading_fragment(&out.text) {
            out.text.replace_range(..len, &marker(SECRET_KIND));
            out.count += 1;
        }
        if cut_after && let Some(start) = self.trailing_fragment(&out.text) {
            out.text.replace_range(start.., &marker(SECRET_KIND));
            out.count += 1;
        }
        out
    }

    /// Redacts the whole of `text`, then bounds it to `max_bytes` with
    /// [`truncate::bound`](crate::truncate::bound). The returned size is that of the redacted
    /// text, the one the caller would otherwise have shown.
    pub fn redact_then_bound(&self, text: &str, max_bytes: usize) -> (Bounded, u64) {
        let redacted = self.redact(text);
        (bound(&redacted.text, max_bytes), redacted.count)
    }

    /// One scan: registered values first, then token shapes.
    fn pass(&self, text: &str) -> (String, u64) {
        let mut count = 0;
        let mut out = match &self.matcher {
            Some(m) if !self.patterns.is_empty() => {
                let mut out = String::with_capacity(text.len());
                let mut last = 0;
                for found in m.find_iter(text) {
                    out.push_str(&text[last..found.start()]);
                    out.push_str(&marker(SECRET_KIND));
                    last = found.end();
                    count += 1;
                }
                out.push_str(&text[last..]);
                out
            }
            _ => text.to_owned(),
        };
        if self.shapes {
            for shape in shapes::SHAPES.iter() {
                if !shape.pattern.is_match(&out) {
                    continue;
                }
                let mut next = String::with_capacity(out.len());
                let mut last = 0;
                for caps in shape.pattern.captures_iter(&out) {
                    let Some(secret) = caps.get(shape.group) else {
                        continue;
                    };
                    if is_marker(secret.as_str()) {
                        continue;
                    }
                    next.push_str(&out[last..secret.start()]);
                    next.push_str(&marker(shape.kind));
                    last = secret.end();
                    count += 1;
                }
                next.push_str(&out[last..]);
                out = next;
            }
        }
        (out, count)
    }

    /// Byte length of the longest leading fragment of `text` that ends a registered secret.
    fn leading_fragment(&self, text: &str) -> Option<usize> {
        let mut best = None;
        for s in &self.patterns {
            for (at, _) in s.char_indices().skip(1) {
                let suffix = &s[at..];
                if suffix.chars().count() < MIN_FRAGMENT_CHARS {
                    break;
                }
                if text.starts_with(suffix) {
                    best = best.max(Some(suffix.len()));
                    break;
                }
            }
        }
        best
    }

    /// Byte offset of the earliest trailing fragment of `text` that starts a registered secret
    /// or a token shape.
    fn trailing_fragment(&self, text: &str) -> Option<usize> {
        let mut best: Option<usize> = None;
        for s in &self.patterns {
            let ends: Vec<usize> = s.char_indices().map(|(i, _)| i).skip(1).collect();
            for &end in ends.iter().rev() {
                let prefix = &s[..end];
                if prefix.chars().count() < MIN_FRAGMENT_CHARS {
                    break;
                }
                if text.ends_with(prefix) {
                    let start = text.len() - prefix.len();
                    best = Some(best.map_or(start, |b| b.min(start)));
                    break;
                }
            }
        }
        if self.shapes
            && let Some(m) = shapes::CUT_SHAPE_AT_END.find(text)
        {
            best = Some(best.map_or(m.start(), |b| b.min(m.start())));
        }
        best
    }
}

/// Whether `text` is exactly one marker (a shape whose secret part is already masked).
fn is_marker(text: &str) -> bool {
    text.strip_prefix("[REDACTED:")
        .and_then(|rest| rest.strip_suffix(']'))
        .is_some_and(|kind| kind.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
}

#[cfg(test)]
mod tests;
