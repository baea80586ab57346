//! Integration tests of near-miss search: `nearby`, `candidates`, paths.

mod candidates;
#[cfg(feature = "clap")]
mod clap;
mod linear;
mod nearby;
mod paths;
mod props;
