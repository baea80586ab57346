//! Message and recovery templates: text with named `{param}` placeholders (DESIGN.md §5).
//!
//! A placeholder is `{name}` where `name` matches `[a-z_][a-z0-9_]*`; `{{` and `}}` write a
//! literal brace. Rendering replaces each placeholder with its param's value: a string as it
//! is, any other JSON value as its JSON text.

use std::fmt;

/// A template that does not parse; `offset` is the 0-based byte offset of the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{reason} at byte {offset}; write placeholders as {{name}} and literal braces as {{{{ or }}}}"
)]
pub struct TemplateError {
    /// 0-based byte offset of the offending brace.
    pub offset: usize,
    /// What is wrong there.
    pub reason: &'static str,
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
/// use recourse::catalog::template::{pieces, Piece};
/// let parts = pieces("no {path} {{here}}")?;
/// assert_eq!(parts[1], Piece::Param("path"));
/// assert!(pieces("no {Path}").is_err());
/// # Ok::<(), recourse::catalog::template::TemplateError>(())
/// ```
pub fn pieces(template: &str) -> Result<Vec<Piece<'_>>, TemplateError> {
    let bytes = template.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'}' if bytes.get(i + 1) == Some(&bytes[i]) => {
                if start < i {
                    out.push(Piece::Text(&template[start..i]));
                }
                out.push(Piece::Brace(bytes[i] as char));
                i += 2;
                start = i;
            }
            b'{' => {
                let close = template[i + 1..].find('}').ok_or(TemplateError {
                    offset: i,
                    reason: "unclosed `{`",
                })?;
                let name = &template[i + 1..i + 1 + close];
                if !is_param_name(name) {
                    return Err(TemplateError {
                        offset: i,
                        reason: "a placeholder name must match [a-z_][a-z0-9_]*",
                    });
                }
                if start < i {
                    out.push(Piece::Text(&template[start..i]));
                }
                out.push(Piece::Param(name));
                i += close + 2;
                start = i;
            }
            b'}' => {
                return Err(TemplateError {
                    offset: i,
                    reason: "a lone `}`",
                });
            }
            _ => i += 1,
        }
    }
    if start < bytes.len() {
        out.push(Piece::Text(&template[start..]));
    }
    Ok(out)
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
    let Ok(parts) = pieces(template) else {
        return template.to_owned();
    };
    let mut out = String::with_capacity(template.len() + 16);
    for piece in parts {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Brace(c) => out.push(c),
            Piece::Param(name) => match value(name) {
                Some(v) => {
                    use fmt::Write;
                    let _ = write!(out, "{v}");
                }
                None => {
                    out.push('{');
                    out.push_str(name);
                    out.push('}');
                }
            },
        }
    }
    out
}

/// A param value as it reads inside a sentence: a JSON string without quotes, anything else as
/// its JSON text.
pub fn display_value(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
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
    fn missing_values_stay_visible() {
        assert_eq!(render("no {path}", |_| None::<String>), "no {path}");
    }
}
