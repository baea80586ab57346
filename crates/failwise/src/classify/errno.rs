//! errno: the names of `<errno.h>` (Linux numbering), their strerror texts (glibc), and what
//! each says about retrying.
//!
//! Both spellings are stable by contract: programs print the strerror text
//! (`cat: x: No such file or directory`, Rust's `(os error 2)`, Python's `[Errno 2] …`) or the
//! name itself (Node's `code: 'ECONNREFUSED'`, npm's `code ETIMEDOUT`). The name becomes the
//! envelope's code.

use super::{Failure, Finding, ambiguous_no, lines_rev, quoted, transient_unknown};
use crate::phrase::Phrase;
use crate::verdict::Verdict;

/// One errno: its name, Linux number, glibc strerror text and verdict. Its sentences are the
/// Fluent messages `errno-<NAME>` (the strerror text as a message shows it) and
/// `errno-<NAME>-recovery`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Errno {
    /// The name, such as `ENOENT`.
    pub name: &'static str,
    /// The number on Linux.
    pub number: u16,
    /// The strerror text, such as `No such file or directory`.
    pub text: &'static str,
    /// What a caller may do.
    pub verdict: Verdict,
}

const fn e(name: &'static str, number: u16, text: &'static str, verdict: Verdict) -> Errno {
    Errno {
        name,
        number,
        text,
        verdict,
    }
}

const PERMANENT: Verdict = Verdict::permanent();
const PRECONDITION: Verdict = Verdict::precondition_failed();
const TRANSIENT: Verdict = Verdict::transient();
const CONFLICT: Verdict = Verdict::conflict();
const LOST: Verdict = transient_unknown();
const UNCLEAR: Verdict = ambiguous_no();
const VERIFY: Verdict = Verdict::ambiguous();

