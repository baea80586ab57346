//! `failwise mcp` as a relay: a session without failures passes byte for byte both ways
//! (a recording tap on each side of the proxy, the SDK's client and FastMCP server at the
//! ends), injected faults fall on the same calls for the same seed, the proxy ends with the
//! server's exit status, and a server line that is no JSON-RPC message is logged, not passed.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::support;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cli/mcp");

#[test]
fn a_session_without_failures_is_relayed_byte_for_byte_both_ways() {
    let Some(python) = support::venv_python("mcp1") else {
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (client_side, server_side) = (dir.path().join("client"), dir.path().join("server"));
    let tap = Path::new(DIR).join("tap.py");
    let out = Command::new(&python)
        .arg(Path::new(DIR).join("client.py"))
        .args(["passthrough", "--"])
        .arg(&python)
        .arg(&tap)
        .arg(&client_side)
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_failwise"))
        .args(["mcp", "--"])
        .arg(&python)
        .arg(&tap)
        .arg(&server_side)
        .arg("--")
        .arg(&python)
        .arg(Path::new(DIR).join("server.py"))
        .output()
        .expect("the client runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("the model said: forty-two"), "{stdout}");
    let read =
        |side: &Path, way: &str| std::fs::read(side.with_extension(way)).expect("the tap recorded");
    let up = read(&client_side, "up");
    let down = read(&client_side, "down");
    assert_eq!(up, read(&server_side, "up"), "client to server");
    assert_eq!(down, read(&server_side, "down"), "server to client");
    let text = String::from_utf8_lossy(&down);
    // The session held notifications and a request from the server to the client.
    for method in ["notifications/message", "sampling/createMessage"] {
        assert!(text.contains(method), "no {method} in {text}");
    }
    assert!(String::from_utf8_lossy(&up).contains("\"method\":\"ping\""));
}

/// The outcome of each call of the `inject` scenario: `ok`, or the code and the fault marked.
fn injected(python: &Path, seed: &str, calls: usize) -> (Vec<String>, usize) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let counts = dir.path().join("counts");
    let out = Command::new(python)
        .arg(Path::new(DIR).join("client.py"))
        .args(["inject", &calls.to_string(), "--"])
        .arg(env!("CARGO_BIN_EXE_failwise"))
        .args([
            "mcp",
            "--inject",
            "rate_limit=0.15,timeout=0.1,unknown=0.15,crash=0.1",
            "--call-timeout",
            "2500ms",
            "--seed",
            seed,
            "--",
        ])
        .arg(python)
        .arg(Path::new(DIR).join("server.py"))
        .env("MCP_TEST_COUNTS", &counts)
        .output()
        .expect("the client runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    let outcomes: Vec<String> = stdout
        .lines()
        .map(|line| {
            let call: Value = serde_json::from_str(line).expect("JSON");
            let envelope = if call.get("error").is_some() {
                call["error"]["data"]["failwise/envelope"].clone()
            } else if call["isError"] == true {
                call["meta"]["failwise/envelope"].clone()
            } else {
                return "ok".to_owned();
            };
            let envelope = support::envelope(&envelope.to_string());
            let fault = envelope["params"]["injected"].as_str().unwrap_or("real");
            assert!(
                stderr.contains(&format!("injected {fault} into the call of echo")),
                "{stderr}"
            );
            format!("{}:{fault}", envelope["code"].as_str().unwrap())
        })
        .collect();
    assert_eq!(outcomes.len(), calls);
    let counted = std::fs::read_to_string(counts)
        .unwrap_or_default()
        .lines()
        .count();
    (outcomes, counted)
}

#[test]
fn injected_faults_fall_on_the_same_calls_for_the_same_seed() {
    let Some(python) = support::venv_python("mcp1") else {
        return;
    };
    let (first, counted) = injected(&python, "11", 30);
    let (again, _) = injected(&python, "11", 30);
    assert_eq!(first, again);
    let (other, _) = injected(&python, "12", 30);
    assert_ne!(first, other);
    let kinds = |o: &[String], k: &str| o.iter().filter(|c| c.as_str() == k).count();
    for kind in [
        "HTTP_429:rate_limit",
        "MCP_CALL_TIMEOUT:timeout",
        "MCP_ANSWER_LOST:unknown",
        "MCP_SERVER_EXITED:crash",
    ] {
        assert!(kinds(&first, kind) > 0, "no {kind} in {first:?}");
    }
    assert!(
        first
            .iter()
            .all(|o| o == "ok" || o.contains(':') && !o.ends_with(":real"))
    );
    // A rate limit never reaches the server; an unknown and a timeout ran there; a crash may.
    let rate = kinds(&first, "HTTP_429:rate_limit");
    let crash = kinds(&first, "MCP_SERVER_EXITED:crash");
    assert!(
        counted <= 30 - rate && counted >= 30 - rate - crash,
        "{counted} {first:?}"
    );
    // After a crash the server was started again: a later call succeeds.
    let crash_at = first.iter().position(|o| o.ends_with(":crash")).unwrap();
    assert!(first[crash_at..].iter().any(|o| o == "ok"), "{first:?}");
}

#[test]
fn the_proxy_ends_with_the_server_status_and_drops_what_is_no_message() {
    let Some(python) = support::venv_python("mcp1") else {
        return;
    };
    let server = Path::new(DIR).join("server.py");
    let mut child = Command::new(env!("CARGO_BIN_EXE_failwise"))
        .args([
            "mcp",
            "--",
            "sh",
            "-c",
            "echo 'this is no JSON-RPC'; exec \"$0\" \"$@\"",
        ])
        .arg(&python)
        .arg(&server)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the proxy starts");
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut send = |value: Value| writeln!(stdin, "{value}").expect("the proxy reads");
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"}}}),
    );
    let first: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    assert_eq!(
        first["id"], 1,
        "the first line the client sees is the answer: {first}"
    );
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    send(json!({"jsonrpc": "2.0", "id": "d", "method": "tools/call",
        "params": {"name": "die", "arguments": {"status": 7}}}));
    let answer: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    assert_eq!(answer["id"], "d");
    assert_eq!(
        answer["error"]["data"]["failwise/envelope"]["code"],
        "MCP_SERVER_EXITED"
    );
    assert_eq!(
        answer["error"]["data"]["failwise/envelope"]["params"]["id"],
        "d"
    );
    let status = child.wait().expect("the proxy ends");
    assert_eq!(status.code(), Some(7));
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(
        stderr.contains("not a JSON-RPC message: this is no JSON-RPC"),
        "{stderr}"
    );
}

/// `failwise mcp FLAGS… -- sh -c SCRIPT`, its three streams piped.
fn proxy_of_sh(flags: &[&str], script: &str) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_failwise"))
        .arg("mcp")
        .args(flags)
        .args(["--", "sh", "-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the proxy starts")
}

/// A server whose answers hold a lone surrogate escape (as JavaScript writes a string cut inside
/// an emoji), one of them a failure naming a 503 with `Retry-After`; each request read, then
/// one answer printed, in order.
const SURROGATES: &str = r#"read a; printf '%s\n' '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 12\r\n\r\nbusy \ud83d"}],"isError":true}}'; read b; printf '%s\n' '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"ok \ud83d"}]}}'; read c; printf '%s\n' '{"jsonrpc":"2.0","id":3,"result":{"content":[]}}'"#;

#[test]
fn answers_with_lone_surrogates_are_followed_and_one_tools_wait_is_not_another_tools() {
    // A limit past what the clock can say is no limit, not a panic.
    let mut child = proxy_of_sh(&["--call-timeout", "18446744073709551615s"], SURROGATES);
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let call = |id: u32, tool: &str| json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": {}}});
    writeln!(stdin, "{}", call(1, "fetch")).unwrap();
    let failed: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    let envelope = &failed["result"]["_meta"]["failwise/envelope"];
    assert_eq!(envelope["code"], "HTTP_503", "{failed}");
    assert_eq!(envelope["retry_after_ms"], 12_000);
    writeln!(stdin, "{}", call(2, "echo")).unwrap();
    let passed = lines.next().unwrap().unwrap();
    assert_eq!(
        passed,
        r#"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"ok \ud83d"}]}}"#,
        "a success is passed byte for byte"
    );
    // Another tool of the same server is sent at once: the wait was the fetch tool's.
    writeln!(stdin, "{}", call(3, "list")).unwrap();
    let third: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    assert_eq!(
        third,
        json!({"jsonrpc":"2.0","id":3,"result":{"content":[]}})
    );
    drop(stdin);
    let out = child.wait_with_output().expect("the proxy ends");
    assert_eq!(out.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn a_signal_sent_to_the_proxy_stops_the_server_and_the_proxy_ends_with_its_status() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pid_file = dir.path().join("server.pid");
    let script = format!(
        "echo $$ > '{}'; trap 'exit 7' TERM; while :; do sleep 0.05; done",
        pid_file.display()
    );
    let mut child = proxy_of_sh(&[], &script);
    let started = std::time::Instant::now();
    while !pid_file.exists() && started.elapsed().as_secs() < 10 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let server_pid = std::fs::read_to_string(&pid_file).expect("the server started");
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    let status = child.wait().expect("the proxy ends");
    assert_eq!(status.code(), Some(7), "the server's own status");
    // The server is gone, not left behind under another parent.
    let alive = Command::new("kill")
        .args(["-0", server_pid.trim()])
        .stderr(Stdio::null())
        .status()
        .expect("kill -0");
    assert!(!alive.success(), "the server {server_pid} still runs");
}

#[test]
fn a_request_waiting_when_the_server_exits_is_answered() {
    let mut child = proxy_of_sh(&[], "read request; exit 3");
    let mut stdin = child.stdin.take().unwrap();
    let request = json!({"jsonrpc": "2.0", "id": "r-5", "method": "resources/read", "params": {"uri": "file:///x"}});
    writeln!(stdin, "{request}").unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let answer: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    assert_eq!(answer["id"], "r-5", "{answer}");
    let envelope = support::envelope(&answer["error"]["data"]["failwise/envelope"].to_string());
    assert_eq!(envelope["code"], "MCP_SERVER_EXITED");
    assert_eq!(envelope["retry"], "unknown");
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(3));
}
