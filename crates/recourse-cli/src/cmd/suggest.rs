//! `recourse suggest`: near-miss search from the command line: did-you-mean for a word, the
//! regions of a file a failed match most nearly names, the closest existing paths.
//!
//! Output is one JSON object (`--format json`, or auto off a terminal) or a short text for a
//! person. Finding nothing close is not a failure (exit 0, an empty list); an input that cannot
//! be read is, and ends in an envelope.

use std::path::{Path, PathBuf};

use recourse::suggest::{self, Vocabulary};
use recourse::{Code, Envelope, ExitStatus, Location, Verdict};
use serde_json::{Value, json};

use crate::outcome::Outcome;
use crate::output::{Format, Output};

/// Examples shown by `recourse suggest --help`.
const EXAMPLES: &str = "\
Examples:
  recourse suggest word exce --vocabulary tools.txt      one entry per line
  recourse suggest lines --needle old.txt --haystack src/lib.rs
  recourse suggest path src/mian.rs --root .";

/// Arguments of `recourse suggest`.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    pub what: What,
}

/// What to look for.
#[derive(Debug, clap::Subcommand)]
pub enum What {
    /// The entries of a vocabulary file (one per line) closest to WORD, best first.
    Word {
        /// The word that was not found.
        word: String,
        /// A file with one entry per line; blank lines are skipped.
        #[arg(long, value_name = "FILE")]
        vocabulary: PathBuf,
        /// How many suggestions at most.
        #[arg(long, default_value_t = suggest::DEFAULT_LIMIT)]
        limit: usize,
    },
    /// The regions of HAYSTACK that the text in NEEDLE most nearly matches, best first.
    Lines {
        /// A file holding the text that failed to match.
        #[arg(long, value_name = "FILE")]
        needle: PathBuf,
        /// The file it should have matched in.
        #[arg(long, value_name = "FILE")]
        haystack: PathBuf,
        /// How many regions at most.
        #[arg(long, default_value_t = suggest::DEFAULT_CANDIDATES)]
        limit: usize,
    },
    /// The existing paths under ROOT closest to a missing PATH.
    Path {
        /// The path that does not exist.
        path: PathBuf,
        /// Where to look (.gitignore is respected).
        #[arg(long, value_name = "DIR", default_value = ".")]
        root: PathBuf,
        /// How many paths at most.
        #[arg(long, default_value_t = suggest::DEFAULT_LIMIT)]
        limit: usize,
    },
}

/// Runs the search and prints its result.
pub fn run(args: &Args, format: Format) -> Outcome {
    let result = match &args.what {
        What::Word {
            word,
            vocabulary,
            limit,
        } => read(vocabulary).map(|text| {
            let index = Vocabulary::new(text.lines().map(str::trim).filter(|l| !l.is_empty()));
            let found: Vec<&str> = index.ranked(word, *limit).iter().map(|s| s.entry).collect();
            json!({ "word": word, "nearby": found })
        }),
        What::Lines {
            needle,
            haystack,
            limit,
        } => read(needle).and_then(|n| {
            read(haystack).map(|h| {
                let found = suggest::candidates_with_limit(&n, &h, *limit);
                json!({ "path": haystack.display().to_string(), "candidates": found })
            })
        }),
        What::Path { path, root, limit } => {
            let found = suggest::nearby_paths(path, root, *limit);
            Ok(json!({
                "path": path.display().to_string(),
                "root": root.display().to_string(),
                "nearby": found.paths,
                "visited": found.visited,
                "complete": found.complete,
            }))
        }
    };
    match result {
        Ok(value) => {
            let out = Output::stdout();
            match format.resolve() {
                Format::Human => out.bytes(human(&value).as_bytes()),
                _ => out.line(&value.to_string()),
            }
            Outcome::Exit(0)
        }
        Err(envelope) => Outcome::failed(*envelope, format),
    }
}

/// A file's text; invalid UTF-8 is read lossily (a near-miss search still helps).
fn read(path: &Path) -> Result<String, Box<Envelope>> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(err) => Err(Box::new(unreadable(path, &err))),
    }
}

fn unreadable(path: &Path, err: &std::io::Error) -> Envelope {
    let shown = path.display().to_string();
    let code = Code::new("INPUT_UNREADABLE").unwrap_or_else(|_| Code::normalize("input", ""));
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let missing = err.kind() == std::io::ErrorKind::NotFound;
    let near = if missing {
        suggest::nearby_paths(path, &cwd, 3).paths
    } else {
        Vec::new()
    };
    let recovery = match near.first() {
        Some(best) => format!("pass `{best}` instead of `{shown}`, or check the path"),
        None => format!("pass a readable file instead of `{shown}`"),
    };
    let draft = Envelope::draft(
        code,
        ExitStatus::FAILURE,
        format!("cannot read {shown}: {err}"),
    )
    .verdict(Verdict::precondition_failed())
    .param("path", shown.clone())
    .param("io_error", err.to_string())
    .path(shown.clone())
    .location(Location {
        path: Some(shown),
        line: None,
        column: None,
    })
    .nearby(near);
    match draft.with_recovery(recovery) {
        Ok(envelope) => envelope,
        Err(_) => unreachable_recovery(),
    }
}

/// The recovery sentences above are never empty; this keeps the function total all the same.
fn unreachable_recovery() -> Envelope {
    Envelope::draft(
        Code::normalize("input_unreadable", ""),
        ExitStatus::FAILURE,
        "cannot read an input file",
    )
    .with_recovery("pass a readable file")
    .unwrap_or_else(|_| unreachable_recovery())
}

/// The result for a person: one suggestion per line, regions with their place and diff.
fn human(value: &Value) -> String {
    let mut text = String::new();
    if let Some(regions) = value["candidates"].as_array() {
        if regions.is_empty() {
            text.push_str("no near-miss region\n");
        }
        for c in regions {
            text.push_str(&format!(
                "{}:{}:{}  {} similarity {:.3}\n",
                value["path"].as_str().unwrap_or_default(),
                c["line"],
                c["column"],
                c["strategy"].as_str().unwrap_or_default(),
                c["similarity"].as_f64().unwrap_or_default(),
            ));
            if let Some(diff) = c["diff_preview"].as_str() {
                for line in diff.lines() {
                    text.push_str(&format!("    {line}\n"));
                }
            }
        }
        return text;
    }
    let found = value["nearby"].as_array().cloned().unwrap_or_default();
    if found.is_empty() {
        text.push_str("nothing close\n");
    }
    for entry in found {
        text.push_str(entry.as_str().unwrap_or_default());
        text.push('\n');
    }
    if value["complete"] == false {
        text.push_str("(the walk stopped early: not every path was compared)\n");
    }
    text
}
