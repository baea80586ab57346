//! Normalizing a stream of records: one output record per input record, in order (the engine
//! of `failwise normalize`). The caller owns the I/O; this module turns bytes into bytes.

use std::sync::LazyLock;

use memchr::memmem;
use serde_json::Value;

use super::blocks::{BlockReader, Blocks, Marks};
use super::rejection::{declared_failure, duplicate, once, rejection_with};
use super::text::opens_text_record;
use super::{Context, Dialect, Form, detect, recognize_line, records};
use crate::envelope::Envelope;
use crate::phrase::{Arg, Phrase};
use crate::read::UniqueError;

/// What happens to a record that is not a failure (a success line, a progress line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NonFailures {
    /// Copied to the output unchanged.
    #[default]
    PassThrough,
    /// Left out of the output (still counted).
    Drop,
}

/// What became of one input record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disposition {
    /// A failure record, written as an envelope in the output dialect.
    Normalized,
    /// Not a failure; copied unchanged.
    PassedThrough,
    /// Not a failure; left out.
    Dropped,
    /// Unreadable; replaced by an `UNREADABLE_RECORD` envelope naming its line and the reason.
    Rejected,
}

/// Counts of what became of the records of a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Records read.
    pub read: u64,
    /// Failure records written as envelopes.
    pub normalized: u64,
    /// Records that are not failures, copied unchanged.
    pub passed_through: u64,
    /// Records that are not failures, left out.
    pub dropped: u64,
    /// Records that could not be read, each replaced by an envelope about it.
    pub rejected: u64,
    /// Failures found in text blocks (runs of lines that are no record, such as a traceback;
    /// see [`super::blocks`]), each written as an envelope after the lines that hold it. The
    /// lines themselves are counted as passed through or dropped, so `read` is
    /// `normalized + passed_through + dropped + rejected`.
    pub found: u64,
}

impl Tally {
    /// Counts one record.
    pub fn add(&mut self, disposition: Disposition) {
        self.read += 1;
        match disposition {
            Disposition::Normalized => self.normalized += 1,
            Disposition::PassedThrough => self.passed_through += 1,
            Disposition::Dropped => self.dropped += 1,
            Disposition::Rejected => self.rejected += 1,
        }
    }

    /// Adds another tally's counts.
    pub fn merge(&mut self, other: Self) {
        self.read += other.read;
        self.normalized += other.normalized;
        self.passed_through += other.passed_through;
        self.dropped += other.dropped;
        self.rejected += other.rejected;
        self.found += other.found;
    }
}

/// Turns NDJSON records in any dialect into records of one dialect.
///
/// Each input line is one record, except a JSON value pretty-printed over several lines (a line
/// that opens `{` or `[` and does not parse alone, up to the line that closes it; see
/// [`records`]), which is one record, written on one line. A top-level array
/// of objects of which one or more is a failure is a batch: each element is one record. A JSON
/// object that a dialect recognises as a failure (or that
/// the forced `from` dialect reads) becomes an envelope written in `to`. A line that is not
/// JSON but holds a record after a log prefix, or as a Python dict, is read too. A record that
/// is no failure passes through or is dropped. A line that cannot be read (not UTF-8, not JSON,
/// a record its dialect cannot read, a truncated line) becomes an `UNREADABLE_RECORD` envelope
/// naming the input, the line number and the reason; the stream goes on.
///
/// With a forced `from`, a record that dialect reads is normalized; one it cannot read is a
/// non-failure when no dialect recognises it as a failure, and rejected otherwise.
///
/// # Examples
///
/// ```
/// use failwise::dialect::{Dialect, Disposition, NonFailures, Normalizer};
/// use failwise::{Envelope, Retry};
/// let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough);
/// let mut out = Vec::new();
/// let d = normalizer.record(br#"{"error":true,"code":75,"message":"busy"}"#, 1, "-", &mut out);
/// assert_eq!(d, Disposition::Normalized);
/// assert!(out.starts_with(br#"{"error":true,"code":"BUSY","exit":75,"#));
///
/// // Each output record is one line; a failure's line reads back as an envelope.
/// let envelope = Envelope::from_json(std::str::from_utf8(&out)?.trim_end())?;
/// assert_eq!((envelope.code().as_str(), envelope.retry()), ("BUSY", Retry::Yes));
///
/// // A record that is no failure passes through unchanged.
/// let d = normalizer.record(br#"{"ok":true}"#, 2, "-", &mut out);
/// assert_eq!(d, Disposition::PassedThrough);
/// assert!(out.ends_with(b"{\"ok\":true}\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Normalizer<'a> {
    from: Option<Dialect>,
    to: Form,
    non_failures: NonFailures,
    prepare: Option<&'a dyn Prepare>,
    blocks: Option<&'a dyn BlockReader>,
}

