//! Files named on the command line, and `-`, which names standard input wherever a file is
//! read (POSIX utility convention 13): `catalog lint -`, `explain --catalog -`,
//! `suggest word --vocabulary -`, `validate -`, ...
//!
//! Standard input can be read once, so a command line names it at most once:
//! [`stdin_at_most_once`] answers a second `-` with the usage envelope `STDIN_NAMED_TWICE`
//! (exit 2), naming both arguments, before anything is read.

use std::io::{self, Read};
use std::path::Path;

use failwise::{Catalog, Envelope};

use crate::errors::CliError;

/// The name that stands for standard input.
pub const STDIN: &str = "-";

/// Whether `path` names standard input (`-`).
pub fn is_stdin(path: impl AsRef<Path>) -> bool {
    path.as_ref().as_os_str() == STDIN
}

/// The most bytes read of one file that is read whole (a catalog, a vocabulary, a needle, a
/// haystack): 256 MiB. A longer one is refused (`INPUT_TOO_LARGE`) rather than held, which a
/// file such as `/dev/zero` would make endless.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// The bytes of `path`, or of standard input to its end when it is `-`, at most
/// [`MAX_INPUT_BYTES`].
///
/// # Errors
///
/// The error of opening or reading it; `FileTooLarge` past the bound.
pub fn read(path: impl AsRef<Path>) -> io::Result<Vec<u8>> {
    let path = path.as_ref();
    let mut bytes = Vec::new();
    if is_stdin(path) {
        io::stdin()
            .lock()
            .take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(path)?
            .take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut bytes)?;
    }
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(io::Error::from(io::ErrorKind::FileTooLarge));
    }
    Ok(bytes)
}

/// The envelope for a file that could not be read: `INPUT_TOO_LARGE` past
/// [`MAX_INPUT_BYTES`], else `STDIN_UNREADABLE` for `-` (its recovery is about what standard
/// input is redirected from, since there is no file named `-` to check), else
/// `INPUT_UNREADABLE`, each with the OS's reason.
pub fn error_envelope(path: &str, e: &io::Error) -> Envelope {
    if e.kind() == io::ErrorKind::FileTooLarge {
        return CliError::InputTooLarge {
            path: path.to_owned(),
            max: MAX_INPUT_BYTES,
        }
        .to_envelope();
    }
    if is_stdin(path) {
        return CliError::StdinUnreadable {
            path: path.to_owned(),
            reason: e.to_string(),
        }
        .to_envelope();
    }
    CliError::InputUnreadable {
        path: path.to_owned(),
        reason: e.to_string(),
    }
    .to_envelope()
}

/// The text of `path`, or of standard input when it is `-`.
///
/// # Errors
///
/// The error of opening or reading it; text that is not UTF-8 is `InvalidData`.
pub fn read_to_string(path: impl AsRef<Path>) -> io::Result<String> {
    String::from_utf8(read(path)?).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// Checks that at most one of `inputs`, the arguments of `command` (such as `failwise catalog
/// diff`) that read a file, each as it is named in `--help` (`--needle`, `OLD`, `FILE`, and a
/// repeated one by its place among its kind, `FILE 2`: [`numbered`]) with its value, is `-`.
///
/// # Errors
///
/// The usage envelope `STDIN_NAMED_TWICE` (exit 2) naming the first two arguments given `-`.
pub fn stdin_at_most_once<'a, N: Into<String>>(
    command: &str,
    inputs: impl IntoIterator<Item = (N, &'a Path)>,
) -> Result<(), Box<Envelope>> {
    let mut named = inputs.into_iter().filter(|(_, path)| is_stdin(path));
    match (named.next(), named.next()) {
        (Some((first, _)), Some((second, _))) => Err(Box::new(
            CliError::StdinNamedTwice {
                command: command.to_owned(),
                first: first.into(),
                second: second.into(),
            }
            .to_envelope(),
        )),
        _ => Ok(()),
    }
}

/// The values of a repeated argument `name` (`FILE…`), each named by its place from 1
/// (`FILE 1`, `FILE 2`), for [`stdin_at_most_once`].
pub fn numbered<'a, P: AsRef<Path> + 'a>(
    name: &'a str,
    values: &'a [P],
) -> impl Iterator<Item = (String, &'a Path)> + 'a {
    values
        .iter()
        .enumerate()
        .map(move |(i, v)| (format!("{name} {}", i + 1), v.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_dash_names_both_arguments() {
        let inputs = [
            ("--needle", Path::new("-")),
            ("--haystack", Path::new("a.rs")),
        ];
        assert!(stdin_at_most_once("failwise suggest lines", inputs).is_ok());
        let twice = [
            ("OLD", Path::new("-")),
            ("NEW", Path::new("b.toml")),
            ("NEW", Path::new("-")),
        ];
        let envelope = stdin_at_most_once("failwise catalog diff", twice).expect_err("twice");
        assert_eq!(envelope.code().as_str(), "STDIN_NAMED_TWICE");
        assert_eq!(envelope.exit().get(), 2);
        assert_eq!(
            (&envelope.params()["first"], &envelope.params()["second"]),
            (&serde_json::json!("OLD"), &serde_json::json!("NEW"))
        );
        let files = ["a", "-", "b", "-"];
        let envelope =
            stdin_at_most_once("failwise normalize", numbered("FILE", &files)).expect_err("two");
        assert_eq!(
            (&envelope.params()["first"], &envelope.params()["second"]),
            (&serde_json::json!("FILE 2"), &serde_json::json!("FILE 4"))
        );
        assert!(!is_stdin("./-"));
        assert!(is_stdin("-"));
    }
}
