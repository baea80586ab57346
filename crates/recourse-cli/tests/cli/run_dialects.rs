//! `recourse run` answers with the envelope a tool printed in any dialect, normalized, with
//! `source.dialect` and the original code kept.

use std::process::{Command, Stdio};

use crate::support::envelope;

fn run_sh(script: &str) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_recourse"))
        .args(["run", "--", "sh", "-c", script])
        .stdin(Stdio::null())
        .env_remove("NO_COLOR")
        .env("LC_ALL", "C")
        .output()
        .expect("the binary runs");
    (
        out.status.code().expect("exited"),
        String::from_utf8(out.stdout).expect("UTF-8"),
    )
}

#[test]
fn a_sqlite_graphrag_envelope_on_stdout_is_the_answer() {
    let (status, stdout) = run_sh(
        r#"echo '{"error":true,"code":4,"message":"memory not found: design-auth","error_class":"permanent","retryable":false,"suggestion":"verify the name with `list --json`"}'; echo 'done'; exit 4"#,
    );
    assert_eq!(status, 4);
    let e = envelope(&stdout);
    assert_eq!(e["code"], "NOT_FOUND");
    assert_eq!(e["exit"], 4);
    assert_eq!(e["recovery"], "verify the name with `list --json`");
    assert_eq!(
        e["source"],
        serde_json::json!({"dialect": "sqlite-graphrag", "code": 4})
    );
}

#[test]
fn a_json_rpc_error_on_stderr_after_a_log_prefix_is_the_answer() {
    let (status, stdout) = run_sh(
        r#"echo 'WARN {"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":1}' >&2; echo 'still running' >&2; exit 1"#,
    );
    assert_eq!(status, 1);
    let e = envelope(&stdout);
    assert_eq!(e["code"], "METHOD_NOT_FOUND");
    assert_eq!(
        e["source"],
        serde_json::json!({"dialect": "json-rpc", "code": -32601})
    );
}
