//! Reading a v1 line back into an [`Envelope`], and naming the invariant a line breaks.
//!
//! The reader is lenient where RFC 9457 asks readers to be (unknown fields are ignored; the
//! legacy boolean `retriable` of older sprawling ledgers reads as `retry`), and strict about
//! everything the v1 wire format promises, so that a line which reads is one the writer could have
//! produced.

use std::fmt;

use serde_json::{Map, Value};

#[cfg(test)]
mod agreement;
mod check;
mod fast;
mod members;
mod unique;

pub(crate) use unique::{
    ParseError as UniqueError, parse as parse_unique, parse_slice as parse_unique_slice,
};

pub use check::CheckedLine;

use crate::code::{Code, ExitStatus};
use crate::envelope::Envelope;
use crate::phrase::Phrase;
use crate::verdict::{ErrorClass, Retry, Verdict};

/// Why a line is not a valid v1 envelope.
///
/// Each kind has a stable [`ReadError::code`], and [`ReadError::pointer`] is the JSON Pointer
/// (RFC 6901) of the offending value (`""` for the whole line).
///
/// # Examples
///
/// ```
/// use failwise::{Envelope, ReadErrorKind};
/// let line = r#"{"error":true,"code":"LOCKED","exit":75,"message":"database is locked","error_class":"transient","retry":"yes","retryable":true}"#;
/// let err = Envelope::from_json(line).unwrap_err();
/// assert_eq!(err.pointer(), "/recovery");
/// assert_eq!(err.code().as_str(), "MISSING_FIELD");
/// assert!(matches!(err.kind(), ReadErrorKind::MissingField));
/// assert_eq!(err.to_string(), "required field /recovery is missing");
///
/// // With the recovery the line reads.
/// let fixed = line.replace('}', r#","recovery":"wait for the other writer, then run the command again"}"#);
/// assert_eq!(Envelope::from_json(&fixed)?.code().as_str(), "LOCKED");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    pointer: String,
    kind: ReadErrorKind,
}

/// What kind of problem a [`ReadError`] is.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The line is not JSON; `column` is 1-based, in bytes.
    Syntax {
        /// The parser's message.
        detail: String,
        /// 1-based byte column where parsing stopped.
        column: usize,
    },
    /// An object names the same member twice (RFC 8259 §4 leaves the meaning to each reader;
    /// I-JSON, RFC 7493 §2.3, forbids it); the pointer names the second occurrence.
    DuplicateKey,
    /// The line is JSON but not an object.
    NotAnObject,
    /// The object has no `"error": true`: it is not a failure record.
    NotAnEnvelope,
    /// A required field is absent.
    MissingField,
    /// A field has the wrong JSON type; `expected` names the type.
    WrongType {
        /// The Fluent id of the JSON type the field must have, such as
        /// `expected-array-of-strings` (`i18n/en.ftl` says it in words).
        expected: &'static str,
    },
    /// A field has the right type but a value outside what v1 allows.
    BadValue {
        /// What is wrong with it.
        detail: Phrase,
    },
    /// The line breaks one of the envelope's invariants.
    Invariant(Invariant),
}

