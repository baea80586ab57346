//! Dialect readers and writers, tested as a consumer would: against the shared corpus of real
//! failure outputs and against each dialect's own schema.

mod corpus;
#[path = "../shared/envelopes.rs"]
mod envelopes;
mod google_rpc;
mod human_form;
mod normalize;
mod reference;
mod round_trip;
mod seed_schemas;
