//! What `failwise normalize --to` names: a [`Form`], a dialect in its own shape or in another
//! shape failwise writes it in (atomwrite's `ErrorOutput` schema, eval-mock's human form).
//!
//! The other shapes are rows of the registry's form table (`registry::FORMS`): a name, the
//! dialect whose reader reads the shape back, a writer, and what it is and what it loses as
//! Fluent ids (`dialect-<name>-summary`, `-loses`, with `@` written `-`). A dialect's own shape
//! is its registry row.

use std::sync::OnceLock;

use serde_json::Value;

use super::registry::{self, English};
use super::{Dialect, atomwrite, eval_mock};
use crate::envelope::Envelope;
use crate::phrase::{Phrase, english_text};

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
            .chain(forms().iter().map(|f| f.form))
            .collect()
    }

    /// The dialect whose reader reads this form back (and which `source.dialect` names).
    pub fn dialect(self) -> Dialect {
        match self {
            Self::Dialect(d) => d,
            other => form(other).map_or(Dialect::Failwise, |f| f.dialect),
        }
    }

    /// The form's name, as `--to` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Dialect(d) => d.name(),
            other => form(other).map_or("", |f| f.name),
        }
    }

    /// The other names `--to` accepts for it.
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Self::Dialect(d) => d.aliases(),
            other => form(other).map_or(&[], |f| f.aliases),
        }
    }

    /// The writable form named `name`, case ignored: a writable dialect's name or alias, or
    /// another form's.
    pub fn from_name(name: &str) -> Option<Self> {
        if let Some(d) = Dialect::from_name(name).filter(|d| d.is_writable()) {
            return Some(Self::Dialect(d));
        }
        forms()
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
            other => form_english(other).map_or("", |e| e.summary.as_str()),
        }
    }

    /// What writing an envelope in this form loses, in one line, in English.
    pub fn loses(self) -> &'static str {
        match self {
            Self::Dialect(d) => d.loses(),
            other => form_english(other).map_or("", |e| e.loses.as_str()),
        }
    }

    /// [`Form::summary`] as a phrase.
    pub fn summary_phrase(self) -> Phrase {
        match self {
            Self::Dialect(d) => d.summary_phrase(),
            other => Phrase::new(form(other).map_or("", |f| f.summary)),
        }
    }

    /// [`Form::loses`] as a phrase.
    pub fn loses_phrase(self) -> Phrase {
        match self {
            Self::Dialect(d) => d.loses_phrase(),
            other => Phrase::new(form(other).map_or("", |f| f.loses)),
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
            Self::Dialect(d) => {
                Writer::Json(registry::row(d).write.unwrap_or(super::failwise::write))
            }
            other => form(other).map_or(Writer::Json(super::failwise::write), |f| f.write),
        }
    }
}

/// How a form is written: one JSON value, or text.
#[derive(Clone, Copy)]
enum Writer {
    /// A JSON value, written on one line.
    Json(fn(&Envelope) -> Value),
    /// Text, possibly of several lines, without a trailing newline.
    Text(fn(&Envelope) -> String),
}

/// A shape failwise writes a dialect in other than the dialect's own (its row's writer).
struct FormRow {
    /// The form this row describes.
    pub form: Form,
    /// Its name, as `--to` spells it.
    pub name: &'static str,
    /// The other names `--to` accepts for it.
    pub aliases: &'static [&'static str],
    /// The dialect whose reader reads the form back.
    pub dialect: Dialect,
    /// The Fluent id of what it is.
    pub summary: &'static str,
    /// The Fluent id of what writing an envelope in it loses.
    pub loses: &'static str,
    /// Its writer.
    pub write: Writer,
}

/// The forms other than the dialects' own, in the order the command line lists them (after
/// the dialects).
static FORMS: [FormRow; 2] = [
    FormRow {
        form: Form::AtomwriteErrorOutput,
        name: "atomwrite@ErrorOutput",
        aliases: &[],
        dialect: Dialect::Atomwrite,
        summary: "dialect-atomwrite-erroroutput-summary",
        loses: "dialect-atomwrite-erroroutput-loses",
        write: Writer::Json(atomwrite::write_v002),
    },
    FormRow {
        form: Form::EvalMockHuman,
        name: "eval-mock@human",
        aliases: &["eval-mock-human", "eval_mock_human"],
        dialect: Dialect::EvalMock,
        summary: "dialect-eval-mock-human-summary",
        loses: "dialect-eval-mock-human-loses",
        write: Writer::Text(eval_mock::write_human),
    },
];

/// The forms other than the dialects' own.
fn forms() -> &'static [FormRow] {
    &FORMS
}

