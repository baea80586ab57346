//! What `failwise normalize --to json-rpc`, `--to mcp-tool-result` and `--to problem+json`
//! write, read by the parsers their consumers use: the MCP Python SDK's pydantic models (1.x
//! and 2.x, `scripts/python/mcp1.txt` and `mcp2.txt`) and fastapi-rfc9457's RFC 9457 client
//! parser (`scripts/python/problem_details.txt`), over every envelope of the shared generator
//! (`crates/failwise/tests/shared/envelopes.rs`) and the failed tool results MCP servers send.
//!
//! fastapi-rfc9457 is the problem-details parser chosen: it is the one maintained library on
//! PyPI with a client-side parser of RFC 9457 documents (`parse_problem` over a pydantic
//! `ProblemDetail` model that keeps extension members), typed (`status: int`), released in
//! 2026, with no web framework needed to parse; `rfc9457` only builds problems to raise, and
//! `http-apis-problems-detail` models one registry's problems rather than the RFC's members.
//!
//! The scripts the interpreters run are files beside this one, under `python/`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use failwise::{Envelope, ErrorClass, Retry};
use serde_json::Value;

use crate::envelopes;
use crate::support::venv_python;

/// How many generated envelopes each check reads.
const COUNT: usize = 400;

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cli/python")
        .join(name)
}

