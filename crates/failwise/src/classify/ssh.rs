//! ssh: exit 255 is ssh's own failure (OpenSSH `ssh(1)`: "ssh exits with the exit status of
//! the remote command or with 255 if an error occurred"); its fixed messages say which.
//!
//! Any other status is the remote command's own and is left to the other rules.

use super::{Failure, Finding, Termination, ambiguous_no, code, errno, lines_rev};
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
    Some(found.unwrap_or_else(|| {
        Finding::new(
            code("SSH_ERROR"),
            ambiguous_no(),
            "ssh failed before or while running the remote command",
            "run the same command with `ssh -v` to see which step failed",
        )
    }))
}

fn fixed(line: &str) -> Option<Finding> {
    // `ssh: connect to host H port P: <strerror>`
    if let Some(rest) = line.strip_prefix("ssh: connect to host ") {
        let (target, cause) = rest.split_once(": ")?;
        let e = errno::by_text(cause)?;
        let (host, port) = target.split_once(" port ")?;
        let mut f = e.finding(cause);
        f.message = format!("connect to host {host} port {port}: {}", f.message);
        f.recovery = format!(
            "check that sshd listens on {host} port {port} (for example with `nc -vz {host} {port}`), then run the command again"
        );
        return Some(
            f.param("host", host)
                .param("port", port.parse::<u16>().unwrap_or(0)),
        );
    }
    if let Some(rest) = line.strip_prefix("ssh: Could not resolve hostname ") {
        let host = rest.split(':').next().unwrap_or_default();
        return Some(
            Finding::new(
                code("SSH_COULD_NOT_RESOLVE_HOSTNAME"),
                Verdict::transient(),
                format!("could not resolve hostname {host}"),
                format!("check the host name `{host}` (for example with `getent hosts {host}`) and `~/.ssh/config`, then run the command again"),
            )
            .param("host", host),
        );
    }
    if line.contains("Permission denied (") {
        return Some(Finding::new(
            code("SSH_PERMISSION_DENIED"),
            Verdict::precondition_failed(),
            "permission denied: the server accepted none of the offered credentials",
            "offer a key the server accepts (`ssh-add -l`, `-i KEYFILE`), then run the command again",
        ));
    }
    if line.starts_with("Host key verification failed") {
        return Some(Finding::new(
            code("SSH_HOST_KEY_VERIFICATION_FAILED"),
            Verdict::precondition_failed(),
            "host key verification failed",
            "check the host's key fingerprint, then update `~/.ssh/known_hosts` (see `ssh-keygen -R HOST`)",
        ));
    }
    None
}
