//! `recourse validate [--catalog FILE] [FILE…|-]`: check every line of NDJSON streams against
//! the v1 schema and invariants ([`recourse::Envelope::from_json`]) and, with a catalog, that
//! each code exists, is not retired, and has the catalog's exit status and class, and that a
//! line in another language than English (`lang`) is in one the code has a translation in
//! (the entry's `translations`), so a tool never claims a language its catalog does not ship.
//!
//! Lines are checked as they arrive, through one reused buffer: memory stays flat whatever the
//! input size. A line longer than [`MAX_LINE_BYTES`] is reported, not held. Blank lines are
//! skipped. Each bad line gets one `LINE_INVALID` envelope with its file and 1-based line
//! number; the exit status is 0 only when every line holds.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};

use recourse::{Catalog, CatalogFile, Envelope};

use crate::cmd::catalog::load;
use crate::errors::CliError;
use crate::outcome::Outcome;
use crate::output::{Format, Output};

/// The longest line held in memory, in bytes (16 MiB); a longer line is reported as invalid.
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// Arguments of `recourse validate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A catalog (JSON or TOML) that every line's code must be in, with its exit status and class.
    #[arg(long, value_name = "FILE")]
    pub catalog: Option<String>,
    /// NDJSON files to check; `-` or nothing reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
}

/// Checks every line; prints one envelope per bad line.
pub fn run(args: &Args, format: Format) -> Outcome {
    let catalog = match &args.catalog {
        Some(path) => match load(path) {
            Ok(c) => Some(c),
            Err(envelope) => return Outcome::failed(*envelope, format),
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
    let out = Output::stdout();
    for path in &files {
        let reader: Box<dyn Read> = if path == "-" {
            Box::new(io::stdin().lock())
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
                    out.envelope(&envelope, format);
                    continue;
                }
            }
        };
        let name = if path == "-" { "stdin" } else { path.as_str() };
        let (bad_lines, read_error) = check_stream(reader, name, catalog.as_ref(), &mut |e| {
            out.envelope(&e, format);
        });
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

/// Checks each line of `input`, calling `report` with one envelope per bad line; returns how
/// many lines were bad, and the exit status of the read error that cut the input short, if one
/// did.
pub fn check_stream(
    input: impl Read,
    name: &str,
    catalog: Option<&CatalogFile>,
    report: &mut dyn FnMut(Envelope),
) -> (u64, Option<u8>) {
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let mut buf: Vec<u8> = Vec::with_capacity(1 << 12);
    let mut line_no = 0u64;
    let mut bad = 0u64;
    loop {
        buf.clear();
        let (read, too_long) = match read_line(&mut reader, &mut buf) {
            Ok(r) => r,
            Err(e) => {
                let envelope = CliError::InputUnreadable {
                    path: name.to_owned(),
                    reason: e.to_string(),
                }
                .to_envelope();
                let status = envelope.exit().get();
                report(envelope);
                return (bad, Some(status));
            }
        };
        if read == 0 {
            return (bad, None);
        }
        line_no += 1;
        let problem = if too_long {
            Some((
                "LINE_TOO_LONG".to_owned(),
                String::new(),
                format!("line is longer than {MAX_LINE_BYTES} bytes"),
            ))
        } else {
            check_line(&buf, catalog)
        };
        if let Some((problem, pointer, detail)) = problem {
            bad += 1;
            report(
                CliError::LineInvalid {
                    path: name.to_owned(),
                    line: line_no,
                    problem,
                    pointer,
                    detail,
                }
                .to_envelope(),
            );
        }
    }
}

/// Reads one line into `buf` (without its newline), up to [`MAX_LINE_BYTES`]; the rest of a
/// longer line is skipped. Returns the bytes consumed and whether the line was too long.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<(usize, bool)> {
    let mut consumed = 0;
    let mut too_long = false;
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            return Ok((consumed, too_long));
        }
        let (take, done) = match memchr::memchr(b'\n', chunk) {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let body = if done {
            &chunk[..take - 1]
        } else {
            &chunk[..take]
        };
        if buf.len() + body.len() > MAX_LINE_BYTES {
            too_long = true;
        } else if !too_long {
            buf.extend_from_slice(body);
        }
        reader.consume(take);
        consumed += take;
        if done {
            return Ok((consumed, too_long));
        }
    }
}

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
    let envelope = match Envelope::from_json(line) {
        Ok(e) => e,
        Err(e) => return Some((e.code().to_string(), e.pointer().to_owned(), e.to_string())),
    };
    let catalog = catalog?;
    let code = envelope.code().as_str();
    let Some(entry) = catalog.entry(code) else {
        return Some((
            "CATALOG_UNKNOWN_CODE".into(),
            "/code".into(),
            format!("code {code} is not in the {} catalog", catalog.tool),
        ));
    };
    if entry.status == recourse::catalog::Status::Retired {
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
        let english = lang.split(['-', '_']).next() == Some(recourse::i18n::DEFAULT_LANG);
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
