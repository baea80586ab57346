//! `failwise run -- CMD ARGS…`: run a command, pass its output through, and on failure print
//! one canonical envelope as the last line of stdout.
//!
//! The loop of attempts lives here; what a failure means ([`failwise::classify`]) and whether
//! to send it again ([`failwise::backoff`]) live in the library. Nothing is classified until a
//! command has failed, so a successful run costs a spawn and two pump threads.

use std::ffi::OsString;
use std::thread;
use std::time::{Duration, Instant};

use failwise::backoff::{Backoff, Decision, RetryPolicy};
use failwise::classify::{self, Failure, Termination};
use failwise::{Catalog, Envelope, ExitStatus};
use serde_json::{Value, json};

use crate::duration;
use crate::executables;
use crate::outcome::Outcome;
use crate::output::{Format, Output};
use crate::supervise::{self, Ended, Limits};

/// Examples shown by `failwise run --help`.
const EXAMPLES: &str = "\
Examples:
  failwise run -- ls /no/such/file
      passes ls's output through, exits 2, and prints an ENOENT envelope as the last line
  failwise run --retries 3 -- curl -fsS http://127.0.0.1:8080/health
      resends while the failure is transient (connection refused, HTTP 503, ...)
  failwise run --timeout 30s --retries 2 --idempotent -- ./sync.sh
      stops a run after 30 s; resends even when the effect is unknown, since sync is idempotent
  failwise run --format human -- git -C /tmp status

Exit status: the command's own (128+N when it died of signal N), 124 when --timeout stopped
it, 126/127 when it could not be started, 2 for a usage error of failwise itself.";

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
    /// Stop the command after DURATION (such as 500ms, 30s, 2m): SIGTERM, then SIGKILL.
    #[arg(long, value_name = "DURATION", value_parser = duration::parse_limit)]
    pub timeout: Option<Duration>,
    /// How long to wait after SIGTERM before SIGKILL.
    #[arg(long, value_name = "DURATION", value_parser = duration::parse, default_value = "2s")]
    pub kill_after: Duration,
    /// The total time all attempts and waits may take when retrying.
    #[arg(long, value_name = "DURATION", value_parser = duration::parse, default_value = "5m")]
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
pub fn run(args: &Args, format: Format) -> Outcome {
    let sources = crate::presentation::SecretSources {
        env: !args.no_env_secrets,
        values: &args.secrets,
        env_names: &args.secret_envs,
    };
    if let Err(envelope) = crate::presentation::register_secrets(&sources) {
        return Outcome::failed(*envelope, format);
    }
    let argv: Vec<String> = args
        .command
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if argv.first().is_none_or(String::is_empty) {
        return Outcome::failed(crate::errors::CliError::EmptyCommand.to_envelope(), format);
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
        crate::presentation::get().redactor.stream()
    };
    let started = Instant::now();
    let mut log: Vec<Attempt> = Vec::new();
    let mut attempt = 1u32;
    loop {
        let ended = match supervise::run(&args.command, limits, mask.as_ref()) {
            Ok(ended) => ended,
            Err(error) => {
                let envelope = not_started(&argv, &error);
                return finish(envelope, &log, None, true, format);
            }
        };
        if ended.status.success() && ended.timed_out.is_none() {
            return Outcome::Exit(0);
        }
        let (envelope, printed_line) = explain(&ended, &argv, args.timeout);
        // A signal sent to failwise and forwarded to the command ends the run: it is not
        // resent.
        let decision = ended.forwarded.is_none().then(|| {
            policy.decide(
                attempt,
                envelope.retry(),
                envelope.retry_after_ms(),
                started.elapsed(),
                fastrand::f64(),
            )
        });
        match decision {
            Some(Decision::Retry(wait)) if args.retries > 0 => {
                log.push(Attempt {
                    exit: envelope.exit().get(),
                    code: envelope.code().to_string(),
                    waited_ms: Some(u64::try_from(wait.as_millis()).unwrap_or(u64::MAX)),
                });
                thread::sleep(wait);
                attempt += 1;
            }
            _ => {
                let stop = match decision {
                    Some(Decision::Stop(reason)) => Some(reason.as_str()),
                    Some(Decision::Retry(_)) => None,
                    None => Some("interrupted"),
                };
                if args.retries > 0 {
                    log.push(Attempt {
                        exit: envelope.exit().get(),
                        code: envelope.code().to_string(),
                        waited_ms: None,
                    });
                }
                let envelope = if args.retries > 0 {
                    with_attempts(envelope, &log, stop)
                } else {
                    envelope
                };
                // The command's own envelope, unchanged and already its last line of stdout,
                // is not printed a second time.
                let shown = crate::presentation::prepare(&envelope).to_json_line();
                if printed_line.as_deref() == Some(shown.as_str())
                    && format.resolve() == Format::Json
                {
                    return Outcome::Exit(envelope.exit().get());
                }
                return finish(envelope, &[], None, ended.stdout.ends_line(), format);
            }
        }
    }
}

