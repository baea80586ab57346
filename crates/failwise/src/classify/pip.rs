//! pip: its fixed `ERROR:` lines (pip 20+, `pip/_internal`), named `PIP_<PHRASE>`.
//!
//! A pip error caused by an OS error (`[Errno 13] Permission denied`) is left to the errno
//! rule, which reads it from the same line.

use super::{Failure, Finding, code, curl};
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
        let mut f = Finding::new(
            code("PIP_NO_MATCHING_DISTRIBUTION"),
            Verdict::permanent(),
            format!("no matching distribution found for {req}"),
            format!("check the requirement `{req}` with `pip index versions {req}` (and `--index-url`/`--find-links`), then pass a version that exists"),
        )
        .param("requirement", req);
        f.nearby = nearby;
        return Some(f);
    }
    if let Some(req) = after(stderr, "ERROR: Invalid requirement: ") {
        let req = req.trim_matches('\'');
        return Some(
            Finding::new(
                code("PIP_INVALID_REQUIREMENT"),
                Verdict::permanent(),
                format!("invalid requirement: {req}"),
                "write the requirement as PEP 508 describes, such as `name>=1.0`",
            )
            .param("requirement", req),
        );
    }
    if stderr.contains("ResolutionImpossible") || stderr.contains("conflicting dependencies") {
        return Some(Finding::new(
            code("PIP_RESOLUTION_IMPOSSIBLE"),
            Verdict::conflict(),
            "the requested packages have conflicting dependencies",
            "loosen the version pins named in `params.stderr` so that one set of versions satisfies all of them",
        ));
    }
    if stderr.contains("error: externally-managed-environment") {
        return Some(Finding::new(
            code("PIP_EXTERNALLY_MANAGED_ENVIRONMENT"),
            Verdict::precondition_failed(),
            "the environment is externally managed (PEP 668)",
            "create a virtual environment with `python3 -m venv .venv` and install there",
        ));
    }
    if let Some(status) = after(stderr, "HTTP error ").and_then(|s| s.get(..3)?.parse::<u16>().ok())
    {
        return Some(
            Finding::new(
                code(&format!("HTTP_{status}")),
                curl::http_verdict(status),
                format!("the package index answered HTTP {status}"),
                "check the index URL (`pip config list`) and run the command again once it answers",
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
