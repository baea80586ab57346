//! Recognising an envelope that the command printed itself: that envelope is the answer (what
//! `failwise run` prints on a failure).
//!
//! Canonical v1 lines are read with [`Envelope::from_json`]; a line in any other dialect of
//! [`crate::dialect`] (sqlite-graphrag, atomwrite, eval-mock, sprawling, problem+json,
//! google-rpc, json-rpc / MCP), also after a log prefix, is read by its dialect reader and
//! keeps `source.dialect` and the original code; a record spread over several lines
//! (pretty-printed JSON, eval-mock's human form) is found when no single line is one.

use crate::code::ExitStatus;
use crate::envelope::Envelope;
use crate::phrase::Phrase;

/// Which output stream an envelope was found on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// An envelope found in a command's output.
#[derive(Debug, Clone, PartialEq)]
pub struct Recognized {
    /// The envelope, as read.
    pub envelope: Envelope,
    /// The stream it was on.
    pub stream: Stream,
    /// The line as the command printed it, without its line ending.
    pub line: String,
    /// Whether it was the last non-blank line of that stream.
    pub last_line: bool,
}

/// The envelope the command printed, if any: the last line of stdout that reads as one (in
/// any dialect), else the last such line of stderr, else the first multi-line record of stdout,
/// then of stderr. Lines without a `{` are skipped without parsing.
///
/// # Examples
///
/// ```
/// use failwise::classify::{recognize, Stream};
/// let stdout = "working\n{\"error\":true,\"code\":\"DB_LOCKED\",\"exit\":75,\"message\":\"database is locked\",\"error_class\":\"transient\",\"retry\":\"yes\",\"retryable\":true,\"recovery\":\"run it again\"}\n";
/// let found = recognize(stdout, "").expect("an envelope");
/// assert_eq!(found.envelope.code().as_str(), "DB_LOCKED");
/// assert_eq!((found.stream, found.last_line), (Stream::Stdout, true));
/// ```
pub fn recognize(stdout_tail: &str, stderr_tail: &str) -> Option<Recognized> {
    recognize_in(stdout_tail, stderr_tail, None)
}

/// [`recognize`] for a command that exited with `exit`: a record in a dialect that carries no
/// exit status (google-rpc, JSON-RPC, eval-mock, …) gets `exit` rather than the default exit
/// status of its class, so [`reconcile_exit`] sees no mismatch and `params.reported_exit`
/// is set only when the record itself wrote an exit status. A dialect record that states its
/// own exit status keeps it.
///
/// # Examples
///
/// ```
/// use failwise::ExitStatus;
/// use failwise::classify::recognize_exited;
/// let line = r#"{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","message":"x"}}"#;
/// let found = recognize_exited(line, "", ExitStatus::FAILURE).expect("a google-rpc record");
/// assert_eq!(found.envelope.exit(), ExitStatus::FAILURE);
/// ```
pub fn recognize_exited(
    stdout_tail: &str,
    stderr_tail: &str,
    exit: ExitStatus,
) -> Option<Recognized> {
    recognize_in(stdout_tail, stderr_tail, Some(exit))
}

fn recognize_in(
    stdout_tail: &str,
    stderr_tail: &str,
    exit: Option<ExitStatus>,
) -> Option<Recognized> {
    // A compiler's JSON diagnostics are no record of the command's own here: the cargo
    // reader gives its first error, in failwise's words (`normalize` reads each diagnostic
    // with the `cargo-json` dialect).
    let cargo = crate::dialect::Dialect::CargoJson.name();
    find(stdout_tail, Stream::Stdout, exit)
        .or_else(|| find(stderr_tail, Stream::Stderr, exit))
        .or_else(|| find_block(stdout_tail, Stream::Stdout, exit))
        .or_else(|| find_block(stderr_tail, Stream::Stderr, exit))
        .filter(|found| found.envelope.source().is_none_or(|s| s.dialect != cargo))
        .map(|mut found| {
            found.envelope = read_tool_text(found.envelope);
            found
        })
}

/// The generic code of a failed MCP tool result whose text is no record of its own.
const MCP_TOOL_ERROR: &str = "MCP_TOOL_ERROR";

