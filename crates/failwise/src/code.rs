//! The two identifiers every envelope carries: its stable [`Code`] and its [`ExitStatus`].

use std::fmt;
use std::num::NonZeroU8;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::phrase::Phrase;

/// A stable machine code: `UPPER_SNAKE`, matching `^[A-Z][A-Z0-9_]*$`
/// (layer prefixes such as eval-mock's `EM_` and the sprawling agent kernel's `E_` fit the
/// pattern).
///
/// A code is part of a tool's compatibility promise: consumers branch on it, so it never
/// changes spelling within a major version.
///
/// # Examples
///
/// ```
/// use failwise::{Code, Envelope};
/// let code = Code::new("E_TOOL_UNKNOWN")?;
/// assert_eq!(code.as_str(), "E_TOOL_UNKNOWN");
/// assert!(Code::new("tool-unknown").is_err());
///
/// // A consumer branches on the code of an envelope it read.
/// let line = r#"{"error":true,"code":"E_TOOL_UNKNOWN","exit":2,"message":"no tool named serch","error_class":"permanent","retry":"no","retryable":false,"recovery":"call `search` instead","nearby":["search"]}"#;
/// let envelope = Envelope::from_json(line)?;
/// let handled = match envelope.code().as_str() {
///     "E_TOOL_UNKNOWN" => envelope.nearby().first().cloned(),
///     _ => None,
/// };
/// assert_eq!(handled.as_deref(), Some("search"));
/// assert_eq!(envelope.code(), &code);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Code(String);

/// A string that is not a valid [`Code`]; the message says which rule it breaks.
///
/// # Examples
///
/// ```
/// use failwise::{Code, InvalidCode};
/// let err: InvalidCode = Code::new("fileNotFound").unwrap_err();
/// assert_eq!(err.text, "fileNotFound");
/// assert_eq!(err.reason, "it must start with A-Z");
/// assert!(err.to_string().ends_with("write UPPER_SNAKE such as `FILE_NOT_FOUND`"));
///
/// // A code read from another tool can be normalized instead of refused.
/// assert_eq!(Code::normalize(&err.text, "CODE"), Code::new("FILE_NOT_FOUND")?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", crate::phrase::english_text(&self.phrase()))]
pub struct InvalidCode {
    /// The rejected text.
    pub text: String,
    /// Which rule of `^[A-Z][A-Z0-9_]*$` it breaks, in English (`i18n/en.ftl`).
    pub reason: &'static str,
    rule: CodeRule,
}

/// The rules of [`Code::PATTERN`], each with the Fluent id of its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CodeRule {
    Empty,
    FirstLetter,
    Characters,
}

impl CodeRule {
    const IDS: [&'static str; 3] = [
        "code-rule-empty",
        "code-rule-first-letter",
        "code-rule-characters",
    ];

    const fn id(self) -> &'static str {
        Self::IDS[self as usize]
    }

    /// The rule in English, rendered once from `en.ftl`.
    fn english(self) -> &'static str {
        static TEXTS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
        crate::phrase::english_table(&TEXTS, &Self::IDS)[self as usize].as_str()
    }
}

impl InvalidCode {
    /// The error as a phrase (`code-invalid`, the rule broken as `$reason`), for
    /// [`Localizer::render`](crate::i18n::Localizer::render) in another language; its
    /// `Display` is this phrase in English.
    pub fn phrase(&self) -> Phrase {
        Phrase::new("code-invalid")
            .arg("text", format!("{:?}", self.text))
            .phrase("reason", Phrase::new(self.rule.id()))
    }
}

impl Code {
    /// The pattern every code matches, as a JSON Schema `pattern`.
    pub const PATTERN: &'static str = "^[A-Z][A-Z0-9_]*$";

    /// Checks `text` against [`Code::PATTERN`].
    ///
    /// # Errors
    ///
    /// [`InvalidCode`] when `text` is empty, does not start with `A`–`Z`, or holds a character
    /// other than `A`–`Z`, `0`–`9` and `_`.
    pub fn new(text: impl Into<String>) -> Result<Self, InvalidCode> {
        let text = text.into();
        match Self::check(&text) {
            Ok(()) => Ok(Self(text)),
            Err(rule) => Err(InvalidCode {
                text,
                reason: rule.english(),
                rule,
            }),
        }
    }

    /// Turns any identifier into the nearest valid code: letters are upper-cased, every run of
    /// other characters becomes one `_`, camelCase humps are split (`NotFound` → `NOT_FOUND`),
    /// and a leading digit or an empty result gets the `prefix` (for example `HTTP`, `EXIT`).
    ///
    /// Used when reading another dialect, whose original spelling is kept in `source.code`.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::Code;
    /// assert_eq!(Code::normalize("rate_limit_exceeded", "CODE").as_str(), "RATE_LIMIT_EXCEEDED");
    /// assert_eq!(Code::normalize("ConditionalCheckFailedException", "CODE").as_str(),
    ///            "CONDITIONAL_CHECK_FAILED_EXCEPTION");
    /// assert_eq!(Code::normalize("-32601", "JSONRPC").as_str(), "JSONRPC_32601");
    /// ```
    pub fn normalize(text: &str, prefix: &str) -> Self {
        if is_normal(text) {
            // Already what the rules below would make of it (most codes read from the wire).
            return Self(text.to_owned());
        }
        Self::normalize_slowly(text, prefix)
    }

    fn normalize_slowly(text: &str, prefix: &str) -> Self {
        Self::new(failwise_spelling::upper_snake(text, prefix))
            .unwrap_or_else(|_| Self(String::from("UNKNOWN")))
    }

