//! `failwise completions SHELL`: print a shell completion script.

use clap_complete::Shell;

use crate::outcome::Outcome;
use crate::presentation::Presentation;

/// Arguments of `failwise completions`.
#[derive(Debug, clap::Args)]
#[command(after_help = include_str!("../help/completions-args.txt"))]
pub struct Args {
    /// The shell: bash, zsh, fish, elvish or powershell.
    pub shell: Shell,
}

/// Writes the completion script for `args.shell` to stdout.
pub fn run(args: &Args, command: &mut clap::Command, presentation: &Presentation) -> Outcome {
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, command, "failwise", &mut buf);
    crate::output::Output::stdout(presentation).bytes(&buf);
    Outcome::Exit(0)
}