/// The errno table. Longer texts come before texts they contain (`ENFILE` before `EMFILE`).
pub const TABLE: &[Errno] = &[
    e("EPERM", 1, "Operation not permitted", PRECONDITION),
    e("ENOENT", 2, "No such file or directory", PERMANENT),
    e("ESRCH", 3, "No such process", PERMANENT),
    e("EINTR", 4, "Interrupted system call", TRANSIENT),
    e("EIO", 5, "Input/output error", VERIFY),
    e("ENXIO", 6, "No such device or address", PERMANENT),
    e("E2BIG", 7, "Argument list too long", PERMANENT),
    e("ENOEXEC", 8, "Exec format error", PERMANENT),
    e("EBADF", 9, "Bad file descriptor", UNCLEAR),
    e("ECHILD", 10, "No child processes", UNCLEAR),
    e("EAGAIN", 11, "Resource temporarily unavailable", TRANSIENT),
    e("ENOMEM", 12, "Cannot allocate memory", TRANSIENT),
    e("EACCES", 13, "Permission denied", PRECONDITION),
    e("EFAULT", 14, "Bad address", UNCLEAR),
    e("EBUSY", 16, "Device or resource busy", TRANSIENT),
    e("EEXIST", 17, "File exists", CONFLICT),
    e("EXDEV", 18, "Invalid cross-device link", PERMANENT),
    e("ENODEV", 19, "No such device", PERMANENT),
    e("ENOTDIR", 20, "Not a directory", PERMANENT),
    e("EISDIR", 21, "Is a directory", PERMANENT),
    e("EINVAL", 22, "Invalid argument", PERMANENT),
    e("ENFILE", 23, "Too many open files in system", TRANSIENT),
    e("EMFILE", 24, "Too many open files", PRECONDITION),
    e("ENOTTY", 25, "Inappropriate ioctl for device", PERMANENT),
    e("ETXTBSY", 26, "Text file busy", TRANSIENT),
    e("EFBIG", 27, "File too large", PRECONDITION),
    e("ENOSPC", 28, "No space left on device", PRECONDITION),
    e("ESPIPE", 29, "Illegal seek", PERMANENT),
    e("EROFS", 30, "Read-only file system", PRECONDITION),
    e("EMLINK", 31, "Too many links", PRECONDITION),
    e("EPIPE", 32, "Broken pipe", VERIFY),
    e("EDOM", 33, "Numerical argument out of domain", PERMANENT),
    e("ERANGE", 34, "Numerical result out of range", PERMANENT),
    e("EDEADLK", 35, "Resource deadlock avoided", TRANSIENT),
    e("ENAMETOOLONG", 36, "File name too long", PERMANENT),
    e("ENOLCK", 37, "No locks available", TRANSIENT),
    e("ENOSYS", 38, "Function not implemented", PERMANENT),
    e("ENOTEMPTY", 39, "Directory not empty", CONFLICT),
    e("ELOOP", 40, "Too many levels of symbolic links", PERMANENT),
    e("ENODATA", 61, "No data available", PERMANENT),
    e("ETIME", 62, "Timer expired", LOST),
    e("ENOLINK", 67, "Link has been severed", LOST),
    e("EPROTO", 71, "Protocol error", UNCLEAR),
    e(
        "EOVERFLOW",
        75,
        "Value too large for defined data type",
        PERMANENT,
    ),
    e(
        "EILSEQ",
        84,
        "Invalid or incomplete multibyte or wide character",
        PERMANENT,
    ),
    e("EUSERS", 87, "Too many users", TRANSIENT),
    e("ENOTSOCK", 88, "Socket operation on non-socket", PERMANENT),
    e("EMSGSIZE", 90, "Message too long", PERMANENT),
    e("EPROTONOSUPPORT", 93, "Protocol not supported", PERMANENT),
    e("EOPNOTSUPP", 95, "Operation not supported", PERMANENT),
    e(
        "EAFNOSUPPORT",
        97,
        "Address family not supported by protocol",
        PERMANENT,
    ),
    e("EADDRINUSE", 98, "Address already in use", CONFLICT),
    e(
        "EADDRNOTAVAIL",
        99,
        "Cannot assign requested address",
        PRECONDITION,
    ),
    e("ENETDOWN", 100, "Network is down", TRANSIENT),
    e("ENETUNREACH", 101, "Network is unreachable", TRANSIENT),
    e(
        "ENETRESET",
        102,
        "Network dropped connection on reset",
        LOST,
    ),
    e(
        "ECONNABORTED",
        103,
        "Software caused connection abort",
        LOST,
    ),
    e("ECONNRESET", 104, "Connection reset by peer", LOST),
    e("ENOBUFS", 105, "No buffer space available", TRANSIENT),
    e(
        "EISCONN",
        106,
        "Transport endpoint is already connected",
        PERMANENT,
    ),
    e(
        "ENOTCONN",
        107,
        "Transport endpoint is not connected",
        TRANSIENT,
    ),
    e(
        "ESHUTDOWN",
        108,
        "Cannot send after transport endpoint shutdown",
        LOST,
    ),
    e("ETIMEDOUT", 110, "Connection timed out", LOST),
    e("ECONNREFUSED", 111, "Connection refused", TRANSIENT),
    e("EHOSTDOWN", 112, "Host is down", TRANSIENT),
    e("EHOSTUNREACH", 113, "No route to host", TRANSIENT),
    e("EALREADY", 114, "Operation already in progress", TRANSIENT),
    e("EINPROGRESS", 115, "Operation now in progress", TRANSIENT),
    e("ESTALE", 116, "Stale file handle", TRANSIENT),
    e("EDQUOT", 122, "Disk quota exceeded", PRECONDITION),
    e("ECANCELED", 125, "Operation canceled", VERIFY),
    e("EOWNERDEAD", 130, "Owner died", VERIFY),
];

/// Names that are aliases of another errno on Linux.
const ALIASES: &[(&str, &str)] = &[
    ("EWOULDBLOCK", "EAGAIN"),
    ("EDEADLOCK", "EDEADLK"),
    ("ENOTSUP", "EOPNOTSUPP"),
];

