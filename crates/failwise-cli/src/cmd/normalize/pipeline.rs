//! `failwise normalize` on the ordered pool ([`crate::pool`]), for a file and for standard
//! input alike: the input is cut into chunks of whole lines before a line that can start a
//! record ([`failwise::dialect::records::last_boundary`]), the workers normalize the chunks, and their output is
//! written in input order as each is done, so the bytes and the counts are those of one pass
//! and a live stream is answered record by record.
//!
//! A chunk is read on its own ([`Normalizer::chunk_partial`]); a multi-line value still open at
//! its end is left unread. The writer then goes on with a [`Stream`]: it holds that value and
//! reads the chunks after it itself, in place of their own output, until the value closes or
//! can be none (within the bounds of a multi-line record) and the records fall on a chunk's
//! start again. So record boundaries are decided by `records` alone, and no record is read
//! twice or lost.
//!
//! Text lines (a log, a traceback) pass through in the workers, which mark where they stand
//! ([`Marks`]); the writer joins them into blocks over the chunks in order ([`Blocks`]) and
//! writes the failure each block holds after its lines. A block still open when the input goes
//! quiet for [`IDLE`] (a live stream between two writes) or ends is read then.

use std::io::{self, Read};

use failwise::dialect::blocks::{Blocks, Marks};
use failwise::dialect::records::{self, Stream};
use failwise::dialect::{Normalizer, Tally};

use crate::pool::{Chunk, InOrder, MAX_LINE_BYTES, Pool, Stop};

/// What a worker made of one chunk.
#[derive(Default)]
struct Normalized {
    /// The normalized records.
    bytes: Vec<u8>,
    /// What became of the chunk's records.
    tally: Tally,
    /// How many bytes of the chunk were read: all, unless a multi-line value is open at its end.
    read: usize,
    /// Where the chunk's text lines, and the records after them, stand in `bytes`.
    marks: Marks,
}

/// How long a live stream stays quiet before the text block it ended on is read (100 ms).
pub(super) const IDLE: std::time::Duration = std::time::Duration::from_millis(100);

/// Normalizes every record of `input` (named `name` in rejections) on `pool`, passing the
/// output to `write` in input order; the counts go into `tally`.
///
/// # Errors
///
/// A failed read of `input` (the records read before it are written first) or a failed
/// `write` (then nothing more is written).
pub(super) fn normalize_all(
    normalizer: &Normalizer,
    input: impl Read + Send,
    name: &str,
    pool: &Pool,
    write: &mut impl FnMut(&[u8]) -> io::Result<()>,
    tally: &mut Tally,
) -> io::Result<()> {
    let mut sink = Writer {
        normalizer,
        name,
        stream: Stream::new(1),
        blocks: Blocks::new(),
        write,
        tally,
    };
    let worker = |jobs: crate::pool::Jobs<Normalized>| {
        jobs.each(|chunk, out| {
            out.bytes.clear();
            out.tally = Tally::default();
            out.read = 0;
            out.marks.clear();
            for part in parts(chunk) {
                let (bytes, tally, marks) = (&mut out.bytes, &mut out.tally, &mut out.marks);
                match part.long_line {
                    // A value open before a long line cannot continue past it.
                    Some(line) => {
                        let mut reader = normalizer.reader(name, bytes, tally, marks);
                        records::split(part.bytes, part.first_line, true, &mut reader);
                        marks.record(bytes.len());
                        normalizer.too_long(line, name, MAX_LINE_BYTES, bytes, tally);
                    }
                    None => {
                        out.read = part.offset
                            + normalizer.chunk_partial(
                                part.bytes,
                                part.first_line,
                                name,
                                bytes,
                                tally,
                                marks,
                            );
                    }
                }
            }
        });
    };
    let read_error = match pool.run(input, worker, &mut sink) {
        Ok(()) => None,
        Err(Stop::Read(e)) => Some(e),
        Err(Stop::Write(e)) => return Err(e),
    };
    // The input has ended: a value still held is read line by line.
    sink.finish()?;
    read_error.map_or(Ok(()), Err)
}

/// A run of whole lines of a chunk, up to one of its long lines or its end.
struct Part<'c> {
    bytes: &'c [u8],
    /// Where `bytes` starts in the chunk.
    offset: usize,
    /// The number of its first line.
    first_line: u64,
    /// The number of the long line that ends it (held in the chunk as its newline alone),
    /// or `None` for the last part.
    long_line: Option<u64>,
}

