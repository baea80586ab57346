//! ssh: exit 255 is ssh's own failure (OpenSSH `ssh(1)`: "ssh exits with the exit status of
//! the remote command or with 255 if an error occurred"); its fixed messages say which.
//!
//! Any other status is the remote command's own and is left to the other rules.

use super::{Failure, Finding, Termination, ambiguous_no, code, errno, lines_rev};
use crate::phrase::Phrase;
use crate::verdict::Verdict;

/// The ssh rule: a program named ssh (or scp, sftp) that exited 255.
pub(super) fn finding(failure: &Failure<'_>) -> Option<Finding> {
    let Termination::Exited(status) = failure.termination else {
        return None;
    };
    let program = failure.program();
    if status.get() != 255 || !matches!(program, "ssh" | "scp" | "sftp") {
        return None;
    }
    let found = lines_rev(failure.stderr).find_map(fixed);
    Some(found.unwrap_or_else(|| Finding::fixed(code("SSH_ERROR"), ambiguous_no())))
}

fn fixed(line: &str) -> Option<Finding> {
    // `ssh: connect to host H port P: <strerror>`
    if let Some(rest) = line.strip_prefix("ssh: connect to host ") {
        let (target, cause) = rest.split_once(": ")?;
        let e = errno::by_text(cause)?;
        let (host, port) = target.split_once(" port ")?;
        let mut f = e.finding(cause);
        f.message = Phrase::new("ssh-connect-message").phrase("text", e.text_phrase());
        f.recovery = Some(Phrase::new("ssh-connect-recovery"));
        return Some(
            f.param("host", host)
                .param("port", port.parse::<u16>().unwrap_or(0)),
        );
    }
    if let Some(rest) = line.strip_prefix("ssh: Could not resolve hostname ") {
        let host = rest.split(':').next().unwrap_or_default();
        return Some(
            Finding::fixed(code("SSH_COULD_NOT_RESOLVE_HOSTNAME"), Verdict::transient())
                .param("host", host),
        );
    }
    if line.contains("Permission denied (") {
        return Some(Finding::fixed(
            code("SSH_PERMISSION_DENIED"),
            Verdict::precondition_failed(),
        ));
    }
    if line.starts_with("Host key verification failed") {
        return Some(Finding::fixed(
            code("SSH_HOST_KEY_VERIFICATION_FAILED"),
            Verdict::precondition_failed(),
        ));
    }
    None
}
