//! errno: the names of `<errno.h>` (Linux numbering), their strerror texts (glibc), and what
//! each says about retrying.
//!
//! Both spellings are stable by contract: programs print the strerror text
//! (`cat: x: No such file or directory`, Rust's `(os error 2)`, Python's `[Errno 2] …`) or the
//! name itself (Node's `code: 'ECONNREFUSED'`, npm's `code ETIMEDOUT`). The name becomes the
//! envelope's code.

use super::{Failure, Finding, ambiguous_no, lines_rev, quoted, transient_unknown};
use crate::verdict::Verdict;

/// One errno: its name, Linux number, glibc strerror text, verdict and recovery.
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
    /// What to do; `{subject}` stands for the path or address when one was read.
    recovery: &'static str,
}

const fn e(
    name: &'static str,
    number: u16,
    text: &'static str,
    verdict: Verdict,
    recovery: &'static str,
) -> Errno {
    Errno {
        name,
        number,
        text,
        verdict,
        recovery,
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
    e(
        "EPERM",
        1,
        "Operation not permitted",
        PRECONDITION,
        "run the command as a user allowed to act on {subject}, or change its ownership with `chown`",
    ),
    e(
        "ENOENT",
        2,
        "No such file or directory",
        PERMANENT,
        "check the path with `ls -ld {subject}` and pass one that exists",
    ),
    e(
        "ESRCH",
        3,
        "No such process",
        PERMANENT,
        "list the running processes with `ps -ef` and pass one that exists",
    ),
    e(
        "EINTR",
        4,
        "Interrupted system call",
        TRANSIENT,
        "run the command again",
    ),
    e(
        "EIO",
        5,
        "Input/output error",
        VERIFY,
        "check the device with `dmesg` and verify what was written before running the command again",
    ),
    e(
        "ENXIO",
        6,
        "No such device or address",
        PERMANENT,
        "check that the device {subject} exists with `ls -l`",
    ),
    e(
        "E2BIG",
        7,
        "Argument list too long",
        PERMANENT,
        "pass fewer arguments, for example through `xargs`",
    ),
    e(
        "ENOEXEC",
        8,
        "Exec format error",
        PERMANENT,
        "check the file's type with `file {subject}`: it must be a binary for this machine or start with `#!`",
    ),
    e(
        "EBADF",
        9,
        "Bad file descriptor",
        UNCLEAR,
        "read `params.stderr` to find which descriptor was closed, and report it to the program's authors",
    ),
    e(
        "ECHILD",
        10,
        "No child processes",
        UNCLEAR,
        "read `params.stderr` and report it to the program's authors",
    ),
    e(
        "EAGAIN",
        11,
        "Resource temporarily unavailable",
        TRANSIENT,
        "wait a moment, then run the command again",
    ),
    e(
        "ENOMEM",
        12,
        "Cannot allocate memory",
        TRANSIENT,
        "free memory (check with `free -h`) or raise the limit, then run the command again",
    ),
    e(
        "EACCES",
        13,
        "Permission denied",
        PRECONDITION,
        "check the permissions with `ls -ld {subject}`, then grant access with `chmod` or run as a user who has it",
    ),
    e(
        "EFAULT",
        14,
        "Bad address",
        UNCLEAR,
        "report the failure to the program's authors with `params.stderr`",
    ),
    e(
        "EBUSY",
        16,
        "Device or resource busy",
        TRANSIENT,
        "find what holds {subject} with `fuser -v {subject}`, wait for it to finish, then run the command again",
    ),
    e(
        "EEXIST",
        17,
        "File exists",
        CONFLICT,
        "choose another name, or remove {subject} first if it is no longer needed",
    ),
    e(
        "EXDEV",
        18,
        "Invalid cross-device link",
        PERMANENT,
        "copy the file with `cp` and remove the original instead of renaming across file systems",
    ),
    e(
        "ENODEV",
        19,
        "No such device",
        PERMANENT,
        "check that the device exists with `lsblk`",
    ),
    e(
        "ENOTDIR",
        20,
        "Not a directory",
        PERMANENT,
        "check each component of {subject} with `ls -ld`; one of them is a file, not a directory",
    ),
    e(
        "EISDIR",
        21,
        "Is a directory",
        PERMANENT,
        "pass a file, not the directory {subject}",
    ),
    e(
        "EINVAL",
        22,
        "Invalid argument",
        PERMANENT,
        "check the arguments against the program's `--help`",
    ),
    e(
        "ENFILE",
        23,
        "Too many open files in system",
        TRANSIENT,
        "wait for other programs to close files (see `cat /proc/sys/fs/file-nr`), then run the command again",
    ),
    e(
        "EMFILE",
        24,
        "Too many open files",
        PRECONDITION,
        "raise the open-file limit with `ulimit -n`, then run the command again",
    ),
    e(
        "ENOTTY",
        25,
        "Inappropriate ioctl for device",
        PERMANENT,
        "run the command on a terminal, or pass the flag that makes it non-interactive",
    ),
    e(
        "ETXTBSY",
        26,
        "Text file busy",
        TRANSIENT,
        "wait for the running program {subject} to exit, then run the command again",
    ),
    e(
        "EFBIG",
        27,
        "File too large",
        PRECONDITION,
        "raise the limit with `ulimit -f` or write to a file system that allows larger files",
    ),
    e(
        "ENOSPC",
        28,
        "No space left on device",
        PRECONDITION,
        "free space on the file system (check with `df -h`), then run the command again",
    ),
    e(
        "ESPIPE",
        29,
        "Illegal seek",
        PERMANENT,
        "pass a regular file instead of a pipe",
    ),
    e(
        "EROFS",
        30,
        "Read-only file system",
        PRECONDITION,
        "write to a writable file system, or remount it read-write (check with `findmnt`)",
    ),
    e(
        "EMLINK",
        31,
        "Too many links",
        PRECONDITION,
        "remove unused hard links or subdirectories, then run the command again",
    ),
    e(
        "EPIPE",
        32,
        "Broken pipe",
        VERIFY,
        "check that the reader at the other end stayed open, and verify what was sent before sending it again",
    ),
    e(
        "EDOM",
        33,
        "Numerical argument out of domain",
        PERMANENT,
        "pass a value within the accepted range",
    ),
    e(
        "ERANGE",
        34,
        "Numerical result out of range",
        PERMANENT,
        "pass a value within the accepted range",
    ),
    e(
        "EDEADLK",
        35,
        "Resource deadlock avoided",
        TRANSIENT,
        "run the command again",
    ),
    e(
        "ENAMETOOLONG",
        36,
        "File name too long",
        PERMANENT,
        "pass a shorter path",
    ),
    e(
        "ENOLCK",
        37,
        "No locks available",
        TRANSIENT,
        "wait for other programs to release their locks, then run the command again",
    ),
    e(
        "ENOSYS",
        38,
        "Function not implemented",
        PERMANENT,
        "run the command on a kernel or file system that supports the operation",
    ),
    e(
        "ENOTEMPTY",
        39,
        "Directory not empty",
        CONFLICT,
        "remove the contents of {subject} first (check with `ls -A`), or choose another directory",
    ),
    e(
        "ELOOP",
        40,
        "Too many levels of symbolic links",
        PERMANENT,
        "resolve the symbolic link loop at {subject} (inspect it with `namei -l`)",
    ),
    e(
        "ENODATA",
        61,
        "No data available",
        PERMANENT,
        "check that the attribute or data asked for exists",
    ),
    e(
        "ETIME",
        62,
        "Timer expired",
        LOST,
        "verify whether the operation completed before running the command again",
    ),
    e(
        "ENOLINK",
        67,
        "Link has been severed",
        LOST,
        "check the remote mount, and verify what was written before running the command again",
    ),
    e(
        "EPROTO",
        71,
        "Protocol error",
        UNCLEAR,
        "check that both ends speak the same protocol version",
    ),
    e(
        "EOVERFLOW",
        75,
        "Value too large for defined data type",
        PERMANENT,
        "use a build of the program with large-file support",
    ),
    e(
        "EILSEQ",
        84,
        "Invalid or incomplete multibyte or wide character",
        PERMANENT,
        "check the input's encoding (for example with `file -i`) and convert it with `iconv`",
    ),
    e(
        "EUSERS",
        87,
        "Too many users",
        TRANSIENT,
        "wait for other users to log out, then run the command again",
    ),
    e(
        "ENOTSOCK",
        88,
        "Socket operation on non-socket",
        PERMANENT,
        "pass a socket, not a file",
    ),
    e(
        "EMSGSIZE",
        90,
        "Message too long",
        PERMANENT,
        "send a smaller message",
    ),
    e(
        "EPROTONOSUPPORT",
        93,
        "Protocol not supported",
        PERMANENT,
        "use a protocol this machine supports",
    ),
    e(
        "EOPNOTSUPP",
        95,
        "Operation not supported",
        PERMANENT,
        "run the command on a file system or device that supports the operation",
    ),
    e(
        "EAFNOSUPPORT",
        97,
        "Address family not supported by protocol",
        PERMANENT,
        "use an address family this machine supports (check IPv6 with `ip -6 addr`)",
    ),
    e(
        "EADDRINUSE",
        98,
        "Address already in use",
        CONFLICT,
        "find the process holding the port with `ss -ltnp`, stop it or choose another port",
    ),
    e(
        "EADDRNOTAVAIL",
        99,
        "Cannot assign requested address",
        PRECONDITION,
        "bind to an address this machine has (list them with `ip addr`)",
    ),
    e(
        "ENETDOWN",
        100,
        "Network is down",
        TRANSIENT,
        "bring the network up (check with `ip link`), then run the command again",
    ),
    e(
        "ENETUNREACH",
        101,
        "Network is unreachable",
        TRANSIENT,
        "check the route with `ip route`, then run the command again",
    ),
    e(
        "ENETRESET",
        102,
        "Network dropped connection on reset",
        LOST,
        "verify whether the request landed before sending it again",
    ),
    e(
        "ECONNABORTED",
        103,
        "Software caused connection abort",
        LOST,
        "verify whether the request landed before sending it again",
    ),
    e(
        "ECONNRESET",
        104,
        "Connection reset by peer",
        LOST,
        "verify whether the request landed on {subject} before sending it again",
    ),
    e(
        "ENOBUFS",
        105,
        "No buffer space available",
        TRANSIENT,
        "wait a moment, then run the command again",
    ),
    e(
        "EISCONN",
        106,
        "Transport endpoint is already connected",
        PERMANENT,
        "report the failure to the program's authors with `params.stderr`",
    ),
    e(
        "ENOTCONN",
        107,
        "Transport endpoint is not connected",
        TRANSIENT,
        "check the connection or the mount (for FUSE: `fusermount -u`), then run the command again",
    ),
    e(
        "ESHUTDOWN",
        108,
        "Cannot send after transport endpoint shutdown",
        LOST,
        "verify whether the request landed before sending it again",
    ),
    e(
        "ETIMEDOUT",
        110,
        "Connection timed out",
        LOST,
        "check that {subject} is reachable (for example with `nc -vz`), and verify whether the request landed before sending it again",
    ),
    e(
        "ECONNREFUSED",
        111,
        "Connection refused",
        TRANSIENT,
        "check that the service at {subject} is running and listening (for example with `ss -ltn`), then run the command again",
    ),
    e(
        "EHOSTDOWN",
        112,
        "Host is down",
        TRANSIENT,
        "check that the host {subject} is up, then run the command again",
    ),
    e(
        "EHOSTUNREACH",
        113,
        "No route to host",
        TRANSIENT,
        "check the route to {subject} with `ip route get`, then run the command again",
    ),
    e(
        "EALREADY",
        114,
        "Operation already in progress",
        TRANSIENT,
        "wait for the operation in progress to finish, then run the command again",
    ),
    e(
        "EINPROGRESS",
        115,
        "Operation now in progress",
        TRANSIENT,
        "wait for the operation in progress to finish, then run the command again",
    ),
    e(
        "ESTALE",
        116,
        "Stale file handle",
        TRANSIENT,
        "remount the network file system or reopen {subject}, then run the command again",
    ),
    e(
        "EDQUOT",
        122,
        "Disk quota exceeded",
        PRECONDITION,
        "free space within your quota (check with `quota -s`), then run the command again",
    ),
    e(
        "ECANCELED",
        125,
        "Operation canceled",
        VERIFY,
        "verify what the command finished before running it again",
    ),
    e(
        "EOWNERDEAD",
        130,
        "Owner died",
        VERIFY,
        "verify the state the previous owner left before running the command again",
    ),
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
        let text = self.text.to_ascii_lowercase();
        let message = match &subject {
            Some(s) => format!("{text}: {s}"),
            None => text,
        };
        let recovery = self
            .recovery
            .replace("{subject}", subject.as_deref().unwrap_or("the path"));
        let recovery = recovery.replace("`ls -ld the path`", "`ls -ld`");
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
