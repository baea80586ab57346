//! Near-miss search: what the caller meant when a name or a match failed (the envelope's
//! `nearby` and `candidates`), fast enough to run on every failed match.
//!
//! - [`nearby`](fn@nearby) / [`Vocabulary`]: did-you-mean for a word (a subcommand, flag,
//!   config key, tool or file name) against a vocabulary, ranked, usable as is.
//! - [`candidates`](fn@candidates): the regions of a file that a failed match (an edit's old
//!   text) most nearly names, with line, column, similarity, strategy and a diff preview.
//! - [`nearby_paths`]: the closest existing paths to a missing file, under a root.

//!
//! The did-you-mean rules live in `failwise-spelling`, which `#[derive(Catalog)]` shares, so
//! that a misspelt attribute key is ranked as every other near miss.

mod candidates;
mod fuzzy;
mod lines;
mod paths;

pub use candidates::{
    DEFAULT_CANDIDATES, PREVIEW_MAX_CHARS, PREVIEW_MAX_LINES, candidates, candidates_with_limit,
};
pub use failwise_spelling::{DEFAULT_LIMIT, MIN_PREFIX, Reason, Suggestion, Vocabulary, nearby};
pub use fuzzy::RUNNER_UP_MARGIN;
pub use paths::{MAX_WALK_DEPTH, MAX_WALK_ENTRIES, NearbyPaths, nearby_paths};
