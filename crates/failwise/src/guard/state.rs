//! What the store holds for a call and for an upstream, and how each changes: pure functions
//! from a record, the time and an outcome to the new record, so every store (SQLite, Redis,
//! memory) decides alike and the rules are tested without one.

use serde::{Deserialize, Serialize};

use super::Policy;

/// A call's failures in a row that the guard counts (`retry: no` or `unknown`, the same
/// signature each time), and the last one, to repeat it when the call is refused.
///
/// Holds the fingerprint's counts and times and the last failure's code, message, recovery,
/// source dialect and exit status as the envelope gave them (redacted and bounded by the
/// caller); never the call's arguments or its output.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallRecord {
    /// The failure's [`signature`](super::signature).
    pub signature: String,
    /// Failures in a row with this signature.
    pub count: u32,
    /// When the first of them happened, in milliseconds since the Unix epoch.
    pub first_failed_at_ms: u64,
    /// When the last of them happened, in milliseconds since the Unix epoch.
    pub last_failed_at_ms: u64,
    /// The last failure.
    pub last: LastFailure,
    /// The [`Policy::repeat_limit`] of the guard that wrote the record last, so a reader
    /// without that policy (`failwise state show`) can tell whether the call is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
}

/// The last failure of a call, as its envelope said it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastFailure {
    /// Its `code`.
    pub code: String,
    /// Its `message`.
    pub message: String,
    /// Its `recovery`.
    pub recovery: String,
    /// Its `source.dialect`, when it was read from another dialect.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Its `exit`.
    pub exit: u8,
}

/// What the store holds for an upstream: its recent transport failures and circuit, the wait it
/// asked of every caller, and the retry budget.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpstreamRecord {
    /// The times of its latest transport failures (ms since the epoch), oldest first, at most
    /// [`Policy::circuit_failures`] of them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<u64>,
    /// While the circuit is open: when it half-opens (ms since the epoch); 0 when closed.
    #[serde(default)]
    pub open_until_ms: u64,
    /// While a half-open probe is out: until when it holds the others back; 0 otherwise.
    #[serde(default)]
    pub probe_until_ms: u64,
    /// The `retry_after_ms` it asked for, as the time until which its callers wait; 0 for none.
    #[serde(default)]
    pub hold_until_ms: u64,
    /// The retry budget in thousandths of a token; `None` when full.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_milli: Option<u32>,
}

/// An upstream's circuit breaker, as [`UpstreamRecord::circuit`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Circuit {
    /// Calls go through.
    Closed,
    /// Calls are held back until it half-opens.
    Open,
    /// One call may go through as a probe (or is out as one).
    HalfOpen,
}

impl Circuit {
    /// `closed`, `open` or `half_open`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Closed => "closed",
            Self::Open => "open",
            Self::HalfOpen => "half_open",
        }
    }
}

/// What an upstream's state lets a call do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpstreamAdmission {
    /// Send it.
    Pass,
    /// Send it as the half-open circuit's one probe.
    Probe,
    /// The circuit is open (or its probe is out) until this time: do not send it.
    Open {
        /// When a probe may go, in ms since the epoch.
        until_ms: u64,
    },
    /// The upstream asked its callers to wait until this time.
    Hold {
        /// In ms since the epoch.
        until_ms: u64,
    },
}

/// How a call to an upstream ended, as its circuit and budget count it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpstreamOutcome {
    /// It succeeded.
    Success,
    /// A transport failure ([`is_transport`](super::is_transport)).
    Transport {
        /// The wait the failure asked for, in milliseconds.
        wait_ms: Option<u64>,
    },
    /// An answer of the application.
    Application {
        /// Whether the failure may be retried (`yes` or `unknown`): such a failure spends from
        /// the retry budget.
        retryable: bool,
        /// The wait the failure asked for, in milliseconds.
        wait_ms: Option<u64>,
    },
}

impl CallRecord {
    /// Whether this record refuses the call at `now_ms` under `policy`: as many failures in a
    /// row as its limit, the last within its window.
    pub fn refuses(&self, now_ms: u64, policy: &Policy) -> bool {
        policy.repeat_limit.is_some_and(|limit| self.count >= limit)
            && now_ms.saturating_sub(self.last_failed_at_ms) <= millis(policy.window)
    }

    /// The record after a counted failure (`retry: no` or `unknown`) with `signature`: one more
    /// in a row when the signature is the same and the last was within the window, else the
    /// first of a new row.
    pub fn after_failure(
        previous: Option<Self>,
        signature: String,
        last: LastFailure,
        now_ms: u64,
        policy: &Policy,
    ) -> Self {
        match previous {
            Some(mut record)
                if record.signature == signature
                    && now_ms.saturating_sub(record.last_failed_at_ms) <= millis(policy.window) =>
            {
                record.count = record.count.saturating_add(1);
                record.last_failed_at_ms = now_ms;
                record.last = last;
                record.limit = policy.repeat_limit;
                record
            }
            _ => Self {
                signature,
                count: 1,
                first_failed_at_ms: now_ms,
                last_failed_at_ms: now_ms,
                last,
                limit: policy.repeat_limit,
            },
        }
    }
}

