//! The tables of standards the rules read through: waits (a `Retry-After` value, seconds or an
//! HTTP-date), HTTP statuses, SQLSTATEs (verdicts by class, names from PostgreSQL's
//! `errcodes.txt`).

use std::collections::BTreeMap;

use serde_json::Value;

use super::format::{Table, Unit, Wait};
use crate::verdict::{ErrorClass, Retry, Verdict};

/// The name of the capture that, when a pattern does not define it, is the command's exit
/// status (for `verdict_from` and `code_from`).
pub(super) const EXIT_CAPTURE: &str = "exit";

/// The value of the capture `name` in `params`, or the exit status for the capture `exit` a
/// pattern does not define.
pub(super) fn capture_value(
    params: &BTreeMap<String, Value>,
    name: &str,
    exit: Option<u8>,
) -> Option<String> {
    match params.get(name) {
        Some(v) => v.as_str().map(str::to_owned),
        None if name == EXIT_CAPTURE => exit.map(|e| e.to_string()),
        None => None,
    }
}

/// The wait a rule's `wait` reads from `params`, in milliseconds, if it can be read.
pub(super) fn wait_ms(wait: &Wait, params: &BTreeMap<String, Value>) -> Option<f64> {
    let text = params.get(&wait.capture)?.as_str()?.trim();
    let factor = match wait.unit {
        Unit::Ms => 1.0,
        Unit::S => 1000.0,
        Unit::Min => 60_000.0,
        Unit::RetryAfter => {
            if let Ok(seconds) = text.parse::<u64>() {
                #[allow(clippy::cast_precision_loss, reason = "a wait in seconds")]
                return Some(seconds as f64 * 1000.0);
            }
            let at = http_date(text)?;
            let since = http_date(params.get(wait.since.as_ref()?)?.as_str()?.trim())?;
            #[allow(clippy::cast_precision_loss, reason = "a wait in seconds")]
            return (at >= since).then(|| (at - since) as f64 * 1000.0);
        }
        Unit::Duration => return go_duration_ms(text),
    };
    Some(text.parse::<f64>().ok()? * factor)
}

/// A duration as Go's `time.Duration.String` prints it (`1h2m3s`, `5m52s`, `1.5s`, `300ms`),
/// in milliseconds: units from hours down, each at most once, `ms` only last; `None` for any
/// other text.
pub(super) fn go_duration_ms(text: &str) -> Option<f64> {
    const UNITS: [(&str, f64); 4] = [
        ("h", 3_600_000.0),
        ("m", 60_000.0),
        ("s", 1000.0),
        ("ms", 1.0),
    ];
    let mut rest = text;
    let mut total = 0.0;
    let mut next = 0;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .filter(|&n| n > 0)?;
        let value: f64 = rest[..digits].parse().ok()?;
        let after = &rest[digits..];
        let unit = if after.starts_with("ms") {
            3
        } else {
            UNITS.iter().position(|(u, _)| after.starts_with(u))?
        };
        if unit < next {
            return None;
        }
        total += value * UNITS[unit].1;
        rest = &after[UNITS[unit].0.len()..];
        next = unit + 1;
    }
    (next > 0).then_some(total)
}

/// An HTTP-date in its preferred form, IMF-fixdate (RFC 9110 §5.6.7:
/// `Tue, 01 Dec 2026 10:03:42 GMT`), as seconds since the Unix epoch; `None` for any other
/// text (the obsolete RFC 850 and asctime forms are not read).
pub(super) fn http_date(text: &str) -> Option<i64> {
    let rest = text.split_once(", ")?.1;
    let mut parts = rest.split(' ');
    let day: i64 = parts.next()?.parse().ok()?;
    let month = parts.next()?;
    let year: i64 = parts.next()?.parse().ok()?;
    let time = parts.next()?;
    if parts.next()? != "GMT" || parts.next().is_some() {
        return None;
    }
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = i64::try_from(MONTHS.iter().position(|m| *m == month)? + 1).ok()?;
    let mut hms = time.split(':').map(|p| p.parse::<i64>().ok());
    let (h, m, s) = (hms.next()??, hms.next()??, hms.next()??);
    if hms.next().is_some() || !(1..=31).contains(&day) || h > 23 || m > 59 || s > 60 {
        return None;
    }
    // Days from the civil date (Howard Hinnant's `days_from_civil`).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400 + h * 3600 + m * 60 + s)
}

/// The verdict of an HTTP status (RFC 9110) for the `http` table, or `None` for a status that
/// is not an error (below 400 or above 599). It is the table the tool readers use
/// (`curl -f`'s exit 22, pip's and npm's HTTP errors): see [`http_status_verdict`].
pub fn http_verdict(status: u16) -> Option<Verdict> {
    (400..=599)
        .contains(&status)
        .then(|| http_status_verdict(status))
}

