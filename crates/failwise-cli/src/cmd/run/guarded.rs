//! `run`'s side of the guard ([`failwise::guard`]): which store `--guard`/`--state` name, the
//! admission before each attempt (refused, held for an upstream's wait, or run), what each
//! attempt's end tells the store, and the fail-open rule: a store that cannot be used lets the
//! command run, says so once on stderr, and marks the envelope `params.guard: "unavailable"`.

use std::path::Path;
use std::time::{Duration, SystemTime};

use failwise::guard::{Admission, Call, Guard, Policy, StoreError, StoreSpec};
use failwise::{Envelope, Phrase};

use crate::output::Output;
use crate::presentation::Presentation;

/// At most this many times a run waits for an upstream's wait before it answers with
/// `UPSTREAM_WAIT` (each wait is the upstream's own, so a run that keeps being held is one
/// that other callers keep pushing back).
const MAX_HOLDS: u32 = 16;

/// The guard's window and store, as `run` and `mcp` both take them.
#[derive(Debug, clap::Args)]
pub struct StoreArgs {
    /// How long a failure counts toward --guard.
    #[arg(
        long,
        value_name = "DURATION",
        value_parser = super::duration::parse,
        default_value = "1h",
        allow_hyphen_values = true
    )]
    pub guard_window: Duration,
    /// Where the guard keeps its state, shared by every failwise that names the same store: a
    /// SQLite file (PATH or sqlite:PATH) or a Redis/Valkey server (redis://HOST:PORT/DB).
    /// Without it, `run --guard` uses $XDG_STATE_HOME/failwise/state.db and `mcp` keeps its
    /// state in memory; with it, `run` turns on circuits, shared waits and the retry budget
    /// even without --guard.
    #[arg(
        long,
        value_name = "STORE",
        env = "FAILWISE_STATE",
        hide_env_values = true,
        value_parser = parse_state
    )]
    pub state: Option<String>,
}

/// `--guard`'s value: a limit of failures in a row, or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GuardLimit {
    /// Refuse after this many.
    After(u32),
    /// Count nothing.
    Off,
}

/// Reads `--guard`'s value (and `FAILWISE_GUARD`): a count of at least 1, or `off` (also `0`,
/// and an empty value, as an empty variable is unset).
pub fn parse_limit(text: &str) -> Result<GuardLimit, String> {
    let text = text.trim();
    if text.is_empty() || text.eq_ignore_ascii_case("off") || text == "0" {
        return Ok(GuardLimit::Off);
    }
    text.parse::<u32>()
        .map(GuardLimit::After)
        .map_err(|_| crate::presentation::english_text(&Phrase::new("guard-limit-invalid")))
}

/// Reads `--verify`'s `FAILWISE_VERIFY`: `1`, `true`, `yes`, `on` (any case) turn it on; `0`,
/// `false`, `no`, `off` and an empty value (an empty variable is unset) leave it off.
pub fn parse_switch(text: &str) -> Result<bool, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "" | "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(crate::presentation::english_text(&Phrase::new(
            "switch-invalid",
        ))),
    }
}

/// Checks a `--state` value (and `FAILWISE_STATE`) as [`StoreSpec::read`] does: a URL of a
/// scheme that names no store is refused before anything runs.
pub fn parse_state(text: &str) -> Result<String, String> {
    StoreSpec::read(text)
        .map(|_| text.to_owned())
        .map_err(|phrase| crate::presentation::english_text(&phrase))
}

/// The guard of one `failwise run`, or none.
pub struct Session {
    guard: Option<Guard>,
    call: Call,
    /// Set once the store failed: the run goes on unguarded.
    unavailable: bool,
    no_wait: bool,
}

/// What the guard says before an attempt.
pub enum Before {
    /// Run the attempt.
    Run,
    /// Answer with this envelope instead (the call was not run).
    Answer(Box<Envelope>),
}

