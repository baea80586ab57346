//! `failwise rules`: the recognition rule packs failwise reads failures with (list them, and
//! replay every real example they carry against the rule that holds it).

use failwise::classify::Packs;
use failwise::{Catalog, Params};
use serde::Serialize;

use crate::errors::CliError;
use crate::outcome::Outcome;
use crate::output::{EnvelopeWriter, Output};
use crate::presentation::{Format, Presentation};

/// Arguments of `failwise rules`.
#[derive(Debug, clap::Args)]
#[command(after_help = include_str!("../help/rules-args.txt"))]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(Debug, clap::Subcommand)]
enum What {
    /// List the rule packs, with their rules and examples.
    #[command(after_help = include_str!("../help/rules-list.txt"))]
    List,
    /// Replay every example of every pack through the reader `failwise run` uses; each one
    /// that does not give its rule's code, class and retry verdict is an envelope (exit 1).
    #[command(after_help = include_str!("../help/rules-test.txt"))]
    Test,
}

/// One pack as `rules list --json` writes it.
#[derive(Serialize)]
struct PackRecord<'a> {
    pack: &'a str,
    rules: usize,
    examples: usize,
}

/// The summary `rules test --json` writes.
#[derive(Serialize)]
struct TestRecord {
    packs: usize,
    rules: usize,
    examples: usize,
    mismatches: usize,
}

/// Runs `failwise rules`.
pub fn run(args: &Args, presentation: &Presentation) -> Outcome {
    let packs = Packs::built_in();
    let stats = packs.stats();
    let json = presentation.shown_format() == Format::Json;
    let out = Output::stdout(presentation);
    let line = |id: &str, pairs: &[(&str, String)]| {
        let mut args = Params::new();
        for (k, v) in pairs {
            args.insert((*k).to_owned(), v.clone().into());
        }
        presentation.localizer().label(id, &args)
    };
    match args.what {
        What::List => {
            for (pack, rules, examples) in &stats {
                if json {
                    out.line(&presentation.record_line(&PackRecord {
                        pack,
                        rules: *rules,
                        examples: *examples,
                    }));
                } else {
                    let pairs = [
                        ("pack", pack.clone()),
                        ("rules", rules.to_string()),
                        ("examples", examples.to_string()),
                    ];
                    out.line(&line("rules-list-line", &pairs));
                }
            }
            Outcome::Exit(0)
        }
        What::Test => {
            let mismatches = packs.replay();
            let mut writer = EnvelopeWriter::stdout(presentation);
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
            let record = TestRecord {
                packs: stats.len(),
                rules: stats.iter().map(|s| s.1).sum(),
                examples: stats.iter().map(|s| s.2).sum(),
                mismatches: mismatches.len(),
            };
            let err = Output::stderr(presentation);
            if json {
                err.line(&presentation.record_line(&record));
            } else {
                let pairs = [
                    ("packs", record.packs.to_string()),
                    ("rules", record.rules.to_string()),
                    ("examples", record.examples.to_string()),
                    ("mismatches", record.mismatches.to_string()),
                ];
                err.line(&line("rules-test-summary", &pairs));
            }
            Outcome::Exit(u8::from(!mismatches.is_empty()))
        }
    }
}
