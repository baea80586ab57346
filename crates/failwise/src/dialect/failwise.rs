//! The canonical dialect: the v1 envelope itself, [`Envelope`].
//!
//! Reading is [`Envelope::from_value`] with every invariant checked; writing is the envelope's
//! own serialization. Nothing is lost or inferred either way.

use serde_json::Value;

use super::{Context, Dialect, DialectError};
use crate::envelope::Envelope;

/// Reads a canonical envelope. The context is not consulted: a canonical envelope already
/// states its exit status and verdict.
///
/// # Errors
///
/// [`DialectError`] carrying the [`crate::ReadError`]'s JSON Pointer and message.
pub fn read(value: &Value, _context: &Context) -> Result<Envelope, DialectError> {
    Envelope::from_value(value).map_err(|e| DialectError::from_read(Dialect::Failwise, &e))
}

/// Writes the envelope as it is.
pub fn write(envelope: &Envelope) -> Value {
    serde_json::to_value(envelope).unwrap_or(Value::Null)
}
