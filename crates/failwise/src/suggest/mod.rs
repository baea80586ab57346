//! Near-miss search: what the caller meant when a name or a match failed (the envelope's
//! `nearby` and `candidates`), fast enough to run on every failed match.
//!
//! - [`nearby`](fn@nearby) / [`Vocabulary`]: did-you-mean for a word (a subcommand, flag,
//!   config key, tool or file name) against a vocabulary, ranked, usable as is.
//! - [`candidates`](fn@candidates) / [`regions`]: the regions of a file that a failed match (an
//!   edit's old text) most nearly names, with line, column, similarity, strategy and a diff
//!   preview; nothing under [`SIMILARITY_FLOOR`], and a search bounded by [`SEARCH_BUDGET`].
//! - [`nearby_paths`]: the closest existing paths to a missing file, under a root.

//!
//! The did-you-mean rules live in `failwise-spelling`, which `#[derive(Catalog)]` shares, so
//! that a misspelt attribute key is ranked as every other near miss.

mod banded;
mod candidates;
mod fuzzy;
mod lcs;
mod lines;
mod paths;

pub use candidates::{
    DEFAULT_CANDIDATES, PREVIEW_MAX_CHARS, PREVIEW_MAX_LINES, Regions, candidates,
    candidates_with_limit, regions, regions_with_budget,
};
pub use failwise_spelling::{DEFAULT_LIMIT, MIN_PREFIX, Reason, Suggestion, Vocabulary, nearby};
pub use fuzzy::{RUNNER_UP_MARGIN, SEARCH_BUDGET, SIMILARITY_FLOOR, Work};
pub use paths::{MAX_WALK_DEPTH, MAX_WALK_ENTRIES, NearbyPaths, nearby_paths};
