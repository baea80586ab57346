//! The Azure CLI (`az`): its rendering of an Azure Resource Manager error, `(<Code>) <message>`
//! followed by `Code: <Code>` and `Message: <message>` lines, with the exit status of az's
//! error type.
//!
//! Source: azure-cli's "Error Handling Guidelines" (doc/error_handling_guidelines.md) and its
//! error types (`azure/cli/core/azclierror.py`): `ArgumentUsageError` and the parser exit 2,
//! `ResourceNotFoundError` exits 3, every other error 1. The ARM code (`ResourceGroupNotFound`,
//! `AuthorizationFailed`) is the service's stable identifier and becomes the code. The
//! verdict comes from az's exit status, which is az's own classification: 3 (the
//! resource does not exist) → `permanent`/`no`; for exit 1 the ARM code says nothing az has
//! classified, so it is `ambiguous`/`no` as any unexplained failure.

use super::{Failure, Finding, ambiguous_no};
use crate::code::Code;
use crate::phrase::Phrase;
use crate::verdict::Verdict;

/// The az rule: applies when stderr holds az's `Code:`/`Message:` pair. The finding carries
/// `params.arm_code`, `params.detail` (the message) and, for exit 3, `params.az_error`
/// (`ResourceNotFoundError`).
pub(super) fn finding(failure: &Failure<'_>) -> Option<Finding> {
    let stderr = failure.stderr;
    let arm_code = value_of(stderr, "Code: ")?;
    let message = value_of(stderr, "Message: ")?;
    if arm_code.is_empty() || !arm_code.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let exit = failure.termination.exit_status().get();
    let verdict = match exit {
        3 => Verdict::permanent(),
        _ => ambiguous_no(),
    };
    let recovery = match exit {
        3 => "az-not-found-recovery",
        _ => "az-recovery",
    };
    // ARM's own message is the message (`params.detail`, kept as read).
    let finding = Finding::new(
        Code::normalize(arm_code, "AZ"),
        verdict,
        Phrase::new("az-message"),
        Phrase::new(recovery),
    )
    .param("arm_code", arm_code)
    .param("detail", fragment(message));
    Some(match exit {
        3 => finding.param("az_error", "ResourceNotFoundError"),
        _ => finding,
    })
}

/// The rest of the first line that starts with `key`.
fn value_of<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|l| l.trim_start().strip_prefix(key))
        .map(str::trim)
}

/// A message as a lowercase fragment without a trailing period, as the envelope's `message`
/// is written.
fn fragment(message: &str) -> String {
    let message = message.trim_end_matches('.');
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::Termination;
    use crate::code::ExitStatus;

    fn failure_with(stderr: &str, exit: u8) -> Option<Finding> {
        let command = vec!["az".to_owned()];
        finding(&Failure {
            command: &command,
            termination: Termination::Exited(ExitStatus::new(exit).expect("non-zero")),
            stdout: "",
            stderr,
            stderr_bytes: stderr.len() as u64,
        })
    }

    #[test]
    fn an_arm_error_takes_its_code_and_az_exit_3_means_not_found() {
        let stderr = "(ResourceGroupNotFound) Resource group 'rg' could not be found.\nCode: ResourceGroupNotFound\nMessage: Resource group 'rg' could not be found.\n";
        let f = failure_with(stderr, 3).expect("a finding");
        assert_eq!(f.code.as_str(), "RESOURCE_GROUP_NOT_FOUND");
        assert_eq!(f.verdict, Verdict::permanent());
        assert_eq!(
            f.params[1],
            (
                "detail".to_owned(),
                "resource group 'rg' could not be found".into()
            )
        );
        let f = failure_with(stderr, 1).expect("a finding");
        assert_eq!(f.verdict, ambiguous_no());
        assert!(failure_with("Code: not a code!\nMessage: m", 1).is_none());
    }
}
