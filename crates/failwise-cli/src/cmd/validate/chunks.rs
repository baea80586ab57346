//! The stream of `failwise validate` checked on the ordered pool ([`crate::pool`]): cut into
//! chunks of whole lines (a file in chunks of about a mebibyte, standard input as it arrives),
//! checked on every core, and reported in input order, each chunk's report as soon as it and
//! those before it are done.
//!
//! A worker checks each line, and presents and renders the envelope of each bad line with the
//! one presentation of the process ([`crate::presentation::Presentation`]); the calling thread writes
//! the rendered text of the chunks in input order, flushing whenever it would wait, so a live
//! stream is answered line by line. Memory stays flat whatever the input size (the pool bounds
//! the chunks in flight, and a line longer than [`MAX_LINE_BYTES`] is not held); the report is
//! the same, byte for byte, as if the lines were checked one after another.
//!
//! A writer that breaks the contract usually breaks it the same way on many lines, and
//! rendering an envelope (templates, language, redaction, bounds, JSON) costs several times
//! what checking a line does; so a worker keeps the report of each problem it met twice as a
//! template with the line number left out ([`Reports`]), proven to give the same bytes.

use std::collections::HashMap;
use std::io::{self, Read};

use failwise::{Catalog, CatalogFile, Params, Phrase};

use super::{BOM, Detail, MAX_LINE_BYTES, Problem, check_line};
use crate::errors::CliError;
use crate::output::{EnvelopeWriter, Style};
use crate::pool::{Chunk, InOrder, Jobs, Pool, Stop};
use crate::presentation::Presentation;
use crate::progress::Progress;
use crate::records::ValidateSummary;

/// What a worker made of a chunk: the rendered envelopes of its bad lines, and its lines
/// counted.
#[derive(Default)]
struct Report {
    text: String,
    lines: u64,
    blank: u64,
    /// The bad lines by problem code.
    problems: HashMap<String, u64>,
}

/// One input of `validate`: what to read, its name in the envelopes, and the progress line
/// its reads move (writes to stdout go around it).
pub struct Input<'a, R> {
    /// The bytes to check.
    pub reader: R,
    /// The input's name in the envelopes (`stdin` for standard input).
    pub name: &'a str,
    /// Whether it is standard input (a read error is then `STDIN_UNREADABLE`).
    pub stdin: bool,
    /// The progress line of reading it, cleared before a read error's envelope.
    pub progress: &'a Progress,
}

/// Checks each line of `input`, writing one envelope per bad line to `out` in input order, and
/// counts the lines into `summary` (lines, valid, invalid by problem, blank). Returns the exit
/// status of the read error that cut the input short, if one did (its envelope is written
/// after those of the lines read before it).
pub fn check_stream(
    input: Input<'_, impl Read + Send>,
    catalog: Option<&CatalogFile>,
    out: &mut EnvelopeWriter,
    summary: &mut ValidateSummary,
) -> Option<u8> {
    let Input {
        reader: input,
        name,
        stdin,
        progress,
    } = input;
    let style = out.style();
    let pool = Pool::new(|bytes| memchr::memrchr(b'\n', bytes).map_or(0, |i| i + 1))
        .max_line(MAX_LINE_BYTES);
    let presentation = out.presentation();
    let worker = |jobs: Jobs<Report>| {
        let mut reports = Reports::new(name, presentation, style);
        jobs.each(|chunk, report| check_chunk(chunk, catalog, &mut reports, report));
    };
    let mut sink = InputOrder {
        out,
        summary,
        progress,
    };
    let read_error = match pool.run(input, worker, &mut sink) {
        Err(Stop::Read(e)) => Some(e),
        // A write that failed stopped the pool; the writer has said why (`WriteLog`).
        Ok(()) | Err(Stop::Write(_)) => None,
    };
    if read_error.is_some() {
        progress.finish();
    }
    read_error.map(|e| {
        let envelope = if stdin {
            crate::input::error_envelope(crate::input::STDIN, &e)
        } else {
            CliError::InputUnreadable {
                path: name.to_owned(),
                reason: e.to_string(),
            }
            .to_envelope()
        };
        let exit = envelope.exit().get();
        sink.out.envelope(envelope);
        exit
    })
}

