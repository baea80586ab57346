//! The check-only pass behind [`Envelope::check_json`](crate::Envelope::check_json) and the
//! fast path of [`Envelope::from_json`](crate::Envelope::from_json): one pass of `serde_json`'s
//! parser over borrowed text that decides whether a line is a valid v1 envelope without
//! building it.
//!
//! It answers `Some` only for a line the checked reader accepts, and gives up (`None`) on
//! anything else or anything unusual (an escaped member name, more than [`MAX_NAMES`] members
//! of one object, the legacy `retriable`); the checked reader then gives the verdict and the
//! error with its JSON Pointer. A valid line allocates nothing, except for the structured
//! members that both readers check with the same functions ([`super::members`]).

use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::members;
use super::unique::UniqueValue;
use crate::code::{Code, ExitStatus};
use crate::envelope::Envelope;
use crate::verdict::{ErrorClass, Retry, Verdict};

/// The most members of one object whose names this pass compares for repeats without
/// allocating; a larger object is left to the checked reader.
const MAX_NAMES: usize = 16;

/// A line that [`Envelope::check_json`](crate::Envelope::check_json) found valid: what a caller
/// needs to compare it with a catalog, borrowed from the line where it can be.
///
/// # Examples
///
/// ```
/// use failwise::{CheckedLine, Envelope, ErrorClass, ExitStatus};
/// let line = r#"{"error":true,"code":"CONFIG_MISSING","exit":78,"message":"nenhuma configuração em /etc/app.toml","error_class":"precondition_failed","retry":"no","retryable":false,"recovery":"rode `app init`","lang":"pt-BR"}"#;
/// let checked: CheckedLine<'_> = Envelope::check_json(line)?;
/// assert_eq!(checked.code(), "CONFIG_MISSING");
/// assert_eq!(checked.exit(), ExitStatus::CONFIG);
/// assert_eq!(checked.error_class(), ErrorClass::PreconditionFailed);
/// assert_eq!(checked.lang(), Some("pt-BR"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedLine<'a> {
    code: Cow<'a, str>,
    exit: ExitStatus,
    error_class: ErrorClass,
    lang: Option<Cow<'a, str>>,
}

impl CheckedLine<'_> {
    /// The line's code.
    pub fn code(&self) -> &str {
        &self.code
    }
    /// The line's exit status.
    pub fn exit(&self) -> ExitStatus {
        self.exit
    }
    /// The line's class.
    pub fn error_class(&self) -> ErrorClass {
        self.error_class
    }
    /// The line's BCP 47 `lang`, as [`Envelope::lang`] gives it: absent for English (`en`,
    /// `en-*`, in any case), the language envelopes are written in.
    pub fn lang(&self) -> Option<&str> {
        let tag = self.lang.as_deref()?;
        let primary = tag.split('-').next().unwrap_or_default();
        (!primary.eq_ignore_ascii_case("en")).then_some(tag)
    }

    pub(super) fn from_envelope(e: Envelope) -> Self {
        Self {
            code: Cow::Owned(e.code().as_str().to_owned()),
            exit: e.exit(),
            error_class: e.error_class(),
            lang: e.lang().map(|l| Cow::Owned(l.to_owned())),
        }
    }
}

/// `Some` when `line` is a valid envelope; `None` when it is not, or when this pass cannot tell
/// (the checked reader decides then).
pub(super) fn check(line: &str) -> Option<CheckedLine<'_>> {
    let mut de = serde_json::Deserializer::from_str(line);
    let checked = de.deserialize_map(Top).ok()?;
    de.end().ok()?;
    Some(checked)
}

fn give_up<E: de::Error>() -> E {
    E::custom("left to the checked reader")
}

/// The members of the top-level object this pass knows, as bit positions.
#[derive(Clone, Copy)]
enum Field {
    Error,
    Code,
    Exit,
    Message,
    ErrorClass,
    Retry,
    Retryable,
    RetryAfterMs,
    Recovery,
    Action,
    Subject,
    Path,
    Workspace,
    DocUrl,
    Lang,
    Params,
    Nearby,
    DiscardedFlags,
    Candidates,
    Location,
    Items,
    Gate,
    Provider,
    Truncated,
    Source,
    Causes,
    Verify,
    Retriable,
}

