//! Validate: every rule a declaration must keep, checked at compile time. Each problem is
//! spanned on the attribute value that caused it and says what to write instead; all of them
//! are collected before anything is expanded.

mod verify;

use std::collections::BTreeMap;

use proc_macro2::Span;
use syn::LitStr;

use crate::ftl::Ftl;
use crate::parse::{Model, Role, Shape, Variant};

/// One variant's code, fully checked, in the spelling the expansion writes.
pub struct Checked {
    pub code: String,
    pub exit: u8,
    /// The `ErrorClass` variant name, such as `Permanent`.
    pub class: &'static str,
    /// The `Retry` variant name, such as `No`.
    pub retry: &'static str,
    pub message: String,
    pub recovery: String,
    pub since: Option<String>,
    /// The `Status` variant name.
    pub status: &'static str,
    pub replaced_by: Option<String>,
    /// The words of `verify`, each a template; empty when the variant has none.
    pub verify: Vec<String>,
}

/// (wire name, `ErrorClass` variant, the retry verdicts it admits, default).
const CLASSES: [(&str, &str, &[&str], &str); 5] = [
    ("transient", "Transient", &["yes", "unknown"], "yes"),
    ("conflict", "Conflict", &["yes", "no"], "no"),
    ("precondition_failed", "PreconditionFailed", &["no"], "no"),
    ("permanent", "Permanent", &["no"], "no"),
    ("ambiguous", "Ambiguous", &["unknown", "no"], "unknown"),
];

fn retry_variant(word: &str) -> Option<&'static str> {
    match word {
        "yes" => Some("Yes"),
        "no" => Some("No"),
        "unknown" => Some("Unknown"),
        _ => None,
    }
}

fn err(span: Span, text: impl std::fmt::Display) -> syn::Error {
    syn::Error::new(span, text.to_string())
}

/// Checks `model`; pushes every problem into `errors`. Returns the checked codes, one per
/// variant, only when no problem was found in any of them.
pub fn validate(model: &Model, errors: &mut Vec<syn::Error>) -> Option<Vec<Checked>> {
    let before = errors.len();
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let mut out = Vec::new();
    for v in &model.variants {
        if let Some(c) = variant(v, model.ftl.as_ref(), &mut seen, errors) {
            out.push(c);
        }
    }
    let known: Vec<&str> = out.iter().map(|c| c.code.as_str()).collect();
    for v in &model.variants {
        if let Some(r) = &v.replaced_by
            && !known.contains(&r.value().as_str())
            && code_problem(&r.value()).is_none()
        {
            errors.push(err(
                r.span(),
                format!(
                    "replaced_by names `{}`, which no variant declares; name a code of this enum",
                    r.value()
                ),
            ));
        }
    }
    (errors.len() == before).then_some(out)
}

