//! When to send a failed request again: resend on `retry: yes`, on `retry: unknown` only an
//! idempotent request, never on `retry: no`; and exponential backoff with full jitter.
//!
//! Full jitter (Marc Brooker, "Exponential Backoff And Jitter", AWS Architecture Blog, 2015):
//! the wait before retry `n` (counting from 1) is a uniformly random duration in
//! `[0, min(cap, base · 2^(n-1))]`. Spreading the waits over the whole interval keeps many
//! clients that failed together from retrying together. A wait the failure itself stated
//! (`retry_after_ms`) is used instead, as the least wait.
//!
//! The policy only decides; the caller sleeps and resends. The randomness is passed in, so the
//! policy is deterministic under test.

use std::time::Duration;

use crate::verdict::Retry;

/// Exponential backoff with full jitter.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use failwise::Envelope;
/// use failwise::backoff::Backoff;
/// let backoff = Backoff { base: Duration::from_millis(200), ..Backoff::default() };
/// assert_eq!(backoff.ceiling(1), Duration::from_millis(200));
/// assert_eq!(backoff.ceiling(4), Duration::from_millis(1_600));
/// assert_eq!(backoff.ceiling(20), Duration::from_secs(10));
///
/// // A wait the failure states comes first; the backoff (with `unit` from any random source in
/// // [0, 1)) only when it states none.
/// let line = r#"{"error":true,"code":"HTTP_503","exit":75,"message":"service unavailable","error_class":"transient","retry":"yes","retryable":true,"recovery":"wait, then send the request again"}"#;
/// let envelope = Envelope::from_json(line)?;
/// let wait = envelope
///     .retry_after_ms()
///     .map_or_else(|| backoff.wait(1, 0.5), Duration::from_millis);
/// assert_eq!(wait, Duration::from_millis(100));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    /// The ceiling of the first wait.
    pub base: Duration,
    /// The ceiling no wait exceeds.
    pub cap: Duration,
}

impl Default for Backoff {
    /// `base` 100 ms, `cap` 10 s.
    fn default() -> Self {
        Self {
            base: Duration::from_millis(100),
            cap: Duration::from_secs(10),
        }
    }
}

impl Backoff {
    /// The ceiling of the wait before retry `retry` (1 for the first retry):
    /// `min(cap, base · 2^(retry-1))`, saturating.
    pub fn ceiling(&self, retry: u32) -> Duration {
        let doublings = retry.saturating_sub(1).min(63);
        let factor = 1u64 << doublings;
        let nanos = u64::try_from(self.base.as_nanos())
            .unwrap_or(u64::MAX)
            .saturating_mul(factor);
        Duration::from_nanos(nanos).min(self.cap)
    }

    /// The full-jitter wait before retry `retry`: `unit · ceiling(retry)`, where `unit` is a
    /// uniformly random number in `[0, 1)` (values outside are clamped).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use failwise::backoff::Backoff;
    /// let b = Backoff { base: Duration::from_millis(100), cap: Duration::from_secs(1) };
    /// assert_eq!(b.wait(3, 0.5), Duration::from_millis(200));
    /// assert_eq!(b.wait(30, 0.5), Duration::from_millis(500));
    /// ```
    pub fn wait(&self, retry: u32, unit: f64) -> Duration {
        let unit = if unit.is_nan() {
            0.0
        } else {
            unit.clamp(0.0, 1.0)
        };
        self.ceiling(retry).mul_f64(unit)
    }
}

/// How many times, and on which verdicts, a request is sent again.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use failwise::Envelope;
/// use failwise::backoff::{Backoff, Decision, RetryPolicy, StopReason};
/// let policy = RetryPolicy {
///     retries: 3,
///     idempotent: false,
///     budget: Duration::from_secs(60),
///     backoff: Backoff::default(),
/// };
/// // What two attempts of one request printed: busy, then a failure that no resend fixes.
/// let failures = [
///     r#"{"error":true,"code":"BUSY","exit":75,"message":"busy","error_class":"transient","retry":"yes","retryable":true,"retry_after_ms":250,"recovery":"wait 250 ms, then run the command again"}"#,
///     r#"{"error":true,"code":"NOT_FOUND","exit":4,"message":"not found","error_class":"permanent","retry":"no","retryable":false,"recovery":"run `app list` to see the names that exist"}"#,
/// ];
/// let mut waits = Vec::new();
/// let mut attempt = 0;
/// let stop = loop {
///     let envelope = Envelope::from_json(failures[attempt])?;
///     attempt += 1;
///     let elapsed = waits.iter().sum();
///     let (retry, stated) = (envelope.retry(), envelope.retry_after_ms());
///     match policy.decide(attempt as u32, retry, stated, elapsed, 0.5) {
///         Decision::Retry(wait) => waits.push(wait), // sleep `wait`, then send the request again
///         Decision::Stop(reason) => break reason,
///     }
/// };
/// assert_eq!(waits, [Duration::from_millis(250)]);
/// assert_eq!(stop, StopReason::NotRetryable);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The most resends after the first attempt.
    pub retries: u32,
    /// Whether the request is idempotent: only then is a `retry: unknown` resent.
    pub idempotent: bool,
    /// The total time all attempts and waits may take; a wait that would end past it is not
    /// started.
    pub budget: Duration,
    /// The backoff used when the failure states no wait.
    pub backoff: Backoff,
}