impl std::fmt::Debug for Normalizer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Normalizer")
            .field("from", &self.from)
            .field("to", &self.to)
            .field("non_failures", &self.non_failures)
            .field("prepared", &self.prepare.is_some())
            .field("reads_blocks", &self.blocks.is_some())
            .finish()
    }
}

/// What every envelope a [`Normalizer`] writes goes through first: the presentation of the
/// program that prints it (its language, the secrets it masks, its field limits). A
/// [`Localizer`](crate::i18n::Localizer) is one: it writes failwise's own sentences in its
/// language.
pub trait Prepare: Sync {
    /// `envelope` as it is to be written.
    fn prepare(&self, envelope: Envelope) -> Envelope;

    /// Appends `line`, a record that is no failure, as it is to be passed through (without its
    /// newline): as it is, unless the preparation masks secret values in what it passes.
    fn pass(&self, line: &[u8], out: &mut Vec<u8>) {
        out.extend_from_slice(line);
    }

    /// Seals the envelope just written as `out[start..]` (one line, without its newline): as
    /// it is, unless the preparation masks a secret that the line's own syntax spells
    /// ([`Redactor::seal_json`](crate::redact::Redactor::seal_json)).
    fn seal(&self, out: &mut Vec<u8>, start: usize) {
        let _ = (out, start);
    }
}

impl Prepare for crate::i18n::Localizer {
    fn prepare(&self, envelope: Envelope) -> Envelope {
        self.localize(envelope)
    }
}

impl<'a> Normalizer<'a> {
    /// A normalizer reading `from` (`None`: detect each record's dialect) and writing `to`, a
    /// dialect or another [`Form`] of one (a text form's record takes as many lines as it has).
    pub fn new(from: Option<Dialect>, to: impl Into<Form>, non_failures: NonFailures) -> Self {
        Self {
            from,
            to: to.into(),
            non_failures,
            prepare: None,
            blocks: None,
        }
    }

    /// The same normalizer, reading each text block (a run of lines that are no record, such
    /// as a log or a traceback; see [`super::blocks`]) with `reader`, and writing the failure
    /// it holds as an envelope after the block's lines. Without one, such lines only pass
    /// through (or are dropped).
    #[must_use]
    pub fn reading_blocks(mut self, reader: &'a dyn BlockReader) -> Self {
        self.blocks = Some(reader);
        self
    }

    /// Whether text blocks are read ([`Normalizer::reading_blocks`]).
    pub fn reads_blocks(&self) -> bool {
        self.blocks.is_some()
    }

    /// Reads the text block `text` and appends the envelope of the failure it holds to `out`;
    /// `false` (nothing written) when it holds none, or no block reader is set.
    pub(crate) fn read_block(&self, text: &str, out: &mut Vec<u8>) -> bool {
        match self.blocks.and_then(|reader| reader.read(text)) {
            Some(envelope) => {
                self.emit(&envelope, out);
                true
            }
            None => false,
        }
    }

    /// The same normalizer, writing each envelope's `message` and `recovery` through
    /// `localizer` ([`Localizer::localize`](crate::i18n::Localizer::localize)): failwise's own
    /// sentences (a fallback recovery, an `UNREADABLE_RECORD`) in the reader's language, the
    /// sources' texts as they were. Without one, envelopes are written as read.
    #[must_use]
    pub fn localized(self, localizer: &'a crate::i18n::Localizer) -> Self {
        self.prepared(localizer)
    }

    /// The same normalizer, writing each envelope as `prepare` gives it (localized, redacted,
    /// bounded): the one preparation of the program that prints it.
    #[must_use]
    pub fn prepared(mut self, prepare: &'a dyn Prepare) -> Self {
        self.prepare = Some(prepare);
        self
    }

