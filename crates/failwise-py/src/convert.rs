//! JSON values between Rust and Python: a `serde_json::Value` as the plain Python value
//! `json.loads` would give (`dict`, `list`, `str`, `int`, `float`, `bool`, `None`), and back.

use failwise::Phrase;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

use crate::texts::english;

/// The deepest nesting read from a Python value (deeper is refused, as serde_json refuses a
/// line nested past 128 levels).
const MAX_DEPTH: usize = 128;

/// `value` as a Python object.
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => number(py, n)?,
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(members) => {
            let dict = PyDict::new(py);
            for (key, item) in members {
                dict.set_item(key, to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

fn number<'py>(py: Python<'py>, n: &Number) -> PyResult<Bound<'py, PyAny>> {
    if let Some(i) = n.as_i64() {
        return Ok(i.into_pyobject(py)?.into_any());
    }
    if let Some(u) = n.as_u64() {
        return Ok(u.into_pyobject(py)?.into_any());
    }
    Ok(PyFloat::new(py, n.as_f64().unwrap_or(f64::NAN)).into_any())
}

/// A Python value as JSON: `dict` with `str` keys, `list` or `tuple`, `str`, `int`, `float`
/// (finite), `bool`, `None`.
///
/// # Errors
///
/// `TypeError` for any other type or a key that is not a `str`; `ValueError` for a float that
/// is not finite, an integer outside 64 bits, or nesting deeper than 128 levels.
pub fn from_py(value: &Bound<'_, PyAny>) -> PyResult<Value> {
    from_py_at(value, 0)
}

fn from_py_at(value: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        let phrase = Phrase::new("py-too-deep").arg("max", MAX_DEPTH);
        return Err(PyValueError::new_err(english(&phrase)));
    }
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if value.is_instance_of::<PyInt>() {
        if let Ok(i) = value.extract::<i64>() {
            return Ok(Value::from(i));
        }
        return value.extract::<u64>().map(Value::from).map_err(|_| {
            let shown = value.str().map(|s| s.to_string()).unwrap_or_default();
            PyValueError::new_err(english(
                &Phrase::new("py-int-too-large").arg("value", shown),
            ))
        });
    }
    if let Ok(f) = value.cast::<PyFloat>() {
        return Number::from_f64(f.value())
            .map(Value::Number)
            .ok_or_else(|| {
                let phrase = Phrase::new("py-float-not-finite").arg("value", f.value().to_string());
                PyValueError::new_err(english(&phrase))
            });
    }
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(Value::String(s.to_cow()?.into_owned()));
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        let mut members = Map::new();
        for (key, item) in dict.iter() {
            let key = match key.cast::<PyString>() {
                Ok(key) => key.to_cow()?.into_owned(),
                Err(_) => {
                    let phrase = Phrase::new("py-key-not-str").arg("type", type_name(&key));
                    return Err(PyTypeError::new_err(english(&phrase)));
                }
            };
            members.insert(key, from_py_at(&item, depth + 1)?);
        }
        return Ok(Value::Object(members));
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let mut items = Vec::new();
        for item in value.try_iter()? {
            items.push(from_py_at(&item?, depth + 1)?);
        }
        return Ok(Value::Array(items));
    }
    let phrase = Phrase::new("py-not-json").arg("type", type_name(value));
    Err(PyTypeError::new_err(english(&phrase)))
}

/// The name of `value`'s type, as Python spells it.
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_default()
}