impl Field {
    fn of(name: &str) -> Option<Self> {
        Some(match name {
            "error" => Self::Error,
            "code" => Self::Code,
            "exit" => Self::Exit,
            "message" => Self::Message,
            "error_class" => Self::ErrorClass,
            "retry" => Self::Retry,
            "retryable" => Self::Retryable,
            "retry_after_ms" => Self::RetryAfterMs,
            "recovery" => Self::Recovery,
            "action" => Self::Action,
            "subject" => Self::Subject,
            "path" => Self::Path,
            "workspace" => Self::Workspace,
            "doc_url" => Self::DocUrl,
            "lang" => Self::Lang,
            "params" => Self::Params,
            "nearby" => Self::Nearby,
            "discarded_flags" => Self::DiscardedFlags,
            "candidates" => Self::Candidates,
            "location" => Self::Location,
            "items" => Self::Items,
            "gate" => Self::Gate,
            "provider" => Self::Provider,
            "truncated" => Self::Truncated,
            "source" => Self::Source,
            "causes" => Self::Causes,
            "verify" => Self::Verify,
            "retriable" => Self::Retriable,
            _ => return None,
        })
    }

    const fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// The names of one object seen so far, compared for repeats without allocating.
struct Names<'de> {
    seen: [&'de str; MAX_NAMES],
    len: usize,
}

impl<'de> Names<'de> {
    fn new() -> Self {
        Self {
            seen: [""; MAX_NAMES],
            len: 0,
        }
    }

    /// Records `name`; fails on a repeat (the checked reader names it) or a full list.
    fn add<E: de::Error>(&mut self, name: &'de str) -> Result<(), E> {
        if self.len == MAX_NAMES || self.seen[..self.len].contains(&name) {
            return Err(give_up());
        }
        self.seen[self.len] = name;
        self.len += 1;
        Ok(())
    }
}

/// A member name as the line spells it; an escaped name (which `serde_json` cannot lend) is
/// left to the checked reader.
struct Name;

impl<'de> DeserializeSeed<'de> for Name {
    type Value = &'de str;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<&'de str, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Name {
    type Value = &'de str;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a member name")
    }
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<&'de str, E> {
        Ok(v)
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<&'de str, E> {
        Err(give_up())
    }
}

/// A string, borrowed where the line allows.
struct Text;

impl<'de> DeserializeSeed<'de> for Text {
    type Value = Cow<'de, str>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Cow<'de, str>, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Text {
    type Value = Cow<'de, str>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Borrowed(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(v.to_owned()))
    }
}

/// A string judged where it lies, without keeping it: the value is `F`'s answer.
struct StrWith<F>(F);

impl<'de, R, F: FnOnce(&str) -> R> DeserializeSeed<'de> for StrWith<F> {
    type Value = R;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<R, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de, R, F: FnOnce(&str) -> R> Visitor<'de> for StrWith<F> {
    type Value = R;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<R, E> {
        Ok((self.0)(v))
    }
}

/// A present, non-empty string (the optional text members).
fn non_empty(s: &str) -> bool {
    !s.is_empty()
}

/// An array of strings; the value is its length.
struct StrList;

impl<'de> DeserializeSeed<'de> for StrList {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for StrList {
    type Value = usize;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of strings")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<usize, A::Error> {
        let mut n = 0;
        while seq.next_element_seed(StrWith(|_: &str| ()))?.is_some() {
            n += 1;
        }
        Ok(n)
    }
}

/// Any JSON value, looked through for repeated names and otherwise ignored.
#[derive(Clone, Copy)]
struct Any;

impl<'de> DeserializeSeed<'de> for Any {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Any {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Any)?.is_some() {}
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        Object.visit_map(map)
    }
}

/// A JSON object whose names are unique at every depth (`params`).
struct Object;

impl<'de> DeserializeSeed<'de> for Object {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Object {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut names = Names::new();
        while let Some(name) = map.next_key_seed(Name)? {
            names.add(name)?;
            map.next_value_seed(Any)?;
        }
        Ok(())
    }
}

/// A structured member, parsed as the checked reader parses it (repeated names refused) and
/// checked by the same function.
fn structured<'de, A, T>(
    map: &mut A,
    check: impl FnOnce(&Value) -> Result<T, super::ReadError>,
) -> Result<(), A::Error>
where
    A: MapAccess<'de>,
{
    let trail = RefCell::new(None);
    let value = map.next_value_seed(UniqueValue { trail: &trail })?;
    if value.is_null() || check(&value).is_err() {
        return Err(give_up());
    }
    Ok(())
}

