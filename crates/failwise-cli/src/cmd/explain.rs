//! `failwise explain CODE [--catalog FILE]`: a code's documentation, exit status, class, retry
//! verdict, templates (its verify command's among them), params and history. The code is looked up in the `--catalog` file when
//! one is given, then in failwise's own catalog, then among the codes failwise's classifiers
//! and command line give ([`failwise::classify::explain`]: `TIMEOUT`, `ENOENT`, `EXIT_<n>`,
//! `CURLE_*`, `VALUE_VALIDATION`, ...). An unknown code answers with the nearest codes of all
//! three ([`failwise::suggest::nearby`]).
//!
//! Labels follow the chosen language (`--lang`, the config file, the locale variables). A
//! catalog entry that has a translation in that language (its `translations` in the catalog
//! file, or for failwise's own codes the `.ftl` resources) shows the translated templates as
//! `message` and `recovery`, followed by the English ones.

use std::fmt::Write;

use failwise::catalog::{CatalogEntry, Status};
use failwise::classify::explain::{self as builtin, Explanation};
use failwise::i18n::Localizer;
use failwise::{Catalog, CatalogFile};

use crate::cmd::catalog::load;
use crate::errors::CliError;
use crate::outcome::Outcome;
use crate::output::Output;
use crate::presentation::{Format, Presentation};
use crate::records::{Example, ExplainBuiltin, ExplainCatalog, Localized, VerdictPair};

/// Arguments of `failwise explain`.
#[derive(Debug, clap::Args)]
#[command(after_help = include_str!("../help/explain-args.txt"))]
pub struct Args {
    /// The code, such as FILE_NOT_FOUND.
    pub code: String,
    /// The tool's catalog (JSON or TOML; `-` reads standard input); looked up before
    /// failwise's own codes.
    #[arg(long, value_name = "FILE")]
    pub catalog: Option<std::path::PathBuf>,
}

/// Prints the entry, or an `UNKNOWN_CODE` envelope with the nearest codes.
pub fn run(args: &Args, presentation: &Presentation) -> Outcome {
    let given = match &args.catalog {
        Some(path) => match load(path) {
            Ok(c) => Some(c),
            Err(e) => return Outcome::failed(*e, presentation),
        },
        None => None,
    };
    let own = CliError::catalog();
    let localizer = presentation.localizer();
    let json = presentation.format() == Format::Json;
    let out = Output::stdout(presentation);
    for catalog in given.iter().chain(std::iter::once(&own)) {
        if let Some(entry) = catalog.entry(&args.code) {
            let own_texts = (catalog.tool == own.tool).then_some(localizer);
            if json {
                out.line(
                    &presentation.record_line(&record_with(catalog, entry, localizer, own_texts)),
                );
            } else {
                let text = explain_with(catalog, entry, localizer, own_texts);
                out.bytes(text.as_bytes());
            }
            return Outcome::Exit(0);
        }
    }
    if let Some(entry) = builtin::explain(&args.code, localizer) {
        if json {
            out.line(&presentation.record_line(&record_builtin(entry)));
        } else {
            out.bytes(explain_builtin(&entry, localizer).as_bytes());
        }
        return Outcome::Exit(0);
    }
    let builtin_codes = builtin::codes();
    let known = given
        .iter()
        .chain(std::iter::once(&own))
        .flat_map(|c| c.codes.iter().map(|e| e.code.as_str()))
        .chain(builtin_codes.iter().map(String::as_str));
    let near = failwise::suggest::nearby(&args.code, known);
    let tool = given.as_ref().map_or(&own.tool, |c| &c.tool).clone();
    let unknown = CliError::UnknownCode {
        code: args.code.clone(),
        tool,
    }
    .to_envelope();
    let recovery = unknown.recovery().to_owned();
    let envelope = unknown.into_draft().nearby(near).with_recovery(recovery);
    match envelope {
        Ok(e) => Outcome::failed(e, presentation),
        Err(_) => Outcome::Exit(1),
    }
}

/// Writes `label` padded to the width of the widest label, then `value`.
fn line(out: &mut String, width: usize, label: &str, value: &str) {
    let pad = width.saturating_sub(label.chars().count());
    let _ = writeln!(
        out,
        "  {label}{}  {}",
        " ".repeat(pad),
        failwise::render::visible(value)
    );
}

