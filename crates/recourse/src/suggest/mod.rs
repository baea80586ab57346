//! Near-miss search: what the caller meant when a name or a match failed (DESIGN.md §2
//! `nearby`, `candidates`; §8).
//!
//! - [`nearby`] / [`Vocabulary`]: did-you-mean for a word (a subcommand, flag, config key,
//!   tool or file name) against a vocabulary, ranked, usable as is.

mod distance;
mod nearby;

pub use nearby::{DEFAULT_LIMIT, MIN_PREFIX, Reason, Suggestion, Vocabulary, nearby};
