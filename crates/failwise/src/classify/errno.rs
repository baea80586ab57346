//! errno: the names of `<errno.h>` (Linux numbering), their strerror texts (glibc), and what
//! each says about retrying.
//!
//! Both spellings are stable by contract: programs print the strerror text
//! (`cat: x: No such file or directory`, Rust's `(os error 2)`, Python's `[Errno 2] …`) or the
//! name itself (Node's `code: 'ECONNREFUSED'`, npm's `code ETIMEDOUT`). The name becomes the
//! envelope's code.

use std::sync::LazyLock;

use super::{Failure, Finding, lines_rev, quoted};
use crate::phrase::Phrase;
use crate::verdict::{ErrorClass, Retry, Verdict};

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

/// The errno table, read once from `errno.tsv` (one errno a line: name, Linux number, class,
/// retry, strerror text; see the file's header). It reads as a slice
/// (`TABLE.iter()`, `TABLE.len()`, `TABLE[0]`) and iterates as one (`for e in TABLE`), in the
/// file's order: longer texts come before texts they contain (`ENFILE` before `EMFILE`).
pub const TABLE: Table = Table;

/// The errno table as data: see [`TABLE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table;

/// The text of the table, embedded in the library.
const DATA: &str = include_str!("errno.tsv");

static ROWS: LazyLock<Vec<Errno>> = LazyLock::new(|| DATA.lines().filter_map(row).collect());

/// One line of `errno.tsv` as an [`Errno`]; `None` for a comment, a blank line, or a line that
/// does not have the five columns with a known class and retry verdict the class admits (a
/// test holds that every line that is not a comment reads).
fn row(line: &'static str) -> Option<Errno> {
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let mut columns = line.split('\t');
    let mut next = || columns.next().filter(|c| !c.is_empty());
    let (name, number, class, retry, text) = (next()?, next()?, next()?, next()?, next()?);
    if columns.next().is_some() {
        return None;
    }
    let retry = match retry {
        "yes" => Retry::Yes,
        "no" => Retry::No,
        "unknown" => Retry::Unknown,
        _ => return None,
    };
    Some(Errno {
        name,
        number: number.parse().ok()?,
        text,
        verdict: Verdict::new(ErrorClass::parse(class)?, retry).ok()?,
    })
}

impl std::ops::Deref for Table {
    type Target = [Errno];

    fn deref(&self) -> &[Errno] {
        &ROWS
    }
}

impl IntoIterator for Table {
    type Item = &'static Errno;
    type IntoIter = std::slice::Iter<'static, Errno>;

    fn into_iter(self) -> Self::IntoIter {
        ROWS.iter()
    }
}

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
    TABLE.into_iter().find(|e| e.name == name)
}

/// The errno with Linux number `number`.
pub fn by_number(number: u16) -> Option<&'static Errno> {
    TABLE.into_iter().find(|e| e.number == number)
}

/// The errno whose strerror text occurs in `line` (ASCII case ignored, as Node and libuv
/// print it in lowercase).
pub fn by_text(line: &str) -> Option<&'static Errno> {
    let lower = line.to_ascii_lowercase();
    TABLE
        .into_iter()
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
                    .arg("subject", super::shell_word(s).into_owned())
                    .arg("ls_ld", format!("ls -ld {}", super::shell_word(s))),
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
    fn every_line_of_the_table_that_is_not_a_comment_reads() {
        let rows = DATA
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .count();
        assert_eq!(TABLE.len(), rows);
        assert_eq!(TABLE[0].name, "EPERM");
    }

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
