//! Dialect readers and writers, tested as a consumer would: against the shared corpus of real
//! failure outputs and against each dialect's own schema.

mod corpus;
mod google_rpc;
mod normalize;
mod reference;
mod round_trip;
