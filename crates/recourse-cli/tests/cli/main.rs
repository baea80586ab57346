//! Integration tests of the `recourse` binary, run as a user would.

mod lang;
mod run;
mod secrets;
mod support;
mod usage;