/// The parts of `chunk` between its long lines ([`Chunk::long_lines`]), in order; the last
/// one runs to the chunk's end.
fn parts(chunk: &Chunk) -> impl Iterator<Item = Part<'_>> {
    let mut offset = 0;
    let mut first_line = chunk.first_line;
    let marks = chunk.long_lines.iter().map(Some).chain([None]);
    marks.map(move |mark| {
        let end = mark.map_or(chunk.bytes.len(), |&m| m);
        let bytes = &chunk.bytes[offset..end];
        let long_line = mark.map(|_| first_line + records::lines_in(bytes));
        let part = Part {
            bytes,
            offset,
            first_line,
            long_line,
        };
        if let Some(line) = long_line {
            // Past the long line's newline.
            offset = end + 1;
            first_line = line + 1;
        }
        part
    })
}

/// The writer's side: chunks in input order, a value held across them, and the text block
/// they end on.
struct Writer<'w, 'n, F> {
    normalizer: &'w Normalizer<'n>,
    name: &'w str,
    stream: Stream,
    blocks: Blocks,
    write: &'w mut F,
    tally: &'w mut Tally,
}

impl<F: FnMut(&[u8]) -> io::Result<()>> Writer<'_, '_, F> {
    /// The input has ended: a value still held is read line by line, and the block open
    /// after it is read.
    fn finish(&mut self) -> io::Result<()> {
        let (mut bytes, mut tally, mut marks) = (Vec::new(), Tally::default(), Marks::default());
        if self.stream.is_holding() {
            self.stream.finish(
                &mut self
                    .normalizer
                    .reader(self.name, &mut bytes, &mut tally, &mut marks),
            );
            self.blocks
                .splice(self.normalizer, &mut bytes, &marks, &mut tally);
        }
        self.blocks.end(self.normalizer, &mut bytes, &mut tally);
        self.tally.merge(tally);
        if bytes.is_empty() {
            return Ok(());
        }
        (self.write)(&bytes)
    }
}

impl<F: FnMut(&[u8]) -> io::Result<()>> InOrder<Normalized> for Writer<'_, '_, F> {
    fn write(&mut self, chunk: &Chunk, out: &mut Normalized) -> io::Result<()> {
        if self.stream.is_holding() {
            // The chunk before left a value open: the worker's reading started in the wrong
            // place, so this chunk is read again, after the held value.
            out.bytes.clear();
            out.tally = Tally::default();
            out.marks.clear();
            for part in parts(chunk) {
                let mut reader = self.normalizer.reader(
                    self.name,
                    &mut out.bytes,
                    &mut out.tally,
                    &mut out.marks,
                );
                self.stream.push(part.bytes, &mut reader);
                if let Some(line) = part.long_line {
                    self.stream.finish(&mut reader);
                    out.marks.record(out.bytes.len());
                    self.normalizer.too_long(
                        line,
                        self.name,
                        MAX_LINE_BYTES,
                        &mut out.bytes,
                        &mut out.tally,
                    );
                    self.stream = Stream::new(line + 1);
                }
            }
        } else {
            debug_assert_eq!(self.stream.next_line(), chunk.first_line);
            self.stream.resume(&chunk.bytes, out.read);
        }
        self.blocks
            .splice(self.normalizer, &mut out.bytes, &out.marks, &mut out.tally);
        self.tally.merge(out.tally);
        (self.write)(&out.bytes)
    }

