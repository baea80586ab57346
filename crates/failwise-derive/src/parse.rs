//! Parse: reads the derive input and its `#[catalog(...)]` attributes into a [`Model`], keeping
//! each value's span so that later problems point at the attribute that caused them.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Attribute, DeriveInput, Expr, ExprLit, ExprUnary, Ident, Lit, LitStr, Type, UnOp};

use crate::ftl::{self, Ftl};

/// The enum, as the later stages see it.
pub struct Model {
    /// The enum's name.
    pub ident: Ident,
    /// Its generics.
    pub generics: syn::Generics,
    /// `#[catalog(tool = "…")]`.
    pub tool: Option<LitStr>,
    /// `#[catalog(doc_url = "…")]`.
    pub doc_url: Option<LitStr>,
    /// `#[catalog(ftl = "…")]`: the Fluent file the variants without a `message` or
    /// `recovery` take it from, read.
    pub ftl: Option<Ftl>,
    /// `#[catalog(display)]` or `#[catalog(error)]`: generate `Display` from the message
    /// template.
    pub display: bool,
    /// `#[catalog(error)]`: also generate `std::error::Error`, its `source` the variant's
    /// source field.
    pub error: bool,
    /// The variants, in order.
    pub variants: Vec<Variant>,
}

/// One variant and its attribute values.
pub struct Variant {
    pub ident: Ident,
    /// The span of the `#[catalog(...)]` attribute, or of the variant when it has none.
    pub attr_span: Span,
    pub has_attr: bool,
    pub shape: Shape,
    pub code: Option<LitStr>,
    pub exit: Option<(i128, Span)>,
    pub class: Option<LitStr>,
    pub retry: Option<LitStr>,
    pub message: Option<LitStr>,
    pub recovery: Option<LitStr>,
    pub since: Option<LitStr>,
    pub status: Option<LitStr>,
    pub replaced_by: Option<LitStr>,
    /// `verify = "tool status {id}"`: the command that tells whether the request landed.
    pub verify: Option<LitStr>,
    pub doc: String,
}

/// The fields of a variant.
pub enum Shape {
    Unit,
    Named(Vec<Field>),
    Unnamed(Vec<Type>),
}

/// What a named field is for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A param, named after the field.
    Param,
    /// The error that caused this one (`#[source]`, `#[from]`, or a field named `source`):
    /// not a param; its chain becomes the envelope's `causes`.
    Source,
    /// The `Retired` marker of a retired variant.
    Retired,
}

/// A named field.
pub struct Field {
    pub ident: Ident,
    pub role: Role,
    /// `#[catalog(retry_after)]`, or the field is named `retry_after_ms`: its value is also the
    /// envelope's `retry_after_ms`.
    pub retry_after: bool,
    /// The span of the field, for problems about it.
    pub span: Span,
}

impl Field {
    /// Whether the field is a param.
    pub fn is_param(&self) -> bool {
        self.role == Role::Param
    }
}

fn is_retired(ty: &Type) -> bool {
    match ty {
        Type::Path(p) => p.path.segments.last().is_some_and(|s| s.ident == "Retired"),
        _ => false,
    }
}

impl Shape {
    /// Whether a field's type is `Retired` (any path ending in that name).
    pub fn retired_field(&self) -> bool {
        match self {
            Self::Unit => false,
            Self::Named(fields) => fields.iter().any(|f| f.role == Role::Retired),
            Self::Unnamed(types) => types.iter().any(is_retired),
        }
    }

    /// The named fields (none for a unit or tuple variant).
    pub fn fields(&self) -> &[Field] {
        match self {
            Self::Named(fields) => fields,
            _ => &[],
        }
    }
}

/// The keys of a variant's `#[catalog(...)]`.
const VARIANT_KEYS: [&str; 10] = [
    "code",
    "exit",
    "class",
    "retry",
    "message",
    "recovery",
    "since",
    "status",
    "replaced_by",
    "verify",
];

