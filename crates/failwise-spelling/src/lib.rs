//! The spelling rules failwise and `#[derive(Catalog)]` share, so that the library and the
//! derive answer alike: did-you-mean ranking and `UPPER_SNAKE` codes.
//!
//! - [`nearby`](fn@nearby) / [`Vocabulary`]: the entries of a vocabulary a word most likely
//!   meant, ranked (folded case, `-` and `_`; optimal-string-alignment distance within rustc's
//!   `max(len, 3) / 3`; prefixes; the ties are in the `nearby` docs). failwise re-exports them
//!   as `failwise::suggest`.
//! - [`upper_snake`]: any identifier as an `UPPER_SNAKE` code (`failwise::Code::normalize`).
//!
//! ```
//! assert_eq!(failwise_spelling::nearby("stauts", ["status", "stash"]), ["status"]);
//! assert_eq!(failwise_spelling::upper_snake("fileNotFound", "CODE"), "FILE_NOT_FOUND");
//! ```

#![deny(missing_docs)]

mod case;
mod distance;
mod nearby;
mod trie;

pub use case::upper_snake;
pub use distance::{fold, max_distance};
pub use nearby::{DEFAULT_LIMIT, MIN_PREFIX, Reason, Suggestion, Vocabulary, nearby};

/// The README's example, run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