/// Whether `envelope` is known only by its text: a failed MCP tool result whose text is no
/// record (`MCP_TOOL_ERROR`), or a JSON-RPC error whose code says nothing certain (an
/// application's own number such as `JSONRPC_3`, the implementation-defined range
/// `-32000..=-32099`, `-32603`: `ambiguous`), where the message is what the server documents
/// (geth answers code 3 with `execution reverted`, and -32000 with `nonce too low`,
/// `replacement transaction underpriced`, …: `packs/ethereum.toml`).
fn known_by_text(envelope: &Envelope) -> bool {
    envelope.code().as_str() == MCP_TOOL_ERROR
        || (envelope.error_class() == crate::verdict::ErrorClass::Ambiguous
            && envelope
                .source()
                .is_some_and(|s| s.dialect == crate::dialect::Dialect::JsonRpc.name()))
}

/// A failure known only by its text ([`known_by_text`]) read again by what the text says,
/// when a rule pack knows it (`packs/mcp.toml`: an SDK's `MCP error -32602:`, a server's
/// fixed message, a validation error type; `packs/ethereum.toml`: geth's messages): the more
/// specific reading decides, the first reading stays in `causes`. For a tool result the
/// rule's capture `code` becomes `source.code`; a JSON-RPC error keeps its own source (the
/// number).
fn read_tool_text(envelope: Envelope) -> Envelope {
    if !known_by_text(&envelope) {
        return envelope;
    }
    let tool = envelope.code().as_str() == MCP_TOOL_ERROR;
    let command = [if tool { "mcp" } else { "jsonrpc" }.to_owned()];
    let text = envelope.message().to_owned();
    let failure = super::Failure {
        command: &command,
        termination: super::Termination::Exited(envelope.exit()),
        stdout: &text,
        stderr: "",
        stderr_bytes: 0,
    };
    let Some(finding) = super::Packs::built_in().finding(&failure) else {
        return envelope;
    };
    let dialect = envelope
        .source()
        .map_or_else(|| "mcp-tool-result".to_owned(), |s| s.dialect.clone());
    let own = finding
        .params
        .iter()
        .find(|(k, _)| k == "code")
        .and_then(|(_, v)| v.as_str())
        .map(|c| crate::envelope::SourceCode::Text(c.to_owned()));
    let own = if tool {
        own
    } else {
        envelope.source().and_then(|s| s.code.clone())
    };
    let program = if tool {
        "tool".to_owned()
    } else {
        envelope
            .params()
            .get("program")
            .and_then(|p| p.as_str())
            .unwrap_or("jsonrpc")
            .to_owned()
    };
    let cause = crate::envelope::Cause {
        code: Some(envelope.code().as_str().to_owned()),
        message: text,
        source: Some(dialect.clone()),
    };
    let mut draft = Envelope::draft(finding.code, envelope.exit(), "")
        .verdict(finding.verdict)
        .message_phrase(finding.message)
        .param("program", program)
        .params(finding.params)
        .source(crate::envelope::Source { dialect, code: own })
        .cause(cause);
    for (key, value) in envelope.params() {
        if !matches!(key.as_str(), "program" | "code") {
            draft = draft.param(key.clone(), value.clone());
        }
    }
    match finding.recovery {
        Some(recovery) => draft.with_recovery_phrase(recovery),
        None => envelope,
    }
}

/// A record in another dialect on one line, possibly after a log prefix.
fn read_dialect_line(line: &str, exit: Option<ExitStatus>) -> Option<Envelope> {
    if !line.contains('{') {
        return None;
    }
    let mut block = crate::dialect::recognize_line(line, None)?;
    if block.dialect == crate::dialect::Dialect::Failwise {
        return None;
    }
    block.context.exit = exit;
    block.read().ok()
}

fn find_block(text: &str, stream: Stream, exit: Option<ExitStatus>) -> Option<Recognized> {
    let context = crate::dialect::Context {
        exit,
        ..crate::dialect::Context::default()
    };
    let block = crate::dialect::recognize_block(text, None, context)?;
    let envelope = block.read().ok()?;
    Some(Recognized {
        envelope,
        stream,
        line: block.value.to_string(),
        last_line: false,
    })
}

