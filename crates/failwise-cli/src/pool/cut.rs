//! The pool's reader: the input cut into chunks of whole lines, read as it comes (a chunk goes
//! out after every read that completes a line), with the line bound applied as bytes arrive.

use std::io::{self, Read};

use crossbeam_channel::{Receiver, Sender};

use super::{Chunk, Pool, Quiet, Slot};

/// The most lines a chunk holds (4096): each line may become an envelope of up to 64 KiB in the
/// chunk's output, so the lines bound what a chunk in flight holds as much as its bytes do.
pub(super) const MAX_CHUNK_LINES: usize = 4096;

/// The offset just past the `n`th newline of `bytes`, when it holds more than `n` lines'
/// worth (a newline after that one, or bytes after it).
fn after_lines(bytes: &[u8], n: usize) -> Option<usize> {
    let at = memchr::memchr_iter(b'\n', bytes).nth(n.checked_sub(1)?)? + 1;
    (at < bytes.len()).then_some(at)
}

/// The reader's state: what was read past the last cut, and the line bound's progress.
pub(super) struct Cutter {
    chunk_bytes: usize,
    max_line: Option<usize>,
    cut: fn(&[u8]) -> usize,
    /// What follows the last cut: whole lines the cut left, and the line being read.
    carry: Vec<u8>,
    /// The long-line marks within `carry`.
    carry_long: Vec<usize>,
    /// Where the line being read starts, in the buffer being filled.
    line_start: usize,
    /// Whether the line being read is over the bound, its bytes skipped to its newline.
    skipping: bool,
    /// Where a read lands before it is added to the chunk: zeroed once, not on every read.
    scratch: Vec<u8>,
    /// The number of the next chunk, and of its first line.
    seq: u64,
    first_line: u64,
}

impl Cutter {
    pub(super) fn new(pool: &Pool) -> Self {
        Self {
            chunk_bytes: pool.chunk_bytes,
            max_line: pool.max_line,
            cut: pool.cut,
            carry: Vec::new(),
            carry_long: Vec::new(),
            line_start: 0,
            skipping: false,
            scratch: Vec::new(),
            seq: 0,
            first_line: 1,
        }
    }

    /// Reads `input` to its end, sending each chunk in a free slot; stops early, without an
    /// error, when the writer or the workers stopped.
    pub(super) fn run<O>(
        mut self,
        mut input: impl Read,
        free: &Receiver<Slot<O>>,
        jobs: &Sender<Slot<O>>,
        quiet: &Quiet,
    ) -> io::Result<()> {
        loop {
            let Ok(mut slot) = free.recv() else {
                return Ok(());
            };
            let chunk = &mut slot.chunk;
            chunk.bytes.clear();
            chunk.long_lines.clear();
            chunk.bytes.append(&mut self.carry);
            chunk.long_lines.append(&mut self.carry_long);
            // What the last cut left may already be a whole chunk's worth of lines.
            if self.cut_lines(chunk) {
                self.send(slot, jobs, quiet)?;
                continue;
            }
            let ended = loop {
                let start = chunk.bytes.len();
                let want = match self.chunk_bytes.checked_sub(start) {
                    Some(rest) if rest > 0 => rest,
                    _ => self.chunk_bytes,
                };
                if self.scratch.len() < want {
                    self.scratch.resize(want, 0);
                }
                quiet.reading();
                let read = input.read(&mut self.scratch[..want]);
                quiet.read_done();
                let n = match read {
                    Ok(n) => n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => break Some(Err(e)),
                };
                chunk.bytes.extend_from_slice(&self.scratch[..n]);
                if n == 0 {
                    break Some(Ok(()));
                }
                self.bound(chunk, start);
                if self.cut(chunk) {
                    break None;
                }
            };
            match ended {
                None => self.send(slot, jobs, quiet)?,
                Some(result) => {
                    if result.is_ok() && self.skipping {
                        // A last line over the bound, without its newline: a line all the same.
                        chunk.bytes.push(b'\n');
                    }
                    if result.is_err() {
                        // The line being read when the input failed is cut short: not sent.
                        chunk.bytes.truncate(self.line_start.min(chunk.bytes.len()));
                        let kept = chunk.bytes.len();
                        chunk.long_lines.retain(|&at| at < kept);
                    }
                    if !chunk.bytes.is_empty() {
                        self.send(slot, jobs, quiet)?;
                    }
                    return result;
                }
            }
        }
    }

