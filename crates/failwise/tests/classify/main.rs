//! Tests of `failwise::classify`: the shared corpus of real failures, and each rule on the real
//! output of its tool, produced on this machine.

mod corpus;
mod recognition;
mod tools;