/// The keys of the enum's `#[catalog(...)]`.
const ENUM_KEYS: [&str; 5] = ["tool", "doc_url", "ftl", "display", "error"];

/// ` (did you mean `class`?)` for a misspelt key, ranked as the library ranks every near miss
/// (`failwise::suggest::nearby`); empty when no key is close.
fn did_you_mean(key: &str, keys: &[&str]) -> String {
    failwise_spelling::nearby(key, keys.iter().copied())
        .first()
        .map(|best| format!(" (did you mean `{best}`?)"))
        .unwrap_or_default()
}

/// Reads past the `= value` of a key that is not known, if it has one.
fn skip_value(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let _: Expr = meta.value()?.parse()?;
    }
    Ok(())
}

/// The name of a nested meta's path, as written (empty for a path of several segments).
fn key_of(meta: &syn::meta::ParseNestedMeta<'_>) -> String {
    meta.path
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_default()
}

/// Reads `input`; problems go into the returned list, and parsing goes on past them.
pub fn parse(input: &DeriveInput) -> (Model, Vec<syn::Error>) {
    let mut errors = Vec::new();
    let mut model = Model {
        ident: input.ident.clone(),
        generics: input.generics.clone(),
        tool: None,
        doc_url: None,
        ftl: None,
        display: false,
        error: false,
        variants: Vec::new(),
    };
    let mut ftl_path: Option<LitStr> = None;
    for attr in catalog_attrs(&input.attrs) {
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("tool") {
                model.tool = Some(meta.value()?.parse()?);
            } else if meta.path.is_ident("doc_url") {
                model.doc_url = Some(meta.value()?.parse()?);
            } else if meta.path.is_ident("ftl") {
                ftl_path = Some(meta.value()?.parse()?);
            } else if meta.path.is_ident("display") {
                model.display = true;
            } else if meta.path.is_ident("error") {
                model.display = true;
                model.error = true;
            } else {
                let key = key_of(&meta);
                let hint = did_you_mean(&key, &ENUM_KEYS);
                errors.push(meta.error(format!(
                    "unknown key `{key}`{hint}; on the enum write #[catalog(tool = \"name\", doc_url = \"https://…#{{code}}\", ftl = \"src/i18n/en.ftl\")], and `display` (or `error`) to generate Display (and std::error::Error) from the message templates",
                )));
                skip_value(&meta)?;
            }
            Ok(())
        });
        if let Err(e) = result {
            errors.push(e);
        }
    }
    model.ftl = ftl_path.map(|lit| ftl::read(lit, &mut errors));
    let syn::Data::Enum(data) = &input.data else {
        errors.push(syn::Error::new(
            input.ident.span(),
            "#[derive(Catalog)] goes on an enum with one variant per code, such as `enum AppError { #[catalog(code = \"NOT_FOUND\", ...)] NotFound { path: String } }`",
        ));
        return (model, errors);
    };
    for v in &data.variants {
        let shape = match &v.fields {
            syn::Fields::Unit => Shape::Unit,
            syn::Fields::Named(f) => Shape::Named(
                f.named
                    .iter()
                    .filter_map(|f| named_field(f, &mut errors))
                    .collect(),
            ),
            syn::Fields::Unnamed(f) => {
                Shape::Unnamed(f.unnamed.iter().map(|f| f.ty.clone()).collect())
            }
        };
        let mut variant = Variant {
            ident: v.ident.clone(),
            attr_span: v.ident.span(),
            has_attr: false,
            shape,
            code: None,
            exit: None,
            class: None,
            retry: None,
            message: None,
            recovery: None,
            since: None,
            status: None,
            replaced_by: None,
            verify: None,
            doc: doc_text(&v.attrs),
        };
        for attr in catalog_attrs(&v.attrs) {
            variant.has_attr = true;
            variant.attr_span = attr.span();
            let result = attr.parse_nested_meta(|meta| {
                let key = key_of(&meta);
                if key == "exit" {
                    let expr: Expr = meta.value()?.parse()?;
                    variant.exit = Some(exit_value(&expr)?);
                    return Ok(());
                }
                let slot = match key.as_str() {
                    "code" => &mut variant.code,
                    "class" => &mut variant.class,
                    "retry" => &mut variant.retry,
                    "message" => &mut variant.message,
                    "recovery" => &mut variant.recovery,
                    "since" => &mut variant.since,
                    "status" => &mut variant.status,
                    "replaced_by" => &mut variant.replaced_by,
                    "verify" => &mut variant.verify,
                    _ => {
                        let hint = did_you_mean(&key, &VARIANT_KEYS);
                        let keys = VARIANT_KEYS.join(", ");
                        errors.push(meta.error(format!(
                            "unknown key `{key}`{hint}; a variant's #[catalog(...)] takes {keys}"
                        )));
                        // The keys after it are still read: one problem, not a cascade of
                        // missing ones.
                        return skip_value(&meta);
                    }
                };
                if slot.is_some() {
                    return Err(meta.error(format!("`{key}` is given twice; keep one")));
                }
                let value: Lit = meta.value()?.parse()?;
                match value {
                    Lit::Str(s) => *slot = Some(s),
                    other => {
                        return Err(syn::Error::new(
                            other.span(),
                            format!("`{key}` takes a string; write {key} = \"…\""),
                        ));
                    }
                }
                Ok(())
            });
            if let Err(e) = result {
                errors.push(e);
            }
        }
        model.variants.push(variant);
    }
    (model, errors)
}

