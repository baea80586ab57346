//! The stream of `failwise validate` cut into chunks of whole lines, checked on every core,
//! and reported in input order.
//!
//! The calling thread reads: it cuts the input into chunks of about [`CHUNK_BYTES`] bytes of
//! whole lines (numbering them as it goes), and hands them to one worker per core. A worker
//! checks each line, and presents and renders the envelope of each bad line with the one
//! presentation of the process ([`crate::presentation::Presentation`]); the calling thread writes the
//! rendered text of the chunks in input order. At most [`IN_FLIGHT`] chunks wait for a worker,
//! so memory stays flat whatever the input size; the report is the same, byte for byte, as if
//! the lines were checked one after another.
//!
//! A writer that breaks the contract usually breaks it the same way on many lines, and
//! rendering an envelope (templates, language, redaction, bounds, JSON) costs several times
//! what checking a line does; so a worker keeps the report of each problem it met twice as a
//! template with the line number left out ([`Reports`]), proven to give the same bytes.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, BufRead, BufReader, Read};
use std::num::NonZeroUsize;
use std::sync::{Mutex, PoisonError, mpsc};

use failwise::{Catalog, CatalogFile};

use super::{BOM, MAX_LINE_BYTES, check_line};
use crate::errors::CliError;
use crate::output::{EnvelopeWriter, Style};
use crate::presentation::Presentation;

/// The size of a chunk of lines handed to a worker, in bytes (a chunk ends with the line that
/// crosses it).
pub const CHUNK_BYTES: usize = 1 << 20;

/// How many chunks may wait for a worker.
const IN_FLIGHT: usize = 4;

/// The most workers started, whatever the number of cores.
const MAX_WORKERS: usize = 8;

/// Whole lines of the input, without their newlines.
struct Chunk {
    /// Position of the chunk in the input, from 0.
    seq: u64,
    /// 1-based number of the chunk's first line.
    first_line: u64,
    /// The lines, one after another.
    text: Vec<u8>,
    /// Where each line ends in `text`, and whether it was longer than [`MAX_LINE_BYTES`] (its
    /// bytes are then not held).
    ends: Vec<(usize, bool)>,
}

/// What a worker made of a chunk: the rendered envelopes of its bad lines.
struct Report {
    seq: u64,
    text: String,
    bad: u64,
}

/// Checks each line of `input` (named `name` in the envelopes), writing one envelope per bad
/// line to `out` in input order. Returns how many lines were bad, and the exit status of the
/// read error that cut the input short, if one did (its envelope is written after those of the
/// lines read before it).
pub fn check_stream(
    input: impl Read,
    name: &str,
    catalog: Option<&CatalogFile>,
    out: &mut EnvelopeWriter,
) -> (u64, Option<u8>) {
    let style = out.style();
    let workers = std::thread::available_parallelism()
        .map_or(1, NonZeroUsize::get)
        .clamp(1, MAX_WORKERS);
    let (job_tx, job_rx) = mpsc::sync_channel::<Chunk>(IN_FLIGHT);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<Report>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let presenter = out.presentation();
            let done_tx = done_tx.clone();
            let job_rx = &job_rx;
            scope.spawn(move || {
                let mut reports = Reports::new(name, presenter, style);
                loop {
                    let job = job_rx.lock().unwrap_or_else(PoisonError::into_inner).recv();
                    let Ok(chunk) = job else { return };
                    let report = check_chunk(&chunk, catalog, &mut reports);
                    if done_tx.send(report).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let mut order = InOrder::default();
        let mut reader = BufReader::with_capacity(1 << 20, input);
        let mut read_error = None;
        let mut next_line = 1u64;
        for seq in 0.. {
            let (chunk, error) = read_chunk(&mut reader, seq, next_line);
            next_line += chunk.ends.len() as u64;
            let last = error.is_some() || chunk.ends.is_empty();
            if !chunk.ends.is_empty() {
                // A worker panicking would close the channel; the lines are then lost, and
                // the scope re-raises the panic.
                if job_tx.send(chunk).is_err() {
                    break;
                }
            }
            while let Ok(report) = done_rx.try_recv() {
                order.add(report, out);
            }
            if last {
                read_error = error;
                break;
            }
        }
        drop(job_tx);
        for report in &done_rx {
            order.add(report, out);
        }
        let status = read_error.map(|e| {
            let envelope = CliError::InputUnreadable {
                path: name.to_owned(),
                reason: e.to_string(),
            }
            .to_envelope();
            let exit = envelope.exit().get();
            out.envelope(envelope);
            exit
        });
        (order.bad, status)
    })
}

/// Reports put back in input order.
#[derive(Default)]
struct InOrder {
    next: u64,
    waiting: BTreeMap<u64, Report>,
    bad: u64,
}

impl InOrder {
    fn add(&mut self, report: Report, out: &mut EnvelopeWriter) {
        self.waiting.insert(report.seq, report);
        while let Some(report) = self.waiting.remove(&self.next) {
            self.bad += report.bad;
            out.text(&report.text);
            self.next += 1;
        }
    }
}

/// Reads whole lines until the chunk holds [`CHUNK_BYTES`] bytes or the input ends; returns
/// the chunk and the read error that ended the input, if one did.
fn read_chunk(reader: &mut impl BufRead, seq: u64, first_line: u64) -> (Chunk, Option<io::Error>) {
    let mut chunk = Chunk {
        seq,
        first_line,
        text: Vec::with_capacity(CHUNK_BYTES + (CHUNK_BYTES >> 4)),
        ends: Vec::new(),
    };
    while chunk.text.len() < CHUNK_BYTES {
        match read_line(reader, &mut chunk.text) {
            Ok((0, _)) => break,
            Ok((_, too_long)) => chunk.ends.push((chunk.text.len(), too_long)),
            Err(e) => return (chunk, Some(e)),
        }
    }
    (chunk, None)
}

/// Appends one line to `buf` (without its newline), up to [`MAX_LINE_BYTES`]; the rest of a
/// longer line is skipped, and what was appended of it is taken back. Returns the bytes
/// consumed and whether the line was too long.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<(usize, bool)> {
    let start = buf.len();
    let mut consumed = 0;
    let mut too_long = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                buf.truncate(start);
                return Err(e);
            }
        };
        if chunk.is_empty() {
            return Ok((consumed, too_long));
        }
        let (take, done) = match memchr::memchr(b'\n', chunk) {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let body = if done {
            &chunk[..take - 1]
        } else {
            &chunk[..take]
        };
        if buf.len() - start + body.len() > MAX_LINE_BYTES {
            too_long = true;
            buf.truncate(start);
        } else if !too_long {
            buf.extend_from_slice(body);
        }
        reader.consume(take);
        consumed += take;
        if done {
            return Ok((consumed, too_long));
        }
    }
}