    /// Normalizes one record (`line`, without its newline) and appends the output record, with
    /// its newline, to `out`. `number` (1-based) and `input` (a file name, `-` for stdin) name
    /// the line in a rejection. A line that only opens a multi-line JSON value is rejected here;
    /// [`Normalizer::chunk`] reads such a value whole. For a batch (an array of records), the
    /// disposition is the first of normalized, passed through, dropped that any element had.
    pub fn record(&self, line: &[u8], number: u64, input: &str, out: &mut Vec<u8>) -> Disposition {
        let mut tally = Tally::default();
        let _ = self.line(line, number, input, out, &mut tally, false);
        match tally {
            t if t.normalized > 0 => Disposition::Normalized,
            t if t.passed_through > 0 => Disposition::PassedThrough,
            t if t.dropped > 0 => Disposition::Dropped,
            _ => Disposition::Rejected,
        }
    }

    /// Reads one line into `tally` and says what it was; returns `None` (writing and counting
    /// nothing) when `may_open` and the line is JSON that ends before its value does
    /// ([`records::split`] then decides whether it opens a multi-line record). A line that is
    /// neither a record nor holds one (a log line, a traceback's line) is text: it passes
    /// through (or is dropped), and [`Blocks`] reads the block it is part of.
    fn line(
        &self,
        line: &[u8],
        number: u64,
        input: &str,
        out: &mut Vec<u8>,
        tally: &mut Tally,
        may_open: bool,
    ) -> Option<Seen> {
        // A UTF-8 byte order mark before the first record is no part of it (RFC 8259 §8.1 lets
        // a parser ignore one), as `failwise validate` reads it. A line passes through with its
        // `\r` (as ssh ends its lines), and is read without it.
        let raw = match number {
            1 => line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line),
            _ => line,
        };
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let text = match std::str::from_utf8(line) {
            Ok(t) => t,
            Err(e) => {
                let reason = Phrase::new("rejection-not-utf8").arg("byte", e.valid_up_to() + 1);
                tally.add(self.reject(number, input, Arg::Phrase(reason), out));
                return Some(Seen::Record);
            }
        };
        if text.trim().is_empty() {
            tally.add(self.not_a_failure(raw, out));
            return Some(Seen::Blank);
        }
        if let Some(envelope) = self.canonical(text) {
            tally.add(self.emit(&envelope, out));
            return Some(Seen::Record);
        }
        match crate::read::parse_unique(text) {
            Ok(value) => self.value_or_batch(&value, line, number, input, out, tally),
            Err(UniqueError::Duplicate(pointer)) => {
                tally.add(self.reject_with(number, input, duplicate(&pointer), once(), out));
            }
            Err(UniqueError::Syntax(e)) if may_open && e.is_eof() => return None,
            Err(_) if may_open && opens_text_record(text, self.from) => return None,
            Err(UniqueError::Syntax(e)) => match recognize_line(text, self.from) {
                Some(block) => tally.add(match block.read() {
                    Ok(envelope) => self.emit(&envelope, out),
                    Err(e) => self.reject(number, input, Arg::Phrase(e.phrase()), out),
                }),
                None if broken_record(text, &e) => {
                    let reason = Phrase::new("rejection-not-json").arg("detail", e.to_string());
                    tally.add(self.reject(number, input, Arg::Phrase(reason), out));
                }
                None => {
                    tally.add(self.not_a_failure(raw, out));
                    return Some(Seen::Text);
                }
            },
        }
        Some(Seen::Record)
    }

    /// A line that is already a valid v1 envelope, read without building a
    /// [`serde_json::Value`]: what the general path (parse, [`detect`], the `failwise` reader)
    /// gives such a line, since detection names `failwise` for any object with `"error": true`,
    /// a string `code`, `retry` and `recovery`, and the reader is the same checked reader.
    /// Only a line that starts as canonical envelopes do and names both members is tried.
    fn canonical(&self, text: &str) -> Option<Envelope> {
        static RETRY: LazyLock<memmem::Finder<'static>> =
            LazyLock::new(|| memmem::Finder::new(b"\"retry\":"));
        static RECOVERY: LazyLock<memmem::Finder<'static>> =
            LazyLock::new(|| memmem::Finder::new(b"\"recovery\":"));
        let bytes = text.as_bytes();
        let tried = matches!(self.from, None | Some(Dialect::Failwise))
            && bytes.starts_with(b"{\"error\":true,")
            && RETRY.find(bytes).is_some()
            && RECOVERY.find(bytes).is_some();
        if tried {
            Envelope::from_json_quickly(text)
        } else {
            None
        }
    }

    /// Normalizes every record of `chunk`, the first line of which is line `first_line` of
    /// `input`, appending to `out` and counting into `tally`. A record is one line, or a JSON
    /// value pretty-printed over several lines (bounded by [`records::MULTI_LINE_MAX_BYTES`]
    /// and [`records::MULTI_LINE_MAX_LINES`]), which is read whole and written on one line; a
    /// value that does not close is read line by line. A last line without a newline is a
    /// record too. Text blocks are read as [`Blocks`] reads them, the chunk being the whole
    /// input.
    pub fn chunk(
        &self,
        chunk: &[u8],
        first_line: u64,
        input: &str,
        out: &mut Vec<u8>,
        tally: &mut Tally,
    ) {
        let mut marks = Marks::default();
        records::split(
            chunk,
            first_line,
            true,
            &mut self.reader(input, out, tally, &mut marks),
        );
        let mut blocks = Blocks::new();
        blocks.splice(self, out, &marks, tally);
        blocks.end(self, out, tally);
    }

    /// [`Normalizer::chunk`] for a chunk that more input follows: a multi-line value still
    /// open at the end of `chunk` is left unread. Returns how many bytes of `chunk` were read;
    /// the caller passes the rest again, with more input after it (its first line is line
    /// `first_line` plus the newlines in the bytes read). Text lines are only marked in
    /// `marks`: the caller reads their blocks over the chunks in order ([`Blocks::splice`]).
    pub fn chunk_partial(
        &self,
        chunk: &[u8],
        first_line: u64,
        input: &str,
        out: &mut Vec<u8>,
        tally: &mut Tally,
        marks: &mut Marks,
    ) -> usize {
        records::split(
            chunk,
            first_line,
            false,
            &mut self.reader(input, out, tally, marks),
        )
    }

    /// A [`records::Reader`] that normalizes each record it is handed (records of `input`)
    /// into `out`, counting into `tally` and marking in `marks` where text lines and the
    /// records after them stand: what [`Normalizer::chunk`] drives over one chunk, and a
    /// [`records::Stream`] over an input that arrives piece by piece.
    pub fn reader<'r>(
        &'r self,
        input: &'r str,
        out: &'r mut Vec<u8>,
        tally: &'r mut Tally,
        marks: &'r mut Marks,
    ) -> RecordReader<'r, 'a> {
        RecordReader {
            normalizer: self,
            input,
            out,
            tally,
            marks,
        }
    }

    /// A top-level JSON array of objects of which at least one is a failure is a batch: each
    /// element is one record (so the tally counts elements). Any other value is one record.
    fn value_or_batch(
        &self,
        value: &Value,
        line: &[u8],
        number: u64,
        input: &str,
        out: &mut Vec<u8>,
        tally: &mut Tally,
    ) {
        if let Value::Array(items) = value {
            // A batch: an array holding a failure record, every item one record; an item that
            // is no object (a `null`) is no failure, and never hides the failures beside it.
            let batch = items
                .iter()
                .any(|i| i.is_object() && (detect(i).is_some() || declared_failure(i).is_some()));
            if batch {
                for item in items {
                    let compact = serde_json::to_vec(item).unwrap_or_default();
                    let disposition = if item.is_object() {
                        self.value(item, &compact, number, input, out)
                    } else {
                        self.not_a_failure(&compact, out)
                    };
                    tally.add(disposition);
                }
                return;
            }
        }
        tally.add(self.value(value, line, number, input, out));
    }

    fn value(
        &self,
        value: &Value,
        line: &[u8],
        number: u64,
        input: &str,
        out: &mut Vec<u8>,
    ) -> Disposition {
        let detected = detect(value);
        let Some(dialect) = self.from.or(detected) else {
            return self.unclaimed(value, line, number, input, out);
        };
        match dialect.read(value, &Context::default()) {
            Ok(envelope) => self.emit(&envelope, out),
            Err(_) if detected.is_none() => self.unclaimed(value, line, number, input, out),
            Err(e) => self.reject(number, input, Arg::Phrase(e.phrase()), out),
        }
    }

    /// A record no reader claims: a non-failure, unless it declares itself a failure, which is
    /// then rejected (counted, with its text kept) rather than passed off as a success. One that
    /// declares a failure or logs an error ([`logs_an_error`]) is first read by its strings as a
    /// text block ([`super::blocks::value_text`]), when text blocks are read: a structured
    /// log's `"msg": "MCP error -32001: Request timed out"` is the failure it names.
    fn unclaimed(
        &self,
        value: &Value,
        line: &[u8],
        number: u64,
        input: &str,
        out: &mut Vec<u8>,
    ) -> Disposition {
        let marker = declared_failure(value);
        if (marker.is_some() || logs_an_error(value))
            && self.read_block(&super::blocks::value_text(value), out)
        {
            return Disposition::Normalized;
        }
        match marker {
            Some(marker) => {
                let reason = Phrase::new("rejection-unknown-shape").with("marker", marker);
                self.reject(number, input, Arg::Phrase(reason), out)
            }
            None => self.not_a_failure(line, out),
        }
    }

    fn not_a_failure(&self, line: &[u8], out: &mut Vec<u8>) -> Disposition {
        match self.non_failures {
            NonFailures::PassThrough => {
                match self.prepare {
                    Some(prepare) => prepare.pass(line, out),
                    None => out.extend_from_slice(line),
                }
                out.push(b'\n');
                Disposition::PassedThrough
            }
            NonFailures::Drop => Disposition::Dropped,
        }
    }

    fn emit(&self, envelope: &Envelope, out: &mut Vec<u8>) -> Disposition {
        let prepared;
        let envelope = match self.prepare {
            Some(p) => {
                prepared = p.prepare(envelope.clone());
                &prepared
            }
            None => envelope,
        };
        // Serialized straight into `out` (the bytes of `to_json_line`, without its String).
        let start = out.len();
        let written = match self.to {
            Form::Dialect(Dialect::Failwise) => {
                envelope.write_json_line(out);
                Ok(())
            }
            to => to.write_into(envelope, out),
        };
        if written.is_err() {
            // Plain strings, numbers and maps with string keys cannot fail to serialize.
            out.truncate(start);
            out.extend_from_slice(b"{\"error\":true}");
        }
        if let Some(p) = self.prepare {
            p.seal(out, start);
        }
        out.push(b'\n');
        Disposition::Normalized
    }

    /// Appends the rejection of line `number` of `input`, a line longer than `max` bytes that
    /// was not held (its bytes were skipped as they were read), and counts it in `tally`.
    pub fn too_long(
        &self,
        number: u64,
        input: &str,
        max: usize,
        out: &mut Vec<u8>,
        tally: &mut Tally,
    ) {
        let reason = Phrase::new("rejection-too-long").arg("max", max);
        let recovery = Phrase::new("rejection-recovery-too-long").arg("max", max);
        tally.add(self.reject_with(number, input, Arg::Phrase(reason), recovery, out));
    }

    fn reject(&self, number: u64, input: &str, reason: Arg, out: &mut Vec<u8>) -> Disposition {
        self.reject_with(
            number,
            input,
            reason,
            Phrase::new("UNREADABLE_RECORD-recovery"),
            out,
        )
    }

    /// A rejection whose recovery is `recovery` (with the line's `line` and `input`), for a
    /// reason that `--from` cannot help with.
    fn reject_with(
        &self,
        number: u64,
        input: &str,
        reason: Arg,
        recovery: Phrase,
        out: &mut Vec<u8>,
    ) -> Disposition {
        let envelope = rejection_with(number, input, reason, recovery);
        self.emit(&envelope, out);
        Disposition::Rejected
    }
}

/// What one line was, for the marks of text blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seen {
    /// A line that is no record and holds none.
    Text,
    /// A blank line.
    Blank,
    /// A record (read, passed through or rejected).
    Record,
}

mod reader;
mod shapes;
#[cfg(test)]
mod tests;

pub use reader::RecordReader;
use shapes::{broken_record, logs_an_error};