/// A named field and its markers: `#[source]` or `#[from]` (thiserror's spellings, read
/// whoever declares them), `#[catalog(retry_after)]`.
fn named_field(field: &syn::Field, errors: &mut Vec<syn::Error>) -> Option<Field> {
    let ident = field.ident.clone()?;
    let marked_source = field
        .attrs
        .iter()
        .any(|a| a.path().is_ident("source") || a.path().is_ident("from"));
    let mut retry_after = ident == "retry_after_ms";
    for attr in catalog_attrs(&field.attrs) {
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("retry_after") {
                retry_after = true;
                Ok(())
            } else {
                Err(meta.error(
                    "unknown key; on a field write #[catalog(retry_after)] (its value, in milliseconds or a Duration, becomes the envelope's retry_after_ms)",
                ))
            }
        });
        if let Err(e) = result {
            errors.push(e);
        }
    }
    let role = if is_retired(&field.ty) {
        Role::Retired
    } else if marked_source || ident == "source" {
        Role::Source
    } else {
        Role::Param
    };
    Some(Field {
        span: ident.span(),
        ident,
        role,
        retry_after,
    })
}

fn catalog_attrs(attrs: &[Attribute]) -> impl Iterator<Item = &Attribute> {
    attrs.iter().filter(|a| a.path().is_ident("catalog"))
}

fn exit_value(expr: &Expr) -> syn::Result<(i128, Span)> {
    let (lit, negative) = match expr {
        Expr::Lit(ExprLit { lit, .. }) => (lit, false),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr,
            ..
        }) => match &**expr {
            Expr::Lit(ExprLit { lit, .. }) => (lit, true),
            other => return Err(exit_syntax(other.span())),
        },
        other => return Err(exit_syntax(other.span())),
    };
    let Lit::Int(int) = lit else {
        return Err(exit_syntax(lit.span()));
    };
    let n: i128 = int.base10_parse()?;
    Ok((if negative { -n } else { n }, expr.span()))
}

fn exit_syntax(span: Span) -> syn::Error {
    syn::Error::new(span, "`exit` takes an integer in 1..=255; write exit = 1")
}

/// The doc comment's text: one line per `///` line, the single leading space removed.
fn doc_text(attrs: &[Attribute]) -> String {
    let mut lines = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        if let syn::Meta::NameValue(nv) = &attr.meta
            && let Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) = &nv.value
        {
            let text = s.value();
            lines.push(text.strip_prefix(' ').unwrap_or(&text).to_owned());
        }
    }
    lines.join("\n").trim().to_owned()
}
