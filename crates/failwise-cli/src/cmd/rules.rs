//! `failwise rules`: the recognition rule packs failwise reads failures with: list them (the
//! built-in ones, `--rules` files and `rules.d`, each with where it came from), replay the real
//! examples they carry against the rule that holds it, lint them, print the format's schema.
//!
//! A pack that cannot be used is an envelope (`RULE_PACK_INVALID`, `RULE_INVALID`): on stderr
//! for `list` (which lists the rest and exits 0), on stdout beside the findings for `test` and
//! `lint` (which exit 1 on it).

pub mod load;

use std::path::PathBuf;

use failwise::classify::packs::{LintKind, Origin, rule_pack_schema_text};
use failwise::{Catalog, Envelope, Params};
use serde::Serialize;

use crate::errors::CliError;
use crate::outcome::Outcome;
use crate::output::{EnvelopeWriter, Output};
use crate::presentation::{Format, Presentation};
use load::Loaded;

/// Arguments of `failwise rules`.
#[derive(Debug, clap::Args)]
#[command(after_help = include_str!("../help/rules-args.txt"))]
pub struct Args {
    /// A rule pack of your own (TOML) to load beside the built-in ones and `rules.d`
    /// (repeatable).
    #[arg(long = "rules", value_name = "FILE", global = true)]
    rules: Vec<PathBuf>,
    #[command(subcommand)]
    what: What,
}