    pub(crate) fn check(text: &str) -> Result<(), CodeRule> {
        let mut chars = text.chars();
        match chars.next() {
            None => return Err(CodeRule::Empty),
            Some(c) if !c.is_ascii_uppercase() => return Err(CodeRule::FirstLetter),
            Some(_) => {}
        }
        if chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_') {
            Ok(())
        } else {
            Err(CodeRule::Characters)
        }
    }

    /// The code as written on the wire.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whether [`Code::normalize`] gives `text` back unchanged: it starts with `A-Z`, holds only
/// `A-Z`, `0-9` and single `_` between them, and no letter follows a digit (the rules would
/// mark that hump with `_`).
fn is_normal(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_uppercase)
        && bytes.last() != Some(&b'_')
        && bytes
            .iter()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || *b == b'_')
        && bytes.windows(2).all(|w| {
            let double_underscore = w == b"__";
            let hump = w[0].is_ascii_digit() && w[1].is_ascii_uppercase();
            !(double_underscore || hump)
        })
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<&str> for Code {
    type Error = InvalidCode;
    fn try_from(text: &str) -> Result<Self, InvalidCode> {
        Self::new(text)
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Self::new(text).map_err(serde::de::Error::custom)
    }
}

impl schemars::JsonSchema for Code {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Code".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": Self::PATTERN,
            "description": "Stable machine code, UPPER_SNAKE, optionally with a layer prefix such as E_ or EM_."
        })
    }
}

/// The exit status a process returns with an envelope: `1..=255`, equal to `$?`
/// (the shell's convention; the named constants follow `sysexits.h`). Zero is success and never
/// carries an envelope.
///
/// # Examples
///
/// ```
/// use failwise::ExitStatus;
/// let status = ExitStatus::new(75).ok_or("0 is success, not a failure")?;
/// assert_eq!(status, ExitStatus::TEMPFAIL);
/// assert_eq!(ExitStatus::new(0), None);
/// assert_eq!(ExitStatus::from_signal(9).get(), 137);
/// assert_eq!(ExitStatus::saturating(256), ExitStatus::FAILURE);
/// assert_eq!(serde_json::to_string(&ExitStatus::CONFIG)?, "78");
///
/// // The binary's `main` returns it as the process's status.
/// let _exit_code = std::process::ExitCode::from(status.get());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExitStatus(NonZeroU8);

impl ExitStatus {
    /// Generic failure, `1`.
    pub const FAILURE: Self = Self(NonZeroU8::MIN);
    /// Usage error, `2` (clap's convention).
    pub const USAGE: Self = Self::known(2);
    /// `EX_TEMPFAIL` (75): a temporary failure; the default for `transient` codes.
    pub const TEMPFAIL: Self = Self::known(75);
    /// `EX_CONFIG` (78): a configuration error.
    pub const CONFIG: Self = Self::known(78);
    /// `141` = 128 + `SIGPIPE`: the status for a closed output pipe.
    pub const BROKEN_PIPE: Self = Self::known(141);

    const fn known(value: u8) -> Self {
        match NonZeroU8::new(value) {
            Some(v) => Self(v),
            None => Self::FAILURE,
        }
    }

    /// `Some` for `1..=255`; `None` for zero, which is success.
    pub const fn new(value: u8) -> Option<Self> {
        match NonZeroU8::new(value) {
            Some(v) => Some(Self(v)),
            None => None,
        }
    }

    /// Any integer status, as a shell would report it: values outside `1..=255` are taken
    /// modulo 256, and a result of zero becomes `1` (a failure must never read as success).
    pub fn saturating(value: i64) -> Self {
        let wrapped = value.rem_euclid(256) as u8;
        Self::new(wrapped).unwrap_or(Self::FAILURE)
    }

    /// The shell's status for a process killed by signal `signal`: `128 + signal`
    /// (saturating at 255).
    pub fn from_signal(signal: u8) -> Self {
        Self::known(128u8.saturating_add(signal))
    }

    /// The status as a number in `1..=255`.
    pub const fn get(self) -> u8 {
        self.0.get()
    }
}

impl From<ExitStatus> for std::process::ExitCode {
    /// The status as the process's exit code, for `main` to return.
    fn from(status: ExitStatus) -> Self {
        Self::from(status.get())
    }
}

impl fmt::Display for ExitStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Serialize for ExitStatus {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.get())
    }
}

impl<'de> Deserialize<'de> for ExitStatus {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = i64::deserialize(d)?;
        u8::try_from(n).ok().and_then(Self::new).ok_or_else(|| {
            let phrase = crate::phrase::Phrase::new("bad-value-exit-range").arg("status", n);
            serde::de::Error::custom(crate::phrase::render_english(&phrase, &Default::default()))
        })
    }
}

impl schemars::JsonSchema for ExitStatus {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ExitStatus".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "integer",
            "minimum": 1,
            "maximum": 255,
            "description": "The exit status the process returns, equal to $?."
        })
    }
}

#[cfg(test)]
mod normalize_tests {
    use super::*;

    proptest::proptest! {
        /// The shortcut for codes already in normal form gives what the rules give.
        #[test]
        fn the_shortcut_agrees_with_the_rules(text in "[A-Z0-9_a-z -]{0,12}") {
            let fast = Code::normalize(&text, "CODE");
            let slow = Code::normalize_slowly(&text, "CODE");
            proptest::prop_assert_eq!(fast, slow);
        }
    }

    #[test]
    fn codes_in_normal_form_take_the_shortcut_and_others_do_not() {
        assert!(is_normal("FILE_NOT_FOUND"));
        assert!(is_normal("E2"));
        assert!(!is_normal("E2E"));
        assert!(!is_normal("A__B"));
        assert!(!is_normal("A_"));
        assert!(!is_normal("_A"));
        assert!(!is_normal("Ab"));
        assert!(!is_normal(""));
    }
}