/// A label of `explain`, in `localizer`'s language.
fn label(localizer: &Localizer, id: &str) -> String {
    localizer.label(id, &failwise::Params::new())
}

/// The labels `explain` writes, in `localizer`'s language, and their widest width.
fn labels(localizer: &Localizer, ids: &[&'static str]) -> (Vec<(&'static str, String)>, usize) {
    let labels: Vec<(&'static str, String)> =
        ids.iter().map(|id| (*id, label(localizer, id))).collect();
    let width = labels
        .iter()
        .map(|(_, l)| l.chars().count())
        .max()
        .unwrap_or(0);
    (labels, width)
}

/// A catalog template read from the `.ftl` resources of `localizer`'s language
/// ([`Localizer::template`]: the message `id` with each of `params` written back as `{name}`);
/// `None` when only English has it.
fn ftl_template(localizer: &Localizer, id: &str, params: &[String]) -> Option<(String, String)> {
    let (text, lang) = localizer.template(id, params)?;
    let lang = lang.to_string();
    (lang != "en").then_some((text, lang))
}

/// The templates of `e` in `localizer`'s language, when it is not English and has them: the
/// entry's `translations` ([`CatalogEntry::translation`]), or with `own_texts` the `.ftl`
/// resources of failwise's own codes. Message, recovery and the language's tag.
pub(crate) fn translated(
    e: &CatalogEntry,
    localizer: &Localizer,
    own_texts: Option<&Localizer>,
) -> Option<(String, String, String)> {
    match e.translation(&localizer.tag()) {
        Some((tag, t)) => Some((t.message.clone(), t.recovery.clone(), tag.to_owned())),
        None => own_texts.and_then(|loc| {
            let (message, tag) = ftl_template(loc, &format!("{}-message", e.code), &e.params)?;
            let (recovery, _) = ftl_template(loc, &format!("{}-recovery", e.code), &e.params)?;
            Some((message, recovery, tag))
        }),
    }
}

/// The record `explain --json` prints for one catalog entry ([`ExplainCatalog`]).
fn record_with(
    catalog: &CatalogFile,
    e: &CatalogEntry,
    localizer: &Localizer,
    own_texts: Option<&Localizer>,
) -> ExplainCatalog {
    let mut record = ExplainCatalog::new(&catalog.tool, e);
    record.localized =
        translated(e, localizer, own_texts).map(|(message, recovery, lang)| Localized {
            lang,
            message,
            recovery,
        });
    record.doc_url = catalog
        .doc_url
        .as_ref()
        .map(|url| url.replace("{code}", e.code.as_str()));
    record
}

/// The record `explain --json` prints for a code failwise's classifiers or command line give
/// ([`ExplainBuiltin`]).
fn record_builtin(e: Explanation) -> ExplainBuiltin {
    let mut verdicts: Vec<VerdictPair> = Vec::new();
    for v in &e.verdicts {
        let pair = VerdictPair {
            error_class: v.class().to_string(),
            retry: v.retry().to_string(),
        };
        if !verdicts.contains(&pair) {
            verdicts.push(pair);
        }
    }
    ExplainBuiltin {
        origin: "builtin",
        tool: "failwise",
        code: e.code,
        exit: e.exit.map(|x| x.get()),
        verdicts,
        description: e.description,
        example: e
            .example
            .map(|(message, recovery)| Example { message, recovery }),
        lang: e.lang,
    }
}

/// The text `explain` prints for one catalog entry, labels in `localizer`'s language; with `own_texts`, the templates of
/// failwise's own codes come from its `.ftl` resources (`<CODE>-message`); otherwise an
/// entry's `translations` in that language ([`CatalogEntry::translation`]).
fn explain_with(
    catalog: &CatalogFile,
    e: &CatalogEntry,
    localizer: &Localizer,
    own_texts: Option<&Localizer>,
) -> String {
    let (labels, width) = labels(
        localizer,
        &[
            "explain-exit-status",
            "explain-error-class",
            "explain-retry",
            "explain-message",
            "explain-recovery",
            "explain-verify",
            "explain-translated",
            "explain-params",
            "explain-since",
            "explain-status",
            "explain-replaced-by",
            "explain-doc",
        ],
    );
    let l = |id: &str| {
        labels
            .iter()
            .find(|(i, _)| *i == id)
            .map_or("", |(_, l)| l.as_str())
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({})",
        e.code,
        failwise::render::visible(&catalog.tool)
    );
    if !e.doc.is_empty() {
        // A doc text may run over several lines; other control characters are shown.
        let doc: Vec<_> = e.doc.lines().map(failwise::render::visible).collect();
        let _ = writeln!(out, "\n{}\n", doc.join("\n"));
    }
    line(
        &mut out,
        width,
        l("explain-exit-status"),
        &e.exit.to_string(),
    );
    line(
        &mut out,
        width,
        l("explain-error-class"),
        &e.error_class.to_string(),
    );
    line(&mut out, width, l("explain-retry"), &e.retry.to_string());
    let translated = translated(e, localizer, own_texts);
    let blank = " ".repeat(width);
    match translated {
        Some((message, recovery, tag)) => {
            line(
                &mut out,
                width,
                l("explain-message"),
                &format!("{message} ({tag})"),
            );
            line(
                &mut out,
                width,
                l("explain-recovery"),
                &format!("{recovery} ({tag})"),
            );
            line(&mut out, width, &blank, &format!("{} (en)", e.message));
            line(&mut out, width, &blank, &format!("{} (en)", e.recovery));
        }
        None => {
            line(&mut out, width, l("explain-message"), &e.message);
            line(&mut out, width, l("explain-recovery"), &e.recovery);
        }
    }
    if !e.verify.is_empty() {
        line(
            &mut out,
            width,
            l("explain-verify"),
            &failwise::catalog::template::command_line(&e.verify),
        );
    }
    if !e.translations.is_empty() {
        let langs: Vec<&str> = e.translations.keys().map(String::as_str).collect();
        line(&mut out, width, l("explain-translated"), &langs.join(", "));
    }
    if !e.params.is_empty() {
        line(&mut out, width, l("explain-params"), &e.params.join(", "));
    }
    let since = e
        .since
        .clone()
        .unwrap_or_else(|| label(localizer, "explain-not-recorded"));
    line(&mut out, width, l("explain-since"), &since);
    line(&mut out, width, l("explain-status"), &e.status.to_string());
    if let Some(r) = &e.replaced_by {
        line(&mut out, width, l("explain-replaced-by"), r.as_str());
    }
    if e.status == Status::Retired {
        let _ = writeln!(out, "\n{}", label(localizer, "explain-retired"));
    }
    if let Some(url) = &catalog.doc_url {
        line(
            &mut out,
            width,
            l("explain-doc"),
            &url.replace("{code}", e.code.as_str()),
        );
    }
    out
}

/// The text `explain` prints for a code failwise's classifiers or command line give.
fn explain_builtin(e: &Explanation, localizer: &Localizer) -> String {
    let (labels, width) = labels(
        localizer,
        &[
            "explain-exit-status",
            "explain-error-class",
            "explain-retry",
            "explain-example-message",
            "explain-example-recovery",
        ],
    );
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", e.code, label(localizer, "explain-builtin"));
    let _ = writeln!(out, "\n{}\n", e.description);
    let exit = e.exit.map_or_else(
        || label(localizer, "explain-exit-varies"),
        |x| x.get().to_string(),
    );
    line(&mut out, width, &labels[0].1, &exit);
    let classes: Vec<String> = e.verdicts.iter().map(|v| v.class().to_string()).collect();
    let retries: Vec<String> = e.verdicts.iter().map(|v| v.retry().to_string()).collect();
    line(&mut out, width, &labels[1].1, &dedup(classes).join(" | "));
    line(&mut out, width, &labels[2].1, &dedup(retries).join(" | "));
    if let Some((message, recovery)) = &e.example {
        line(&mut out, width, &labels[3].1, message);
        line(&mut out, width, &labels[4].1, recovery);
    }
    out
}

/// `items` without repeats, in first-seen order.
fn dedup(items: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}
