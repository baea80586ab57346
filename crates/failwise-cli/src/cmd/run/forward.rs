//! Signals sent to failwise itself (`SIGINT`, `SIGTERM`, `SIGHUP`, `SIGQUIT`) are forwarded to
//! the process group of the command it runs.
//!
//! `failwise run` starts the command in a process group of its own, so that a timeout can stop
//! the command and everything it started. That group is not the terminal's foreground group nor
//! the group a supervisor signals, so the signals that would have reached the command must be
//! passed on: one thread, started the first time a command runs, receives them
//! ([`signal_hook::iterator::Signals`]) and sends each to the current command's group. Between
//! commands (while a retry waits, while the envelope is printed) a signal has its default
//! effect on failwise.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicI32, Ordering};
use std::thread;

use rustix::process::{Pid, Signal, kill_process_group};
use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use signal_hook::iterator::Signals;

/// The signals forwarded, as POSIX numbers.
pub const FORWARDED: [i32; 4] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT];

/// The process group id of the running command, 0 when none runs.
static GROUP: AtomicI32 = AtomicI32::new(0);

/// The last signal forwarded to the command running now, 0 when none was.
static LAST: AtomicI32 = AtomicI32::new(0);

static STARTED: OnceLock<bool> = OnceLock::new();

/// Starts forwarding (once per process). Returns whether signals are forwarded; when the
/// handlers cannot be installed, the command keeps running without them.
pub fn start() -> bool {
    *STARTED.get_or_init(|| {
        let Ok(mut signals) = Signals::new(FORWARDED) else {
            return false;
        };
        thread::spawn(move || {
            for signal in signals.forever() {
                forward(signal);
            }
        });
        true
    })
}

fn forward(signal: i32) {
    let group = GROUP.load(Ordering::SeqCst);
    match (Pid::from_raw(group), Signal::from_named_raw(signal)) {
        (Some(pid), Some(sig)) => {
            LAST.store(signal, Ordering::SeqCst);
            // The group may have just ended (ESRCH): nothing is left to tell.
            let _ = kill_process_group(pid, sig);
        }
        _ => {
            // No command runs: the signal is for failwise itself.
            let _ = signal_hook::low_level::emulate_default_handler(signal);
        }
    }
}

/// Marks the process group `pid` as the one signals go to, until [`end`].
pub fn begin(pid: Pid) {
    LAST.store(0, Ordering::SeqCst);
    GROUP.store(pid.as_raw_nonzero().get(), Ordering::SeqCst);
}

/// The command's group is gone: signals have their default effect again. Returns the last
/// signal forwarded to it, if any.
pub fn end() -> Option<i32> {
    GROUP.store(0, Ordering::SeqCst);
    match LAST.swap(0, Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}
