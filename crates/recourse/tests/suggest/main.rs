//! Integration tests of near-miss search: `nearby`, `candidates`, paths.

mod linear;
mod nearby;