/// The envelope's invariants that a well-typed line can still break.
///
/// # Examples
///
/// ```
/// use failwise::{Envelope, Invariant, ReadErrorKind};
/// let line = r#"{"error":true,"code":"BAD_ARGUMENT","exit":2,"message":"unknown flag --frce","error_class":"permanent","retry":"yes","retryable":true,"recovery":"pass --force"}"#;
/// let err = Envelope::from_json(line).unwrap_err();
/// let ReadErrorKind::Invariant(broken) = err.kind() else {
///     return Err(format!("expected a broken invariant, got {err}").into());
/// };
/// assert_eq!(*broken, Invariant::ClassBoundsRetry);
/// assert_eq!(broken.name(), "class_bounds_retry");
/// assert_eq!(err.code().as_str(), "INVARIANT_CLASS_BOUNDS_RETRY");
/// assert!(broken.rule().starts_with("transient takes retry yes|unknown"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Invariant {
    /// `recovery` is empty or only whitespace.
    RecoveryPresent,
    /// `retryable` differs from `retry == "yes"`.
    RetryableFollowsRetry,
    /// `retry_after_ms` is present with a verdict other than `yes`.
    WaitOnlyWithYes,
    /// `error_class` does not admit the `retry` verdict.
    ClassBoundsRetry,
    /// `gate` lacks a part, or its alternative only refuses.
    GateComplete,
    /// `nearby`, `candidates`, `discarded_flags`, `causes` or `verify.command` is an empty
    /// list.
    ListsNonEmpty,
    /// An optional field is present but `null` or `""`: absent fields are omitted.
    AbsentMeansOmitted,
    /// `items.failed_index` or an `items.results[].index` is not a 1-based position within
    /// `items.total`.
    ItemIndexInRange,
    /// `verify` is present with a verdict other than `unknown`: a verify command answers only
    /// a request whose effect is unknown (DESIGN §2).
    VerifyOnlyWithUnknown,
}

impl Invariant {
    /// A stable name for the invariant, used as the code of a validation finding.
    pub const fn name(self) -> &'static str {
        match self {
            Self::RecoveryPresent => "recovery_present",
            Self::RetryableFollowsRetry => "retryable_follows_retry",
            Self::WaitOnlyWithYes => "wait_only_with_yes",
            Self::ClassBoundsRetry => "class_bounds_retry",
            Self::GateComplete => "gate_complete",
            Self::ListsNonEmpty => "lists_non_empty",
            Self::AbsentMeansOmitted => "absent_means_omitted",
            Self::ItemIndexInRange => "item_index_in_range",
            Self::VerifyOnlyWithUnknown => "verify_only_with_unknown",
        }
    }

    /// Every invariant, in declaration order.
    const ALL: [Self; 9] = [
        Self::RecoveryPresent,
        Self::RetryableFollowsRetry,
        Self::WaitOnlyWithYes,
        Self::ClassBoundsRetry,
        Self::GateComplete,
        Self::ListsNonEmpty,
        Self::AbsentMeansOmitted,
        Self::ItemIndexInRange,
        Self::VerifyOnlyWithUnknown,
    ];

    /// The Fluent id of the rule's sentence: `invariant-` and [`Invariant::name`].
    pub const fn rule_id(self) -> &'static str {
        match self {
            Self::RecoveryPresent => "invariant-recovery_present",
            Self::RetryableFollowsRetry => "invariant-retryable_follows_retry",
            Self::WaitOnlyWithYes => "invariant-wait_only_with_yes",
            Self::ClassBoundsRetry => "invariant-class_bounds_retry",
            Self::GateComplete => "invariant-gate_complete",
            Self::ListsNonEmpty => "invariant-lists_non_empty",
            Self::AbsentMeansOmitted => "invariant-absent_means_omitted",
            Self::ItemIndexInRange => "invariant-item_index_in_range",
            Self::VerifyOnlyWithUnknown => "invariant-verify_only_with_unknown",
        }
    }

    /// The rule, as one sentence in English ([`Invariant::rule_id`] in `i18n/en.ftl`, rendered
    /// once).
    pub fn rule(self) -> &'static str {
        static TEXTS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
        let ids = Self::ALL.map(Self::rule_id);
        let texts = crate::phrase::english_table(&TEXTS, &ids);
        Self::ALL
            .iter()
            .position(|inv| *inv == self)
            .and_then(|i| texts.get(i))
            .map_or("", String::as_str)
    }
}

impl ReadError {
    fn new(pointer: impl Into<String>, kind: ReadErrorKind) -> Self {
        Self {
            pointer: pointer.into(),
            kind,
        }
    }

