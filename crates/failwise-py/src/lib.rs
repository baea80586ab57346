//! The Python package `failwise`: its native module `failwise._native`, a thin layer over the
//! Rust library `failwise` with the same invariants. Every function is one call of the library,
//! the one the `failwise` binary makes for the same work, and every envelope handed to Python
//! is prepared as the binary prepares what it prints (localized, redacted, bounded).
//!
//! The pure Python part (`python/failwise`: `from_exception`, `verify`, the `guard` module, the
//! type stubs) is beside this crate; the wheel also carries the `failwise` binary
//! (`data/scripts`, put there by `scripts/wheel`).
//!
//! No error crosses into Python as a panic: every failure is an exception
//! (`errors`), and pyo3 turns a panic into `PanicException` should one happen.

mod convert;
mod envelope;
mod errors;
mod exception;
mod finished;
mod guard;
mod prepare;
mod reading;
mod texts;

use pyo3::prelude::*;

/// The module's contents: the classes, the functions and the exceptions.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<envelope::PyEnvelope>()?;
    m.add_class::<envelope::PyDraft>()?;
    m.add_class::<reading::PyProblem>()?;
    m.add_class::<guard::PyCall>()?;
    m.add_class::<guard::PyGuard>()?;
    m.add_class::<guard::PyAdmission>()?;
    m.add_function(wrap_pyfunction!(reading::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(reading::write, m)?)?;
    m.add_function(wrap_pyfunction!(reading::validate, m)?)?;
    m.add_function(wrap_pyfunction!(reading::explain, m)?)?;
    m.add_function(wrap_pyfunction!(reading::dialects, m)?)?;
    m.add_function(wrap_pyfunction!(finished::classify, m)?)?;
    m.add_function(wrap_pyfunction!(finished::verified, m)?)?;
    m.add_function(wrap_pyfunction!(exception::read_exception, m)?)?;
    m.add("InvalidEnvelope", py.get_type::<errors::InvalidEnvelope>())?;
    m.add("UnknownName", py.get_type::<errors::UnknownName>())?;
    m.add("UnknownCode", py.get_type::<errors::UnknownCode>())?;
    m.add("StoreError", py.get_type::<errors::StoreError>())?;
    m.add("EN_FTL", texts::EN_FTL)?;
    m.add("PT_BR_FTL", texts::PT_BR_FTL)?;
    Ok(())
}