/// What to do after a failed attempt.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use failwise::Envelope;
/// use failwise::backoff::{Decision, RetryPolicy};
/// let policy = RetryPolicy {
///     retries: 1,
///     idempotent: true,
///     budget: Duration::from_secs(5),
///     backoff: Default::default(),
/// };
/// let line = r#"{"error":true,"code":"UPSTREAM_TIMEOUT","exit":75,"message":"no answer within 30 s","error_class":"transient","retry":"unknown","retryable":false,"recovery":"run `app status 42` before sending request 42 again"}"#;
/// let envelope = Envelope::from_json(line)?;
/// match policy.decide(1, envelope.retry(), envelope.retry_after_ms(), Duration::ZERO, 0.5) {
///     // An idempotent request may go out again although its effect is unknown.
///     Decision::Retry(wait) => assert_eq!(wait, Duration::from_millis(50)),
///     Decision::Stop(reason) => return Err(reason.as_str().into()),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Wait this long, then send the request again.
    Retry(Duration),
    /// Stop, for this reason.
    Stop(StopReason),
}

/// Why a [`RetryPolicy`] stopped.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use failwise::Envelope;
/// use failwise::backoff::{Decision, RetryPolicy, StopReason};
/// let policy = RetryPolicy {
///     retries: 5,
///     idempotent: false,
///     budget: Duration::from_secs(10),
///     backoff: Default::default(),
/// };
/// let line = r#"{"error":true,"code":"HTTP_429","exit":75,"message":"rate limited","error_class":"transient","retry":"yes","retryable":true,"retry_after_ms":60000,"recovery":"wait 60 s, then send the request again"}"#;
/// let envelope = Envelope::from_json(line)?;
/// let decision = policy.decide(1, envelope.retry(), envelope.retry_after_ms(), Duration::ZERO, 0.5);
/// let Decision::Stop(reason) = decision else {
///     return Err("a 60 s wait does not fit a 10 s budget".into());
/// };
/// assert_eq!(reason, StopReason::BudgetExhausted);
/// assert_eq!(reason.as_str(), "budget_exhausted");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// The verdict was `no`.
    NotRetryable,
    /// The verdict was `unknown` and the request is not declared idempotent.
    EffectUnknown,
    /// Every allowed retry was used.
    RetriesExhausted,
    /// The next wait would end past the time budget.
    BudgetExhausted,
    /// The upstream's retry budget, shared through the guard's store, has half or fewer of its
    /// tokens left (the guard's `Policy::max_tokens`).
    RetryBudget,
    /// The effect was unknown and the envelope's `verify` command could not tell whether it
    /// landed (an exit status other than 0 and 1, a signal, a timeout, or it did not start).
    VerifyCannotTell,
}

impl StopReason {
    /// A short snake_case name for reports, such as `budget_exhausted`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::NotRetryable => "not_retryable",
            Self::EffectUnknown => "effect_unknown",
            Self::RetriesExhausted => "retries_exhausted",
            Self::BudgetExhausted => "budget_exhausted",
            Self::RetryBudget => "retry_budget",
            Self::VerifyCannotTell => "verify_cannot_tell",
        }
    }
}

/// What an envelope's `verify` command said about an effect-unknown request (DESIGN §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verified {
    /// Exit 0: the request landed; it is not sent again.
    Landed,
    /// Exit 1: it did not land; it may be sent again, idempotent or not.
    NotLanded,
    /// Any other exit status, a death by a signal, or no status at all: the effect is still
    /// unknown.
    CannotTell,
}