fn find(text: &str, stream: Stream, exit: Option<ExitStatus>) -> Option<Recognized> {
    let mut lines = text
        .lines()
        .rev()
        .filter(|l| !l.trim().is_empty())
        .enumerate();
    lines.find_map(|(i, line)| {
        let trimmed = line.trim();
        let canonical = trimmed.starts_with('{') && trimmed.contains("\"error\"");
        let envelope = if canonical {
            repaired(trimmed).or_else(|| read_dialect_line(trimmed, exit))
        } else {
            read_dialect_line(trimmed, exit)
        };
        envelope.map(|envelope| Recognized {
            envelope,
            stream,
            line: line.to_owned(),
            last_line: i == 0,
        })
    })
}

/// A canonical line read strictly, else with each optional member that breaks its rule left
/// out (at most four), so that one bad optional member (an empty `verify.command`, a `verify`
/// beside `retry: no`) does not throw away the verdict the command stated: the envelope then
/// names what was left out in `params.dropped_members` (JSON Pointers). `None` when a required
/// member is what is wrong, or the line is not JSON.
fn repaired(line: &str) -> Option<Envelope> {
    let error = match Envelope::from_json(line) {
        Ok(envelope) => return Some(envelope),
        Err(error) => error,
    };
    let mut value: serde_json::Value = serde_json::from_str(line).ok()?;
    let mut dropped = Vec::new();
    let mut pointer = error.pointer().to_owned();
    for _ in 0..4 {
        let member = pointer
            .trim_start_matches('/')
            .split('/')
            .next()?
            .to_owned();
        if member.is_empty() || crate::envelope::REQUIRED_MEMBERS.contains(&member.as_str()) {
            return None;
        }
        value.as_object_mut()?.remove(&member)?;
        dropped.push(format!("/{member}"));
        match Envelope::from_value(&value) {
            Ok(envelope) => {
                return envelope
                    .into_draft()
                    .param("dropped_members", dropped)
                    .with_current_recovery()
                    .ok();
            }
            Err(error) => pointer = error.pointer().to_owned(),
        }
    }
    None
}