    /// Each write is flushed already (`Output::pass`).
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// The input went quiet: the text block it ended on is read (a multi-line value still
    /// held waits for the rest of its lines).
    fn idle(&mut self) -> io::Result<()> {
        if self.stream.is_holding() || !self.blocks.is_open() {
            return Ok(());
        }
        let (mut bytes, mut tally) = (Vec::new(), Tally::default());
        self.blocks.end(self.normalizer, &mut bytes, &mut tally);
        self.tally.merge(tally);
        if bytes.is_empty() {
            return Ok(());
        }
        (self.write)(&bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use failwise::dialect::records;
    use failwise::dialect::{Dialect, NonFailures};

    /// Records of every kind, bad ones included: invalid UTF-8, not JSON, a CRLF line, blank
    /// lines, a line longer than the chunks, a record after a log prefix, pretty-printed values
    /// (one that never closes), and a last line without its newline.
    fn mixed() -> Vec<u8> {
        let mut input = Vec::new();
        for i in 0..400 {
            let line = match i % 9 {
                0 => format!(r#"{{"error":true,"code":4,"message":"memory {i} not found"}}"#),
                1 => format!(r#"{{"progress":{i}}}"#),
                2 => format!(
                    r#"{{"jsonrpc":"2.0","error":{{"code":-32602,"message":"bad {i}"}},"id":{i}}}"#
                ),
                3 => format!("garbage {i}"),
                4 => format!("{{\"type\":\"about:blank\",\"title\":\"t{i}\",\"status\":429}}\r"),
                5 => String::new(),
                6 => format!(
                    r#"2026-11-30T02:31:47Z ERROR {{"error":{{"code":"E{i}","message":"m","hint":"h"}}}}"#
                ),
                7 => format!(
                    r#"{{"error":true,"code":"X","message":"{}"}}"#,
                    "y".repeat(3000)
                ),
                _ => format!(r#"{{"error":"declared {i}"}}"#),
            };
            input.extend_from_slice(line.as_bytes());
            input.extend_from_slice(match i % 40 {
                // Pretty-printed values: indented, and not (inner lines that can start a
                // record, where a chunk may be cut inside the value).
                5 => b"\n{\n  \"error\": {\n    \"code\": \"insufficient_quota\",\n    \"message\": \"quota\"\n  }\n}",
                25 => b"\n[\n{\"error\":true,\"code\":4,\"message\":\"gone\"},\n{\"progress\":1}\n]",
                // A value that never closes: read line by line, nothing lost.
                39 if i == 199 => b"\n{\n  \"unclosed\": [1, 2,",
                _ => b"",
            });
            if i % 50 == 17 {
                input.extend_from_slice(b"\xff\xfe not utf-8");
            }
            input.push(b'\n');
        }
        input.extend_from_slice(br#"{"error":true,"code":"FILE_NOT_FOUND","exit":4,"mess"#);
        input
    }

    fn sequential(normalizer: &Normalizer, input: &[u8]) -> (Vec<u8>, Tally) {
        let (mut out, mut tally) = (Vec::new(), Tally::default());
        normalizer.chunk(input, 1, "in.ndjson", &mut out, &mut tally);
        (out, tally)
    }

    fn pooled(
        normalizer: &Normalizer,
        input: &[u8],
        workers: usize,
        chunk: usize,
    ) -> (Vec<u8>, Tally) {
        let (mut out, mut tally) = (Vec::new(), Tally::default());
        let mut write = |bytes: &[u8]| {
            out.extend_from_slice(bytes);
            Ok(())
        };
        let pool = Pool::new(records::last_boundary)
            .workers(workers)
            .chunk_bytes(chunk);
        normalize_all(
            normalizer,
            input,
            "in.ndjson",
            &pool,
            &mut write,
            &mut tally,
        )
        .expect("normalized");
        (out, tally)
    }

    #[test]
    fn the_pool_writes_the_bytes_and_counts_of_the_one_thread_path() {
        let input = mixed();
        for non_failures in [NonFailures::PassThrough, NonFailures::Drop] {
            let normalizer = Normalizer::new(None, Dialect::Failwise, non_failures);
            let (want, want_tally) = sequential(&normalizer, &input);
            assert!(want_tally.rejected > 40 && want_tally.normalized > 100);
            for workers in [1, 3] {
                for chunk in [1, 700, 4096, 1 << 20] {
                    let (got, got_tally) = pooled(&normalizer, &input, workers, chunk);
                    assert_eq!(got_tally, want_tally, "{workers} workers, {chunk} B chunks");
                    assert!(
                        got == want,
                        "{workers} workers, {chunk} B chunks: output differs"
                    );
                }
            }
        }
    }

    #[test]
    fn empty_input_and_a_failed_write() {
        let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough);
        let (out, tally) = pooled(&normalizer, b"", 2, 64);
        assert_eq!((out.len(), tally), (0, Tally::default()));
        let input = mixed();
        let mut calls = 0;
        let mut write = |_: &[u8]| {
            calls += 1;
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        };
        let mut tally = Tally::default();
        let pool = Pool::new(records::last_boundary)
            .workers(2)
            .chunk_bytes(512);
        let result = normalize_all(&normalizer, &input[..], "in", &pool, &mut write, &mut tally);
        assert_eq!(result.map_err(|e| e.kind()), Err(io::ErrorKind::BrokenPipe));
        assert_eq!(calls, 1, "nothing is written after a failed write");
    }
}
