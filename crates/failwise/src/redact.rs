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
//! For every secret that [`Redactor::register`] accepted: no string and no `params` key of the
//! redacted envelope contains it, so neither its JSON line nor a rendering of it does. A
//! registered secret is replaced by `[REDACTED:secret]`, a token shape by
//! `[REDACTED:<kind>]` (such as `[REDACTED:github_token]`).
//!
//! Registration refuses values that cannot be hidden or that would mask ordinary text
//! ([`RefusedSecret`]): fewer than [`MIN_SECRET_CHARS`] characters (not counting whitespace),
//! values made only of number characters (the envelope's own numbers could spell them), and
//! values that occur inside the wire format's own words (field names, enum values, markers),
//! which every envelope prints.
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
mod shapes;
mod stream;

pub use envelope_walk::REDACTED_PARAM;
pub use stream::{HOLD_LIMIT_BYTES, StreamRedactor};

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

/// Parts of environment variable names that mark the value as a secret, matched
/// case-insensitively anywhere in the name: `GITHUB_TOKEN`, `DB_PASSWORD`, `AWS_SECRET_ACCESS_KEY`,
/// `OPENAI_API_KEY`, `HTTP_AUTHORIZATION`, `SESSION_COOKIE` are all secrets.
pub const SECRET_NAME_PARTS: &[&str] = &[
    "TOKEN",
    "SECRET",
    "PASSWORD",
    "PASSWD",
    "PASSPHRASE",
    "API_KEY",
    "APIKEY",
    "ACCESS_KEY",
    "PRIVATE_KEY",
    "CREDENTIAL",
    "AUTH",
    "SESSION",
    "COOKIE",
    "SIGNATURE",
    "DSN",
];

/// Whether an environment variable named `name` holds a secret: its name contains one of
/// [`SECRET_NAME_PARTS`], ignoring case.
///
/// ```
/// use failwise::redact::is_secret_name;
/// assert!(is_secret_name("GITHUB_TOKEN"));
/// assert!(is_secret_name("pgpassword"));
/// assert!(!is_secret_name("PATH"));
/// ```
pub fn is_secret_name(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    SECRET_NAME_PARTS.iter().any(|part| upper.contains(part))
}

/// Why [`Redactor::register`] refused a value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RefusedSecret {
    /// Fewer than [`MIN_SECRET_CHARS`] characters other than whitespace.
    #[error("{}", crate::phrase::english_text(&self.phrase()))]
    TooShort {
        /// Its characters, whitespace not counted.
        chars: usize,
    },
    /// Only digits, signs, dots and exponents: the envelope's own numbers (exit status, sizes,
    /// line numbers, waits) could spell it.
    #[error("{}", crate::phrase::english_text(&self.phrase()))]
    NumberLike,
    /// Occurs inside a word every envelope prints (a field name, an enum value, a marker, a
    /// label of the human rendering).
    #[error("{}", crate::phrase::english_text(&self.phrase()))]
    WireVocabulary {
        /// The word that contains it.
        word: &'static str,
    },
}

impl RefusedSecret {
    /// The refusal as a phrase (`secret-too-short`, `secret-number-like`,
    /// `secret-wire-vocabulary`), for [`Localizer::render`](crate::i18n::Localizer::render) in
    /// another language; its `Display` is this phrase in English.
    pub fn phrase(&self) -> crate::Phrase {
        match self {
            Self::TooShort { chars } => crate::Phrase::new("secret-too-short")
                .arg("chars", *chars)
                .arg("min", MIN_SECRET_CHARS),
            Self::NumberLike => crate::Phrase::new("secret-number-like"),
            Self::WireVocabulary { word } => {
                crate::Phrase::new("secret-wire-vocabulary").arg("word", format!("{word:?}"))
            }
        }
    }
}

/// The words of the wire format that every envelope may print: field names, enum values,
/// markers. A secret inside one of them cannot be hidden.
const WIRE_WORDS: &[&str] = &[
    "error",
    "code",
    "exit",
    "message",
    "error_class",
    "retry",
    "retryable",
    "retry_after_ms",
    "recovery",
    "action",
    "subject",
    "params",
    "nearby",
    "candidates",
    "location",
    "path",
    "workspace",
    "discarded_flags",
    "items",
    "gate",
    "provider",
    "truncated",
    "doc_url",
    "lang",
    "source",
    "causes",
    "text",
    "line",
    "column",
    "similarity",
    "strategy",
    "diff_preview",
    "total",
    "failed_index",
    "results",
    "index",
    "rule",
    "violation",
    "alternative",
    "kind",
    "status",
    "dialect",
    "transient",
    "conflict",
    "precondition_failed",
    "permanent",
    "ambiguous",
    "unknown",
    "exchange",
    "silence",
    "refused",
    "quota",
    "overflow",
    "unreadable",
    "reported",
    "true",
    "false",
    "redacted",
    "[REDACTED:secret]",
    "[REDACTED:private_key]",
    "[REDACTED:jwt]",
    "[REDACTED:github_token]",
    "[REDACTED:aws_access_key_id]",
    "[REDACTED:api_key]",
    "[REDACTED:slack_token]",
    "[REDACTED:google_api_key]",
    "[REDACTED:bearer_token]",
    "[REDACTED:url_password]",
    crate::truncate::CUT_MARKER,
];

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
    /// Registered values, deduplicated, in registration order.
    secrets: Vec<String>,
    /// Leftmost-longest matcher over `secrets` (and their cores, see `register`).
    matcher: Option<AhoCorasick>,
    /// The patterns the matcher holds.
    patterns: Vec<String>,
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
            matcher: None,
            patterns: Vec::new(),
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

    /// Registers the values of the variables in `vars` whose names mark them as secrets
    /// ([`is_secret_name`]). Values that [`Redactor::register`] refuses (too short, number-like)
    /// are skipped. Returns how many values were registered.
    pub fn register_env<I, K, V>(&mut self, vars: I) -> usize
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: Into<String>,
    {
        let mut registered = 0;
        for (name, value) in vars {
            if is_secret_name(name.as_ref()) && self.register(value).is_ok() {
                registered += 1;
            }
        }
        registered
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
        self.matcher = AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(&patterns)
            .ok();
        self.patterns = patterns;
    }

    /// A [`StreamRedactor`] that masks the registered values (never the token shapes) in a
    /// stream of bytes, or `None` when no value is registered, so the stream can be copied as
    /// it is.
    pub fn stream(&self) -> Option<StreamRedactor> {
        StreamRedactor::new(&self.patterns)
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
    pub(crate) fn is_clean(&self, text: &str) -> bool {
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

/// Checks a value against the rules of [`Redactor::register`].
fn check(secret: &str) -> Result<(), RefusedSecret> {
    let chars = secret.chars().filter(|c| !c.is_whitespace()).count();
    if chars < MIN_SECRET_CHARS {
        return Err(RefusedSecret::TooShort { chars });
    }
    if secret.chars().any(|c| c.is_ascii_digit())
        && secret
            .chars()
            .all(|c| c.is_ascii_digit() || "+-.eE".contains(c) || c.is_whitespace())
    {
        return Err(RefusedSecret::NumberLike);
    }
    let labels = crate::render::LABEL_WORDS.iter().map(String::as_str);
    for word in WIRE_WORDS.iter().copied().chain(labels) {
        if word.contains(secret) {
            return Err(RefusedSecret::WireVocabulary { word });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
