//! Text blocks in a record stream: runs of lines that are no record (a log, a traceback, an
//! SDK's printed exception), read as the failure they hold.
//!
//! [`Normalizer`] passes every such line through (or drops it) as it comes, and marks where
//! it stands in its output ([`Marks`]). [`Blocks`] then joins the marked lines into blocks,
//! over as many chunks as a block spans, and writes the envelope of the failure each block
//! holds after the block's lines (after the blank lines that end it: the line after them
//! decides whether the block goes on). A block ends:
//!
//! - at a blank line, unless the next line goes on with the same failure (Python's chained
//!   exceptions: `During handling of the above exception, another exception occurred:` and
//!   `The above exception was the direct cause of the following exception:`, CPython's
//!   `Lib/traceback.py`);
//! - at a line that starts a new record: a JSON record, or the first line of an uncaught
//!   failure ([`starts_failure`]);
//! - when the caller says the input went quiet ([`Blocks::end`]: `failwise normalize` on a
//!   stream, after 100 ms with no input), or at the end of the input.
//!
//! What a block holds is read by a [`BlockReader`] (the binary's is the reading `failwise run`
//! applies to a command's stderr); a block it finds no failure in adds nothing. A block keeps
//! its last [`BLOCK_MAX_BYTES`] (the end of a traceback is the failure that ended it), so one
//! that never ends costs bounded memory.

use super::normalize::{Normalizer, Tally};
use crate::envelope::Envelope;

/// The most bytes of a block kept for reading (64 KiB, the tail `failwise run` keeps of a
/// stream): older lines are let go, whole.
pub const BLOCK_MAX_BYTES: usize = 64 << 10;

/// The first lines that start an uncaught failure: a line that starts one ends the block
/// before it, since it is a failure of its own. Python (`Traceback (most recent call last):`,
/// CPython `Python/traceback.c`), Go (`panic: `, `runtime/panic.go`), Java (`Exception in
/// thread "…" `, `ThreadGroup.uncaughtException`) and Rust (`thread '…' panicked at `,
/// `std::panicking`).
const FAILURE_STARTS: &[&str] = &[
    "Traceback (most recent call last):",
    "panic: ",
    "Exception in thread \"",
    "thread '",
];

/// Python's lines between the links of a chained exception, each after a blank line: the
/// block goes on across that blank line.
const CHAIN_LINES: &[&str] = &[
    "During handling of the above exception, another exception occurred:",
    "The above exception was the direct cause of the following exception:",
];

/// Whether `line` starts an uncaught failure: Python's `Traceback (most recent call last):`,
/// Go's `panic: `, Java's `Exception in thread "…"`, Rust's `thread '…' panicked at`.
pub fn starts_failure(line: &str) -> bool {
    FAILURE_STARTS.iter().any(|start| {
        line.strip_prefix(start)
            .is_some_and(|rest| *start != "thread '" || rest.contains("' panicked at"))
    })
}

/// The most levels of a value whose strings [`value_text`] reads.
const VALUE_DEPTH: usize = 16;

/// The strings of `value` (a JSON record no dialect reads: a structured log's fields, a JSON
/// string that holds a record), each on lines of its own, in document order (object members
/// in key order): the text a [`BlockReader`] reads of it. At most 16 levels and
/// [`BLOCK_MAX_BYTES`] are read.
pub fn value_text(value: &serde_json::Value) -> String {
    let mut out = String::new();
    push_strings(value, 0, &mut out);
    out
}

fn push_strings(value: &serde_json::Value, depth: usize, out: &mut String) {
    use serde_json::Value;
    if depth > VALUE_DEPTH || out.len() > BLOCK_MAX_BYTES {
        return;
    }
    match value {
        Value::String(s) if !s.trim().is_empty() => {
            out.push_str(s.trim_end());
            out.push('\n');
        }
        Value::Array(items) => items.iter().for_each(|v| push_strings(v, depth + 1, out)),
        Value::Object(members) => members
            .values()
            .for_each(|v| push_strings(v, depth + 1, out)),
        _ => {}
    }
}

/// Reads the failure a block of text holds: `None` when it holds none that can be told.
pub trait BlockReader: Sync {
    /// The envelope of the failure `text` (whole lines, without a last newline) holds.
    fn read(&self, text: &str) -> Option<Envelope>;
}

/// Where the lines of one chunk's output stand: each text line (joined into runs), and the
/// blank lines and records that may end a run. Only what can end a block is marked, so a
/// chunk of records alone holds one mark.
#[derive(Debug, Default, Clone)]
pub struct Marks {
    list: Vec<Mark>,
    last: Option<Kind>,
}

#[derive(Debug, Clone)]
struct Mark {
    /// The offset in the chunk's output where the marked line's output starts.
    at: usize,
    kind: Kind,
    /// A run's first line number and text (lines joined by `\n`), for a text mark.
    text: Option<(u64, String)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Text,
    Blank,
    Record,
}

impl Marks {
    /// Forgets every mark, for the next chunk.
    pub fn clear(&mut self) {
        self.list.clear();
        self.last = None;
    }

