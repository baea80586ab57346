//! `failwise catalog lint|docs|diff`: check a catalog, render its reference, and gate the
//! compatibility between two versions. Also the loader every catalog-reading
//! subcommand shares.

use std::path::{Path, PathBuf};

use failwise::catalog::{CatalogFile, Translation, diff, docs, lint};
use failwise::i18n::Localizer;
use failwise::{Catalog, Envelope};

use crate::cmd::explain;
use crate::errors::CliError;
use crate::input;
use crate::outcome::Outcome;
use crate::output::Output;
use crate::presentation::{Format, Presentation};
use crate::records;

/// Arguments of `failwise catalog`.
#[derive(Debug, clap::Args)]
#[command(after_help = include_str!("../help/catalog-args.txt"))]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What to do with a catalog.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Advisory warnings with stable codes; they fail the run only with --strict.
    #[command(after_help = include_str!("../help/catalog-lint.txt"))]
    Lint {
        /// The catalog, JSON or TOML; `-` reads standard input.
        file: PathBuf,
        /// Exit non-zero when there is any warning.
        #[arg(long)]
        strict: bool,
    },
    /// Render the reference of every code, one anchor per code (`#CODE`).
    #[command(after_help = include_str!("../help/catalog-docs.txt"))]
    Docs {
        /// The catalog, JSON or TOML (`-` reads standard input); failwise's own codes when
        /// absent.
        file: Option<PathBuf>,
        /// Markdown (the default), or one self-contained HTML page (`--format md|html` is
        /// accepted too); with `--json` and no `--to`, the catalog itself as one line of JSON.
        #[arg(long = "to", value_enum)]
        to: Option<DocFormat>,
    },
    /// Every change from OLD to NEW, breaking or compatible; exits 1 when any is breaking.
    #[command(after_help = include_str!("../help/catalog-diff.txt"))]
    Diff {
        /// The released catalog (`-` reads standard input).
        old: PathBuf,
        /// The catalog about to be released (`-` reads standard input).
        new: PathBuf,
    },
    /// Print the JSON Schema of the catalog format.
    #[command(after_help = include_str!("../help/catalog-schema.txt"))]
    Schema,
}

/// The format of `failwise catalog docs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DocFormat {
    /// Markdown.
    Md,
    /// One self-contained HTML page.
    Html,
}

/// Reads a catalog file (TOML when it ends in `.toml`, else JSON), or standard input when
/// `path` is `-` (JSON when its first character besides whitespace is `{`, else TOML), or the
/// envelope saying why it cannot be used. The name need not be UTF-8 (the envelopes show
/// it with U+FFFD in place of what is not).
pub fn load(path: &Path) -> Result<CatalogFile, Box<Envelope>> {
    let shown = path.to_string_lossy();
    let text =
        input::read_to_string(path).map_err(|e| Box::new(input::error_envelope(&shown, &e)))?;
    let parsed = if input::is_stdin(path) {
        if text.trim_start().starts_with('{') {
            CatalogFile::from_json(&text)
        } else {
            CatalogFile::from_toml(&text)
        }
    } else {
        CatalogFile::from_named(&shown, &text)
    };
    parsed.map_err(|e| {
        Box::new(
            CliError::CatalogInvalid {
                path: shown.clone().into_owned(),
                reason: e.to_string(),
            }
            .to_envelope(),
        )
    })
}

/// failwise's own catalog, without a version so the committed reference does not change with
/// every release.
pub fn own_catalog() -> CatalogFile {
    let mut catalog = CliError::catalog();
    catalog.version = None;
    catalog
}

/// `catalog` (failwise's own) with each code's templates in `localizer`'s language, read from
/// the binary's `.ftl` resources, as the code's `translations`, so that the HTML reference's
/// example envelopes read in that language too. English adds nothing.
fn with_own_translations(mut catalog: CatalogFile, localizer: &Localizer) -> CatalogFile {
    for entry in &mut catalog.codes {
        if let Some((message, recovery, tag)) =
            explain::translated(entry, localizer, Some(localizer))
        {
            entry
                .translations
                .insert(tag, Translation { message, recovery });
        }
    }
    catalog
}

/// Runs one catalog action.
pub fn run(args: &Args, presentation: &Presentation) -> Outcome {
    match &args.action {
        Action::Lint { file, strict } => run_lint(file, *strict, presentation),
        Action::Docs { file, to } => {
            match file.as_deref().map_or_else(|| Ok(own_catalog()), load) {
                Ok(c) => {
                    let text = match (to, presentation.format()) {
                        (None, Format::Json) => presentation.record_line(&c) + "\n",
                        (Some(DocFormat::Html), _) => {
                            let localizer = presentation.localizer();
                            let c = match file {
                                None => with_own_translations(c, localizer),
                                Some(_) => c,
                            };
                            docs::html_in(&c, localizer)
                        }
                        _ => docs::markdown(&c),
                    };
                    Output::stdout(presentation).bytes(text.as_bytes());
                    Outcome::Exit(0)
                }
                Err(e) => Outcome::failed(*e, presentation),
            }
        }
        Action::Diff { old, new } => run_diff(old, new, presentation),
        Action::Schema => {
            Output::stdout(presentation).bytes(failwise::catalog::catalog_schema_text().as_bytes());
            Outcome::Exit(0)
        }
    }
}

