//! `normalize`, `write`, `validate`, `explain` and the dialect names: each one call of the
//! library, the one `failwise normalize`, `normalize --to`, `validate` and `explain` make.

use failwise::classify::TextFailure;
use failwise::classify::explain as builtin;
use failwise::dialect::{Dialect, Form, NonFailures, Normalizer, Tally};
use failwise::{CatalogFile, Envelope, Phrase};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use serde_json::{Value, json};

use crate::convert::{from_py, to_py, type_name};
use crate::envelope::PyEnvelope;
use crate::errors;
use crate::prepare::Prepared;
use crate::texts::{english, localizer};

/// The bytes of `data`: a `str`, `bytes`, a record (`dict`) as its JSON line, or a list of
/// records, a line each.
fn input_bytes(data: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(s) = data.cast::<PyString>() {
        return Ok(s.to_cow()?.as_bytes().to_vec());
    }
    if let Ok(b) = data.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    let line = |value: &Bound<'_, PyAny>| -> PyResult<Vec<u8>> {
        let mut line = serde_json::to_vec(&from_py(value)?).unwrap_or_default();
        line.push(b'\n');
        Ok(line)
    };
    if data.is_instance_of::<PyDict>() {
        return line(data);
    }
    if let Ok(list) = data.cast::<PyList>() {
        let mut out = Vec::new();
        for item in list.iter() {
            out.extend(line(&item)?);
        }
        return Ok(out);
    }
    let phrase = Phrase::new("py-not-input").arg("type", type_name(data));
    Err(PyTypeError::new_err(english(&phrase)))
}

/// The dialect `from_` names (`"auto"`: `None`, each record's own).
fn dialect_named(py: Python<'_>, from: &str) -> PyResult<Option<Dialect>> {
    if from.eq_ignore_ascii_case("auto") {
        return Ok(None);
    }
    Dialect::from_name(from).map(Some).ok_or_else(|| {
        let names: Vec<&str> = readable().into_iter().map(Dialect::name).collect();
        errors::unknown_name(py, "py-unknown-dialect", from, &names)
    })
}

/// Every dialect failwise reads, writable ones first (the registry's order).
fn readable() -> Vec<Dialect> {
    Dialect::ALL.into_iter().chain(Dialect::READ_ONLY).collect()
}

/// Normalizes `data` (a record, a block of text, or many of either: NDJSON, a log, a
/// traceback) in any dialect into canonical envelopes, one per failure found, in order,
/// prepared as `failwise normalize` prepares what it prints; a record that cannot be read is
/// an `UNREADABLE_RECORD` envelope naming its line, and records that are no failure are left
/// out. `from_` forces a dialect (`"auto"` detects each record's); `name` is the input's name,
/// which a rejection names and which is the program of a text block that names none.
///
/// >>> [e.code for e in failwise.normalize('{"error":true,"code":75,"message":"busy"}')]
/// ['BUSY']
#[pyfunction]
#[pyo3(signature = (data, from_ = "auto", *, name = "-"))]
pub fn normalize(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    from_: &str,
    name: &str,
) -> PyResult<Vec<PyEnvelope>> {
    let bytes = input_bytes(data)?;
    let from = dialect_named(py, from_)?;
    let name = name.to_owned();
    let read: Result<Vec<Box<Envelope>>, failwise::ReadError> = py.detach(move || {
        let prepared = Prepared::standard();
        let blocks = TextFailure::of(&name);
        let normalizer = Normalizer::new(from, Dialect::Failwise, NonFailures::Drop)
            .prepared(&prepared)
            .reading_blocks(&blocks);
        let mut out = Vec::with_capacity(bytes.len());
        let mut tally = Tally::default();
        normalizer.chunk(&bytes, 1, &name, &mut out, &mut tally);
        // Every line written is a canonical envelope: non-failures were dropped.
        String::from_utf8_lossy(&out)
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| Envelope::from_json(line).map(Box::new))
            .collect()
    });
    match read {
        Ok(envelopes) => Ok(envelopes.into_iter().map(PyEnvelope::boxed).collect()),
        Err(e) => Err(errors::invalid(py, &e)),
    }
}

