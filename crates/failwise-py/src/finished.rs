//! `classify`: what `failwise run` would answer for a command that has already ended, without
//! running anything: the same library call `failwise run` makes once a command has failed
//! ([`failwise::classify::read_finished`]), prepared as `run` prepares what it prints.

use std::time::Duration;

use failwise::classify::{Context, Finished, Termination, read_finished};
use failwise::{ExitStatus, Phrase};
use pyo3::prelude::*;

use crate::envelope::{PyEnvelope, text_bytes};
use crate::errors;
use crate::prepare::Prepared;

/// How a command ended, from its exit status as `subprocess` gives it: `N > 0` exited with
/// `N`, `-N` killed by signal `N`, `0` succeeded (a failure only when it was stopped at a
/// limit).
fn termination(status: i64) -> Option<Termination> {
    match status {
        0 => Some(Termination::Succeeded),
        1..=255 => u8::try_from(status)
            .ok()
            .and_then(ExitStatus::new)
            .map(Termination::Exited),
        -127..=-1 => u8::try_from(-status).ok().map(Termination::Signaled),
        _ => None,
    }
}

/// The envelope `failwise run -- ARGV` would print for a command that ended with
/// `exit_status` (a `subprocess` return code: `-N` for death by signal `N`) after writing
/// `stdout` and `stderr` (`bytes` or `str`; only their last 64 KiB are read, as `run` keeps),
/// or `None` for a success. `timeout` (seconds) says the command was stopped at that limit
/// (`TIMEOUT`, exit 124). The envelope is the command's own when it printed one, else what
/// its output says (the rule packs, errno texts, uncaught exceptions, …), redacted (token
/// shapes, and the values in `secrets`) and bounded as `run` prints it.
///
/// Unlike `run`, nothing is looked up on `PATH` (no did-you-mean list of programs for a
/// command not found) and only the built-in rule packs are read.
///
/// >>> e = failwise.classify(["ls", "/nope"], 2,
/// ...     stderr=b"ls: cannot access '/nope': No such file or directory\n")
/// >>> (e.code, e.exit, e.retry)
/// ('ENOENT', 2, 'no')
#[pyfunction]
#[pyo3(signature = (argv, exit_status, stdout = None, stderr = None, *, timeout = None, secrets = Vec::new()))]
pub fn classify(
    py: Python<'_>,
    argv: Vec<String>,
    exit_status: i64,
    stdout: Option<&Bound<'_, PyAny>>,
    stderr: Option<&Bound<'_, PyAny>>,
    timeout: Option<f64>,
    secrets: Vec<String>,
) -> PyResult<Option<PyEnvelope>> {
    let Some(ended) = termination(exit_status) else {
        let phrase = Phrase::new("py-exit-invalid").arg("status", exit_status);
        return Err(errors::value_error(&phrase));
    };
    let limit = timeout
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(Duration::from_secs_f64);
    if ended == Termination::Succeeded && limit.is_none() {
        return Ok(None);
    }
    let stdout = stdout.map(text_bytes).transpose()?.unwrap_or_default();
    let stderr = stderr.map(text_bytes).transpose()?.unwrap_or_default();
    let prepared =
        Prepared::with_secrets(&secrets).map_err(|e| errors::value_error(&e.phrase()))?;
    let envelope = py.detach(|| {
        let finished = Finished {
            command: &argv,
            termination: ended,
            stdout: &stdout,
            stderr: &stderr,
            stderr_total: stderr.len() as u64,
            timed_out: limit,
        };
        let meaning = read_finished(&finished, prepared.redactor(), Context::default());
        prepared.envelope(meaning.envelope)
    });
    Ok(Some(PyEnvelope::new(envelope)))
}

/// What a verify command's exit status says about an effect-unknown request (DESIGN §2):
/// `"landed"` for 0, `"not_landed"` for 1, `"cannot_tell"` for any other status or `None`
/// (killed, timed out, never started).
#[pyfunction]
pub fn verified(exit_status: Option<i32>) -> &'static str {
    failwise::backoff::Verified::from_exit(exit_status).as_str()
}
