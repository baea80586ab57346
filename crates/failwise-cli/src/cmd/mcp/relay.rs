//! The relay of `failwise mcp`: every message from either side passed on as it arrives, byte
//! for byte unless it is annotated; each `tools/call` followed from request to answer (the
//! guard asked before it is sent, a fault drawn for it, its failure read and annotated, its
//! end told to the guard); what the proxy sees itself (the server exited, no answer in time,
//! a line that is no JSON-RPC message) answered or logged.
//!
//! One thread owns this state and waits on one channel fed by a reader thread per side
//! ([`super::server`]), so the order of each side's messages is kept.

use std::collections::HashMap;
use std::ffi::OsString;
use std::time::{Duration, Instant, SystemTime};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};
use failwise::guard::{Admission, Call, Guard, Upstream};
use failwise::inject::{Fault, Injector};
use failwise::mcp::{self, ToolCall};
use failwise::{Envelope, Phrase};
use serde_json::{Map, Value};

use super::ids::{Answered, Waiting};
use super::server::{Event, Server, read_client};
use super::splice::{Prepared, Splice, placeholder, to_line};
use crate::output::Output;
use crate::presentation::Presentation;

/// At most this many bytes of a line that is no JSON-RPC message are quoted in the log.
const MAX_QUOTED: usize = 200;

/// How long a restarted server has to answer the replayed `initialize`: a call sent meanwhile
/// starts its `--call-timeout` clock when the server is ready, or when this has passed.
const STARTUP: Duration = Duration::from_secs(30);

/// The id the proxy gives the `initialize` it replays to a restarted server.
const REINIT_ID: &str = "failwise-reinitialize";

/// How the relay was asked to behave.
pub struct Settings {
    /// The server's command line.
    pub server: Vec<OsString>,
    /// `--call-timeout`.
    pub call_timeout: Option<Duration>,
}

/// A `tools/call` sent to the server and not yet answered.
struct Pending {
    call: ToolCall,
    guard_call: Call,
    fault: Option<Fault>,
    deadline: Option<Instant>,
}

/// What to do with one message.
enum Step {
    /// Pass it on: unchanged (`None`, its bytes as they came) or as this value.
    Pass(Option<Value>),
    /// Answer the side it came from with this instead (the other side never sees it).
    Answer(Value),
    /// Drop it.
    Drop,
}

/// The proxy's state.
pub struct Relay<'p> {
    settings: Settings,
    server_name: String,
    server: Server,
    guard: Option<Guard>,
    injector: Option<Injector>,
    presentation: &'p Presentation,
    pending: HashMap<String, Pending>,
    answered: Answered,
    /// The client's requests other than `tools/call` waiting for the server.
    waiting: Waiting,
    initialize: Option<Value>,
    initialized: Option<Vec<u8>>,
    reinitializing: bool,
    crash: bool,
    crash_now: bool,
    closing_since: Option<Instant>,
    /// The lines of the envelopes prepared for the message being written, in order.
    envelopes: Splice,
    out: Output,
    err: Output,
}

impl<'p> Relay<'p> {
    /// A relay between failwise's stdio and `server`.
    pub fn new(
        settings: Settings,
        server: Server,
        guard: Option<Guard>,
        injector: Option<Injector>,
        presentation: &'p Presentation,
    ) -> Self {
        let server_name = Upstream::of_server(&settings.server)
            .map(|u| u.name().to_owned())
            .unwrap_or_default();
        Self {
            settings,
            server_name,
            server,
            guard,
            injector,
            presentation,
            pending: HashMap::new(),
            answered: Answered::default(),
            waiting: Waiting::default(),
            initialize: None,
            initialized: None,
            reinitializing: false,
            crash: false,
            crash_now: false,
            closing_since: None,
            envelopes: Splice::default(),
            out: Output::stdout(presentation),
            err: Output::stderr(presentation),
        }
    }

