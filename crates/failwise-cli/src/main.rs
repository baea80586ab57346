//! `failwise`: run any tool and read any tool's failure as one structured envelope.
//!
//! `main` is the only place that turns an outcome into an exit status; every subcommand
//! returns an [`outcome::Outcome`], printed as the [`presentation::Presentation`] built at
//! dispatch shows it.

mod cli;
mod cmd;
mod color;
mod errors;
mod input;
mod outcome;
mod output;
mod pool;
mod presentation;
mod progress;
mod records;

fn main() -> std::process::ExitCode {
    let (presentation, outcome) = cli::dispatch(std::env::args_os());
    outcome.finish(&presentation)
}