impl Session {
    /// The session for `argv` run in the current directory: a guard when `limit` is a count or
    /// `state` names a store (the default SQLite file when only `--guard` is given), else none,
    /// so a plain `run` opens no store and writes no file. A store that cannot be opened makes
    /// an unavailable session (warned on stderr).
    pub fn open(
        argv: &[std::ffi::OsString],
        timeout: Option<Duration>,
        limit: Option<GuardLimit>,
        window: Duration,
        state: Option<&str>,
        no_wait: bool,
        presentation: &Presentation,
    ) -> Self {
        // `--timeout` changes what the call can do (a recovery may say to raise it), so it is
        // part of the call.
        let mut counted: Vec<std::ffi::OsString> = argv.to_vec();
        if let Some(limit) = timeout {
            counted.push(format!("\0failwise-timeout-ms={}", limit.as_millis()).into());
        }
        let call = Call::new(&counted, &working_directory());
        let repeat_limit = match limit {
            Some(GuardLimit::After(n)) => Some(n),
            Some(GuardLimit::Off) | None => None,
        };
        let mut session = Self {
            guard: None,
            call,
            unavailable: false,
            no_wait,
        };
        let spec = match state.and_then(StoreSpec::parse) {
            Some(spec) => spec,
            None if repeat_limit.is_some() => {
                let xdg = std::env::var("XDG_STATE_HOME").ok();
                let home = std::env::var("HOME").ok();
                match StoreSpec::default_sqlite(xdg.as_deref(), home.as_deref()) {
                    Some(spec) => spec,
                    None => {
                        session.fail(
                            &StoreError::Unreachable {
                                location: "$XDG_STATE_HOME".into(),
                                reason: crate::presentation::english_text(&Phrase::new(
                                    "guard-no-state-home",
                                )),
                            },
                            presentation,
                        );
                        return session;
                    }
                }
            }
            None => return session,
        };
        let policy = Policy {
            repeat_limit,
            window,
            ..Policy::default()
        };
        match spec.open() {
            Ok(store) => session.guard = Some(Guard::new(store, policy)),
            Err(error) => session.fail(&error, presentation),
        }
        session
    }

    /// Whether the attempt may run now: waits out an upstream's asked wait (within
    /// `budget_left`, unless `--no-wait`), or answers with the guard's refusal.
    pub fn before(&mut self, budget_left: Duration, presentation: &Presentation) -> Before {
        for _ in 0..MAX_HOLDS {
            let Some(guard) = &self.guard else {
                return Before::Run;
            };
            let now = SystemTime::now();
            match guard.admit(&self.call, now) {
                Ok(Admission::Run) => return Before::Run,
                Ok(Admission::Refused(envelope)) => return Before::Answer(envelope),
                Ok(Admission::Wait { until, upstream }) => {
                    let wait = until.duration_since(now).unwrap_or_default();
                    if self.no_wait || wait > budget_left {
                        return Before::Answer(Box::new(failwise::guard::upstream_wait(
                            &upstream, until, now,
                        )));
                    }
                    std::thread::sleep(wait);
                }
                Err(error) => self.fail(&error, presentation),
            }
        }
        Before::Run
    }

    /// Tells the store how an attempt ended: `None` for a success. The failure is stored as the
    /// presentation would show it, its secrets masked (registered values and token shapes), so
    /// no later run can print a secret that was known only to an earlier one.
    pub fn after(&mut self, failure: Option<&Envelope>, presentation: &Presentation) {
        let Some(guard) = &self.guard else {
            return;
        };
        let masked = failure.map(|e| presentation.redactor().redact_envelope(e.clone()));
        if let Err(error) = guard.record(&self.call, masked.as_ref(), SystemTime::now()) {
            self.fail(&error, presentation);
        }
    }

    /// Whether the retry budget of the call's upstream allows another attempt.
    pub fn may_retry(&mut self, presentation: &Presentation) -> bool {
        let Some(guard) = &self.guard else {
            return true;
        };
        match guard.may_retry(&self.call, SystemTime::now()) {
            Ok(allowed) => allowed,
            Err(error) => {
                self.fail(&error, presentation);
                true
            }
        }
    }

    /// `envelope`, with `params.guard: "unavailable"` when the store failed during the run.
    pub fn mark(&self, envelope: Envelope) -> Envelope {
        if !self.unavailable {
            return envelope;
        }
        super::with_param(envelope, "guard", "unavailable")
    }

    /// The store failed: warn once, and go on without it.
    fn fail(&mut self, error: &StoreError, presentation: &Presentation) {
        self.guard = None;
        if !self.unavailable {
            self.unavailable = true;
            let note = Phrase::new("guard-unavailable").phrase("reason", error.phrase());
            Output::stderr(presentation).line(&presentation.warning_line(&note));
        }
    }
}

/// The working directory a call's fingerprint counts (the process's own).
fn working_directory() -> std::path::PathBuf {
    std::env::current_dir().unwrap_or_else(|_| Path::new("/").to_owned())
}
