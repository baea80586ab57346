//! Death by a signal: the signal's name (Linux numbering, `signal(7)`) and what its arrival
//! says about the effect of the command.
//!
//! A process killed by a signal did not choose to stop, so what it finished is unknown: most
//! signals are `ambiguous`. The exceptions are fixed by what the signal means: `SIGPIPE` is the
//! reader going away (benign: a closed output pipe is not an error to report),
//! `SIGXCPU`/`SIGXFSZ` are resource limits (a precondition), and the crash signals (`SIGSEGV`,
//! `SIGBUS`, `SIGILL`, `SIGFPE`, `SIGABRT`, `SIGSYS`, `SIGTRAP`) repeat with the same input, so
//! they are not resent.

use super::{Finding, ambiguous_no, code};
use crate::phrase::Phrase;
use crate::verdict::Verdict;

/// The Linux signal names by number, 1..=31 (`signal(7)`).
const NAMES: [&str; 31] = [
    "SIGHUP",
    "SIGINT",
    "SIGQUIT",
    "SIGILL",
    "SIGTRAP",
    "SIGABRT",
    "SIGBUS",
    "SIGFPE",
    "SIGKILL",
    "SIGUSR1",
    "SIGSEGV",
    "SIGUSR2",
    "SIGPIPE",
    "SIGALRM",
    "SIGTERM",
    "SIGSTKFLT",
    "SIGCHLD",
    "SIGCONT",
    "SIGSTOP",
    "SIGTSTP",
    "SIGTTIN",
    "SIGTTOU",
    "SIGURG",
    "SIGXCPU",
    "SIGXFSZ",
    "SIGVTALRM",
    "SIGPROF",
    "SIGWINCH",
    "SIGIO",
    "SIGPWR",
    "SIGSYS",
];

/// The first real-time signal on Linux with glibc (`SIGRTMIN`).
const SIGRTMIN: u8 = 34;
/// The last signal number on Linux (`SIGRTMAX`).
pub const SIGRTMAX: u8 = 64;

/// The name of signal `n`: `SIGKILL` for 9, `SIGRTMIN+2` for 36, `SIG<n>` for a number
/// without a name.
///
/// # Examples
///
/// ```
/// assert_eq!(failwise::classify::signal::name(9), "SIGKILL");
/// assert_eq!(failwise::classify::signal::name(36), "SIGRTMIN_2");
/// ```
///
/// Real-time signals are spelled with `_` (`SIGRTMIN_2`) so the name is also a valid code.
pub fn name(n: u8) -> String {
    match n {
        1..=31 => NAMES[usize::from(n - 1)].to_owned(),
        SIGRTMIN => String::from("SIGRTMIN"),
        35..=SIGRTMAX => format!("SIGRTMIN_{}", n - SIGRTMIN),
        _ => format!("SIG{n}"),
    }
}

/// The number of the signal called `name` (`SIGKILL` or `KILL`), if it is one of 1..=31.
pub fn number(name: &str) -> Option<u8> {
    let bare = name.strip_prefix("SIG").unwrap_or(name);
    let index = NAMES.iter().position(|n| &n[3..] == bare)?;
    u8::try_from(index + 1).ok()
}

/// What death by signal `n` says. `decoded` is true when the signal was read from an exit
/// status above 128 (a shell reporting its child's death) rather than from the wait status.
/// Its sentences are `signal-<group>-message` (`-decoded-message` when decoded, which reads
/// `params.exit`) and `signal-<group>-recovery`, by `group`; both read `params.signal`.
pub fn finding(n: u8, decoded: bool) -> Finding {
    let name = name(n);
    let group = group(n);
    let message = if decoded {
        format!("signal-{group}-decoded-message")
    } else {
        format!("signal-{group}-message")
    };
    let mut finding = Finding::new(
        code(&name),
        verdict(n),
        Phrase::new(message),
        Phrase::new(format!("signal-{group}-recovery")),
    );
    if decoded {
        finding = finding.param("signal", name);
    }
    finding
}

/// The kind of ending signal `n` stands for, which picks its texts: `oom` (SIGKILL), `pipe`
/// (SIGPIPE), `crash` (SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGSYS), `limit`
/// (SIGXCPU, SIGXFSZ), `stopped` (any other).
pub(crate) const fn group(n: u8) -> &'static str {
    match n {
        9 => "oom",
        13 => "pipe",
        4 | 5 | 6 | 7 | 8 | 11 | 31 => "crash",
        24 | 25 => "limit",
        _ => "stopped",
    }
}

/// What a caller may do after death by signal `n`, by its [`group`]: the out-of-memory
/// killer's SIGKILL and a signal from outside leave the effect unknown, a closed pipe is
/// benign, a crash repeats, a resource limit is a precondition.
const fn verdict(n: u8) -> Verdict {
    match n {
        13 => Verdict::permanent(),
        4 | 5 | 6 | 7 | 8 | 11 | 31 => ambiguous_no(),
        24 | 25 => Verdict::precondition_failed(),
        _ => Verdict::ambiguous(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorClass, Retry};

    #[test]
    fn names_and_numbers_agree() {
        for n in 1..=31u8 {
            assert_eq!(number(&name(n)), Some(n));
        }
        assert_eq!(number("KILL"), Some(9));
        assert_eq!(name(34), "SIGRTMIN");
        assert_eq!(name(99), "SIG99");
    }

    #[test]
    fn every_signal_name_is_a_code() {
        for n in 1..=SIGRTMAX {
            assert!(crate::Code::new(name(n)).is_ok(), "{}", name(n));
        }
    }

    #[test]
    fn verdicts_follow_the_meaning_of_the_signal() {
        assert_eq!(finding(9, false).verdict.retry(), Retry::Unknown);
        assert_eq!(finding(13, true).verdict.class(), ErrorClass::Permanent);
        assert_eq!(finding(11, false).verdict.retry(), Retry::No);
        assert_eq!(finding(11, false).verdict.class(), ErrorClass::Ambiguous);
        assert_eq!(
            finding(25, false).verdict.class(),
            ErrorClass::PreconditionFailed
        );
        let command = [String::from("worker")];
        let decoded = crate::classify::Failure {
            command: &command,
            termination: crate::classify::Termination::Exited(crate::ExitStatus::from_signal(13)),
            stdout: "",
            stderr: "",
            stderr_bytes: 0,
        }
        .classify();
        assert!(
            decoded
                .message()
                .starts_with("worker: exited 141 (128 + SIGPIPE)")
        );
    }
}
