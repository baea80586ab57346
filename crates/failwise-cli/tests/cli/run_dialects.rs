//! `failwise run` answers with the envelope a tool printed in any dialect, normalized, with
//! `source.dialect` and the original code kept.

use std::process::{Command, Stdio};

use crate::support::envelope;

fn run_sh(script: &str) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_failwise"))
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

#[test]
fn reported_exit_is_only_an_exit_status_the_record_wrote() {
    // google-rpc carries no exit status: none is reported, whatever the class's default.
    let (status, stdout) = run_sh(
        r#"echo '{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","message":"x"}}'; exit 1"#,
    );
    assert_eq!(status, 1);
    let e = envelope(&stdout);
    assert_eq!(e["exit"], 1);
    assert_eq!(e["error_class"], "transient");
    assert!(e["params"].get("reported_exit").is_none(), "{stdout}");
    // A canonical envelope that wrote exit 75 but exited 1 keeps what it wrote.
    let (status, stdout) = run_sh(
        r#"echo '{"error":true,"code":"DB_LOCKED","exit":75,"message":"database is locked","error_class":"transient","retry":"yes","retryable":true,"recovery":"run it again"}'; exit 1"#,
    );
    assert_eq!(status, 1);
    let e = envelope(&stdout);
    assert_eq!(e["exit"], 1);
    assert_eq!(e["params"]["reported_exit"], 75, "{stdout}");
}
