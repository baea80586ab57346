//! `failwise validate [--catalog FILE] [FILE…|-]`: check every line of NDJSON streams against
//! the v1 schema and invariants ([`failwise::Envelope::from_json`]) and, with a catalog, that
//! each code exists, is not retired, and has the catalog's exit status and class, and that a
//! line in another language than English (`lang`) is in one the code has a translation in
//! (the entry's `translations`), so a tool never claims a language its catalog does not ship.
//!
//! Lines are checked as they arrive, on every core ([`crate::pool`]), and each bad line is
//! reported as soon as it is read (standard input is answered as it streams): memory stays
//! flat whatever the input size. Each line goes through [`failwise::Envelope::check_json`], which reads a valid
//! line in one pass without building it and gives the same verdict and error as the full
//! reader. A line longer than [`MAX_LINE_BYTES`] is reported, not held. Blank lines are
//! skipped; a UTF-8 byte order mark at the start of an input is skipped too (some editors on
//! Windows write one). Each bad line gets one `LINE_INVALID` envelope with its file and 1-based
//! line number, written through one locked, buffered stdout; the exit status is 0 only when
//! every line holds. When stdout takes no more, reading stops and the status is 74
//! (`EX_IOERR`), as for every subcommand whose output was lost. The run ends with a summary on stderr (lines read, valid, invalid by
//! problem, blank, inputs unreadable; [`ValidateSummary`] with `--json`), so stdout carries the
//! envelopes alone; a file read on a terminal moves a progress line ([`crate::progress`]).

mod chunks;

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use failwise::{Catalog, CatalogFile, Envelope, Params, Phrase};

use crate::cmd::catalog::load;
use crate::errors::CliError;
use crate::input;
use crate::outcome::Outcome;
use crate::output::{EnvelopeWriter, Output};
use crate::presentation::{Format, Presentation};
use crate::progress::Progress;
use crate::records::ValidateSummary;

/// The longest line held in memory, in bytes (16 MiB); a longer line is reported as invalid.
pub use crate::pool::MAX_LINE_BYTES;

