//! Exit statuses with a fixed meaning: the shell's 126 and 127 (POSIX `sh`, "Exit Status for
//! Commands"), 128 + N for a child killed by signal N, and the sysexits of `<sysexits.h>`
//! (64–78); anything else is `EXIT_<n>`, said to be unknown.

use super::{Failure, Finding, Termination, ambiguous_no, code, lines_rev, signal};
use crate::verdict::Verdict;

/// One sysexit: status, name, what it means and what to do.
pub(super) struct Sysexit {
    pub(super) status: u8,
    pub(super) name: &'static str,
    meaning: &'static str,
    verdict: Verdict,
    recovery: &'static str,
}

const fn s(
    status: u8,
    name: &'static str,
    meaning: &'static str,
    verdict: Verdict,
    recovery: &'static str,
) -> Sysexit {
    Sysexit {
        status,
        name,
        meaning,
        verdict,
        recovery,
    }
}

/// `<sysexits.h>`, with the verdict each meaning allows.
pub(super) const SYSEXITS: &[Sysexit] = &[
    s(
        64,
        "EX_USAGE",
        "the command was used incorrectly",
        Verdict::permanent(),
        "run `{program} --help` and fix the command line",
    ),
    s(
        65,
        "EX_DATAERR",
        "the input data was incorrect",
        Verdict::permanent(),
        "fix the input data named in `params.stderr`, then run the command again",
    ),
    s(
        66,
        "EX_NOINPUT",
        "an input file did not exist or was not readable",
        Verdict::permanent(),
        "check the input file named in `params.stderr` with `ls -l`, then pass one that exists",
    ),
    s(
        67,
        "EX_NOUSER",
        "the user named does not exist",
        Verdict::permanent(),
        "check the user name with `getent passwd`, then pass one that exists",
    ),
    s(
        68,
        "EX_NOHOST",
        "the host named does not exist",
        Verdict::permanent(),
        "check the host name with `getent hosts`, then pass one that resolves",
    ),
    s(
        69,
        "EX_UNAVAILABLE",
        "a service or a program it needs is unavailable",
        ambiguous_no(),
        "read `params.stderr` to find which service is unavailable, start it, then run the command again",
    ),
    s(
        70,
        "EX_SOFTWARE",
        "an internal software error",
        ambiguous_no(),
        "report the failure to the program's authors with `params.stderr`",
    ),
    s(
        71,
        "EX_OSERR",
        "an operating system error (such as cannot fork)",
        Verdict::ambiguous(),
        "check the system's resources (`free -h`, `ulimit -a`) and verify what the command finished before running it again",
    ),
    s(
        72,
        "EX_OSFILE",
        "a system file is missing or wrong",
        Verdict::precondition_failed(),
        "restore the system file named in `params.stderr`, then run the command again",
    ),
    s(
        73,
        "EX_CANTCREAT",
        "an output file cannot be created",
        Verdict::precondition_failed(),
        "check that the output directory exists and is writable (`ls -ld`), then run the command again",
    ),
    s(
        74,
        "EX_IOERR",
        "an input/output error",
        Verdict::ambiguous(),
        "check the device with `dmesg` and verify what was written before running the command again",
    ),
    s(
        75,
        "EX_TEMPFAIL",
        "a temporary failure",
        Verdict::transient(),
        "wait a moment, then run the command again",
    ),
    s(
        76,
        "EX_PROTOCOL",
        "the remote end broke the protocol",
        ambiguous_no(),
        "check that both ends run compatible versions, then run the command again",
    ),
    s(
        77,
        "EX_NOPERM",
        "insufficient permission",
        Verdict::precondition_failed(),
        "run the command as a user with the permission named in `params.stderr`",
    ),
    s(
        78,
        "EX_CONFIG",
        "a configuration error",
        Verdict::precondition_failed(),
        "fix the configuration named in `params.stderr`, then run the command again",
    ),
];

