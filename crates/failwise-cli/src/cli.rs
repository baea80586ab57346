//! The command line: clap definitions and dispatch to the subcommands.

use std::ffi::OsString;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::cmd;
use crate::color::ColorWhen;
use crate::outcome::Outcome;
use crate::output::Output;
use crate::presentation::Format;
use crate::presentation::Presentation;

/// Run any tool and read any tool's failure as one structured envelope.
#[derive(Debug, Parser)]
#[command(name = "failwise", version, about, long_about = None, after_help = EXAMPLES)]
pub struct Cli {
    /// How failures are shown: json, human, or auto (human on a terminal).
    #[arg(long, global = true, value_enum, default_value_t = Format::Auto)]
    pub format: Format,
    /// Shorthand for --format json.
    #[arg(long, global = true)]
    pub json: bool,
    /// Language of messages and recoveries (BCP 47, such as en or pt-BR); else the config
    /// file's `lang`, else LC_ALL, LC_MESSAGES, LANG.
    #[arg(long, global = true, value_name = "TAG", value_parser = failwise::i18n::parse_tag)]
    pub lang: Option<String>,
    /// When to colour the human form: auto (a terminal, as NO_COLOR, CLICOLOR and
    /// CLICOLOR_FORCE allow), always, or never.
    #[arg(long, global = true, value_name = "WHEN", value_enum, default_value_t = ColorWhen::Auto)]
    pub color: ColorWhen,
    #[command(subcommand)]
    pub command: Command,
}

const EXAMPLES: &str = include_str!("help/failwise.txt");

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run a command; pass its output through; on failure print one envelope as the last line.
    Run(cmd::run::Args),
    /// Read failure records in any dialect (NDJSON); write one record per input record.
    Normalize(cmd::normalize::Args),
    /// Print the JSON Schema (draft 2020-12) of the v1 envelope.
    Schema(cmd::schema::Args),
    /// Near-miss search: did-you-mean for a word, the closest regions of a file, nearby paths.
    Suggest(cmd::suggest::Args),
    /// Print a shell completion script.
    Completions(cmd::completions::Args),
    /// Check NDJSON envelopes against the schema, the invariants and a catalog.
    Validate(cmd::validate::Args),
    /// Print a code's documentation from a catalog.
    Explain(cmd::explain::Args),
    /// Lint a catalog, render its reference, or diff two versions.
    Catalog(cmd::catalog::Args),
    /// Print the manual page (roff) of failwise or of one of its subcommands.
    Man(cmd::man::Args),
    /// List, replay and lint the recognition rule packs (built-in, `--rules`, `rules.d`).
    Rules(cmd::rules::Args),
    /// Show or clear what the guard holds: calls it counts, upstreams' circuits and waits.
    State(cmd::state::Args),
    /// Proxy an MCP server on stdio: every failed tool call gets the envelope, guarded, with
    /// faults injected on request.
    Mcp(cmd::mcp::Args),
}

impl Command {
    /// Whether the subcommand prints text it read (a record, a catalog's entry, a file's
    /// region), so a secret of the environment could reach its answer; `run` registers the
    /// environment's secrets itself, under `--no-env-secrets`.
    fn prints_what_it_reads(&self) -> bool {
        match self {
            Self::Normalize(_)
            | Self::Suggest(_)
            | Self::Validate(_)
            | Self::Explain(_)
            | Self::Catalog(_)
            | Self::Rules(_) => true,
            Self::Run(_)
            | Self::Schema(_)
            | Self::Completions(_)
            | Self::Man(_)
            | Self::State(_)
            | Self::Mcp(_) => false,
        }
    }
}

impl Cli {
    /// The format after `--json`.
    pub fn format(&self) -> Format {
        if self.json { Format::Json } else { self.format }
    }

    /// The definitions of the whole command line, as parsing, the usage envelopes, the
    /// completion scripts and the manual pages read them: the derived ones, with the names of
    /// the manual pages as the values `failwise man` takes.
    pub fn definitions() -> clap::Command {
        cmd::man::with_pages(Self::command())
    }
}