/// `envelope` written in another dialect or form (`to`: `"problem+json"`, `"google-rpc"`,
/// `"json-rpc"`, `"atomwrite@ErrorOutput"`, `"eval-mock@human"`, …), prepared and written as
/// `failwise normalize --to` writes it: one JSON line, or the form's text, without the
/// trailing newline.
///
/// >>> e = failwise.normalize('{"error":true,"code":75,"message":"busy"}')[0]
/// >>> import json
/// >>> json.loads(failwise.write(e, to="problem+json"))["title"]
/// 'BUSY'
#[pyfunction]
#[pyo3(signature = (envelope, *, to = "failwise"))]
pub fn write(py: Python<'_>, envelope: &PyEnvelope, to: &str) -> PyResult<String> {
    let form = Form::from_name(to).ok_or_else(|| {
        let names: Vec<&str> = Form::all().into_iter().map(Form::name).collect();
        errors::unknown_name(py, "py-unknown-form", to, &names)
    })?;
    let preparation = Prepared::standard();
    let prepared = preparation.envelope((*envelope.inner).clone());
    let mut out = Vec::new();
    match form {
        Form::Dialect(Dialect::Failwise) => prepared.write_json_line(&mut out),
        form => form
            .write_into(&prepared, &mut out)
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
    }
    failwise::dialect::Prepare::seal(&preparation, &mut out, 0);
    Ok(String::from_utf8_lossy(&out)
        .trim_end_matches('\n')
        .to_owned())
}

/// The names of the dialects failwise reads, writable ones first, then the read-only vendor
/// bodies; and with `writable=True`, the names `write` takes (dialects and their other forms).
#[pyfunction]
#[pyo3(signature = (*, writable = false))]
pub fn dialects(writable: bool) -> Vec<&'static str> {
    if writable {
        Form::all().into_iter().map(Form::name).collect()
    } else {
        readable().into_iter().map(Dialect::name).collect()
    }
}

/// What is wrong with one line of an NDJSON stream: its 1-based `line`, the reader's stable
/// `code` (`INVARIANT_CLASS_BOUNDS_RETRY`, `MISSING_FIELD`, `CATALOG_EXIT_MISMATCH`, …), the
/// JSON Pointer of the member (`pointer`, `""` for the whole line), the broken invariant's
/// name (`invariant`, or `None`) and the description in English (`detail`).
#[pyclass(frozen, module = "failwise", name = "Problem", get_all)]
pub struct PyProblem {
    line: u64,
    code: String,
    pointer: String,
    invariant: Option<&'static str>,
    detail: String,
}

#[pymethods]
impl PyProblem {
    fn __repr__(&self) -> String {
        format!(
            "Problem(line={}, code={:?}, pointer={:?}, detail={:?})",
            self.line, self.code, self.pointer, self.detail
        )
    }
}

/// Checks every line of `lines` (`str` or `bytes`, NDJSON) as `failwise validate` does:
/// against the v1 schema and invariants, and with `catalog` (the text of a catalog, JSON or
/// TOML by `catalog_name`'s extension) against the tool's catalog; blank lines are skipped.
/// Returns the problems, one per bad line, in order (empty when every line holds).
#[pyfunction]
#[pyo3(signature = (lines, catalog = None, catalog_name = "catalog.json"))]
pub fn validate(
    lines: &Bound<'_, PyAny>,
    catalog: Option<&str>,
    catalog_name: &str,
) -> PyResult<Vec<PyProblem>> {
    let bytes = input_bytes(lines)?;
    let catalog = catalog
        .map(|text| load_catalog(catalog_name, text))
        .transpose()?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let mut problems = Vec::new();
    for (number, line) in (1u64..).zip(bytes.split(|b| *b == b'\n')) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let Ok(text) = std::str::from_utf8(line) else {
            let phrase =
                Phrase::new("problem-INVALID_UTF8").phrase("at", Phrase::new("problem-at-line"));
            problems.push(problem(number, "INVALID_UTF8", "", None, &phrase));
            continue;
        };
        if text.trim().is_empty() {
            continue;
        }
        match Envelope::check_json(text) {
            Err(e) => {
                let invariant = match e.kind() {
                    failwise::ReadErrorKind::Invariant(broken) => Some(broken.name()),
                    _ => None,
                };
                let code = e.code();
                problems.push(problem(
                    number,
                    code.as_str(),
                    e.pointer(),
                    invariant,
                    &e.phrase(),
                ));
            }
            Ok(envelope) => {
                let found = catalog.as_ref().and_then(|c| {
                    c.disagreement(
                        envelope.code(),
                        envelope.exit(),
                        envelope.error_class(),
                        envelope.lang(),
                    )
                });
                if let Some(found) = found {
                    problems.push(problem(
                        number,
                        found.code,
                        found.pointer,
                        None,
                        &found.phrase,
                    ));
                }
            }
        }
    }
    Ok(problems)
}