/// Exit 126 (found but cannot execute) and 127 (not found), as every POSIX shell reports them
/// (POSIX `sh`, "Command Search and Execution").
///
/// The command itself was started, so these statuses are about a program *it* tried to run.
/// That program is named when its stderr says so in a known form (`sh: 1: NAME: not found`,
/// `bash: line 1: NAME: command not found`, `zsh: command not found: NAME`,
/// `env: 'NAME': No such file or directory`, `NAME: Permission denied`); otherwise the status
/// is reported as what it is, `EXIT_127` / `EXIT_126` with the convention's meaning in
/// `params.shell_meaning`, `ambiguous`, and the command itself is never said to be missing.
pub(super) fn shell_convention(failure: &Failure<'_>) -> Option<Finding> {
    let Termination::Exited(status) = failure.termination else {
        return None;
    };
    let status = status.get();
    if status != 126 && status != 127 {
        return None;
    }
    let program = failure.program();
    let Some(name) = lines_rev(failure.stderr).find_map(|line| named_in(line, status)) else {
        return Some(unnamed(status, program));
    };
    Some(if status == 127 {
        Finding::new(
            code("COMMAND_NOT_FOUND"),
            Verdict::precondition_failed(),
            format!("command not found: {name}"),
            format!("install `{name}` or fix PATH (check with `command -v {name}`), then run the command again"),
        )
        .param("name", name)
    } else {
        Finding::new(
            code("CANNOT_EXECUTE"),
            Verdict::precondition_failed(),
            format!("found but cannot execute: {name}"),
            format!("check `ls -l {name}`: make it executable with `chmod +x {name}`, or pass a program rather than a directory"),
        )
        .param("name", name)
    })
}

