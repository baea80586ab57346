//! `failwise.Envelope` and `failwise.Draft`: the library's [`failwise::Envelope`] as a frozen
//! Python object whose properties are plain Python values, and a draft that becomes one only
//! with a recovery sentence, checked by the library's reader on every invariant.

use std::sync::OnceLock;

use failwise::dialect::rules::default_exit;
use failwise::{ErrorClass, Verdict};
use pyo3::exceptions::PyUnicodeDecodeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use serde_json::{Map, Value};

use crate::convert::{from_py, to_py};
use crate::errors;

/// A failure as one canonical v1 envelope (the one-line JSON record a tool prints when it
/// fails). Its invariants hold: it is built only through `Envelope.draft(...).with_recovery(...)`
/// or read by `Envelope.from_json`, both of which raise `InvalidEnvelope` otherwise.
///
/// Every field is a property holding a plain Python value: `code`, `exit`, `message`,
/// `error_class`, `retry` (`"yes"`, `"no"` or `"unknown"`), `retryable`, `recovery`; optional
/// ones are `None` when absent (`retry_after_ms`, `action`, `subject`, `location`, `path`,
/// `workspace`, `items`, `gate`, `provider`, `truncated`, `doc_url`, `lang`, `source`,
/// `verify`), and the lists and `params` are empty (`nearby`, `candidates`,
/// `discarded_flags`, `causes`; `params` a `dict`).
///
/// >>> import failwise
/// >>> e = failwise.Envelope.from_json('{"error":true,"code":"DB_LOCKED","exit":75,'
/// ...     '"message":"database is locked","error_class":"transient","retry":"yes",'
/// ...     '"retryable":true,"retry_after_ms":500,"recovery":"wait, then run it again"}')
/// >>> (e.code, e.exit, e.retry, e.retry_after_ms)
/// ('DB_LOCKED', 75, 'yes', 500)
#[pyclass(frozen, module = "failwise", name = "Envelope")]
pub struct PyEnvelope {
    /// Boxed: the envelope is some 750 bytes, moved into the Python object and through lists
    /// of thousands of them.
    pub inner: Box<failwise::Envelope>,
    /// The envelope as JSON, made on the first property read.
    value: OnceLock<Value>,
}

impl PyEnvelope {
    /// Wraps `inner`.
    pub fn new(inner: failwise::Envelope) -> Self {
        Self::boxed(Box::new(inner))
    }

    /// Wraps `inner`, already boxed.
    pub fn boxed(inner: Box<failwise::Envelope>) -> Self {
        Self {
            inner,
            value: OnceLock::new(),
        }
    }

    fn value(&self) -> &Value {
        self.value
            .get_or_init(|| serde_json::to_value(&*self.inner).unwrap_or(Value::Null))
    }

    fn member<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.value().get(name) {
            Some(value) => to_py(py, value),
            None => Ok(py.None().into_bound(py)),
        }
    }

    /// A list member, `[]` when absent.
    fn list<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        to_py(
            py,
            self.value().get(name).unwrap_or(&Value::Array(Vec::new())),
        )
    }
}

/// `text` (a `str`, or `bytes` in UTF-8) as a Rust string.
///
/// # Errors
///
/// `UnicodeDecodeError` for bytes that are not UTF-8; `TypeError` for another type.
pub fn text_of(text: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = text.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    let bytes = text.cast::<PyBytes>()?.as_bytes();
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(e) => {
            let error = PyUnicodeDecodeError::new_utf8(text.py(), bytes, e)?;
            Err(PyErr::from_value(error.into_any()))
        }
    }
}

/// `text` (`bytes`, or a `str` as UTF-8) as bytes.
///
/// # Errors
///
/// `TypeError` for another type.
pub fn text_bytes(text: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(s) = text.cast::<PyString>() {
        return Ok(s.to_cow()?.as_bytes().to_vec());
    }
    Ok(text.cast::<PyBytes>()?.as_bytes().to_vec())
}

