//! Normalizing a file on every core: the file is read in chunks of whole lines, a pool of
//! worker threads normalizes the chunks, and their output is written in input order, so the
//! bytes and the counts are those of the one-thread path. Reading, normalizing and writing
//! overlap; memory stays bounded (at most two chunks per worker are in flight, and their
//! buffers are reused).
//!
//! A chunk is cut before a line that can start a record ([`starts_record`]), so a
//! pretty-printed value is seldom split. When one is (a value still open at the end of a
//! chunk), the chunk's worker leaves it unread, and the writer reads it again with the next
//! chunk after it, in place of that chunk's own output: the records are those of one pass.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::{Mutex, PoisonError, mpsc};

use failwise::dialect::records::starts_record;
use failwise::dialect::{Normalizer, Tally};

/// Lines of the input handed to one worker, and what became of them.
#[derive(Default)]
struct Chunk {
    /// Position of the chunk in the input, from 0.
    seq: u64,
    /// Line number (1-based) of the chunk's first line.
    first_line: u64,
    /// Whole lines of the input; the last one may lack its newline only at the end of input.
    input: Vec<u8>,
    /// Whether the input ends with this chunk.
    last: bool,
    /// How many bytes of `input` were read: all, unless a multi-line value is open at its end.
    read: usize,
    /// The normalized records.
    output: Vec<u8>,
    /// What became of the chunk's records.
    tally: Tally,
}

/// Normalizes every record of `input` (named `name` in rejections) with `workers` threads,
/// handing each `chunk_bytes` (rounded up to a whole line) to one worker, and passes the output
/// to `write` in input order; the counts go into `tally`.
///
/// # Errors
///
/// A failed read of `input` or a failed `write` (then nothing more is written), or a worker
/// that stopped (which only a bug in a reader could cause).
pub(super) fn normalize_all(
    normalizer: &Normalizer,
    input: &mut impl Read,
    name: &str,
    workers: usize,
    chunk_bytes: usize,
    write: &mut impl FnMut(&[u8]) -> io::Result<()>,
    tally: &mut Tally,
) -> io::Result<()> {
    let workers = workers.max(1);
    let limit = 2 * workers;
    let (jobs, queue) = mpsc::sync_channel::<Chunk>(limit);
    let queue = Mutex::new(queue);
    let (finished, done) = mpsc::channel::<Chunk>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let finished = finished.clone();
            let queue = &queue;
            scope.spawn(move || {
                loop {
                    let next = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
                    let Ok(mut chunk) = next else { break };
                    chunk.output.clear();
                    chunk.tally = Tally::default();
                    chunk.read = read(normalizer, name, &mut chunk);
                    if finished.send(chunk).is_err() {
                        break;
                    }
                }
            });
        }
        drop(finished);
        let mut order = InOrder {
            normalizer,
            name,
            next: 0,
            waiting: BTreeMap::new(),
            free: Vec::new(),
            in_flight: 0,
            tail: Vec::new(),
            tail_line: 0,
        };
        let fed = feed(
            input,
            chunk_bytes,
            limit,
            &jobs,
            &done,
            &mut order,
            write,
            tally,
        );
        // No more chunks: the workers finish what they hold, then stop.
        drop(jobs);
        let mut result = fed;
        while let Ok(chunk) = done.recv() {
            if result.is_ok() {
                result = order.accept(chunk, write, tally);
            }
        }
        match result {
            Ok(()) if order.waiting.is_empty() && order.in_flight == 0 => {
                order.finish(write, tally)
            }
            Ok(()) => Err(io::Error::other("a normalizing thread stopped early")),
            Err(e) => Err(e),
        }
    })
}

/// Normalizes the records of `chunk` into its output; returns how many bytes were read (all
/// but a multi-line value still open at the end of a chunk that is not the last).
fn read(normalizer: &Normalizer, name: &str, chunk: &mut Chunk) -> usize {
    let Chunk {
        first_line,
        input,
        output,
        tally,
        ..
    } = chunk;
    if chunk.last {
        normalizer.chunk(input, *first_line, name, output, tally);
        input.len()
    } else {
        normalizer.chunk_partial(input, *first_line, name, output, tally)
    }
}

/// Reads `input` chunk by chunk and hands the chunks to the workers, writing finished ones
/// whenever `limit` chunks are in flight.
#[allow(
    clippy::too_many_arguments,
    reason = "the pipeline's ends, passed down once"
)]
fn feed(
    input: &mut impl Read,
    chunk_bytes: usize,
    limit: usize,
    jobs: &mpsc::SyncSender<Chunk>,
    done: &mpsc::Receiver<Chunk>,
    order: &mut InOrder,
    write: &mut impl FnMut(&[u8]) -> io::Result<()>,
    tally: &mut Tally,
) -> io::Result<()> {
    let mut carry = Vec::new();
    let (mut seq, mut first_line) = (0u64, 1u64);
    loop {
        while order.in_flight >= limit {
            let chunk = done
                .recv()
                .map_err(|_| io::Error::other("no normalizing thread"))?;
            order.accept(chunk, write, tally)?;
        }
        let mut chunk = order.free.pop().unwrap_or_default();
        chunk.input.clear();
        chunk.input.append(&mut carry);
        let at_end = fill(input, &mut chunk.input, chunk_bytes)?;
        if !at_end {
            // `fill` stops only after a newline: keep what follows the cut for the next chunk.
            let cut = cut(&chunk.input);
            carry.extend_from_slice(&chunk.input[cut..]);
            chunk.input.truncate(cut);
        }
        chunk.last = at_end;
        if chunk.input.is_empty() {
            order.free.push(chunk);
            return Ok(());
        }
        let lines = memchr::memchr_iter(b'\n', &chunk.input).count() as u64
            + u64::from(!chunk.input.ends_with(b"\n"));
        chunk.seq = seq;
        chunk.first_line = first_line;
        seq += 1;
        first_line += lines;
        jobs.send(chunk)
            .map_err(|_| io::Error::other("no normalizing thread"))?;
        order.in_flight += 1;
        if at_end {
            return Ok(());
        }
    }
}

