//! The envelopes the guard answers with instead of sending a call: `REPEATED_FAILURE`,
//! `CIRCUIT_OPEN` and `UPSTREAM_WAIT`, their sentences in the Fluent files.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::phrase::Phrase;
use crate::{Cause, Code, Envelope, ExitStatus, Verdict};

use super::{CallKind, CallRecord, Fingerprint, Policy, Upstream, epoch_ms};

/// The code of a call refused because it failed the same way [`Policy::repeat_limit`] times in
/// a row: `precondition_failed`, `retry: no`, the last failure's exit status.
pub const REPEATED_FAILURE: &str = "REPEATED_FAILURE";

/// The code of a call held back because its upstream's circuit is open: `transient`,
/// `retry: yes`, `retry_after_ms` until the half-open probe, exit 75 (EX_TEMPFAIL).
pub const CIRCUIT_OPEN: &str = "CIRCUIT_OPEN";

/// The code of a call not sent because its upstream asked every caller to wait and the caller
/// chose not to: `transient`, `retry: yes`, `retry_after_ms` the wait left, exit 75.
pub const UPSTREAM_WAIT: &str = "UPSTREAM_WAIT";

/// `REPEATED_FAILURE` for a call whose record refuses it: `params.count` (the failures seen),
/// `first_failed_at` and `last_failed_at` (RFC 3339, UTC), `last_code`, `call` (the
/// fingerprint) and `limit`; the recovery repeats the last failure's and says how to send the
/// call anyway (for a command, clearing the guard's record; for an MCP tool call,
/// `failwise/force` in the request's `_meta`); `causes` holds the last failure as
/// `{code, message, source}`.
pub(super) fn repeated_failure(
    record: &CallRecord,
    call: &Fingerprint,
    kind: CallKind,
    policy: &Policy,
) -> Envelope {
    let recovery = match kind {
        CallKind::Command => "REPEATED_FAILURE-recovery",
        CallKind::Tool => "REPEATED_FAILURE-recovery-tool",
    };
    let last = &record.last;
    let exit = ExitStatus::new(last.exit).unwrap_or(ExitStatus::FAILURE);
    let mut cause = Cause::new(non_empty(&last.message, &last.code));
    cause.code = Some(last.code.clone());
    cause.source = last.source.clone();
    Envelope::draft(code(REPEATED_FAILURE), exit, "")
        .verdict(Verdict::precondition_failed())
        .param("count", record.count)
        .param("first_failed_at", rfc3339(record.first_failed_at_ms))
        .param("last_failed_at", rfc3339(record.last_failed_at_ms))
        .param("last_code", last.code.clone())
        .param("call", call.as_str())
        .param("limit", policy.repeat_limit.unwrap_or(record.count))
        .message_phrase(
            Phrase::new("REPEATED_FAILURE-message")
                .arg("count", record.count)
                .arg("last_code", last.code.clone()),
        )
        .cause(cause)
        .with_recovery_phrase(
            Phrase::new(recovery)
                .arg("last_recovery", non_empty(&last.recovery, &last.code))
                .arg("call", call.as_str()),
        )
}

/// `CIRCUIT_OPEN` for a call to `upstream` while its circuit is open until `until_ms`:
/// `params.upstream`, `open_until` (RFC 3339), `failures` and `window` (the circuit's
/// threshold), the wait as `retry_after_ms`.
pub(super) fn circuit_open(
    upstream: &Upstream,
    until_ms: u64,
    now_ms: u64,
    policy: &Policy,
) -> Envelope {
    let wait = until_ms.saturating_sub(now_ms);
    let window = humantime::format_duration(policy.circuit_window).to_string();
    Envelope::draft(code(CIRCUIT_OPEN), ExitStatus::TEMPFAIL, "")
        .verdict(Verdict::transient().after(Duration::from_millis(wait)))
        .param("upstream", upstream.name())
        .param("open_until", rfc3339(until_ms))
        .param("failures", policy.circuit_failures)
        .param("window", window.clone())
        .message_phrase(
            Phrase::new("CIRCUIT_OPEN-message")
                .arg("upstream", upstream.name())
                .arg("failures", policy.circuit_failures)
                .arg("window", window)
                .arg("until", rfc3339(until_ms)),
        )
        .with_recovery_phrase(
            Phrase::new("CIRCUIT_OPEN-recovery")
                .arg("upstream", upstream.name())
                .arg("wait", seconds(wait)),
        )
}

