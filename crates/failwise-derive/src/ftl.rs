//! Ftl: reads the Fluent file named by `#[catalog(ftl = "…")]` at compile time and reads each
//! of its messages back as a catalog template (`{ $name }` → `{name}`, a string literal as its
//! text with braces doubled). Which messages a variant takes, and the rules their texts keep,
//! are `validate`'s.

use std::collections::BTreeMap;
use std::path::PathBuf;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use syn::LitStr;

/// The Fluent file of `#[catalog(ftl = "…")]`.
pub struct Ftl {
    /// The attribute value, as written (relative to the crate's `CARGO_MANIFEST_DIR`).
    pub lit: LitStr,
    /// The absolute path, when the file could be read: the expansion includes its bytes so
    /// that cargo rebuilds the crate when the file changes.
    pub path: Option<String>,
    /// Each message id and its value as a template, or what in it a template cannot say
    /// (such as "a select expression"); `None` when the file cannot be read or does not parse
    /// (a problem already collected).
    pub messages: Option<BTreeMap<String, Result<String, String>>>,
}

impl Ftl {
    /// The path as written, for problems.
    pub fn shown(&self) -> String {
        self.lit.value()
    }
}

/// Reads the file `lit` names; a file that cannot be read or does not parse is a problem
/// spanned on `lit`.
pub fn read(lit: LitStr, errors: &mut Vec<syn::Error>) -> Ftl {
    let written = lit.value();
    let path = match std::env::var_os("CARGO_MANIFEST_DIR") {
        Some(dir) => PathBuf::from(dir).join(&written),
        None => PathBuf::from(&written),
    };
    let mut ftl = Ftl {
        lit,
        path: None,
        messages: None,
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            let why = match e.kind() {
                std::io::ErrorKind::NotFound => "no such file".to_owned(),
                _ => e.to_string(),
            };
            errors.push(syn::Error::new(
                ftl.lit.span(),
                format!(
                    "cannot read the Fluent file `{written}`: {why}; the path is relative to the directory of the crate's Cargo.toml, as in ftl = \"src/i18n/en.ftl\""
                ),
            ));
            return ftl;
        }
    };
    ftl.path = path.to_str().map(str::to_owned);
    match fluent_syntax::parser::parse(text.as_str()) {
        Ok(resource) => {
            let mut messages = BTreeMap::new();
            for entry in &resource.body {
                if let Entry::Message(m) = entry {
                    let value = match (&m.value, m.attributes.is_empty()) {
                        (Some(pattern), true) => template(pattern),
                        (None, _) => Err("no value".to_owned()),
                        (Some(_), false) => Err("attributes (`.name = …`)".to_owned()),
                    };
                    messages.insert(m.id.name.to_owned(), value);
                }
            }
            ftl.messages = Some(messages);
        }
        Err((_, problems)) => {
            let first = problems.first().map_or_else(String::new, |p| {
                let line = text[..p.pos.start.min(text.len())].matches('\n').count() + 1;
                format!(" (line {line}: {p})")
            });
            errors.push(syn::Error::new(
                ftl.lit.span(),
                format!(
                    "the Fluent file `{written}` does not parse{first}; write each text as `id = value`, variables as {{ $name }}"
                ),
            ));
        }
    }
    ftl
}

/// A Fluent pattern as a catalog template, or what in it a template cannot say.
fn template(pattern: &Pattern<&str>) -> Result<String, String> {
    let mut out = String::new();
    for element in &pattern.elements {
        match element {
            // Fluent text holds no braces (they open placeables), so it is template text as is.
            PatternElement::TextElement { value } => out.push_str(value),
            PatternElement::Placeable { expression } => expression_text(expression, &mut out)?,
        }
    }
    Ok(out)
}

/// Appends one placeable as template text.
fn expression_text(expression: &Expression<&str>, out: &mut String) -> Result<(), String> {
    let inline = match expression {
        Expression::Select { .. } => return Err("a select expression".to_owned()),
        Expression::Inline(inline) => inline,
    };
    match inline {
        InlineExpression::VariableReference { id } => {
            out.push('{');
            out.push_str(id.name);
            out.push('}');
        }
        InlineExpression::StringLiteral { value } | InlineExpression::NumberLiteral { value } => {
            let text = fluent_syntax::unicode::unescape_unicode_to_string(value);
            out.push_str(&text.replace('{', "{{").replace('}', "}}"));
        }
        InlineExpression::Placeable { expression } => expression_text(expression, out)?,
        InlineExpression::MessageReference { id, .. } => {
            return Err(format!("a reference to the message `{}`", id.name));
        }
        InlineExpression::TermReference { id, .. } => {
            return Err(format!("a reference to the term `-{}`", id.name));
        }
        InlineExpression::FunctionReference { id, .. } => {
            return Err(format!("the function `{}`", id.name));
        }
    }
    Ok(())
}