/// The top-level object.
struct Top;

impl<'de> Visitor<'de> for Top {
    type Value = CheckedLine<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an envelope")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<CheckedLine<'de>, A::Error> {
        let mut seen = 0u32;
        let mut others = Names::new();
        let mut code = None;
        let mut exit = None;
        let mut class = None;
        let mut retry = None;
        let mut retryable = None;
        let mut wait = false;
        let mut verify = false;
        let mut lang = None;
        while let Some(name) = map.next_key_seed(Name)? {
            let Some(field) = Field::of(name) else {
                others.add(name)?;
                map.next_value_seed(Any)?;
                continue;
            };
            if seen & field.bit() != 0 {
                return Err(give_up());
            }
            seen |= field.bit();
            let ok = match field {
                Field::Error => map.next_value::<bool>()?,
                Field::Code => {
                    let text = map.next_value_seed(Text)?;
                    let valid = Code::check(&text).is_ok();
                    code = Some(text);
                    valid
                }
                Field::Exit => {
                    exit = ExitStatus::new(map.next_value::<u8>()?);
                    exit.is_some()
                }
                Field::Message => {
                    map.next_value_seed(StrWith(|_: &str| ()))?;
                    true
                }
                Field::ErrorClass => {
                    class = map.next_value_seed(StrWith(ErrorClass::parse))?;
                    class.is_some()
                }
                Field::Retry => {
                    retry = map.next_value_seed(StrWith(|s: &str| match s {
                        "yes" => Some(Retry::Yes),
                        "no" => Some(Retry::No),
                        "unknown" => Some(Retry::Unknown),
                        _ => None,
                    }))?;
                    retry.is_some()
                }
                Field::Retryable => {
                    retryable = Some(map.next_value::<bool>()?);
                    true
                }
                Field::RetryAfterMs => {
                    map.next_value::<u64>()?;
                    wait = true;
                    true
                }
                Field::Recovery => map.next_value_seed(StrWith(|s: &str| !s.trim().is_empty()))?,
                Field::Action | Field::Subject | Field::Path | Field::Workspace | Field::DocUrl => {
                    map.next_value_seed(StrWith(non_empty))?
                }
                Field::Lang => {
                    let tag = map.next_value_seed(Text)?;
                    let shaped = members::lang_shaped(&tag);
                    lang = Some(tag);
                    shaped
                }
                Field::Params => {
                    map.next_value_seed(Object)?;
                    true
                }
                Field::Nearby | Field::DiscardedFlags => map.next_value_seed(StrList)? > 0,
                Field::Candidates => structured(&mut map, members::candidates).is_ok(),
                Field::Location => structured(&mut map, members::location).is_ok(),
                Field::Items => structured(&mut map, members::items).is_ok(),
                Field::Gate => structured(&mut map, members::gate).is_ok(),
                Field::Provider => structured(&mut map, members::provider).is_ok(),
                Field::Truncated => structured(&mut map, members::truncated).is_ok(),
                Field::Source => structured(&mut map, members::source).is_ok(),
                Field::Causes => structured(&mut map, members::causes).is_ok(),
                Field::Verify => {
                    verify = true;
                    structured(&mut map, members::verify).is_ok()
                }
                // The legacy spelling is rare: the checked reader knows its rules.
                Field::Retriable => false,
            };
            if !ok {
                return Err(give_up());
            }
        }
        let required = [
            Field::Error,
            Field::Code,
            Field::Exit,
            Field::Message,
            Field::ErrorClass,
            Field::Retry,
            Field::Retryable,
            Field::Recovery,
        ];
        if required.iter().any(|f| seen & f.bit() == 0) {
            return Err(give_up());
        }
        let (Some(code), Some(exit), Some(class), Some(retry), Some(retryable)) =
            (code, exit, class, retry, retryable)
        else {
            return Err(give_up());
        };
        if retryable != (retry == Retry::Yes)
            || (wait && retry != Retry::Yes)
            || (verify && retry != Retry::Unknown)
            || Verdict::new(class, retry).is_err()
        {
            return Err(give_up());
        }
        Ok(CheckedLine {
            code,
            exit,
            error_class: class,
            lang,
        })
    }
}
