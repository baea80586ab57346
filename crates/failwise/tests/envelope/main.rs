//! Integration tests of the envelope as a consumer sees it: built, written, validated against
//! the committed schema, and read back.

#[path = "../shared/envelopes.rs"]
mod envelopes;
mod invariants;
mod own_texts;
mod roundtrip;
mod schema;
mod support;
