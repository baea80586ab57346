//! `failwise normalize`: read NDJSON records in any dialect, write one record per input record
//! in one dialect, in order, streaming (standard input is answered record by record as it
//! arrives); count what became of them on stderr. A file read on a terminal moves a progress
//! line on stderr ([`crate::progress`]).

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use failwise::Envelope;
use failwise::classify::TextFailure;
use failwise::dialect::records;
use failwise::dialect::{Dialect, Form, NonFailures, Normalizer, Tally};

use crate::outcome::Outcome;
use crate::output::Output;
use crate::pool::Pool;
use crate::presentation::Format;
use crate::presentation::Presentation;
use crate::progress::Progress;

mod pipeline;

/// Arguments of `failwise normalize`.
#[derive(Debug, clap::Args)]
#[command(after_help = include_str!("../help/normalize-args.txt"))]
pub struct Args {
    /// Dialect of the input records, or `auto` to detect each record's.
    #[arg(long, default_value = "auto", value_parser = from_parser(), ignore_case = true)]
    pub from: From,
    /// Dialect (or other form of one) to write the failures in (the read-only vendor dialects
    /// cannot be written).
    #[arg(long, default_value = "failwise", value_parser = to_parser(), ignore_case = true)]
    pub to: Form,
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

/// The dialects as clap's possible values, from the library's dialect registry: each name with
/// its aliases and its one-line summary (which `--help` and the completion scripts show). An
/// unknown name is a usage error that lists them and puts the nearest first in `nearby`.
fn possible(dialects: impl IntoIterator<Item = Dialect>) -> Vec<PossibleValue> {
    dialects
        .into_iter()
        .map(|d| {
            PossibleValue::new(d.name())
                .aliases(d.aliases().iter().copied())
                .help(d.summary())
        })
        .collect()
}

/// The forms `--to` writes, from the library's registry: every writable dialect, then the
/// other forms (atomwrite's `ErrorOutput`, eval-mock's human form), each with its summary.
fn to_parser() -> impl TypedValueParser<Value = Form> {
    let values: Vec<PossibleValue> = Form::all()
        .into_iter()
        .map(|f| {
            PossibleValue::new(f.name())
                .aliases(f.aliases().iter().copied())
                .help(f.summary())
        })
        .collect();
    PossibleValuesParser::new(values)
        .map(|name| Form::from_name(&name).unwrap_or(Form::Dialect(Dialect::Failwise)))
}

fn from_parser() -> impl TypedValueParser<Value = From> {
    let mut values = vec![PossibleValue::new("auto").help(Dialect::auto_summary())];
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
    // chosen language, the secret values of the environment (registered at dispatch, where a
    // variable that cannot be masked is named on stderr) and the token shapes masked, every
    // field bounded.
    let inputs = crate::input::numbered("FILE", &args.files);
    if let Err(envelope) = crate::input::stdin_at_most_once("failwise normalize", inputs) {
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
        // Text that is no record (a log, a traceback) is read in blocks, as `run` reads
        // stderr; a block that names no program is the input's.
        let blocks = TextFailure::of(&path.to_string_lossy());
        let normalizer = normalizer.reading_blocks(&blocks);
        let result = if path.as_os_str() == "-" {
            let progress = Progress::stdin("-");
            let input = progress.reader(io::stdin());
            let live = Live(true);
            normalize_input(
                &normalizer,
                input,
                "-",
                live,
                &mut tally,
                presentation,
                &progress,
            )
        } else {
            let name = path.display().to_string();
            File::open(path).and_then(|file| {
                let progress = Progress::file(&name, &file);
                let input = progress.reader(file);
                normalize_input(
                    &normalizer,
                    input,
                    &name,
                    Live(false),
                    &mut tally,
                    presentation,
                    &progress,
                )
            })
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

/// Whether an input is a live stream (standard input), where a pause of
/// [`pipeline::IDLE`] ends the text block it paused in.
#[derive(Clone, Copy)]
struct Live(bool);

/// Normalizes one input on every core, writing the records in input order as each chunk is
/// done (see [`pipeline`]): a file in chunks of about a mebibyte, standard input as it arrives,
/// so a live stream is answered record by record. A line longer than
/// [`MAX_LINE_BYTES`](crate::pool::MAX_LINE_BYTES) is never held: it is rejected as too long.
/// Each write to stdout goes around the input's progress line, which is cleared at the end.
fn normalize_input(
    normalizer: &Normalizer,
    input: impl Read + Send,
    name: &str,
    live: Live,
    tally: &mut Tally,
    presentation: &Presentation,
    progress: &Progress,
) -> io::Result<()> {
    let out = Output::stdout(presentation);
    let mut pool = Pool::new(records::last_boundary).max_line(crate::pool::MAX_LINE_BYTES);
    if live.0 {
        pool = pool.idle(pipeline::IDLE);
    }
    let result = pipeline::normalize_all(
        normalizer,
        input,
        name,
        &pool,
        &mut |bytes: &[u8]| progress.around(|| out.pass(bytes)),
        tally,
    );
    progress.finish();
    result
}

fn summary(tally: Tally, presentation: &Presentation) {
    let err = Output::stderr(presentation);
    match presentation.format() {
        Format::Json => err.line(
            &presentation.record_line(&crate::records::NormalizeSummary {
                dropped: tally.dropped,
                normalized: tally.normalized,
                passed_through: tally.passed_through,
                read: tally.read,
                rejected: tally.rejected,
                found: tally.found,
            }),
        ),
        _ => {
            let args: failwise::Params = [
                ("read", tally.read),
                ("normalized", tally.normalized),
                ("passed_through", tally.passed_through),
                ("dropped", tally.dropped),
                ("rejected", tally.rejected),
                ("found", tally.found),
            ]
            .into_iter()
            .map(|(name, n)| (name.to_owned(), n.into()))
            .collect();
            // In the chosen language (`normalize-summary`); `--json` keeps the fixed keys.
            let text = presentation.localizer().label("normalize-summary", &args);
            err.line(&text);
        }
    }
}

/// An input that cannot be opened or read: failwise's own `INPUT_UNREADABLE` (exit 66), or
/// `STDIN_UNREADABLE` for standard input, as every subcommand reports it
/// ([`crate::input::error_envelope`]).
fn input_error(path: &Path, e: &io::Error) -> Envelope {
    crate::input::error_envelope(&path.to_string_lossy(), e)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    /// The names (and aliases) `normalize`'s `--from` or `--to` accepts, as clap knows them.
    fn values(flag: &str) -> Vec<String> {
        let command = crate::cli::Cli::command();
        let normalize = command
            .find_subcommand("normalize")
            .expect("normalize subcommand");
        let arg = normalize
            .get_arguments()
            .find(|a| a.get_id() == flag)
            .expect("the flag");
        arg.get_possible_values()
            .iter()
            .flat_map(|v| v.get_name_and_aliases().map(str::to_owned))
            .collect()
    }

    /// Every dialect of the registry, under its name and every alias, is a `--from` value; the
    /// writable ones, and only they, are `--to` values.
    #[test]
    fn every_dialect_is_a_from_value_and_every_writable_one_a_to_value() {
        let (from, to) = (values("from"), values("to"));
        for dialect in Dialect::ALL.into_iter().chain(Dialect::READ_ONLY) {
            for name in std::iter::once(dialect.name()).chain(dialect.aliases().iter().copied()) {
                assert!(from.iter().any(|v| v == name), "--from lacks {name}");
                assert_eq!(
                    to.iter().any(|v| v == name),
                    dialect.is_writable(),
                    "--to and {name}"
                );
            }
        }
        assert!(from.iter().any(|v| v == "auto"));
        for form in Form::all() {
            for name in std::iter::once(form.name()).chain(form.aliases().iter().copied()) {
                assert!(to.iter().any(|v| v == name), "--to lacks {name}");
            }
        }
    }
}
