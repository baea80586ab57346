//! git's fixed messages: the `fatal:`/`error:` lines its `die()` and `error()` print (exit 128
//! for `fatal:`), named `GIT_<PHRASE>` after the message (git has no codes of its own).
//!
//! Messages are matched as git prints them in the C locale (git 2.x, `builtin/*.c`,
//! `setup.c`, `lockfile.c`); a translated git is left to the errno and exit rules.

use super::{Failure, Finding, ambiguous_no, code, lines_rev, quoted_after};
use crate::verdict::Verdict;

/// The git rule: applies when the program is git or the output carries a git `fatal:` line.
pub(super) fn finding(failure: &Failure<'_>) -> Option<Finding> {
    let is_git = failure.program() == "git";
    if !is_git && !failure.stderr.contains("fatal: ") && !failure.stderr.contains("error: ") {
        return None;
    }
    let stderr = failure.stderr;
    for line in lines_rev(stderr) {
        if let Some(found) = fixed(line, stderr) {
            return Some(found);
        }
    }
    None
}

fn fixed(line: &str, stderr: &str) -> Option<Finding> {
    if line.starts_with("fatal: not a git repository") {
        return Some(Finding::fixed(
            code("GIT_NOT_A_REPOSITORY"),
            Verdict::precondition_failed(),
        ));
    }
    if let Some(rest) = line.strip_prefix("fatal: repository '") {
        let repo = rest.split('\'').next().unwrap_or_default().to_owned();
        if rest.ends_with("not found") || rest.ends_with("does not exist") {
            return Some(
                Finding::fixed(code("GIT_REPOSITORY_NOT_FOUND"), Verdict::permanent())
                    .param("repository", repo),
            );
        }
    }
    if line.starts_with("fatal: Authentication failed for") {
        let url = quoted_after(line, "for ").unwrap_or_default().to_owned();
        return Some(
            Finding::fixed(
                code("GIT_AUTHENTICATION_FAILED"),
                Verdict::precondition_failed(),
            )
            .param("url", url),
        );
    }
    if line.starts_with("fatal: ambiguous argument '") && line.contains("unknown revision") {
        let rev = quoted_after(line, "argument ")
            .unwrap_or_default()
            .to_owned();
        return Some(
            Finding::fixed(code("GIT_UNKNOWN_REVISION"), Verdict::permanent())
                .param("revision", rev),
        );
    }
    if line.starts_with("fatal: Unable to create '") && line.contains(".lock': File exists") {
        let lock = quoted_after(line, "create ").unwrap_or_default().to_owned();
        // Either another git is running (it goes away) or one crashed (it never does): git
        // itself cannot tell, so neither can we.
        let mut f =
            Finding::fixed(code("GIT_LOCK_EXISTS"), ambiguous_no()).param("path", lock.clone());
        f.path = Some(lock);
        return Some(f);
    }
    if line.starts_with("error: failed to push some refs") {
        // The recovery says to pull first when the refs were behind.
        let behind = stderr.contains("(fetch first)") || stderr.contains("(non-fast-forward)");
        return Some(
            Finding::fixed(code("GIT_PUSH_REJECTED"), Verdict::conflict())
                .param("non_fast_forward", behind),
        );
    }
    if line.starts_with("CONFLICT (") || line.starts_with("Automatic merge failed") {
        return Some(Finding::fixed(
            code("GIT_MERGE_CONFLICT"),
            Verdict::conflict(),
        ));
    }
    if line.starts_with("error: Your local changes to the following files would be overwritten") {
        return Some(Finding::fixed(
            code("GIT_LOCAL_CHANGES_WOULD_BE_OVERWRITTEN"),
            Verdict::precondition_failed(),
        ));
    }
    if let Some(r) = line.strip_prefix("fatal: couldn't find remote ref ") {
        return Some(
            Finding::fixed(code("GIT_REMOTE_REF_NOT_FOUND"), Verdict::permanent()).param("ref", r),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::Termination;
    use crate::{ErrorClass, ExitStatus};

    fn git(stderr: &str) -> Option<Finding> {
        let command = [String::from("git"), String::from("status")];
        finding(&Failure {
            command: &command,
            termination: Termination::Exited(ExitStatus::new(128).unwrap_or(ExitStatus::FAILURE)),
            stdout: "",
            stderr,
            stderr_bytes: stderr.len() as u64,
        })
    }

    #[test]
    fn a_lock_file_is_ambiguous_and_names_the_lock() {
        let f = git("fatal: Unable to create '/r/.git/shallow.lock': File exists.\n\nAnother git process seems to be running\n")
            .expect("lock");
        assert_eq!(f.code.as_str(), "GIT_LOCK_EXISTS");
        assert_eq!(f.verdict.class(), ErrorClass::Ambiguous);
        assert_eq!(f.path.as_deref(), Some("/r/.git/shallow.lock"));
    }

    #[test]
    fn free_prose_is_not_read() {
        assert_eq!(git("fatal: the repository is not happy today\n"), None);
    }
}
