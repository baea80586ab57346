//! One run of a child process: its stdout and stderr pass through byte for byte as they
//! arrive, a bounded tail of each is kept for classification, and a deadline ends it.
//!
//! Each stream is pumped by its own thread with plain `read`/`write` calls on 64 KiB chunks: no
//! line buffering, no decoding, so invalid UTF-8 and partial lines pass unchanged. Only the
//! last [`TAIL_BYTES`] of each stream are kept in memory, however much the child writes. When
//! our own stdout is closed, its pump stops reading and closes the pipe, so the child gets
//! `SIGPIPE` as it would have without us in between.
//!
//! When secret values are known, each stream goes through its own
//! [`failwise::redact::StreamRedactor`]: a secret is masked as it passes, and
//! only the bytes that could be the start of one are held back until the next bytes decide.
//! With none known, the bytes are copied as they are.
//!
//! stdin is inherited. Unless failwise runs in the foreground of a terminal, the child runs in
//! a process group of its own: a timeout stops the whole group (the command and everything it
//! started), and the signals failwise receives are forwarded to it ([`super::forward`]). In the
//! foreground of a terminal, the child stays in the terminal's foreground group, so it can read
//! the terminal (a prompt for a password opens `/dev/tty` even when stdin is a pipe) and Ctrl-C
//! reaches it directly; a timeout then stops the child alone.

use std::ffi::OsString;
use std::io::{self, Read};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use failwise::redact::StreamRedactor;
use rustix::process::{Pid, Signal, kill_process, kill_process_group};

use crate::output::Output;
use crate::presentation::Presentation;

/// How much of each stream's end is kept for classification, in bytes: as much as the
/// library's reading of a finished command reads.
pub use failwise::classify::TAIL_BYTES;
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
    /// The last bytes the command wrote (before masking), at most [`TAIL_BYTES`].
    pub tail: Vec<u8>,
    /// How many bytes passed in all.
    pub total: u64,
    /// How many secret values were masked as the stream passed.
    pub redacted: u64,
    /// The last byte passed through, after masking (`None` when nothing was).
    last_passed: Option<u8>,
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

    /// Whether what passed through is empty or ends with a newline.
    pub fn ends_line(&self) -> bool {
        self.last_passed.is_none_or(|b| b == b'\n')
    }
}

/// How a run ended.
#[derive(Debug)]
pub struct Ended {
    /// The child's wait status.
    pub status: ExitStatus,
    /// The signal failwise sent because the deadline passed, if it did.
    pub timed_out: Option<Signal>,
    /// What came through stdout.
    pub stdout: Kept,
    /// What came through stderr.
    pub stderr: Kept,
    /// The signal failwise received and forwarded to the child's process group, if any.
    pub forwarded: Option<i32>,
    /// Whether something the command started still held its stdout or stderr open when the
    /// deadline passed after the command itself had exited (its group was then stopped).
    pub held_open: bool,
}

