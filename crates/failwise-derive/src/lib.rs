//! `#[derive(Catalog)]`: declare a tool's error codes on an enum, one variant per code
//! with its exit status, class, retry verdict and templates. See the `failwise::catalog` docs for the attributes and an example.
//!
//! The derive is a pipeline: `parse` reads the attributes into a model, `validate` checks
//! every rule and collects every problem (each spanned on the attribute value that caused it,
//! with the syntax to write instead), and `expand` writes the impl. On any problem the impl is
//! a stub, so the user sees the problems and not a cascade.

mod expand;
mod parse;
mod validate;

use proc_macro::TokenStream;

/// Implements `failwise::Catalog` for an enum whose variants carry `#[catalog(...)]`.
///
/// On the enum (optional): `#[catalog(tool = "name", doc_url = "https://…#{code}")]`.
///
/// On each variant: `#[catalog(code = "UPPER_SNAKE", exit = 1..=255, class = "permanent",
/// retry = "no", message = "… {field} …", recovery = "… {field} …", since = "1.0",
/// status = "stable" | "deprecated" | "retired", replaced_by = "OTHER_CODE")]`, and a doc
/// comment for the doc text. `code`, `message` and `recovery` are required; `class` defaults
/// to `permanent`, `retry` to the class's default, `exit` to 75 for `transient` and 1 otherwise.
/// Named fields become the envelope's params. A retired variant holds a `failwise::Retired`
/// field, which makes it impossible to construct.
#[proc_macro_derive(Catalog, attributes(catalog, source))]
pub fn derive_catalog(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    let (model, mut errors) = parse::parse(&input);
    let checked = validate::validate(&model, &mut errors);
    match (
        errors.into_iter().reduce(|mut a, b| {
            a.combine(b);
            a
        }),
        checked,
    ) {
        (None, Some(codes)) => expand::expand(&model, &codes).into(),
        (error, _) => {
            let mut out = expand::stub(&model);
            if let Some(error) = error {
                out.extend(error.to_compile_error());
            }
            out.into()
        }
    }
}
