//! recourse's own usage errors, as envelopes (exit 2).

use clap::error::{ContextKind, ContextValue, ErrorKind};
use recourse::{Code, Envelope, ExitStatus, Verdict};

use crate::outcome::Outcome;
use crate::output::{Format, Output};

/// Turns a clap parse result that is not a parse into an outcome: `--help` and `--version`
/// print and exit 0; every other kind becomes a usage envelope with exit 2.
pub fn from_clap(err: &clap::Error) -> Outcome {
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let text = err.render().to_string();
        if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
            Output::stderr().bytes(text.as_bytes());
            return Outcome::Exit(2);
        }
        Output::stdout().bytes(text.as_bytes());
        return Outcome::Exit(0);
    }
    let code = Code::normalize(&format!("{:?}", err.kind()), "USAGE");
    let mut message = err.to_string();
    if let Some(first) = message.lines().next() {
        message = first.trim_start_matches("error: ").to_owned();
    }
    let mut nearby = Vec::new();
    let mut draft = Envelope::draft(code, ExitStatus::USAGE, message).verdict(Verdict::permanent());
    for (kind, value) in err.context() {
        let name = kind.as_str().unwrap_or("context").replace(' ', "_");
        match value {
            ContextValue::String(s) => draft = draft.param(name, s.clone()),
            ContextValue::Strings(v) => {
                if matches!(
                    kind,
                    ContextKind::SuggestedArg
                        | ContextKind::SuggestedSubcommand
                        | ContextKind::SuggestedValue
                        | ContextKind::ValidValue
                        | ContextKind::ValidSubcommand
                ) {
                    nearby.extend(v.iter().cloned());
                }
                draft = draft.param(name, v.clone());
            }
            ContextValue::Number(n) => draft = draft.param(name, *n),
            ContextValue::Bool(b) => draft = draft.param(name, *b),
            _ => {}
        }
    }
    let envelope = draft.nearby(nearby).with_recovery(
        "run `recourse --help` for the accepted arguments, then fix the command line",
    );
    match envelope {
        Ok(envelope) => Outcome::failed(envelope, Format::Auto),
        Err(_) => Outcome::Exit(2),
    }
}