/// Where to end a chunk: after the last newline that a line able to start a record follows,
/// else after the last newline.
fn cut(buf: &[u8]) -> usize {
    let mut end = buf.len();
    while let Some(i) = memchr::memrchr(b'\n', &buf[..end]) {
        if i + 1 < buf.len() && starts_record(&buf[i + 1..]) {
            return i + 1;
        }
        end = i;
    }
    memchr::memrchr(b'\n', buf).map_or(0, |i| i + 1)
}

/// Reads into `buf` until it holds at least `chunk_bytes` and a newline, or the input ends.
/// Returns whether the input ended.
fn fill(input: &mut impl Read, buf: &mut Vec<u8>, chunk_bytes: usize) -> io::Result<bool> {
    loop {
        let want = match chunk_bytes.checked_sub(buf.len()) {
            Some(rest) if rest > 0 => rest,
            _ => chunk_bytes.max(1),
        };
        let start = buf.len();
        let read = input.by_ref().take(want as u64).read_to_end(buf)?;
        if read < want {
            return Ok(true);
        }
        // What came before `start` holds no newline: it is the carried line, or a line longer
        // than a chunk that is still being read.
        if memchr::memchr(b'\n', &buf[start..]).is_some() {
            return Ok(false);
        }
    }
}

/// Finished chunks waiting for the ones before them, and buffers free for reuse.
struct InOrder<'a> {
    /// The normalizer, for a value that spans two chunks.
    normalizer: &'a Normalizer<'a>,
    /// The input's name.
    name: &'a str,
    /// The `seq` of the next chunk to write.
    next: u64,
    /// Finished chunks that come after one still being normalized.
    waiting: BTreeMap<u64, Chunk>,
    /// Written chunks whose buffers can be reused.
    free: Vec<Chunk>,
    /// Chunks handed to the workers and not yet written.
    in_flight: usize,
    /// What the last chunk written left unread: a multi-line value open at its end.
    tail: Vec<u8>,
    /// The line number of the first line of `tail`.
    tail_line: u64,
}

impl InOrder<'_> {
    /// Takes a finished chunk and writes every chunk that is now next in order.
    fn accept(
        &mut self,
        chunk: Chunk,
        write: &mut impl FnMut(&[u8]) -> io::Result<()>,
        tally: &mut Tally,
    ) -> io::Result<()> {
        self.waiting.insert(chunk.seq, chunk);
        while let Some(mut chunk) = self.waiting.remove(&self.next) {
            self.in_flight -= 1;
            self.next += 1;
            if !self.tail.is_empty() {
                // The chunk before left a value open: read it again with this chunk after it.
                self.tail.extend_from_slice(&chunk.input);
                std::mem::swap(&mut self.tail, &mut chunk.input);
                self.tail.clear();
                chunk.first_line = self.tail_line;
                chunk.output.clear();
                chunk.tally = Tally::default();
                chunk.read = read(self.normalizer, self.name, &mut chunk);
            }
            if chunk.read < chunk.input.len() {
                let (read, unread) = chunk.input.split_at(chunk.read);
                self.tail.extend_from_slice(unread);
                self.tail_line = chunk.first_line + memchr::memchr_iter(b'\n', read).count() as u64;
            }
            tally.merge(chunk.tally);
            let written = write(&chunk.output);
            self.free.push(chunk);
            written?;
        }
        Ok(())
    }

    /// Reads what the last chunk left unread, now that the input has ended.
    fn finish(
        &mut self,
        write: &mut impl FnMut(&[u8]) -> io::Result<()>,
        tally: &mut Tally,
    ) -> io::Result<()> {
        if self.tail.is_empty() {
            return Ok(());
        }
        let mut chunk = Chunk {
            first_line: self.tail_line,
            input: std::mem::take(&mut self.tail),
            last: true,
            ..Chunk::default()
        };
        read(self.normalizer, self.name, &mut chunk);
        tally.merge(chunk.tally);
        write(&chunk.output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        let mut reader = input;
        normalize_all(
            normalizer,
            &mut reader,
            "in.ndjson",
            workers,
            chunk,
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
        let result = normalize_all(
            &normalizer,
            &mut &input[..],
            "in",
            2,
            512,
            &mut write,
            &mut tally,
        );
        assert_eq!(result.map_err(|e| e.kind()), Err(io::ErrorKind::BrokenPipe));
        assert_eq!(calls, 1, "nothing is written after a failed write");
    }
}
