//! One run of a child process: its stdout and stderr pass through byte for byte as they
//! arrive, a bounded tail of each is kept for classification, and a deadline ends it.
//!
//! Each stream is pumped by its own thread with plain `read`/`write` calls on 64 KiB chunks: no
//! line buffering, no decoding, so invalid UTF-8 and partial lines pass unchanged. Only the
//! last [`TAIL_BYTES`] of each stream are kept in memory, however much the child writes. When
//! our own stdout is closed, its pump stops reading and closes the pipe, so the child gets
//! `SIGPIPE` as it would have without us in between.
//!
//! stdin is inherited. The child stays in our process group, so a terminal's Ctrl-C reaches it.

use std::ffi::OsString;
use std::io::{self, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, kill_process};

use crate::output::Output;

/// How much of each stream's end is kept for classification, in bytes.
pub const TAIL_BYTES: usize = 64 * 1024;
const CHUNK_BYTES: usize = 64 * 1024;

/// The deadline of a run.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Send `SIGTERM` once the child has run this long.
    pub timeout: Option<Duration>,
    /// Then send `SIGKILL` if it has not exited after this grace period.
    pub kill_after: Duration,
}

/// What one stream carried: its tail and its size.
#[derive(Debug, Default, Clone)]
pub struct Kept {
    /// The last bytes, at most [`TAIL_BYTES`].
    pub tail: Vec<u8>,
    /// How many bytes passed in all.
    pub total: u64,
}

impl Kept {
    fn push(&mut self, chunk: &[u8]) {
        self.total += chunk.len() as u64;
        self.tail.extend_from_slice(chunk);
        if self.tail.len() > 2 * TAIL_BYTES {
            let cut = self.tail.len() - TAIL_BYTES;
            self.tail.drain(..cut);
        }
    }

    fn finish(mut self) -> Self {
        if self.tail.len() > TAIL_BYTES {
            let cut = self.tail.len() - TAIL_BYTES;
            self.tail.drain(..cut);
        }
        self
    }

    /// Whether the stream is empty or its last byte is a newline.
    pub fn ends_line(&self) -> bool {
        self.tail.last().is_none_or(|&b| b == b'\n')
    }

    /// The tail as text, with invalid UTF-8 replaced (for classification only; the bytes
    /// themselves passed through unchanged).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.tail).into_owned()
    }
}

/// How a run ended.
#[derive(Debug)]
pub struct Ended {
    /// The child's wait status.
    pub status: ExitStatus,
    /// The signal recourse sent because the deadline passed, if it did.
    pub timed_out: Option<Signal>,
    /// What came through stdout.
    pub stdout: Kept,
    /// What came through stderr.
    pub stderr: Kept,
}

enum Which {
    Stdout,
    Stderr,
}

/// Runs `command` once.
///
/// # Errors
///
/// The error of starting it (not found, not executable); a child that started and failed is an
/// [`Ended`].
pub fn run(command: &[OsString], limits: Limits) -> io::Result<Ended> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::inherit())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let started = Instant::now();
    let (tx, rx) = mpsc::channel();
    if let Some(out) = child.stdout.take() {
        let tx = tx.clone();
        thread::spawn(move || {
            let _ = tx.send((Which::Stdout, pump(out, &Output::stdout())));
        });
    }
    if let Some(err) = child.stderr.take() {
        let tx = tx.clone();
        thread::spawn(move || {
            let _ = tx.send((Which::Stderr, pump(err, &Output::stderr())));
        });
    }
    drop(tx);
    let (status, timed_out) = match limits.timeout {
        None => (child.wait()?, None),
        Some(timeout) => wait_until(child, timeout, limits.kill_after)?,
    };
    let mut ended = Ended {
        status,
        timed_out,
        stdout: Kept::default(),
        stderr: Kept::default(),
    };
    // The pipes close when the child and everything it started have exited. After a timeout,
    // a grandchild that keeps them open is not waited for past the grace period.
    let drain_until = timed_out.map(|_| started.elapsed() + limits.kill_after);
    loop {
        let message = match drain_until {
            None => rx.recv().ok(),
            Some(until) => rx
                .recv_timeout(until.saturating_sub(started.elapsed()))
                .ok(),
        };
        match message {
            Some((Which::Stdout, kept)) => ended.stdout = kept,
            Some((Which::Stderr, kept)) => ended.stderr = kept,
            None => break,
        }
    }
    Ok(ended)
}

/// Copies `from` to `to` chunk by chunk until end of file, keeping the tail.
fn pump(mut from: impl Read, to: &Output) -> Kept {
    let mut kept = Kept::default();
    let mut buf = vec![0u8; CHUNK_BYTES];
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let chunk = &buf[..n];
        kept.push(chunk);
        if to.pass(chunk).is_err() {
            // Our reader went away: close the pipe so the child learns it too.
            break;
        }
    }
    kept.finish()
}

/// Waits for the child, sending `SIGTERM` after `timeout` and `SIGKILL` after `kill_after`
/// more.
fn wait_until(
    child: Child,
    timeout: Duration,
    kill_after: Duration,
) -> io::Result<(ExitStatus, Option<Signal>)> {
    let pid = Pid::from_child(&child);
    let (tx, rx) = mpsc::channel();
    let mut child = child;
    thread::spawn(move || {
        let _ = tx.send(child.wait());
    });
    let lost = || io::Error::other("the child's waiter thread ended without a status");
    if let Ok(status) = rx.recv_timeout(timeout) {
        return Ok((status?, None));
    }
    // The waiter has not reported, so the child is almost surely unreaped and its pid still
    // its own; only a reap in the microseconds since could free the pid for reuse.
    let _ = kill_process(pid, Signal::TERM);
    if let Ok(status) = rx.recv_timeout(kill_after) {
        return Ok((status?, Some(Signal::TERM)));
    }
    let _ = kill_process(pid, Signal::KILL);
    let status = rx.recv().map_err(|_| lost())??;
    Ok((status, Some(Signal::KILL)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tail_keeps_the_last_bytes_and_counts_all() {
        let mut kept = Kept::default();
        for i in 0..10u8 {
            kept.push(&vec![i; 20_000]);
        }
        let kept = kept.finish();
        assert_eq!(kept.total, 200_000);
        assert_eq!(kept.tail.len(), TAIL_BYTES);
        assert_eq!(kept.tail.last(), Some(&9));
        assert!(!kept.ends_line());
    }
}