/// The reports written in input order, and the lines counted.
struct InputOrder<'o, 'p, 's> {
    out: &'o mut EnvelopeWriter<'p>,
    summary: &'s mut ValidateSummary,
    progress: &'s Progress,
}

impl InOrder<Report> for InputOrder<'_, '_, '_> {
    fn write(&mut self, _: &Chunk, report: &mut Report) -> io::Result<()> {
        let invalid: u64 = report.problems.values().sum();
        self.summary.lines += report.lines;
        self.summary.blank += report.blank;
        self.summary.invalid += invalid;
        self.summary.valid += report.lines - report.blank - invalid;
        for (code, n) in report.problems.drain() {
            *self.summary.problems.entry(code).or_default() += n;
        }
        if self.progress.shares_terminal() && !report.text.is_empty() {
            let out = &mut *self.out;
            self.progress.around(|| {
                out.text(&report.text);
                out.flush();
            });
        } else {
            self.out.text(&report.text);
        }
        self.stop_if_stopped()
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush();
        self.stop_if_stopped()
    }
}

impl InputOrder<'_, '_, '_> {
    /// An error once stdout took no more (the writer said why, once, in the presentation's
    /// `WriteLog`), so the pool stops reading: the lines after it would be checked for
    /// reports nobody can read.
    fn stop_if_stopped(&self) -> io::Result<()> {
        if self.out.stopped() {
            return Err(io::Error::from(io::ErrorKind::WriteZero));
        }
        Ok(())
    }
}

/// Checks the lines of one chunk; renders the envelope of each bad line into `report`.
fn check_chunk(
    chunk: &Chunk,
    catalog: Option<&CatalogFile>,
    reports: &mut Reports,
    report: &mut Report,
) {
    report.text.clear();
    report.lines = 0;
    report.blank = 0;
    report.problems.clear();
    let mut start = 0;
    let mut long_lines = chunk.long_lines.iter().peekable();
    for (i, line) in chunk.bytes.split_inclusive(|b| *b == b'\n').enumerate() {
        let line_no = chunk.first_line + i as u64;
        let too_long = long_lines.next_if_eq(&&start).is_some();
        start += line.len();
        let mut line = line.strip_suffix(b"\n").unwrap_or(line);
        if line_no == 1 {
            line = line.strip_prefix(BOM).unwrap_or(line);
        }
        let problem = if too_long {
            let phrase = Phrase::new("validate-line-too-long").arg("max", MAX_LINE_BYTES);
            Some(Problem::phrased("LINE_TOO_LONG", "", phrase))
        } else {
            check_line(line, catalog)
        };
        report.lines += 1;
        match problem {
            Some(problem) => {
                match report.problems.get_mut(problem.code()) {
                    Some(n) => *n += 1,
                    None => {
                        report.problems.insert(problem.code().to_owned(), 1);
                    }
                }
                reports.render(line_no, problem, &mut report.text);
            }
            None => report.blank += u64::from(!too_long && is_blank(line)),
        }
    }
}

/// Whether a line that holds is blank (skipped, as [`check_line`] skips it: nothing but
/// whitespace). A line that holds and is not blank begins with `{` after ASCII whitespace, so
/// this looks at its first bytes alone.
fn is_blank(line: &[u8]) -> bool {
    match line.iter().position(|b| !b.is_ascii_whitespace()) {
        None => true,
        Some(i) if line[i].is_ascii() => false,
        Some(_) => std::str::from_utf8(line).is_ok_and(|l| l.trim().is_empty()),
    }
}

/// The most problems a worker remembers; it forgets them all when one more comes, so memory
/// stays bounded whatever the input.
const REMEMBERED_PROBLEMS: usize = 1024;

/// Two line numbers of the same length standing in for the real one while a report template
/// is made: 16 digits, below 2^53, so every formatter (Fluent's among them, which reads a
/// number as an `i64` or else an `f64`) spells them exactly. A line whose number is longer is
/// rendered in full.
const STAND_INS: [u64; 2] = [1_000_000_000_000_007, 1_000_000_000_000_009];

/// The digits of [`STAND_INS`].
const STAND_IN_DIGITS: usize = 16;

/// What a worker knows of one problem.
enum Known {
    /// Met once: rendered in full.
    Once,
    /// The report's text cut at the line number: the number goes between each two pieces.
    Template(Vec<String>),
    /// Its report cannot be made from a template (a field was bounded, or the number does
    /// not appear as plain digits); always rendered in full.
    Unfit,
}

