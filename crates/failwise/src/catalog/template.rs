//! Message and recovery templates: text with named `{param}` placeholders.
//!
//! A placeholder is `{name}` where `name` matches `[a-z_][a-z0-9_]*`; `{{` and `}}` write a
//! literal brace. Rendering replaces each placeholder with its param's value: a string as it
//! is, any other JSON value as its JSON text.

use std::fmt;
use std::sync::OnceLock;

use crate::phrase::{Phrase, english_table, english_text};

/// A template that does not parse; `offset` is the 0-based byte offset of the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", english_text(&self.phrase()))]
pub struct TemplateError {
    /// 0-based byte offset of the offending brace.
    pub offset: usize,
    /// What is wrong there, in English (`i18n/en.ftl`).
    pub reason: &'static str,
    fault: Fault,
}

/// What can be wrong in a template, each with the Fluent id of its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    Unclosed,
    BadName,
    LoneClose,
}

impl Fault {
    const IDS: [&'static str; 3] = [
        "template-fault-unclosed",
        "template-fault-name",
        "template-fault-lone-close",
    ];

    const fn id(self) -> &'static str {
        Self::IDS[self as usize]
    }

    fn at(self, offset: usize) -> TemplateError {
        static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
        TemplateError {
            offset,
            reason: english_table(&TEXTS, &Self::IDS)[self as usize].as_str(),
            fault: self,
        }
    }
}

impl TemplateError {
    /// The error as a phrase (`template-error`, the fault as `$reason`), for
    /// [`Localizer::render`](crate::i18n::Localizer::render) in another language; its
    /// `Display` is this phrase in English.
    pub fn phrase(&self) -> Phrase {
        Phrase::new("template-error")
            .arg("offset", self.offset)
            .phrase("reason", Phrase::new(self.fault.id()))
    }
}

/// One piece of a parsed template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Literal text, braces already unescaped where the text had none (see [`pieces`]).
    Text(&'a str),
    /// A literal `{` or `}` written doubled.
    Brace(char),
    /// A `{name}` placeholder.
    Param(&'a str),
}

/// Splits `template` into literal text, escaped braces and placeholders.
///
/// # Errors
///
/// [`TemplateError`] for an unclosed `{`, a lone `}`, or a placeholder name outside
/// `[a-z_][a-z0-9_]*`.
///
/// # Examples
///
/// ```
/// use failwise::catalog::template::{pieces, Piece};
/// let parts = pieces("no {path} {{here}}")?;
/// assert_eq!(parts[1], Piece::Param("path"));
/// assert!(pieces("no {Path}").is_err());
/// # Ok::<(), failwise::catalog::template::TemplateError>(())
/// ```
pub fn pieces(template: &str) -> Result<Vec<Piece<'_>>, TemplateError> {
    let mut out = Vec::new();
    each_piece(template, |piece| out.push(piece))?;
    Ok(out)
}

/// Calls `f` with each piece of `template` in order, without collecting them; stops at the
/// first problem (after the pieces before it).
fn each_piece<'a>(template: &'a str, mut f: impl FnMut(Piece<'a>)) -> Result<(), TemplateError> {
    let bytes = template.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while let Some(found) = memchr::memchr2(b'{', b'}', &bytes[i..]) {
        i += found;
        if bytes.get(i + 1) == Some(&bytes[i]) {
            if start < i {
                f(Piece::Text(&template[start..i]));
            }
            f(Piece::Brace(bytes[i] as char));
            i += 2;
            start = i;
        } else if bytes[i] == b'{' {
            let close =
                memchr::memchr(b'}', &bytes[i + 1..]).ok_or_else(|| Fault::Unclosed.at(i))?;
            let name = &template[i + 1..i + 1 + close];
            if !is_param_name(name) {
                return Err(Fault::BadName.at(i));
            }
            if start < i {
                f(Piece::Text(&template[start..i]));
            }
            f(Piece::Param(name));
            i += close + 2;
            start = i;
        } else {
            return Err(Fault::LoneClose.at(i));
        }
    }
    if start < bytes.len() {
        f(Piece::Text(&template[start..]));
    }
    Ok(())
}

/// Whether `name` is a valid placeholder and param name: `[a-z_][a-z0-9_]*`.
pub fn is_param_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The placeholder names of `template`, in order of first appearance, without repeats.
///
/// # Errors
///
/// As [`pieces`].
pub fn placeholders(template: &str) -> Result<Vec<&str>, TemplateError> {
    let mut names: Vec<&str> = Vec::new();
    for piece in pieces(template)? {
        if let Piece::Param(name) = piece
            && !names.contains(&name)
        {
            names.push(name);
        }
    }
    Ok(names)
}

/// Renders `template`, replacing each placeholder with `value(name)`; a placeholder without a
/// value stays as written (`{name}`), so nothing is lost silently. A template that does not
/// parse is returned unchanged.
pub fn render<F, V>(template: &str, mut value: F) -> String
where
    F: FnMut(&str) -> Option<V>,
    V: fmt::Display,
{
    render_into(template, |name, out| match value(name) {
        Some(v) => {
            use fmt::Write;
            let _ = write!(out, "{v}");
            true
        }
        None => false,
    })
}

