//! What `failwise explain` says about a code failwise itself can give: the classifications of
//! [`crate::classify`] (fixed codes such as `TIMEOUT` and `GIT_LOCK_EXISTS`, and the families
//! `EXIT_<n>`, `SIG<name>`, errno names and `CURLE_*`) and the codes of clap usage errors
//! (`Envelope::from_clap`).
//!
//! An entry is found by running the classifiers over their example inputs:
//! its class and retry verdict are those the rules give, and its message and recovery are the
//! first example's phrases, rendered in the requested language.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use super::examples;
use crate::code::ExitStatus;
use crate::envelope::{Envelope, Params};
use crate::i18n::Localizer;
use crate::verdict::Verdict;

/// The codes of usage errors on failwise's own command line: clap's
/// (`Envelope::from_clap`) and `failwise run`'s secret flags (`--secret-env`,
/// `--secret-value`): exit status 2 ([`ExitStatus::USAGE`]), `permanent`, `retry: no`.
pub const USAGE_CODES: &[&str] = &[
    "INVALID_VALUE",
    "UNKNOWN_ARGUMENT",
    "INVALID_SUBCOMMAND",
    "NO_EQUALS",
    "VALUE_VALIDATION",
    "TOO_MANY_VALUES",
    "TOO_FEW_VALUES",
    "WRONG_NUMBER_OF_VALUES",
    "ARGUMENT_CONFLICT",
    "MISSING_REQUIRED_ARGUMENT",
    "MISSING_SUBCOMMAND",
    "INVALID_UTF8",
    "IO",
    "FORMAT",
    "USAGE",
    "SECRET_NOT_REGISTERED",
    "SECRET_ENV_UNSET",
];

/// The explanation of one built-in code.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    /// The code, such as `ENOENT`.
    pub code: String,
    /// One line on what the code means, in the requested language.
    pub description: String,
    /// Every verdict the rules give this code (more than one when it depends on what was
    /// read, such as the HTTP status behind `CURLE_HTTP_RETURNED_ERROR`), in first-seen order.
    pub verdicts: Vec<Verdict>,
    /// The exit status when the code fixes it (`EXIT_<n>`, a signal's `128 + N`, a sysexit,
    /// `TIMEOUT`'s 124, 126/127); `None` when the envelope carries the command's own status.
    pub exit: Option<ExitStatus>,
    /// An example message and recovery, for the plainest input that gives the code; `None`
    /// for usage codes, whose sentences quote the command line.
    pub example: Option<(String, String)>,
    /// The language tag the description and example are in (the requested one, or `en`).
    pub lang: String,
}

/// Every code the classifiers and the clap usage path can give, for did-you-mean search (the
/// `EXIT_<n>` family is listed by the statuses its examples reach).
pub fn codes() -> BTreeSet<String> {
    let mut out: BTreeSet<String> = all_examples()
        .iter()
        .map(|e| e.code().as_str().to_owned())
        .collect();
    out.extend(USAGE_CODES.iter().map(|c| (*c).to_owned()));
    out
}

/// The explanation of the built-in code `code` in `localizer`'s language (English where it
/// has no text), or `None` when failwise never gives that code.
///
/// # Examples
///
/// ```
/// use failwise::classify::explain;
/// use failwise::i18n::Localizer;
/// let e = explain::explain("ENOENT", &Localizer::english()).expect("a built-in code");
/// assert_eq!(e.verdicts[0].class().to_string(), "permanent");
/// assert!(explain::explain("EXIT_42", &Localizer::english()).is_some());
/// assert!(explain::explain("NOT_A_CODE", &Localizer::english()).is_none());
/// ```
pub fn explain(code: &str, localizer: &Localizer) -> Option<Explanation> {
    let lang = localizer.tag();
    if USAGE_CODES.contains(&code) {
        return Some(Explanation {
            code: code.to_owned(),
            description: describe(
                localizer,
                if code.starts_with("SECRET_") {
                    "secret"
                } else {
                    "usage"
                },
                code,
            ),
            verdicts: vec![Verdict::permanent()],
            exit: Some(ExitStatus::USAGE),
            example: None,
            lang,
        });
    }
    let all = all_examples();
    let mut matching: Vec<Envelope> = all
        .iter()
        .filter(|e| e.code().as_str() == code)
        .cloned()
        .collect();
    if matching.is_empty() {
        matching.push(exit_family(code)?);
    }
    let mut verdicts = Vec::new();
    for e in &matching {
        if !verdicts.contains(&e.verdict()) {
            verdicts.push(e.verdict());
        }
    }
    // The example that read the most, among those whose sentences name everything they
    // refer to (the first of equals).
    let first = matching
        .iter()
        .rev()
        .filter(|e| !e.recovery().contains("``") && !e.message().contains("``"))
        .max_by_key(|e| e.params().len())
        .unwrap_or(&matching[0]);
    // Its sentences are phrases: rendered again in the localizer's language.
    let localized = localizer.localize(first.clone());
    let example = (
        localized.message().to_owned(),
        localized.recovery().to_owned(),
    );
    Some(Explanation {
        code: code.to_owned(),
        description: describe(localizer, family(code), code),
        verdicts,
        exit: fixed_exit(code, first),
        example: Some(example),
        lang,
    })
}

/// The classifiers' example inputs, made once per process.
fn all_examples() -> &'static [Envelope] {
    static EXAMPLES: OnceLock<Vec<Envelope>> = OnceLock::new();
    EXAMPLES.get_or_init(examples::every)
}

/// `EXIT_<n>` for a status no example reaches (one a sysexit or signal rule would claim
/// first): what the rule for an unknown status says of the first example's input.
fn exit_family(code: &str) -> Option<Envelope> {
    let status: u8 = code.strip_prefix("EXIT_")?.parse().ok()?;
    Some(examples::unknown_status(ExitStatus::new(status)?))
}

/// The family a code's description comes from.
fn family(code: &str) -> &'static str {
    if code.starts_with("EXIT_") {
        "exit"
    } else if code.starts_with("EX_") {
        "sysexit"
    } else if super::signal::number(code).is_some() {
        "signal"
    } else if super::errno::by_name(code).is_some_and(|e| e.name == code) {
        "errno"
    } else if code.starts_with("CURLE_") {
        "curl"
    } else if code.starts_with("SQLITE_") {
        "sqlite"
    } else {
        match code {
            "TIMEOUT" => "timeout",
            "COMMAND_NOT_FOUND" | "CANNOT_EXECUTE" | "INTERPRETER_NOT_FOUND" => "spawn",
            _ => "tool",
        }
    }
}

/// The exit status a code fixes, read from its example when its family fixes one.
fn fixed_exit(code: &str, example: &Envelope) -> Option<ExitStatus> {
    match family(code) {
        "exit" | "sysexit" | "signal" | "timeout" => Some(example.exit()),
        "spawn" if code != "INTERPRETER_NOT_FOUND" => Some(example.exit()),
        _ => None,
    }
}

/// The one-line description `builtin-<family>-description`, formatted with `$code`.
fn describe(localizer: &Localizer, family: &str, code: &str) -> String {
    let mut args = Params::new();
    args.insert("code".to_owned(), code.into());
    if let Some(status) = code.strip_prefix("EXIT_") {
        args.insert("status".to_owned(), status.into());
    }
    if family == "errno" {
        let text = localizer.label(&format!("errno-{code}"), &Params::new());
        args.insert("text".to_owned(), text.into());
    }
    localizer.label(&format!("builtin-{family}-description"), &args)
}

#[cfg(test)]
mod tests;
