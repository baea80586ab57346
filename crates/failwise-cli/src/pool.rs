//! One ordered pool for chunked input, used by `failwise normalize` and `failwise validate`:
//! an input (a file, or standard input as it streams) is cut into chunks of whole lines, each
//! chunk is processed on one of N worker threads, and the results are written in input order,
//! with a bound on the chunks in flight.
//!
//! Three kinds of thread share the work, joined by `crossbeam-channel` channels inside one
//! `std::thread::scope`:
//!
//! - one reader cuts the input into [`Chunk`]s: after every read that completes a line, the
//!   whole lines read so far go out (all of them when the read ended on a newline, else up to
//!   the caller's cut, such as [`failwise::dialect::records::last_boundary`]), so a file goes
//!   out in chunks of about [`CHUNK_BYTES`] and a live stream as each line completes;
//! - the workers, each with state of its own ([`Jobs::each`]), turn a chunk into an output;
//! - the calling thread puts the outputs back in input order and hands them to an [`InOrder`],
//!   flushing it whenever it would wait, so a live stream is answered as it goes.
//!
//! Memory stays bounded: chunks and their outputs live in a fixed set of slots (two per
//! worker) that the reader takes, the workers fill and the writer gives back, so at most that
//! many chunks are in flight, their buffers reused. A line longer than a chunk is read whole,
//! unless the pool has a line bound ([`Pool::max_line`]): a longer line's bytes are then
//! skipped and it is held as an empty line marked in [`Chunk::long_lines`].
//!
//! A failed write stops the pool: the writer gives no more slots back, so the reader stops
//! after its current read and the workers after their current chunk. A read error ends the
//! input after the whole lines read before it, which are written first. A worker that panics
//! says so before it dies, so the writer stops waiting for its chunk; the scope then re-raises
//! the panic.

/// The longest line `failwise normalize` and `failwise validate` hold in memory, in bytes
/// (16 MiB): a longer line is reported as one record that could not be read, its bytes skipped
/// as they arrive ([`Pool::max_line`]).
pub const MAX_LINE_BYTES: usize = 16 << 20;

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, TryRecvError};

use cut::Cutter;

mod cut;

/// How many bytes a chunk holds before it is handed over (1 MiB): large enough that handing a
/// chunk over costs little next to processing it, small enough to keep every core busy to the
/// end.
pub const CHUNK_BYTES: usize = 1 << 20;

/// The most workers started, whatever the number of cores.
const MAX_WORKERS: usize = 8;

/// Whole lines of the input, handed to one worker.
#[derive(Debug, Default)]
pub struct Chunk {
    /// Position of the chunk in the input, from 0.
    pub seq: u64,
    /// Line number (1-based) of the chunk's first line.
    pub first_line: u64,
    /// Whole lines with their newlines; the last one may lack its newline only at the end of
    /// the input.
    pub bytes: Vec<u8>,
    /// Offsets in `bytes`, ascending, of the lines longer than the pool's line bound: each is
    /// held as an empty line (its newline alone).
    pub long_lines: Vec<usize>,
}

/// What receives the outputs of the chunks, in input order, on the calling thread.
pub trait InOrder<O> {
    /// Takes the output of `chunk`, the chunk after the one taken before.
    ///
    /// # Errors
    ///
    /// A failed write: the pool stops.
    fn write(&mut self, chunk: &Chunk, out: &mut O) -> io::Result<()>;

    /// Flushes what was written: called whenever the pool would wait for a worker or for
    /// input, so a live stream's answers go out as they are made.
    ///
    /// # Errors
    ///
    /// A failed write: the pool stops.
    fn flush(&mut self) -> io::Result<()>;

