//! Integration tests of the `recourse` binary, run as a user would.

mod support;
mod usage;