/// Checks the lines of one chunk; renders the envelope of each bad line.
fn check_chunk(chunk: &Chunk, catalog: Option<&CatalogFile>, reports: &mut Reports) -> Report {
    let mut report = Report {
        seq: chunk.seq,
        text: String::new(),
        bad: 0,
    };
    let mut start = 0;
    for (i, &(end, too_long)) in chunk.ends.iter().enumerate() {
        let line_no = chunk.first_line + i as u64;
        let mut line = &chunk.text[start..end];
        start = end;
        if line_no == 1 {
            line = line.strip_prefix(BOM).unwrap_or(line);
        }
        let problem = if too_long {
            Some((
                "LINE_TOO_LONG".to_owned(),
                String::new(),
                format!("line is longer than {MAX_LINE_BYTES} bytes"),
            ))
        } else {
            check_line(line, catalog)
        };
        if let Some(problem) = problem {
            report.bad += 1;
            reports.render(line_no, problem, &mut report.text);
        }
    }
    report
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

/// What a worker knows of one problem (code, JSON Pointer, detail).
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
/// two stand-in line numbers of 20 digits, and kept only when both renderings are the same
/// text around the number (so the number enters nowhere else, in no other form) and no field
/// was cut (a real number is no longer than the stand-ins, so it cuts nothing either).
struct Reports<'a> {
    name: &'a str,
    presenter: &'a Presentation,
    style: Style,
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
    fn render(&mut self, line: u64, problem: (String, String, String), out: &mut String) {
        let number = line.to_string();
        match self.known.get_mut(&problem) {
            Some(Known::Template(pieces)) if number.len() <= STAND_IN_DIGITS => {
                out.push_str(&pieces.join(number.as_str()));
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
                self.known.insert(problem, known);
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
                self.known.insert(problem, Known::Once);
            }
        }
    }

    /// Renders the report in full; returns whether a field of it was cut.
    fn full(&self, line: u64, problem: &(String, String, String), out: &mut String) -> bool {
        let (problem, pointer, detail) = problem.clone();
        let envelope = CliError::LineInvalid {
            path: self.name.to_owned(),
            line,
            problem,
            pointer,
            detail,
        }
        .to_envelope();
        let shown = self.presenter.prepare(envelope);
        self.style.render(&shown, self.presenter.localizer(), out);
        !shown.truncated().is_empty()
    }

    /// The pieces of the report around the line number, when it can be made from them: both
    /// stand-ins appear, as often as each other, and the two renderings are the same text
    /// around them.
    fn template(&self, problem: &(String, String, String)) -> Option<Vec<String>> {
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
    use crate::output::{Format, Style};

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
                    for (code, pointer, detail) in problems {
                        let problem = (code.to_owned(), pointer.to_owned(), detail.to_owned());
                        let mut cached = String::new();
                        reports.render(line, problem.clone(), &mut cached);
                        let mut full = String::new();
                        reports.full(line, &problem, &mut full);
                        assert_eq!(cached, full, "{name} line {line} {code}");
                        let spelled = full.matches(line.to_string().as_str()).count();
                        assert!(spelled >= 2, "{name} line {line} {code}: {full}");
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