/// The `LINE_INVALID` reports of one worker, rendered in full or from a template.
///
/// A template is made when a problem comes a second time: the report is rendered with each of
/// two stand-in line numbers of 16 digits, and kept only when both renderings are the same
/// text around the number (so the number enters nowhere else, in no other form) and no field
/// was cut (a real number is no longer than the stand-ins, so it cuts nothing either).
struct Reports<'a> {
    name: &'a str,
    presenter: &'a Presentation,
    style: Style,
    /// Each problem met, by its code, pointer and English description.
    known: HashMap<(String, String, String), Known>,
}

impl<'a> Reports<'a> {
    fn new(name: &'a str, presenter: &'a Presentation, style: Style) -> Self {
        Self {
            name,
            presenter,
            style,
            known: HashMap::new(),
        }
    }

    /// Appends the report of `problem` on line `line` to `out`.
    fn render(&mut self, line: u64, problem: Problem, out: &mut String) {
        let number = line.to_string();
        let key = (
            problem.code().to_owned(),
            problem.pointer().to_owned(),
            self.detail(&problem),
        );
        match self.known.get_mut(&key) {
            Some(Known::Template(pieces)) if number.len() <= STAND_IN_DIGITS => {
                // The number and the text beside it could spell a secret that the template,
                // redacted with a stand-in, did not hold: then the report is made in full.
                let filled = pieces.join(number.as_str());
                if self.presenter.redactor().spells_secret(filled.as_bytes()) {
                    self.full(line, &problem, out);
                } else {
                    out.push_str(&filled);
                }
            }
            Some(Known::Template(_)) => {
                self.full(line, &problem, out);
            }
            Some(Known::Once) => {
                // The template is checked once more against the full rendering of this very
                // line, so a number spelled otherwise (grouped, rounded, in words) is caught.
                let mut full = String::new();
                self.full(line, &problem, &mut full);
                let known = match self.template(&problem) {
                    Some(pieces)
                        if number.len() <= STAND_IN_DIGITS
                            && pieces.join(number.as_str()) == full =>
                    {
                        Known::Template(pieces)
                    }
                    _ => Known::Unfit,
                };
                self.known.insert(key, known);
                out.push_str(&full);
            }
            Some(Known::Unfit) => {
                self.full(line, &problem, out);
            }
            None => {
                if self.known.len() >= REMEMBERED_PROBLEMS {
                    self.known.clear();
                }
                self.full(line, &problem, out);
                self.known.insert(key, Known::Once);
            }
        }
    }

    /// Renders the report in full; returns whether a field of it was cut.
    ///
    /// A problem failwise describes with a phrase makes the envelope's texts phrases too
    /// (`LINE_INVALID-message` with the description inside it, and `LINE_INVALID-recovery`),
    /// so the whole message reads in the reader's language; `params.detail` is the
    /// description in English, as the reader's own problems have it.
    fn full(&self, line: u64, problem: &Problem, out: &mut String) -> bool {
        let localizer = self.presenter.localizer();
        let mut envelope = CliError::LineInvalid {
            path: self.name.to_owned(),
            line,
            problem: problem.code().to_owned(),
            pointer: problem.pointer().to_owned(),
            detail: self.detail(problem),
        }
        .to_envelope();
        if let Detail::Phrase(phrase) = problem.detail() {
            let message = Phrase::new("LINE_INVALID-message").phrase("detail", phrase.clone());
            let recovery = Phrase::new("LINE_INVALID-recovery");
            envelope = localizer.with_phrases(envelope, message, Some(recovery));
        }
        let shown = self.presenter.prepare(envelope);
        self.style.render(&shown, self.presenter, out);
        !shown.truncated().is_empty()
    }

    /// The description of `problem` in English (`params.detail`): the reader's own text, or
    /// failwise's phrase rendered in English (its id should English lack it, which
    /// `presentation::tests` rules out).
    fn detail(&self, problem: &Problem) -> String {
        match problem.detail() {
            Detail::Read(text) => text.clone(),
            Detail::Phrase(phrase) => self
                .presenter
                .localizer()
                .render_english(phrase, &Params::new())
                .unwrap_or_else(|| phrase.id().to_owned()),
        }
    }