/// The program a shell or `env` could not run, as one stderr `line` names it for `status`.
fn named_in(line: &str, status: u8) -> Option<String> {
    // `zsh: command not found: NAME`
    if let Some(name) = line
        .split_once("command not found: ")
        .map(|(_, n)| n.trim())
    {
        return (status == 127 && !name.is_empty()).then(|| name.to_owned());
    }
    // `env: 'NAME': No such file or directory`, `timeout: failed to run command 'NAME': …`
    let errno_suffix = if status == 127 {
        ": No such file or directory"
    } else {
        ": Permission denied"
    };
    if let Some(head) = line.strip_suffix(errno_suffix) {
        let runner = head.split(": ").next().unwrap_or("");
        if (["env", "timeout", "nohup", "nice", "stdbuf", "xargs"].contains(&runner)
            || head.contains("failed to run command "))
            && let Some(name) = super::quoted(&head[runner.len()..]).filter(|n| !n.is_empty())
        {
            return Some(name.to_owned());
        }
    }
    // `sh: 1: NAME: not found`, `bash: line 1: NAME: command not found`, `NAME: Permission denied`
    let head = if status == 127 {
        line.strip_suffix(": command not found")
            .or_else(|| line.strip_suffix(": not found"))?
    } else {
        line.strip_suffix(": Permission denied")
            .or_else(|| line.strip_suffix(": Is a directory"))?
    };
    let name = head.rsplit(": ").next()?.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

/// Exit 127 or 126 with no program named: the status and what shells use it for, `ambiguous`.
fn unnamed(status: u8, program: &str) -> Finding {
    let (meaning, recovery) = if status == 127 {
        (
            "command not found",
            format!(
                "run `{program}` again by hand to see which program it could not find, then install that program or fix PATH"
            ),
        )
    } else {
        (
            "found but cannot execute",
            format!(
                "run `{program}` again by hand to see which program it could not execute, then check that program with `ls -l`"
            ),
        )
    };
    Finding::new(
        code(&format!("EXIT_{status}")),
        ambiguous_no(),
        format!(
            "exited {status}, the status shells use for \"{meaning}\", without naming a program"
        ),
        recovery,
    )
    .param("shell_meaning", meaning)
}

/// An exit status of 129..=192: a shell reporting that its child died of signal `status - 128`
/// (`yes | head -1` leaves 141 = 128 + SIGPIPE).
pub(super) fn signal_by_status(failure: &Failure<'_>) -> Option<Finding> {
    let Termination::Exited(status) = failure.termination else {
        return None;
    };
    let n = status.get().checked_sub(128)?;
    (1..=signal::SIGRTMAX)
        .contains(&n)
        .then(|| signal::finding(n, true))
}

/// The sysexits of `<sysexits.h>`, 64..=78.
pub(super) fn sysexits(failure: &Failure<'_>) -> Option<Finding> {
    let Termination::Exited(status) = failure.termination else {
        return None;
    };
    let entry = SYSEXITS.iter().find(|e| e.status == status.get())?;
    let program = failure.program();
    Some(
        Finding::new(
            code(entry.name),
            entry.verdict,
            entry.meaning,
            entry.recovery.replace("{program}", program),
        )
        .param("sysexit", entry.name),
    )
}

/// What nothing else knows: `EXIT_<n>`, `ambiguous`, `retry: no`.
pub(super) fn unknown(failure: &Failure<'_>) -> Finding {
    let status = failure.termination.exit_status().get();
    let program = failure.program();
    let recovery = if failure.stderr.trim().is_empty() {
        format!(
            "run `{program}` again by hand or with its verbose flag to find out why it exited {status}; it printed nothing on stderr"
        )
    } else {
        format!(
            "read `params.stderr` and `{program} --help` to find out why it exited {status}, fix the cause, then run it again"
        )
    };
    Finding::new(
        code(&format!("EXIT_{status}")),
        ambiguous_no(),
        format!("exited {status} for a reason its output does not state in a known form"),
        recovery,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorClass, ExitStatus};

    fn exited(status: u8, stderr: &str) -> Finding {
        let command = [String::from("sh"), String::from("-c"), String::from("x")];
        let failure = Failure {
            command: &command,
            termination: Termination::Exited(
                ExitStatus::new(status).unwrap_or(ExitStatus::FAILURE),
            ),
            stdout: "",
            stderr,
            stderr_bytes: stderr.len() as u64,
        };
        failure.finding()
    }

    #[test]
    fn every_sysexit_is_known_and_consistent() {
        for e in SYSEXITS {
            let f = exited(e.status, "");
            assert_eq!(f.code.as_str(), e.name);
            assert!(f.verdict.class().allows(f.verdict.retry()));
        }
        assert_eq!(exited(75, "").verdict, Verdict::transient());
        assert_eq!(
            exited(78, "").verdict.class(),
            ErrorClass::PreconditionFailed
        );
    }

    #[test]
    fn the_shell_names_what_it_could_not_run() {
        let f = exited(127, "sh: 1: deploy-tool: not found\n");
        assert_eq!(f.code.as_str(), "COMMAND_NOT_FOUND");
        assert_eq!(f.message, "command not found: deploy-tool");
        let f = exited(126, "sh: 1: ./run.sh: Permission denied\n");
        assert_eq!(f.code.as_str(), "CANNOT_EXECUTE");
        assert!(f.recovery.contains("chmod +x ./run.sh"));
        let f = exited(127, "zsh: command not found: deploy-tool\n");
        assert_eq!(f.message, "command not found: deploy-tool");
        let f = exited(
            127,
            "env: \u{2018}nosuchprog\u{2019}: No such file or directory\n",
        );
        assert_eq!(f.message, "command not found: nosuchprog");
        let f = exited(127, "env: 'nosuchprog': No such file or directory\n");
        assert_eq!(f.params, [("name".to_owned(), "nosuchprog".into())]);
        let f = exited(126, "env: \u{2018}/etc/passwd\u{2019}: Permission denied\n");
        assert_eq!(f.message, "found but cannot execute: /etc/passwd");
    }

    #[test]
    fn a_bare_126_or_127_never_blames_the_command_itself() {
        for (status, meaning) in [
            (127, "command not found"),
            (126, "found but cannot execute"),
        ] {
            let f = exited(status, "");
            assert_eq!(f.code.as_str(), format!("EXIT_{status}"));
            assert_eq!(f.verdict.class(), ErrorClass::Ambiguous);
            assert!(f.message.contains(meaning), "{}", f.message);
            assert!(!f.message.contains(": sh"), "{}", f.message);
            assert!(!f.recovery.contains("chmod +x sh"), "{}", f.recovery);
            assert_eq!(f.params, [("shell_meaning".to_owned(), meaning.into())]);
        }
        // A line of prose that merely ends like a shell's report names nothing.
        let f = exited(127, "cat: 'notes.txt': No such file or directory\n");
        assert_eq!(f.code.as_str(), "EXIT_127");
    }

    #[test]
    fn statuses_above_128_are_signals_and_others_are_unknown() {
        assert_eq!(exited(137, "").code.as_str(), "SIGKILL");
        assert_eq!(exited(141, "").code.as_str(), "SIGPIPE");
        assert_eq!(exited(255, "").code.as_str(), "EXIT_255");
        let f = exited(3, "");
        assert_eq!(f.code.as_str(), "EXIT_3");
        assert!(f.recovery.contains("printed nothing on stderr"));
    }
}