/// The errno called `name` (aliases such as `EWOULDBLOCK` read as their Linux twin).
pub fn by_name(name: &str) -> Option<&'static Errno> {
    let name = ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name, |(_, real)| real);
    TABLE.iter().find(|e| e.name == name)
}

/// The errno with Linux number `number`.
pub fn by_number(number: u16) -> Option<&'static Errno> {
    TABLE.iter().find(|e| e.number == number)
}

/// The errno whose strerror text occurs in `line` (ASCII case ignored, as Node and libuv
/// print it in lowercase).
pub fn by_text(line: &str) -> Option<&'static Errno> {
    let lower = line.to_ascii_lowercase();
    TABLE
        .iter()
        .find(|e| lower.contains(&e.text.to_ascii_lowercase()))
}

/// The errno named in `line` as a whole word (`ECONNREFUSED`, `code: 'ENOENT'`).
pub fn named_in(line: &str) -> Option<&'static Errno> {
    line.split(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit()))
        .filter(|word| word.len() > 2 && word.starts_with('E'))
        .find_map(by_name)
}

/// The errno a line names or describes: by name first, then by strerror text.
pub fn in_line(line: &str) -> Option<&'static Errno> {
    named_in(line).or_else(|| by_text(line))
}

impl Errno {
    /// The strerror text as a message shows it: the Fluent message `errno-<NAME>`.
    pub fn text_phrase(&self) -> Phrase {
        Phrase::new(format!("errno-{}", self.name))
    }

    /// The finding for this errno, read from `line` (which gives the path or address).
    pub fn finding(&self, line: &str) -> Finding {
        let subject = subject(line, self);
        let mut verdict = self.verdict;
        let connecting = line
            .split(|c: char| !c.is_ascii_alphabetic())
            .any(|w| w.eq_ignore_ascii_case("connect"));
        if self.name == "ETIMEDOUT" && connecting {
            // A timeout while connecting: nothing was sent, so nothing can have landed.
            verdict = Verdict::transient();
        }
        // `$subject` is the path or address read, else "the path"; `$ls_ld` the command that
        // shows it.
        let recovery = Phrase::new(format!("errno-{}-recovery", self.name));
        let (message, recovery) = match &subject {
            Some(s) => (
                Phrase::new("errno-message").arg("subject", s.clone()),
                recovery
                    .arg("subject", s.clone())
                    .arg("ls_ld", format!("ls -ld {s}")),
            ),
            None => (
                Phrase::new("errno-bare-message"),
                recovery
                    .phrase("subject", Phrase::new("errno-no-subject"))
                    .arg("ls_ld", "ls -ld"),
            ),
        };
        let message = message.phrase("text", self.text_phrase());
        let mut finding = Finding::new(super::code(self.name), verdict, message, recovery)
            .param("errno", self.name);
        if let Some(s) = subject {
            if looks_like_address(&s) {
                finding = finding.param("address", s);
            } else {
                finding = finding.param("path", s.clone());
                finding.path = Some(s);
            }
        }
        finding
    }
}

/// The errno rule: the last stderr line that names or describes an errno.
pub(super) fn finding(failure: &Failure<'_>) -> Option<Finding> {
    lines_rev(failure.stderr).find_map(|line| in_line(line).map(|e| e.finding(line)))
}

