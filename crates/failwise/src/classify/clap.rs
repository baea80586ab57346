//! Programs built with clap: its fixed renderings of a usage error (clap 4, `ErrorKind`),
//! recognised by the closing line `For more information, try '--help'.` and exit 2.

use super::{Failure, Finding, code, quoted, quoted_after};
use crate::phrase::Phrase;
use crate::verdict::Verdict;

/// clap's first-line phrases and the `ErrorKind` each renders, as a code.
pub(super) const KINDS: &[(&str, &str)] = &[
    ("error: unexpected argument ", "UNKNOWN_ARGUMENT"),
    ("error: unrecognized subcommand ", "INVALID_SUBCOMMAND"),
    ("error: invalid value ", "INVALID_VALUE"),
    (
        "error: the following required arguments were not provided",
        "MISSING_REQUIRED_ARGUMENT",
    ),
    ("error: a value is required for ", "EMPTY_VALUE"),
    ("error: the argument ", "ARGUMENT_CONFLICT"),
    ("error: unexpected value ", "TOO_MANY_VALUES"),
];

/// The clap rule.
pub(super) fn finding(failure: &Failure<'_>) -> Option<Finding> {
    let stderr = failure.stderr;
    if failure.termination.exit_status().get() != 2
        || !stderr.contains("For more information, try '--help'.")
    {
        return None;
    }
    let first = stderr.lines().find(|l| l.starts_with("error: "))?;
    let (_, kind) = KINDS.iter().find(|(phrase, _)| first.starts_with(phrase))?;
    // clap's own first line is the message (`params.detail`, kept as read).
    let mut f = Finding::new(
        code(kind),
        Verdict::permanent(),
        Phrase::new("clap-message"),
        Phrase::new("clap-recovery"),
    )
    .param("detail", first.trim_start_matches("error: "));
    if let Some(arg) = quoted(first) {
        f = f.param("argument", arg);
    }
    f.nearby = stderr
        .lines()
        .filter(|l| l.trim_start().starts_with("tip: a similar"))
        .filter_map(|l| quoted_after(l, "exists").map(str::to_owned))
        .collect();
    Some(f)
}
