//! cargo and rustc: rustc's error codes (`error[E0425]`, the rustc error index), read from the
//! human rendering or from `--message-format=json` diagnostics, and cargo's fixed messages.

use serde_json::Value;

use super::{Failure, Finding, code, quoted_after};
use crate::envelope::{Cause, Location};
use crate::phrase::Phrase;
use crate::verdict::Verdict;

/// The cargo/rustc rule.
pub(super) fn finding(failure: &Failure<'_>) -> Option<Finding> {
    json_diagnostic(failure.stdout)
        .or_else(|| rendered(failure.stderr))
        .or_else(|| cargo_fixed(failure.stderr))
}

/// The first `compiler-message` of level `error` with a code, from cargo's JSON messages; the
/// errors after it (at most [`Cause::CHAIN_MAX`]) are its causes.
fn json_diagnostic(stdout: &str) -> Option<Finding> {
    let mut errors = stdout.lines().filter_map(|line| {
        if !line.contains("\"compiler-message\"") {
            return None;
        }
        let value: Value = serde_json::from_str(line).ok()?;
        let message = value.get("message")?;
        if message.get("level")?.as_str()? != "error" {
            return None;
        }
        let error_code = message.get("code")?.get("code")?.as_str()?.to_owned();
        let text = message.get("message")?.as_str()?.to_owned();
        Some((error_code, text, message.as_object()?.clone()))
    });
    let (error_code, text, diagnostic) = errors.next()?;
    let mut f = rustc_error(&error_code, &text);
    f.location = crate::dialect::cargo_json::primary_span(&diagnostic);
    f.nearby = crate::dialect::cargo_json::suggestions(&diagnostic);
    f.causes = errors
        .take(Cause::CHAIN_MAX)
        .map(|(code, text, _)| Cause {
            code: Some(code),
            message: text,
            source: Some(crate::dialect::Dialect::CargoJson.name().to_owned()),
        })
        .collect();
    Some(f)
}

/// `error[E0425]: text` followed by ` --> path:line:col`, as rustc renders it.
fn rendered(stderr: &str) -> Option<Finding> {
    let mut lines = stderr.lines();
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("error[") else {
            continue;
        };
        let (error_code, text) = rest.split_once("]: ")?;
        let mut f = rustc_error(error_code, text);
        if let Some(at) = lines
            .next()
            .and_then(|l| l.trim_start().strip_prefix("--> "))
        {
            let mut parts = at.rsplitn(3, ':');
            let column = parts.next().and_then(|c| c.parse().ok());
            let line_no = parts.next().and_then(|l| l.parse().ok());
            let path = parts.next().map(str::to_owned);
            f.location = Some(Location {
                path,
                line: line_no,
                column,
            });
        }
        // `help: a local variable with a similar name exists: `counts`` (older rustc).
        f.nearby = stderr
            .lines()
            .filter(|l| l.starts_with("help:") && l.contains("similar name exists"))
            .filter_map(|l| quoted_after(l, "exists").map(str::to_owned))
            .collect();
        f.causes = lines
            .filter_map(|l| l.strip_prefix("error[")?.split_once("]: "))
            .take(Cause::CHAIN_MAX)
            .map(|(code, text)| Cause {
                code: Some(code.to_owned()),
                message: text.to_owned(),
                source: Some("rustc".to_owned()),
            })
            .collect();
        return Some(f);
    }
    None
}

fn rustc_error(error_code: &str, text: &str) -> Finding {
    // rustc's own text is the message (`params.detail`, kept as read).
    Finding::new(
        code(error_code),
        Verdict::permanent(),
        Phrase::new("rustc-message"),
        Phrase::new("rustc-recovery"),
    )
    .param("rustc_code", error_code)
    .param("detail", text)
}

fn cargo_fixed(stderr: &str) -> Option<Finding> {
    if let Some(line) = stderr
        .lines()
        .find(|l| l.starts_with("error: no such command: "))
    {
        let cmd = quoted_after(line, "command: ").unwrap_or_default();
        let mut f = Finding::fixed(code("CARGO_NO_SUCH_COMMAND"), Verdict::permanent())
            .param("subcommand", cmd);
        f.nearby = stderr
            .lines()
            .filter(|l| l.contains("a command with a similar name exists"))
            .filter_map(|l| quoted_after(l, "exists").map(str::to_owned))
            .collect();
        return Some(f);
    }
    if let Some(line) = stderr
        .lines()
        .find(|l| l.starts_with("error: could not find `Cargo.toml` in "))
    {
        let dir = quoted_after(line, " in ").unwrap_or_default();
        return Some(
            Finding::fixed(
                code("CARGO_MANIFEST_NOT_FOUND"),
                Verdict::precondition_failed(),
            )
            .param("path", dir),
        );
    }
    if let Some(line) = stderr
        .lines()
        .find(|l| l.starts_with("error: could not compile "))
    {
        let krate = quoted_after(line, "compile ").unwrap_or_default();
        return Some(
            Finding::fixed(code("CARGO_COULD_NOT_COMPILE"), Verdict::permanent())
                .param("crate", krate),
        );
    }
    if let Some(line) = stderr
        .lines()
        .find(|l| l.starts_with("error: test failed, to rerun pass "))
    {
        let flag = quoted_after(line, "pass ").unwrap_or_default();
        return Some(
            Finding::fixed(code("CARGO_TEST_FAILED"), Verdict::permanent())
                .param("rerun_flag", flag),
        );
    }
    None
}