fn variant(
    v: &Variant,
    ftl: Option<&Ftl>,
    seen: &mut BTreeMap<String, String>,
    errors: &mut Vec<syn::Error>,
) -> Option<Checked> {
    let before = errors.len();
    if !v.has_attr {
        errors.push(err(
            v.ident.span(),
            format!(
                "variant `{}` has no #[catalog(...)]; write #[catalog(code = \"{}\", exit = 1, class = \"permanent\", message = \"…\", recovery = \"…\")]",
                v.ident,
                upper_snake(&v.ident.to_string())
            ),
        ));
        return None;
    }
    let fields: Vec<String> = v
        .shape
        .fields()
        .iter()
        .filter(|f| f.is_param())
        .map(|f| f.ident.to_string())
        .collect();
    fields_roles(v, errors);
    if let Shape::Unnamed(types) = &v.shape
        && !types.is_empty()
        && !(types.len() == 1 && v.shape.retired_field())
    {
        errors.push(err(
            v.ident.span(),
            format!(
                "the fields of `{}` become params and need names; write `{} {{ name: Type }}`",
                v.ident, v.ident
            ),
        ));
    }

    let code = match &v.code {
        None => {
            errors.push(err(
                v.attr_span,
                format!(
                    "missing code; add code = \"{}\"",
                    upper_snake(&v.ident.to_string())
                ),
            ));
            String::new()
        }
        Some(lit) => {
            let text = lit.value();
            if let Some(reason) = code_problem(&text) {
                errors.push(err(
                    lit.span(),
                    format!(
                        "malformed code {text:?}: {reason}; codes are UPPER_SNAKE (^[A-Z][A-Z0-9_]*$), write code = \"{}\"",
                        upper_snake(&text)
                    ),
                ));
            } else if let Some(first) = seen.get(&text) {
                errors.push(err(
                    lit.span(),
                    format!(
                        "duplicate code {text:?}: variant `{first}` already declares it; give each variant its own code"
                    ),
                ));
            } else {
                seen.insert(text.clone(), v.ident.to_string());
            }
            text
        }
    };

    let class = match &v.class {
        None => Some(CLASSES[3]),
        Some(lit) => {
            let found = CLASSES.iter().find(|c| c.0 == lit.value()).copied();
            if found.is_none() {
                errors.push(err(
                    lit.span(),
                    format!(
                        "unknown class {:?}; write class = \"transient\", \"conflict\", \"precondition_failed\", \"permanent\" or \"ambiguous\"",
                        lit.value()
                    ),
                ));
            }
            found
        }
    };
    let retry = match (&v.retry, class) {
        (None, Some(c)) => retry_variant(c.3),
        (None, None) => None,
        (Some(lit), class) => {
            let word = lit.value();
            match (retry_variant(&word), class) {
                (None, _) => {
                    errors.push(err(
                        lit.span(),
                        format!("unknown retry verdict {word:?}; write retry = \"yes\", \"no\" or \"unknown\""),
                    ));
                    None
                }
                (Some(r), Some(c)) if !c.2.contains(&word.as_str()) => {
                    let allowed =
                        c.2.iter()
                            .map(|w| format!("retry = \"{w}\""))
                            .collect::<Vec<_>>()
                            .join(" or ");
                    errors.push(err(
                        lit.span(),
                        format!(
                            "class \"{}\" does not admit retry \"{word}\" (transient takes yes|unknown, conflict yes|no, precondition_failed and permanent no, ambiguous unknown|no); write {allowed}, or change the class",
                            c.0
                        ),
                    ));
                    let _ = r;
                    None
                }
                (Some(r), _) => Some(r),
            }
        }
    };

    let exit = match v.exit {
        None => Some(if class.is_some_and(|c| c.0 == "transient") {
            75
        } else {
            1
        }),
        Some((n, span)) => match u8::try_from(n) {
            Ok(n) if n >= 1 => Some(n),
            _ => {
                let why = if n == 0 {
                    " (0 means success and never carries an envelope)"
                } else {
                    ""
                };
                errors.push(err(
                    span,
                    format!("exit status {n} is outside 1..=255{why}; write an exit status such as exit = 1, or exit = 75 for a transient failure"),
                ));
                None
            }
        },
    };

    let waits = v.shape.fields().iter().find(|f| f.retry_after);
    if let (Some(field), Some(r)) = (waits, retry)
        && r != "Yes"
    {
        errors.push(err(
            field.span,
            format!(
                "`{}` is marked as the wait before a retry, but `{}` is not retried (retry_after_ms appears only with retry \"yes\"); write retry = \"yes\" (with class = \"transient\" or \"conflict\"), or drop the marker",
                field.ident, v.ident
            ),
        ));
    }

    let message = template(v, &v.message, "message", &code, ftl, &fields, errors);
    let recovery = template(v, &v.recovery, "recovery", &code, ftl, &fields, errors);
    let verify = verify::words(v, retry, &fields, errors);

    let status = match &v.status {
        None => "Stable",
        Some(lit) => match lit.value().as_str() {
            "stable" => "Stable",
            "deprecated" => "Deprecated",
            "retired" => "Retired",
            other => {
                errors.push(err(
                    lit.span(),
                    format!("unknown status {other:?}; write status = \"stable\", \"deprecated\" or \"retired\""),
                ));
                "Stable"
            }
        },
    };
    let retired_field = v.shape.retired_field();
    if status == "Retired" && !retired_field {
        let span = v.status.as_ref().map_or(v.attr_span, LitStr::span);
        errors.push(err(
            span,
            format!(
                "retired code {code:?} can still be constructed; a retired code is never printed again, so give the variant a `failwise::Retired` field (a type with no values): write `{0}(failwise::Retired)` or `{0} {{ …, retired: failwise::Retired }}`",
                v.ident
            ),
        ));
    }
    if status != "Retired" && retired_field {
        errors.push(err(
            v.ident.span(),
            format!("`{}` holds a `Retired` field but is not retired; add status = \"retired\", or drop the field", v.ident),
        ));
    }
    if let Some(r) = &v.replaced_by {
        if let Some(reason) = code_problem(&r.value()) {
            errors.push(err(
                r.span(),
                format!(
                    "malformed replaced_by {:?}: {reason}; write replaced_by = \"{}\"",
                    r.value(),
                    upper_snake(&r.value())
                ),
            ));
        } else if status == "Stable" {
            errors.push(err(r.span(), "replaced_by on a stable code; add status = \"deprecated\" (or \"retired\"), or drop replaced_by"));
        } else if r.value() == code {
            errors.push(err(
                r.span(),
                "replaced_by names the code itself; name the code that replaces it",
            ));
        }
    }

    if errors.len() != before {
        return None;
    }
    Some(Checked {
        code,
        exit: exit?,
        class: class?.1,
        retry: retry?,
        message: message?,
        recovery: recovery?,
        since: v.since.as_ref().map(LitStr::value),
        status,
        replaced_by: v.replaced_by.as_ref().map(LitStr::value),
        verify: verify?,
    })
}

