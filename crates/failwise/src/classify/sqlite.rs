//! sqlite3: the primary result codes of SQLite (`SQLITE_BUSY` …, sqlite.org/rescode.html) and
//! their fixed `sqlite3_errstr()` texts, as the `sqlite3` shell prints them:
//! `Error: in prepare, database is locked (5)`; the shell's exit status is 1 or the result
//! code.

use super::{Failure, Finding, ambiguous_no, code, lines_rev};
use crate::verdict::Verdict;

/// Primary result code, name, `sqlite3_errstr()` text, verdict, recovery.
pub(super) const CODES: &[(u8, &str, &str, Verdict, &str)] = &[
    (
        1,
        "SQLITE_ERROR",
        "SQL logic error",
        Verdict::permanent(),
        "fix the SQL statement named in `params.stderr` (check the schema with `.schema`)",
    ),
    (
        2,
        "SQLITE_INTERNAL",
        "internal logic error",
        ambiguous_no(),
        "report the failure to SQLite's authors with `params.stderr`",
    ),
    (
        3,
        "SQLITE_PERM",
        "access permission denied",
        Verdict::precondition_failed(),
        "check the database file's permissions with `ls -l`",
    ),
    (
        4,
        "SQLITE_ABORT",
        "query aborted",
        Verdict::ambiguous(),
        "verify what the transaction committed before running it again",
    ),
    (
        5,
        "SQLITE_BUSY",
        "database is locked",
        Verdict::transient(),
        "wait for the other connection to finish its transaction (or set `.timeout MS`), then run the command again",
    ),
    (
        6,
        "SQLITE_LOCKED",
        "database table is locked",
        Verdict::transient(),
        "wait for the conflicting statement on the same connection to finish, then run the command again",
    ),
    (
        7,
        "SQLITE_NOMEM",
        "out of memory",
        Verdict::transient(),
        "free memory, then run the command again",
    ),
    (
        8,
        "SQLITE_READONLY",
        "attempt to write a readonly database",
        Verdict::precondition_failed(),
        "make the database file and its directory writable (`ls -l`), then run the command again",
    ),
    (
        9,
        "SQLITE_INTERRUPT",
        "interrupted",
        Verdict::ambiguous(),
        "verify what the statement committed before running it again",
    ),
    (
        10,
        "SQLITE_IOERR",
        "disk I/O error",
        Verdict::ambiguous(),
        "check the disk with `dmesg`, and verify the database with `PRAGMA integrity_check`",
    ),
    (
        11,
        "SQLITE_CORRUPT",
        "database disk image is malformed",
        Verdict::permanent(),
        "run `PRAGMA integrity_check` and restore the database from a backup (or `.recover`)",
    ),
    (
        13,
        "SQLITE_FULL",
        "database or disk is full",
        Verdict::precondition_failed(),
        "free space on the file system (check with `df -h`), then run the command again",
    ),
    (
        14,
        "SQLITE_CANTOPEN",
        "unable to open database file",
        Verdict::precondition_failed(),
        "check that the database path and its directory exist and are readable (`ls -ld`)",
    ),
    (
        15,
        "SQLITE_PROTOCOL",
        "locking protocol",
        Verdict::transient(),
        "run the command again",
    ),
    (
        17,
        "SQLITE_SCHEMA",
        "database schema has changed",
        Verdict::transient(),
        "run the statement again; it will be prepared against the new schema",
    ),
    (
        18,
        "SQLITE_TOOBIG",
        "string or blob too big",
        Verdict::permanent(),
        "insert a smaller value, or raise SQLITE_MAX_LENGTH",
    ),
    (
        19,
        "SQLITE_CONSTRAINT",
        "constraint failed",
        Verdict::conflict(),
        "read the constraint named in `params.stderr`, then change the row or update the existing one",
    ),
    (
        20,
        "SQLITE_MISMATCH",
        "datatype mismatch",
        Verdict::permanent(),
        "pass a value of the column's type",
    ),
    (
        21,
        "SQLITE_MISUSE",
        "bad parameter or other API misuse",
        Verdict::permanent(),
        "report the misuse to the program's authors",
    ),
    (
        23,
        "SQLITE_AUTH",
        "authorization denied",
        Verdict::precondition_failed(),
        "run the statement as a user the authorizer allows",
    ),
    (
        25,
        "SQLITE_RANGE",
        "column index out of range",
        Verdict::permanent(),
        "bind parameters within the statement's range",
    ),
    (
        26,
        "SQLITE_NOTADB",
        "file is not a database",
        Verdict::permanent(),
        "pass a SQLite database file (check with `file`)",
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
        if let Some(&(n, name, text, verdict, recovery)) = entry {
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
            return Some(
                Finding::new(code(name), verdict, message.clone(), recovery)
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