/// Checks the envelope's `exit` against the status the command really exited with.
///
/// An envelope's `exit` equals `$?`, and the real status is what a caller's `$?` shows, so
/// on a mismatch the envelope's `exit` is corrected to `real` and the value the command wrote
/// is kept in `params.reported_exit`. Every other field is kept as the command wrote it.
///
/// # Examples
///
/// ```
/// use failwise::{Envelope, ExitStatus, Code};
/// use failwise::classify::reconcile_exit;
/// let said = Envelope::draft(Code::new("X")?, ExitStatus::TEMPFAIL, "x").with_recovery("do y")?;
/// let fixed = reconcile_exit(said, ExitStatus::FAILURE);
/// assert_eq!(fixed.exit(), ExitStatus::FAILURE);
/// assert_eq!(fixed.params()["reported_exit"], 75);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn reconcile_exit(envelope: Envelope, real: ExitStatus) -> Envelope {
    if envelope.exit() == real {
        return envelope;
    }
    let reported = envelope.exit().get();
    let recovery = envelope.recovery().to_owned();
    let phrase = envelope.phrases().recovery().cloned();
    let draft = envelope
        .into_draft()
        .exit(real)
        .param("reported_exit", reported);
    if let Some(phrase) = phrase {
        return draft.with_recovery_phrase(phrase);
    }
    match draft.clone().with_recovery(recovery) {
        Ok(envelope) => envelope,
        Err(_) => draft.with_recovery_phrase(Phrase::new("recognize-fallback-recovery")),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_bad_optional_member_is_left_out_and_the_stated_verdict_kept() {
        let unknown = r#"{"error":true,"code":"ORDER_TIMEOUT","exit":75,"message":"no answer","error_class":"transient","retry":"unknown","retryable":false,"recovery":"check the order","verify":{"command":[]}}"#;
        let found = recognize(unknown, "").expect("the line is still the command's envelope");
        assert_eq!(found.envelope.retry(), crate::Retry::Unknown);
        assert_eq!(found.envelope.verify(), None);
        assert_eq!(
            found.envelope.params()["dropped_members"],
            serde_json::json!(["/verify"])
        );
        let no = r#"{"error":true,"code":"NOT_FOUND","exit":3,"message":"no order 4","error_class":"permanent","retry":"no","retryable":false,"recovery":"list the orders","verify":{"command":["shop","status"]}}"#;
        let found = recognize(no, "").expect("read");
        assert_eq!(found.envelope.retry(), crate::Retry::No);
        // A required member that is wrong is no envelope of its own.
        let bad = r#"{"error":true,"code":"lower","exit":3,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r"}"#;
        assert!(recognize(bad, "").is_none_or(|f| f.envelope.code().as_str() != "lower"));
    }
    use super::*;

    const LINE: &str = r#"{"error":true,"code":"E_X","exit":3,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"do z"}"#;

    #[test]
    fn stdout_wins_over_stderr_and_later_lines_over_earlier() {
        let other = LINE.replace("E_X", "E_Y");
        let found = recognize(&format!("{LINE}\n{other}\nafter\n"), LINE).expect("found");
        assert_eq!(found.envelope.code().as_str(), "E_Y");
        assert_eq!(found.stream, Stream::Stdout);
        assert!(!found.last_line);
        let found = recognize("plain\n", LINE).expect("found");
        assert_eq!(found.stream, Stream::Stderr);
    }

    #[test]
    fn lines_that_break_an_invariant_are_not_answers() {
        let broken = LINE.replace(r#""retryable":false"#, r#""retryable":true"#);
        assert_eq!(recognize(&broken, ""), None);
        assert_eq!(recognize("{not json", "{\"error\": 1}"), None);
    }

    #[test]
    fn an_envelope_in_another_dialect_is_normalized_wherever_it_is() {
        let graphrag = r#"{"error":true,"code":4,"message":"memory not found: x","error_class":"permanent","retryable":false}"#;
        let found = recognize(&format!("{graphrag}\nprogress 100%\n"), "").expect("found");
        assert_eq!(found.envelope.code().as_str(), "NOT_FOUND");
        let source = found.envelope.source().expect("source");
        assert_eq!(source.dialect, "sqlite-graphrag");
        assert_eq!(source.code, Some(crate::SourceCode::Number(4)));

        let logged = r#"2026-11-30T02:31:47Z ERROR {"code":"E_PROVIDER","action":"call model","subject":"s","nearby":[],"recovery":"wait","retry":"yes","retry_after_ms":1500}"#;
        let found = recognize("", logged).expect("found on stderr after a prefix");
        assert_eq!(found.stream, Stream::Stderr);
        assert_eq!(found.envelope.retry_after_ms(), Some(1500));

        let pretty = "{\n  \"jsonrpc\": \"2.0\",\n  \"error\": {\"code\": -32601, \"message\": \"Method not found\"},\n  \"id\": 1\n}\n";
        let found = recognize(pretty, "").expect("a record over several lines");
        assert_eq!(found.envelope.code().as_str(), "METHOD_NOT_FOUND");
        assert_eq!(recognize("rate limit exceeded, retry later\n", ""), None);
    }

    #[test]
    fn a_matching_exit_is_left_alone() {
        let envelope = Envelope::from_json(LINE).expect("valid");
        let same = reconcile_exit(envelope.clone(), envelope.exit());
        assert_eq!(same, envelope);
        assert!(!same.params().contains_key("reported_exit"));
    }

    #[test]
    fn only_an_exit_status_the_record_wrote_is_reported() {
        let real = ExitStatus::FAILURE;
        let google = r#"{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","message":"x"}}"#;
        let found = recognize_exited(google, "", real).expect("a google-rpc record");
        let fixed = reconcile_exit(found.envelope, real);
        assert_eq!(fixed.exit(), real);
        assert!(!fixed.params().contains_key("reported_exit"), "{fixed:?}");
        let found = recognize_exited(LINE, "", real).expect("a canonical record");
        let fixed = reconcile_exit(found.envelope, real);
        assert_eq!(fixed.params()["reported_exit"], 3);
    }
}
