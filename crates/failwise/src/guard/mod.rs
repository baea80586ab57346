//! The guard (DESIGN §7): a call that failed the same way several times in a row is not sent
//! again, an upstream that keeps failing to answer gets a circuit, a wait one upstream asked
//! for holds every caller of it, and retries draw from a budget per upstream; all of it kept in
//! a [`Store`] shared by every process that opens the same one.
//!
//! A harness asks [`Guard::admit`] before it sends a call and tells [`Guard::record`] how it
//! ended; [`Guard::may_retry`] before a retry. `failwise run` and `failwise mcp` are two such
//! harnesses.
//!
//! What is "the same": a [`Call`] is its program, arguments and working directory,
//! fingerprinted; a failure's [`signature`] is its code and its message with volatile parts
//! folded. Only failures with `retry: no` or `unknown` count toward a refusal: a `yes` is left
//! to the backoff and the retry budget. Transport failures ([`is_transport`]) count toward a
//! circuit; answers of the application never do.

mod call;
#[cfg(feature = "redis")]
mod redis;
mod refusal;
#[cfg(feature = "sqlite")]
mod sqlite;
mod state;
mod store;
mod upstream;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub use call::{Call, CallKind, Fingerprint, signature};
#[cfg(feature = "redis")]
pub use redis::RedisStore;
pub use refusal::{CIRCUIT_OPEN, REPEATED_FAILURE, UPSTREAM_WAIT, rfc3339, upstream_wait};
#[cfg(feature = "sqlite")]
pub use sqlite::SqliteStore;
pub use state::{
    CallRecord, Circuit, LastFailure, UpstreamAdmission, UpstreamOutcome, UpstreamRecord,
};
pub use store::{Entry, MemoryStore, Store, StoreError, StoreSpec, Write};
pub use upstream::{ANSWER_LOST, CALL_TIMEOUT, SERVER_EXITED, Upstream, is_exchange, is_transport};

use crate::{Envelope, Retry};
use state::millis;

/// At most this many bytes of the last failure's message and recovery are kept in the store.
const MAX_KEPT_TEXT: usize = 1024;

/// The guard's limits. [`Policy::default`] is DESIGN §7's: 3 failures in a row within an hour,
/// a circuit after 5 transport failures within a minute, open for 30 s; a retry budget of 10
/// tokens, a success returning a tenth of one (gRPC's retry throttling defaults, gRFC A6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// Refuse a call after this many failures in a row with the same signature (`retry: no` or
    /// `unknown`); `None` counts none and refuses none (circuits, waits and the budget still
    /// act).
    pub repeat_limit: Option<u32>,
    /// A failure older than this no longer counts toward a refusal.
    pub window: Duration,
    /// Open an upstream's circuit after this many transport failures...
    pub circuit_failures: u32,
    /// ...within this long.
    pub circuit_window: Duration,
    /// How long an open circuit holds calls back before one probe goes through.
    pub open_for: Duration,
    /// The retry budget's size in tokens; a failure that may be retried costs one, and retries
    /// stop while half or fewer are left.
    pub max_tokens: u32,
    /// What a success returns to the budget, in thousandths of a token.
    pub token_ratio_milli: u32,
    /// How long an upstream's record is kept after its last wait, circuit or call (its budget
    /// is full again once it is forgotten).
    pub upstream_memory: Duration,
}

impl Default for Policy {
    fn default() -> Self {
        Self {
            repeat_limit: Some(3),
            window: Duration::from_secs(3600),
            circuit_failures: 5,
            circuit_window: Duration::from_secs(60),
            open_for: Duration::from_secs(30),
            max_tokens: 10,
            token_ratio_milli: 100,
            upstream_memory: Duration::from_secs(600),
        }
    }
}

/// What the guard lets a call do.
#[derive(Debug, Clone, PartialEq)]
pub enum Admission {
    /// Send it.
    Run,
    /// Its upstream asked every caller to wait until `until`: send it then (or answer with
    /// [`upstream_wait`] without waiting).
    Wait {
        /// When the wait ends.
        until: SystemTime,
        /// The upstream that asked.
        upstream: Upstream,
    },
    /// Do not send it: the envelope says why (`REPEATED_FAILURE`, `CIRCUIT_OPEN`).
    Refused(Box<Envelope>),
}

/// The guard over one store.
pub struct Guard {
    store: Box<dyn Store>,
    policy: Policy,
}

impl std::fmt::Debug for Guard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Guard")
            .field("store", &self.store.location())
            .field("policy", &self.policy)
            .finish()
    }
}

impl Guard {
    /// A guard keeping its state in `store`.
    pub fn new(store: Box<dyn Store>, policy: Policy) -> Self {
        Self { store, policy }
    }

