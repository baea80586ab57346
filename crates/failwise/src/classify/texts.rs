//! Which Fluent messages spell a classification's `message` and `recovery`, so that an
//! envelope `failwise run` made can be put in another language after the fact, from its code
//! and `params` alone.
//!
//! Most classifications have one fixed form, and their Fluent ids are the code itself
//! (`GIT_NOT_A_REPOSITORY-message`); [`Localizer::localize`](crate::i18n::Localizer::localize)
//! finds those directly. [`text_key`] covers the rest: codes that are made at run time
//! (`EXIT_<n>`, a signal's name, an errno name, `CURLE_*`, rustc's `E0425`, npm's `E404`) and
//! codes whose wording depends on what was read (a path or none, a decoded signal or a real
//! one, the HTTP status curl reported). The English texts in `en.ftl` are exactly what the
//! classifiers write; a test drives every rule and checks both languages.

use serde_json::Value;

use super::{curl, errno, signal};
use crate::envelope::Params;

/// The Fluent messages of one classification and the arguments they need beyond `params`.
#[derive(Debug, Clone, PartialEq)]
pub struct TextKey {
    /// The Fluent id of the message.
    pub message: String,
    /// The Fluent id of the recovery sentence.
    pub recovery: String,
    /// Arguments to add to `params` before formatting.
    pub args: Vec<(String, TextArg)>,
}

/// One argument of a [`TextKey`].
#[derive(Debug, Clone, PartialEq)]
pub enum TextArg {
    /// A value that is the same in every language (a path, a number, a name).
    Value(Value),
    /// A Fluent message to format first, in the same language, and pass as text (an errno's
    /// strerror text, "the path").
    Text(String),
}

impl TextKey {
    fn new(message: impl Into<String>, recovery: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            recovery: recovery.into(),
            args: Vec::new(),
        }
    }

    fn value(mut self, name: &str, value: impl Into<Value>) -> Self {
        self.args
            .push((name.to_owned(), TextArg::Value(value.into())));
        self
    }

    fn text(mut self, name: &str, id: impl Into<String>) -> Self {
        self.args.push((name.to_owned(), TextArg::Text(id.into())));
        self
    }
}

/// The Fluent messages for an envelope that `failwise run` classified, from its `code` and
/// `params`; `None` when the code has one fixed form (its ids are the code itself) or is not
/// one of the classifier's. Every key needs `params.program`, which the classifier always sets.
pub fn text_key(code: &str, params: &Params) -> Option<TextKey> {
    let has = |name: &str| params.contains_key(name);
    let str_param = |name: &str| params.get(name).and_then(Value::as_str);
    str_param("program").filter(|p| !p.is_empty())?;
    if let Some(status) = code.strip_prefix("EXIT_") {
        let status: u8 = status.parse().ok()?;
        if has("shell_meaning") {
            let kind = if status == 127 {
                "not-found"
            } else {
                "cannot-execute"
            };
            return Some(
                TextKey::new(
                    format!("exit-shell-{kind}-message"),
                    format!("exit-shell-{kind}-recovery"),
                )
                .value("status", status),
            );
        }
        let recovery = if has("stderr") {
            "exit-unknown-recovery"
        } else {
            "exit-unknown-silent-recovery"
        };
        return Some(TextKey::new("exit-unknown-message", recovery).value("status", status));
    }
    if let Some(key) = spawn_key(code, params) {
        return Some(key);
    }
    if code == "INTERPRETER_NOT_FOUND" {
        return interpreter_key(params);
    }
    if code.starts_with("SIG") && has("signal") {
        let group = signal::group(signal::number(code).unwrap_or(0));
        let message = if has("exit") {
            format!("signal-{group}-decoded-message")
        } else {
            format!("signal-{group}-message")
        };
        return Some(TextKey::new(message, format!("signal-{group}-recovery")));
    }
    if let Some(e) = errno::by_name(code).filter(|e| e.name == code) {
        return Some(errno_key(e.name, params));
    }
    if code.starts_with("CURLE_") {
        return curl_key(code, params);
    }
    if code.starts_with("SQLITE_") && has("sqlite_code") && has("detail") {
        return Some(TextKey::new("sqlite-message", format!("{code}-recovery")));
    }
    if has("rustc_code") && has("detail") {
        return Some(TextKey::new("rustc-message", "rustc-recovery"));
    }
    if let Some(npm_code) = str_param("npm_code") {
        let message = if has("detail") {
            "npm-message"
        } else {
            "npm-bare-message"
        };
        return Some(TextKey::new(message, npm_recovery(npm_code)));
    }
    if code.starts_with("HTTP_") && has("http_status") {
        return Some(TextKey::new("pip-http-message", "pip-http-recovery"));
    }
    if super::clap::is_kind(code) && has("detail") {
        return Some(TextKey::new("clap-message", "clap-recovery"));
    }
    if has("arm_code") && has("detail") {
        let recovery = if has("az_error") {
            "az-not-found-recovery"
        } else {
            "az-recovery"
        };
        return Some(TextKey::new("az-message", recovery));
    }
    None
}