/// Runs `program` with `args`, `input` on its stdin; its stdout, after checking it exited 0.
pub(crate) fn run_with_input(program: &Path, args: &[&str], input: &[u8]) -> String {
    let mut child = Command::new(program)
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("it runs");
    feeder.join().expect("the feeder").expect("stdin written");
    assert!(
        out.status.success(),
        "{} {args:?}: {}\n{}",
        program.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The generated envelopes, plus those whose source is a failed tool result (with a string, an
/// integer and no request id), so that every form of the json-rpc writer is met.
fn envelopes() -> Vec<Envelope> {
    let mut all = envelopes::batch(COUNT);
    let pairs: std::collections::BTreeSet<(ErrorClass, Retry)> =
        all.iter().map(|e| (e.error_class(), e.retry())).collect();
    let every: std::collections::BTreeSet<(ErrorClass, Retry)> = ErrorClass::ALL
        .into_iter()
        .flat_map(|c| [Retry::Yes, Retry::No, Retry::Unknown].map(|r| (c, r)))
        .filter(|(c, r)| c.allows(*r))
        .collect();
    assert_eq!(pairs, every, "the batch holds every verdict");
    for id in [Value::from("req-7"), Value::from(42), Value::Null] {
        let tool = failwise::Source {
            dialect: String::from("mcp-tool-result"),
            code: None,
        };
        let draft = Envelope::draft(
            failwise::Code::new("MCP_TOOL_ERROR").expect("code"),
            failwise::ExitStatus::FAILURE,
            "invalid departure date",
        )
        .verdict(failwise::Verdict::ambiguous())
        .source(tool);
        let draft = if id.is_null() {
            draft
        } else {
            draft.param("id", id)
        };
        all.push(
            draft
                .with_recovery("pass a date in the future")
                .expect("recovery"),
        );
    }
    all
}

/// The envelopes as canonical lines, normalized by the binary to `to`: one output line each.
fn normalized(envelopes: &[Envelope], to: &str) -> String {
    let mut input = String::new();
    for envelope in envelopes {
        input.push_str(&envelope.to_json_line());
        input.push('\n');
    }
    let out = run_with_input(
        Path::new(env!("CARGO_BIN_EXE_failwise")),
        &["normalize", "--to", to],
        input.as_bytes(),
    );
    assert_eq!(
        out.lines().count(),
        envelopes.len(),
        "one line per envelope"
    );
    out
}

/// Runs `script` (with `args`) under the interpreter of environment `venv` over `lines`; its
/// report.
fn report(venv: &str, script_name: &str, args: &[&str], lines: &str) -> Option<Value> {
    let python = venv_python(venv)?;
    let path = script(script_name);
    let mut all = vec![path.to_str().expect("a UTF-8 path")];
    all.extend_from_slice(args);
    let out = run_with_input(&python, &all, lines.as_bytes());
    Some(serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}")))
}

/// The lines of `--to json-rpc` output whose request id is known (not null).
fn with_known_id(lines: &str) -> usize {
    lines
        .lines()
        .filter(|l| {
            let v: Value = serde_json::from_str(l).expect("JSON");
            !v["id"].is_null()
        })
        .count()
}

fn assert_clean(report: &Value, checked: usize) {
    assert_eq!(report["failures"], Value::Array(Vec::new()), "{report}");
    assert_eq!(report["checked"].as_u64(), Some(checked as u64), "{report}");
}

#[test]
fn json_rpc_lines_are_messages_the_mcp_sdks_accept() {
    let envelopes = envelopes();
    let lines = normalized(&envelopes, "json-rpc");
    let known = with_known_id(&lines);
    assert!(known >= 3 && known < envelopes.len(), "{known} known ids");
    // Tool results stay tool results where the id is known.
    assert!(lines.lines().any(|l| l.contains("\"result\":{")), "{lines}");
    if let Some(report) = report("mcp1", "mcp_models.py", &["json-rpc"], &lines) {
        // 1.x refuses a null id; every line with a known id is a message it accepts.
        assert_clean(&report, known);
        assert_eq!(
            report["null_ids"].as_u64(),
            Some((envelopes.len() - known) as u64)
        );
    }
    if let Some(report) = report("mcp2", "mcp_models.py", &["json-rpc"], &lines) {
        assert_clean(&report, envelopes.len());
    }
}

#[test]
fn mcp_tool_results_are_call_tool_results_the_mcp_sdks_accept() {
    let envelopes = envelopes();
    let lines = normalized(&envelopes, "mcp-tool-result");
    for venv in ["mcp1", "mcp2"] {
        if let Some(report) = report(venv, "mcp_models.py", &["tool-result"], &lines) {
            assert_clean(&report, envelopes.len());
        }
    }
}

/// Failed tool results as MCP servers send them (a JSON-RPC response around a `CallToolResult`,
/// eval-mock's record in its text) are written back by `--to json-rpc` as tool results, answering
/// the same request.
#[test]
fn a_failed_tool_result_stays_a_tool_result_for_its_request() {
    let input = concat!(
        r#"{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"Invalid departure date: must be in the future."}],"isError":true}}"#,
        "\n",
        r#"{"jsonrpc":"2.0","id":"a-9","result":{"content":[{"type":"text","text":"{\"error\":{\"code\":\"TIME_CONFLICT\",\"message\":\"overlapping window\",\"hint\":\"pick another slot\",\"location\":null}}"}],"isError":true}}"#,
        "\n",
    );
    let out = run_with_input(
        Path::new(env!("CARGO_BIN_EXE_failwise")),
        &["normalize", "--to", "json-rpc"],
        input.as_bytes(),
    );
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(
        (&lines[0]["id"], &lines[1]["id"]),
        (&Value::from(4), &Value::from("a-9"))
    );
    for line in &lines {
        assert_eq!(line["result"]["isError"], true, "{line}");
        assert!(line.get("error").is_none(), "{line}");
    }
    assert_eq!(
        lines[1]["result"]["structuredContent"]["code"],
        "TIME_CONFLICT"
    );
    for venv in ["mcp1", "mcp2"] {
        if let Some(report) = report(venv, "mcp_models.py", &["json-rpc"], &out) {
            assert_clean(&report, 2);
        }
    }
}

#[test]
fn problems_with_a_status_are_what_an_rfc_9457_parser_reads() {
    let envelopes = envelopes();
    let lines = normalized(&envelopes, "problem+json");
    let with_status = lines
        .lines()
        .filter(|l| {
            let v: Value = serde_json::from_str(l).expect("JSON");
            v.get("status").is_some()
        })
        .count();
    // Only a source's HTTP status is written: some have one, most do not.
    assert!(
        with_status >= 10 && with_status < envelopes.len() / 2,
        "{with_status}"
    );
    if let Some(report) = report("problem_details", "problem_details.py", &[], &lines) {
        assert_clean(&report, with_status);
        assert_eq!(
            report["without_status"].as_u64(),
            Some((envelopes.len() - with_status) as u64)
        );
    }
}
