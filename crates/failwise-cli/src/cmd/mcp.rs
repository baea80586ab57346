//! `failwise mcp`: a stdio proxy between an MCP client and an MCP server that gives every
//! failed `tools/call` the canonical envelope, guards repeated failures and open circuits, and
//! injects faults on request (DESIGN §7). The options and the server's start live here; the
//! relaying is `relay`, the processes and their pipes `server`.

mod ids;
mod lenient;
mod relay;
mod server;
mod splice;

use std::ffi::OsString;
use std::time::Duration;

use clap::Parser;
use failwise::Catalog;
use failwise::Phrase;
use failwise::guard::{Guard, MemoryStore, Policy, StoreSpec};
use failwise::inject::{InjectSpec, Injector};

use crate::cmd::run::guarded::{GuardLimit, StoreArgs};

use crate::errors::CliError;
use crate::outcome::Outcome;
use crate::output::Output;
use crate::presentation::Presentation;

const EXAMPLES: &str = include_str!("../help/mcp.txt");

/// Arguments of `failwise mcp`.
#[derive(Debug, Parser)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Refuse a tool call (same server, tool and arguments) once it failed the same way N
    /// times in a row with `retry: no` or `unknown`; `off` turns the guard off (no refusals,
    /// circuits or waits).
    #[arg(
        long,
        value_name = "N|off",
        default_value = "3",
        env = "FAILWISE_GUARD",
        value_parser = crate::cmd::run::guarded::parse_limit
    )]
    pub guard: GuardLimit,
    #[command(flatten)]
    pub store: StoreArgs,
    /// Answer a tool call the server has not answered within DURATION with MCP_CALL_TIMEOUT
    /// (the call may have run); an answer that comes later is dropped and logged. Off when
    /// not given.
    #[arg(
        long,
        value_name = "DURATION",
        value_parser = crate::cmd::run::duration::parse_limit,
        allow_hyphen_values = true
    )]
    pub call_timeout: Option<Duration>,
    /// Inject faults into tool calls: FAULT=CHANCE rules separated by commas, a rule for one
    /// tool as TOOL:FAULT=CHANCE; the faults are rate_limit, timeout (needs --call-timeout),
    /// unknown and crash.
    #[arg(long, value_name = "SPEC", value_parser = crate::cmd::run::inject::parse_spec)]
    pub inject: Option<InjectSpec>,
    /// The seed of --inject's draws: the same seed and spec give the same faults in the same
    /// calls on every run.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// The MCP server's command and its arguments, after `--`.
    #[arg(
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "SERVER"
    )]
    pub server: Vec<OsString>,
}

/// Runs the proxy until either side closes; the outcome is the server's exit status.
pub fn run(args: &Args, presentation: &Presentation) -> Outcome {
    let injector = args
        .inject
        .clone()
        .map(|spec| Injector::new(spec, args.seed));
    if let Some(injector) = &injector
        && injector.spec().may_inject(failwise::inject::Fault::Timeout)
        && args.call_timeout.is_none()
    {
        return Outcome::failed(
            CliError::InjectNeedsCallTimeout {}.to_envelope(),
            presentation,
        );
    }
    let guard = match args.guard {
        GuardLimit::Off => None,
        GuardLimit::After(limit) => open_guard(args, limit, presentation),
    };
    let server: Vec<String> = args
        .server
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let process = match server::Server::start(&args.server) {
        Ok(process) => process,
        Err(error) => {
            let envelope = failwise::classify::spawn_failure(&server, &error, Vec::new());
            return Outcome::failed(envelope, presentation);
        }
    };
    let settings = relay::Settings {
        server: args.server.clone(),
        call_timeout: args.call_timeout,
    };
    let status = relay::Relay::new(settings, process, guard, injector, presentation).run();
    Outcome::Exit(status)
}

/// The guard of this proxy: in memory unless --state names a store; a store that cannot be
/// opened is warned about once and the proxy runs with one in memory.
fn open_guard(args: &Args, limit: u32, presentation: &Presentation) -> Option<Guard> {
    let policy = Policy {
        repeat_limit: Some(limit),
        window: args.store.guard_window,
        ..Policy::default()
    };
    let store = match args.store.state.as_deref().and_then(StoreSpec::parse) {
        None => Box::new(MemoryStore::new()) as Box<dyn failwise::guard::Store>,
        Some(spec) => match spec.open() {
            Ok(store) => store,
            Err(error) => {
                let note = Phrase::new("mcp-state-unavailable").phrase("reason", error.phrase());
                Output::stderr(presentation).line(&presentation.warning_line(&note));
                Box::new(MemoryStore::new())
            }
        },
    };
    Some(Guard::new(store, policy))
}