/// `UPSTREAM_WAIT`: the call to `upstream` was not sent because it asked its callers to wait
/// until `until`, which is after `now`; `params.upstream` and `wait_until` (RFC 3339), the wait
/// left as `retry_after_ms`.
pub fn upstream_wait(upstream: &Upstream, until: SystemTime, now: SystemTime) -> Envelope {
    let (until_ms, now_ms) = (epoch_ms(until), epoch_ms(now));
    let wait = until_ms.saturating_sub(now_ms);
    Envelope::draft(code(UPSTREAM_WAIT), ExitStatus::TEMPFAIL, "")
        .verdict(Verdict::transient().after(Duration::from_millis(wait)))
        .param("upstream", upstream.name())
        .param("wait_until", rfc3339(until_ms))
        .message_phrase(
            Phrase::new("UPSTREAM_WAIT-message")
                .arg("upstream", upstream.name())
                .arg("until", rfc3339(until_ms)),
        )
        .with_recovery_phrase(Phrase::new("UPSTREAM_WAIT-recovery").arg("wait", seconds(wait)))
}

fn code(name: &'static str) -> Code {
    Code::new(name).expect("the guard's codes are UPPER_SNAKE")
}

fn non_empty(text: &str, fallback: &str) -> String {
    if text.trim().is_empty() {
        fallback.to_owned()
    } else {
        text.to_owned()
    }
}

/// `ms` since the Unix epoch as an RFC 3339 UTC timestamp, to the second
/// (`2026-12-01T21:40:00Z`), as the guard's params and `failwise state` write times.
/// A time past 9999-12-31T23:59:59Z (which RFC 3339's four-digit year cannot write) is written
/// as that last second.
pub fn rfc3339(ms: u64) -> String {
    const LAST_MS: u64 = 253_402_300_799_000;
    humantime::format_rfc3339_seconds(UNIX_EPOCH + Duration::from_millis(ms.min(LAST_MS)))
        .to_string()
}

/// A wait as whole seconds rounded up (`3s`), as a person reads it.
fn seconds(ms: u64) -> String {
    let secs = ms.div_ceil(1000).max(1);
    humantime::format_duration(Duration::from_secs(secs)).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guard::LastFailure;

    #[test]
    fn a_refusal_repeats_the_last_failure_and_says_how_to_send_it_anyway() {
        let record = CallRecord {
            signature: "s".into(),
            count: 3,
            first_failed_at_ms: 1_764_600_000_000,
            last_failed_at_ms: 1_764_600_060_000,
            last: LastFailure {
                code: "HTTP_404".into(),
                message: "curl: (22) The requested URL returned error: 404".into(),
                recovery: "check the URL's path with `curl -i`".into(),
                source: None,
                exit: 22,
            },
            limit: Some(3),
        };
        let call = Fingerprint::parse(&"ab".repeat(16)).unwrap();
        let envelope = repeated_failure(&record, &call, CallKind::Command, &Policy::default());
        let tool = repeated_failure(&record, &call, CallKind::Tool, &Policy::default());
        assert!(
            tool.recovery().contains("failwise/force"),
            "{}",
            tool.recovery()
        );
        assert!(!tool.recovery().contains("failwise state clear"));
        assert_eq!(envelope.exit().get(), 22);
        assert_eq!(envelope.retry(), crate::Retry::No);
        assert_eq!(envelope.params()["first_failed_at"], "2025-12-01T14:40:00Z");
        assert!(
            envelope
                .recovery()
                .starts_with("check the URL's path with `curl -i`")
        );
        assert!(
            envelope
                .recovery()
                .contains(&format!("failwise state clear --call {call}"))
        );
        let causes = envelope.causes();
        assert_eq!(causes.len(), 1);
        assert_eq!(causes[0].code.as_deref(), Some("HTTP_404"));
        assert!(
            envelope.message().contains("3 times"),
            "{}",
            envelope.message()
        );
    }

    #[test]
    fn a_time_past_year_9999_is_written_as_its_last_second() {
        assert_eq!(rfc3339(u64::MAX), "9999-12-31T23:59:59Z");
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
    }

    #[test]
    fn an_open_circuit_waits_until_its_probe() {
        let upstream = Upstream::new("api.example.com").unwrap();
        let envelope = circuit_open(&upstream, 31_000, 1_000, &Policy::default());
        assert_eq!(envelope.retry_after_ms(), Some(30_000));
        assert_eq!(envelope.exit().get(), 75);
        assert!(
            envelope.recovery().contains("30s"),
            "{}",
            envelope.recovery()
        );
    }
}