    /// Relays until either side closes; the server's exit status.
    pub fn run(mut self) -> u8 {
        let (tx, rx) = crossbeam_channel::unbounded();
        self.server.read_into(tx.clone());
        read_client(tx.clone());
        loop {
            match self.next(&rx) {
                Err(RecvTimeoutError::Timeout) => {
                    if self
                        .closing_since
                        .is_some_and(|since| since.elapsed() >= super::server::GRACE)
                    {
                        return self.server.stop();
                    }
                    self.expire(Instant::now());
                }
                Err(RecvTimeoutError::Disconnected) => return self.server.stop(),
                Ok(Event::Client(line)) => self.on_client_line(&line),
                Ok(Event::ClientClosed) => self.client_closed(),
                Ok(Event::Server(generation, line)) => {
                    if generation == self.server.generation() {
                        self.on_server_line(&line);
                    }
                }
                Ok(Event::ServerClosed(generation)) => {
                    if generation != self.server.generation() {
                        continue;
                    }
                    let status = self.server.stop();
                    let crashed = std::mem::take(&mut self.crash);
                    self.answer_pending(status, crashed);
                    if !crashed || self.closing_since.is_some() || !self.restart(&tx) {
                        return status;
                    }
                }
            }
        }
    }

    /// The next event, or a timeout at the nearest deadline (a call's, or the end of the
    /// grace a server has to exit after the client left).
    fn next(&self, rx: &Receiver<Event>) -> Result<Event, RecvTimeoutError> {
        let deadline = self
            .pending
            .values()
            .filter_map(|p| p.deadline)
            .chain(self.closing_since.map(|s| s + super::server::GRACE))
            .min();
        match deadline {
            Some(deadline) => rx.recv_timeout(deadline.saturating_duration_since(Instant::now())),
            None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        }
    }

    fn client_closed(&mut self) {
        self.server.close_stdin();
        self.closing_since.get_or_insert_with(Instant::now);
    }

    /// A line from the client: passed to the server (a `tools/call` after the guard and the
    /// injector), or answered in the server's place.
    fn on_client_line(&mut self, line: &[u8]) {
        let Some(message) = super::lenient::parse(line) else {
            self.server.send(line);
            return;
        };
        match message {
            Value::Object(obj) => match self.request(obj) {
                Step::Pass(None) => self.server.send(line),
                Step::Pass(Some(value)) => self.server.send(&to_line(&value)),
                Step::Answer(value) => {
                    let line = self.spliced_line(&value);
                    self.send_client(&line);
                }
                Step::Drop => {}
            },
            Value::Array(items) => {
                let (passed, answers, changed) = self.batch(items, Self::request);
                if !changed {
                    self.server.send(line);
                } else if !passed.is_empty() {
                    self.server.send(&to_line(&Value::Array(passed)));
                }
                if !answers.is_empty() {
                    let line = self.spliced_line(&Value::Array(answers));
                    self.send_client(&line);
                }
            }
            _ => self.server.send(line),
        }
        if std::mem::take(&mut self.crash_now) {
            self.crash = true;
            self.server.kill();
        }
    }

    /// A line from the server: passed to the client (a failed `tools/call` annotated), or
    /// dropped (an answer to a call the proxy answered itself, a line that is no message).
    fn on_server_line(&mut self, line: &[u8]) {
        let message = super::lenient::parse(line);
        match message {
            Some(Value::Object(obj)) if obj.contains_key("jsonrpc") => {
                match self.answer(obj, line) {
                    Step::Pass(None) => self.send_client(line),
                    Step::Pass(Some(value)) => {
                        let line = self.spliced_line(&value);
                        self.send_client(&line);
                    }
                    Step::Answer(_) | Step::Drop => {}
                }
            }
            Some(Value::Array(items))
                if !items.is_empty()
                    && items
                        .iter()
                        .all(|i| i.as_object().is_some_and(|o| o.contains_key("jsonrpc"))) =>
            {
                let (passed, _, changed) = self.batch(items, |relay, obj| {
                    let line = to_line(&Value::Object(obj.clone()));
                    relay.answer(obj, &line)
                });
                if !changed {
                    self.send_client(line);
                } else if !passed.is_empty() {
                    let line = self.spliced_line(&Value::Array(passed));
                    self.send_client(&line);
                }
            }
            _ if line.iter().all(u8::is_ascii_whitespace) => {}
            _ => {
                let quoted = String::from_utf8_lossy(&line[..line.len().min(MAX_QUOTED)]);
                self.log(Phrase::new("mcp-not-jsonrpc").arg("line", quoted.trim_end()));
            }
        }
    }

