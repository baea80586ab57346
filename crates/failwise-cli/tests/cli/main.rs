//! Integration tests of the `failwise` binary, run as a user would.

mod catalog;
mod catalog_html;
mod color;
#[path = "../../../failwise/tests/shared/envelopes.rs"]
mod envelopes;
mod errors;
mod exit_status;
mod google_rpc;
mod guard;
mod guard_upstream;
mod http_server;
mod json_records;
mod lang;
mod man;
mod normalize;
mod normalize_forms;
mod prepared;
mod progress;
mod real_parsers;
mod rules;
mod rules_user;
mod run;
mod run_dialects;
mod run_interpreter;
mod run_shell_status;
mod run_signals;
mod secrets;
mod secrets_forms;
mod stdin_dash;
mod stdin_streams;
mod stream;
mod suggest;
mod support;
mod usage;
mod validate;
mod verify;
