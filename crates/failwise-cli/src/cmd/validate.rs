//! `failwise validate [--catalog FILE] [FILE…|-]`: check every line of NDJSON streams against
//! the v1 schema and invariants ([`failwise::Envelope::from_json`]) and, with a catalog, that
//! each code exists, is not retired, and has the catalog's exit status and class, and that a
//! line in another language than English (`lang`) is in one the code has a translation in
//! (the entry's `translations`), so a tool never claims a language its catalog does not ship.
//!
//! Lines are checked as they arrive, on every core ([`crate::pool`]), and each bad line is
//! reported as soon as it is read (standard input is answered as it streams): memory stays
//! flat whatever the input size. Each line goes through [`failwise::Envelope::check_json`], which reads a valid
//! line in one pass without building it and gives the same verdict and error as the full
//! reader. A line longer than [`MAX_LINE_BYTES`] is reported, not held. Blank lines are
//! skipped; a UTF-8 byte order mark at the start of an input is skipped too (some editors on
//! Windows write one). Each bad line gets one `LINE_INVALID` envelope with its file and 1-based
//! line number, written through one locked, buffered stdout; the exit status is 0 only when
//! every line holds.

mod chunks;

use std::fs::File;
use std::io::{self, Read};

use failwise::{Catalog, CatalogFile, Envelope};

use crate::cmd::catalog::load;
use crate::errors::CliError;
use crate::outcome::Outcome;
use crate::output::EnvelopeWriter;
use crate::presentation::Presentation;

/// The longest line held in memory, in bytes (16 MiB); a longer line is reported as invalid.
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// Arguments of `failwise validate`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  failwise validate errors.ndjson
      checks every line against the v1 schema and invariants; exits 1 if any line fails
  failwise validate --catalog catalog.toml errors.ndjson
      also checks each code, exit status and class against the catalog
  failwise run -- ls /no/such/file | tail -n 1 | failwise validate -
      checks the envelope failwise run just printed, read from stdin")]
pub struct Args {
    /// A catalog (JSON or TOML) that every line's code must be in, with its exit status and class.
    #[arg(long, value_name = "FILE")]
    pub catalog: Option<String>,
    /// NDJSON files to check; `-` or nothing reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
}

/// Checks every line; prints one envelope per bad line.
pub fn run(args: &Args, presentation: &Presentation) -> Outcome {
    let catalog = match &args.catalog {
        Some(path) => match load(path) {
            Ok(c) => Some(c),
            Err(envelope) => return Outcome::failed(*envelope, presentation),
        },
        None => None,
    };
    let files = if args.files.is_empty() {
        vec![String::from("-")]
    } else {
        args.files.clone()
    };
    let mut bad = 0u64;
    let mut unreadable: Option<u8> = None;
    let mut out = EnvelopeWriter::stdout(presentation);
    for path in &files {
        let reader: Box<dyn Read + Send> = if path == "-" {
            Box::new(io::stdin())
        } else {
            match File::open(path) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    let envelope = CliError::InputUnreadable {
                        path: path.clone(),
                        reason: e.to_string(),
                    }
                    .to_envelope();
                    unreadable = Some(envelope.exit().get());
                    out.envelope(envelope);
                    continue;
                }
            }
        };
        let name = if path == "-" { "stdin" } else { path.as_str() };
        let (bad_lines, read_error) =
            chunks::check_stream(reader, name, catalog.as_ref(), &mut out);
        bad += bad_lines;
        unreadable = unreadable.or(read_error);
    }
    // An input that could not be read is reported with its own envelope, whose exit status
    // (66, EX_NOINPUT) is the process's; otherwise 1 when any line breaks the contract.
    if let Some(status) = unreadable {
        return Outcome::Exit(status);
    }
    Outcome::Exit(u8::from(bad > 0))
}

/// The UTF-8 encoding of U+FEFF, the byte order mark, skipped at the start of an input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The problem of one line, if any: (code, JSON Pointer, detail).
fn check_line(bytes: &[u8], catalog: Option<&CatalogFile>) -> Option<(String, String, String)> {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    let Ok(line) = std::str::from_utf8(bytes) else {
        return Some((
            "INVALID_UTF8".into(),
            String::new(),
            "line is not UTF-8".into(),
        ));
    };
    if line.trim().is_empty() {
        return None;
    }
    let envelope = match Envelope::check_json(line) {
        Ok(e) => e,
        Err(e) => return Some((e.code().to_string(), e.pointer().to_owned(), e.to_string())),
    };
    let catalog = catalog?;
    let code = envelope.code();
    let Some(entry) = catalog.entry(code) else {
        return Some((
            "CATALOG_UNKNOWN_CODE".into(),
            "/code".into(),
            format!("code {code} is not in the {} catalog", catalog.tool),
        ));
    };
    if entry.status == failwise::catalog::Status::Retired {
        return Some((
            "CATALOG_RETIRED_CODE".into(),
            "/code".into(),
            format!("code {code} is retired and must not be printed"),
        ));
    }
    if entry.exit != envelope.exit() {
        return Some((
            "CATALOG_EXIT_MISMATCH".into(),
            "/exit".into(),
            format!(
                "exit {} but the catalog gives {code} exit {}",
                envelope.exit(),
                entry.exit
            ),
        ));
    }
    if let Some(lang) = envelope.lang() {
        let english = lang.split(['-', '_']).next() == Some(failwise::i18n::DEFAULT_LANG);
        if !english && entry.translation(lang).is_none() {
            return Some((
                "CATALOG_LANG_UNTRANSLATED".into(),
                "/lang".into(),
                format!(
                    "lang {lang} but the catalog has no {lang} translation of {code}; add one under the entry's `translations`, or print the English text"
                ),
            ));
        }
    }
    if entry.error_class != envelope.error_class() {
        return Some((
            "CATALOG_CLASS_MISMATCH".into(),
            "/error_class".into(),
            format!(
                "error_class {} but the catalog gives {code} {}",
                envelope.error_class(),
                entry.error_class
            ),
        ));
    }
    None
}