    /// The store.
    pub fn store(&self) -> &dyn Store {
        self.store.as_ref()
    }

    /// The limits.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// Whether `call` may be sent at `now`: refused when it failed the same way
    /// [`Policy::repeat_limit`] times in a row, or its upstream's circuit is open; held when its
    /// upstream asked for a wait; else run (as the half-open circuit's probe, if it is one).
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the store cannot be used; the caller decides (`failwise run` sends
    /// the call anyway and says the guard was unavailable).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::path::Path;
    /// use std::time::{Duration, SystemTime};
    /// use failwise::guard::{Admission, Call, Guard, MemoryStore, Policy};
    /// use failwise::{Code, Envelope, ExitStatus, Verdict};
    /// let guard = Guard::new(Box::new(MemoryStore::new()), Policy::default());
    /// let call = Call::new(&["deploy", "--id", "42"], Path::new("/srv"));
    /// let failure = Envelope::draft(Code::new("NOT_FOUND")?, ExitStatus::FAILURE, "no release 42")
    ///     .verdict(Verdict::permanent())
    ///     .with_recovery("list the releases with `deploy list`")?;
    /// let now = SystemTime::now();
    /// for i in 0..3 {
    ///     assert_eq!(guard.admit(&call, now)?, Admission::Run);
    ///     guard.record(&call, Some(&failure), now + Duration::from_secs(i))?;
    /// }
    /// let Admission::Refused(refusal) = guard.admit(&call, now + Duration::from_secs(3))? else {
    ///     panic!("the fourth call was let through");
    /// };
    /// assert_eq!(refusal.code().as_str(), "REPEATED_FAILURE");
    /// assert_eq!(refusal.params()["count"], 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn admit(&self, call: &Call, now: SystemTime) -> Result<Admission, StoreError> {
        let now_ms = epoch_ms(now);
        if self.policy.repeat_limit.is_some() {
            let mut refusal = None;
            self.store.update(&call_key(call), now_ms, &mut |value| {
                refusal = read::<CallRecord>(value).filter(|r| r.refuses(now_ms, &self.policy));
                Write::Keep
            })?;
            if let Some(record) = refusal {
                return Ok(Admission::Refused(Box::new(refusal::repeated_failure(
                    &record,
                    call.fingerprint(),
                    call.kind(),
                    &self.policy,
                ))));
            }
        }
        let Some(upstream) = call.upstream() else {
            return Ok(Admission::Run);
        };
        let mut admission = UpstreamAdmission::Pass;
        self.store
            .update(&upstream_key(upstream), now_ms, &mut |value| {
                let before = read::<UpstreamRecord>(value).unwrap_or_default();
                let (after, decided) = before.clone().admit(now_ms, &self.policy);
                admission = decided;
                if after == before {
                    Write::Keep
                } else {
                    put(&after, after.expires_at(now_ms, &self.policy))
                }
            })?;
        Ok(match admission {
            UpstreamAdmission::Pass | UpstreamAdmission::Probe => Admission::Run,
            UpstreamAdmission::Hold { until_ms } => Admission::Wait {
                until: UNIX_EPOCH + Duration::from_millis(until_ms),
                upstream: upstream.clone(),
            },
            UpstreamAdmission::Open { until_ms } => Admission::Refused(Box::new(
                refusal::circuit_open(upstream, until_ms, now_ms, &self.policy),
            )),
        })
    }

