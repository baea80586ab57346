//! `#[derive(Catalog)]`: declare a tool's error codes on an enum, one variant per code
//! with its exit status, class, retry verdict and templates. See the `failwise::catalog` docs for the attributes and an example.
//!
//! The texts can live in a Fluent file instead of the attributes: `ftl = "…"` on the enum
//! names it (a path relative to the crate's `Cargo.toml`, read at compile time), and each
//! variant without a `message` or `recovery` takes the file's `<CODE>-message` or
//! `<CODE>-recovery`, with `{ $name }` for each field. A tool writes
//! `ftl = "src/i18n/en.ftl"`; this example reads `tests/fixtures/app.en.ftl`, which holds
//!
//! ```text
//! FILE_NOT_FOUND-message = file { $path } not found
//! FILE_NOT_FOUND-recovery = verify that { $path } exists
//! ```
//!
//! ```
//! use failwise::Catalog;
//!
//! #[derive(Catalog)]
//! #[catalog(tool = "app", ftl = "tests/fixtures/app.en.ftl")]
//! enum AppError {
//!     /// The file named on the command line does not exist.
//!     #[catalog(code = "FILE_NOT_FOUND", exit = 4)]
//!     FileNotFound { path: String },
//! }
//!
//! let envelope = AppError::FileNotFound { path: "a.txt".into() }.to_envelope();
//! assert_eq!(envelope.message(), "file a.txt not found");
//! assert_eq!(AppError::CODES[0].recovery, "verify that {path} exists");
//! ```
//!
//! The derive is a pipeline: `parse` reads the attributes into a model (`ftl` reads the Fluent
//! file), `validate` checks every rule and collects every problem (each spanned on the
//! attribute value that caused it, with the syntax to write instead), and `expand` writes the
//! impl. On any problem the impl is a stub, so the user sees the problems and not a cascade.

mod expand;
mod ftl;
mod parse;
mod validate;

use proc_macro::TokenStream;

/// Implements `failwise::Catalog` for an enum whose variants carry `#[catalog(...)]`.
///
/// On the enum (optional): `#[catalog(tool = "name", doc_url = "https://…#{code}",
/// ftl = "src/i18n/en.ftl")]`; with `ftl`, a variant that gives no `message` or `recovery`
/// takes the file's `<CODE>-message` or `<CODE>-recovery` (a plain Fluent message: text,
/// `{ $field }` variables, string literals such as `{"{"}`), and the crate is rebuilt when the
/// file changes.
///
/// On each variant: `#[catalog(code = "UPPER_SNAKE", exit = 1..=255, class = "permanent",
/// retry = "no", message = "… {field} …", recovery = "… {field} …", since = "1.0",
/// status = "stable" | "deprecated" | "retired", replaced_by = "OTHER_CODE",
/// verify = "tool status {field}")]`, and a doc comment for the doc text. `code` is required,
/// and `message` and `recovery` unless the Fluent file has them; `class` defaults to
/// `permanent`, `retry` to the class's default, `exit` to 75 for `transient` and 1 otherwise.
/// `verify`, only with `retry = "unknown"`, is the command that tells whether the request
/// landed: split into words as a POSIX shell splits them, at compile time, then each
/// `{field}` replaced inside its word, so a value with spaces stays one argument.
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
