//! `recourse explain CODE [--catalog FILE]`: a code's documentation, exit status, class, retry
//! verdict, templates, params and history. Without `--catalog`, recourse's own codes. An
//! unknown code answers with the nearest known codes ([`recourse::suggest::nearby`]).
//!
//! In a language other than English (`--lang`, the config file, the locale variables), an
//! entry that has a translation in that language (its `translations` in the catalog file)
//! shows the translated templates as `message` and `recovery`, followed by the English ones.

use std::fmt::Write;

use recourse::catalog::{CatalogEntry, Status};
use recourse::{Catalog, CatalogFile};

use crate::cmd::catalog::load;
use crate::errors::CliError;
use crate::outcome::Outcome;
use crate::output::{Format, Output};

/// Arguments of `recourse explain`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The code, such as FILE_NOT_FOUND.
    pub code: String,
    /// The tool's catalog (JSON or TOML); recourse's own codes when absent.
    #[arg(long, value_name = "FILE")]
    pub catalog: Option<String>,
}

/// Prints the entry, or an `UNKNOWN_CODE` envelope with the nearest codes.
pub fn run(args: &Args, format: Format) -> Outcome {
    let catalog = match &args.catalog {
        Some(path) => match load(path) {
            Ok(c) => c,
            Err(e) => return Outcome::failed(*e, format),
        },
        None => CliError::catalog(),
    };
    match catalog.entry(&args.code) {
        Some(entry) => {
            let lang = crate::presentation::get().lang().to_owned();
            Output::stdout().bytes(explain(&catalog, entry, &lang).as_bytes());
            Outcome::Exit(0)
        }
        None => {
            let near = recourse::suggest::nearby(
                &args.code,
                catalog.codes.iter().map(|e| e.code.as_str()),
            );
            let envelope = CliError::UnknownCode {
                code: args.code.clone(),
                tool: catalog.tool.clone(),
            }
            .to_envelope()
            .into_draft()
            .nearby(near)
            .with_recovery(CliError::CODES[2].recovery);
            match envelope {
                Ok(e) => Outcome::failed(e, format),
                Err(_) => Outcome::Exit(1),
            }
        }
    }
}

/// The text `explain` prints for one entry, with its templates in the language `lang` when the
/// entry has a translation in it ([`CatalogEntry::translation`]).
pub fn explain(catalog: &CatalogFile, e: &CatalogEntry, lang: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", e.code, catalog.tool);
    if !e.doc.is_empty() {
        let _ = writeln!(out, "\n{}\n", e.doc);
    }
    let _ = writeln!(out, "  exit status  {}", e.exit);
    let _ = writeln!(out, "  error class  {}", e.error_class);
    let _ = writeln!(out, "  retry        {}", e.retry);
    match e.translation(lang) {
        Some((tag, t)) => {
            let _ = writeln!(out, "  message      {} ({tag})", t.message);
            let _ = writeln!(out, "  recovery     {} ({tag})", t.recovery);
            let _ = writeln!(out, "               {} (en)", e.message);
            let _ = writeln!(out, "               {} (en)", e.recovery);
        }
        None => {
            let _ = writeln!(out, "  message      {}", e.message);
            let _ = writeln!(out, "  recovery     {}", e.recovery);
        }
    }
    if !e.translations.is_empty() {
        let langs: Vec<&str> = e.translations.keys().map(String::as_str).collect();
        let _ = writeln!(out, "  translated   {}", langs.join(", "));
    }
    if !e.params.is_empty() {
        let _ = writeln!(out, "  params       {}", e.params.join(", "));
    }
    let _ = writeln!(
        out,
        "  since        {}",
        e.since.as_deref().unwrap_or("(not recorded)")
    );
    let _ = writeln!(out, "  status       {}", e.status);
    if let Some(r) = &e.replaced_by {
        let _ = writeln!(out, "  replaced by  {r}");
    }
    if e.status == Status::Retired {
        let _ = writeln!(
            out,
            "\nThis code is retired: it is no longer printed and is never reused."
        );
    }
    if let Some(url) = &catalog.doc_url {
        let _ = writeln!(
            out,
            "  doc          {}",
            url.replace("{code}", e.code.as_str())
        );
    }
    out
}