    /// Marks a text line, line `number`, whose output starts at `at`.
    pub(crate) fn text(&mut self, at: usize, number: u64, line: &str) {
        let joins = self.last == Some(Kind::Text) && !starts_failure(line);
        match self.list.last_mut().and_then(|m| m.text.as_mut()) {
            Some((_, text)) if joins => push_line(text, line),
            _ => self.list.push(Mark {
                at,
                kind: Kind::Text,
                text: Some((number, bounded(line))),
            }),
        }
        self.last = Some(Kind::Text);
    }

    /// Marks a blank line whose output starts at `at`.
    pub(crate) fn blank(&mut self, at: usize) {
        if matches!(self.last, None | Some(Kind::Text)) {
            self.list.push(Mark {
                at,
                kind: Kind::Blank,
                text: None,
            });
        }
        self.last = Some(Kind::Blank);
    }

    /// Marks a record whose output starts at `at` (the caller's own, such as a line too long
    /// to hold, rejected as it was skipped): a text block before it ends there.
    pub fn record(&mut self, at: usize) {
        if self.last != Some(Kind::Record) {
            self.list.push(Mark {
                at,
                kind: Kind::Record,
                text: None,
            });
        }
        self.last = Some(Kind::Record);
    }
}

/// Appends `line` to a block's text, keeping its last [`BLOCK_MAX_BYTES`] in whole lines.
fn push_line(text: &mut String, line: &str) {
    text.push('\n');
    text.push_str(line);
    if text.len() > BLOCK_MAX_BYTES {
        let from = text.len() - BLOCK_MAX_BYTES;
        let cut = text[from..].find('\n').map_or(text.len(), |i| from + i + 1);
        text.drain(..cut);
    }
}

fn bounded(line: &str) -> String {
    let mut text = String::new();
    if line.len() <= BLOCK_MAX_BYTES {
        text.push_str(line);
    } else {
        let mut from = line.len() - BLOCK_MAX_BYTES;
        while !line.is_char_boundary(from) {
            from += 1;
        }
        text.push_str(&line[from..]);
    }
    text
}

/// The block being read across chunks, and what ended it so far.
#[derive(Debug, Default)]
pub struct Blocks {
    open: Option<Open>,
}

#[derive(Debug)]
struct Open {
    text: String,
    /// A blank line followed it: the next line decides whether it goes on.
    after_blank: bool,
    /// Its last line is a chained exception's line: the next link's traceback goes on.
    chained: bool,
}

impl Blocks {
    /// No block open: the start of an input.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether a block is open, so [`Blocks::end`] would read it.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Takes the output of the next chunk, `out`, with its `marks`: writes into `out`, right
    /// after the lines of each block that ends in it, the envelope of the failure the block
    /// holds (counted in `tally.found`). A block still open at the chunk's end stays open for
    /// the next chunk. Without a block reader, `out` is left as it is.
    pub fn splice(
        &mut self,
        normalizer: &Normalizer<'_>,
        out: &mut Vec<u8>,
        marks: &Marks,
        tally: &mut Tally,
    ) {
        if !normalizer.reads_blocks() || marks.list.is_empty() {
            return;
        }
        let mut spliced = Vec::with_capacity(out.len());
        let mut copied = 0;
        for mark in &marks.list {
            spliced.extend_from_slice(&out[copied..mark.at]);
            copied = mark.at;
            match (mark.kind, &mark.text, self.open.as_mut()) {
                (Kind::Text, Some((_, text)), Some(open)) if goes_on(open, text) => {
                    push_line(&mut open.text, text);
                    open.after_blank = false;
                    open.chained = is_chain_line(text.lines().last().unwrap_or_default());
                }
                (Kind::Text, Some((_, text)), _) => {
                    self.read(normalizer, &mut spliced, tally);
                    self.open = Some(Open {
                        text: text.clone(),
                        after_blank: false,
                        chained: false,
                    });
                }
                (Kind::Blank, _, Some(open)) => open.after_blank = true,
                (Kind::Record, _, _) => self.read(normalizer, &mut spliced, tally),
                _ => {}
            }
        }
        spliced.extend_from_slice(&out[copied..]);
        *out = spliced;
    }

    /// Ends the open block (the input ended, or went quiet): appends the envelope of the
    /// failure it holds to `out`, counted in `tally.found`.
    pub fn end(&mut self, normalizer: &Normalizer<'_>, out: &mut Vec<u8>, tally: &mut Tally) {
        self.read(normalizer, out, tally);
    }

    fn read(&mut self, normalizer: &Normalizer<'_>, out: &mut Vec<u8>, tally: &mut Tally) {
        if let Some(open) = self.open.take()
            && normalizer.read_block(&open.text, out)
        {
            tally.found += 1;
        }
    }
}

/// Whether a run of text lines starting with `text` goes on with the open block: it follows
/// the block with no blank line between (a block cut by a chunk's end), and does not start a
/// failure of its own; or a blank line came between and it is a chained exception's line.
/// A failure that follows a chained exception's line is the chain's next link.
fn goes_on(open: &Open, text: &str) -> bool {
    let first = text.lines().next().unwrap_or_default();
    if open.chained {
        return true;
    }
    if open.after_blank {
        is_chain_line(first)
    } else {
        !starts_failure(first)
    }
}

fn is_chain_line(line: &str) -> bool {
    CHAIN_LINES.contains(&line.trim_end())
}

#[cfg(test)]
mod tests;
