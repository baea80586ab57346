//! Exit statuses with a fixed meaning: the shell's 126 and 127 (POSIX `sh`, "Exit Status for
//! Commands"), 128 + N for a child killed by signal N, and the sysexits of `<sysexits.h>`
//! (64–78); anything else is `EXIT_<n>`, said to be unknown.

use super::{
    Failure, Finding, Termination, ambiguous_no, ambiguous_unknown, code, lines_rev, signal,
};
use crate::phrase::Phrase;
use crate::verdict::Verdict;

/// One sysexit: status, name and verdict; what it means and what to do are the Fluent
/// messages `<NAME>-message` and `<NAME>-recovery`.
pub(super) struct Sysexit {
    pub(super) status: u8,
    pub(super) name: &'static str,
    verdict: Verdict,
}

const fn s(status: u8, name: &'static str, verdict: Verdict) -> Sysexit {
    Sysexit {
        status,
        name,
        verdict,
    }
}

/// `<sysexits.h>`, with the verdict each meaning allows.
pub(super) const SYSEXITS: &[Sysexit] = &[
    s(64, "EX_USAGE", Verdict::permanent()),
    s(65, "EX_DATAERR", Verdict::permanent()),
    s(66, "EX_NOINPUT", Verdict::permanent()),
    s(67, "EX_NOUSER", Verdict::permanent()),
    s(68, "EX_NOHOST", Verdict::permanent()),
    s(69, "EX_UNAVAILABLE", ambiguous_no()),
    s(70, "EX_SOFTWARE", ambiguous_no()),
    s(71, "EX_OSERR", Verdict::ambiguous()),
    s(72, "EX_OSFILE", Verdict::precondition_failed()),
    s(73, "EX_CANTCREAT", Verdict::precondition_failed()),
    s(74, "EX_IOERR", Verdict::ambiguous()),
    s(75, "EX_TEMPFAIL", Verdict::transient()),
    s(76, "EX_PROTOCOL", ambiguous_no()),
    s(77, "EX_NOPERM", Verdict::precondition_failed()),
    s(78, "EX_CONFIG", Verdict::precondition_failed()),
];

/// Exit 126 (found but cannot execute) and 127 (not found), as every POSIX shell reports them
/// (POSIX `sh`, "Command Search and Execution").
///
/// The command itself was started, so these statuses are about a program *it* tried to run.
/// That program is named when its stderr says so in a known form (`sh: 1: NAME: not found`,
/// `bash: line 1: NAME: command not found`, `zsh: command not found: NAME`,
/// `env: 'NAME': No such file or directory`, `NAME: Permission denied`); otherwise this says
/// nothing, the rule packs may know the line (bash's `unbound variable` exits 127 too), and
/// [`shell_status`] reports the status as what it is.
pub(super) fn shell_convention(failure: &Failure<'_>) -> Option<Finding> {
    let Termination::Exited(status) = failure.termination else {
        return None;
    };
    let status = status.get();
    if status != 126 && status != 127 {
        return None;
    }
    let name = lines_rev(failure.stderr).find_map(|line| named_in(line, status))?;
    let (found, kind) = if status == 127 {
        (code("COMMAND_NOT_FOUND"), "not-found")
    } else {
        (code("CANNOT_EXECUTE"), "cannot-execute")
    };
    Some(
        Finding::new(
            found,
            Verdict::precondition_failed(),
            Phrase::new(format!("shell-{kind}-message")),
            Phrase::new(format!("shell-{kind}-recovery")),
        )
        .param("name", name),
    )
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

/// Exit 127 or 126 that neither [`shell_convention`] nor a rule pack read: `EXIT_127` /
/// `EXIT_126` with the convention's meaning in `params.shell_meaning`, `ambiguous`; the command
/// itself is never said to be missing.
pub(super) fn shell_status(failure: &Failure<'_>) -> Option<Finding> {
    let Termination::Exited(status) = failure.termination else {
        return None;
    };
    let status = status.get();
    (status == 126 || status == 127).then(|| unnamed(status))
}

/// Exit 127 or 126 with no program named: the status and what shells use it for, `ambiguous`.
/// `params.shell_meaning` quotes the convention's name for the status (POSIX's words, data
/// on the wire, never translated).
fn unnamed(status: u8) -> Finding {
    let (meaning, kind) = if status == 127 {
        ("command not found", "not-found")
    } else {
        ("found but cannot execute", "cannot-execute")
    };
    Finding::new(
        code(&format!("EXIT_{status}")),
        ambiguous_no(),
        Phrase::new(format!("exit-shell-{kind}-message")).arg("status", status),
        Phrase::new(format!("exit-shell-{kind}-recovery")).arg("status", status),
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
    Some(Finding::fixed(code(entry.name), entry.verdict).param("sysexit", entry.name))
}

/// What nothing else knows: `EXIT_<n>`, `ambiguous`, `retry: no`.
pub(super) fn unknown(failure: &Failure<'_>) -> Finding {
    let status = failure.termination.exit_status().get();
    let recovery = if failure.stderr.trim().is_empty() {
        "exit-unknown-silent-recovery"
    } else {
        "exit-unknown-recovery"
    };
    Finding::new(
        code(&format!("EXIT_{status}")),
        ambiguous_unknown(),
        Phrase::new("exit-unknown-message").arg("status", status),
        Phrase::new(recovery).arg("status", status),
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

    /// The message and recovery `sh -c x` gets for `status` and `stderr`, in English.
    fn texts(status: u8, stderr: &str) -> (String, String) {
        let command = [String::from("sh"), String::from("-c"), String::from("x")];
        let envelope = Failure {
            command: &command,
            termination: Termination::Exited(
                ExitStatus::new(status).unwrap_or(ExitStatus::FAILURE),
            ),
            stdout: "",
            stderr,
            stderr_bytes: stderr.len() as u64,
        }
        .classify();
        (
            envelope.message().to_owned(),
            envelope.recovery().to_owned(),
        )
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
        let stderr = "sh: 1: deploy-tool: not found\n";
        assert_eq!(exited(127, stderr).code.as_str(), "COMMAND_NOT_FOUND");
        assert_eq!(texts(127, stderr).0, "sh: command not found: deploy-tool");
        let stderr = "sh: 1: ./run.sh: Permission denied\n";
        assert_eq!(exited(126, stderr).code.as_str(), "CANNOT_EXECUTE");
        assert!(texts(126, stderr).1.contains("chmod +x ./run.sh"));
        let (message, _) = texts(127, "zsh: command not found: deploy-tool\n");
        assert_eq!(message, "sh: command not found: deploy-tool");
        let (message, _) = texts(
            127,
            "env: \u{2018}nosuchprog\u{2019}: No such file or directory\n",
        );
        assert_eq!(message, "sh: command not found: nosuchprog");
        let f = exited(127, "env: 'nosuchprog': No such file or directory\n");
        assert_eq!(f.params, [("name".to_owned(), "nosuchprog".into())]);
        let (message, _) = texts(126, "env: \u{2018}/etc/passwd\u{2019}: Permission denied\n");
        assert_eq!(message, "sh: found but cannot execute: /etc/passwd");
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
            let (message, recovery) = texts(status, "");
            assert!(message.contains(meaning), "{message}");
            assert!(!message.contains(": sh"), "{message}");
            assert!(!recovery.contains("chmod +x sh"), "{recovery}");
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
        assert_eq!(exited(3, "").code.as_str(), "EXIT_3");
        assert!(texts(3, "").1.contains("printed nothing on stderr"));
    }
}
