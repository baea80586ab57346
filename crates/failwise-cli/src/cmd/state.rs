//! `failwise state show|clear`: what the guard's store holds (the calls it counts, the
//! upstreams' circuits, waits and retry budgets), and forgetting it, all of it or one call or
//! upstream.

use std::time::SystemTime;

use failwise::guard::{
    CallRecord, Entry, Fingerprint, Policy, Store, StoreSpec, Upstream, UpstreamRecord, epoch_ms,
    rfc3339,
};
use failwise::{Catalog, Params};

use crate::errors::CliError;
use crate::outcome::Outcome;
use crate::output::Output;
use crate::presentation::{Format, Presentation};
use crate::records::{StateCleared, StateEntry};

/// Arguments of `failwise state`.
#[derive(Debug, clap::Args)]
#[command(after_help = include_str!("../help/state-args.txt"))]
pub struct Args {
    /// The store: a SQLite file (PATH or sqlite:PATH) or redis://HOST:PORT/DB; default
    /// $XDG_STATE_HOME/failwise/state.db.
    #[arg(
        long,
        value_name = "STORE",
        env = "FAILWISE_STATE",
        hide_env_values = true,
        global = true,
        value_parser = crate::cmd::run::guarded::parse_state
    )]
    state: Option<String>,
    /// Only this call: its fingerprint, as `params.call` of a REPEATED_FAILURE gives it.
    #[arg(long, value_name = "FINGERPRINT", global = true)]
    call: Option<String>,
    /// Only this upstream: a host (and :port) as the call's URL names it, or the fingerprint
    /// `state show` lists it by.
    #[arg(long, value_name = "HOST", global = true)]
    upstream: Option<String>,
    #[command(subcommand)]
    what: What,
}

#[derive(Debug, clap::Subcommand)]
enum What {
    /// List the calls and upstreams the store holds (one JSON record each with --json).
    #[command(after_help = include_str!("../help/state-show.txt"))]
    Show,
    /// Forget what the store holds: everything, or the --call and --upstream named.
    #[command(after_help = include_str!("../help/state-clear.txt"))]
    Clear,
}

/// Runs `failwise state show` or `clear`.
pub fn run(args: &Args, presentation: &Presentation) -> Outcome {
    let spec = match store_spec(args.state.as_deref()) {
        Ok(spec) => spec,
        Err(outcome) => return outcome.finish_with(presentation),
    };
    let call = match args
        .call
        .as_deref()
        .map(|text| (text, Fingerprint::parse(text)))
    {
        None => None,
        Some((_, Some(fingerprint))) => Some(fingerprint),
        Some((text, None)) => {
            let error = CliError::CallFingerprintInvalid {
                value: text.to_owned(),
            };
            return Outcome::failed(error.to_envelope(), presentation);
        }
    };
    // An upstream by its name, or by the fingerprint `state show` prints for it.
    let by_fingerprint = args.upstream.as_deref().and_then(Fingerprint::parse);
    let upstream = match by_fingerprint {
        Some(_) => None,
        None => args.upstream.as_deref().and_then(Upstream::new),
    };
    let store = match spec.open() {
        Ok(store) => store,
        Err(error) => return unavailable(&spec, &error.reason(), presentation),
    };
    let keys: Vec<String> = call
        .iter()
        .map(|fp| format!("call:{fp}"))
        .chain(upstream.iter().map(failwise::guard::upstream_key))
        .chain(by_fingerprint.iter().map(|fp| format!("upstream:{fp}")))
        .collect();
    match args.what {
        What::Show => show(
            store.as_ref(),
            &spec,
            &keys,
            upstream.as_ref(),
            presentation,
        ),
        What::Clear => clear(store.as_ref(), &spec, &keys, presentation),
    }
}

/// The store `--state` names, else the default SQLite file.
fn store_spec(state: Option<&str>) -> Result<StoreSpec, Unnamed> {
    if let Some(spec) = state.and_then(StoreSpec::parse) {
        return Ok(spec);
    }
    let xdg = std::env::var("XDG_STATE_HOME").ok();
    let home = std::env::var("HOME").ok();
    StoreSpec::default_sqlite(xdg.as_deref(), home.as_deref()).ok_or(Unnamed)
}

/// No store was named and no default can be found.
struct Unnamed;

impl Unnamed {
    fn finish_with(self, presentation: &Presentation) -> Outcome {
        let reason =
            crate::presentation::english_text(&failwise::Phrase::new("guard-no-state-home"));
        let error = CliError::StateUnavailable {
            store: "$XDG_STATE_HOME".into(),
            reason,
        };
        Outcome::failed(error.to_envelope(), presentation)
    }
}

fn unavailable(spec: &StoreSpec, reason: &str, presentation: &Presentation) -> Outcome {
    let error = CliError::StateUnavailable {
        store: spec.location(),
        reason: reason.to_owned(),
    };
    Outcome::failed(error.to_envelope(), presentation)
}

