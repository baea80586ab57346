//! Integration tests of near-miss search: `nearby`, `candidates`, paths.

#[cfg(feature = "clap")]
mod clap;
mod linear;
mod nearby;
