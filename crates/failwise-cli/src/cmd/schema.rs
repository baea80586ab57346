//! `failwise schema`: print the envelope's JSON Schema.

use crate::outcome::Outcome;
use crate::output::Output;
use crate::presentation::Presentation;

/// Arguments of `failwise schema`.
#[derive(Debug, clap::Args)]
#[command(after_help = include_str!("../help/schema-args.txt"))]
pub struct Args {}

/// Prints the schema: the same bytes as the committed `schemas/envelope.v1.schema.json`.
pub fn run(_args: &Args, presentation: &Presentation) -> Outcome {
    Output::stdout(presentation).bytes(failwise::envelope_schema_text().as_bytes());
    Outcome::Exit(0)
}