/// Renders `template` with `params` as [`render`] does, each value as [`display_value`] gives
/// it, written straight into the text.
pub fn render_params(template: &str, params: &crate::envelope::Params) -> String {
    render_into(template, |name, out| match params.get(name) {
        Some(serde_json::Value::String(s)) => {
            out.push_str(s);
            true
        }
        Some(other) => {
            use fmt::Write;
            let _ = write!(out, "{other}");
            true
        }
        None => false,
    })
}

/// [`render`] with a `value` that appends a placeholder's value to the text and says whether
/// it had one.
fn render_into(template: &str, mut value: impl FnMut(&str, &mut String) -> bool) -> String {
    let mut out = String::with_capacity(template.len() + 64);
    let parsed = each_piece(template, |piece| match piece {
        Piece::Text(text) => out.push_str(text),
        Piece::Brace(c) => out.push(c),
        Piece::Param(name) => {
            if !value(name, &mut out) {
                out.push('{');
                out.push_str(name);
                out.push('}');
            }
        }
    });
    match parsed {
        Ok(()) => out,
        Err(_) => template.to_owned(),
    }
}

/// A verify command's argv template (one template per word, as [`CatalogEntry::verify`]
/// holds it) as one command line for a reader: each word one shell word
/// ([`shell_word`](crate::phrase::shell_word)), except that a word which needs quoting only for
/// its `{param}` braces is left as written.
///
/// [`CatalogEntry::verify`]: crate::CatalogEntry::verify
///
/// ```
/// use failwise::catalog::template::command_line;
/// let words = ["shop", "status", "--id={order_id}", "note: {note}"].map(String::from);
/// assert_eq!(command_line(&words), "shop status --id={order_id} 'note: {note}'");
/// ```
pub fn command_line(words: &[String]) -> String {
    let shown: Vec<String> = words
        .iter()
        .map(|w| {
            let bare = w.replace(['{', '}'], "x");
            if crate::phrase::shell_word(&bare) == bare.as_str() {
                w.clone()
            } else {
                crate::phrase::shell_word(w).into_owned()
            }
        })
        .collect();
    shown.join(" ")
}

/// A param value as it reads inside a sentence: a JSON string without quotes, anything else as
/// its JSON text.
pub fn display_value(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A duration as people write it, in the form Go's `time.Duration` prints:
/// `250ms`, `1.5s`, `1m30s`, `2h0m0s`, `750µs`, `0s`. Derived catalogs render `Duration`
/// fields this way.
///
/// ```
/// use std::time::Duration;
/// use failwise::catalog::template::duration_text;
/// assert_eq!(duration_text(Duration::from_millis(1500)), "1.5s");
/// assert_eq!(duration_text(Duration::from_secs(90)), "1m30s");
/// assert_eq!(duration_text(Duration::from_millis(250)), "250ms");
/// ```
pub fn duration_text(d: std::time::Duration) -> String {
    /// `whole` and `nanos` of `unit_nanos` each as a number without trailing zeros.
    fn decimal(total_nanos: u128, unit_nanos: u128, unit: &str) -> String {
        let whole = total_nanos / unit_nanos;
        let rest = total_nanos % unit_nanos;
        if rest == 0 {
            return format!("{whole}{unit}");
        }
        let digits = unit_nanos.ilog10() as usize;
        let fraction = format!("{rest:0digits$}");
        format!("{whole}.{}{unit}", fraction.trim_end_matches('0'))
    }
    let nanos = d.as_nanos();
    match nanos {
        0 => "0s".to_owned(),
        n if n < 1_000 => format!("{n}ns"),
        n if n < 1_000_000 => decimal(n, 1_000, "µs"),
        n if n < 1_000_000_000 => decimal(n, 1_000_000, "ms"),
        n => {
            let secs = n / 1_000_000_000;
            let (h, m) = (secs / 3600, secs % 3600 / 60);
            let s = decimal(n % 60_000_000_000, 1_000_000_000, "s");
            match (h, m) {
                (0, 0) => s,
                (0, m) => format!("{m}m{s}"),
                (h, m) => format!("{h}h{m}m{s}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_in_order_without_repeats() {
        assert_eq!(
            placeholders("{a} and {b_2} then {a}").unwrap(),
            vec!["a", "b_2"]
        );
    }

    #[test]
    fn escaped_braces_are_literal() {
        let text = render("{{x}} is {x}", |_| Some(1));
        assert_eq!(text, "{x} is 1");
    }

    #[test]
    fn bad_templates_name_the_offset() {
        assert_eq!(pieces("ab {x").unwrap_err().offset, 3);
        assert_eq!(pieces("ab } c").unwrap_err().reason, "a lone `}`");
        assert!(pieces("{X}").is_err());
        assert!(pieces("{}").is_err());
    }

    #[test]
    fn params_render_as_display_value_gives_them() {
        let mut params = crate::envelope::Params::new();
        params.insert("path".into(), "/tmp/a b".into());
        params.insert("line".into(), 12.into());
        params.insert("tags".into(), serde_json::json!(["x"]));
        let template = "{path}:{line} {tags} {{{missing}}}";
        let expected = render(template, |n| params.get(n).map(display_value));
        assert_eq!(render_params(template, &params), expected);
        assert_eq!(expected, "/tmp/a b:12 [\"x\"] {{missing}}");
        assert_eq!(render_params("bad {", &params), "bad {");
    }

    #[test]
    fn missing_values_stay_visible() {
        assert_eq!(render("no {path}", |_| None::<String>), "no {path}");
    }
}
