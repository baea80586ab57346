//! pip: its fixed `ERROR:` lines (pip 20+, `pip/_internal`), named `PIP_<PHRASE>`.
//!
//! A pip error caused by an OS error (`[Errno 13] Permission denied`) is left to the errno
//! rule, which reads it from the same line.

use super::{Failure, Finding, code, packs};
use crate::phrase::Phrase;
use crate::verdict::Verdict;

/// The pip rule.
pub(super) fn finding(failure: &Failure<'_>) -> Option<Finding> {
    let stderr = failure.stderr;
    if let Some(req) = after(stderr, "ERROR: No matching distribution found for ") {
        // `(from versions: 1.0, 1.1)`: the versions that exist are the near misses.
        let nearby: Vec<String> = after(stderr, "(from versions: ")
            .map(|v| v.trim_end_matches(')'))
            .filter(|v| *v != "none")
            .map(|v| v.split(", ").map(str::to_owned).collect())
            .unwrap_or_default();
        let mut f = Finding::fixed(code("PIP_NO_MATCHING_DISTRIBUTION"), Verdict::permanent())
            .param("requirement", req);
        f.nearby = nearby;
        return Some(f);
    }
    if let Some(req) = after(stderr, "ERROR: Invalid requirement: ") {
        let req = req.trim_matches('\'');
        return Some(
            Finding::fixed(code("PIP_INVALID_REQUIREMENT"), Verdict::permanent())
                .param("requirement", req),
        );
    }
    if stderr.contains("ResolutionImpossible") || stderr.contains("conflicting dependencies") {
        return Some(Finding::fixed(
            code("PIP_RESOLUTION_IMPOSSIBLE"),
            Verdict::conflict(),
        ));
    }
    if stderr.contains("error: externally-managed-environment") {
        return Some(Finding::fixed(
            code("PIP_EXTERNALLY_MANAGED_ENVIRONMENT"),
            Verdict::precondition_failed(),
        ));
    }
    if let Some(status) = after(stderr, "HTTP error ").and_then(|s| s.get(..3)?.parse::<u16>().ok())
    {
        return Some(
            Finding::new(
                code(&format!("HTTP_{status}")),
                packs::http_status_verdict(status),
                Phrase::new("pip-http-message"),
                Phrase::new("pip-http-recovery"),
            )
            .param("http_status", status),
        );
    }
    None
}

/// The rest of the first line that contains `marker`, after it.
fn after<'t>(text: &'t str, marker: &str) -> Option<&'t str> {
    let at = text.find(marker)? + marker.len();
    Some(text[at..].lines().next().unwrap_or_default().trim())
}
