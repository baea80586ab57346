//! `failwise schema`: print the envelope's JSON Schema.

use crate::outcome::Outcome;
use crate::output::Output;
use crate::presentation::Presentation;

/// Arguments of `failwise schema`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  failwise schema > envelope.v1.schema.json
      writes the schema that every envelope failwise prints is valid against
  failwise schema | jq '.required'
      lists the fields every envelope has")]
pub struct Args {}

/// Prints the schema: the same bytes as the committed `schemas/envelope.v1.schema.json`.
pub fn run(_args: &Args, presentation: &Presentation) -> Outcome {
    Output::stdout(presentation).bytes(failwise::envelope_schema_text().as_bytes());
    Outcome::Exit(0)
}
