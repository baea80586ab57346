//! `failwise normalize`: read NDJSON records in any dialect, write one record per input record
//! in one dialect, in order, streaming; count what became of them on stderr.

use std::fs::File;
use std::io::{self, BufRead};
use std::path::{Path, PathBuf};

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use failwise::dialect::records::{Extent, Scanner};
use failwise::dialect::{Dialect, NonFailures, Normalizer, Tally};
use failwise::{Catalog, Envelope};

use crate::errors::CliError;

use crate::outcome::Outcome;
use crate::output::{Format, Output};
use crate::presentation::{Presentation, SecretSources};

mod pipeline;

/// How many bytes of a file one worker normalizes at a time: large enough that handing a chunk
/// over costs little next to normalizing it, small enough to keep every core busy to the end.
const CHUNK_BYTES: usize = 1 << 20;

/// Arguments of `failwise normalize`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  failwise normalize tool.log                        every failure in tool.log, as envelopes
  some-tool --json 2>&1 | failwise normalize --drop-non-failures
  failwise normalize --to problem+json errors.ndjson  write RFC 9457 problem details instead")]
pub struct Args {
    /// Dialect of the input records, or `auto` to detect each record's.
    #[arg(long, default_value = "auto", value_parser = from_parser(), ignore_case = true)]
    pub from: From,
    /// Dialect to write the failures in (the read-only vendor dialects cannot be written).
    #[arg(long, default_value = "failwise", value_parser = to_parser(), ignore_case = true)]
    pub to: Dialect,
    /// Copy records that are not failures to the output unchanged (the default).
    #[arg(long, conflicts_with = "drop_non_failures")]
    pub passthrough: bool,
    /// Leave records that are not failures out of the output (they are still counted).
    #[arg(long)]
    pub drop_non_failures: bool,
    /// NDJSON files to read, in order; `-` or none reads standard input.
    pub files: Vec<PathBuf>,
}

/// `--from`: a dialect, or `auto`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct From(pub Option<Dialect>);

/// The dialects as clap's possible values: an unknown name is a usage error that lists them
/// and puts the nearest first in `nearby`.
fn possible(dialects: impl IntoIterator<Item = Dialect>) -> Vec<PossibleValue> {
    dialects
        .into_iter()
        .map(|d| PossibleValue::new(d.name()).aliases(d.aliases().iter().copied()))
        .collect()
}

fn to_parser() -> impl TypedValueParser<Value = Dialect> {
    PossibleValuesParser::new(possible(Dialect::ALL))
        .map(|name| Dialect::from_name(&name).unwrap_or(Dialect::Failwise))
}

fn from_parser() -> impl TypedValueParser<Value = From> {
    let mut values = vec![PossibleValue::new("auto")];
    values.extend(possible(Dialect::ALL.into_iter().chain(Dialect::READ_ONLY)));
    PossibleValuesParser::new(values).map(|name| From(Dialect::from_name(&name)))
}

/// Normalizes every input; exits 0 when every record was read, 65 (EX_DATAERR) when some were
/// rejected (each is in the output as an envelope), and fails with an envelope when an input
/// cannot be opened or read.
pub fn run(args: &Args, presentation: &mut Presentation) -> Outcome {
    let non_failures = if args.drop_non_failures {
        NonFailures::Drop
    } else {
        NonFailures::PassThrough
    };
    // Every envelope written goes through the presentation `failwise run` applies: the
    // chosen language, the secret values of the environment and the token shapes masked,
    // every field bounded. The environment's secrets are all valid candidates, so none is
    // refused loudly.
    let env_only = SecretSources {
        env: true,
        values: &[],
        env_names: &[],
    };
    if let Err(envelope) = presentation.register_secrets(&env_only) {
        return Outcome::failed(*envelope, presentation);
    }
    let presentation: &Presentation = presentation;
    let normalizer = Normalizer::new(args.from.0, args.to, non_failures).prepared(presentation);
    let inputs: Vec<PathBuf> = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    let mut tally = Tally::default();
    let mut unreadable: Option<u8> = None;
    for path in &inputs {
        let result = if path.as_os_str() == "-" {
            stream(&normalizer, io::stdin().lock(), &mut tally, presentation)
        } else {
            File::open(path)
                .and_then(|file| parallel(&normalizer, file, path, &mut tally, presentation))
        };
        match result {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Outcome::Exit(0),
            // The output cannot be written (a full disk): stop; the failed write is reported
            // on stderr and the exit status is EX_IOERR (74), not an input's.
            Err(_) if presentation.writes().first_error().is_some() => {
                summary(tally, presentation);
                return Outcome::Exit(0);
            }
            // An input that cannot be read is reported in the stream, and the next one is
            // read, as `cat` does; the process then exits with that input's status.
            Err(e) => {
                let envelope = input_error(path, &e);
                unreadable = unreadable.or(Some(envelope.exit().get()));
                Output::stdout(presentation)
                    .envelope(&presentation.prepare(envelope), presentation);
            }
        }
    }
    summary(tally, presentation);
    if let Some(status) = unreadable {
        return Outcome::Exit(status);
    }
    Outcome::Exit(if tally.rejected > 0 { 65 } else { 0 })
}