    fn at(field: &str, kind: ReadErrorKind) -> Self {
        Self::new(format!("/{field}"), kind)
    }

    /// The JSON Pointer of the offending value; `""` for the whole line.
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// The kind of problem.
    pub fn kind(&self) -> &ReadErrorKind {
        &self.kind
    }

    /// A stable `UPPER_SNAKE` code for the problem, such as `INVALID_JSON` or
    /// `INVARIANT_CLASS_BOUNDS_RETRY`.
    pub fn code(&self) -> Code {
        let text = match &self.kind {
            ReadErrorKind::Syntax { .. } => "INVALID_JSON",
            ReadErrorKind::DuplicateKey => "DUPLICATE_KEY",
            ReadErrorKind::NotAnObject => "NOT_AN_OBJECT",
            ReadErrorKind::NotAnEnvelope => "NOT_AN_ENVELOPE",
            ReadErrorKind::MissingField => "MISSING_FIELD",
            ReadErrorKind::WrongType { .. } => "WRONG_TYPE",
            ReadErrorKind::BadValue { .. } => "BAD_VALUE",
            ReadErrorKind::Invariant(inv) => {
                return Code::normalize(&format!("INVARIANT_{}", inv.name()), "INVARIANT");
            }
        };
        Code::normalize(text, "READ")
    }

    /// The problem as a phrase: `problem-<CODE>` (see [`ReadError::code`]) with `$at` the
    /// pointer (or `problem-at-line` for the whole line) and the kind's own arguments (a
    /// parser's text stays as the parser wrote it). Its `Display` is this phrase in English;
    /// [`Localizer::render`](crate::i18n::Localizer::render) says it in another language.
    ///
    /// ```
    /// use failwise::Envelope;
    /// use failwise::i18n::Localizer;
    /// let err = Envelope::from_json(r#"{"error":true,"code":"X"}"#).unwrap_err();
    /// assert_eq!(err.phrase().id(), "problem-MISSING_FIELD");
    /// let (text, _) = Localizer::new("pt-BR").render(&err.phrase(), &Default::default()).ok_or("no text")?;
    /// assert_eq!(text, "o campo obrigatório /exit está ausente");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn phrase(&self) -> Phrase {
        let phrase = Phrase::new(format!("problem-{}", self.code()));
        let phrase = if self.pointer.is_empty() {
            phrase.phrase("at", Phrase::new("problem-at-line"))
        } else {
            phrase.arg("at", self.pointer.clone())
        };
        match &self.kind {
            ReadErrorKind::Syntax { detail, column } => {
                phrase.arg("column", *column).arg("detail", detail.clone())
            }
            ReadErrorKind::WrongType { expected } => {
                phrase.phrase("expected", Phrase::new(*expected))
            }
            ReadErrorKind::BadValue { detail } => phrase.phrase("detail", detail.clone()),
            ReadErrorKind::DuplicateKey
            | ReadErrorKind::NotAnObject
            | ReadErrorKind::NotAnEnvelope
            | ReadErrorKind::MissingField
            | ReadErrorKind::Invariant(_) => phrase,
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::phrase::english_text(&self.phrase()))
    }
}

impl std::error::Error for ReadError {}

impl Envelope {
    /// Reads one line of JSON as a v1 envelope.
    ///
    /// # Errors
    ///
    /// A [`ReadError`] naming the first problem found, with its JSON Pointer: invalid JSON, a
    /// member named twice in one object, not an object, no `"error": true`, a missing or
    /// ill-typed field, or a broken [`Invariant`].
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::{Envelope, Retry};
    /// let line = r#"{"error":true,"code":"E_PROVIDER","exit":1,"message":"m","error_class":"transient","retry":"yes","retryable":true,"recovery":"r","future_field":1}"#;
    /// assert_eq!(Envelope::from_json(line)?.retry(), Retry::Yes);
    ///
    /// let bad = line.replace(r#""retryable":true"#, r#""retryable":false"#);
    /// let err = Envelope::from_json(&bad).unwrap_err();
    /// assert_eq!(err.code().as_str(), "INVARIANT_RETRYABLE_FOLLOWS_RETRY");
    /// # Ok::<(), failwise::ReadError>(())
    /// ```
    pub fn from_json(line: &str) -> Result<Self, ReadError> {
        Self::from_json_quickly(line).map_or_else(|| Self::from_json_checked(line), Ok)
    }