/// The verdict of an HTTP error status: the dialects' table ([`crate::dialect::rules::http_verdict`]),
/// one table for records and text alike; a status it does not know is `permanent`.
pub fn http_status_verdict(status: u16) -> Verdict {
    crate::dialect::rules::http_verdict(status).unwrap_or_else(Verdict::permanent)
}

/// The verdict of a SQLSTATE (ISO/IEC 9075; the classes of PostgreSQL's Appendix A, "PostgreSQL
/// Error Codes"), or `None` when its class says nothing certain:
/// - `40001` serialization failure, `40P01` deadlock, `55P03` lock not available, class `53`
///   (insufficient resources: too many connections, out of memory) but `53100` disk full, and
///   `57P03` (the server is starting) → `transient`, `yes`: the same transaction may succeed;
/// - class `08` (connection exception) → `transient`, `unknown` (the statement may have run);
///   `57014` (canceled: a statement timeout) → `transient`, `unknown`;
/// - `23505` unique violation → `conflict`, `no`; other class `23` (integrity) → `permanent`;
/// - class `28` (authorization), `3D000` (no such database), `42501` (insufficient
///   privilege), `53100` (disk full), `25006` (read-only transaction) → `precondition_failed`;
/// - classes `22` (data), `42` (syntax or access rule), `0A` (not supported) → `permanent`.
pub fn sqlstate_verdict(state: &str) -> Option<Verdict> {
    let state = state.to_ascii_uppercase();
    let class = state.get(..2)?;
    Some(match (state.as_str(), class) {
        ("40001" | "40P01" | "55P03" | "57P03", _) => Verdict::transient(),
        ("53100" | "42501" | "3D000" | "25006", _) | (_, "28") => Verdict::precondition_failed(),
        (_, "53") => Verdict::transient(),
        ("57014", _) | (_, "08") => Verdict::transient().effect_unknown(),
        ("23505", _) => Verdict::conflict(),
        (_, "23" | "22" | "42" | "0A") => Verdict::permanent(),
        _ => return None,
    })
}

/// The condition name of a SQLSTATE (`40P01` → `deadlock_detected`), as PostgreSQL's
/// `errcodes.txt` names it (`packs/sqlstate.tsv`: every error SQLSTATE PostgreSQL 15 defines),
/// or `None` for a state it does not define.
pub fn sqlstate_name(state: &str) -> Option<&'static str> {
    const TABLE: &str = include_str!("sqlstate.tsv");
    TABLE
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once('\t'))
        .find(|(code, _)| code.eq_ignore_ascii_case(state))
        .map(|(_, name)| name)
}

/// The SQLSTATE a driver names by its condition (`UniqueViolation` → `23505`), or the state
/// itself: a SQLSTATE `packs/sqlstate.tsv` defines (`40P01`, in any case); a condition name of
/// that table in any spelling (`unique_violation`, `UNIQUE_VIOLATION`, psycopg's class
/// `UniqueViolation`, asyncpg's `UniqueViolationError`: compared without case and underscores,
/// a trailing `Error` or `_` left out when the name is not one by itself); or an exception class
/// of a driver that is not named after its condition (`packs/sqlstate-classes.tsv`: asyncpg's
/// `SerializationError` is `40001`). `None` for anything else.
pub fn sqlstate_of(value: &str) -> Option<&'static str> {
    const TABLE: &str = include_str!("sqlstate.tsv");
    const CLASSES: &str = include_str!("sqlstate-classes.tsv");
    let rows = || {
        TABLE
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| line.split_once('\t'))
    };
    let value = value.trim();
    if let Some((code, _)) = rows().find(|(code, _)| code.eq_ignore_ascii_case(value)) {
        return Some(code);
    }
    if let Some(code) = CLASSES
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let mut cols = line.split('\t');
            Some((cols.next()?, cols.next()?))
        })
        .find(|(class, _)| *class == value)
        .map(|(_, code)| code)
    {
        return rows().find(|(c, _)| *c == code).map(|(c, _)| c);
    }
    let folded = |name: &str| -> String {
        name.chars()
            .filter(|c| *c != '_')
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let name = folded(value);
    if name.is_empty() {
        return None;
    }
    let by_name = |name: &str| rows().find(|(_, n)| folded(n) == name).map(|(c, _)| c);
    by_name(&name).or_else(|| by_name(name.strip_suffix("error")?))
}

