//! `filetool upload FILE`: a complete tool whose every failure is one failwise envelope on
//! stdout, with the exit status its catalog gives. Try `cargo run -p failwise --example
//! filetool --features clap -- upload /no/such/file`.
#![allow(
    clippy::print_stdout,
    reason = "a command-line tool prints its envelope"
)]
#![allow(
    missing_docs,
    reason = "each field is named by the message that shows it"
)]

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use failwise::{Catalog, Envelope};

/// Every way `filetool` fails: one variant per code, its message written once.
#[derive(Debug, Catalog)]
#[catalog(tool = "filetool", error)]
pub enum FiletoolError {
    /// The file to upload could not be read.
    #[catalog(
        code = "READ_FAILED",
        exit = 66,
        class = "precondition_failed",
        message = "cannot read {path}",
        recovery = "check that {path} exists and is readable, then run `filetool upload` again"
    )]
    ReadFailed {
        path: PathBuf,
        #[source]
        error: std::io::Error,
    },
    /// The upload service asked to slow down.
    #[catalog(
        code = "RATE_LIMITED",
        exit = 75,
        class = "transient",
        retry = "yes",
        message = "the upload service allows one upload per {retry_after_ms} ms",
        recovery = "wait retry_after_ms, then run the same command again"
    )]
    RateLimited { retry_after_ms: u64 },
}

/// Uploads files.
#[derive(Parser)]
#[command(name = "filetool")]
pub enum Cli {
    /// Uploads FILE in chunks.
    Upload {
        file: PathBuf,
        #[arg(long, default_value_t = 1024)]
        chunk_kib: u32,
    },
}

/// Runs one command line; the error is whatever went wrong, catalog error or not.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    let Cli::Upload { file, chunk_kib } = cli;
    let bytes = std::fs::read(&file).map_err(|error| FiletoolError::ReadFailed {
        path: file.clone(),
        error,
    })?;
    if bytes.len() > chunk_kib as usize * 1024 {
        // A stand-in for the service's answer to a second chunk sent too soon.
        return Err(FiletoolError::RateLimited {
            retry_after_ms: 1500,
        }
        .into());
    }
    Ok(())
}

/// The line to print and the status to exit with, for one command line.
pub fn outcome(args: &[&str]) -> anyhow::Result<Option<Envelope>> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return Ok(Envelope::from_clap(&e, &Cli::command())),
    };
    match run(cli) {
        Ok(()) => Ok(None),
        // An error outside the catalog is a bug: anyhow reports it.
        Err(e) => Envelope::find_in::<FiletoolError>(e.as_ref())
            .map(Some)
            .ok_or(e),
    }
}

fn main() -> anyhow::Result<ExitCode> {
    let args: Vec<String> = std::env::args().collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    Ok(match outcome(&args)? {
        None => ExitCode::SUCCESS,
        Some(envelope) => {
            println!("{}", envelope.to_json_line());
            envelope.exit().into()
        }
    })
}
