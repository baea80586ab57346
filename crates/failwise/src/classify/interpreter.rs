//! A script that exists, but whose `#!` interpreter does not: the kernel's `execve` then fails
//! with `ENOENT`, which alone reads as "command not found" although the command was found.
//! Its envelope names the script, the interpreter its first line names, and the executables on
//! PATH nearest to that interpreter's name.
//!
//! The exit status is 126, as bash reports a "bad interpreter" (the command was found but
//! cannot be executed; POSIX `sh`, "Command Search and Execution"). A first line that ends in a
//! carriage return (a script saved with CRLF line endings, so the interpreter's name is
//! `/bin/sh\r`) is said as such, since the interpreter itself is then usually there.

use std::io::Read;
use std::path::Path;

use super::code;
use crate::code::ExitStatus;
use crate::envelope::Envelope;
use crate::phrase::Phrase;
use crate::verdict::Verdict;

/// The most of a file read to find its `#!` line, in bytes (Linux reads at most 256).
const SHEBANG_MAX_BYTES: usize = 256;

/// The interpreter line of a script: `#!INTERPRETER [ARGUMENT]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shebang {
    /// The interpreter's path as written, without a trailing carriage return.
    pub interpreter: String,
    /// Whether the interpreter's name as written ended in a carriage return (CRLF line
    /// endings, no argument).
    pub crlf: bool,
}

impl Shebang {
    /// The interpreter's file name (`python3` for `/usr/bin/python3`), to look up on PATH.
    pub fn name(&self) -> &str {
        self.interpreter
            .rsplit('/')
            .next()
            .unwrap_or(&self.interpreter)
    }
}

/// Reads the `#!` line of the file at `path`: `None` when it cannot be read or does not start
/// with `#!`.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("failwise-shebang-doc-{}", std::process::id()));
/// std::fs::write(&dir, "#!/usr/bin/python9 -u\r\nprint(1)\r\n")?;
/// let line = failwise::classify::shebang(&dir).expect("a #! line");
/// assert_eq!((line.interpreter.as_str(), line.crlf, line.name()), ("/usr/bin/python9", false, "python9"));
/// std::fs::write(&dir, "#!/bin/sh\r\necho hi\r\n")?;
/// assert!(failwise::classify::shebang(&dir).expect("a #! line").crlf);
/// std::fs::remove_file(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn shebang(path: &Path) -> Option<Shebang> {
    let mut head = Vec::with_capacity(SHEBANG_MAX_BYTES);
    std::fs::File::open(path)
        .ok()?
        .take(SHEBANG_MAX_BYTES as u64)
        .read_to_end(&mut head)
        .ok()?;
    let rest = head.strip_prefix(b"#!")?;
    let line = rest.split(|&b| b == b'\n').next().unwrap_or(rest);
    let line = String::from_utf8_lossy(line);
    let line = line.trim_start_matches([' ', '\t']);
    // The kernel splits at the first blank: what follows is one argument. With CRLF line
    // endings and no argument, the carriage return ends the interpreter's own name.
    let word = line.split([' ', '\t']).next().unwrap_or("");
    let crlf = word.ends_with('\r');
    let interpreter = word.trim_end_matches('\r').to_owned();
    (!interpreter.is_empty()).then_some(Shebang { interpreter, crlf })
}

pub use crate::phrase::shell_word;

/// The envelope for `command`, whose program was found at `script` but whose `#!` line names
/// an interpreter that does not exist; `nearby` holds the executables on PATH nearest to the
/// interpreter's name (best first; may be empty).
///
/// Code `INTERPRETER_NOT_FOUND`, exit 126, `precondition_failed`; `params.script`,
/// `params.interpreter`, and `params.crlf` when the line ended in a carriage return.
///
/// ```
/// use failwise::classify::{Shebang, interpreter_missing};
/// let command = vec![String::from("./deploy.py")];
/// let line = Shebang { interpreter: String::from("/usr/bin/python9"), crlf: false };
/// let e = interpreter_missing(&command, "./deploy.py", &line, vec![String::from("python3")]);
/// assert_eq!((e.code().as_str(), e.exit().get()), ("INTERPRETER_NOT_FOUND", 126));
/// assert_eq!(e.params()["interpreter"], "/usr/bin/python9");
/// assert!(e.recovery().contains("#!/usr/bin/env python3"));
/// ```
pub fn interpreter_missing(
    command: &[String],
    script: &str,
    shebang: &Shebang,
    nearby: Vec<String>,
) -> Envelope {
    let program = command.first().map_or("", String::as_str);
    let interpreter = &shebang.interpreter;
    // Inside a command the recovery names, the script is one shell word.
    let quoted = shell_word(script).into_owned();
    let kind = if shebang.crlf { "crlf" } else { "missing" };
    let mut draft = Envelope::draft(
        code("INTERPRETER_NOT_FOUND"),
        ExitStatus::new(126).unwrap_or(ExitStatus::FAILURE),
        "",
    )
    .message_phrase(Phrase::new(format!("interpreter-{kind}-message")))
    .verdict(Verdict::precondition_failed())
    .param("program", program)
    .param("command", command.to_vec())
    .param("script", script)
    .param("interpreter", interpreter.as_str())
    .path(script);
    if shebang.crlf {
        draft = draft.param("crlf", true);
    }
    let recovery = Phrase::new(format!("interpreter-{kind}-recovery")).arg("script_word", quoted);
    draft.nearby(nearby).with_recovery_phrase(recovery)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line_of(text: &[u8]) -> Option<Shebang> {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("script");
        std::fs::write(&path, text).expect("write");
        shebang(&path)
    }

    #[test]
    fn the_interpreter_is_the_first_word_after_the_hash_bang() {
        /// A file's text, and the interpreter and CRLF flag expected of its `#!` line.
        type Case<'a> = (&'a [u8], Option<(&'a str, bool)>);
        let cases: [Case<'_>; 7] = [
            (b"#!/bin/sh\necho\n", Some(("/bin/sh", false))),
            (b"#! /usr/bin/env python3\n", Some(("/usr/bin/env", false))),
            (b"#!/bin/bash\r\necho\r\n", Some(("/bin/bash", true))),
            (b"#!/bin/bash -e\r\n", Some(("/bin/bash", false))),
            (b"#!/opt/x", Some(("/opt/x", false))),
            (b"echo no line\n", None),
            (b"#!\n", None),
        ];
        for (text, want) in cases {
            let got = line_of(text);
            assert_eq!(
                got.as_ref().map(|l| (l.interpreter.as_str(), l.crlf)),
                want,
                "{}",
                String::from_utf8_lossy(text)
            );
        }
    }

    #[test]
    fn paths_with_spaces_or_quotes_are_quoted_in_the_recovery() {
        let line = Shebang {
            interpreter: String::from("/bin/sh"),
            crlf: true,
        };
        let e = interpreter_missing(
            &[String::from("./my dir/run.sh")],
            "./my dir/run.sh",
            &line,
            Vec::new(),
        );
        assert_eq!(
            e.recovery(),
            "convert './my dir/run.sh' to LF line endings (`sed -i 's/\\r$//' './my dir/run.sh'`), then run it again"
        );
        assert_eq!(e.params()["crlf"], true);
        assert_eq!(shell_word(""), "''");
    }
}