/// The row of `form`, when it is not a dialect's own.
fn form(form: Form) -> Option<&'static FormRow> {
    FORMS.iter().find(|f| f.form == form)
}

/// The texts of `form`'s row in English, rendered once per process (only `summary` and
/// `loses` are set).
fn form_english(form: Form) -> Option<&'static English> {
    static ENGLISH: OnceLock<Vec<English>> = OnceLock::new();
    let texts = ENGLISH.get_or_init(|| {
        FORMS
            .iter()
            .map(|row| English {
                summary: english_text(&Phrase::new(row.summary)),
                detected_by: String::new(),
                loses: english_text(&Phrase::new(row.loses)),
            })
            .collect()
    });
    FORMS.iter().position(|f| f.form == form).map(|i| &texts[i])
}

impl std::fmt::Display for Form {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::{Code, ExitStatus};
    use crate::dialect::Context;
    use crate::verdict::Verdict;

    fn samples() -> Vec<Envelope> {
        let code = |c: &str| Code::new(c).expect("code");
        let exit = |e: u8| ExitStatus::new(e).expect("exit");
        vec![
            Envelope::draft(code("NOT_FOUND"), exit(4), "memory not found: design-auth")
                .verdict(Verdict::permanent())
                .with_recovery("list the memories first")
                .expect("recovery"),
            Envelope::draft(code("RATE_LIMITED"), exit(75), "slow down\nnow")
                .verdict(Verdict::transient().after_ms(30_000))
                .with_recovery("wait and send it again")
                .expect("recovery"),
        ]
    }

    /// Every other form is read back by its dialect's reader (a text form as the dialect's
    /// text form finds it), and names no dialect's name.
    #[test]
    fn every_form_is_read_back_by_its_dialect() {
        for sample in samples() {
            for row in forms() {
                assert!(Dialect::from_name(row.name).is_none(), "{}", row.name);
                assert_eq!(Form::from_name(row.name), Some(row.form));
                let value = match row.write {
                    Writer::Json(write) => write(&sample),
                    Writer::Text(write) => {
                        let text = write(&sample);
                        let form = registry::row(row.dialect).text_form.as_ref();
                        form.and_then(|f| (f.find)(&text))
                            .unwrap_or_else(|| panic!("{}: {text}", row.name))
                    }
                };
                assert_eq!(super::super::detect(&value), Some(row.dialect), "{value}");
                let read = (registry::row(row.dialect).read)(&value, &Context::default())
                    .unwrap_or_else(|e| panic!("{}: {e}: {value}", row.name));
                assert_eq!(read.code(), sample.code(), "{}", row.name);
                assert_eq!(read.recovery(), sample.recovery(), "{}", row.name);
            }
        }
    }

    /// Every form's two texts are ids of its own (`dialect-<name>-…`, `@` as `-`, lowercase)
    /// that render in English, as the accessors lend them, and differently in pt-BR; every
    /// name is unique among the forms and the dialects.
    #[test]
    fn every_forms_texts_render_in_english_and_differ_in_pt_br() {
        use crate::envelope::Params;
        use crate::i18n::Localizer;
        let (en, pt, empty) = (Localizer::english(), Localizer::new("pt-BR"), Params::new());
        let mut names = std::collections::BTreeSet::new();
        for form in Form::all() {
            for name in std::iter::once(form.name()).chain(form.aliases().iter().copied()) {
                assert!(names.insert(name.to_ascii_lowercase()), "{name} twice");
                assert_eq!(Form::from_name(name), Some(form), "{name}");
            }
            let stem =
                format!("dialect-{}-", form.name().replace(['+', '@'], "-")).to_ascii_lowercase();
            for (phrase, accessor, suffix) in [
                (form.summary_phrase(), form.summary(), "summary"),
                (form.loses_phrase(), form.loses(), "loses"),
            ] {
                assert_eq!(phrase.id(), format!("{stem}{suffix}"));
                let (english, _) = en.render(&phrase, &empty).expect("an English text");
                assert_eq!(english, accessor, "{}", phrase.id());
                let (translated, lang) = pt.render(&phrase, &empty).expect("a pt-BR text");
                assert_eq!(lang.to_string(), "pt-BR", "{}", phrase.id());
                assert_ne!(translated, english, "{}", phrase.id());
            }
        }
        assert_eq!(
            Form::from_name("google-rpc").map(Form::dialect),
            Some(Dialect::GoogleRpc)
        );
        assert_eq!(
            Form::from_name("kubernetes"),
            None,
            "a read-only dialect is no form"
        );
    }
}