fn run_lint(path: &Path, strict: bool, presentation: &Presentation) -> Outcome {
    let shown = path.to_string_lossy();
    let file: &str = &shown;
    let catalog = match load(path) {
        Ok(c) => c,
        Err(e) => return Outcome::failed(*e, presentation),
    };
    let findings = lint::lint(&catalog);
    if presentation.format() == Format::Json {
        let record = records::Lint {
            file: file.to_owned(),
            tool: catalog.tool.clone(),
            codes: catalog.codes.len(),
            warnings: findings
                .iter()
                .map(|f| records::LintWarning {
                    rule: f.rule.name(),
                    code: f.code.clone(),
                    detail: f.detail.clone(),
                })
                .collect(),
        };
        Output::stdout(presentation).line(&presentation.record_line(&record));
    }
    let localizer = presentation.localizer();
    let text = presentation.format() != Format::Json;
    for f in findings.iter().filter(|_| text) {
        // In the reader's language where it has the finding's texts, else English.
        let line = localizer
            .render(&f.line_phrase(), &failwise::Params::new())
            .map_or_else(|| f.to_string(), |(text, _)| text);
        Output::stderr(presentation).line(&line);
    }
    if strict && !findings.is_empty() {
        let envelope = CliError::LintWarnings {
            path: file.to_owned(),
            count: findings.len() as u64,
        }
        .to_envelope();
        return Outcome::failed(envelope, presentation);
    }
    let mut args = failwise::Params::new();
    args.insert("file".to_owned(), file.into());
    args.insert("codes".to_owned(), catalog.codes.len().into());
    args.insert("warnings".to_owned(), findings.len().into());
    if text {
        let summary = localizer.label("catalog-lint-summary", &args);
        Output::stderr(presentation).line(&summary);
    }
    Outcome::Exit(0)
}

fn run_diff(old_path: &Path, new_path: &Path, presentation: &Presentation) -> Outcome {
    let inputs = [("OLD", old_path), ("NEW", new_path)];
    if let Err(envelope) = input::stdin_at_most_once("failwise catalog diff", inputs) {
        return Outcome::failed(*envelope, presentation);
    }
    let (old_shown, new_shown) = (old_path.to_string_lossy(), new_path.to_string_lossy());
    let (old, new): (&str, &str) = (&old_shown, &new_shown);
    let (a, b) = match (load(old_path), load(new_path)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return Outcome::failed(*e, presentation),
    };
    let changes = diff::diff(&a, &b);
    let out = Output::stdout(presentation);
    let breaking = changes.iter().filter(|c| c.breaking).count();
    if presentation.format() == Format::Json {
        let record = records::Diff {
            old: old.to_owned(),
            new: new.to_owned(),
            breaking,
            compatible: changes.len() - breaking,
            changes: changes
                .iter()
                .map(|c| records::DiffChange {
                    kind: c.kind.name(),
                    breaking: c.breaking,
                    code: c.code.clone(),
                    detail: c.detail.clone(),
                })
                .collect(),
        };
        out.line(&presentation.record_line(&record));
    } else if changes.is_empty() {
        let mut args = failwise::Params::new();
        args.insert("old".to_owned(), old.into());
        args.insert("new".to_owned(), new.into());
        out.line(
            &presentation
                .localizer()
                .label("catalog-diff-no-changes", &args),
        );
    } else {
        for c in &changes {
            out.line(&c.to_string());
        }
    }
    if breaking > 0 {
        let envelope = CliError::BreakingChange {
            old: old.to_owned(),
            new: new.to_owned(),
            count: breaking as u64,
        }
        .to_envelope();
        return Outcome::failed(envelope, presentation);
    }
    Outcome::Exit(0)
}

/// `failwise catalog docs FILE --format md|html`: the global `--format` (json|human|auto) names
/// how failures are shown, so after `catalog docs` a `--format md` or `--format html` is read
/// as `--to`.
pub fn docs_format_alias(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let words: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let docs_at = words
        .windows(2)
        .position(|w| w[0] == "catalog" && w[1] == "docs");
    let Some(start) = docs_at else {
        return args;
    };
    let mut out = args;
    for i in start + 2..words.len() {
        match words[i].as_str() {
            "--format" if matches!(words.get(i + 1).map(String::as_str), Some("md" | "html")) => {
                out[i] = "--to".into();
            }
            "--format=md" | "--format=html" => {
                out[i] = words[i].replacen("--format", "--to", 1).into();
            }
            _ => {}
        }
    }
    out
}