/// `COMMAND_NOT_FOUND` and `CANNOT_EXECUTE`, as the shell reported them (`params.name`) or as
/// spawning the program failed; `$program_word` is the program as one shell word, for the
/// commands the recoveries name.
fn spawn_key(code: &str, params: &Params) -> Option<TextKey> {
    let key = spawn_ids(code, params)?;
    let program = params.get("program").and_then(Value::as_str).unwrap_or("");
    Some(key.value("program_word", super::shell_word(program).into_owned()))
}

/// The ids of [`spawn_key`].
fn spawn_ids(code: &str, params: &Params) -> Option<TextKey> {
    let has = |name: &str| params.contains_key(name);
    let kind = match code {
        "COMMAND_NOT_FOUND" => "not-found",
        "CANNOT_EXECUTE" => "cannot-execute",
        _ => return None,
    };
    if has("name") {
        return Some(TextKey::new(
            format!("shell-{kind}-message"),
            format!("shell-{kind}-recovery"),
        ));
    }
    if kind == "not-found" {
        return Some(TextKey::new(
            "spawn-not-found-message",
            "spawn-not-found-recovery",
        ));
    }
    if has("is_directory") {
        return Some(TextKey::new(
            "spawn-directory-message",
            "spawn-directory-recovery",
        ));
    }
    let errno = params.get("errno").and_then(Value::as_str)?;
    Some(
        TextKey::new(
            "spawn-cannot-execute-message",
            "spawn-cannot-execute-recovery",
        )
        .text("text", format!("errno-{errno}")),
    )
}

/// A script whose `#!` interpreter is missing: with CRLF line endings or not; the script's
/// path as one shell word (`$script_word`) for the commands the recovery names.
fn interpreter_key(params: &Params) -> Option<TextKey> {
    let script = params.get("script").and_then(Value::as_str)?;
    params.get("interpreter").and_then(Value::as_str)?;
    let kind = if params.contains_key("crlf") {
        "crlf"
    } else {
        "missing"
    };
    Some(
        TextKey::new(
            format!("interpreter-{kind}-message"),
            format!("interpreter-{kind}-recovery"),
        )
        .value("script_word", super::shell_word(script).into_owned()),
    )
}

/// An errno: its strerror text, with the path or address it was about when one was read, and
/// its recovery; ssh's `connect to host H port P: …` has its own wording.
fn errno_key(name: &str, params: &Params) -> TextKey {
    let subject = params
        .get("path")
        .or_else(|| params.get("address"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    if subject.is_none() && params.contains_key("host") && params.contains_key("port") {
        return TextKey::new("ssh-connect-message", "ssh-connect-recovery")
            .text("text", format!("errno-{name}"));
    }
    let key = match &subject {
        Some(s) => TextKey::new("errno-message", format!("errno-{name}-recovery"))
            .value("subject", s.clone())
            .value("ls_ld", format!("ls -ld {s}")),
        None => TextKey::new("errno-bare-message", format!("errno-{name}-recovery"))
            .text("subject", "errno-no-subject")
            .value("ls_ld", "ls -ld"),
    };
    key.text("text", format!("errno-{name}"))
}

/// A curl exit: curl's own text (`params.detail`) or, when it printed none, the code's name in
/// words; the recovery chosen as [`curl::from_code`] chooses it.
fn curl_key(code: &str, params: &Params) -> Option<TextKey> {
    let number = params.get("curl_exit").and_then(Value::as_u64)?;
    let has = |name: &str| params.contains_key(name);
    let status = params.get("http_status").and_then(Value::as_u64);
    let recovery = curl::recovery_id(number, status, has("host") && has("port"));
    let key = if has("url") && has("detail") {
        TextKey::new("git-unable-to-access-message", recovery)
    } else if has("detail") {
        TextKey::new("curl-message", recovery)
    } else {
        TextKey::new("curl-bare-message", recovery).value("words", curl::words(code))
    };
    Some(key)
}

/// The recovery of an npm failure, by npm's own code.
fn npm_recovery(npm_code: &str) -> &'static str {
    match npm_code {
        "E404" => "npm-not-found-recovery",
        "ETARGET" => "npm-no-target-recovery",
        "ERESOLVE" => "npm-resolve-recovery",
        "E401" | "E403" | "ENEEDAUTH" => "npm-auth-recovery",
        "EINTEGRITY" => "npm-integrity-recovery",
        "ELIFECYCLE" => "npm-lifecycle-recovery",
        "ENOTFOUND" | "EAI_AGAIN" => "npm-registry-host-recovery",
        "EUSAGE" => "npm-usage-recovery",
        status
            if status.len() == 4
                && status.starts_with('E')
                && status[1..].parse::<u16>().is_ok() =>
        {
            "npm-http-recovery"
        }
        _ => "npm-other-recovery",
    }
}

#[cfg(test)]
mod tests;
