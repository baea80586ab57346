//! `failwise suggest`: near-miss search from the command line: did-you-mean for a word, the
//! regions of a file a failed match most nearly names, the closest existing paths.
//!
//! Output is one JSON object (`--format json`, or auto off a terminal) or a short text for a
//! person. Finding nothing close is not a failure (exit 0, an empty list); an input that cannot
//! be read is, and ends in an envelope.

use std::path::{Path, PathBuf};

use failwise::i18n::Localizer;
use failwise::suggest::{self, Vocabulary};
use failwise::{Envelope, Params};
use serde_json::Value;

use crate::input;
use crate::outcome::Outcome;
use crate::output::Output;
use crate::presentation::Format;
use crate::presentation::Presentation;
use crate::records;

/// Examples shown by `failwise suggest --help`.
const EXAMPLES: &str = "\
Examples:
  failwise suggest word exce --vocabulary tools.txt      one entry per line
  failwise suggest lines --needle old.txt --haystack src/lib.rs
  failwise suggest path src/mian.rs --root .";

/// Arguments of `failwise suggest`.
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
    #[command(after_help = include_str!("../help/suggest-word.txt"))]
    Word {
        /// The word that was not found.
        word: String,
        /// A file with one entry per line (`-` reads standard input); blank lines are skipped.
        #[arg(long, value_name = "FILE")]
        vocabulary: PathBuf,
        /// How many suggestions at most.
        #[arg(long, default_value_t = suggest::DEFAULT_LIMIT)]
        limit: usize,
    },
    /// The regions of HAYSTACK that the text in NEEDLE most nearly matches, best first.
    #[command(after_help = include_str!("../help/suggest-lines.txt"))]
    Lines {
        /// A file holding the text that failed to match (`-` reads standard input).
        #[arg(long, value_name = "FILE")]
        needle: PathBuf,
        /// The file it should have matched in (`-` reads standard input).
        #[arg(long, value_name = "FILE")]
        haystack: PathBuf,
        /// How many regions at most.
        #[arg(long, default_value_t = suggest::DEFAULT_CANDIDATES)]
        limit: usize,
    },
    /// The existing paths under ROOT closest to a missing PATH.
    #[command(after_help = include_str!("../help/suggest-path.txt"))]
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
pub fn run(args: &Args, presentation: &Presentation) -> Outcome {
    let result = match &args.what {
        What::Word {
            word,
            vocabulary,
            limit,
        } => read(vocabulary).map(|text| {
            let index = Vocabulary::new(text.lines().map(str::trim).filter(|l| !l.is_empty()));
            let nearby: Vec<&str> = index.ranked(word, *limit).iter().map(|s| s.entry).collect();
            to_value(&records::SuggestWord { nearby, word })
        }),
        What::Lines {
            needle,
            haystack,
            limit,
        } => input::stdin_at_most_once(
            "failwise suggest lines",
            [
                ("--needle", needle.as_path()),
                ("--haystack", haystack.as_path()),
            ],
        )
        .and_then(|()| read(needle))
        .and_then(|n| {
            read(haystack).map(|h| {
                let found = suggest::regions(&n, &h, *limit);
                to_value(&records::SuggestLines {
                    candidates: found.candidates,
                    complete: found.complete,
                    floor: suggest::SIMILARITY_FLOOR,
                    path: haystack.display().to_string(),
                })
            })
        }),
        What::Path { path, root, limit } => match std::fs::read_dir(root) {
            // A root that cannot be walked is a failure, not "nothing close".
            Err(err) => Err(Box::new(unreadable(root, &err))),
            Ok(_) => {
                let found = suggest::nearby_paths(path, root, *limit);
                Ok(to_value(&records::SuggestPath {
                    complete: found.complete,
                    nearby: found.paths,
                    path: path.display().to_string(),
                    root: root.display().to_string(),
                    visited: found.visited,
                }))
            }
        },
    };
    match result {
        Ok(mut value) => {
            // The regions and words come from the caller's files: masked as an envelope is.
            presentation.mask_record(&mut value);
            let out = Output::stdout(presentation);
            match presentation.shown_format() {
                Format::Human => {
                    let text = presentation.seal_text(human(&value, presentation.localizer()));
                    out.bytes(text.as_bytes());
                }
                _ => out.line(&presentation.seal_line(value.to_string())),
            }
            Outcome::Exit(0)
        }
        Err(envelope) => Outcome::failed(*envelope, presentation),
    }
}

/// A record as a JSON value, for the human rendering and for writing it.
fn to_value(record: &impl serde::Serialize) -> Value {
    serde_json::to_value(record).unwrap_or_default()
}

/// A file's text, or standard input's for `-`; invalid UTF-8 is read lossily (a near-miss
/// search still helps).
fn read(path: &Path) -> Result<String, Box<Envelope>> {
    match input::read(path) {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(err) => Err(Box::new(unreadable(path, &err))),
    }
}

