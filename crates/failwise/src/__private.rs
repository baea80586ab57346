//! Paths that `#[derive(Catalog)]` expands to. Not public API: names here change without notice.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub use crate::catalog::{Catalog, CodeSpec, Retired, Status};
pub use crate::envelope::Params;
pub use crate::verdict::{ErrorClass, Retry};

/// A field's value on its way to becoming a param. The expansion calls
/// `(&Field(value)).to_param()` with both traits below in scope: method resolution picks
/// [`ParamByKind`] for the types people write in another form than their serde one, else
/// [`ParamBySerde`].
pub struct Field<'a, T: ?Sized>(pub &'a T);

/// The param of a value whose serde form is not how people write it.
pub trait ParamByKind {
    /// The value as a param.
    fn to_param(&self) -> serde_json::Value;
}

/// The param of any other value: its serde JSON form, or `null` when it has none (a map with
/// non-string keys).
pub trait ParamBySerde {
    /// The value as a param.
    fn to_param(&self) -> serde_json::Value;
}

impl<T: serde::Serialize + ?Sized> ParamBySerde for &Field<'_, T> {
    fn to_param(&self) -> serde_json::Value {
        serde_json::to_value(self.0).unwrap_or(serde_json::Value::Null)
    }
}

impl ParamByKind for Field<'_, Duration> {
    fn to_param(&self) -> serde_json::Value {
        crate::catalog::template::duration_text(*self.0).into()
    }
}

macro_rules! lossy_text {
    ($($ty:ty),*) => {$(
        impl ParamByKind for Field<'_, $ty> {
            fn to_param(&self) -> serde_json::Value {
                AsRef::<OsStr>::as_ref(self.0).to_string_lossy().into_owned().into()
            }
        }
    )*};
}
lossy_text!(Path, PathBuf, OsStr, OsString);

/// A field marked as the wait before a retry, in milliseconds.
pub trait RetryAfter {
    /// The wait in whole milliseconds (a `Duration` rounded up), or `None` for no wait.
    fn retry_after_ms(&self) -> Option<u64>;
}

macro_rules! wait_in_ms {
    ($($ty:ty),*) => {$(
        impl RetryAfter for $ty {
            fn retry_after_ms(&self) -> Option<u64> {
                u64::try_from(*self).ok()
            }
        }
    )*};
}
wait_in_ms!(u8, u16, u32, u64, usize, i32, i64);

impl RetryAfter for Duration {
    fn retry_after_ms(&self) -> Option<u64> {
        let ms = self.as_nanos().div_ceil(1_000_000);
        Some(u64::try_from(ms).unwrap_or(u64::MAX))
    }
}

impl<T: RetryAfter> RetryAfter for Option<T> {
    fn retry_after_ms(&self) -> Option<u64> {
        self.as_ref().and_then(RetryAfter::retry_after_ms)
    }
}

impl<T: RetryAfter + ?Sized> RetryAfter for &T {
    fn retry_after_ms(&self) -> Option<u64> {
        (**self).retry_after_ms()
    }
}

/// A source field as `&dyn Error`: any error type, and the boxed `dyn Error`s (reached through
/// method-call dereferencing).
pub trait AsDynError<'a> {
    /// The error as a trait object.
    fn as_dyn_error(&self) -> &(dyn std::error::Error + 'a);
}

impl<'a, T: std::error::Error + 'a> AsDynError<'a> for T {
    fn as_dyn_error(&self) -> &(dyn std::error::Error + 'a) {
        self
    }
}

impl<'a> AsDynError<'a> for dyn std::error::Error + 'a {
    fn as_dyn_error(&self) -> &(dyn std::error::Error + 'a) {
        self
    }
}

impl<'a> AsDynError<'a> for dyn std::error::Error + Send + 'a {
    fn as_dyn_error(&self) -> &(dyn std::error::Error + 'a) {
        self
    }
}

impl<'a> AsDynError<'a> for dyn std::error::Error + Send + Sync + 'a {
    fn as_dyn_error(&self) -> &(dyn std::error::Error + 'a) {
        self
    }
}

/// `Display` for a catalog value: its message template rendered from its params, the
/// envelope's `message`.
pub fn display<C: Catalog + ?Sized>(
    value: &C,
    f: &mut std::fmt::Formatter<'_>,
) -> std::fmt::Result {
    f.write_str(&crate::catalog::template::render_params(
        value.spec().message,
        &value.params(),
    ))
}

/// An empty params map.
pub fn params() -> Params {
    Params::new()
}

/// Inserts one param.
pub fn insert(params: &mut Params, name: &str, value: serde_json::Value) {
    params.insert(name.to_owned(), value);
}