    /// Called when the input has been quiet for the pool's idle time ([`Pool::idle`]):
    /// every chunk read so far is written, and the reader has waited that long for more.
    ///
    /// # Errors
    ///
    /// A failed write: the pool stops.
    fn idle(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What the writer knows of the reader, to tell when the input went quiet: how many chunks it
/// sent, and since when it has been waiting in a read (`u64::MAX`: it is not).
struct Quiet {
    start: Instant,
    sent: AtomicU64,
    reading_since: AtomicU64,
}

impl Quiet {
    fn new() -> Self {
        Self {
            start: Instant::now(),
            sent: AtomicU64::new(0),
            reading_since: AtomicU64::new(u64::MAX),
        }
    }

    fn now(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_nanos()).unwrap_or(u64::MAX - 1)
    }

    /// The reader starts a read.
    fn reading(&self) {
        self.reading_since.store(self.now(), Ordering::Release);
    }

    /// The reader's read returned.
    fn read_done(&self) {
        self.reading_since.store(u64::MAX, Ordering::Release);
    }

    /// The reader sent one more chunk.
    fn sent(&self) {
        self.sent.fetch_add(1, Ordering::AcqRel);
    }

    /// How long the reader has waited in its current read, once every chunk it sent is
    /// written (`written` of them); `None` while it is not waiting or a chunk is in flight.
    fn waited(&self, written: u64) -> Option<Duration> {
        let since = self.reading_since.load(Ordering::Acquire);
        (since != u64::MAX && self.sent.load(Ordering::Acquire) == written)
            .then(|| Duration::from_nanos(self.now().saturating_sub(since)))
    }
}

/// Why a pool stopped before the end of its input.
#[derive(Debug)]
pub enum Stop {
    /// The input could not be read; the whole lines read before the error were written.
    Read(io::Error),
    /// [`InOrder::write`] or [`InOrder::flush`] failed; nothing more was written.
    Write(io::Error),
}

/// A chunk and the output made of it, travelling together so both buffers are reused.
struct Slot<O> {
    chunk: Chunk,
    out: O,
}

/// What a worker sends back.
enum Done<O> {
    /// A processed chunk.
    Chunk(Slot<O>),
    /// The worker panicked: the chunk it held is lost.
    Died,
}

/// The chunks one worker thread takes, given to the pool's worker function.
pub struct Jobs<O> {
    jobs: Receiver<Slot<O>>,
    done: Sender<Done<O>>,
}

impl<O> Jobs<O> {
    /// Processes chunks with `work` until the input ends or the pool stops. `work` fills the
    /// output it is given, which holds what the slot's last chunk left: clear it first.
    pub fn each(self, mut work: impl FnMut(&Chunk, &mut O)) {
        let guard = Guard(&self.done);
        for mut slot in &self.jobs {
            work(&slot.chunk, &mut slot.out);
            if guard.0.send(Done::Chunk(slot)).is_err() {
                break;
            }
        }
    }
}

/// Tells the writer when a worker panics, so it stops waiting for the chunk the worker held.
struct Guard<'a, O>(&'a Sender<Done<O>>);

impl<O> Drop for Guard<'_, O> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let _ = self.0.send(Done::Died);
        }
    }
}

/// The pool's settings: how many workers, how large a chunk, where to cut one, and the line
/// bound.
#[derive(Debug, Clone, Copy)]
pub struct Pool {
    workers: usize,
    chunk_bytes: usize,
    max_line: Option<usize>,
    cut: fn(&[u8]) -> usize,
    idle: Option<Duration>,
}

impl Pool {
    /// A pool with one worker per core (at most eight), chunks of [`CHUNK_BYTES`], no line
    /// bound, cutting a chunk that ends inside a line at `cut`'s offset: the end of a whole
    /// line of the bytes it is given (0 when they hold no newline).
    pub fn new(cut: fn(&[u8]) -> usize) -> Self {
        let workers = std::thread::available_parallelism()
            .map_or(1, NonZeroUsize::get)
            .clamp(1, MAX_WORKERS);
        Self {
            workers,
            chunk_bytes: CHUNK_BYTES,
            max_line: None,
            cut,
            idle: None,
        }
    }