/// The catalog's `INPUT_UNREADABLE` envelope, with the closest existing paths in `nearby` when
/// the file does not exist.
fn unreadable(path: &Path, err: &std::io::Error) -> Envelope {
    let envelope = crate::input::error_envelope(&path.display().to_string(), err);
    if err.kind() != std::io::ErrorKind::NotFound {
        return envelope;
    }
    // Look in the current directory for a relative path, else under the deepest ancestor of
    // the path that exists.
    let root = if path.is_absolute() {
        path.ancestors()
            .skip(1)
            .find(|a| a.is_dir())
            .map(Path::to_path_buf)
    } else {
        std::env::current_dir().ok()
    };
    let Some(root) = root else {
        return envelope;
    };
    let near = suggest::nearby_paths(path, &root, 3).paths;
    if near.is_empty() {
        return envelope;
    }
    let recovery = envelope.recovery().to_owned();
    let with_nearby = envelope
        .clone()
        .into_draft()
        .nearby(near)
        .with_recovery(recovery);
    with_nearby.unwrap_or(envelope)
}

/// The result for a person: one suggestion per line, regions with their place and diff; the
/// notes (`suggest-*`) in `localizer`'s language. Every text that comes from the caller's
/// files (a path, an entry, a region's diff, a strategy) is shown as
/// [`failwise::render::visible`] shows an envelope's text: control and bidirectional
/// formatting characters as escapes, never sent raw to the terminal.
fn human(value: &Value, localizer: &Localizer) -> String {
    use failwise::render::visible;
    let note = |id: &str| localizer.label(id, &Params::new()) + "\n";
    let mut text = String::new();
    if let Some(regions) = value["candidates"].as_array() {
        if regions.is_empty() {
            let mut args = Params::new();
            let floor = value["floor"].as_f64().unwrap_or_default();
            args.insert("floor".to_owned(), floor.to_string().into());
            let id = if value["complete"] == false {
                "suggest-no-region-found"
            } else {
                "suggest-no-region"
            };
            text.push_str(&localizer.label(id, &args));
            text.push('\n');
        }
        for c in regions {
            let mut args = Params::new();
            args.insert(
                "path".to_owned(),
                visible(value["path"].as_str().unwrap_or_default())
                    .into_owned()
                    .into(),
            );
            args.insert("line".to_owned(), c["line"].to_string().into());
            args.insert("column".to_owned(), c["column"].to_string().into());
            args.insert(
                "strategy".to_owned(),
                visible(c["strategy"].as_str().unwrap_or_default())
                    .into_owned()
                    .into(),
            );
            let similarity = c["similarity"].as_f64().unwrap_or_default();
            args.insert("similarity".to_owned(), format!("{similarity:.3}").into());
            text.push_str(&localizer.label("suggest-region", &args));
            text.push('\n');
            if let Some(diff) = c["diff_preview"].as_str() {
                for line in diff.lines() {
                    text.push_str(&format!("    {}\n", visible(line)));
                }
            }
        }
        if value["complete"] == false && !regions.is_empty() {
            text.push_str(&note("suggest-search-stopped"));
        }
        return text;
    }
    let found = value["nearby"].as_array().cloned().unwrap_or_default();
    if found.is_empty() {
        text.push_str(&note("suggest-nothing-close"));
    }
    for entry in found {
        text.push_str(&visible(entry.as_str().unwrap_or_default()));
        text.push('\n');
    }
    if value["complete"] == false {
        text.push_str(&note("suggest-walk-stopped"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presentation::presenter_in;
    use serde_json::json;

    /// The human notes are the English they always were, and read otherwise in Brazilian
    /// Portuguese; the data (paths, strategies, numbers) stays as it is.
    #[test]
    fn the_human_notes_speak_the_chosen_language() {
        let none = json!({"path": "a.rs", "candidates": [], "complete": true, "floor": 0.5});
        let region = json!({"path": "a.rs", "candidates": [
            {"line": 2, "column": 1, "strategy": "fuzzy", "similarity": 0.6843}
        ], "complete": true});
        let stopped = json!({"nearby": [], "complete": false});
        let budget = json!({"path": "a.rs", "candidates": [], "complete": false, "floor": 0.5});
        let partial = json!({"path": "a.rs", "candidates": [
            {"line": 2, "column": 1, "strategy": "fuzzy", "similarity": 0.6843}
        ], "complete": false});
        let (en, pt) = (presenter_in("en"), presenter_in("pt-BR"));
        let english =
            [&none, &region, &stopped, &budget, &partial].map(|v| human(v, en.localizer()));
        assert_eq!(
            english,
            [
                "no near-miss region (none reaches similarity 0.5)\n",
                "a.rs:2:1  fuzzy similarity 0.684\n",
                "nothing close\n(the walk stopped early: not every path was compared)\n",
                "no near-miss region found (the search stopped at its work budget before it compared every window)\n",
                "a.rs:2:1  fuzzy similarity 0.684\n(the search stopped at its work budget: a closer region may exist)\n",
            ]
        );
        let portuguese =
            [&none, &region, &stopped, &budget, &partial].map(|v| human(v, pt.localizer()));
        assert_eq!(portuguese[1], "a.rs:2:1  fuzzy semelhança 0.684\n");
        for (en, pt) in english.iter().zip(&portuguese) {
            assert_ne!(en, pt);
        }
    }
}
