//! A command that could not be started is itself a failure, reported with the status a shell
//! would give it: 127 when it is not found, 126 when it is found but cannot be executed
//! (POSIX `sh`, "Command Search and Execution").

use std::io;

use super::{code, errno};
use crate::code::ExitStatus;
use crate::envelope::Envelope;
use crate::phrase::Phrase;
use crate::verdict::Verdict;

/// The envelope for `command` whose start failed with `error`, with `nearby` naming the
/// closest executables the caller found (best first; may be empty).
///
/// `NotFound` becomes `COMMAND_NOT_FOUND` (exit 127); running out of what a process needs to
/// start (`EMFILE`, `ENFILE`, `EAGAIN`, `ENOMEM`) becomes that errno, with its verdict and
/// recovery (exit 126); every other error (`EACCES` for a file without the execute bit or a
/// directory, `E2BIG`, …) becomes `CANNOT_EXECUTE` (exit 126) with the errno name in
/// `params.errno`.
///
/// # Examples
///
/// ```
/// use failwise::classify::spawn_failure;
/// let command = vec![String::from("gti"), String::from("status")];
/// let error = std::io::Error::from(std::io::ErrorKind::NotFound);
/// let envelope = spawn_failure(&command, &error, vec![String::from("git")]);
/// assert_eq!((envelope.code().as_str(), envelope.exit().get()), ("COMMAND_NOT_FOUND", 127));
/// assert_eq!(envelope.nearby(), ["git"]);
/// ```
pub fn spawn_failure(command: &[String], error: &io::Error, nearby: Vec<String>) -> Envelope {
    let program = command.first().map_or("", String::as_str);
    let errno = error
        .raw_os_error()
        .and_then(|n| u16::try_from(n).ok())
        .and_then(errno::by_number);
    let not_found = error.kind() == io::ErrorKind::NotFound;
    let is_directory =
        !not_found && program.contains('/') && std::path::Path::new(program).is_dir();
    // Out of a resource the process needs to start (open files, processes, memory): the
    // program itself is fine, and the errno says what to do.
    let exhausted = errno.filter(|e| matches!(e.name, "EMFILE" | "ENFILE" | "EAGAIN" | "ENOMEM"));
    if let Some(e) = exhausted {
        return Envelope::draft(
            code(e.name),
            ExitStatus::new(126).unwrap_or(ExitStatus::FAILURE),
            "",
        )
        .message_phrase(Phrase::new("spawn-exhausted-message").phrase("text", e.text_phrase()))
        .verdict(e.verdict)
        .param("program", program)
        .param("command", command.to_vec())
        .param("errno", e.name)
        .with_recovery_phrase(Phrase::new(format!("errno-{}-recovery", e.name)));
    }
    let (name, status, message, recovery) = if not_found {
        (
            "COMMAND_NOT_FOUND",
            127,
            Phrase::new("spawn-not-found-message"),
            Phrase::new("spawn-not-found-recovery"),
        )
    } else if is_directory {
        (
            "CANNOT_EXECUTE",
            126,
            Phrase::new("spawn-directory-message"),
            Phrase::new("spawn-directory-recovery"),
        )
    } else {
        // The errno's strerror text, else the OS's own words, kept as read.
        let message = Phrase::new("spawn-cannot-execute-message");
        let message = match errno {
            Some(e) => message.phrase("text", e.text_phrase()),
            None => message.arg("text", error.to_string()),
        };
        // An errno that says what is wrong with the file or the call has its own recovery;
        // the others (EACCES, …) are about the execute bit.
        let own = errno
            .filter(|e| matches!(e.name, "ENOEXEC" | "ENAMETOOLONG" | "E2BIG" | "ETXTBSY"))
            .map(|e| {
                let word = super::shell_word(program).into_owned();
                Phrase::new(format!("errno-{}-recovery", e.name)).arg("subject", word)
            });
        (
            "CANNOT_EXECUTE",
            126,
            message,
            own.unwrap_or_else(|| Phrase::new("spawn-cannot-execute-recovery")),
        )
    };
    // Inside a command the recovery names, the program is one shell word.
    let word = super::shell_word(program).into_owned();
    let mut draft = Envelope::draft(
        code(name),
        ExitStatus::new(status).unwrap_or(ExitStatus::FAILURE),
        "",
    )
    .message_phrase(message)
    .verdict(Verdict::precondition_failed())
    .param("program", program)
    .param("command", command.to_vec());
    if let Some(e) = errno {
        draft = draft.param("errno", e.name);
    }
    if is_directory {
        draft = draft.param("is_directory", true);
    }
    draft
        .nearby(nearby)
        .with_recovery_phrase(recovery.arg("program_word", word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_out_of_open_files_is_that_errno_not_a_program_that_cannot_run() {
        let command = vec![
            String::from("sh"),
            String::from("-c"),
            String::from("exit 3"),
        ];
        let error = io::Error::from_raw_os_error(24);
        let envelope = spawn_failure(&command, &error, Vec::new());
        assert_eq!(envelope.code().as_str(), "EMFILE");
        assert_eq!(
            envelope.message(),
            "sh: could not be started: too many open files"
        );
        assert!(
            envelope.recovery().contains("ulimit -n"),
            "{}",
            envelope.recovery()
        );
        assert!(!envelope.recovery().contains("chmod"));
    }
}
