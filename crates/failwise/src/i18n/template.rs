//! A Fluent message read back as a catalog template (`{name}` placeholders, `{{` and `}}` for
//! braces): how `failwise explain` shows a translated template.

use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};
use unic_langid::LanguageIdentifier;

use super::Localizer;

impl Localizer {
    /// The message `id` as a catalog template, read back from the Fluent syntax tree of the
    /// negotiated language, else English, with the language it came from: the inverse of
    /// [`template_to_ftl`](crate::catalog::template_to_ftl). Each `{ $name }` whose name is in `params` becomes `{name}`, a
    /// string or number literal its text (braces doubled, as templates write them), and a
    /// select expression its default variant (what Fluent shows for a value that names no
    /// variant, as a `{name}` does). `None` when neither language has the message, or it
    /// uses a variable not in `params` or a reference to another message, term or function.
    ///
    /// ```
    /// use failwise::i18n::Localizer;
    /// let mut localizer = Localizer::new("pt-BR");
    /// localizer.add_resource("pt-BR", "APP_BUSY-message = { $path } está ocupado {\"{\"}\n")?;
    /// let (template, lang) = localizer.template("APP_BUSY-message", &["path".into()]).ok_or("absent")?;
    /// assert_eq!((template.as_str(), lang.to_string().as_str()), ("{path} está ocupado {{", "pt-BR"));
    /// assert!(localizer.template("APP_BUSY-message", &[]).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn template(&self, id: &str, params: &[String]) -> Option<(String, &LanguageIdentifier)> {
        self.chain().find_map(|b| {
            let pattern = b.bundle.get_message(id)?.value()?;
            let mut out = String::new();
            write_template(pattern, params, &mut out)?;
            Some((out, &b.lang))
        })
    }
}

/// Appends `pattern` as a catalog template to `out` ([`Localizer::template`]); `None` at a
/// placeable a template cannot say.
fn write_template(pattern: &Pattern<&str>, params: &[String], out: &mut String) -> Option<()> {
    for element in &pattern.elements {
        match element {
            // Fluent text holds no braces (they are placeables), so it is template text as is.
            PatternElement::TextElement { value } => out.push_str(value),
            PatternElement::Placeable { expression } => {
                write_expression(expression, params, out)?;
            }
        }
    }
    Some(())
}

/// Appends one placeable's expression as template text ([`write_template`]).
fn write_expression(
    expression: &Expression<&str>,
    params: &[String],
    out: &mut String,
) -> Option<()> {
    let known = |name: &str| params.iter().any(|p| p == name);
    match expression {
        Expression::Select { selector, variants } => match selector {
            InlineExpression::VariableReference { id } if known(id.name) => {
                let default = variants.iter().find(|v| v.default)?;
                write_template(&default.value, params, out)
            }
            _ => None,
        },
        Expression::Inline(InlineExpression::VariableReference { id }) if known(id.name) => {
            out.push('{');
            out.push_str(id.name);
            out.push('}');
            Some(())
        }
        Expression::Inline(
            InlineExpression::StringLiteral { value } | InlineExpression::NumberLiteral { value },
        ) => {
            let text = fluent_syntax::unicode::unescape_unicode_to_string(value);
            out.push_str(&text.replace('{', "{{").replace('}', "}}"));
            Some(())
        }
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            write_expression(expression, params, out)
        }
        Expression::Inline(_) => None,
    }
}
