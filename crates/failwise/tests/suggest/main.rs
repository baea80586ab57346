//! Integration tests of near-miss search: `nearby`, `candidates`, paths.

mod candidates;
#[cfg(feature = "clap")]
mod clap;
mod floor;
mod linear;
mod nearby;
mod paths;
mod props;
