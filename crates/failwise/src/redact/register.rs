//! Which values may be registered as secrets, and which environment variables hold them: the
//! rules that make "an accepted secret never appears" a promise that can be kept.
//!
//! A value is refused when it cannot be hidden in every rendering: too short to be told from
//! ordinary text, spelled by the numbers or the syntax a JSON line writes around its fields, or
//! inside a word every envelope prints. Everything else is accepted and masked wherever it
//! occurs, in fields ([`Redactor::redact_envelope`](super::Redactor::redact_envelope)), in the
//! rendered line ([`Redactor::seal_json`](super::Redactor::seal_json)) and in a byte stream
//! ([`StreamRedactor`](super::StreamRedactor)).

use super::MIN_SECRET_CHARS;

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

/// Variables whose names contain a part of [`SECRET_NAME_PARTS`] but whose values are not
/// secrets, as set by the systems that define them: a socket or file path (`SSH_AUTH_SOCK`,
/// OpenSSH's agent; `XAUTHORITY`, X11's cookie file, which is not the cookie), a session's
/// identifiers (the `XDG_SESSION_*` variables of systemd-logind, `DESKTOP_SESSION`,
/// `SESSION_MANAGER`, `DBUS_SESSION_BUS_ADDRESS`), and a library's switch
/// (`TOKENIZERS_PARALLELISM`, Hugging Face tokenizers). A name ending in `*` is a prefix.
pub const NOT_SECRET_NAMES: &[&str] = &[
    "SSH_AUTH_SOCK",
    "XAUTHORITY",
    "XDG_SESSION_*",
    "DESKTOP_SESSION",
    "SESSION_MANAGER",
    "DBUS_SESSION_BUS_ADDRESS",
    "TOKENIZERS_PARALLELISM",
];

/// Whether an environment variable named `name` holds a secret: its name contains one of
/// [`SECRET_NAME_PARTS`], ignoring case, and is not one of [`NOT_SECRET_NAMES`].
///
/// ```
/// use failwise::redact::is_secret_name;
/// assert!(is_secret_name("GITHUB_TOKEN"));
/// assert!(is_secret_name("pgpassword"));
/// assert!(!is_secret_name("PATH"));
/// assert!(!is_secret_name("XDG_SESSION_ID"));
/// ```
pub fn is_secret_name(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    let excluded = NOT_SECRET_NAMES.iter().any(|n| match n.strip_suffix('*') {
        Some(prefix) => upper.starts_with(prefix),
        None => upper == *n,
    });
    !excluded && SECRET_NAME_PARTS.iter().any(|part| upper.contains(part))
}

/// Why [`Redactor::register`](super::Redactor::register) refused a value.
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
        /// The word that contains it. It spells the value, so the refusal's phrase (and its
        /// `Display`) never shows it: a warning about an environment variable names the
        /// variable only.
        word: &'static str,
    },
    /// Holds, inside it, a quotation mark beside JSON punctuation (`":`, `,"`, `{"`, …): the
    /// syntax of a JSON line around its fields could spell it, where no
    /// field can be masked.
    #[error("{}", crate::phrase::english_text(&self.phrase()))]
    WireSyntax,
    /// Made only of what a JSON line writes outside its strings (digits, signs, `.`, `e`,
    /// `{}[]:,`, whitespace and parts of `true`, `false`, `null`), so the line's own
    /// punctuation and numbers could spell it.
    #[error("{}", crate::phrase::english_text(&self.phrase()))]
    SyntaxLike,
}

impl RefusedSecret {
    /// The refusal as a phrase (`secret-too-short`, `secret-number-like`,
    /// `secret-wire-vocabulary`, `secret-wire-syntax`, `secret-syntax-like`), for [`Localizer::render`](crate::i18n::Localizer::render) in
    /// another language; its `Display` is this phrase in English.
    ///
    /// The phrase says which rule the value breaks and never quotes the value or any text
    /// that holds it: not the wire word of [`RefusedSecret::WireVocabulary`] (a word holding
    /// the value spells it), since the refused value is not registered and nothing would
    /// mask it where the phrase is printed.
    pub fn phrase(&self) -> crate::Phrase {
        match self {
            Self::TooShort { chars } => crate::Phrase::new("secret-too-short")
                .arg("chars", *chars)
                .arg("min", MIN_SECRET_CHARS),
            Self::NumberLike => crate::Phrase::new("secret-number-like"),
            Self::WireVocabulary { .. } => crate::Phrase::new("secret-wire-vocabulary"),
            Self::WireSyntax => crate::Phrase::new("secret-wire-syntax"),
            Self::SyntaxLike => crate::Phrase::new("secret-syntax-like"),
        }
    }
}

/// The words of the wire format that every envelope may print besides its member names
/// ([`crate::envelope::MEMBERS`]): nested field names, enum values, markers. A secret inside
/// one of them cannot be hidden.
const WIRE_WORDS: &[&str] = &[
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

/// Checks a value against the rules of [`Redactor::register`](super::Redactor::register).
pub(super) fn check(secret: &str) -> Result<(), RefusedSecret> {
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
    if syntax_like(secret) {
        return Err(RefusedSecret::SyntaxLike);
    }
    if wire_syntax(secret) {
        return Err(RefusedSecret::WireSyntax);
    }
    let labels = crate::render::LABEL_WORDS.iter().map(String::as_str);
    let members = crate::envelope::MEMBERS.iter().copied();
    for word in members.chain(WIRE_WORDS.iter().copied()).chain(labels) {
        if word.contains(secret) {
            return Err(RefusedSecret::WireVocabulary { word });
        }
    }
    Ok(())
}

/// Whether `secret` is made only of what a JSON line writes outside its strings: its letters,
/// in runs, can only be parts of `true`, `false` or `null` (a whole word inside, its end at the
/// start, its beginning at the end).
fn syntax_like(secret: &str) -> bool {
    const WORDS: [&str; 3] = ["true", "false", "null"];
    let outside = |c: char| c.is_ascii_digit() || "+-.{}[]:,".contains(c) || c.is_whitespace();
    if !secret.chars().all(|c| outside(c) || c.is_ascii_lowercase()) {
        return false;
    }
    let runs: Vec<&str> = secret.split(|c: char| !c.is_ascii_lowercase()).collect();
    let last = runs.len() - 1;
    runs.iter().enumerate().all(|(i, run)| {
        run.is_empty()
            || WORDS.iter().any(|w| match (i == 0, i == last) {
                (true, true) => w.contains(run),
                (true, false) => w.ends_with(run),
                (false, true) => w.starts_with(run),
                (false, false) => w == run,
            })
    })
}

/// Whether `secret` holds, inside it, a quotation mark that a JSON line's syntax could write
/// beside what follows or precedes it: `"` next to `:`, `,`, `{`, `}`, `[` or `]`. (A mark at
/// either end is no obstacle: the value without it is registered too, and masked in the
/// field the line's own mark closes.)
fn wire_syntax(secret: &str) -> bool {
    let bytes = secret.as_bytes();
    let punct = |b: u8| b":,{}[]".contains(&b);
    (1..bytes.len().saturating_sub(1))
        .any(|i| bytes[i] == b'"' && (punct(bytes[i - 1]) || punct(bytes[i + 1])))
}

/// What [`Redactor::register_env`](super::Redactor::register_env) did with an environment: how
/// many values it registered, and the variables whose names mark them as secrets but whose
/// values it refused, with why (never the value). An empty value is neither.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EnvSecrets {
    /// Values registered.
    pub registered: usize,
    /// Variables refused, by name, in the order met.
    pub refused: Vec<(String, RefusedSecret)>,
}