    /// Numbers a chunk and hands it to the workers.
    fn send<O>(
        &mut self,
        mut slot: Slot<O>,
        jobs: &Sender<Slot<O>>,
        quiet: &Quiet,
    ) -> io::Result<()> {
        let chunk = &mut slot.chunk;
        chunk.seq = self.seq;
        chunk.first_line = self.first_line;
        self.seq += 1;
        self.first_line += failwise::dialect::records::lines_in(&chunk.bytes);
        // No worker left: the pool is stopping (a panic, re-raised by the scope).
        jobs.send(slot)
            .map_err(|_| io::Error::other("no worker thread"))?;
        quiet.sent();
        Ok(())
    }

    /// Ends the chunk at whole lines, keeping what follows the cut for the next one; returns
    /// whether the chunk is ready (it holds a whole line). A chunk holds at most
    /// [`MAX_CHUNK_LINES`] lines.
    fn cut(&mut self, chunk: &mut Chunk) -> bool {
        let at = if chunk.bytes.ends_with(b"\n") {
            chunk.bytes.len()
        } else {
            (self.cut)(&chunk.bytes).min(self.line_start)
        };
        if at == 0 {
            return false;
        }
        let at = after_lines(&chunk.bytes[..at], MAX_CHUNK_LINES).unwrap_or(at);
        self.split_at(chunk, at);
        true
    }

    /// Ends the chunk after its first [`MAX_CHUNK_LINES`] lines when it holds more whole lines
    /// than that (what a cut left, before anything more is read); returns whether it did.
    fn cut_lines(&mut self, chunk: &mut Chunk) -> bool {
        let whole = &chunk.bytes[..self.line_start.min(chunk.bytes.len())];
        let Some(at) = after_lines(whole, MAX_CHUNK_LINES) else {
            return false;
        };
        if at >= whole.len() {
            return false;
        }
        self.split_at(chunk, at);
        true
    }

    /// Keeps `chunk.bytes[..at]` (whole lines) in the chunk and what follows for the next one.
    fn split_at(&mut self, chunk: &mut Chunk, at: usize) {
        self.carry.extend_from_slice(&chunk.bytes[at..]);
        chunk.bytes.truncate(at);
        let split = chunk.long_lines.partition_point(|&mark| mark < at);
        self.carry_long
            .extend(chunk.long_lines.drain(split..).map(|mark| mark - at));
        self.line_start -= at;
    }

    /// Applies the line bound to the bytes read from `from` on, and keeps `line_start`.
    fn bound(&mut self, chunk: &mut Chunk, from: usize) {
        let bytes = &mut chunk.bytes;
        let Some(max) = self.max_line else {
            if let Some(i) = memchr::memrchr(b'\n', &bytes[from..]) {
                self.line_start = from + i + 1;
            }
            return;
        };
        let mut at = from;
        loop {
            if self.skipping {
                let Some(i) = memchr::memchr(b'\n', &bytes[at..]) else {
                    bytes.truncate(at);
                    return;
                };
                // The long line ends here: its newline stays, as an empty line.
                bytes.drain(at..at + i);
                self.skipping = false;
                at += 1;
                self.line_start = at;
                continue;
            }
            match memchr::memchr(b'\n', &bytes[at..]) {
                Some(i) if at + i - self.line_start > max => {
                    chunk.long_lines.push(self.line_start);
                    bytes.drain(self.line_start..at + i);
                    at = self.line_start + 1;
                    self.line_start = at;
                }
                Some(i) => {
                    at += i + 1;
                    self.line_start = at;
                }
                None if bytes.len() - self.line_start > max => {
                    chunk.long_lines.push(self.line_start);
                    bytes.truncate(self.line_start);
                    self.skipping = true;
                    return;
                }
                None => return,
            }
        }
    }
}