/// The envelope for a command that could not be started. `ENOENT` for a file that exists
/// means the interpreter its `#!` line names is missing: that is said, with the executables on
/// PATH nearest to the interpreter's name, rather than "command not found".
fn not_started(argv: &[String], error: &std::io::Error) -> Envelope {
    let program = argv.first().map_or("", String::as_str);
    let path = std::env::var_os("PATH");
    if error.kind() == std::io::ErrorKind::NotFound {
        let script = executables::resolve(program, path.as_deref());
        if let Some((script, shebang)) =
            script.and_then(|s| classify::shebang(&s).map(|line| (s, line)))
        {
            // With CRLF line endings the interpreter itself is usually there.
            let nearby = if shebang.crlf {
                Vec::new()
            } else {
                executables::nearby(shebang.name(), path.as_deref())
            };
            let script = script.to_string_lossy();
            return classify::interpreter_missing(argv, &script, &shebang, nearby);
        }
    }
    let nearby = executables::nearby(program, path.as_deref());
    classify::spawn_failure(argv, error, nearby)
}

/// The envelope for a failed run, and the command's own envelope line when it printed one as
/// the last line of its stdout.
fn explain(
    ended: &Ended,
    argv: &[String],
    timeout: Option<Duration>,
) -> (Envelope, Option<String>) {
    let stdout = ended.stdout.text();
    // Redacted whole before the classifier cuts its 4 KiB tail, so no cut can expose part of
    // a secret.
    let cut_before = ended.stderr.total > ended.stderr.tail.len() as u64;
    let stderr = crate::presentation::redact_stream_tail(&ended.stderr.text(), cut_before);
    let termination = termination(ended.status);
    let failure = Failure {
        command: argv,
        termination,
        stdout: &stdout,
        stderr: &stderr,
        // The raw size only when the tail is a cut: a masked secret changes the text's
        // length, and that is a redaction (`params.redacted`), not a cut (`truncated`).
        stderr_bytes: if cut_before {
            ended.stderr.total
        } else {
            stderr.len() as u64
        },
    };
    let (envelope, last) = if let (Some(_), Some(limit)) = (ended.timed_out, timeout) {
        (failure.timed_out(limit), None)
    } else {
        match classify::recognize_exited(&stdout, &stderr, termination.exit_status()) {
            Some(found) => {
                let last = (found.stream == classify::Stream::Stdout && found.last_line)
                    .then(|| found.line.trim().to_owned());
                let envelope = classify::reconcile_exit(found.envelope, termination.exit_status());
                (envelope, last)
            }
            None => (with_nearby_programs(failure.classify()), None),
        }
    };
    (with_output_redactions(envelope, ended), last)
}

/// A program the command could not find (`COMMAND_NOT_FOUND` read from its stderr, with
/// `params.name`) gets the executables on PATH nearest to that name in `nearby`.
fn with_nearby_programs(envelope: Envelope) -> Envelope {
    let name = match envelope.params().get("name").and_then(|v| v.as_str()) {
        Some(name)
            if envelope.code().as_str() == "COMMAND_NOT_FOUND" && envelope.nearby().is_empty() =>
        {
            name.to_owned()
        }
        _ => return envelope,
    };
    let nearby = executables::nearby(&name, std::env::var_os("PATH").as_deref());
    if nearby.is_empty() {
        return envelope;
    }
    let recovery = envelope.recovery().to_owned();
    envelope
        .into_draft()
        .nearby(nearby)
        .with_recovery(recovery)
        .expect("the recovery was already a valid sentence")
}

/// The `params` key that counts the secret values masked in the command's stdout and stderr
/// as they passed through (the envelope's own redactions are counted in `params.redacted`).
const OUTPUT_REDACTED_PARAM: &str = "output_redacted";

/// Adds `params.output_redacted` when secret values were masked in the pass-through.
fn with_output_redactions(envelope: Envelope, ended: &Ended) -> Envelope {
    let masked = ended.stdout.redacted + ended.stderr.redacted;
    if masked == 0 {
        return envelope;
    }
    let recovery = envelope.recovery().to_owned();
    envelope
        .into_draft()
        .param(OUTPUT_REDACTED_PARAM, masked)
        .with_recovery(recovery)
        .expect("the recovery came from a finished envelope, so it is not empty")
}

/// The child's wait status as a [`Termination`]; a status of 0 here (the child exited 0 after
/// a timeout's SIGTERM) still reads as a failure, 1.
fn termination(status: std::process::ExitStatus) -> Termination {
    use std::os::unix::process::ExitStatusExt;
    if let Some(signal) = status.signal() {
        return Termination::Signaled(u8::try_from(signal).unwrap_or(u8::MAX));
    }
    let code = status.code().unwrap_or(1);
    Termination::Exited(ExitStatus::saturating(i64::from(code)))
}

/// Adds the attempts to `params`: `attempts` (how many ran), `attempt_log` (exit, code and the
/// wait that followed each), and `retry_stopped` (why the last one was not resent).
fn with_attempts(envelope: Envelope, log: &[Attempt], stop: Option<&str>) -> Envelope {
    let recovery = envelope.recovery().to_owned();
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
        .with_recovery(recovery)
        .expect("the recovery came from a finished envelope, so it is not empty")
}

/// Prints the envelope as the last line of stdout, on a line of its own.
fn finish(
    envelope: Envelope,
    log: &[Attempt],
    stop: Option<&str>,
    stdout_ends_line: bool,
    format: Format,
) -> Outcome {
    let envelope = if log.is_empty() {
        envelope
    } else {
        with_attempts(envelope, log, stop)
    };
    if !stdout_ends_line {
        Output::stdout().bytes(b"\n");
    }
    Outcome::failed(envelope, format)
}