impl UpstreamRecord {
    /// What the upstream lets a call do at `now_ms`, and the record after it (a probe taken is
    /// held for [`Policy::open_for`], so only one goes at a time).
    pub fn admit(mut self, now_ms: u64, policy: &Policy) -> (Self, UpstreamAdmission) {
        if self.open_until_ms != 0 {
            if now_ms < self.open_until_ms {
                let until_ms = self.open_until_ms;
                return (self, UpstreamAdmission::Open { until_ms });
            }
            if now_ms < self.probe_until_ms {
                let until_ms = self.probe_until_ms;
                return (self, UpstreamAdmission::Open { until_ms });
            }
            self.probe_until_ms = now_ms.saturating_add(millis(policy.open_for));
            return (self, UpstreamAdmission::Probe);
        }
        if now_ms < self.hold_until_ms {
            let until_ms = self.hold_until_ms;
            return (self, UpstreamAdmission::Hold { until_ms });
        }
        (self, UpstreamAdmission::Pass)
    }

    /// The record after a call ended with `outcome` at `now_ms`.
    ///
    /// A success closes the circuit and returns [`Policy::token_ratio_milli`] thousandths of a token; a
    /// transport failure costs a token and is counted: the circuit opens when
    /// [`Policy::circuit_failures`] fall within [`Policy::circuit_window`], or again at once
    /// when it was a half-open probe; an application failure shows the upstream answered, so it
    /// closes a half-open circuit, and costs a token when it may be retried. A wait asked for
    /// holds every caller until then (the later of two waits wins).
    pub fn after(mut self, outcome: UpstreamOutcome, now_ms: u64, policy: &Policy) -> Self {
        let full = policy.max_tokens.saturating_mul(1000);
        let tokens = self.tokens_milli.unwrap_or(full);
        let (tokens, wait) = match outcome {
            UpstreamOutcome::Success => {
                self.failures.clear();
                self.open_until_ms = 0;
                self.probe_until_ms = 0;
                (tokens.saturating_add(policy.token_ratio_milli), None)
            }
            UpstreamOutcome::Transport { wait_ms } => {
                let probing = self.open_until_ms != 0;
                self.failures.push(now_ms);
                let keep = usize::try_from(policy.circuit_failures.max(1)).unwrap_or(usize::MAX);
                let excess = self.failures.len().saturating_sub(keep);
                self.failures.drain(..excess);
                let within = self.failures.first().is_some_and(|first| {
                    now_ms.saturating_sub(*first) <= millis(policy.circuit_window)
                });
                if probing || (self.failures.len() >= keep && within) {
                    self.open_until_ms = now_ms.saturating_add(millis(policy.open_for));
                    self.probe_until_ms = 0;
                    self.failures.clear();
                }
                (tokens.saturating_sub(1000), wait_ms)
            }
            UpstreamOutcome::Application { retryable, wait_ms } => {
                self.open_until_ms = 0;
                self.probe_until_ms = 0;
                let cost = if retryable { 1000 } else { 0 };
                (tokens.saturating_sub(cost), wait_ms)
            }
        };
        let tokens = tokens.min(full);
        self.tokens_milli = (tokens < full).then_some(tokens);
        if let Some(wait) = wait {
            self.hold_until_ms = self.hold_until_ms.max(now_ms.saturating_add(wait));
        }
        self
    }

    /// The circuit at `now_ms`.
    pub fn circuit(&self, now_ms: u64) -> Circuit {
        match self.open_until_ms {
            0 => Circuit::Closed,
            until if now_ms < until => Circuit::Open,
            _ => Circuit::HalfOpen,
        }
    }

    /// The retry budget's tokens left.
    pub fn tokens(&self, policy: &Policy) -> f64 {
        f64::from(
            self.tokens_milli
                .unwrap_or(policy.max_tokens.saturating_mul(1000)),
        ) / 1000.0
    }

    /// Whether the retry budget allows a retry: more than half of the tokens left (gRPC's retry
    /// throttling, gRFC A6: retries stop while `token_count` is at or below
    /// `max_tokens / 2`).
    pub fn may_retry(&self, policy: &Policy) -> bool {
        let full = policy.max_tokens.saturating_mul(1000);
        self.tokens_milli.unwrap_or(full) > full / 2
    }

    /// When the store may forget this record, in ms since the epoch: once no wait, circuit or
    /// probe is pending and [`Policy::upstream_memory`] has passed (the budget refills then).
    pub fn expires_at(&self, now_ms: u64, policy: &Policy) -> u64 {
        [
            self.hold_until_ms,
            self.open_until_ms,
            self.probe_until_ms,
            now_ms,
        ]
        .into_iter()
        .max()
        .unwrap_or(now_ms)
        .saturating_add(millis(policy.upstream_memory))
    }
}

