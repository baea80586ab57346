//! What `failwise normalize --to` names: a [`Form`], a dialect in its own shape or in another
//! shape failwise writes it in (atomwrite's `ErrorOutput` schema, eval-mock's human form).
//!
//! The other shapes are rows of the registry's form table (`registry::FORMS`): a name, the
//! dialect whose reader reads the shape back, a writer, and what it is and what it loses as
//! Fluent ids (`dialect-<name>-summary`, `-loses`, with `@` written `-`). A dialect's own shape
//! is its registry row.

use serde_json::Value;

use super::Dialect;
use super::registry::{self, Writer};
use crate::envelope::Envelope;
use crate::phrase::Phrase;

/// A shape failwise writes an envelope in: a writable dialect's own ([`Dialect::write`]), or
/// another shape of a dialect, which that dialect's reader reads back.
///
/// # Examples
///
/// ```
/// use failwise::dialect::{Dialect, Form};
/// use failwise::{Code, Envelope, ExitStatus};
/// let form = Form::from_name("atomwrite@ErrorOutput").ok_or("no such form")?;
/// assert_eq!((form, form.dialect()), (Form::AtomwriteErrorOutput, Dialect::Atomwrite));
///
/// let envelope = Envelope::draft(Code::new("MATCH_FAILED")?, ExitStatus::new(65).ok_or("exit")?, "no match")
///     .with_recovery("inspect candidates[0]")?;
/// let mut out = Vec::new();
/// form.write_into(&envelope, &mut out)?;
/// let written: serde_json::Value = serde_json::from_slice(&out)?;
/// // The schema's enum has no MATCH_FAILED: a member stands in, and the code is kept.
/// assert_eq!((written["code"].as_str(), written["failwise_code"].as_str()), (Some("INVALID_INPUT"), Some("MATCH_FAILED")));
///
/// // A dialect is its own form.
/// assert_eq!(Form::from(Dialect::JsonRpc).name(), "json-rpc");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Form {
    /// A writable dialect in its own shape.
    Dialect(Dialect),
    /// atomwrite's `ErrorOutput` (draft-07; seed 002), whose `code` and `error_class` are
    /// closed enums ([`super::atomwrite::write_v002`]).
    AtomwriteErrorOutput,
    /// eval-mock's human form, `error [CODE]: message` / `at: file:line:col` / `hint: ...`
    /// ([`super::eval_mock::write_human`]), several lines of text.
    EvalMockHuman,
}

impl From<Dialect> for Form {
    fn from(dialect: Dialect) -> Self {
        Self::Dialect(dialect)
    }
}

impl Form {
    /// Every form failwise writes: the writable dialects' own ([`Dialect::ALL`]), then the
    /// registry's other forms, in its order.
    pub fn all() -> Vec<Self> {
        Dialect::ALL
            .into_iter()
            .map(Self::Dialect)
            .chain(registry::forms().iter().map(|f| f.form))
            .collect()
    }

    /// The dialect whose reader reads this form back (and which `source.dialect` names).
    pub fn dialect(self) -> Dialect {
        match self {
            Self::Dialect(d) => d,
            other => registry::form(other).map_or(Dialect::Failwise, |f| f.dialect),
        }
    }

    /// The form's name, as `--to` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Dialect(d) => d.name(),
            other => registry::form(other).map_or("", |f| f.name),
        }
    }

    /// The other names `--to` accepts for it.
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Self::Dialect(d) => d.aliases(),
            other => registry::form(other).map_or(&[], |f| f.aliases),
        }
    }

    /// The writable form named `name`, case ignored: a writable dialect's name or alias, or
    /// another form's.
    pub fn from_name(name: &str) -> Option<Self> {
        if let Some(d) = Dialect::from_name(name).filter(|d| d.is_writable()) {
            return Some(Self::Dialect(d));
        }
        registry::forms()
            .iter()
            .find(|f| {
                f.name.eq_ignore_ascii_case(name)
                    || f.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
            })
            .map(|f| f.form)
    }

    /// What the form is, in one line, in English.
    pub fn summary(self) -> &'static str {
        match self {
            Self::Dialect(d) => d.summary(),
            other => registry::form_english(other).map_or("", |e| e.summary.as_str()),
        }
    }

    /// What writing an envelope in this form loses, in one line, in English.
    pub fn loses(self) -> &'static str {
        match self {
            Self::Dialect(d) => d.loses(),
            other => registry::form_english(other).map_or("", |e| e.loses.as_str()),
        }
    }

    /// [`Form::summary`] as a phrase.
    pub fn summary_phrase(self) -> Phrase {
        match self {
            Self::Dialect(d) => d.summary_phrase(),
            other => Phrase::new(registry::form(other).map_or("", |f| f.summary)),
        }
    }

    /// [`Form::loses`] as a phrase.
    pub fn loses_phrase(self) -> Phrase {
        match self {
            Self::Dialect(d) => d.loses_phrase(),
            other => Phrase::new(registry::form(other).map_or("", |f| f.loses)),
        }
    }

    /// Whether the form is text of several lines rather than one JSON value.
    pub fn is_text(self) -> bool {
        matches!(self.writer(), Writer::Text(_))
    }

    /// Writes `envelope` in this form, as JSON when the form is JSON.
    ///
    /// # Errors
    ///
    /// `serde_json`'s error when the value cannot be serialized (it always can: the writers
    /// build strings, numbers and maps with string keys).
    pub fn write_into(self, envelope: &Envelope, out: &mut Vec<u8>) -> serde_json::Result<()> {
        match self.writer() {
            Writer::Json(write) => serde_json::to_writer(out, &write(envelope)),
            Writer::Text(write) => {
                out.extend_from_slice(write(envelope).as_bytes());
                Ok(())
            }
        }
    }

    /// The form as a JSON value: the record a JSON form writes; a text form's text as a string.
    pub fn write(self, envelope: &Envelope) -> Value {
        match self.writer() {
            Writer::Json(write) => write(envelope),
            Writer::Text(write) => Value::String(write(envelope)),
        }
    }

    fn writer(self) -> Writer {
        match self {
            Self::Dialect(d) => Writer::Json(registry::row(d).write.unwrap_or(super::failwise::write)),
            other => registry::form(other).map_or(Writer::Json(super::failwise::write), |f| f.write),
        }
    }
}

impl std::fmt::Display for Form {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
