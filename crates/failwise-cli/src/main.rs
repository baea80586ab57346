//! `failwise`: run any tool and read any tool's failure as one structured envelope.
//!
//! `main` is the only place that turns an outcome into an exit status; every subcommand
//! returns an [`outcome::Outcome`].

mod cli;
mod cmd;
mod duration;
mod errors;
mod executables;
mod forward;
mod outcome;
mod output;
mod pool;
mod presentation;
mod supervise;

fn main() -> std::process::ExitCode {
    let outcome = cli::dispatch(std::env::args_os());
    outcome.finish()
}