    /// Records how `call` ended at `now`: `None` for a success, else its envelope.
    ///
    /// A success forgets the call's failures and closes its upstream's circuit. A failure with
    /// `retry: no` or `unknown` counts toward a refusal (the same signature as the last one, or
    /// the first of a new row); a `yes` forgets the row. The upstream (the call's, else the one
    /// the failure names in `params.host`) counts a transport failure toward its circuit (for
    /// an MCP tool call, only what the proxy saw itself: [`is_exchange`]), keeps
    /// the failure's `retry_after_ms` as a wait for every caller (for an MCP tool call, only a
    /// transport failure's: a tool's own wait is for the service behind that tool, not for
    /// every tool of the server), and spends from the budget.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the store cannot be used.
    pub fn record(
        &self,
        call: &Call,
        failure: Option<&Envelope>,
        now: SystemTime,
    ) -> Result<(), StoreError> {
        let now_ms = epoch_ms(now);
        let counted = failure.filter(|f| f.retry() != Retry::Yes);
        // Nothing to forget for a call with no record: a read, without the write lock.
        let held = counted.is_some() || self.store.get(&call_key(call), now_ms)?.is_some();
        if held && (self.policy.repeat_limit.is_some() || failure.is_none()) {
            self.store
                .update(&call_key(call), now_ms, &mut |value| match counted {
                    None if value.is_none() => Write::Keep,
                    None => Write::Delete,
                    Some(envelope) => {
                        let record = CallRecord::after_failure(
                            read(value),
                            signature(envelope),
                            last_failure(envelope),
                            now_ms,
                            &self.policy,
                        );
                        put(&record, now_ms.saturating_add(millis(self.policy.window)))
                    }
                })?;
        }
        let upstream = call
            .upstream()
            .cloned()
            .or_else(|| failure.and_then(Upstream::of_failure));
        let Some(upstream) = upstream else {
            return Ok(());
        };
        let outcome = match failure {
            None => UpstreamOutcome::Success,
            // What an MCP server answered for a tool (an HTTP 503 in its text included) is the
            // tool's own failure; only what the proxy saw itself (the server exited, a timeout,
            // a lost answer) is the server's transport.
            Some(envelope)
                if is_transport(envelope)
                    && (call.kind() == CallKind::Command || is_exchange(envelope)) =>
            {
                UpstreamOutcome::Transport {
                    wait_ms: envelope.retry_after_ms(),
                }
            }
            // A tool's own failure (an `isError` result) speaks for the service behind that tool,
            // not for the MCP server: its wait is the caller's to keep, not every tool's.
            Some(envelope) => UpstreamOutcome::Application {
                retryable: envelope.retry() != Retry::No,
                wait_ms: envelope
                    .retry_after_ms()
                    .filter(|_| call.kind() == CallKind::Command),
            },
        };
        self.store
            .update(&upstream_key(&upstream), now_ms, &mut |value| {
                let record = read::<UpstreamRecord>(value).unwrap_or_default().after(
                    outcome,
                    now_ms,
                    &self.policy,
                );
                put(&record, record.expires_at(now_ms, &self.policy))
            })
    }

    /// Whether the retry budget of `call`'s upstream allows another attempt at `now` (always,
    /// for a call with no upstream).
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the store cannot be used.
    pub fn may_retry(&self, call: &Call, now: SystemTime) -> Result<bool, StoreError> {
        let Some(upstream) = call.upstream() else {
            return Ok(true);
        };
        let value = self.store.get(&upstream_key(upstream), epoch_ms(now))?;
        Ok(read::<UpstreamRecord>(value.as_deref())
            .unwrap_or_default()
            .may_retry(&self.policy))
    }

    /// Forgets what the guard holds for `call` and, when given, for `upstream`; returns how
    /// many records were held.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the store cannot be used.
    pub fn forget(
        &self,
        call: Option<&Call>,
        upstream: Option<&Upstream>,
    ) -> Result<u64, StoreError> {
        let mut removed = 0;
        if let Some(call) = call {
            removed += self.store.clear(Some(&call_key(call)))?;
        }
        if let Some(upstream) = upstream {
            removed += self.store.clear(Some(&upstream_key(upstream)))?;
        }
        Ok(removed)
    }
}

/// The store key of a call: `call:<fingerprint>`.
pub fn call_key(call: &Call) -> String {
    format!("call:{}", call.fingerprint())
}

/// The store key of an upstream: `upstream:<fingerprint of its name>`.
pub fn upstream_key(upstream: &Upstream) -> String {
    format!("upstream:{}", upstream.fingerprint())
}

/// A record read from the store; one that does not parse (another version's, a damaged one)
/// reads as absent, so the guard starts again rather than failing the call.
fn read<T: serde::de::DeserializeOwned>(value: Option<&[u8]>) -> Option<T> {
    value.and_then(|v| serde_json::from_slice(v).ok())
}

fn put<T: serde::Serialize>(record: &T, expires_at_ms: u64) -> Write {
    match serde_json::to_vec(record) {
        Ok(value) => Write::Put {
            value,
            expires_at_ms,
        },
        Err(_) => Write::Keep,
    }
}

/// The failure as the store keeps it: code, message, recovery (each at most 1 KiB), source
/// dialect and exit status.
fn last_failure(envelope: &Envelope) -> LastFailure {
    LastFailure {
        code: envelope.code().as_str().to_owned(),
        message: bounded(envelope.message()),
        recovery: bounded(envelope.recovery()),
        source: envelope.source().map(|s| s.dialect.clone()),
        exit: envelope.exit().get(),
    }
}

fn bounded(text: &str) -> String {
    let mut cut = text.len().min(MAX_KEPT_TEXT);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    text[..cut].to_owned()
}

/// Milliseconds since the Unix epoch (0 before it), the unit of every time the store keeps.
pub fn epoch_ms(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}
