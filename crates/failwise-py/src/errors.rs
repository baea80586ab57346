//! The exceptions the package raises, and the library's errors as them: every failure crosses
//! into Python as an exception, never as a panic.
//!
//! - `InvalidEnvelope` (a `ValueError`): a line or a draft that is no valid v1 envelope, with
//!   the reader's stable `code` (`INVARIANT_CLASS_BOUNDS_RETRY`, `MISSING_FIELD`, …), the JSON
//!   Pointer of the offending member (`pointer`, `""` for the whole line) and the broken
//!   invariant's name (`invariant`, `None` when the problem is no invariant);
//! - `UnknownName` (a `ValueError`): a dialect or form name no row of the registry has, with
//!   the names there are (`names`);
//! - `UnknownCode` (a `LookupError`): a code `explain` does not know, with the nearest known
//!   codes (`nearby`);
//! - `StoreError` (an `OSError`): the guard's store cannot be used.

use failwise::guard::StoreError as GuardStoreError;
use failwise::{Phrase, ReadError, ReadErrorKind};
use pyo3::exceptions::{PyLookupError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::texts::english;

pyo3::create_exception!(
    failwise,
    InvalidEnvelope,
    PyValueError,
    "A line or draft that is no valid v1 envelope: `code`, `pointer` (JSON Pointer) and `invariant` say what is wrong, as the Rust reader names it."
);
pyo3::create_exception!(
    failwise,
    UnknownName,
    PyValueError,
    "A dialect or form name failwise does not have: `names` lists the ones it has."
);
pyo3::create_exception!(
    failwise,
    UnknownCode,
    PyLookupError,
    "A code failwise does not give (nor the catalog holds): `nearby` lists the nearest known codes, best first."
);
pyo3::create_exception!(
    failwise,
    StoreError,
    PyOSError,
    "The guard's store (a SQLite file or a Redis server) cannot be used."
);

/// `error` as an `InvalidEnvelope`, its message the reader's English description.
pub fn invalid(py: Python<'_>, error: &ReadError) -> PyErr {
    let invariant = match error.kind() {
        ReadErrorKind::Invariant(broken) => Some(broken.name()),
        _ => None,
    };
    with_attributes(
        py,
        InvalidEnvelope::new_err(error.to_string()),
        &[
            (
                "code",
                Ok(PyString::new(py, error.code().as_str()).into_any()),
            ),
            ("pointer", Ok(PyString::new(py, error.pointer()).into_any())),
            (
                "invariant",
                Ok(invariant.map_or_else(
                    || py.None().into_bound(py),
                    |name| PyString::new(py, name).into_any(),
                )),
            ),
        ],
    )
}

/// An `UnknownName` for `phrase` (`py-unknown-dialect` or `py-unknown-form`), listing `names`.
pub fn unknown_name(py: Python<'_>, id: &'static str, name: &str, names: &[&str]) -> PyErr {
    let phrase = Phrase::new(id)
        .arg("name", name.to_owned())
        .arg("names", names.join(", "));
    with_attributes(
        py,
        UnknownName::new_err(english(&phrase)),
        &[("names", PyList::new(py, names).map(Bound::into_any))],
    )
}

/// An `UnknownCode` for `code`, with `nearby`.
pub fn unknown_code(py: Python<'_>, code: &str, catalog: Option<&str>, nearby: &[String]) -> PyErr {
    let phrase = Phrase::new("py-unknown-code")
        .arg("code", code.to_owned())
        .arg("catalog", catalog.unwrap_or("none").to_owned());
    with_attributes(
        py,
        UnknownCode::new_err(english(&phrase)),
        &[("nearby", PyList::new(py, nearby).map(Bound::into_any))],
    )
}

/// `error` as a `StoreError`.
pub fn store(error: &GuardStoreError) -> PyErr {
    let phrase = Phrase::new("py-store-unreadable").phrase("reason", error.phrase());
    StoreError::new_err(english(&phrase))
}

/// A `ValueError` saying `phrase`.
pub fn value_error(phrase: &Phrase) -> PyErr {
    PyValueError::new_err(english(phrase))
}

/// `error` with `attributes` set on its value (an attribute that cannot be made or set is
/// left out: the exception still says what is wrong).
fn with_attributes<'py>(
    py: Python<'py>,
    error: PyErr,
    attributes: &[(&str, PyResult<Bound<'py, PyAny>>)],
) -> PyErr {
    let value = error.value(py);
    for (name, attribute) in attributes {
        if let Ok(attribute) = attribute {
            let _ = value.setattr(*name, attribute);
        }
    }
    error
}
