//! `from_exception`'s reading: a Python exception, given as the traceback the interpreter
//! prints for it (its chained causes included) and the facts of an HTTP response attached to
//! it, read by the readers `failwise run` reads a dying Python program's output with.
//!
//! The traceback is the stderr of a failed `python` (exit 1); the response's status line and
//! headers are the head of an HTTP/1.1 message (RFC 9112 §4, §5) on its stdout, as `curl -i`
//! shows them, so the rule packs read the status and `Retry-After` where a client shows them;
//! a body that is a failure record in a dialect (an API's own error object) is read with the
//! response's status and wait around it and decides, the traceback's reading then its first
//! cause.

use failwise::classify::{Context, Ended, Failure, Termination, meaning};
use failwise::dialect::{self, rules};
use failwise::{Cause, Envelope, ExitStatus, SourceCode};
use pyo3::prelude::*;

use crate::envelope::PyEnvelope;
use crate::prepare::Prepared;

/// The most of a response body read, in bytes.
const MAX_BODY_BYTES: usize = 64 * 1024;

/// The status line and header fields of `status`, `reason` and `headers`, and the blank line
/// that ends them; a field whose name or value holds a line break is left out.
fn head(status: u16, reason: &str, headers: &[(String, String)]) -> String {
    let clean = |text: &str| !text.contains(['\r', '\n']);
    let reason = if clean(reason) { reason } else { "" };
    let mut head = format!("HTTP/1.1 {status} {reason}").trim_end().to_owned();
    head.push_str("\r\n");
    for (name, value) in headers {
        if clean(name) && clean(value) && !name.is_empty() {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
    }
    head.push_str("\r\n");
    head
}

/// The response's `Retry-After` in milliseconds (delay-seconds; an HTTP-date is read by the
/// packs from the head, against its `Date`).
fn retry_after(headers: &[(String, String)]) -> Option<u64> {
    headers
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("retry-after"))
        .and_then(|(_, value)| rules::retry_after(value))
}

/// The envelope `traced` (the traceback's reading) as causes: itself, then its own causes.
fn as_causes(traced: &Envelope) -> Vec<Cause> {
    let code = match traced.source().and_then(|s| s.code.as_ref()) {
        Some(SourceCode::Text(class)) => class.clone(),
        _ => traced.code().as_str().to_owned(),
    };
    let mut causes = vec![Cause {
        code: Some(code),
        message: traced.message().to_owned(),
        source: traced.source().map(|s| s.dialect.clone()),
    }];
    causes.extend(traced.causes().iter().cloned());
    causes
}

/// Reads an exception: `traceback` (what `traceback.format_exception` gives) and, when a
/// response is attached, its `status`, `reason`, `headers` (name and value pairs) and `body`.
/// Returns the envelope, prepared as `failwise run` prepares what it prints.
#[pyfunction]
#[pyo3(signature = (traceback, status = None, reason = "", headers = Vec::new(), body = None))]
pub fn read_exception(
    py: Python<'_>,
    traceback: String,
    status: Option<u16>,
    reason: &str,
    headers: Vec<(String, String)>,
    body: Option<String>,
) -> PyEnvelope {
    let reason = reason.to_owned();
    let envelope = py.detach(move || {
        let failed = status.filter(|s| *s >= 400);
        let stdout = failed.map_or_else(String::new, |s| head(s, &reason, &headers));
        let command = ["python".to_owned()];
        let failure = Failure {
            command: &command,
            termination: Termination::Exited(ExitStatus::FAILURE),
            stdout: &stdout,
            stderr: &traceback,
            stderr_bytes: traceback.len() as u64,
        };
        let traced = meaning(&Ended::Failed(failure), &Context::default()).envelope;
        let own = failed.zip(body.as_deref()).and_then(|(status, body)| {
            let body = &body[..floor_char_boundary(body, MAX_BODY_BYTES)];
            let context = dialect::Context {
                http_status: Some(status),
                retry_after_ms: retry_after(&headers),
                exit: Some(ExitStatus::FAILURE),
            };
            dialect::recognize_block(body, None, context)?.read().ok()
        });
        let answer = match own {
            Some(own) => {
                let fallback = own.clone();
                own.into_draft()
                    .causes(as_causes(&traced))
                    .with_current_recovery()
                    .unwrap_or(fallback)
            }
            None => traced,
        };
        Prepared::standard().envelope(answer)
    });
    PyEnvelope::new(envelope)
}

/// The largest index at most `max` that is a character boundary of `text`.
fn floor_char_boundary(text: &str, max: usize) -> usize {
    if text.len() <= max {
        return text.len();
    }
    (0..=max)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0)
}