/// The markers of the named fields: one source at most, one wait at most, and the wait is a
/// param.
fn fields_roles(v: &Variant, errors: &mut Vec<syn::Error>) {
    let fields = v.shape.fields();
    let sources: Vec<_> = fields.iter().filter(|f| f.role == Role::Source).collect();
    for extra in sources.iter().skip(1) {
        errors.push(err(
            extra.span,
            format!(
                "`{}` has two source errors (`{}` and `{}`); keep one #[source] field, the error that caused this one",
                v.ident, sources[0].ident, extra.ident
            ),
        ));
    }
    let waits: Vec<_> = fields.iter().filter(|f| f.retry_after).collect();
    for extra in waits.iter().skip(1) {
        errors.push(err(
            extra.span,
            format!(
                "`{}` has two waits before a retry (`{}` and `{}`); mark one field #[catalog(retry_after)]",
                v.ident, waits[0].ident, extra.ident
            ),
        ));
    }
    for f in &waits {
        if f.role == Role::Source {
            errors.push(err(
                f.span,
                format!(
                    "`{}` is the source error and cannot be the wait before a retry; mark a field holding milliseconds or a Duration #[catalog(retry_after)]",
                    f.ident
                ),
            ));
        }
    }
}

/// Where a template was written, for problems: an attribute, or a message of the Fluent file.
struct Origin<'a> {
    /// `message` or `recovery`.
    key: &'a str,
    /// The Fluent id and the file's path as written, for a text read from the file.
    ftl: Option<(String, String)>,
}

impl Origin<'_> {
    /// `message`, or ``message (`CODE-message` in src/i18n/en.ftl)``.
    fn what(&self) -> String {
        match &self.ftl {
            None => self.key.to_owned(),
            Some((id, path)) => format!("{} (`{id}` in {path})", self.key),
        }
    }

    /// A placeholder as the text's own syntax writes it: `{name}`, or `{ $name }` in Fluent.
    fn placeholder(&self, name: &str) -> String {
        match &self.ftl {
            None => format!("{{{name}}}"),
            Some(_) => format!("{{ ${name} }}"),
        }
    }
}

/// One template of `v`: its attribute, else its message in the Fluent file, checked.
fn template(
    v: &Variant,
    lit: &Option<LitStr>,
    key: &str,
    code: &str,
    ftl: Option<&Ftl>,
    fields: &[String],
    errors: &mut Vec<syn::Error>,
) -> Option<String> {
    let (text, span, origin) = match (lit, ftl) {
        (Some(lit), _) => (lit.value(), lit.span(), Origin { key, ftl: None }),
        (None, Some(ftl)) => {
            // A file that cannot be read, and a code that is missing or malformed, are
            // problems already collected.
            let messages = ftl.messages.as_ref()?;
            if code_problem(code).is_some() {
                return None;
            }
            let id = format!("{code}-{key}");
            let path = ftl.shown();
            match messages.get(&id) {
                None => {
                    errors.push(err(
                        v.attr_span,
                        format!(
                            "missing {key}: `{id}` is not in {path}; add `{id} = …` to it (variables such as {{ $name }} are the variant's fields), or write {key} = \"…\""
                        ),
                    ));
                    return None;
                }
                Some(Err(what)) => {
                    errors.push(err(
                        ftl.lit.span(),
                        format!(
                            "`{id}` in {path} uses {what}, which a catalog template cannot say; write a plain message, text and {{ $field }} variables, such as `{id} = … {{ $name }} …`"
                        ),
                    ));
                    return None;
                }
                Some(Ok(text)) => (
                    text.clone(),
                    ftl.lit.span(),
                    Origin {
                        key,
                        ftl: Some((id, path)),
                    },
                ),
            }
        }
        (None, None) => {
            errors.push(err(
                v.attr_span,
                format!("missing {key}; add {key} = \"…\" (named {{field}} placeholders refer to the variant's fields)"),
            ));
            return None;
        }
    };
    let names = placeholders(&text, span, &origin, errors)?;
    let mut ok = known_fields(v, &names, span, &origin, fields, errors);
    if key == "recovery" && text.trim().is_empty() {
        let what = match &origin.ftl {
            None => String::new(),
            Some((id, path)) => format!(" (`{id}` in {path})"),
        };
        errors.push(err(
            span,
            format!("empty recovery{what}: every code says what to do instead; write one imperative sentence that names a command, flag, key or path, such as recovery = \"run `tool init` to create the config\""),
        ));
        ok = false;
    }
    ok.then_some(text)
}

