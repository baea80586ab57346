//! The `verify = "…"` of a variant: its text split into words as a POSIX shell splits them
//! (the `shlex` crate, at compile time), each word a template whose `{field}` placeholders name
//! the variant's params, on a code whose retry verdict is `unknown`.

use syn::LitStr;

use super::{Origin, err, known_fields, placeholders};
use crate::parse::Variant;

/// The words of `v`'s verify command (empty when it declares none), or `None` after pushing
/// every problem: a verdict other than `unknown` (`retry` is the checked `Retry` variant name,
/// `None` when the verdict has a problem of its own), a text a shell cannot split, no program,
/// a placeholder that names no param.
pub(super) fn words(
    v: &Variant,
    retry: Option<&str>,
    fields: &[String],
    errors: &mut Vec<syn::Error>,
) -> Option<Vec<String>> {
    let Some(lit) = &v.verify else {
        return Some(Vec::new());
    };
    let before = errors.len();
    let span = lit.span();
    if let Some(retry) = retry.filter(|r| *r != "Unknown") {
        errors.push(err(
            span,
            format!(
                "verify on `{}`, whose retry is \"{}\": a verify command tells whether a request whose effect is unknown landed, so it goes only with retry = \"unknown\"; write retry = \"unknown\" (with class = \"transient\" or \"ambiguous\"), or drop verify",
                v.ident,
                retry.to_ascii_lowercase()
            ),
        ));
    }
    let words = split(lit, errors)?;
    let origin = Origin {
        key: "verify",
        ftl: None,
    };
    for word in &words {
        if let Some(names) = placeholders(word, span, &origin, errors) {
            known_fields(v, &names, span, &origin, fields, errors);
        }
    }
    (errors.len() == before).then_some(words)
}

/// The words of the attribute's text as a POSIX shell splits them, the first (the program)
/// not empty.
fn split(lit: &LitStr, errors: &mut Vec<syn::Error>) -> Option<Vec<String>> {
    let Some(words) = shlex::split(&lit.value()) else {
        errors.push(err(
            lit.span(),
            "verify does not split into words as a POSIX shell splits them (a quote is left open); close it, such as verify = \"tool status '{id}'\"",
        ));
        return None;
    };
    match words.first() {
        Some(program) if !program.is_empty() => Some(words),
        Some(_) => {
            errors.push(err(
                lit.span(),
                "the first word of verify, the program, is empty; write the program first, such as verify = \"tool status {id}\"",
            ));
            None
        }
        None => {
            errors.push(err(
                lit.span(),
                "verify names no command; write the program and its arguments, such as verify = \"tool status {id}\"",
            ));
            None
        }
    }
}