    /// The same pool telling its writer when the input has been quiet for `after`
    /// ([`InOrder::idle`]): for a live stream, where a quiet input is a pause between writes.
    #[must_use]
    pub fn idle(mut self, after: Duration) -> Self {
        self.idle = Some(after);
        self
    }

    /// The same pool with `workers` workers (at least one); the tests vary it.
    #[cfg(test)]
    #[must_use]
    pub fn workers(mut self, workers: usize) -> Self {
        self.workers = workers.max(1);
        self
    }

    /// The same pool with chunks of about `bytes` bytes (at least one); the tests vary it.
    #[cfg(test)]
    #[must_use]
    pub fn chunk_bytes(mut self, bytes: usize) -> Self {
        self.chunk_bytes = bytes.max(1);
        self
    }

    /// The same pool holding no line longer than `bytes` (its newline aside): a longer line
    /// is held as an empty line, marked in [`Chunk::long_lines`].
    #[must_use]
    pub fn max_line(mut self, bytes: usize) -> Self {
        self.max_line = Some(bytes);
        self
    }

    /// Cuts `input` into chunks, has each processed by a worker, and gives the outputs to
    /// `sink` in input order. `worker` runs once on each worker thread: it sets up that
    /// thread's state and calls [`Jobs::each`].
    ///
    /// # Errors
    ///
    /// [`Stop::Read`] when the input could not be read to its end (what was read before is
    /// written first); [`Stop::Write`] when `sink` failed.
    ///
    /// # Panics
    ///
    /// When a worker or `sink` panics (after every thread has stopped).
    pub fn run<O, R, W>(&self, input: R, worker: W, sink: &mut impl InOrder<O>) -> Result<(), Stop>
    where
        O: Default + Send,
        R: Read + Send,
        W: Fn(Jobs<O>) + Sync,
    {
        let slots = 2 * self.workers;
        let (free_tx, free_rx) = crossbeam_channel::bounded::<Slot<O>>(slots);
        for _ in 0..slots {
            let slot = Slot {
                chunk: Chunk::default(),
                out: O::default(),
            };
            // The channel has room for every slot.
            let _ = free_tx.send(slot);
        }
        let (jobs_tx, jobs_rx) = crossbeam_channel::unbounded::<Slot<O>>();
        let (done_tx, done_rx) = crossbeam_channel::unbounded::<Done<O>>();
        let quiet = Quiet::new();
        let quiet = &quiet;
        std::thread::scope(|scope| {
            let reader =
                scope.spawn(move || Cutter::new(self).run(input, &free_rx, &jobs_tx, quiet));
            for _ in 0..self.workers {
                let jobs = Jobs {
                    jobs: jobs_rx.clone(),
                    done: done_tx.clone(),
                };
                let worker = &worker;
                scope.spawn(move || worker(jobs));
            }
            drop((jobs_rx, done_tx));
            let written = write_in_order(&done_rx, free_tx, sink, self.idle.map(|d| (d, quiet)));
            // A stopped writer gave no slot back: the reader stops after its current read,
            // the workers once their channel closes.
            drop(done_rx);
            let read = match reader.join() {
                Ok(read) => read,
                Err(panic) => std::panic::resume_unwind(panic),
            };
            written?;
            read.map_err(Stop::Read)
        })
    }
}

