//! Parse: reads the derive input and its `#[catalog(...)]` attributes into a [`Model`], keeping
//! each value's span so that later problems point at the attribute that caused them.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Attribute, DeriveInput, Expr, ExprLit, ExprUnary, Ident, Lit, LitStr, Type, UnOp};

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
    pub doc: String,
}

/// The fields of a variant.
pub enum Shape {
    Unit,
    Named(Vec<(Ident, Type)>),
    Unnamed(Vec<Type>),
}

impl Shape {
    /// Whether a field's type is `Retired` (any path ending in that name).
    pub fn retired_field(&self) -> bool {
        let is_retired = |ty: &Type| match ty {
            Type::Path(p) => p.path.segments.last().is_some_and(|s| s.ident == "Retired"),
            _ => false,
        };
        match self {
            Self::Unit => false,
            Self::Named(fields) => fields.iter().any(|(_, t)| is_retired(t)),
            Self::Unnamed(types) => types.iter().any(is_retired),
        }
    }
}

const VARIANT_KEYS: &str =
    "code, exit, class, retry, message, recovery, since, status, replaced_by";

/// Reads `input`; problems go into the returned list, and parsing goes on past them.
pub fn parse(input: &DeriveInput) -> (Model, Vec<syn::Error>) {
    let mut errors = Vec::new();
    let mut model = Model {
        ident: input.ident.clone(),
        generics: input.generics.clone(),
        tool: None,
        doc_url: None,
        variants: Vec::new(),
    };
    for attr in catalog_attrs(&input.attrs) {
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("tool") {
                model.tool = Some(meta.value()?.parse()?);
            } else if meta.path.is_ident("doc_url") {
                model.doc_url = Some(meta.value()?.parse()?);
            } else {
                return Err(meta.error(
                    "unknown key; on the enum write #[catalog(tool = \"name\", doc_url = \"https://…#{code}\")]",
                ));
            }
            Ok(())
        });
        if let Err(e) = result {
            errors.push(e);
        }
    }
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
                    .filter_map(|f| f.ident.clone().map(|i| (i, f.ty.clone())))
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
            doc: doc_text(&v.attrs),
        };
        for attr in catalog_attrs(&v.attrs) {
            variant.has_attr = true;
            variant.attr_span = attr.span();
            let result = attr.parse_nested_meta(|meta| {
                let key = meta
                    .path
                    .get_ident()
                    .map(ToString::to_string)
                    .unwrap_or_default();
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
                    _ => {
                        return Err(meta.error(format!(
                            "unknown key `{key}`; a variant's #[catalog(...)] takes {VARIANT_KEYS}"
                        )));
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