#[pymethods]
impl PyEnvelope {
    /// Reads one line of JSON (`str` or UTF-8 `bytes`) as a v1 envelope.
    ///
    /// Raises `InvalidEnvelope` naming the broken rule (`code`, `invariant`) and the JSON
    /// Pointer of the member (`pointer`), as the Rust reader does.
    ///
    /// >>> failwise.Envelope.from_json('{"error":true,"code":"X","exit":1,"message":"m",'
    /// ...     '"error_class":"permanent","retry":"yes","retryable":true,"recovery":"r"}')
    /// Traceback (most recent call last):
    /// failwise.InvalidEnvelope: ...
    #[staticmethod]
    fn from_json(py: Python<'_>, line: &Bound<'_, PyAny>) -> PyResult<Self> {
        let line = text_of(line)?;
        failwise::Envelope::from_json(line.trim_end_matches(['\r', '\n']))
            .map(Self::new)
            .map_err(|e| errors::invalid(py, &e))
    }

    /// Reads a `dict` (as `json.loads` gives one) as a v1 envelope; raises as `from_json`.
    #[staticmethod]
    fn from_dict(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Self> {
        let value = from_py(value)?;
        failwise::Envelope::from_value(&value)
            .map(Self::new)
            .map_err(|e| errors::invalid(py, &e))
    }

    /// Starts an envelope: `code` (UPPER_SNAKE), `message` (a lowercase fragment), the class
    /// (`"transient"`, `"conflict"`, `"precondition_failed"`, `"permanent"` — the default —
    /// or `"ambiguous"`), the retry verdict (the class's own when not given: `yes` for
    /// transient, `unknown` for ambiguous, else `no`) and the exit status (75 for transient,
    /// else 1, when not given). It is a `Draft` until `with_recovery` gives it its recovery.
    ///
    /// >>> e = (failwise.Envelope.draft("CONFIG_MISSING", "no config at /etc/app.toml",
    /// ...         error_class="precondition_failed", exit=78)
    /// ...      .param("path", "/etc/app.toml")
    /// ...      .with_recovery("run `app init` to write /etc/app.toml"))
    /// >>> (e.retry, e.retryable, e.params)
    /// ('no', False, {'path': '/etc/app.toml'})
    #[staticmethod]
    #[pyo3(signature = (code, message, *, error_class = "permanent", retry = None, exit = None))]
    fn draft(
        code: &str,
        message: &str,
        error_class: &str,
        retry: Option<&str>,
        exit: Option<i64>,
    ) -> PyDraft {
        let class = ErrorClass::parse(error_class);
        let retry = retry.unwrap_or_else(|| class.map_or("no", |c| c.default_retry().as_str()));
        let exit = exit.unwrap_or_else(|| {
            i64::from(
                class
                    .map(|c| default_exit(Verdict::of_class(c)).get())
                    .unwrap_or(1),
            )
        });
        let mut members = Map::new();
        members.insert("error".into(), Value::Bool(true));
        members.insert("code".into(), code.into());
        members.insert("exit".into(), exit.into());
        members.insert("message".into(), message.into());
        members.insert("error_class".into(), error_class.into());
        members.insert("retry".into(), retry.into());
        members.insert("retryable".into(), (retry == "yes").into());
        PyDraft { members }
    }

    /// The envelope as its one JSON line (no newline): the wire's member order, byte for byte
    /// what the Rust library writes.
    fn to_json(&self) -> String {
        self.inner.to_json_line()
    }

    /// The envelope as a `dict` (what `json.loads(e.to_json())` gives).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.value())
    }

    #[getter]
    fn code(&self) -> &str {
        self.inner.code().as_str()
    }

    #[getter]
    fn exit(&self) -> u8 {
        self.inner.exit().get()
    }

    #[getter]
    fn message(&self) -> &str {
        self.inner.message()
    }

