//! `failwise run -- CMD ARGS…`: run a command, pass its output through, and on failure print
//! one canonical envelope as the last line of stdout.
//!
//! The loop of attempts lives here, with what only `run` uses: one run of a child
//! ([`supervise`]), the signals forwarded to it ([`forward`]), the durations of its flags
//! ([`duration`]) and the executables on PATH ([`executables`]). What a run that did not
//! succeed means is one call to the library ([`failwise::classify::meaning`], the call the
//! corpus tests make too), and whether to send it again is [`failwise::backoff`]'s. Nothing is
//! classified until a command has failed, so a successful run costs a spawn and two pump
//! threads.

pub(crate) mod duration;
mod executables;
pub(crate) mod forward;
pub(crate) mod guarded;
pub(crate) mod inject;
mod supervise;
mod verify;

use std::ffi::OsString;
use std::thread;
use std::time::{Duration, Instant};

use failwise::backoff::{Backoff, Decision, RetryPolicy, StopReason, Verified};
use failwise::classify::{self, Context, Finished, Meaning, Termination};
use failwise::inject::Fault;
use failwise::{Catalog, Envelope, ExitStatus};
use serde_json::{Value, json};

use crate::outcome::Outcome;
use crate::output::Output;
use crate::presentation::Format;
use crate::presentation::{Presentation, SecretSources};
use executables::OnPath;
use guarded::{Before, GuardLimit, Session, StoreArgs};
use supervise::{Ended, Limits};

/// Examples shown by `failwise run --help`.
const EXAMPLES: &str = include_str!("../../help/run.txt");

/// Arguments of `failwise run`.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Resend up to N times when the failure says `retry: yes` (and `unknown` with --idempotent).
    // A negative count reaches the value parser, which refuses it as a value of `--retries`,
    // rather than being taken for an unknown flag.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    pub retries: u32,
    /// The command is safe to repeat: resend it even when its effect is unknown.
    #[arg(long)]
    pub idempotent: bool,
    /// Stop the command after DURATION (such as 250ms, 30s, 1m30s, 1d): SIGTERM, then SIGKILL.
    #[arg(long, value_name = "DURATION", value_parser = duration::parse_limit, allow_hyphen_values = true)]
    pub timeout: Option<Duration>,
    /// How long to wait after SIGTERM before SIGKILL.
    #[arg(
        long,
        value_name = "DURATION",
        value_parser = duration::parse,
        default_value = "2s",
        allow_hyphen_values = true
    )]
    pub kill_after: Duration,
    /// The total time all attempts and waits may take when retrying.
    #[arg(
        long,
        value_name = "DURATION",
        value_parser = duration::parse,
        default_value = "5m",
        allow_hyphen_values = true
    )]
    pub retry_budget: Duration,
    /// Do not mask the values of environment variables whose names mark them as secrets
    /// (names containing TOKEN, SECRET, PASSWORD, API_KEY, AUTH, SESSION, COOKIE, ...).
    #[arg(long)]
    pub no_env_secrets: bool,
    /// A value to mask wherever it appears, in the envelope and in the command's output
    /// (repeatable; visible to `ps`, so prefer --secret-env).
    #[arg(long = "secret", value_name = "VALUE")]
    pub secrets: Vec<String>,
    /// The name of an environment variable whose value is masked (repeatable).
    #[arg(long = "secret-env", value_name = "NAME")]
    pub secret_envs: Vec<String>,
    /// Pass the command's stdout and stderr through byte for byte, without masking the secret
    /// values (--secret, --secret-env, secret-named environment variables) in them; the
    /// envelope is still redacted.
    #[arg(long)]
    pub no_redact_output: bool,
    /// A rule pack of your own (TOML) to read the failure with, beside the built-in packs and
    /// those of `$XDG_CONFIG_HOME/failwise/rules.d` (repeatable; read once the command fails).
    #[arg(long = "rules", value_name = "FILE")]
    pub rules: Vec<std::path::PathBuf>,
    /// Do not run the same call again once it failed the same way N times in a row
    /// (`retry: no` or `unknown`) within --guard-window; `off` counts nothing. N is 3 when
    /// not given. Also turns on circuits, shared waits and the retry budget (see --state).
    #[arg(
        long,
        value_name = "N|off",
        num_args = 0..=1,
        default_missing_value = "3",
        env = "FAILWISE_GUARD",
        value_parser = guarded::parse_limit
    )]
    pub guard: Option<GuardLimit>,
    #[command(flatten)]
    pub store: StoreArgs,
    /// Before resending a failure whose effect is unknown, run the `verify` command of the
    /// command's own envelope (its last line of stdout): exit 0 means it took effect (the run
    /// ends with 0), 1 that it did not (it is resent, even without --idempotent), anything
    /// else stops the run. Off by default: the command comes from the wrapped command's output.
    // `FAILWISE_VERIFY=1` (or yes, on, true) turns it on, `0` (no, off, false) off.
    #[arg(
        long,
        env = "FAILWISE_VERIFY",
        action = clap::ArgAction::SetTrue,
        value_parser = guarded::parse_switch
    )]
    pub verify: bool,
    /// Inject faults into the attempts, for testing how a caller copes: FAULT=CHANCE rules
    /// separated by commas (PROGRAM:FAULT=CHANCE for one program); rate_limit answers before
    /// the command runs, timeout, crash and unknown after it ran.
    #[arg(long, value_name = "SPEC", value_parser = inject::parse_spec)]
    pub inject: Option<failwise::inject::InjectSpec>,
    /// The seed of --inject's draws: the same seed and spec give the same faults in the same
    /// attempts on every run.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// When the command's upstream asked its callers to wait, answer at once with
    /// UPSTREAM_WAIT and the wait left, rather than waiting.
    #[arg(long)]
    pub no_wait: bool,
    /// The command to run, then its arguments (put `--` before it).
    #[arg(required = true, trailing_var_arg = true, value_name = "CMD")]
    pub command: Vec<OsString>,
}