/// Arguments of `failwise validate`.
#[derive(Debug, clap::Args)]
#[command(after_help = include_str!("../help/validate-args.txt"))]
pub struct Args {
    /// A catalog (JSON or TOML; `-` reads standard input, then FILE must be named) that every
    /// line's code must be in, with its exit status and class.
    #[arg(long, value_name = "FILE")]
    pub catalog: Option<PathBuf>,
    /// NDJSON files to check; `-` or nothing reads stdin. A name need not be UTF-8.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Checks every line; prints one envelope per bad line, then the summary on stderr.
pub fn run(args: &Args, presentation: &Presentation) -> Outcome {
    let files = if args.files.is_empty() {
        vec![PathBuf::from(input::STDIN)]
    } else {
        args.files.clone()
    };
    // No FILE reads standard input: it is named `FILE` then, else each by its place.
    let catalog_input = args
        .catalog
        .iter()
        .map(|c| ("--catalog".to_owned(), c.as_path()));
    let file_inputs: Vec<(String, &Path)> = if args.files.is_empty() {
        vec![("FILE".to_owned(), Path::new(input::STDIN))]
    } else {
        input::numbered("FILE", &args.files).collect()
    };
    if let Err(envelope) =
        input::stdin_at_most_once("failwise validate", catalog_input.chain(file_inputs))
    {
        return Outcome::failed(*envelope, presentation);
    }
    let catalog = match &args.catalog {
        Some(path) => match load(path) {
            Ok(c) => Some(c),
            Err(envelope) => return Outcome::failed(*envelope, presentation),
        },
        None => None,
    };
    let mut summary = ValidateSummary {
        inputs: files.len() as u64,
        ..ValidateSummary::default()
    };
    let mut unreadable: Option<u8> = None;
    let mut out = EnvelopeWriter::stdout(presentation);
    for path in &files {
        if out.stopped() {
            // stdout takes no more: the inputs left would be checked for nobody.
            break;
        }
        let stdin = input::is_stdin(path);
        let shown = path.to_string_lossy();
        let name = if stdin { "stdin" } else { &*shown };
        let (reader, progress): (Box<dyn Read + Send>, Progress) = if stdin {
            let progress = Progress::stdin(name);
            (Box::new(progress.reader(io::stdin())), progress)
        } else {
            match File::open(path) {
                Ok(f) => {
                    let progress = Progress::file(name, &f);
                    (Box::new(progress.reader(f)), progress)
                }
                Err(e) => {
                    let envelope = CliError::InputUnreadable {
                        path: shown.clone().into_owned(),
                        reason: e.to_string(),
                    }
                    .to_envelope();
                    unreadable = Some(envelope.exit().get());
                    summary.unreadable += 1;
                    out.envelope(envelope);
                    continue;
                }
            }
        };
        let input = chunks::Input {
            reader,
            name,
            stdin,
            progress: &progress,
        };
        let read_error = chunks::check_stream(input, catalog.as_ref(), &mut out, &mut summary);
        summary.unreadable += u64::from(read_error.is_some());
        unreadable = unreadable.or(read_error);
    }
    // The reports reach stdout before the summary reaches stderr.
    drop(out);
    write_summary(&summary, presentation);
    // Reports that could not be written (other than into a closed pipe) make the status 74
    // (EX_IOERR), as for every subcommand whose output was lost: the reports, the envelope of
    // an unreadable input among them, are not there to read. Otherwise an input that could
    // not be read is reported with its own envelope, whose exit status (66, EX_NOINPUT) is
    // the process's; otherwise 1 when any line breaks the contract.
    if presentation.writes().first_error().is_some() {
        return Outcome::Exit(crate::outcome::EX_IOERR);
    }
    if let Some(status) = unreadable {
        return Outcome::Exit(status);
    }
    Outcome::Exit(u8::from(summary.invalid > 0))
}

/// The summary on stderr: with `--json` the [`ValidateSummary`] record, else one line in the
/// reader's language (`validate-summary`, and the invalid lines by problem and the unreadable
/// inputs when there are any).
fn write_summary(summary: &ValidateSummary, presentation: &Presentation) {
    let err = Output::stderr(presentation);
    if presentation.format() == Format::Json {
        err.line(&presentation.record_line(summary));
        return;
    }
    let localizer = presentation.localizer();
    let mut args: Params = [
        ("lines", summary.lines),
        ("valid", summary.valid),
        ("invalid", summary.invalid),
        ("blank", summary.blank),
        ("unreadable", summary.unreadable),
    ]
    .into_iter()
    .map(|(name, n)| (name.to_owned(), n.into()))
    .collect();
    let mut text = localizer.label("validate-summary", &args);
    if !summary.problems.is_empty() {
        let problems: Vec<String> = summary
            .problems
            .iter()
            .map(|(code, n)| format!("{n} {code}"))
            .collect();
        args.insert("summary".to_owned(), text.into());
        args.insert("problems".to_owned(), problems.join(", ").into());
        text = localizer.label("validate-summary-problems", &args);
    }
    if summary.unreadable > 0 {
        args.insert("summary".to_owned(), text.into());
        text = localizer.label("validate-summary-unreadable", &args);
    }
    err.line(&text);
}

/// The UTF-8 encoding of U+FEFF, the byte order mark, skipped at the start of an input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// What is wrong with one line: the reader's code for it (`params.problem` of `LINE_INVALID`,
/// such as `INVARIANT_CLASS_BOUNDS_RETRY` or `CATALOG_EXIT_MISMATCH`), the JSON Pointer
/// (`params.pointer`, empty for the whole line) and its description (`params.detail`, in
/// English).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Problem {
    code: String,
    pointer: String,
    detail: Detail,
}

/// How a problem is described.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Detail {
    /// A description given as text, kept as it is (the reader's own problems are phrases:
    /// [`failwise::ReadError::phrase`]).
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "only tests describe a problem by text alone")
    )]
    Read(String),
    /// failwise's own sentence (`validate-*` in the binary's FTL files, `problem-INVALID_UTF8`
    /// in the library's), rendered where the report is made, in English for `params.detail`
    /// and in the reader's language for the message.
    Phrase(Phrase),
}

impl Problem {
    /// A problem described by text alone.
    #[cfg(test)]
    pub(crate) fn read(code: &str, pointer: &str, detail: impl Into<String>) -> Self {
        Self {
            code: code.to_owned(),
            pointer: pointer.to_owned(),
            detail: Detail::Read(detail.into()),
        }
    }

    /// A problem failwise describes with `phrase`.
    pub(crate) fn phrased(code: &str, pointer: &str, phrase: Phrase) -> Self {
        Self {
            code: code.to_owned(),
            pointer: pointer.to_owned(),
            detail: Detail::Phrase(phrase),
        }
    }

    /// The reader's code for the problem.
    pub(crate) fn code(&self) -> &str {
        &self.code
    }

    /// The JSON Pointer of the field, empty for the whole line.
    pub(crate) fn pointer(&self) -> &str {
        &self.pointer
    }