    #[getter]
    fn error_class(&self) -> &'static str {
        self.inner.error_class().as_str()
    }

    #[getter]
    fn retry(&self) -> &'static str {
        self.inner.retry().as_str()
    }

    #[getter]
    fn retryable(&self) -> bool {
        self.inner.retry() == failwise::Retry::Yes
    }

    #[getter]
    fn retry_after_ms(&self) -> Option<u64> {
        self.inner.retry_after_ms()
    }

    #[getter]
    fn recovery(&self) -> &str {
        self.inner.recovery()
    }

    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.value().get("params") {
            Some(params) => to_py(py, params),
            None => Ok(PyDict::new(py).into_any()),
        }
    }

    #[getter]
    fn nearby<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.list(py, "nearby")
    }

    #[getter]
    fn candidates<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.list(py, "candidates")
    }

    #[getter]
    fn discarded_flags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.list(py, "discarded_flags")
    }

    #[getter]
    fn causes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.list(py, "causes")
    }

    #[getter]
    fn action<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "action")
    }

    #[getter]
    fn subject<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "subject")
    }

    #[getter]
    fn location<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "location")
    }

    #[getter]
    fn path<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "path")
    }

    #[getter]
    fn workspace<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "workspace")
    }

    #[getter]
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "items")
    }

    #[getter]
    fn gate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "gate")
    }

    #[getter]
    fn provider<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "provider")
    }

    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "truncated")
    }

    #[getter]
    fn doc_url<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "doc_url")
    }

    #[getter]
    fn lang<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "lang")
    }

    #[getter]
    fn source<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "source")
    }

    #[getter]
    fn verify<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.member(py, "verify")
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Self>()
            .is_ok_and(|other| other.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.inner.to_json_line().hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        format!(
            "Envelope.from_json({})",
            serde_json::Value::String(self.inner.to_json_line())
        )
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }
}

/// An envelope being built (`Envelope.draft`): each method sets a member and returns the
/// draft; `with_recovery` finishes it. Empty strings and lists are left out, as absent fields
/// are omitted on the wire.
#[pyclass(module = "failwise", name = "Draft")]
pub struct PyDraft {
    members: Map<String, Value>,
}

impl PyDraft {
    fn set<'a>(mut slf: PyRefMut<'a, Self>, name: &str, value: Value) -> PyRefMut<'a, Self> {
        let empty = match &value {
            Value::String(s) => s.is_empty(),
            Value::Array(items) => items.is_empty(),
            Value::Null => true,
            _ => false,
        };
        if empty {
            slf.members.remove(name);
        } else {
            slf.members.insert(name.to_owned(), value);
        }
        slf
    }
}