    /// Each message of a batch through `step`: the messages passed on, the answers, and
    /// whether anything differs from the batch as it came.
    fn batch(
        &mut self,
        items: Vec<Value>,
        mut step: impl FnMut(&mut Self, Map<String, Value>) -> Step,
    ) -> (Vec<Value>, Vec<Value>, bool) {
        let (mut passed, mut answers, mut changed) = (Vec::new(), Vec::new(), false);
        for item in items {
            let Value::Object(obj) = item else {
                passed.push(item);
                continue;
            };
            match step(self, obj.clone()) {
                Step::Pass(None) => passed.push(Value::Object(obj)),
                Step::Pass(Some(value)) => {
                    changed = true;
                    passed.push(value);
                }
                Step::Answer(value) => {
                    changed = true;
                    answers.push(value);
                }
                Step::Drop => changed = true,
            }
        }
        (passed, answers, changed)
    }

    /// A client's message: `initialize` and `notifications/initialized` remembered (to start
    /// the server again after an injected crash), a `tools/call` followed.
    fn request(&mut self, mut obj: Map<String, Value>) -> Step {
        let has_id = obj.get("id").is_some_and(|id| !id.is_null());
        match obj.get("method").and_then(Value::as_str) {
            Some("initialize") if has_id => {
                self.waiting.add(&obj["id"], "initialize");
                self.initialize = Some(Value::Object(obj));
                Step::Pass(None)
            }
            Some("notifications/initialized") => {
                self.initialized = Some(to_line(&Value::Object(obj)));
                Step::Pass(None)
            }
            Some("tools/call") if has_id => {
                let forced_key = obj
                    .get("params")
                    .and_then(|p| p.get("_meta"))
                    .and_then(|m| m.get(mcp::META_FORCE))
                    .is_some();
                let force = mcp::take_force(&mut obj);
                match self.tool_call(&obj, force) {
                    Some(answer) => Step::Answer(answer),
                    None if forced_key => Step::Pass(Some(Value::Object(obj))),
                    None => Step::Pass(None),
                }
            }
            Some(method) if has_id => {
                self.waiting.add(&obj["id"], method);
                Step::Pass(None)
            }
            _ => Step::Pass(None),
        }
    }