/// One failed attempt, for `params.attempt_log`.
struct Attempt {
    exit: u8,
    code: String,
    waited_ms: Option<u64>,
}

/// Runs the command, retrying as the policy allows, and returns the outcome of the last attempt.
/// The run's secrets are registered into `presentation` before anything is printed.
pub fn run(args: &Args, presentation: &mut Presentation) -> Outcome {
    let sources = SecretSources {
        env: !args.no_env_secrets,
        values: &args.secrets,
        env_names: &args.secret_envs,
    };
    // The child inherits FAILWISE_STATE: a password in it is masked in what it prints too.
    if let Some(password) = args
        .store
        .state
        .as_deref()
        .and_then(failwise::guard::StoreSpec::parse)
        .and_then(|spec| spec.password())
    {
        presentation.register_quietly(&password);
    }
    match presentation.register_secrets(&sources) {
        Ok(warnings) => {
            let err = Output::stderr(presentation);
            for warning in warnings {
                err.line(&warning);
            }
        }
        Err(envelope) => return Outcome::failed(*envelope, presentation),
    }
    let presentation: &Presentation = presentation;
    let argv: Vec<String> = args
        .command
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if argv.first().is_none_or(String::is_empty) {
        return Outcome::failed(
            crate::errors::CliError::EmptyCommand.to_envelope(),
            presentation,
        );
    }
    let policy = RetryPolicy {
        retries: args.retries,
        idempotent: args.idempotent,
        budget: args.retry_budget,
        backoff: Backoff::default(),
    };
    let limits = Limits {
        timeout: args.timeout,
        kill_after: args.kill_after,
    };
    // Only the exact values known to be secret are masked in the pass-through, never token
    // shapes, which could alter legitimate output; with none known, the bytes are copied.
    let mask = if args.no_redact_output {
        None
    } else {
        presentation.redactor().stream()
    };
    let programs = OnPath::from_env();
    // The user's packs are read on the first failure: a run that succeeds reads none.
    let packs = std::cell::OnceCell::new();
    let started = Instant::now();
    let mut session = Session::open(
        &args.command,
        args.timeout,
        args.guard,
        args.store.guard_window,
        args.store.state.as_deref(),
        args.no_wait,
        presentation,
    );
    let mut faults = inject::Faults::new(args.inject.clone(), args.seed, &argv);
    let mut log: Vec<Attempt> = Vec::new();
    let mut attempt = 1u32;
    loop {
        let left = args.retry_budget.saturating_sub(started.elapsed());
        if let Before::Answer(envelope) = session.before(left, presentation) {
            let envelope = if log.is_empty() {
                *envelope
            } else {
                with_attempts(*envelope, &log, Some("guard"))
            };
            return Outcome::failed(session.mark(envelope), presentation);
        }
        let fault = faults.draw(attempt, presentation);
        let (envelope, printed_line, ended) = if fault == Some(Fault::RateLimit) {
            (faults.rate_limited(), None, None)
        } else {
            let began = Instant::now();
            let ended = match supervise::run(&args.command, limits, mask.as_ref(), presentation) {
                Ok(ended) => inject::disguise(ended, fault),
                Err(error) => {
                    let not_started = classify::Ended::NotStarted {
                        command: &argv,
                        error: &error,
                    };
                    let context = Context {
                        programs: Some(&programs),
                        ..Context::default()
                    };
                    let envelope = classify::meaning(&not_started, &context).envelope;
                    session.after(Some(&envelope), presentation);
                    let envelope = session.mark(envelope);
                    let envelope = if log.is_empty() {
                        envelope
                    } else {
                        with_attempts(envelope, &log, None)
                    };
                    return Outcome::failed(envelope, presentation);
                }
            };
            if ended.status.success() && ended.timed_out.is_none() && fault.is_none() {
                session.after(None, presentation);
                return Outcome::Exit(0);
            }
            // An injected timeout is read as stopped at --timeout, else at the time it took.
            let limit = match fault {
                Some(Fault::Timeout) => args.timeout.or_else(|| Some(began.elapsed())),
                _ => args.timeout,
            };
            let Meaning {
                envelope,
                printed_line,
            } = explain(
                &ended,
                &argv,
                limit,
                presentation,
                &programs,
                &packs
                    .get_or_init(|| user_packs(&args.rules, presentation))
                    .packs,
            );
            let envelope = match fault {
                Some(Fault::Unknown) => faults.result_lost(),
                _ if ended.held_open => held_open(envelope),
                _ => envelope,
            };
            (inject::mark(envelope, fault), printed_line, Some(ended))
        };
        let forwarded = ended.as_ref().and_then(|e| e.forwarded);
        let ends_line = ended.as_ref().is_none_or(|e| e.stdout.ends_line());
        // An injected fault is no failure of the command's: the guard's store never holds it.
        if fault.is_none() {
            session.after(Some(&envelope), presentation);
        }
        // A signal sent to failwise and forwarded to the command ends the run: it is not
        // resent.
        let decision = forwarded.is_none().then(|| {
            policy.decide(
                attempt,
                envelope.retry(),
                envelope.retry_after_ms(),
                started.elapsed(),
                fastrand::f64(),
            )
        });
        // An unknown effect with a way to check it is checked before anything is resent.
        let check = (args.verify && args.retries >= attempt && forwarded.is_none())
            .then(|| verify::of(&envelope, printed_line.as_deref()))
            .flatten();
        let mut verify_param = None;
        let decision = match check {
            // A failure that would have been verified, with no retry left, stopped because the
            // retries ran out, not because its effect is unknown.
            None if args.verify
                && args.retries > 0
                && args.retries < attempt
                && verify::of(&envelope, printed_line.as_deref()).is_some() =>
            {
                Some(Decision::Stop(StopReason::RetriesExhausted))
            }
            None => decision,
            Some(check) => {
                let (answer, value) =
                    verify::check(check, args.timeout, args.kill_after, presentation);
                match answer {
                    Verified::Landed => {
                        let note = failwise::Phrase::new("verify-landed");
                        Output::stderr(presentation).line(&presentation.note_line(&note));
                        session.after(None, presentation);
                        return Outcome::Exit(0);
                    }
                    Verified::NotLanded => Some(
                        RetryPolicy {
                            idempotent: true,
                            ..policy
                        }
                        .decide(
                            attempt,
                            envelope.retry(),
                            envelope.retry_after_ms(),
                            started.elapsed(),
                            fastrand::f64(),
                        ),
                    ),
                    Verified::CannotTell => {
                        verify_param = Some(value);
                        Some(Decision::Stop(StopReason::VerifyCannotTell))
                    }
                }
            }
        };
        let envelope = match verify_param {
            Some(value) => with_param(envelope, "verify", value),
            None => envelope,
        };
        // A retry also needs the upstream's retry budget (shared through the guard's store).
        let decision = match decision {
            Some(Decision::Retry(_)) if args.retries > 0 && !session.may_retry(presentation) => {
                Some(Decision::Stop(StopReason::RetryBudget))
            }
            other => other,
        };
        if let Some(Decision::Retry(wait)) = decision
            && args.retries > 0
        {
            log.push(Attempt {
                exit: envelope.exit().get(),
                code: envelope.code().to_string(),
                waited_ms: Some(u64::try_from(wait.as_millis()).unwrap_or(u64::MAX)),
            });
            thread::sleep(wait);
            attempt += 1;
            continue;
        }
        let stop = match decision {
            Some(Decision::Stop(reason)) => Some(reason.as_str()),
            Some(Decision::Retry(_)) => None,
            None => Some("interrupted"),
        };
        let envelope = if args.retries > 0 {
            log.push(Attempt {
                exit: envelope.exit().get(),
                code: envelope.code().to_string(),
                waited_ms: None,
            });
            with_attempts(envelope, &log, stop)
        } else {
            envelope
        };
        let shown = presentation.prepare(session.mark(envelope));
        // The command's own envelope, unchanged and already its last line of stdout, is not
        // printed a second time.
        if presentation.shown_format() == Format::Json
            && printed_line.is_some_and(|line| line == shown.to_json_line())
        {
            // It still ends with a newline, so a `while read` loop sees it.
            if !ends_line {
                Output::stdout(presentation).bytes(b"\n");
            }
            return Outcome::Exit(shown.exit().get());
        }
        // The envelope goes on a line of its own.
        if !ends_line {
            Output::stdout(presentation).bytes(b"\n");
        }
        return Outcome::shown(shown);
    }
}

