//! failwise's own command-line errors, as envelopes (exit 2), through the library's clap
//! integration ([`failwise::Envelope::from_clap_args`]).

use clap::ValueEnum;
use clap::error::ErrorKind;
use failwise::Envelope;

use crate::cmd::run::duration::Refused;
use crate::outcome::Outcome;
use crate::output::Output;
use crate::presentation::Format;
use crate::presentation::Presentation;

/// The flags failwise honours even when parsing fails: the envelope is shown in their format.
const APPLIED: &[&str] = &["--json", "--format", "--lang", "--color"];

/// Turns a failed parse of `args` by `command` into an outcome: `--help` and `--version` print clap's text
/// to stdout and exit 0; every other kind becomes a usage envelope (exit 2), shown as
/// `presentation` shows envelopes (in the format [`requested_format`] read).
pub fn from_clap(
    err: &clap::Error,
    command: &clap::Command,
    args: &[String],
    presentation: &Presentation,
) -> Outcome {
    match Envelope::from_clap_args(err, command, args, APPLIED) {
        Some(envelope) => Outcome::failed(own_reason(err, envelope, presentation), presentation),
        None => {
            let stream = if matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) {
                Output::stdout(presentation)
            } else {
                Output::stderr(presentation)
            };
            stream.bytes(err.render().to_string().as_bytes());
            Outcome::Exit(0)
        }
    }
}

/// Names in `err` the argument as it was typed when failwise read it as another: `given` is the
/// command line as typed, `read` as it was parsed, where `catalog docs --format md|html` became
/// `--to` ([`crate::cmd::catalog::docs_format_alias`]). A conflict of `--to` with itself that
/// the alias made (`--format html --to md`) names `--format <FORMAT>` as the argument in
/// conflict with `--to <TO>`, so the message and the recovery name what the caller wrote.
pub fn name_as_given(err: &mut clap::Error, given: &[String], read: &[String]) {
    use clap::error::{ContextKind, ContextValue};
    let aliased = given
        .iter()
        .zip(read)
        .any(|(g, r)| g != r && g.starts_with("--format") && r.starts_with("--to"));
    let text = |kind| match err.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    let (invalid, prior) = (text(ContextKind::InvalidArg), text(ContextKind::PriorArg));
    if err.kind() == ErrorKind::ArgumentConflict
        && aliased
        && invalid.is_some()
        && invalid == prior
        && invalid.as_deref().is_some_and(|a| a.starts_with("--to"))
    {
        let format = ContextValue::String("--format <FORMAT>".to_owned());
        err.insert(ContextKind::InvalidArg, format);
    }
}

/// `envelope` with the reason of one of failwise's own value parsers (a refused duration) as
/// the phrase inside its message, so the message reads in the reader's language; the English
/// and `params.reason` are the same text as before.
fn own_reason(err: &clap::Error, envelope: Envelope, presentation: &Presentation) -> Envelope {
    let refused = std::error::Error::source(err).and_then(|e| e.downcast_ref::<Refused>());
    match (refused, envelope.phrases().message().cloned()) {
        (Some(refused), Some(message)) => {
            let message = message.phrase("reason", refused.phrase().clone());
            presentation
                .localizer()
                .with_phrases(envelope, message, None)
        }
        _ => envelope,
    }
}

/// The output format named on a command line that did not parse: the last `--format VALUE`
/// or `--format=VALUE` that names a format, and `--json` over both; `auto` otherwise.
pub fn requested_format(args: &[String]) -> Format {
    let mut format = Format::Auto;
    let mut json = false;
    let mut words = args.iter().skip(1).take_while(|a| *a != "--");
    while let Some(arg) = words.next() {
        let value = match arg.split_once('=') {
            Some(("--format", value)) => Some(value.to_owned()),
            _ if arg == "--format" => words.next().cloned(),
            _ => None,
        };
        if let Some(parsed) = value.and_then(|v| Format::from_str(&v, true).ok()) {
            format = parsed;
        }
        json |= arg == "--json";
    }
    if json { Format::Json } else { format }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn format_is_read_from_a_line_that_did_not_parse() {
        assert_eq!(requested_format(&words("failwise --bogus")), Format::Auto);
        assert_eq!(requested_format(&words("failwise --json x")), Format::Json);
        assert_eq!(
            requested_format(&words("failwise --format human x")),
            Format::Human
        );
        assert_eq!(
            requested_format(&words("failwise --format=json x")),
            Format::Json
        );
        assert_eq!(
            requested_format(&words("failwise --format nope")),
            Format::Auto
        );
        assert_eq!(requested_format(&words("failwise -- --json")), Format::Auto);
    }
}