    /// Follows a `tools/call` request: answers it in the server's place when the guard refuses
    /// it or an injected rate limit takes it; else remembers it as pending (with its fault).
    fn tool_call(&mut self, obj: &Map<String, Value>, force: bool) -> Option<Value> {
        let id = obj.get("id").cloned().unwrap_or(Value::Null);
        let params = obj.get("params");
        let tool = params
            .and_then(|p| p.get("name"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let arguments = params
            .and_then(|p| p.get("arguments"))
            .unwrap_or(&Value::Null);
        let guard_call = Call::tool(&self.settings.server, &tool, arguments);
        let call = ToolCall {
            tool: tool.clone(),
            id: id.clone(),
            call: guard_call.fingerprint().clone(),
            server: self.server_name.clone(),
        };
        if !force && let Some(refusal) = self.admit(&guard_call) {
            return Some(self.failed_result(&call, call.stamp(refusal)));
        }
        let fault = self.injector.as_mut().and_then(|i| i.decide(&tool));
        if let Some(fault) = fault {
            self.log(
                Phrase::new("mcp-injected")
                    .arg("fault", fault.name())
                    .arg("tool", tool.clone())
                    .arg("id", id.to_string()),
            );
        }
        if fault == Some(Fault::RateLimit) {
            let envelope = failwise::inject::rate_limited(&tool, failwise::inject::RATE_LIMIT_WAIT);
            return Some(self.failed_result(&call, call.stamp(envelope)));
        }
        self.crash_now = fault == Some(Fault::Crash);
        let pending = Pending {
            call,
            guard_call,
            fault,
            // A limit past what the clock can say is no limit.
            deadline: self.settings.call_timeout.and_then(|t| {
                let wait = if self.reinitializing {
                    STARTUP.saturating_add(t)
                } else {
                    t
                };
                Instant::now().checked_add(wait)
            }),
        };
        self.pending.insert(id.to_string(), pending);
        None
    }

    /// The guard's refusal of `call`, if it refuses (an upstream's wait is answered at once
    /// with `UPSTREAM_WAIT`: the proxy holds no call back). A store that fails is said once,
    /// and the proxy goes on unguarded.
    fn admit(&mut self, call: &Call) -> Option<Envelope> {
        let now = SystemTime::now();
        match self.guard.as_ref()?.admit(call, now) {
            Ok(Admission::Run) => None,
            Ok(Admission::Refused(envelope)) => Some(*envelope),
            Ok(Admission::Wait { until, upstream }) => {
                Some(failwise::guard::upstream_wait(&upstream, until, now))
            }
            Err(error) => {
                self.guard_failed(&error);
                None
            }
        }
    }

    fn record(&mut self, call: &Call, failure: Option<&Envelope>) {
        let Some(guard) = &self.guard else {
            return;
        };
        if let Err(error) = guard.record(call, failure, SystemTime::now()) {
            self.guard_failed(&error);
        }
    }

    fn guard_failed(&mut self, error: &failwise::guard::StoreError) {
        self.guard = None;
        self.log(Phrase::new("mcp-guard-unavailable").phrase("reason", error.phrase()));
    }

    /// A server's message: an answer to a pending `tools/call` read, told to the guard and
    /// annotated when it failed; an answer the proxy already gave dropped.
    fn answer(&mut self, mut obj: Map<String, Value>, line: &[u8]) -> Step {
        let is_response = !obj.contains_key("method")
            && (obj.contains_key("result") || obj.contains_key("error"));
        let Some(id) = obj.get("id").filter(|_| is_response) else {
            return Step::Pass(None);
        };
        self.waiting.answered(&id.to_string());
        if self.reinitializing && id.as_str() == Some(REINIT_ID) {
            self.reinitializing = false;
            // The server is ready: the calls sent while it started have their whole time now.
            if let Some(deadline) = self
                .settings
                .call_timeout
                .and_then(|after| Instant::now().checked_add(after))
            {
                for pending in self.pending.values_mut() {
                    pending.deadline = pending.deadline.map(|d| d.min(deadline));
                }
            }
            return Step::Drop;
        }
        let key = id.to_string();
        let Some(pending) = self.pending.remove(&key) else {
            if self.answered.contains(&key) {
                self.log(Phrase::new("mcp-late-answer").arg("id", key));
                return Step::Drop;
            }
            return Step::Pass(None);
        };
        match pending.fault {
            Some(Fault::Unknown) => {
                let envelope = Fault::Unknown.mark(mcp::answer_lost(&pending.call));
                self.answer_in_place(&pending, envelope, mcp::JSONRPC_SERVER_ERROR);
                return Step::Drop;
            }
            // Held past the deadline, or past the server's exit: the timeout or the exit
            // answers it, and this answer is dropped, so a seed gives the same answers.
            Some(Fault::Timeout | Fault::Crash) => {
                self.pending.insert(key, pending);
                return Step::Drop;
            }
            _ => {}
        }
        let message = Value::Object(obj.clone());
        let text = super::lenient::text(line, &message);
        let failure = mcp::read_answer(&message, text.trim_end(), &pending.call);
        self.record(&pending.guard_call, failure.as_ref());
        let Some(failure) = failure else {
            return Step::Pass(None);
        };
        let prepared = self.shown(failure);
        if let Some(Value::Object(error)) = obj.get_mut("error") {
            mcp::annotate_error(error, placeholder());
        } else if let Some(Value::Object(result)) = obj.get_mut("result") {
            mcp::annotate_result(result, placeholder(), prepared.model_line);
        }
        self.envelopes.push(prepared.line);
        Step::Pass(Some(Value::Object(obj)))
    }

    /// Answers the pending calls whose deadline passed with `MCP_CALL_TIMEOUT`.
    fn expire(&mut self, now: Instant) {
        let Some(after) = self.settings.call_timeout else {
            return;
        };
        let due: Vec<String> = self
            .pending
            .iter()
            .filter(|(_, p)| p.deadline.is_some_and(|d| d <= now))
            .map(|(k, _)| k.clone())
            .collect();
        for key in due {
            if let Some(pending) = self.pending.remove(&key) {
                let mut envelope = mcp::call_timed_out(&pending.call, after);
                if pending.fault == Some(Fault::Timeout) {
                    envelope = Fault::Timeout.mark(envelope);
                }
                self.answer_in_place(&pending, envelope, mcp::JSONRPC_REQUEST_TIMEOUT);
            }
        }
    }

    /// Answers every pending call with `MCP_SERVER_EXITED`: the server exited with `status`
    /// (killed by an injected crash when `crashed`).
    fn answer_pending(&mut self, status: u8, crashed: bool) {
        let pending: Vec<Pending> = self.pending.drain().map(|(_, p)| p).collect();
        for pending in pending {
            let mut envelope = mcp::server_exited(&pending.call, status);
            if crashed {
                envelope = Fault::Crash.mark(envelope);
            }
            self.answer_in_place(&pending, envelope, mcp::JSONRPC_SERVER_ERROR);
        }
        // The other requests would wait for ever: each is answered too, its method named.
        for (id, method) in self.waiting.drain() {
            let call = ToolCall {
                tool: method.clone(),
                id: id.clone(),
                call: Call::tool(&self.settings.server, &method, &Value::Null)
                    .fingerprint()
                    .clone(),
                server: self.server_name.clone(),
            };
            let mut envelope = mcp::server_exited(&call, status);
            if crashed {
                envelope = Fault::Crash.mark(envelope);
            }
            self.answer_error(&id, envelope, mcp::JSONRPC_SERVER_ERROR);
        }
    }

    /// Answers `pending` with a JSON-RPC error carrying `envelope`, tells the guard, and
    /// remembers the id so a late answer of the server is dropped.
    fn answer_in_place(&mut self, pending: &Pending, envelope: Envelope, code: i64) {
        // An injected fault (and a call caught in an injected crash) is no failure of the
        // server's: the guard's store never holds it.
        if !envelope.params().contains_key("injected") {
            self.record(&pending.guard_call, Some(&envelope));
        }
        self.answer_error(&pending.call.id, envelope, code);
        self.answered.insert(pending.call.id.to_string());
    }

    /// Answers the request `id` with a JSON-RPC error of `code` carrying `envelope`.
    fn answer_error(&mut self, id: &Value, envelope: Envelope, code: i64) {
        let prepared = self.shown(envelope);
        let response = mcp::error_response(id, code, &prepared.message, placeholder());
        self.envelopes.push(prepared.line);
        let line = self.spliced_line(&response);
        self.send_client(&line);
    }

    /// A tool result with `isError: true` holding `envelope`, for the model to read.
    fn failed_result(&mut self, call: &ToolCall, envelope: Envelope) -> Value {
        let prepared = self.shown(envelope);
        self.envelopes.push(prepared.line);
        mcp::failed_result_response(&call.id, placeholder(), prepared.model_line)
    }

    /// `envelope` prepared as every envelope failwise prints ([`Prepared::of`]).
    fn shown(&self, envelope: Envelope) -> Prepared {
        Prepared::of(envelope, self.presentation)
    }

    /// Starts the server again after an injected crash and replays the client's `initialize`
    /// (under the proxy's own id, its answer dropped) and `notifications/initialized`.
    fn restart(&mut self, tx: &Sender<Event>) -> bool {
        match self.server.restart(&self.settings.server) {
            Ok(mut server) => {
                server.read_into(tx.clone());
                if let Some(Value::Object(mut init)) = self.initialize.clone() {
                    init.insert("id".to_owned(), REINIT_ID.into());
                    server.send(&to_line(&Value::Object(init)));
                    self.reinitializing = true;
                }
                if let Some(line) = &self.initialized {
                    server.send(line);
                }
                self.server = server;
                true
            }
            Err(error) => {
                self.log(Phrase::new("mcp-restart-failed").arg("reason", error.to_string()));
                false
            }
        }
    }

    fn send_client(&mut self, bytes: &[u8]) {
        if self.out.pass(bytes).is_err() {
            self.client_closed();
        }
    }

    /// A message as one line, each envelope placeholder in it replaced by the next prepared
    /// envelope's line, in order.
    fn spliced_line(&mut self, value: &Value) -> Vec<u8> {
        self.envelopes.line(value)
    }

    fn log(&self, note: Phrase) {
        self.err.line(&self.presentation.warning_line(&note));
    }
}