/// Reads a stream record by record, writing as it goes; output is flushed whenever the input
/// has nothing more buffered, so a live stream is answered line by line. A line that opens a
/// multi-line JSON value is held, and the lines after it scanned once each, until the value
/// closes or cannot be one record.
fn stream(
    normalizer: &Normalizer,
    input: impl BufRead,
    tally: &mut Tally,
    presentation: &Presentation,
) -> io::Result<()> {
    let mut input = input;
    let out = Output::stdout(presentation);
    let mut pending = Vec::new();
    let mut open: Option<Scanner> = None;
    let mut buf = Vec::with_capacity(64 << 10);
    let mut number = 1;
    loop {
        let start = pending.len();
        let at_end = input.read_until(b'\n', &mut pending)? == 0;
        if pending.is_empty() {
            break;
        }
        let ready = match &mut open {
            None => true,
            Some(scanner) => at_end || scanner.feed(&pending[start..]) != Extent::Open,
        };
        if ready {
            let read = if at_end {
                normalizer.chunk(&pending, number, "-", &mut buf, tally);
                pending.len()
            } else {
                normalizer.chunk_partial(&pending, number, "-", &mut buf, tally)
            };
            number += memchr::memchr_iter(b'\n', &pending[..read]).count() as u64;
            pending.drain(..read);
            open = (!pending.is_empty()).then(|| {
                let mut scanner = Scanner::default();
                scanner.feed(&pending);
                scanner
            });
        }
        if at_end {
            break;
        }
        if buf.len() >= 64 << 10 || input.fill_buf()?.is_empty() {
            out.pass(&buf)?;
            buf.clear();
        }
    }
    out.pass(&buf)
}

/// Normalizes a file on every core, writing the records in input order (see [`pipeline`]).
fn parallel(
    normalizer: &Normalizer,
    file: File,
    path: &Path,
    tally: &mut Tally,
    presentation: &Presentation,
) -> io::Result<()> {
    let name = path.display().to_string();
    let workers = std::thread::available_parallelism().map_or(1, usize::from);
    let out = Output::stdout(presentation);
    let mut file = file;
    pipeline::normalize_all(
        normalizer,
        &mut file,
        &name,
        workers,
        CHUNK_BYTES,
        &mut |bytes: &[u8]| out.pass(bytes),
        tally,
    )
}

fn summary(tally: Tally, presentation: &Presentation) {
    let err = Output::stderr(presentation);
    match presentation.format() {
        Format::Json => err.line(
            &serde_json::json!({
                "read": tally.read,
                "normalized": tally.normalized,
                "passed_through": tally.passed_through,
                "dropped": tally.dropped,
                "rejected": tally.rejected,
            })
            .to_string(),
        ),
        _ => {
            let args: failwise::Params = [
                ("read", tally.read),
                ("normalized", tally.normalized),
                ("passed_through", tally.passed_through),
                ("dropped", tally.dropped),
                ("rejected", tally.rejected),
            ]
            .into_iter()
            .map(|(name, n)| (name.to_owned(), n.to_string().into()))
            .collect();
            // In the chosen language (`normalize-summary`); `--json` keeps the fixed keys.
            let text = presentation.localizer().label("normalize-summary", &args);
            err.line(&text);
        }
    }
}

/// An input that cannot be opened or read: failwise's own `INPUT_UNREADABLE` (exit 66), as
/// `validate` and `suggest` report it.
fn input_error(path: &Path, e: &io::Error) -> Envelope {
    CliError::InputUnreadable {
        path: path.display().to_string(),
        reason: e.to_string(),
    }
    .to_envelope()
}