/// A duration in whole milliseconds, saturating.
pub(super) fn millis(duration: std::time::Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last() -> LastFailure {
        LastFailure {
            code: "EXIT_3".into(),
            message: "it failed".into(),
            recovery: "fix it".into(),
            source: None,
            exit: 3,
        }
    }

    #[test]
    fn the_same_failure_counts_up_and_another_starts_again() {
        let policy = Policy::default();
        let one = CallRecord::after_failure(None, "a".into(), last(), 1_000, &policy);
        let two = CallRecord::after_failure(Some(one), "a".into(), last(), 2_000, &policy);
        let three =
            CallRecord::after_failure(Some(two.clone()), "a".into(), last(), 3_000, &policy);
        assert_eq!(
            (two.count, three.count, three.first_failed_at_ms),
            (2, 3, 1_000)
        );
        assert!(three.refuses(3_500, &policy));
        assert!(!two.refuses(3_500, &policy));
        let other =
            CallRecord::after_failure(Some(three.clone()), "b".into(), last(), 4_000, &policy);
        assert_eq!((other.count, other.first_failed_at_ms), (1, 4_000));
        let window = millis(policy.window);
        assert!(!three.refuses(3_000 + window + 1, &policy));
        let late =
            CallRecord::after_failure(Some(three), "a".into(), last(), 3_001 + window, &policy);
        assert_eq!(late.count, 1);
    }

    #[test]
    fn five_transport_failures_within_the_window_open_the_circuit_then_one_probe_goes() {
        let policy = Policy::default();
        let transport = UpstreamOutcome::Transport { wait_ms: None };
        let mut record = UpstreamRecord::default();
        for i in 0..4 {
            record = record.after(transport, 1_000 + i * 1_000, &policy);
            assert_eq!(record.open_until_ms, 0, "open after {} failures", i + 1);
        }
        record = record.after(transport, 5_000, &policy);
        let open_until = 5_000 + millis(policy.open_for);
        assert_eq!(record.open_until_ms, open_until);
        let (record, now) = record.admit(6_000, &policy);
        assert_eq!(
            now,
            UpstreamAdmission::Open {
                until_ms: open_until
            }
        );
        let (record, first) = record.admit(open_until, &policy);
        assert_eq!(first, UpstreamAdmission::Probe);
        let (record, second) = record.admit(open_until + 1, &policy);
        assert!(matches!(second, UpstreamAdmission::Open { .. }));
        let failed = record.clone().after(transport, open_until + 10, &policy);
        assert_eq!(
            failed.open_until_ms,
            open_until + 10 + millis(policy.open_for)
        );
        let healed = record.after(UpstreamOutcome::Success, open_until + 10, &policy);
        assert_eq!(
            healed.admit(open_until + 11, &policy).1,
            UpstreamAdmission::Pass
        );
    }

    #[test]
    fn failures_spread_wider_than_the_window_do_not_open_it() {
        let policy = Policy::default();
        let step = millis(policy.circuit_window) / 4 + 1;
        let mut record = UpstreamRecord::default();
        for i in 0..10 {
            record = record.after(
                UpstreamOutcome::Transport { wait_ms: None },
                i * step,
                &policy,
            );
        }
        assert_eq!(record.open_until_ms, 0);
    }

    #[test]
    fn application_failures_never_open_the_circuit() {
        let policy = Policy::default();
        let mut record = UpstreamRecord::default();
        for i in 0..20 {
            let outcome = UpstreamOutcome::Application {
                retryable: false,
                wait_ms: None,
            };
            record = record.after(outcome, i, &policy);
        }
        assert_eq!(record.admit(21, &policy).1, UpstreamAdmission::Pass);
    }

    #[test]
    fn a_wait_holds_callers_and_the_later_wait_wins() {
        let policy = Policy::default();
        let asked = |wait| UpstreamOutcome::Application {
            retryable: true,
            wait_ms: Some(wait),
        };
        let record = UpstreamRecord::default()
            .after(asked(2_000), 1_000, &policy)
            .after(asked(500), 1_100, &policy);
        assert_eq!(
            record.clone().admit(1_500, &policy).1,
            UpstreamAdmission::Hold { until_ms: 3_000 }
        );
        assert_eq!(record.admit(3_000, &policy).1, UpstreamAdmission::Pass);
    }

    #[test]
    fn the_retry_budget_stops_retries_at_half_and_successes_refill_it() {
        let policy = Policy::default();
        let mut record = UpstreamRecord::default();
        let mut spent = 0;
        while record.may_retry(&policy) {
            record = record.after(UpstreamOutcome::Transport { wait_ms: None }, 0, &policy);
            spent += 1;
            assert!(spent <= policy.max_tokens, "the budget never ran out");
        }
        assert_eq!(spent, policy.max_tokens / 2);
        let refills = 1000 / policy.token_ratio_milli + 1;
        for _ in 0..refills {
            record = record.after(UpstreamOutcome::Success, 1, &policy);
        }
        assert!(record.may_retry(&policy));
    }
}