/// The path or address a line is about, in the shapes programs print:
/// `prog: PATH: text` (coreutils), `cannot access 'PATH': text`, `[Errno N] text: 'PATH'`
/// (Python), `text, open 'PATH'` (Node), `connect ECONNREFUSED ADDR` (Node).
fn subject(line: &str, errno: &Errno) -> Option<String> {
    let lower = line.to_ascii_lowercase();
    if let Some(at) = lower.find(&errno.text.to_ascii_lowercase()) {
        let after = &line[at + errno.text.len()..];
        // Python and Node put the path after the text.
        if let Some(rest) = after
            .strip_prefix(": ")
            .or_else(|| after.strip_prefix(", "))
            && let Some(q) = quoted(rest)
        {
            return non_empty(q);
        }
        let before = line[..at].trim_end().strip_suffix(':')?;
        let field = before.rsplit(": ").next().unwrap_or(before).trim();
        if let Some(q) = quoted(field) {
            return non_empty(q);
        }
        return (!field.contains(char::is_whitespace) && before.contains(": "))
            .then(|| field.to_owned())
            .filter(|f| !f.is_empty());
    }
    // `connect ECONNREFUSED 127.0.0.1:5432`
    let after = &line[line.find(errno.name)? + errno.name.len()..];
    let word = after.split_whitespace().next()?;
    looks_like_address(word).then(|| word.to_owned())
}

fn non_empty(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_owned())
}

/// `host:port` or `[v6]:port`, with no `/`.
fn looks_like_address(text: &str) -> bool {
    !text.contains('/')
        && text
            .rsplit_once(':')
            .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Code, ErrorClass, Retry};

    #[test]
    fn every_name_is_a_code_and_numbers_are_unique() {
        for (i, e) in TABLE.iter().enumerate() {
            assert!(Code::new(e.name).is_ok(), "{}", e.name);
            assert!(
                TABLE[..i].iter().all(|o| o.number != e.number),
                "{}",
                e.name
            );
            assert!(e.verdict.class().allows(e.verdict.retry()));
        }
    }

    #[test]
    fn a_longer_text_wins_over_the_text_it_contains() {
        assert_eq!(
            by_text("x: Too many open files in system").map(|e| e.name),
            Some("ENFILE")
        );
        assert_eq!(
            by_text("x: Too many open files").map(|e| e.name),
            Some("EMFILE")
        );
    }

    #[test]
    fn paths_are_read_from_the_shapes_programs_print() {
        let cases = [
            (
                "cat: /etc/x.toml: No such file or directory",
                Some("/etc/x.toml"),
            ),
            (
                "ls: cannot access '/a b': No such file or directory",
                Some("/a b"),
            ),
            (
                "ERROR: Could not open requirements file: [Errno 2] No such file or directory: '/r.txt'",
                Some("/r.txt"),
            ),
            (
                "Error: ENOENT: no such file or directory, open '/p.json'",
                Some("/p.json"),
            ),
            (
                "Error: Os { code: 2, kind: NotFound, message: \"No such file or directory\" }",
                None,
            ),
            (
                "Error: connect ECONNREFUSED 127.0.0.1:5432",
                Some("127.0.0.1:5432"),
            ),
            ("some words then No such file or directory", None),
        ];
        for (line, want) in cases {
            let errno = in_line(line).expect(line);
            assert_eq!(subject(line, errno).as_deref(), want, "{line}");
        }
    }

    #[test]
    fn a_connect_timeout_is_safe_to_resend_and_a_read_timeout_is_not() {
        let e = by_name("ETIMEDOUT").expect("ETIMEDOUT");
        assert_eq!(
            e.finding("npm ERR! network connect ETIMEDOUT 1.2.3.4:80")
                .verdict
                .retry(),
            Retry::Yes
        );
        assert_eq!(
            e.finding("read: Connection timed out").verdict.retry(),
            Retry::Unknown
        );
        assert_eq!(
            e.finding("read: Connection timed out").verdict.class(),
            ErrorClass::Transient
        );
    }

    #[test]
    fn aliases_read_as_their_twin() {
        assert_eq!(by_name("EWOULDBLOCK").map(|e| e.number), Some(11));
        assert_eq!(
            named_in("BlockingIOError EWOULDBLOCK").map(|e| e.name),
            Some("EAGAIN")
        );
        assert_eq!(by_number(13).map(|e| e.name), Some("EACCES"));
    }
}