    /// The description.
    pub(crate) fn detail(&self) -> &Detail {
        &self.detail
    }
}

/// The problem of one line, if any.
fn check_line(bytes: &[u8], catalog: Option<&CatalogFile>) -> Option<Problem> {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    let Ok(line) = std::str::from_utf8(bytes) else {
        let phrase =
            Phrase::new("problem-INVALID_UTF8").phrase("at", Phrase::new("problem-at-line"));
        return Some(Problem::phrased("INVALID_UTF8", "", phrase));
    };
    if line.trim().is_empty() {
        return None;
    }
    let envelope = match Envelope::check_json(line) {
        Ok(e) => e,
        Err(e) => {
            return Some(Problem::phrased(
                &e.code().to_string(),
                e.pointer(),
                e.phrase(),
            ));
        }
    };
    let catalog = catalog?;
    let found = catalog.disagreement(
        envelope.code(),
        envelope.exit(),
        envelope.error_class(),
        envelope.lang(),
    )?;
    Some(Problem::phrased(found.code, found.pointer, found.phrase))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presentation::presenter_in;

    const CATALOG: &str = r#"{"tool":"app","version":"1.0.0","codes":[
      {"code":"FILE_NOT_FOUND","exit":4,"error_class":"permanent","retry":"no",
       "message":"file not found: {path}","recovery":"verify that {path} exists","params":["path"],
       "doc":"The file named does not exist."},
      {"code":"OLD","exit":4,"error_class":"permanent","retry":"no","status":"retired",
       "message":"old","recovery":"run `app new`","doc":"Gone."}]}"#;

    const GOOD: &str = r#"{"error":true,"code":"FILE_NOT_FOUND","exit":4,"message":"file not found: a.rs","error_class":"permanent","retry":"no","retryable":false,"recovery":"verify that a.rs exists","params":{"path":"a.rs"}}"#;

    /// Each disagreement with the catalog is a phrase whose English is the description
    /// `params.detail` always had, and which reads differently in Brazilian Portuguese.
    #[test]
    fn catalog_disagreements_are_phrases_in_both_languages() {
        let catalog = CatalogFile::from_json(CATALOG).expect("a valid catalog");
        let cases: [(String, &str, &str, &str); 5] = [
            (
                GOOD.replace("FILE_NOT_FOUND", "NOPE"),
                "CATALOG_UNKNOWN_CODE",
                "/code",
                "code NOPE is not in the app catalog",
            ),
            (
                GOOD.replace("FILE_NOT_FOUND", "OLD"),
                "CATALOG_RETIRED_CODE",
                "/code",
                "code OLD is retired and must not be printed",
            ),
            (
                GOOD.replace("\"exit\":4", "\"exit\":5"),
                "CATALOG_EXIT_MISMATCH",
                "/exit",
                "exit 5 but the catalog gives FILE_NOT_FOUND exit 4",
            ),
            (
                GOOD.replace("}}", "},\"lang\":\"fr\"}"),
                "CATALOG_LANG_UNTRANSLATED",
                "/lang",
                "lang fr but the catalog has no fr translation of FILE_NOT_FOUND; add one under the entry's `translations`, or print the English text",
            ),
            (
                GOOD.replace("\"permanent\"", "\"ambiguous\""),
                "CATALOG_CLASS_MISMATCH",
                "/error_class",
                "error_class ambiguous but the catalog gives FILE_NOT_FOUND permanent",
            ),
        ];
        let (english, portuguese) = (presenter_in("en"), presenter_in("pt-BR"));
        for (line, code, pointer, text) in cases {
            let problem = check_line(line.as_bytes(), Some(&catalog)).expect(code);
            assert_eq!((problem.code(), problem.pointer()), (code, pointer));
            let Detail::Phrase(phrase) = problem.detail() else {
                panic!("{code}: not a phrase");
            };
            let vars = failwise::Params::new();
            let en = english.localizer().render(phrase, &vars).expect(code);
            assert_eq!((en.0.as_str(), en.1.to_string().as_str()), (text, "en"));
            let pt = portuguese.localizer().render(phrase, &vars).expect(code);
            assert_eq!(pt.1.to_string(), "pt-BR", "{code}");
            assert_ne!(pt.0, text, "{code}");
        }
        let utf8 = check_line(b"\xff\xfe", None).expect("not UTF-8");
        let Detail::Phrase(phrase) = utf8.detail() else {
            panic!("INVALID_UTF8: not a phrase");
        };
        let en = english
            .localizer()
            .render_english(phrase, &failwise::Params::new());
        assert_eq!(en.as_deref(), Some("line is not UTF-8"));
    }
}