/// The writer's loop: puts the processed chunks back in input order and gives them to `sink`,
/// returning each slot to the reader once written.
fn write_in_order<O>(
    done: &Receiver<Done<O>>,
    free: Sender<Slot<O>>,
    sink: &mut impl InOrder<O>,
    idle: Option<(Duration, &Quiet)>,
) -> Result<(), Stop> {
    let mut next = 0;
    let mut waiting: BTreeMap<u64, Slot<O>> = BTreeMap::new();
    loop {
        let message = match done.try_recv() {
            Ok(message) => message,
            Err(TryRecvError::Empty) => {
                sink.flush().map_err(Stop::Write)?;
                match wait(done, sink, idle, next)? {
                    Some(message) => message,
                    None => break,
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        let slot = match message {
            Done::Chunk(slot) => slot,
            // The chunk it held never comes; the scope re-raises the panic.
            Done::Died => return Ok(()),
        };
        waiting.insert(slot.chunk.seq, slot);
        while let Some(mut slot) = waiting.remove(&next) {
            next += 1;
            sink.write(&slot.chunk, &mut slot.out)
                .map_err(Stop::Write)?;
            let _ = free.send(slot);
        }
    }
    debug_assert!(waiting.is_empty(), "a chunk was never written");
    sink.flush().map_err(Stop::Write)
}

/// Waits for the next processed chunk (`None`: no more come), telling `sink` whenever the
/// input has been quiet for the idle time, with `written` chunks written.
fn wait<O>(
    done: &Receiver<Done<O>>,
    sink: &mut impl InOrder<O>,
    idle: Option<(Duration, &Quiet)>,
    written: u64,
) -> Result<Option<Done<O>>, Stop> {
    let Some((after, quiet)) = idle else {
        return Ok(done.recv().ok());
    };
    // Woken when the reader will have waited `after`, not a whole `after` past the last look.
    let mut timeout = after;
    loop {
        match done.recv_timeout(timeout) {
            Ok(message) => return Ok(Some(message)),
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
            Err(RecvTimeoutError::Timeout) => match quiet.waited(written) {
                Some(waited) if waited >= after => {
                    sink.idle().map_err(Stop::Write)?;
                    timeout = after;
                }
                Some(waited) => timeout = (after - waited).max(Duration::from_millis(1)),
                None => timeout = after,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Collects the outputs as written, checking they come in input order.
    #[derive(Default)]
    struct Collect {
        lines: Vec<(u64, Vec<u8>, bool)>,
        next_seq: u64,
    }

    impl InOrder<Vec<(u64, Vec<u8>, bool)>> for Collect {
        fn write(&mut self, chunk: &Chunk, out: &mut Vec<(u64, Vec<u8>, bool)>) -> io::Result<()> {
            assert_eq!(chunk.seq, self.next_seq);
            self.next_seq += 1;
            self.lines.append(out);
            Ok(())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn last_newline(bytes: &[u8]) -> usize {
        memchr::memrchr(b'\n', bytes).map_or(0, |i| i + 1)
    }

    /// Every line, numbered, with whether it was over the bound.
    fn lines_of(pool: &Pool, input: &[u8]) -> Vec<(u64, Vec<u8>, bool)> {
        let mut sink = Collect::default();
        pool.run(
            input,
            |jobs| {
                jobs.each(|chunk, out: &mut Vec<(u64, Vec<u8>, bool)>| {
                    out.clear();
                    let mut at = 0;
                    let lines = chunk.bytes.split_inclusive(|b| *b == b'\n');
                    for (number, line) in (chunk.first_line..).zip(lines) {
                        let long = chunk.long_lines.contains(&at);
                        at += line.len();
                        out.push((
                            number,
                            line.strip_suffix(b"\n").unwrap_or(line).to_vec(),
                            long,
                        ));
                    }
                });
            },
            &mut sink,
        )
        .expect("read and written");
        sink.lines
    }

    /// A chunk of many short lines is cut by its lines too (each may become a large envelope
    /// in the chunk's output), and every line still comes out once, in order.
    #[test]
    fn a_chunk_holds_at_most_its_line_bound() {
        let input = b"{\n".repeat(3 * cut::MAX_CHUNK_LINES + 17);
        for workers in [1, 2] {
            let pool = Pool::new(last_newline).workers(workers);
            let mut sink = Collect::default();
            pool.run(
                &input[..],
                |jobs| {
                    jobs.each(|chunk, out: &mut Vec<(u64, Vec<u8>, bool)>| {
                        out.clear();
                        let lines = records_in(&chunk.bytes);
                        assert!(lines <= cut::MAX_CHUNK_LINES, "{lines} lines in a chunk");
                        out.push((chunk.first_line, Vec::new(), false));
                        out.extend((1..lines).map(|_| (0, Vec::new(), false)));
                    });
                },
                &mut sink,
            )
            .expect("read and written");
            assert_eq!(sink.lines.len(), 3 * cut::MAX_CHUNK_LINES + 17);
        }
    }

    fn records_in(bytes: &[u8]) -> usize {
        memchr::memchr_iter(b'\n', bytes).count()
    }

    #[test]
    fn every_line_comes_out_once_in_order_with_its_number() {
        let mut input = Vec::new();
        let mut want = Vec::new();
        for n in 1..=3000u64 {
            let line = match n % 7 {
                0 => "x".repeat(50),
                1 => String::new(),
                _ => format!("line {n}"),
            };
            let long = n % 7 == 0;
            input.extend_from_slice(line.as_bytes());
            input.push(b'\n');
            want.push((n, if long { Vec::new() } else { line.into_bytes() }, long));
        }
        input.extend_from_slice(b"last");
        want.push((3001, b"last".to_vec(), false));
        for workers in [1, 3] {
            for chunk in [1, 5, 64, 4096, 1 << 20] {
                let pool = Pool::new(last_newline)
                    .workers(workers)
                    .chunk_bytes(chunk)
                    .max_line(40);
                assert_eq!(
                    lines_of(&pool, &input),
                    want,
                    "{workers} workers, {chunk} B"
                );
            }
        }
        let unbounded = Pool::new(last_newline).chunk_bytes(16);
        assert_eq!(
            lines_of(&unbounded, b"a\nbb"),
            [(1, b"a".to_vec(), false), (2, b"bb".to_vec(), false)]
        );
        assert!(lines_of(&unbounded, b"").is_empty());
        let bounded = Pool::new(last_newline).chunk_bytes(2).max_line(3);
        assert_eq!(lines_of(&bounded, b"abcdef"), [(1, Vec::new(), true)]);
    }

    /// A reader that fails after its first bytes.
    struct Failing<'a>(&'a [u8]);

    impl Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("disk gone"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_read_error_comes_after_the_whole_lines_before_it_and_a_write_error_stops() {
        let pool = Pool::new(last_newline).workers(2).chunk_bytes(4);
        let mut sink = Collect::default();
        let work = |jobs: Jobs<Vec<(u64, Vec<u8>, bool)>>| {
            jobs.each(|chunk, out| {
                out.clear();
                out.push((chunk.first_line, chunk.bytes.clone(), false));
            });
        };
        let result = pool.run(Failing(b"one\ntwo\nthr"), work, &mut sink);
        assert!(matches!(result, Err(Stop::Read(_))));
        let read: Vec<u8> = sink.lines.iter().flat_map(|l| l.1.clone()).collect();
        assert_eq!(read, b"one\ntwo\n");

        struct Closed(usize);
        impl InOrder<Vec<(u64, Vec<u8>, bool)>> for Closed {
            fn write(&mut self, _: &Chunk, _: &mut Vec<(u64, Vec<u8>, bool)>) -> io::Result<()> {
                self.0 += 1;
                Err(io::Error::from(io::ErrorKind::BrokenPipe))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let input = "line\n".repeat(10_000);
        let mut closed = Closed(0);
        let result = pool.run(input.as_bytes(), work, &mut closed);
        assert!(matches!(result, Err(Stop::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe));
        assert_eq!(closed.0, 1, "nothing is written after a failed write");
    }

    #[test]
    fn a_worker_that_panics_stops_the_pool_instead_of_hanging_it() {
        let input = "line\n".repeat(10_000);
        let pool = Pool::new(last_newline).workers(2).chunk_bytes(64);
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut sink = Collect::default();
            pool.run(
                input.as_bytes(),
                |jobs: Jobs<Vec<(u64, Vec<u8>, bool)>>| {
                    jobs.each(|chunk, _| assert!(chunk.seq != 3, "a bug in a worker"));
                },
                &mut sink,
            )
        }));
        assert!(ran.is_err(), "the worker's panic is raised again");
    }
}
