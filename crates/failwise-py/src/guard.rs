//! `failwise.guard`: the library's guard ([`failwise::guard`]) for a Python harness. It asks
//! `Guard.admit` before it sends a call ("may I send this call again?"), tells `Guard.record`
//! how the call ended, and `Guard.may_retry` before a retry; the state lives in a store shared
//! by every process (and every `failwise run --guard`, `failwise mcp`) that names the same one.

use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use failwise::guard::{self, Admission, MemoryStore, Policy, Store, StoreSpec};
use pyo3::prelude::*;

use crate::convert::from_py;
use crate::envelope::PyEnvelope;
use crate::errors;
use crate::prepare::Prepared;

/// One call a harness sends: a command (its argv and working directory) or an MCP tool call.
/// Two calls are the same when their fingerprints are (128 bits of SHA-256).
///
/// >>> from failwise.guard import Call
/// >>> Call(["deploy", "--id", "42"], cwd="/srv").fingerprint == Call(["deploy", "--id", "42"], cwd="/srv").fingerprint
/// True
#[pyclass(frozen, module = "failwise.guard", name = "Call")]
pub struct PyCall {
    inner: guard::Call,
}

#[pymethods]
impl PyCall {
    /// The call of `argv` (program first) run in `cwd` (the current directory when `None`).
    #[new]
    #[pyo3(signature = (argv, cwd = None))]
    fn new(argv: Vec<String>, cwd: Option<PathBuf>) -> PyResult<Self> {
        let cwd = match cwd {
            Some(cwd) => cwd,
            None => std::env::current_dir()?,
        };
        Ok(Self {
            inner: guard::Call::new(&argv, &cwd),
        })
    }

    /// The MCP `tools/call` of `tool` with `arguments` (a JSON value; `None` for none) on the
    /// server `server` (its argv) starts; the server is its upstream.
    #[staticmethod]
    #[pyo3(signature = (server, tool, arguments = None))]
    fn tool(
        server: Vec<String>,
        tool: &str,
        arguments: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let arguments = match arguments {
            Some(a) => from_py(a)?,
            None => serde_json::Value::Null,
        };
        Ok(Self {
            inner: guard::Call::tool(&server, tool, &arguments),
        })
    }

    /// The fingerprint, 32 hex digits (what `failwise state clear --call` takes).
    #[getter]
    fn fingerprint(&self) -> &str {
        self.inner.fingerprint().as_str()
    }

    /// The upstream it reaches (a URL's host in the arguments, an MCP server), or `None`.
    #[getter]
    fn upstream(&self) -> Option<&str> {
        self.inner.upstream().map(guard::Upstream::name)
    }

    fn __repr__(&self) -> String {
        format!("Call(fingerprint={:?})", self.inner.fingerprint().as_str())
    }
}

/// What the guard lets a call do: `decision` is `"run"` (send it), `"wait"` (its upstream
/// asked every caller to wait until `until`, seconds since the epoch; `envelope` is the
/// `UPSTREAM_WAIT` to answer with instead of waiting) or `"refused"` (do not send it:
/// `envelope` says why, `REPEATED_FAILURE` or `CIRCUIT_OPEN`). True only for `"run"`.
#[pyclass(frozen, module = "failwise.guard", name = "Admission", get_all)]
pub struct PyAdmission {
    decision: &'static str,
    until: Option<f64>,
    upstream: Option<String>,
    envelope: Option<Py<PyEnvelope>>,
}

#[pymethods]
impl PyAdmission {
    fn __bool__(&self) -> bool {
        self.decision == "run"
    }

    fn __repr__(&self) -> String {
        format!("Admission(decision={:?})", self.decision)
    }
}

/// The guard over one store: `store` is `":memory:"` (this process alone), a SQLite file
/// (`PATH` or `sqlite:PATH`), a Redis/Valkey URL (`redis://HOST:PORT/DB`), or `None` for the
/// default file `$XDG_STATE_HOME/failwise/state.db` (`failwise run --guard`'s; in memory when
/// neither `XDG_STATE_HOME` nor `HOME` is set). `repeat_limit` failures in a row with the
/// same code and message (`retry` `no` or `unknown`) within `window` seconds refuse the call
/// (`None` counts none); circuits, shared waits and the retry budget follow the library's
/// policy. Raises `StoreError` when the store cannot be opened.
///
/// >>> from failwise.guard import Guard, Call
/// >>> guard = Guard(":memory:")
/// >>> bool(guard.admit(Call(["deploy"], cwd="/srv")))
/// True
#[pyclass(frozen, module = "failwise.guard", name = "Guard")]
pub struct PyGuard {
    inner: guard::Guard,
}