/// Whether every placeholder in `names` is a param of `v`; each that is not is a problem
/// spanned on `span`, naming the field most likely meant (or the source error it names).
fn known_fields(
    v: &Variant,
    names: &[String],
    span: Span,
    origin: &Origin<'_>,
    fields: &[String],
    errors: &mut Vec<syn::Error>,
) -> bool {
    let mut ok = true;
    for name in names.iter().filter(|n| !fields.contains(n)) {
        ok = false;
        let shown = origin.placeholder(name);
        let what = origin.what();
        if let Some(source) = v
            .shape
            .fields()
            .iter()
            .find(|f| f.role == Role::Source && f.ident == name.as_str())
        {
            errors.push(err(
                span,
                format!(
                    "placeholder {shown} in {what} names `{}`, the source error, which is not a param: its text reaches the envelope's causes; remove the placeholder, or add a field with the value to show",
                    source.ident
                ),
            ));
            continue;
        }
        let hint = match nearest(name, fields) {
            Some(f) => format!("write {}", origin.placeholder(&f)),
            None if fields.is_empty() => format!(
                "add a field `{name}` to `{}`, or remove the placeholder",
                v.ident
            ),
            None => format!(
                "use one of {}",
                fields
                    .iter()
                    .map(|f| origin.placeholder(f))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        errors.push(err(
            span,
            format!(
                "unknown placeholder {shown} in {what}: `{}` has no field `{name}`; {hint}",
                v.ident
            ),
        ));
    }
    ok
}

/// The placeholders of a template (the grammar of `failwise::catalog::template`).
fn placeholders(
    text: &str,
    span: Span,
    origin: &Origin<'_>,
    errors: &mut Vec<syn::Error>,
) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    let fail = |errors: &mut Vec<syn::Error>, what: &str| {
        let text = match &origin.ftl {
            None => {
                format!("{what}; write placeholders as {{name}} and literal braces as {{{{ or }}}}")
            }
            Some(_) => format!(
                "{what}, in {}; write variables as {{ $name }} after a field of the variant",
                origin.what()
            ),
        };
        errors.push(err(span, text));
        None
    };
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'}' if bytes.get(i + 1) == Some(&bytes[i]) => i += 2,
            b'{' => {
                let Some(close) = text[i + 1..].find('}') else {
                    return fail(errors, "unclosed `{` in template");
                };
                let name = &text[i + 1..i + 1 + close];
                let valid = name
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
                    && name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
                if !valid {
                    return fail(
                        errors,
                        &format!(
                            "placeholder {} is not a field name ([a-z_][a-z0-9_]*)",
                            origin.placeholder(name)
                        ),
                    );
                }
                out.push(name.to_owned());
                i += close + 2;
            }
            b'}' => return fail(errors, "a lone `}` in template"),
            _ => i += 1,
        }
    }
    Some(out)
}

/// Why `text` is not a code (`^[A-Z][A-Z0-9_]*$`), if it is not.
fn code_problem(text: &str) -> Option<&'static str> {
    let mut chars = text.chars();
    match chars.next() {
        None => Some("it is empty"),
        Some(c) if !c.is_ascii_uppercase() => Some("it must start with A-Z"),
        Some(_) if chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_') => None,
        Some(_) => Some("only A-Z, 0-9 and _ may follow the first letter"),
    }
}

/// `fileNotFound`, `file-not-found`, `FileNotFound` → `FILE_NOT_FOUND`: the library's own
/// conversion (`Code::normalize`), with `E` before a text that does not start with a letter.
fn upper_snake(text: &str) -> String {
    failwise_spelling::upper_snake(text, "E")
}

/// The field `name` most likely meant, ranked as the library ranks every near miss
/// (`failwise::suggest::nearby`).
fn nearest(name: &str, fields: &[String]) -> Option<String> {
    failwise_spelling::nearby(name, fields.iter().map(String::as_str))
        .into_iter()
        .next()
}