#[derive(Debug, clap::Subcommand)]
enum What {
    /// List the rule packs loaded (built-in, `--rules`, `rules.d`), with their rules and
    /// examples.
    #[command(after_help = include_str!("../help/rules-list.txt"))]
    List,
    /// Replay the examples of the packs named (else of every loaded pack) through the reader
    /// `failwise run` uses; each one that does not give its rule's code, class and retry
    /// verdict is an envelope (exit 1).
    #[command(after_help = include_str!("../help/rules-test.txt"))]
    Test {
        /// Rule packs to load and test (default: every loaded pack).
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Lint the packs named (else the user's packs, or the built-in ones when there are none):
    /// overlapping rules, a rule that never wins, a pattern that misses its own example, a
    /// text with a variable the rule never gives; each finding an envelope (exit 1 on an
    /// error).
    #[command(after_help = include_str!("../help/rules-lint.txt"))]
    Lint {
        /// Rule packs to load and lint.
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Print the JSON Schema of the rule-pack format (`schemas/rule-pack.v1.schema.json`).
    #[command(after_help = include_str!("../help/rules-schema.txt"))]
    Schema,
}

/// One pack as `rules list --json` writes it.
#[derive(Serialize)]
struct PackRecord<'a> {
    pack: &'a str,
    rules: usize,
    examples: usize,
    origin: &'a str,
    file: &'a str,
}

/// The summary `rules test --json` writes.
#[derive(Serialize)]
struct TestRecord {
    packs: usize,
    rules: usize,
    examples: usize,
    mismatches: usize,
}

/// The summary `rules lint --json` writes.
#[derive(Serialize)]
struct LintRecord {
    packs: usize,
    rules: usize,
    errors: usize,
    warnings: usize,
}

/// Runs `failwise rules`.
pub fn run(args: &Args, presentation: &Presentation) -> Outcome {
    match &args.what {
        What::List => list(&load::load(&args.rules), presentation),
        What::Test { files } => test(&args.rules, files, presentation),
        What::Lint { files } => lint(&args.rules, files, presentation),
        What::Schema => {
            Output::stdout(presentation).bytes(rule_pack_schema_text().as_bytes());
            Outcome::Exit(0)
        }
    }
}

/// A label of the binary's texts with `pairs` as its variables.
fn label(presentation: &Presentation, id: &str, pairs: &[(&str, String)]) -> String {
    let mut args = Params::new();
    for (k, v) in pairs {
        args.insert((*k).to_owned(), v.clone().into());
    }
    presentation.localizer().label(id, &args)
}

fn list(loaded: &Loaded, presentation: &Presentation) -> Outcome {
    let json = presentation.shown_format() == Format::Json;
    let err = Output::stderr(presentation);
    for problem in &loaded.problems {
        err.envelope(&presentation.prepare(problem.clone()), presentation);
    }
    let out = Output::stdout(presentation);
    for p in loaded.packs.packs() {
        if json {
            out.line(&presentation.record_line(&PackRecord {
                pack: &p.name,
                rules: p.rules,
                examples: p.examples,
                origin: p.origin.as_str(),
                file: &p.file,
            }));
            continue;
        }
        let mut pairs = vec![
            ("pack", p.name.clone()),
            ("rules", p.rules.to_string()),
            ("examples", p.examples.to_string()),
        ];
        let id = if p.origin == Origin::BuiltIn {
            "rules-list-line"
        } else {
            pairs.push(("file", p.file.clone()));
            pairs.push(("origin", p.origin.as_str().to_owned()));
            "rules-list-line-user"
        };
        out.line(&label(presentation, id, &pairs));
    }
    Outcome::Exit(0)
}

/// The packs `files` name among those loaded, or `None` for "every one".
fn chosen(loaded: &Loaded, files: &[PathBuf]) -> Option<Vec<usize>> {
    (!files.is_empty()).then(|| files.iter().filter_map(|f| loaded.index_of(f)).collect())
}

fn test(flags: &[PathBuf], files: &[PathBuf], presentation: &Presentation) -> Outcome {
    let loaded = load::load(&[flags, files].concat());
    let chosen = chosen(&loaded, files);
    let keep = |i: usize| chosen.as_ref().is_none_or(|c| c.contains(&i));
    let mismatches = loaded.packs.replay_packs(&keep);
    let mut writer = EnvelopeWriter::stdout(presentation);
    for problem in &loaded.problems {
        writer.envelope(problem.clone());
    }
    for m in &mismatches {
        let triple = |t: &(String, String, String)| format!("{} {}/{}", t.0, t.1, t.2);
        writer.envelope(
            CliError::RuleExampleMismatch {
                pack: m.pack.clone(),
                rule: m.rule.clone(),
                example: m.example.clone(),
                expected: triple(&m.expected),
                got: triple(&m.got),
            }
            .to_envelope(),
        );
    }
    drop(writer);
    let stats: Vec<_> = loaded
        .packs
        .packs()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| keep(*i))
        .map(|(_, p)| p)
        .collect();
    let record = TestRecord {
        packs: stats.len(),
        rules: stats.iter().map(|s| s.rules).sum(),
        examples: stats.iter().map(|s| s.examples).sum(),
        mismatches: mismatches.len(),
    };
    let pairs = [
        ("packs", record.packs.to_string()),
        ("rules", record.rules.to_string()),
        ("examples", record.examples.to_string()),
        ("mismatches", record.mismatches.to_string()),
    ];
    summary(presentation, &record, "rules-test-summary", &pairs);
    Outcome::Exit(u8::from(
        !mismatches.is_empty() || !loaded.problems.is_empty(),
    ))
}

/// Writes a summary on stderr: `record` as one JSON line with `--json`, else the sentence
/// `id` of the binary's texts over `pairs`.
fn summary(
    presentation: &Presentation,
    record: &impl Serialize,
    id: &str,
    pairs: &[(&str, String)],
) {
    let err = Output::stderr(presentation);
    if presentation.shown_format() == Format::Json {
        err.line(&presentation.record_line(record));
    } else {
        err.line(&label(presentation, id, pairs));
    }
}

fn lint(flags: &[PathBuf], files: &[PathBuf], presentation: &Presentation) -> Outcome {
    let loaded = load::load(&[flags, files].concat());
    let infos = loaded.packs.packs();
    let chosen = chosen(&loaded, files).unwrap_or_else(|| {
        let user: Vec<usize> = (0..infos.len())
            .filter(|i| infos[*i].origin != Origin::BuiltIn)
            .collect();
        if user.is_empty() {
            (0..infos.len()).collect()
        } else {
            user
        }
    });
    let findings = loaded.packs.lint(&|i| chosen.contains(&i));
    let mut writer = EnvelopeWriter::stdout(presentation);
    for problem in &loaded.problems {
        writer.envelope(problem.clone());
    }
    for f in &findings {
        writer.envelope(finding_envelope(f));
    }
    drop(writer);
    let errors = findings.iter().filter(|f| f.kind.is_error()).count() + loaded.problems.len();
    let record = LintRecord {
        packs: chosen.len(),
        rules: chosen.iter().map(|i| infos[*i].rules).sum(),
        errors,
        warnings: findings.len() + loaded.problems.len() - errors,
    };
    let pairs = [
        ("packs", record.packs.to_string()),
        ("rules", record.rules.to_string()),
        ("errors", record.errors.to_string()),
        ("warnings", record.warnings.to_string()),
    ];
    summary(presentation, &record, "rules-lint-summary", &pairs);
    Outcome::Exit(u8::from(errors > 0))
}

/// The envelope of one lint finding.
fn finding_envelope(f: &failwise::classify::packs::LintFinding) -> Envelope {
    let (path, rule, code) = (f.file.clone(), f.rule as u64, f.code.clone());
    let (other_path, other_rule, other_code) = f
        .other
        .clone()
        .map(|(p, r, c)| (p, r as u64, c))
        .unwrap_or_default();
    let envelope = match f.kind {
        LintKind::Overlap => CliError::RuleOverlap {
            path,
            rule,
            code,
            other_path,
            other_rule,
            other_code,
        },
        LintKind::NeverWins => CliError::RuleNeverWins {
            path,
            rule,
            code,
            other_path,
            other_rule,
            other_code,
        },
        LintKind::Shadowed => CliError::RuleShadowed {
            path,
            rule,
            code,
            other_path,
            other_rule,
            other_code,
        },
        LintKind::MissesExample => CliError::RulePatternMissesExample {
            path,
            rule,
            code,
            example: f.detail.clone(),
        },
        LintKind::UnknownVariable => CliError::RuleTextUnknownVariable {
            path,
            rule,
            code,
            variable: f.detail.clone(),
        },
    }
    .to_envelope();
    if f.kind.is_error() {
        return envelope;
    }
    // An advisory finding says so on the wire (`params.severity`) and in the human form.
    let fallback = envelope.clone();
    envelope
        .into_draft()
        .param("severity", "warning")
        .with_current_recovery()
        .unwrap_or(fallback)
}