    /// The envelope of a valid line by the check-only pass and the typed pass alone, or `None`
    /// when the line is not valid or is unusual (then [`Envelope::from_json`] asks the checked
    /// reader). A `Some` is exactly what [`Envelope::from_json`] gives.
    pub(crate) fn from_json_quickly(line: &str) -> Option<Self> {
        check::check(line)?;
        fast::read(line)
    }

    /// Checks one line of JSON as [`Envelope::from_json`] does, with the same verdict and the
    /// same [`ReadError`], without building the envelope: a valid line is read in one pass over
    /// borrowed text and allocates nothing (free-form members such as `params` are checked for
    /// shape and unique names only). Returns what a caller needs to compare the line with a
    /// catalog: its code, exit status and class. This is what `failwise validate` runs on every
    /// line.
    ///
    /// # Errors
    ///
    /// Exactly the error [`Envelope::from_json`] returns for the line.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::{Envelope, ErrorClass};
    /// let line = r#"{"error":true,"code":"LOCKED","exit":75,"message":"m","error_class":"transient","retry":"yes","retryable":true,"recovery":"r"}"#;
    /// let checked = Envelope::check_json(line)?;
    /// assert_eq!((checked.code(), checked.exit().get(), checked.error_class()), ("LOCKED", 75, ErrorClass::Transient));
    ///
    /// let twice = line.replace(r#""exit":75"#, r#""exit":75,"exit":1"#);
    /// assert_eq!(Envelope::check_json(&twice).unwrap_err().pointer(), "/exit");
    /// # Ok::<(), failwise::ReadError>(())
    /// ```
    pub fn check_json(line: &str) -> Result<CheckedLine<'_>, ReadError> {
        match check::check(line) {
            Some(checked) => Ok(checked),
            None => Self::from_json_checked(line).map(CheckedLine::from_envelope),
        }
    }

    /// The checked reader alone: parse (refusing repeated names), then [`Envelope::from_value`].
    fn from_json_checked(line: &str) -> Result<Self, ReadError> {
        let value = unique::parse(line).map_err(|e| match e {
            unique::ParseError::Syntax(e) => ReadError::new(
                "",
                ReadErrorKind::Syntax {
                    detail: strip_position(&e),
                    column: e.column(),
                },
            ),
            unique::ParseError::Duplicate(pointer) => {
                ReadError::new(pointer, ReadErrorKind::DuplicateKey)
            }
        })?;
        Self::from_value(&value)
    }

    /// Reads an already-parsed JSON value as a v1 envelope; see [`Envelope::from_json`].
    ///
    /// # Errors
    ///
    /// As [`Envelope::from_json`], without the syntax case, and without the check for repeated
    /// member names (a parsed [`Value`] holds only one of them).
    pub fn from_value(value: &Value) -> Result<Self, ReadError> {
        let obj = value
            .as_object()
            .ok_or_else(|| ReadError::new("", ReadErrorKind::NotAnObject))?;
        Reader { obj }.read()
    }
}

fn strip_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_owned(),
        None => text,
    }
}

struct Reader<'a> {
    obj: &'a Map<String, Value>,
}

fn wrong(field: &str, expected: &'static str) -> ReadError {
    ReadError::at(field, ReadErrorKind::WrongType { expected })
}

fn bad(field: &str, detail: Phrase) -> ReadError {
    ReadError::at(field, ReadErrorKind::BadValue { detail })
}

