//! One module per subcommand, and the dispatch to them.

pub mod catalog;
pub mod completions;
pub mod explain;
pub mod normalize;
pub mod run;
pub mod schema;
pub mod suggest;
pub mod usage;
pub mod validate;

use crate::cli::{Cli, Command};
use crate::outcome::Outcome;
use crate::output::Output;
use crate::presentation::Presentation;

/// Runs the subcommand of a command line that parsed, or answers the parse error of one that
/// did not (`words`: the command line as given), with the presentation built at dispatch,
/// after writing its warnings (a language that was asked for but is unusable) to stderr.
pub fn dispatch(
    parsed: Result<Command, clap::Error>,
    words: &[String],
    presentation: &mut Presentation,
) -> Outcome {
    let err = Output::stderr(presentation);
    for warning in presentation.warnings() {
        err.line(warning);
    }
    let command = match parsed {
        Ok(command) => command,
        Err(error) => return usage::from_clap(&error, words, presentation),
    };
    match command {
        Command::Run(args) => run::run(&args, presentation),
        Command::Normalize(args) => normalize::run(&args, presentation),
        Command::Schema(args) => schema::run(&args, presentation),
        Command::Suggest(args) => suggest::run(&args, presentation),
        Command::Completions(args) => completions::run(
            &args,
            &mut <Cli as clap::CommandFactory>::command(),
            presentation,
        ),
        Command::Validate(args) => validate::run(&args, presentation),
        Command::Explain(args) => explain::run(&args, presentation),
        Command::Catalog(args) => catalog::run(&args, presentation),
    }
}
