//! The canonical dialect: the v1 envelope itself, [`Envelope`].
//!
//! Reading is [`Envelope::from_value`] with every invariant checked; writing is the envelope's
//! own serialization. Nothing is lost or inferred either way.
//!
//! The dialects whose records have an open member (a problem's extension members, a JSON-RPC
//! error's `data`) carry the envelope's members there ([`members`]) and read them back
//! ([`from_members`]), so that what the canonical envelope holds crosses them whole.

use serde_json::{Map, Value};

use super::{Context, Dialect, DialectError};
use crate::envelope::Envelope;

/// Every member of the v1 envelope, in wire order ([`crate::envelope::MEMBERS`]).
pub use crate::envelope::MEMBERS;

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

/// The envelope's members as another dialect's open object carries them: every member it has,
/// in wire order, except the discriminator `error` and the members named in `except` (those
/// the dialect writes in members of its own, such as `message`).
pub fn members(envelope: &Envelope, except: &[&str]) -> Map<String, Value> {
    match write(envelope) {
        Value::Object(mut obj) => {
            obj.remove("error");
            for key in except {
                obj.remove(*key);
            }
            obj
        }
        _ => Map::new(),
    }
}

/// The envelope that `obj`, an open object written by [`members`], carries, with `message`
/// (which the dialect holds elsewhere) put back; `None` when `obj` is not one: it lacks a
/// string `code`, `error_class` or `retry`, or what it holds breaks an invariant of the
/// envelope. Only members of the envelope are read ([`MEMBERS`]); `retryable` is derived from
/// `retry` when absent.
pub fn from_members(obj: &Map<String, Value>, message: &str) -> Option<Envelope> {
    let is_string = |key: &str| obj.get(key).is_some_and(Value::is_string);
    if !(is_string("code") && is_string("error_class") && is_string("retry")) {
        return None;
    }
    let mut canonical = Map::new();
    canonical.insert("error".into(), Value::Bool(true));
    for key in MEMBERS {
        if let Some(value) = obj.get(key).filter(|_| key != "error") {
            canonical.insert(key.to_owned(), value.clone());
        }
    }
    canonical.insert("message".into(), Value::String(message.to_owned()));
    if !canonical.contains_key("retryable") {
        let yes = obj.get("retry").and_then(Value::as_str) == Some("yes");
        canonical.insert("retryable".into(), Value::Bool(yes));
    }
    Envelope::from_value(&Value::Object(canonical)).ok()
}