fn broken(field: &str, inv: Invariant) -> ReadError {
    ReadError::at(field, ReadErrorKind::Invariant(inv))
}

impl<'a> Reader<'a> {
    /// A present value, with `null` reported as a broken [`Invariant::AbsentMeansOmitted`].
    fn optional(&self, field: &str) -> Result<Option<&'a Value>, ReadError> {
        match self.obj.get(field) {
            None => Ok(None),
            Some(Value::Null) => Err(broken(field, Invariant::AbsentMeansOmitted)),
            Some(v) => Ok(Some(v)),
        }
    }

    fn required(&self, field: &str) -> Result<&'a Value, ReadError> {
        self.optional(field)?
            .ok_or_else(|| ReadError::at(field, ReadErrorKind::MissingField))
    }

    fn required_str(&self, field: &str) -> Result<&'a str, ReadError> {
        self.required(field)?
            .as_str()
            .ok_or_else(|| wrong(field, "expected-string"))
    }

    fn optional_str(&self, field: &str) -> Result<Option<String>, ReadError> {
        match self.optional(field)? {
            None => Ok(None),
            Some(Value::String(s)) if s.is_empty() => {
                Err(broken(field, Invariant::AbsentMeansOmitted))
            }
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(wrong(field, "expected-string")),
        }
    }

    fn string_list(&self, field: &str) -> Result<Vec<String>, ReadError> {
        let Some(v) = self.optional(field)? else {
            return Ok(Vec::new());
        };
        let list = v
            .as_array()
            .ok_or_else(|| wrong(field, "expected-array-of-strings"))?;
        if list.is_empty() {
            return Err(broken(field, Invariant::ListsNonEmpty));
        }
        list.iter()
            .enumerate()
            .map(|(i, item)| {
                item.as_str().map(str::to_owned).ok_or_else(|| {
                    ReadError::new(
                        format!("/{field}/{i}"),
                        ReadErrorKind::WrongType {
                            expected: "expected-string",
                        },
                    )
                })
            })
            .collect()
    }

    fn read(&self) -> Result<Envelope, ReadError> {
        match self.obj.get("error") {
            Some(Value::Bool(true)) => {}
            _ => return Err(ReadError::new("", ReadErrorKind::NotAnEnvelope)),
        }
        let code = Code::new(self.required_str("code")?).map_err(|e| bad("code", e.phrase()))?;
        let exit = match self.required("exit")? {
            Value::Number(n) => n
                .as_u64()
                .and_then(|n| u8::try_from(n).ok())
                .and_then(ExitStatus::new)
                .ok_or_else(|| {
                    bad(
                        "exit",
                        Phrase::new("bad-value-exit-range").arg("status", n.to_string()),
                    )
                })?,
            _ => return Err(wrong("exit", "expected-exit-status")),
        };
        let message = self.required_str("message")?.to_owned();
        let class_text = self.required_str("error_class")?;
        let class = ErrorClass::parse(class_text).ok_or_else(|| {
            bad(
                "error_class",
                Phrase::new("bad-value-error-class").arg("class", format!("{class_text:?}")),
            )
        })?;
        let (retry, legacy) = self.retry()?;
        match self.optional("retryable")? {
            None if !legacy => return Err(ReadError::at("retryable", ReadErrorKind::MissingField)),
            None => {}
            Some(Value::Bool(b)) if *b != (retry == Retry::Yes) => {
                return Err(broken("retryable", Invariant::RetryableFollowsRetry));
            }
            Some(Value::Bool(_)) => {}
            Some(_) => return Err(wrong("retryable", "expected-boolean")),
        }
        let wait = match self.optional("retry_after_ms")? {
            None => None,
            Some(v) => Some(
                v.as_u64()
                    .ok_or_else(|| wrong("retry_after_ms", "expected-non-negative-integer"))?,
            ),
        };
        if wait.is_some() && retry != Retry::Yes {
            return Err(broken("retry_after_ms", Invariant::WaitOnlyWithYes));
        }
        let verdict =
            Verdict::new(class, retry).map_err(|_| broken("retry", Invariant::ClassBoundsRetry))?;
        let verdict = match wait {
            Some(ms) => verdict.after_ms(ms),
            None => verdict,
        };
        let recovery = self.required_str("recovery")?;
        if recovery.trim().is_empty() {
            return Err(broken("recovery", Invariant::RecoveryPresent));
        }

        let mut draft = Envelope::draft(code, exit, message).verdict(verdict);
        if let Some(a) = self.optional_str("action")? {
            draft = draft.action(a);
        }
        if let Some(s) = self.optional_str("subject")? {
            draft = draft.subject(s);
        }
        if let Some(v) = self.optional("params")? {
            let map = v
                .as_object()
                .ok_or_else(|| wrong("params", "expected-object"))?;
            draft = draft.params(map.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        draft = draft.nearby(self.string_list("nearby")?);
        if let Some(v) = self.optional("candidates")? {
            draft = draft.candidates(members::candidates(v)?);
        }
        if let Some(v) = self.optional("location")? {
            draft = draft.location(members::location(v)?);
        }
        if let Some(p) = self.optional_str("path")? {
            draft = draft.path(p);
        }
        if let Some(w) = self.optional_str("workspace")? {
            draft = draft.workspace(w);
        }
        draft = draft.discarded_flags(self.string_list("discarded_flags")?);
        if let Some(v) = self.optional("items")? {
            draft = draft.items(members::items(v)?);
        }
        if let Some(v) = self.optional("gate")? {
            draft = draft.gate(members::gate(v)?);
        }
        if let Some(v) = self.optional("provider")? {
            draft = draft.provider(members::provider(v)?);
        }
        if let Some(v) = self.optional("truncated")? {
            for (pointer, size) in members::truncated(v)? {
                draft = draft.truncated(pointer, size);
            }
        }
        if let Some(u) = self.optional_str("doc_url")? {
            draft = draft.doc_url(u);
        }
        if let Some(l) = self.optional_str("lang")? {
            members::lang(&l)?;
            draft = draft.lang(l);
        }
        if let Some(v) = self.optional("source")? {
            draft = draft.source(members::source(v)?);
        }
        if let Some(v) = self.optional("causes")? {
            draft = draft.causes(members::causes(v)?);
        }
        if let Some(v) = self.optional("verify")? {
            let verify = members::verify(v)?;
            if retry != Retry::Unknown {
                return Err(broken("verify", Invariant::VerifyOnlyWithUnknown));
            }
            draft = draft.verify(verify);
        }
        draft
            .with_recovery(recovery)
            .map_err(|_| broken("recovery", Invariant::RecoveryPresent))
    }

    /// `retry`, or the legacy boolean `retriable`; the flag says the legacy spelling was used.
    fn retry(&self) -> Result<(Retry, bool), ReadError> {
        if let Some(v) = self.optional("retry")? {
            return match v.as_str() {
                Some("yes") => Ok((Retry::Yes, false)),
                Some("no") => Ok((Retry::No, false)),
                Some("unknown") => Ok((Retry::Unknown, false)),
                Some(other) => Err(bad(
                    "retry",
                    Phrase::new("bad-value-retry").arg("retry", format!("{other:?}")),
                )),
                None => Err(wrong("retry", "expected-retry-verdict")),
            };
        }
        match self.optional("retriable")? {
            Some(Value::Bool(true)) => Ok((Retry::Yes, true)),
            Some(Value::Bool(false)) => Ok((Retry::No, true)),
            Some(_) => Err(wrong("retriable", "expected-boolean")),
            None => Err(ReadError::at("retry", ReadErrorKind::MissingField)),
        }
    }
}
