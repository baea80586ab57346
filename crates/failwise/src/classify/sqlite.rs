//! sqlite3: the primary result codes of SQLite (`SQLITE_BUSY` …, sqlite.org/rescode.html) and
//! their fixed `sqlite3_errstr()` texts, as the `sqlite3` shell prints them:
//! `Error: in prepare, database is locked (5)`; the shell's exit status is 1 or the result
//! code.

use super::{Failure, Finding, ambiguous_no, code, lines_rev};
use crate::phrase::Phrase;
use crate::verdict::Verdict;

/// Primary result code, name, `sqlite3_errstr()` text, verdict. The recovery of each is the
/// Fluent message `<NAME>-recovery`.
pub(super) const CODES: &[(u8, &str, &str, Verdict)] = &[
    (1, "SQLITE_ERROR", "SQL logic error", Verdict::permanent()),
    (2, "SQLITE_INTERNAL", "internal logic error", ambiguous_no()),
    (
        3,
        "SQLITE_PERM",
        "access permission denied",
        Verdict::precondition_failed(),
    ),
    (4, "SQLITE_ABORT", "query aborted", Verdict::ambiguous()),
    (5, "SQLITE_BUSY", "database is locked", Verdict::transient()),
    (
        6,
        "SQLITE_LOCKED",
        "database table is locked",
        Verdict::transient(),
    ),
    (7, "SQLITE_NOMEM", "out of memory", Verdict::transient()),
    (
        8,
        "SQLITE_READONLY",
        "attempt to write a readonly database",
        Verdict::precondition_failed(),
    ),
    (9, "SQLITE_INTERRUPT", "interrupted", Verdict::ambiguous()),
    (10, "SQLITE_IOERR", "disk I/O error", Verdict::ambiguous()),
    (
        11,
        "SQLITE_CORRUPT",
        "database disk image is malformed",
        Verdict::permanent(),
    ),
    (
        13,
        "SQLITE_FULL",
        "database or disk is full",
        Verdict::precondition_failed(),
    ),
    (
        14,
        "SQLITE_CANTOPEN",
        "unable to open database file",
        Verdict::precondition_failed(),
    ),
    (
        15,
        "SQLITE_PROTOCOL",
        "locking protocol",
        Verdict::transient(),
    ),
    (
        17,
        "SQLITE_SCHEMA",
        "database schema has changed",
        Verdict::transient(),
    ),
    (
        18,
        "SQLITE_TOOBIG",
        "string or blob too big",
        Verdict::permanent(),
    ),
    (
        19,
        "SQLITE_CONSTRAINT",
        "constraint failed",
        Verdict::conflict(),
    ),
    (
        20,
        "SQLITE_MISMATCH",
        "datatype mismatch",
        Verdict::permanent(),
    ),
    (
        21,
        "SQLITE_MISUSE",
        "bad parameter or other API misuse",
        Verdict::permanent(),
    ),
    (
        23,
        "SQLITE_AUTH",
        "authorization denied",
        Verdict::precondition_failed(),
    ),
    (
        25,
        "SQLITE_RANGE",
        "column index out of range",
        Verdict::permanent(),
    ),
    (
        26,
        "SQLITE_NOTADB",
        "file is not a database",
        Verdict::permanent(),
    ),
];

/// The sqlite rule: a line ending in `(N)` from the sqlite3 shell, or one of SQLite's fixed
/// texts such as `database is locked`.
pub(super) fn finding(failure: &Failure<'_>) -> Option<Finding> {
    let is_sqlite = failure.program().starts_with("sqlite");
    for line in lines_rev(failure.stderr) {
        let numbered = is_sqlite.then(|| result_code(line)).flatten();
        let entry = numbered
            .and_then(|n| CODES.iter().find(|c| c.0 == n))
            .or_else(|| {
                // Only the texts that name a database are specific enough to read anywhere.
                CODES
                    .iter()
                    .find(|c| c.2.contains("database") && line.contains(c.2))
            })
            .or_else(|| {
                let sql_error = ["no such table: ", "no such column: ", "syntax error"];
                (is_sqlite && sql_error.iter().any(|t| line.contains(t))).then_some(&CODES[0])
            });
        if let Some(&(n, name, text, verdict)) = entry {
            let detail = line
                .strip_prefix("Error: ")
                .unwrap_or(line)
                .trim_end_matches(&format!(" ({n})"))
                .trim()
                .to_owned();
            let message = if detail.is_empty() {
                text.to_owned()
            } else {
                detail
            };
            // SQLite's own text is the message (`params.detail`, kept as read).
            let recovery = Phrase::new(format!("{name}-recovery"));
            return Some(
                Finding::new(code(name), verdict, Phrase::new("sqlite-message"), recovery)
                    .param("sqlite_code", n)
                    .param("detail", message),
            );
        }
    }
    None
}

/// The primary result code at the end of a line: `… (5)` → 5; extended codes (`(2067)`)
/// reduce to their primary code (the low 8 bits).
fn result_code(line: &str) -> Option<u8> {
    let inner = line.strip_suffix(')')?.rsplit_once('(')?.1;
    let n: u32 = inner.parse().ok()?;
    u8::try_from(n & 0xff).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extended_codes_reduce_to_primary() {
        assert_eq!(
            result_code("Error: stepping, UNIQUE constraint failed: t.x (2067)"),
            Some(19)
        );
        assert_eq!(
            result_code("Error: in prepare, database is locked (5)"),
            Some(5)
        );
        assert_eq!(result_code("no code here"), None);
    }
}