/// The built-in packs and the user's (`--rules`, `rules.d`), each pack that cannot be used
/// reported as an envelope line on stderr and left out.
fn user_packs(
    files: &[std::path::PathBuf],
    presentation: &Presentation,
) -> crate::cmd::rules::load::Loaded {
    let loaded = crate::cmd::rules::load::load(files);
    let err = Output::stderr(presentation);
    for problem in &loaded.problems {
        err.envelope(&presentation.prepare(problem.clone()), presentation);
    }
    loaded
}

/// What a failed run means, by the library's one reading of a finished command
/// ([`classify::read_finished`]) with `packs`: its stderr redacted whole before the classifier
/// cuts its 4 KiB tail, so no cut can expose part of a secret, and the redactions made on the
/// way counted.
fn explain(
    ended: &Ended,
    argv: &[String],
    timeout: Option<Duration>,
    presentation: &Presentation,
    programs: &OnPath,
    packs: &classify::Packs,
) -> Meaning {
    let finished = Finished {
        command: argv,
        termination: termination(ended.status),
        stdout: &ended.stdout.tail,
        stderr: &ended.stderr.tail,
        stderr_total: ended.stderr.total,
        timed_out: ended.timed_out.and(timeout),
    };
    let context = Context {
        programs: Some(programs),
        output_redacted: ended.stdout.redacted + ended.stderr.redacted,
        packs: Some(packs),
        ..Context::default()
    };
    classify::read_finished(&finished, presentation.redactor(), context)
}