#[pymethods]
impl PyDraft {
    /// Sets `params[name]` to `value` (any JSON value: every variable of the message as data).
    fn param<'py>(
        mut slf: PyRefMut<'py, Self>,
        name: String,
        value: &Bound<'py, PyAny>,
    ) -> PyResult<PyRefMut<'py, Self>> {
        let value = from_py(value)?;
        let params = slf
            .members
            .entry("params")
            .or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(params) = params {
            params.insert(name, value);
        }
        Ok(slf)
    }

    /// Sets `params[name]` for every item of `params` (a `dict`).
    fn params<'py>(
        mut slf: PyRefMut<'py, Self>,
        params: &Bound<'py, PyDict>,
    ) -> PyResult<PyRefMut<'py, Self>> {
        for (name, value) in params.iter() {
            let name = text_of(&name)?;
            slf = Self::param(slf, name, &value)?;
        }
        Ok(slf)
    }

    /// Sets the least wait before a retry, in milliseconds (only with `retry="yes"`).
    fn retry_after_ms(slf: PyRefMut<'_, Self>, wait_ms: u64) -> PyRefMut<'_, Self> {
        Self::set(slf, "retry_after_ms", wait_ms.into())
    }

    /// Sets what was attempted.
    fn action(slf: PyRefMut<'_, Self>, action: String) -> PyRefMut<'_, Self> {
        Self::set(slf, "action", action.into())
    }

    /// Sets what it was attempted on.
    fn subject(slf: PyRefMut<'_, Self>, subject: String) -> PyRefMut<'_, Self> {
        Self::set(slf, "subject", subject.into())
    }

    /// Sets the file the error is about.
    fn path(slf: PyRefMut<'_, Self>, path: String) -> PyRefMut<'_, Self> {
        Self::set(slf, "path", path.into())
    }

    /// Sets the workspace root used for jail checks.
    fn workspace(slf: PyRefMut<'_, Self>, workspace: String) -> PyRefMut<'_, Self> {
        Self::set(slf, "workspace", workspace.into())
    }

    /// Sets directly usable alternatives (did-you-mean values), best first.
    fn nearby(slf: PyRefMut<'_, Self>, values: Vec<String>) -> PyRefMut<'_, Self> {
        Self::set(slf, "nearby", values.into())
    }

    /// Sets the flags the caller passed that could not be applied, as typed.
    fn discarded_flags(slf: PyRefMut<'_, Self>, flags: Vec<String>) -> PyRefMut<'_, Self> {
        Self::set(slf, "discarded_flags", flags.into())
    }

    /// Sets the offending input's place: `path`, and `line` and `column` (1-based).
    #[pyo3(signature = (path, line = None, column = None))]
    fn location(
        slf: PyRefMut<'_, Self>,
        path: String,
        line: Option<u64>,
        column: Option<u64>,
    ) -> PyRefMut<'_, Self> {
        let mut location = Map::new();
        location.insert("path".into(), path.into());
        if let Some(line) = line {
            location.insert("line".into(), line.into());
        }
        if let Some(column) = column {
            location.insert("column".into(), column.into());
        }
        Self::set(slf, "location", Value::Object(location))
    }

    /// Sets the page that explains the code.
    fn doc_url(slf: PyRefMut<'_, Self>, url: String) -> PyRefMut<'_, Self> {
        Self::set(slf, "doc_url", url.into())
    }

    /// Sets the BCP 47 tag of `message` and `recovery`, when not English.
    fn lang(slf: PyRefMut<'_, Self>, tag: String) -> PyRefMut<'_, Self> {
        Self::set(slf, "lang", tag.into())
    }

    /// Sets the command that finds out whether an effect-unknown request landed (argv; exit 0
    /// landed, 1 did not, anything else cannot tell). Only with `retry="unknown"`.
    fn verify(slf: PyRefMut<'_, Self>, command: Vec<String>) -> PyRefMut<'_, Self> {
        let mut verify = Map::new();
        verify.insert("command".into(), command.into());
        Self::set(slf, "verify", Value::Object(verify))
    }

    /// Sets a policy refusal: the rule, what broke it, and the alternative to do instead.
    fn gate(
        slf: PyRefMut<'_, Self>,
        rule: String,
        violation: String,
        alternative: String,
    ) -> PyRefMut<'_, Self> {
        let mut gate = Map::new();
        gate.insert("rule".into(), rule.into());
        gate.insert("violation".into(), violation.into());
        gate.insert("alternative".into(), alternative.into());
        Self::set(slf, "gate", Value::Object(gate))
    }

    /// Adds an underlying failure to `causes` (outermost first).
    #[pyo3(signature = (message, code = None, source = None))]
    fn cause(
        mut slf: PyRefMut<'_, Self>,
        message: String,
        code: Option<String>,
        source: Option<String>,
    ) -> PyRefMut<'_, Self> {
        let mut cause = Map::new();
        if let Some(code) = code {
            cause.insert("code".into(), code.into());
        }
        cause.insert("message".into(), message.into());
        if let Some(source) = source {
            cause.insert("source".into(), source.into());
        }
        let causes = slf
            .members
            .entry("causes")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(causes) = causes {
            causes.push(Value::Object(cause));
        }
        slf
    }

    /// Finishes the envelope with its recovery: one directly executable sentence (a command, a
    /// flag, a key, a file:line to act on). Raises `InvalidEnvelope` naming the invariant and
    /// the JSON Pointer when the draft breaks one (an empty recovery, a class that does not
    /// admit the retry verdict, a wait without `retry="yes"`, `verify` without `unknown`, ...).
    fn with_recovery(&self, py: Python<'_>, recovery: String) -> PyResult<PyEnvelope> {
        let mut members = self.members.clone();
        members.insert("recovery".into(), recovery.into());
        failwise::Envelope::from_value(&Value::Object(members))
            .map(PyEnvelope::new)
            .map_err(|e| errors::invalid(py, &e))
    }
}