    /// The pieces of the report around the line number, when it can be made from them: both
    /// stand-ins appear, as often as each other, and the two renderings are the same text
    /// around them.
    fn template(&self, problem: &Problem) -> Option<Vec<String>> {
        let [a, b] = STAND_INS.map(|n| {
            let mut text = String::new();
            let cut = self.full(n, problem, &mut text);
            (n.to_string(), text, cut)
        });
        if a.2 || b.2 {
            return None;
        }
        let pieces: Vec<String> = a.1.split(a.0.as_str()).map(str::to_owned).collect();
        let as_often = a.1.matches(a.0.as_str()).count() == b.1.matches(b.0.as_str()).count();
        (pieces.len() > 1 && as_often && pieces.join(b.0.as_str()) == b.1).then_some(pieces)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::Style;
    use crate::presentation::Format;

    /// Every report made from a template is the report rendered in full, whatever the line
    /// number, problem, pointer, detail or input name.
    #[test]
    fn a_report_from_a_template_is_the_report_rendered_in_full() {
        let presenter = crate::presentation::presenter();
        let long = "x".repeat(20_000);
        let problems = [
            (
                "BAD_VALUE",
                "/exit",
                "/exit: exit status 0 is outside 1..=255",
            ),
            (
                "INVALID_JSON",
                "",
                "not JSON at column 12: EOF while parsing a string",
            ),
            ("BAD_VALUE", "/code", "invalid code \"1000000000000007\""),
            ("NOT_AN_OBJECT", "", long.as_str()),
            (
                "WRONG_TYPE",
                "/params",
                "token ghp_0123456789abcdefghijABCDEFGHIJ leaked",
            ),
        ];
        // failwise's own descriptions, which make the whole message a phrase.
        let phrased = [
            Problem::phrased(
                "CATALOG_EXIT_MISMATCH",
                "/exit",
                Phrase::new("validate-exit-mismatch")
                    .arg("code", "E_1000000000000007")
                    .arg("exit", 3)
                    .arg("catalog_exit", 4),
            ),
            Problem::phrased(
                "LINE_TOO_LONG",
                "",
                Phrase::new("validate-line-too-long").arg("max", MAX_LINE_BYTES),
            ),
        ];
        let portuguese = crate::presentation::presenter_in("pt-BR");
        for (name, presenter) in [
            ("stdin", &presenter),
            ("stdin", &portuguese),
            ("logs/1000000000000009.ndjson", &presenter),
            ("a line 7", &portuguese),
        ] {
            for style in [Style::stdout(Format::Json), Style::stdout(Format::Human)] {
                let mut reports = Reports::new(name, presenter, style);
                for line in [
                    1u64,
                    7,
                    7,
                    10,
                    99_999,
                    1_000_000_000_000_007,
                    9_999_999_999_999_999,
                    10_000_000_000_000_000_007,
                    u64::MAX,
                ] {
                    let read = problems
                        .iter()
                        .map(|(code, pointer, detail)| Problem::read(code, pointer, *detail));
                    for problem in read.chain(phrased.iter().cloned()) {
                        let code = problem.code().to_owned();
                        let mut cached = String::new();
                        reports.render(line, problem.clone(), &mut cached);
                        let mut full = String::new();
                        reports.full(line, &problem, &mut full);
                        assert_eq!(cached, full, "{name} line {line} {code}");
                        let spelled = full.matches(line.to_string().as_str()).count();
                        assert!(spelled >= 2, "{name} line {line} {code}: {full}");
                        if std::ptr::eq(presenter, &portuguese) && phrased.contains(&problem) {
                            let whole = ["o catálogo dá a", "a linha tem mais de 16777216 bytes"];
                            assert!(whole.iter().any(|t| full.contains(t)), "{code}: {full}");
                        }
                    }
                }
                let templated = reports
                    .known
                    .values()
                    .filter(|k| matches!(k, Known::Template(_)))
                    .count();
                // A name that spells a stand-in makes the renderings disagree in how often it
                // appears: no template then, every report in full.
                let spells_a_stand_in = STAND_INS.iter().any(|n| name.contains(&n.to_string()));
                assert!(
                    templated >= 2 || spells_a_stand_in,
                    "{name}: only {templated} templates were made"
                );
            }
        }
    }
}