/// Parses `args`, builds the one [`Presentation`] of this process from them, and runs the
/// chosen subcommand with it. Writes only its language warnings, through `output`: the outcome and the
/// presentation it is to be printed with go back to `main`.
pub fn dispatch(args: impl IntoIterator<Item = OsString>) -> (Presentation, Outcome) {
    let given: Vec<OsString> = args.into_iter().collect();
    let given_words: Vec<String> = given
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let args: Vec<OsString> = cmd::catalog::docs_format_alias(given);
    let words: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let parsed = Cli::definitions()
        .try_get_matches_from(&args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let format = match &parsed {
        Ok(cli) => cli.format(),
        Err(_) => cmd::usage::requested_format(&words),
    };
    let mut presentation = Presentation::new(&words, format);
    let parsed = parsed.map_err(|mut error| {
        cmd::usage::name_as_given(&mut error, &given_words, &words);
        error
    });
    let outcome = run_command(parsed.map(|cli| cli.command), &words, &mut presentation);
    (presentation, outcome)
}

/// Runs the subcommand of a command line that parsed, or answers the parse error of one that
/// did not (`words`: the command line as given), with the presentation built at dispatch,
/// after writing its warnings (a language that was asked for but is unusable) to stderr.
fn run_command(
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
        Err(error) => {
            return cmd::usage::from_clap(&error, &Cli::definitions(), words, presentation);
        }
    };
    // A subcommand that prints what it reads names each secret-named variable it cannot
    // mask, once, before its answer (`run` does it itself: `--no-env-secrets` turns it off).
    if command.prints_what_it_reads() {
        for warning in presentation.register_env_secrets() {
            err.line(&warning);
        }
    }
    match command {
        Command::Run(args) => cmd::run::run(&args, presentation),
        Command::Normalize(args) => cmd::normalize::run(&args, presentation),
        Command::Schema(args) => cmd::schema::run(&args, presentation),
        Command::Suggest(args) => cmd::suggest::run(&args, presentation),
        Command::Completions(args) => {
            cmd::completions::run(&args, &mut Cli::definitions(), presentation)
        }
        Command::Validate(args) => cmd::validate::run(&args, presentation),
        Command::Explain(args) => cmd::explain::run(&args, presentation),
        Command::Catalog(args) => cmd::catalog::run(&args, presentation),
        Command::Man(args) => cmd::man::run(&args, Cli::definitions(), presentation),
        Command::Rules(args) => cmd::rules::run(&args, presentation),
        Command::State(args) => cmd::state::run(&args, presentation),
        // Its stdout is the client's JSON-RPC channel: its own failure goes to stderr.
        Command::Mcp(args) => cmd::mcp::run(&args, presentation).on_stderr(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every subcommand, at every depth, by its full name (`catalog lint`).
    fn walk(command: &clap::Command, prefix: &str, out: &mut Vec<(String, clap::Command)>) {
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
            let name = format!("{prefix}{}", sub.get_name());
            out.push((name.clone(), sub.clone()));
            walk(sub, &format!("{name} "), out);
        }
    }

    #[test]
    fn every_subcommand_help_has_examples() {
        let mut root = Cli::command();
        root.build();
        let mut all = Vec::new();
        walk(&root, "", &mut all);
        assert!(
            all.iter().any(|(name, _)| name == "catalog lint"),
            "the walk reaches nested subcommands"
        );
        let mut missing = Vec::new();
        for (name, command) in &mut all {
            if !command
                .render_long_help()
                .to_string()
                .contains("\nExamples:\n")
            {
                missing.push(name.clone());
            }
        }
        assert!(
            missing.is_empty(),
            "no Examples: in the --help of {missing:?}"
        );
        assert!(
            root.render_long_help()
                .to_string()
                .contains("\nExamples:\n")
        );
    }
}