/// Runs `command` once. With `mask`, secret values are masked in both streams as they pass.
///
/// # Errors
///
/// The error of starting it (not found, not executable); a child that started and failed is an
/// [`Ended`].
pub fn run(
    command: &[OsString],
    limits: Limits,
    mask: Option<&StreamRedactor>,
    presentation: &Presentation,
) -> io::Result<Ended> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
    let own_group = !in_terminal_foreground() && super::forward::start();
    let spawn = |program: &OsString, args: &[OsString]| {
        let mut builder = Command::new(program);
        builder
            .args(args)
            .stdin(Stdio::inherit())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if own_group {
            builder.process_group(0);
        }
        builder.spawn()
    };
    let mut child = match spawn(program, args) {
        Err(e) if e.raw_os_error() == Some(rustix::io::Errno::NOEXEC.raw_os_error()) => {
            match shell_script(program) {
                Some(script) => {
                    let mut with_sh = vec![script.into_os_string()];
                    with_sh.extend(args.iter().cloned());
                    spawn(&OsString::from("/bin/sh"), &with_sh)?
                }
                None => return Err(e),
            }
        }
        other => other?,
    };
    let started = Instant::now();
    let group = own_group.then(|| Pid::from_child(&child));
    if let Some(pid) = group {
        super::forward::begin(pid);
    }
    let (tx, rx) = mpsc::channel();
    let pumped_out = Pumped::shared(mask, Output::stdout(presentation));
    let pumped_err = Pumped::shared(mask, Output::stderr(presentation));
    if let Some(out) = child.stdout.take() {
        let (tx, pumped) = (tx.clone(), Arc::clone(&pumped_out));
        thread::spawn(move || {
            pump(out, &pumped);
            let _ = tx.send(());
        });
    }
    if let Some(err) = child.stderr.take() {
        let (tx, pumped) = (tx.clone(), Arc::clone(&pumped_err));
        thread::spawn(move || {
            pump(err, &pumped);
            let _ = tx.send(());
        });
    }
    drop(tx);
    let waited = match limits.timeout {
        None => child.wait().map(|status| (status, None)),
        Some(timeout) => wait_until(child, group, timeout, limits.kill_after),
    };
    let forwarded = if own_group {
        super::forward::end()
    } else {
        None
    };
    let (status, timed_out) = waited?;
    let mut ended = Ended {
        status,
        timed_out,
        stdout: Kept::default(),
        stderr: Kept::default(),
        forwarded,
        held_open: false,
    };
    // The pipes close when the child and everything it started have exited. The deadline
    // bounds that wait too: after a timeout, a grandchild that keeps them open is not waited
    // for past the grace period; when the command exited in time but left something holding
    // its output, that is stopped with its group when the deadline passes.
    let mut drain_until = match (timed_out, limits.timeout) {
        (Some(_), _) => Some(started.elapsed() + limits.kill_after),
        (None, Some(timeout)) => Some(timeout),
        (None, None) => None,
    };
    let mut killed = timed_out.is_some();
    loop {
        let message = match drain_until {
            None => rx.recv().ok(),
            Some(until) => match rx.recv_timeout(until.saturating_sub(started.elapsed())) {
                Ok(message) => Some(message),
                Err(mpsc::RecvTimeoutError::Timeout) if !killed => {
                    // The command exited in time, but something it started still holds its
                    // output at the deadline: that group is stopped like a timed-out command.
                    ended.held_open = true;
                    killed = true;
                    if let Some(pid) = group {
                        let _ = kill_process_group(pid, Signal::TERM);
                    }
                    drain_until = Some(started.elapsed() + limits.kill_after);
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    // Something the command started still holds a pipe after the grace
                    // period: the group it was told to leave is killed.
                    if let Some(pid) = group {
                        let _ = kill_process_group(pid, Signal::KILL);
                    }
                    rx.recv_timeout(KILLED_DRAIN).ok()
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => None,
            },
        };
        if message.is_none() {
            break;
        }
    }
    // What each stream carried, whether its pump reached the end of its pipe or is left
    // waiting on a pipe something else still holds: then the bytes its masker held back are
    // written now, and nothing it reads later is.
    ended.stdout = Pumped::close(&pumped_out);
    ended.stderr = Pumped::close(&pumped_err);
    Ok(ended)
}

/// A stream's pump, shared between its thread and the supervisor, which closes it when the
/// run ends even if the pipe never does.
struct Pumped {
    kept: Kept,
    mask: Option<StreamRedactor>,
    to: Output,
    /// Set when the stream ended, or the supervisor stopped waiting for it.
    closed: bool,
}

impl Pumped {
    fn shared(mask: Option<&StreamRedactor>, to: Output) -> Arc<Mutex<Self>> {
        Arc::new(Mutex::new(Self {
            kept: Kept::default(),
            mask: mask.cloned(),
            to,
            closed: false,
        }))
    }

    /// Passes `chunk` through (masked); `false` when the stream is closed or our reader went
    /// away, so the pump stops.
    fn pass(&mut self, chunk: &[u8], masked: &mut Vec<u8>) -> bool {
        if self.closed {
            return false;
        }
        self.kept.push(chunk);
        let out = match &mut self.mask {
            None => chunk,
            Some(redactor) => {
                masked.clear();
                redactor.feed(chunk, masked);
                &masked[..]
            }
        };
        let Some(&last) = out.last() else {
            return true;
        };
        self.kept.last_passed = Some(last);
        if self.to.pass(out).is_err() {
            // Our reader went away: close the pipe so the child learns it too.
            self.closed = true;
            return false;
        }
        true
    }

    /// Ends the stream, once: the bytes the masker held back are written.
    fn end(&mut self) {
        if self.closed {
            return;
        }
        self.closed = true;
        if let Some(redactor) = &mut self.mask {
            let mut rest = Vec::new();
            redactor.finish(&mut rest);
            if let Some(&last) = rest.last() {
                self.kept.last_passed = Some(last);
                let _ = self.to.pass(&rest);
            }
        }
    }