impl Verified {
    /// The answer of a verify command that exited with `code` (`None`: killed by a signal,
    /// timed out, or never started).
    ///
    /// ```
    /// use failwise::backoff::Verified;
    /// assert_eq!(Verified::from_exit(Some(0)), Verified::Landed);
    /// assert_eq!(Verified::from_exit(Some(1)), Verified::NotLanded);
    /// assert_eq!(Verified::from_exit(Some(2)), Verified::CannotTell);
    /// assert_eq!(Verified::from_exit(None), Verified::CannotTell);
    /// ```
    pub const fn from_exit(code: Option<i32>) -> Self {
        match code {
            Some(0) => Self::Landed,
            Some(1) => Self::NotLanded,
            _ => Self::CannotTell,
        }
    }

    /// `landed`, `not_landed` or `cannot_tell`, for `params.verify`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Landed => "landed",
            Self::NotLanded => "not_landed",
            Self::CannotTell => "cannot_tell",
        }
    }
}

impl RetryPolicy {
    /// Decides after failed attempt `attempt` (1 for the first), given the failure's verdict
    /// and stated wait, the time spent since the first attempt started, and a uniformly random
    /// `unit` in `[0, 1)` for the jitter.
    ///
    /// Resends only on `yes`, and on `unknown` only when [`RetryPolicy::idempotent`]: an
    /// `unknown` request may already have landed, and only an idempotent one is safe to send
    /// twice.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use failwise::Retry;
    /// use failwise::backoff::{Backoff, Decision, RetryPolicy, StopReason};
    /// let policy = RetryPolicy { retries: 2, idempotent: false, budget: Duration::from_secs(60),
    ///                            backoff: Backoff::default() };
    /// assert_eq!(policy.decide(1, Retry::Yes, Some(1_500), Duration::ZERO, 0.9),
    ///            Decision::Retry(Duration::from_millis(1_500)));
    /// assert_eq!(policy.decide(1, Retry::Unknown, None, Duration::ZERO, 0.9),
    ///            Decision::Stop(StopReason::EffectUnknown));
    /// assert_eq!(policy.decide(3, Retry::Yes, None, Duration::ZERO, 0.9),
    ///            Decision::Stop(StopReason::RetriesExhausted));
    /// ```
    pub fn decide(
        &self,
        attempt: u32,
        retry: Retry,
        retry_after_ms: Option<u64>,
        elapsed: Duration,
        unit: f64,
    ) -> Decision {
        match retry {
            Retry::No => return Decision::Stop(StopReason::NotRetryable),
            Retry::Unknown if !self.idempotent => {
                return Decision::Stop(StopReason::EffectUnknown);
            }
            Retry::Yes | Retry::Unknown => {}
        }
        if attempt > self.retries {
            return Decision::Stop(StopReason::RetriesExhausted);
        }
        let wait = match retry_after_ms {
            Some(ms) => Duration::from_millis(ms),
            None => self.backoff.wait(attempt, unit),
        };
        if elapsed.saturating_add(wait) > self.budget {
            return Decision::Stop(StopReason::BudgetExhausted);
        }
        Decision::Retry(wait)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn policy(retries: u32, idempotent: bool) -> RetryPolicy {
        RetryPolicy {
            retries,
            idempotent,
            budget: Duration::from_secs(30),
            backoff: Backoff::default(),
        }
    }

    #[test]
    fn no_is_never_resent_and_unknown_only_when_idempotent() {
        let p = policy(5, true);
        assert_eq!(
            p.decide(1, Retry::No, None, Duration::ZERO, 0.5),
            Decision::Stop(StopReason::NotRetryable)
        );
        assert!(matches!(
            p.decide(1, Retry::Unknown, None, Duration::ZERO, 0.5),
            Decision::Retry(_)
        ));
    }

    #[test]
    fn the_budget_bounds_the_wait() {
        let p = policy(5, false);
        assert_eq!(
            p.decide(1, Retry::Yes, Some(31_000), Duration::ZERO, 0.5),
            Decision::Stop(StopReason::BudgetExhausted)
        );
        assert_eq!(
            p.decide(
                1,
                Retry::Yes,
                Some(1_000),
                Duration::from_millis(29_500),
                0.5
            ),
            Decision::Stop(StopReason::BudgetExhausted)
        );
    }

    proptest! {
        #[test]
        fn a_wait_stays_within_zero_and_the_ceiling(retry in 1u32..200, unit in 0.0f64..1.0) {
            let b = Backoff::default();
            let w = b.wait(retry, unit);
            prop_assert!(w <= b.ceiling(retry));
            prop_assert!(b.ceiling(retry) <= b.cap);
            prop_assert!(b.ceiling(retry) >= b.ceiling(retry.saturating_sub(1).max(1)));
        }
    }
}