/// The child's wait status as a [`Termination`]; a status of 0 here (the child exited 0 after
/// a timeout's SIGTERM) still reads as a failure, 1.
fn termination(status: std::process::ExitStatus) -> Termination {
    use std::os::unix::process::ExitStatusExt;
    if let Some(signal) = status.signal() {
        return Termination::Signaled(u8::try_from(signal).unwrap_or(u8::MAX));
    }
    match status.code() {
        Some(0) => Termination::Succeeded,
        code => Termination::Exited(ExitStatus::saturating(i64::from(code.unwrap_or(1)))),
    }
}

/// Says in `params.output_held_open` that something the command started held its output open
/// past the deadline (and was stopped with the command's process group).
fn held_open(envelope: Envelope) -> Envelope {
    with_param(envelope, "output_held_open", true)
}

/// `envelope` with `params.<name>` set to `value`, its recovery kept.
fn with_param(envelope: Envelope, name: &str, value: impl Into<Value>) -> Envelope {
    envelope
        .into_draft()
        .param(name, value)
        .with_current_recovery()
        .expect("the recovery came from a finished envelope, so it is not empty")
}

/// Adds the attempts to `params`: `attempts` (how many ran), `attempt_log` (exit, code and the
/// wait that followed each), and `retry_stopped` (why the last one was not resent).
fn with_attempts(envelope: Envelope, log: &[Attempt], stop: Option<&str>) -> Envelope {
    let entries: Vec<Value> = log
        .iter()
        .map(|a| {
            let mut entry = json!({ "exit": a.exit, "code": a.code });
            if let Some(ms) = a.waited_ms {
                entry["waited_ms"] = ms.into();
            }
            entry
        })
        .collect();
    let mut draft = envelope
        .into_draft()
        .param("attempts", log.len())
        .param("attempt_log", entries);
    if let Some(reason) = stop {
        draft = draft.param("retry_stopped", reason);
    }
    draft
        .with_current_recovery()
        .expect("the recovery came from a finished envelope, so it is not empty")
}