/// A table of numbered codes a tool documents, as data (`packs/<table>.tsv`): one code a line,
/// `number`, `NAME`, class, retry and a description, separated by tabs; `#` lines are comments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberedTable {
    /// curl's exit codes (`packs/curl-codes.tsv`: libcurl's `CURLE_` names, curl(1) EXIT
    /// CODES).
    Curl,
    /// rsync's exit values (`packs/rsync-codes.tsv`: `RSYNC_` and the words rsync prints for each, its `log.c` `rerr_names`).
    Rsync,
    /// OpenSSL's certificate verification errors (`packs/x509-verify.tsv`: `X509_V_ERR_` names
    /// of `x509_vfy.h`).
    X509,
    /// MySQL's and MariaDB's error numbers (`packs/mysql-codes.tsv`: the server's `ER_` and the
    /// client library's `CR_` symbols).
    Mysql,
    /// SQLite's result codes (`packs/sqlite-codes.tsv`: the primary codes and the extended ones
    /// whose verdict differs); an extended code without a row reads as its primary code.
    Sqlite,
    /// libgit2's error codes (`packs/libgit2-codes.tsv`: `git_error_code` of
    /// `include/git2/errors.h`, its `GIT_E` names), numbered by their absolute value (libgit2's
    /// codes are negative: `code=NotFound (-3)` is row 3, and `-3` reads as `3`).
    Libgit2,
}

impl NumberedTable {
    pub(super) fn text(self) -> &'static str {
        match self {
            Self::Curl => include_str!("curl-codes.tsv"),
            Self::Rsync => include_str!("rsync-codes.tsv"),
            Self::X509 => include_str!("x509-verify.tsv"),
            Self::Mysql => include_str!("mysql-codes.tsv"),
            Self::Sqlite => include_str!("sqlite-codes.tsv"),
            Self::Libgit2 => include_str!("libgit2-codes.tsv"),
        }
    }

    /// Every row: number, name, verdict, description (a row that does not read is left out; a
    /// test reads every row).
    pub fn rows(self) -> impl Iterator<Item = (u16, &'static str, Verdict, &'static str)> {
        self.text().lines().filter_map(numbered_row)
    }

    /// The row of `number` (or of the name, `ER_DUP_ENTRY`): its name and verdict. SQLite's
    /// extended codes without a row read as their primary code: `2067` as `19`,
    /// `SQLITE_BUSY_SNAPSHOT` as `SQLITE_BUSY`.
    pub fn get(self, number: &str) -> Option<(&'static str, Verdict)> {
        let value = number.trim();
        let value = match self {
            Self::Libgit2 => value.strip_prefix('-').unwrap_or(value),
            _ => value,
        };
        let found = |n: u16| self.rows().find(|row| row.0 == n);
        let row = match value.parse::<u16>() {
            Ok(n) => found(n).or_else(|| (self == Self::Sqlite).then(|| found(n & 0xff))?),
            Err(_) => {
                let mut name = value;
                loop {
                    if let Some(row) = self.rows().find(|row| row.1 == name) {
                        break Some(row);
                    }
                    match name.rsplit_once('_') {
                        Some((head, _)) if self == Self::Sqlite && head.contains('_') => {
                            name = head;
                        }
                        _ => break None,
                    }
                }
            }
        };
        row.map(|(_, name, verdict, _)| (name, verdict))
    }
}

/// The google.rpc.Code name of a gRPC status as gRPC libraries print it, for the `grpc`
/// table: the name itself (`UNAVAILABLE`, grpcio's `StatusCode.UNAVAILABLE`), grpc-go's
/// `codes.Code` spelling (`DeadlineExceeded`, and `Canceled` for `CANCELLED`), or the number
/// (`14`); `None` for `OK` and for anything `google/rpc/code.proto` does not define.
pub(super) fn grpc_name(value: &str) -> Option<&'static str> {
    use crate::dialect::rules::GRPC_CODES;
    let name = if let Ok(number) = value.parse::<usize>() {
        GRPC_CODES.get(number)?.to_string()
    } else {
        match failwise_spelling::upper_snake(value, "").trim_start_matches('_') {
            "CANCELED" => "CANCELLED".to_owned(),
            other => other.to_owned(),
        }
    };
    GRPC_CODES
        .iter()
        .find(|n| **n == name && **n != "OK")
        .copied()
}

/// The numbered table a `verdict_from` table reads, if it is one.
pub(super) fn numbered(table: Table) -> Option<NumberedTable> {
    match table {
        Table::Curl => Some(NumberedTable::Curl),
        Table::Rsync => Some(NumberedTable::Rsync),
        Table::X509 => Some(NumberedTable::X509),
        Table::Mysql => Some(NumberedTable::Mysql),
        Table::Sqlite => Some(NumberedTable::Sqlite),
        Table::Libgit2 => Some(NumberedTable::Libgit2),
        Table::Http
        | Table::Sqlstate
        | Table::Jsonrpc
        | Table::Aws
        | Table::Errno
        | Table::Grpc
        | Table::Redis
        | Table::Elasticsearch
        | Table::Kafka
        | Table::Amqp
        | Table::Google
        | Table::Aadsts => None,
    }
}