fn now() -> SystemTime {
    SystemTime::now()
}

fn epoch_seconds(time: SystemTime) -> f64 {
    time.duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

#[pymethods]
impl PyGuard {
    #[new]
    #[pyo3(signature = (store = None, *, repeat_limit = Some(3), window = 3600.0))]
    fn new(store: Option<&str>, repeat_limit: Option<u32>, window: f64) -> PyResult<Self> {
        let store: Box<dyn Store> = match store {
            Some(":memory:") => Box::new(MemoryStore::new()),
            given => {
                let spec = match given {
                    Some(text) => StoreSpec::read(text).map_err(|p| errors::value_error(&p))?,
                    None => StoreSpec::default_sqlite(
                        std::env::var("XDG_STATE_HOME").ok().as_deref(),
                        std::env::var("HOME").ok().as_deref(),
                    ),
                };
                match spec {
                    Some(spec) => spec.open().map_err(|e| errors::store(&e))?,
                    None => Box::new(MemoryStore::new()),
                }
            }
        };
        let policy = Policy {
            repeat_limit: repeat_limit.filter(|n| *n > 0),
            window: Duration::try_from_secs_f64(window).unwrap_or(Duration::from_secs(3600)),
            ..Policy::default()
        };
        Ok(Self {
            inner: guard::Guard::new(store, policy),
        })
    }

    /// Whether `call` may be sent now (see `Admission`). Raises `StoreError` when the store
    /// cannot be used (`failwise run` then sends the call anyway).
    fn admit(&self, py: Python<'_>, call: &PyCall) -> PyResult<PyAdmission> {
        let now = now();
        let admission = py
            .detach(|| self.inner.admit(&call.inner, now))
            .map_err(|e| errors::store(&e))?;
        let prepared = Prepared::standard();
        Ok(match admission {
            Admission::Run => PyAdmission {
                decision: "run",
                until: None,
                upstream: None,
                envelope: None,
            },
            Admission::Wait { until, upstream } => {
                let answer = guard::upstream_wait(&upstream, until, now);
                PyAdmission {
                    decision: "wait",
                    until: Some(epoch_seconds(until)),
                    upstream: Some(upstream.name().to_owned()),
                    envelope: Some(Py::new(py, PyEnvelope::new(prepared.envelope(answer)))?),
                }
            }
            Admission::Refused(refusal) => PyAdmission {
                decision: "refused",
                until: None,
                upstream: call.inner.upstream().map(|u| u.name().to_owned()),
                envelope: Some(Py::new(py, PyEnvelope::new(prepared.envelope(*refusal)))?),
            },
        })
    }

    /// Records how `call` ended: `failure` is its envelope, `None` for a success.
    #[pyo3(signature = (call, failure = None))]
    fn record(&self, py: Python<'_>, call: &PyCall, failure: Option<&PyEnvelope>) -> PyResult<()> {
        let failure = failure.map(|f| &*f.inner);
        py.detach(|| self.inner.record(&call.inner, failure, now()))
            .map_err(|e| errors::store(&e))
    }

    /// Whether the retry budget of `call`'s upstream allows another attempt now.
    fn may_retry(&self, py: Python<'_>, call: &PyCall) -> PyResult<bool> {
        py.detach(|| self.inner.may_retry(&call.inner, now()))
            .map_err(|e| errors::store(&e))
    }

    /// Forgets what the guard holds for `call` (and its upstream with `upstream=True`);
    /// returns how many records were held.
    #[pyo3(signature = (call, *, upstream = false))]
    fn forget(&self, py: Python<'_>, call: &PyCall, upstream: bool) -> PyResult<u64> {
        let up = call.inner.upstream().filter(|_| upstream);
        py.detach(|| self.inner.forget(Some(&call.inner), up))
            .map_err(|e| errors::store(&e))
    }

    /// Where the state is kept (a path, or a URL without its password).
    #[getter]
    fn location(&self) -> String {
        self.inner.store().location()
    }
}