fn show(
    store: &dyn Store,
    spec: &StoreSpec,
    keys: &[String],
    upstream: Option<&Upstream>,
    presentation: &Presentation,
) -> Outcome {
    let now = SystemTime::now();
    let now_ms = epoch_ms(now);
    let entries = match store.entries(now_ms) {
        Ok(entries) => entries,
        Err(error) => return unavailable(spec, &error.reason(), presentation),
    };
    let policy = Policy::default();
    let (mut calls, mut upstreams) = (0u64, 0u64);
    let out = Output::stdout(presentation);
    for entry in entries
        .iter()
        .filter(|e| keys.is_empty() || keys.contains(&e.key))
    {
        let Some(record) = describe(entry, upstream, now_ms, &policy) else {
            continue;
        };
        if record.kind == "call" {
            calls += 1;
        } else {
            upstreams += 1;
        }
        if presentation.format() == Format::Json {
            out.line(&presentation.record_line(&record));
        } else {
            out.line(&human(&record, presentation));
        }
    }
    let mut args = Params::new();
    args.insert("calls".into(), calls.into());
    args.insert("upstreams".into(), upstreams.into());
    args.insert("store".into(), spec.location().into());
    Output::stderr(presentation).line(&presentation.localizer().label("state-summary", &args));
    Outcome::Exit(0)
}

fn clear(
    store: &dyn Store,
    spec: &StoreSpec,
    keys: &[String],
    presentation: &Presentation,
) -> Outcome {
    let mut cleared = 0;
    let result = if keys.is_empty() {
        store.clear(None).map(|n| cleared += n)
    } else {
        keys.iter()
            .try_for_each(|key| store.clear(Some(key)).map(|n| cleared += n))
    };
    if let Err(error) = result {
        return unavailable(spec, &error.reason(), presentation);
    }
    if presentation.format() == Format::Json {
        let record = StateCleared {
            cleared,
            store: spec.location(),
        };
        Output::stdout(presentation).line(&presentation.record_line(&record));
    }
    let mut args = Params::new();
    args.insert("cleared".into(), cleared.into());
    args.insert("store".into(), spec.location().into());
    Output::stderr(presentation).line(&presentation.localizer().label("state-cleared", &args));
    Outcome::Exit(0)
}

/// An entry as its record, `None` for a key or value this failwise does not know.
fn describe(
    entry: &Entry,
    upstream: Option<&Upstream>,
    now_ms: u64,
    policy: &Policy,
) -> Option<StateEntry> {
    let (kind, fingerprint) = entry.key.split_once(':')?;
    let mut record = StateEntry {
        kind: "call",
        fingerprint: fingerprint.to_owned(),
        upstream: None,
        expires_at: rfc3339(entry.expires_at_ms),
        count: None,
        first_failed_at: None,
        last_failed_at: None,
        last_code: None,
        last_exit: None,
        refused: None,
        circuit: None,
        open_until: None,
        wait_until: None,
        recent_failures: None,
        retry_tokens: None,
    };
    match kind {
        "call" => {
            let call: CallRecord = serde_json::from_slice(&entry.value).ok()?;
            record.count = Some(call.count);
            record.first_failed_at = Some(rfc3339(call.first_failed_at_ms));
            record.last_failed_at = Some(rfc3339(call.last_failed_at_ms));
            // Refused as the guard that wrote it counts (its --guard limit), within the window.
            let writer = Policy {
                repeat_limit: call.limit,
                ..policy.clone()
            };
            record.refused = Some(call.refuses(now_ms, &writer));
            record.last_code = Some(call.last.code);
            record.last_exit = Some(call.last.exit);
        }
        "upstream" => {
            let up: UpstreamRecord = serde_json::from_slice(&entry.value).ok()?;
            record.kind = "upstream";
            record.upstream = upstream.map(|u| u.name().to_owned());
            record.circuit = Some(up.circuit(now_ms).as_str());
            record.open_until = (up.open_until_ms > now_ms).then(|| rfc3339(up.open_until_ms));
            record.wait_until = (up.hold_until_ms > now_ms).then(|| rfc3339(up.hold_until_ms));
            record.recent_failures = Some(up.failures.len());
            record.retry_tokens = Some(up.tokens(policy));
        }
        _ => return None,
    }
    Some(record)
}

/// A record as one line for a person (`state-call`, `state-upstream` and their additions).
fn human(record: &StateEntry, presentation: &Presentation) -> String {
    let localizer = presentation.localizer();
    let value = serde_json::to_value(record).unwrap_or_default();
    let mut args: Params = value
        .as_object()
        .map(|o| o.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        .unwrap_or_default();
    args.insert(
        "name".into(),
        record
            .upstream
            .clone()
            .unwrap_or_else(|| record.fingerprint.clone())
            .into(),
    );
    let mut line = localizer.label(
        if record.kind == "call" {
            "state-call"
        } else {
            "state-upstream"
        },
        &args,
    );
    for (member, id) in [
        ("refused", "state-refused"),
        ("open_until", "state-open-until"),
        ("wait_until", "state-wait-until"),
    ] {
        let present = match args.get(member) {
            Some(serde_json::Value::Bool(b)) => *b,
            Some(_) => true,
            None => false,
        };
        if present {
            args.insert("line".into(), line.into());
            line = localizer.label(id, &args);
        }
    }
    line
}