pub use crate::dialect::named::NamedTable;

/// The named table a `verdict_from` table reads, if it is one.
pub(super) fn named(table: Table) -> Option<NamedTable> {
    match table {
        Table::Redis => Some(NamedTable::Redis),
        Table::Elasticsearch => Some(NamedTable::Elasticsearch),
        Table::Kafka => Some(NamedTable::Kafka),
        Table::Amqp => Some(NamedTable::Amqp),
        Table::Google => Some(NamedTable::Google),
        Table::Aadsts => Some(NamedTable::Aadsts),
        _ => None,
    }
}

fn numbered_row(line: &'static str) -> Option<(u16, &'static str, Verdict, &'static str)> {
    if line.starts_with('#') {
        return None;
    }
    let mut cols = line.split('\t');
    let number = cols.next()?.parse().ok()?;
    let name = cols.next()?;
    let class = crate::verdict::ErrorClass::parse(cols.next()?)?;
    let retry = match cols.next()? {
        "yes" => crate::verdict::Retry::Yes,
        "no" => crate::verdict::Retry::No,
        "unknown" => crate::verdict::Retry::Unknown,
        _ => return None,
    };
    let verdict = Verdict::new(class, retry).ok()?;
    Some((number, name, verdict, cols.next().unwrap_or_default()))
}

/// curl's documented exit codes (`packs/curl-codes.tsv`): number, `CURLE_` name, verdict.
pub fn curl_codes() -> impl Iterator<Item = (u8, &'static str, Verdict)> {
    NumberedTable::Curl
        .rows()
        .filter_map(|(n, name, verdict, _)| Some((u8::try_from(n).ok()?, name, verdict)))
}

/// The getaddrinfo(3) codes with their glibc values (`netdb.h`) and verdicts: `EAI_AGAIN`
/// (the resolver could not answer now) is `transient`, `yes`; a name that does not exist or has
/// no address is `precondition_failed`, `no`; a resolver that failed for good or a system
/// error says no more than that (`ambiguous`, `no`); a bad call is `permanent`, `no`.
const GAI: &[(&str, i32, ErrorClass, Retry)] = &[
    ("EAI_BADFLAGS", -1, ErrorClass::Permanent, Retry::No),
    ("EAI_NONAME", -2, ErrorClass::PreconditionFailed, Retry::No),
    ("EAI_AGAIN", -3, ErrorClass::Transient, Retry::Yes),
    ("EAI_FAIL", -4, ErrorClass::Ambiguous, Retry::No),
    ("EAI_NODATA", -5, ErrorClass::PreconditionFailed, Retry::No),
    ("EAI_FAMILY", -6, ErrorClass::Permanent, Retry::No),
    ("EAI_SOCKTYPE", -7, ErrorClass::Permanent, Retry::No),
    ("EAI_SERVICE", -8, ErrorClass::Permanent, Retry::No),
    (
        "EAI_ADDRFAMILY",
        -9,
        ErrorClass::PreconditionFailed,
        Retry::No,
    ),
    ("EAI_MEMORY", -10, ErrorClass::Transient, Retry::Yes),
    ("EAI_SYSTEM", -11, ErrorClass::Ambiguous, Retry::No),
];

/// The name and verdict of a system error given by its number or its name, for the `errno`
/// table: an errno of the errno table (`111`, `ECONNREFUSED`; its verdict is the table's), or a
/// getaddrinfo code (`-3`, `EAI_AGAIN`; glibc's negative values, as Python prints them in
/// `[Errno -3]`). `None` for anything else.
pub fn errno_entry(value: &str) -> Option<(&'static str, Verdict)> {
    let value = value.trim();
    if let Ok(number) = value.parse::<i32>() {
        if let Some(&(name, _, class, retry)) = GAI.iter().find(|g| g.1 == number) {
            return Some((name, Verdict::new(class, retry).ok()?));
        }
        let errno = crate::classify::errno::by_number(u16::try_from(number).ok()?)?;
        return Some((errno.name, errno.verdict));
    }
    if let Some(&(name, _, class, retry)) = GAI.iter().find(|g| g.0 == value) {
        return Some((name, Verdict::new(class, retry).ok()?));
    }
    let errno = crate::classify::errno::by_name(value)?;
    Some((errno.name, errno.verdict))
}
