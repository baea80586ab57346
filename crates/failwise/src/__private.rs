//! Paths that `#[derive(Catalog)]` expands to. Not public API: names here change without notice.

pub use crate::catalog::{Catalog, CodeSpec, Retired, Status};
pub use crate::envelope::Params;
pub use crate::verdict::{ErrorClass, Retry};

/// A field's value as a param: its serde JSON form, or `null` when it has none (a map with
/// non-string keys).
pub fn param<T: serde::Serialize + ?Sized>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

/// An empty params map.
pub fn params() -> Params {
    Params::new()
}

/// Inserts one param.
pub fn insert(params: &mut Params, name: &str, value: serde_json::Value) {
    params.insert(name.to_owned(), value);
}