    /// Ends the stream if its pump has not, and takes what it carried.
    fn close(pumped: &Mutex<Self>) -> Kept {
        let mut state = lock(pumped);
        state.end();
        state.kept.redacted = state.mask.as_ref().map_or(0, StreamRedactor::count);
        std::mem::take(&mut state.kept).finish()
    }
}

/// The pump's state, even if a thread panicked holding it (its bytes are still worth taking).
fn lock(pumped: &Mutex<Pumped>) -> std::sync::MutexGuard<'_, Pumped> {
    pumped
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The file to give `/bin/sh` when starting `program` failed with ENOEXEC, or `None` when
/// that ENOEXEC stands.
///
/// The rule is `execvp(3)`'s (POSIX `exec`, "if the header of a file isn't recognized (ENOEXEC),
/// these functions will execute the shell with the path of the file as its first argument"):
/// an executable text file with no `#!` line is a shell script, and the shell is given the
/// **path of the file that was tried**, never the name as typed. A name without a `/` is
/// resolved through this process's `PATH` (the child inherits it) to the first executable
/// file of that name ([`super::executables::resolve`], the search `execvp` made), because
/// `/bin/sh nsx` would open `./nsx` from the working directory instead: a different file, or
/// none. When the name resolves to nothing (no `PATH`), the ENOEXEC stands.
///
/// A binary (a NUL byte or an ELF header in the first 256 bytes, bash's test before it runs a
/// file as a script) is not a script: its ENOEXEC stands.
fn shell_script(program: &OsString) -> Option<std::path::PathBuf> {
    use std::os::unix::ffi::OsStrExt as _;
    let path = if program.as_bytes().contains(&b'/') {
        std::path::PathBuf::from(program)
    } else {
        let name = program.to_str()?;
        super::executables::resolve(name, std::env::var_os("PATH").as_deref())?
    };
    (!looks_binary(path.as_os_str())).then_some(path)
}

/// Whether the file at `path` starts like a binary rather than a script: a NUL byte or an
/// ELF header in its first 256 bytes (bash's test before it runs a file as a script).
fn looks_binary(program: &std::ffi::OsStr) -> bool {
    use std::io::Read as _;
    let mut head = [0u8; 256];
    let read = std::fs::File::open(program).and_then(|mut f| f.read(&mut head));
    read.is_ok_and(|n| head[..n].contains(&0) || head[..n].starts_with(b"\x7fELF"))
}

/// Whether failwise runs in the foreground process group of its controlling terminal, where
/// a child in another group would be stopped (`SIGTTIN`) on reading the terminal.
fn in_terminal_foreground() -> bool {
    let Ok(tty) = std::fs::File::open("/dev/tty") else {
        // No controlling terminal: agents, CI, services.
        return false;
    };
    rustix::termios::tcgetpgrp(&tty).is_ok_and(|group| group == rustix::process::getpgrp())
}

/// How long the pumps are still awaited after the group was killed at the end of a timeout.
const KILLED_DRAIN: Duration = Duration::from_millis(200);

/// Copies `from` through `pumped` chunk by chunk until end of file (or until the supervisor
/// closes it), keeping the tail; secret values are masked on the way.
fn pump(mut from: impl Read, pumped: &Mutex<Pumped>) {
    let mut buf = vec![0u8; CHUNK_BYTES];
    let mut masked = Vec::new();
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if !lock(pumped).pass(&buf[..n], &mut masked) {
            return;
        }
    }
    // The stream ended: what the masker held is written now, after the rest; the supervisor
    // takes what was kept.
    lock(pumped).end();
}

/// Sends `signal` to the child's process group when it has one, else to the child alone.
fn stop(pid: Pid, group: Option<Pid>, signal: Signal) {
    let _ = match group {
        Some(group) => kill_process_group(group, signal),
        None => kill_process(pid, signal),
    };
}

/// Waits for the child, sending `SIGTERM` after `timeout` and `SIGKILL` after `kill_after`
/// more, to its whole process group when it has one.
fn wait_until(
    child: Child,
    group: Option<Pid>,
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
    // its own; only a reap in the microseconds since could free the pid for reuse. A group
    // outlives its leader while any member lives, so its id stays its own.
    stop(pid, group, Signal::TERM);
    if let Ok(status) = rx.recv_timeout(kill_after) {
        return Ok((status?, Some(Signal::TERM)));
    }
    stop(pid, group, Signal::KILL);
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
    }
}
