//! `failwise mcp` against the real MCP Python SDK: a FastMCP server (`mcp/server.py`) whose
//! tools fail in each way, driven by the SDK's own `ClientSession` over stdio (`mcp/client.py`)
//! through the proxy; what the client receives is asserted, and what the server saw is read
//! from the calls it counted.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::support;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cli/mcp");

/// What one scenario printed: the client's lines by label, the calls the server counted, and
/// the client's stderr (the proxy's and the server's stderr pass through to it).
struct Session {
    calls: Vec<Value>,
    counted: Vec<String>,
    stderr: String,
}

impl Session {
    fn get(&self, label: &str) -> &Value {
        self.calls
            .iter()
            .find(|c| c["label"] == label)
            .unwrap_or_else(|| panic!("no {label} in {:?}", self.calls))
    }

    fn count(&self, tool: &str) -> usize {
        self.counted.iter().filter(|t| *t == tool).count()
    }
}

/// Runs `client.py SCENARIO EXTRA…` against `failwise mcp PROXY_ARGS… -- python server.py`.
fn session(python: &Path, scenario: &str, extra: &[&str], proxy_args: &[&str]) -> Session {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let counts = dir.path().join("counts");
    let mut command = Command::new(python);
    command
        .arg(Path::new(DIR).join("client.py"))
        .arg(scenario)
        .args(extra)
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_failwise"))
        .arg("mcp")
        .args(proxy_args)
        .arg("--")
        .arg(python)
        .arg(Path::new(DIR).join("server.py"))
        .env("MCP_TEST_COUNTS", &counts)
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests");
    let out = command.output().expect("the client runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let calls = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("the client prints JSON"))
        .collect();
    let counted = std::fs::read_to_string(&counts)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect();
    Session {
        calls,
        counted,
        stderr,
    }
}

/// The envelope a client received in a tool result's `_meta` or an error's `data`, checked
/// against the committed schema and the strict reader.
fn envelope_of(call: &Value) -> Value {
    let envelope = if call.get("error").is_some() {
        &call["error"]["data"]["failwise/envelope"]
    } else {
        &call["meta"]["failwise/envelope"]
    };
    support::envelope(&envelope.to_string())
}

fn python() -> Option<PathBuf> {
    support::venv_python("mcp1")
}

#[test]
fn failed_tool_results_keep_their_content_and_gain_the_envelope_twice() {
    let Some(python) = python() else { return };
    let session = session(&python, "failures", &[], &[]);

    let boom = session.get("boom");
    assert_eq!(boom["isError"], true);
    let content = boom["content"].as_array().unwrap();
    assert_eq!(content.len(), 2, "{boom}");
    assert_eq!(
        content[0]["text"],
        "Error executing tool boom: kaboom: disk"
    );
    let envelope = envelope_of(boom);
    assert_eq!(envelope["code"], "MCP_TOOL_ERROR");
    assert_eq!(envelope["retry"], "unknown");
    assert_eq!(envelope["params"]["tool"], "boom");
    assert!(envelope["params"]["id"].is_number(), "{envelope}");
    assert_eq!(envelope["params"]["call"].as_str().map(str::len), Some(32));
    assert!(
        !envelope.to_string().contains("\"disk\""),
        "the arguments are not copied in: {envelope}"
    );
    let line = content[1]["text"].as_str().unwrap();
    assert!(
        line.starts_with("failwise: MCP_TOOL_ERROR (ambiguous, retry: unknown)"),
        "{line}"
    );
    assert!(
        line.ends_with(envelope["recovery"].as_str().unwrap()),
        "{line}"
    );

    // An HTTP body inside the tool's error text decides the verdict.
    let rate = session.get("rate");
    let envelope = envelope_of(rate);
    assert_eq!(envelope["code"], "HTTP_429");
    assert_eq!(envelope["retry"], "yes");
    assert_eq!(envelope["retry_after_ms"], 1000);
    assert!(
        rate["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("HTTP/1.1 429 Too Many Requests\nRetry-After: 1")
    );
    assert!(
        rate["content"][1]["text"]
            .as_str()
            .unwrap()
            .contains("retry: yes after 1000 ms")
    );

    let unknown = session.get("unknown_tool");
    assert_eq!(unknown["content"][0]["text"], "Unknown tool: no_such_tool");
    assert_eq!(envelope_of(unknown)["code"], "MCP_TOOL_ERROR");

    // Invalid params: pydantic's validation error type is the code, and the verdict is no.
    let invalid = envelope_of(session.get("invalid_params"));
    assert_eq!(invalid["code"], "INT_PARSING");
    assert_eq!(invalid["retry"], "no");
    assert_eq!(invalid["params"]["tool"], "add");

    // A tool's 429 holds neither that tool's nor any other tool's next call.
    let echo = session.get("echo");
    assert_eq!(echo["isError"], false);
    assert_eq!(
        echo["content"],
        serde_json::json!([{"type": "text", "text": "fine"}])
    );
    assert_eq!(echo["meta"], Value::Null);
    // The calls reached the server (the one with invalid params failed before the tool ran).
    assert_eq!(
        session.count("boom") + session.count("rate") + session.count("echo"),
        3
    );
}

#[test]
fn the_guard_refuses_the_fourth_identical_failing_call_without_the_server_seeing_it() {
    let Some(python) = python() else { return };
    let session = session(&python, "guard", &[], &[]);
    for label in ["boom1", "boom2", "boom3"] {
        assert_eq!(envelope_of(session.get(label))["code"], "MCP_TOOL_ERROR");
    }
    let refused = session.get("boom4");
    assert_eq!(refused["isError"], true);
    let envelope = envelope_of(refused);
    assert_eq!(envelope["code"], "REPEATED_FAILURE");
    assert_eq!(envelope["params"]["count"], 3);
    let recovery = envelope["recovery"].as_str().unwrap();
    assert!(recovery.contains("\"failwise/force\": true"), "{recovery}");
    assert_eq!(refused["content"].as_array().unwrap().len(), 1);
    // A changed argument and a forced call reach the server; the refused one did not.
    assert_eq!(
        envelope_of(session.get("changed"))["code"],
        "MCP_TOOL_ERROR"
    );
    assert_eq!(envelope_of(session.get("forced"))["code"], "MCP_TOOL_ERROR");
    assert_eq!(session.count("boom"), 5, "{:?}", session.counted);

    let off = self::session(&python, "guard", &[], &["--guard", "off"]);
    assert_eq!(envelope_of(off.get("boom4"))["code"], "MCP_TOOL_ERROR");
    assert_eq!(off.count("boom"), 6);
}

#[test]
fn a_server_that_dies_mid_call_answers_the_call_with_an_effect_unknown_envelope() {
    let Some(python) = python() else { return };
    let session = session(&python, "crash", &[], &[]);
    assert_eq!(session.get("echo")["isError"], false);
    let died = session.get("die");
    assert_eq!(died["error"]["code"], -32000);
    let envelope = envelope_of(died);
    assert_eq!(envelope["code"], "MCP_SERVER_EXITED");
    assert_eq!(
        (&envelope["error_class"], &envelope["retry"]),
        (&"transient".into(), &"unknown".into())
    );
    assert_eq!(envelope["params"]["server_exit"], 3);
    assert_eq!(envelope["params"]["tool"], "die");
    assert_eq!(died["error"]["message"], envelope["message"]);
    assert!(
        session.stderr.contains("server: exiting mid-call"),
        "{}",
        session.stderr
    );
}

#[test]
fn a_call_past_the_call_timeout_is_answered_and_the_late_answer_dropped() {
    let Some(python) = python() else { return };
    let session = session(&python, "timeout", &[], &["--call-timeout", "400ms"]);
    let slow = session.get("slow");
    assert_eq!(slow["error"]["code"], -32001);
    let envelope = envelope_of(slow);
    assert_eq!(envelope["code"], "MCP_CALL_TIMEOUT");
    assert_eq!(envelope["retry"], "unknown");
    assert_eq!(envelope["params"]["timeout_ms"], 400);
    assert_eq!(session.get("echo")["content"][0]["text"], "after");
    assert!(
        session
            .stderr
            .contains("dropped the server's answer to request"),
        "{}",
        session.stderr
    );
}