fn problem(
    line: u64,
    code: &str,
    pointer: &str,
    invariant: Option<&'static str>,
    phrase: &Phrase,
) -> PyProblem {
    PyProblem {
        line,
        code: code.to_owned(),
        pointer: pointer.to_owned(),
        invariant,
        detail: english(phrase),
    }
}

/// The catalog in `text`, JSON or TOML as `name`'s extension says.
fn load_catalog(name: &str, text: &str) -> PyResult<CatalogFile> {
    CatalogFile::from_named(name, text).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// What a code means, as `failwise explain CODE --json` says it: looked up in `catalog` (the
/// text of a tool's catalog, JSON or TOML by `catalog_name`) first, then among the codes
/// failwise's classifiers and command line give (`ENOENT`, `TIMEOUT`, `EXIT_<n>`, `CURLE_*`,
/// …). A `dict`: `origin` (`"catalog"` or `"builtin"`), `tool`, `code`, then the catalog
/// entry's members, or `exit` (when the code fixes it), `verdicts` (each `error_class` and
/// `retry`), `description`, `example` (`message` and `recovery`) and `lang`. Raises
/// `UnknownCode`, with the nearest codes in `nearby`, for a code neither knows.
///
/// >>> failwise.explain("ENOENT")["verdicts"][0]["error_class"]
/// 'permanent'
#[pyfunction]
#[pyo3(signature = (code, catalog = None, catalog_name = "catalog.json"))]
pub fn explain<'py>(
    py: Python<'py>,
    code: &str,
    catalog: Option<&str>,
    catalog_name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let catalog = catalog
        .map(|text| load_catalog(catalog_name, text))
        .transpose()?;
    if let Some(catalog) = &catalog
        && let Some(entry) = catalog.entry(code)
    {
        let mut record = json!({"origin": "catalog", "tool": catalog.tool});
        if let (Value::Object(record), Ok(Value::Object(entry))) =
            (&mut record, serde_json::to_value(entry))
        {
            record.extend(entry);
        }
        return to_py(py, &record);
    }
    if let Some(e) = builtin::explain(code, localizer()) {
        let mut verdicts: Vec<Value> = Vec::new();
        for v in &e.verdicts {
            let pair = json!({"error_class": v.class().as_str(), "retry": v.retry().as_str()});
            if !verdicts.contains(&pair) {
                verdicts.push(pair);
            }
        }
        let mut record = json!({"origin": "builtin", "tool": "failwise", "code": e.code});
        if let Some(exit) = e.exit {
            record["exit"] = exit.get().into();
        }
        record["verdicts"] = verdicts.into();
        record["description"] = e.description.into();
        if let Some((message, recovery)) = e.example {
            record["example"] = json!({"message": message, "recovery": recovery});
        }
        record["lang"] = e.lang.into();
        return to_py(py, &record);
    }
    let known = builtin::codes();
    let candidates = catalog
        .iter()
        .flat_map(|c| c.codes.iter().map(|e| e.code.as_str()))
        .chain(known.iter().map(String::as_str));
    let nearby = failwise::suggest::nearby(code, candidates);
    Err(errors::unknown_code(
        py,
        code,
        catalog.as_ref().map(|c| c.tool.as_str()),
        &nearby,
    ))
}
