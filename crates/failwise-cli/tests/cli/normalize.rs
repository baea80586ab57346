//! `failwise normalize` as a user runs it: one output record per input record, in order; each
//! envelope valid against the committed schema; a summary on stderr; the file path (both cores)
//! and the stdin path (streaming) agree.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::support::envelope;

struct Out {
    status: i32,
    stdout: String,
    stderr: String,
}

fn normalize(args: &[&str], stdin: &[u8]) -> Out {
    let mut child = Command::new(env!("CARGO_BIN_EXE_failwise"))
        .arg("normalize")
        .args(args)
        // The language comes from the arguments alone, whatever the machine's locale.
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&bytes));
    let out = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("writer").expect("stdin written");
    Out {
        status: out.status.code().expect("exited"),
        stdout: String::from_utf8(out.stdout).expect("UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8"),
    }
}

const MIXED: &str = r#"{"error":true,"code":4,"message":"memory not found: design-auth"}
{"ok":true,"items":3}
{"code":"E_PROVIDER","action":"call model","subject":"429","nearby":[],"recovery":"wait, then send the request again","retry":"yes","retry_after_ms":1500}
not json at all
2026-11-30T02:31:47Z ERROR {"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":"1"}
{"type":"https://example.com/probs/out-of-credit","title":"You do not have enough credit.","status":403}
{"error":true,"code":"FILE_NOT_FOUND","exit":4,"mess"#;

#[test]
fn a_mixed_stream_gives_one_record_per_line_and_a_summary() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("tool.log");
    std::fs::write(&path, MIXED).expect("write");
    let out = normalize(&[path.to_str().expect("utf-8 path")], b"");
    assert_eq!(
        out.status, 65,
        "a rejected line makes the exit status EX_DATAERR"
    );
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), MIXED.lines().count());
    assert_eq!(
        lines[1], r#"{"ok":true,"items":3}"#,
        "a success line passes through"
    );
    assert_eq!(
        lines[3], "not json at all",
        "a line of text that holds no failure passes through"
    );
    let codes: Vec<String> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 1 && *i != 3)
        .map(|(_, l)| envelope(l)["code"].as_str().expect("code").to_owned())
        .collect();
    assert_eq!(
        codes,
        [
            "NOT_FOUND",
            "E_PROVIDER",
            "METHOD_NOT_FOUND",
            "OUT_OF_CREDIT",
            "UNREADABLE_RECORD"
        ]
    );
    assert_eq!(envelope(lines[6])["params"]["line"], 7);
    insta::assert_snapshot!(
        "normalize_mixed_summary",
        out.stderr.replace(path.to_str().expect("utf-8"), "<FILE>")
    );
    insta::assert_snapshot!(
        "normalize_mixed_stdout",
        out.stdout.replace(path.to_str().expect("utf-8"), "<FILE>")
    );
}

#[test]
fn drop_and_json_summary() {
    let out = normalize(&["--json", "--drop-non-failures", "-"], MIXED.as_bytes());
    assert_eq!(out.stdout.lines().count(), MIXED.lines().count() - 2);
    let summary: serde_json::Value = serde_json::from_str(out.stderr.trim()).expect("JSON summary");
    assert_eq!(
        summary,
        serde_json::json!({"read": 7, "normalized": 4, "passed_through": 0, "dropped": 2, "rejected": 1, "found": 0})
    );
}

#[test]
fn to_writes_the_dialect_and_from_forces_one() {
    let line = r#"{"error":true,"code":75,"message":"all 4 concurrency slots occupied"}"#;
    let out = normalize(&["--to", "problem+json"], line.as_bytes());
    let problem: serde_json::Value = serde_json::from_str(out.stdout.trim()).expect("JSON");
    assert_eq!(problem["code"], "BUSY");
    // sqlite-graphrag knows no HTTP status, so none is invented (RFC 9457 §3.1.2).
    assert_eq!(problem["status"], serde_json::Value::Null);
    assert_eq!(
        failwise::dialect::detect(&problem),
        Some(failwise::dialect::Dialect::ProblemJson)
    );
    let forced = normalize(
        &["--from", "eval-mock"],
        br#"{"code":"TIMEOUT","message":"slow"}"#,
    );
    assert_eq!(envelope(forced.stdout.trim())["retry"], "unknown");
    let bad = normalize(&["--from", "klingon"], b"");
    assert_eq!(bad.status, 2);
    assert!(envelope(bad.stdout.trim())["message"].as_str().is_some());
}

#[test]
fn a_missing_file_is_an_envelope() {
    let out = normalize(&["/no/such/input.ndjson"], b"");
    assert_eq!(out.status, 66);
    let e = envelope(out.stdout.trim());
    assert_eq!(e["code"], "INPUT_UNREADABLE");
    assert_eq!(e["exit"], 66);
    assert_eq!(e["params"]["path"], "/no/such/input.ndjson");
}

#[test]
fn a_missing_file_does_not_stop_the_files_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.ndjson");
    let line = r#"{"error":true,"code":"X","exit":3,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r"}"#;
    std::fs::write(&good, format!("{line}\n")).unwrap();
    let good = good.to_str().unwrap();
    let out = normalize(&[good, "/no/such/input.ndjson", good], b"");
    assert_eq!(out.status, 66, "{}", out.stdout);
    let codes: Vec<String> = out
        .stdout
        .lines()
        .map(|l| envelope(l)["code"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(codes, ["X", "INPUT_UNREADABLE", "X"]);
}

#[test]
fn a_record_that_declares_a_failure_in_an_unknown_shape_is_rejected_not_dropped() {
    for record in [
        r#"{"error":true}"#,
        r#"{"error":{"message":"m","type":"requests"}}"#,
        r#"{"ok":false,"error":42}"#,
        r#"{"kind":"Status","status":"Failure","code":409}"#,
    ] {
        let out = normalize(&["--drop-non-failures"], format!("{record}\n").as_bytes());
        assert_eq!(out.status, 65, "{record}: {}", out.stdout);
        let e = envelope(out.stdout.trim());
        assert_eq!(e["code"], "UNREADABLE_RECORD", "{record}");
    }
    let ok = normalize(&["--drop-non-failures"], b"{\"ok\":true}\n");
    assert_eq!((ok.status, ok.stdout.as_str()), (0, ""));
}

#[test]
fn vendor_http_api_bodies_are_read_and_cannot_be_written() {
    let input = concat!(
        r#"{"ok":false,"error":"ratelimited"}"#,
        "\n",
        r#"{"error":{"message":"quota","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}"#,
        "\n",
        r#"{"kind":"Status","apiVersion":"v1","status":"Failure","message":"pods \"x\" not found","reason":"NotFound","code":404}"#,
        "\n",
    );
    let out = normalize(&[], input.as_bytes());
    assert_eq!(out.status, 0, "{}", out.stdout);
    let got: Vec<(String, String, String)> = out
        .stdout
        .lines()
        .map(|l| {
            let e = envelope(l);
            let s = |k: &str| e[k].as_str().unwrap_or_default().to_owned();
            (
                s("code"),
                s("retry"),
                e["source"]["dialect"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("RATELIMITED".into(), "yes".into(), "slack".into()),
            ("INSUFFICIENT_QUOTA".into(), "no".into(), "openai".into()),
            ("NOT_FOUND".into(), "no".into(), "kubernetes".into()),
        ]
    );
    let refused = normalize(&["--to", "openai"], b"");
    assert_eq!(refused.status, 2, "{}", refused.stdout);
}

#[test]
fn the_file_path_and_the_stdin_path_agree_in_order() {
    // Large enough to be split across threads, with records of every kind in a fixed order.
    let mut input = String::new();
    for i in 0..6000 {
        match i % 4 {
            0 => input.push_str(&format!(
                r#"{{"error":true,"code":4,"message":"memory {i} not found"}}"#
            )),
            1 => input.push_str(&format!(r#"{{"progress":{i}}}"#)),
            2 => input.push_str(&format!(
                r#"{{"jsonrpc":"2.0","error":{{"code":-32602,"message":"bad {i}"}},"id":{i}}}"#
            )),
            _ => input.push_str(&format!("{{garbage {i}")),
        }
        input.push('\n');
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("big.ndjson");
    std::fs::write(&path, &input).expect("write");
    let name = path.to_str().expect("utf-8");
    let from_file = normalize(&[name], b"");
    let from_stdin = normalize(&[], input.as_bytes());
    assert_eq!(from_file.stdout.lines().count(), 6000);
    assert_eq!(
        from_file.stdout.replace(name, "-"),
        from_stdin.stdout,
        "same records, same order"
    );
    let last = envelope(from_file.stdout.lines().last().expect("line"));
    assert_eq!(last["params"]["line"], 6000);
}

/// A pretty-printed vendor body, a record after it, a value that never closes, and a batch.
const MULTI_LINE: &str = r#"{
  "error": {
    "message": "You exceeded your current quota",
    "type": "insufficient_quota",
    "param": null,
    "code": "insufficient_quota"
  }
}
{"ok":true}
{
  "unclosed": [1, 2,
{"error":true,"code":4,"message":"memory not found"}
[
  {"ok": false, "error": "ratelimited"},
  {"progress": 1}
]
"#;

/// What each output line is: a code for an envelope, else the line itself.
fn summaries(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("one JSON value per line");
            match v["error"] {
                serde_json::Value::Bool(true) => format!(
                    "{}@{}",
                    v["code"].as_str().unwrap_or_default(),
                    v["params"]["line"].as_u64().unwrap_or(0)
                ),
                _ => l.to_owned(),
            }
        })
        .collect()
}

#[test]
fn a_pretty_printed_value_is_one_record_and_an_unclosed_one_loses_no_line() {
    let want = [
        "INSUFFICIENT_QUOTA@0",
        r#"{"ok":true}"#,
        "UNREADABLE_RECORD@10",
        "UNREADABLE_RECORD@11",
        "NOT_FOUND@0",
        "RATELIMITED@0",
        r#"{"progress":1}"#,
    ];
    let stdin = normalize(&["--json"], MULTI_LINE.as_bytes());
    assert_eq!(summaries(&stdin.stdout), want, "{}", stdin.stdout);
    assert_eq!(stdin.status, 65);
    let counts: serde_json::Value =
        serde_json::from_str(stdin.stderr.trim()).expect("a JSON summary");
    assert_eq!(
        counts,
        serde_json::json!({"read": 7, "normalized": 3, "passed_through": 2, "dropped": 0, "rejected": 2, "found": 0})
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("pretty.json");
    std::fs::write(&path, MULTI_LINE).expect("written");
    let file = normalize(&["--json", path.to_str().expect("UTF-8")], b"");
    assert_eq!(
        summaries(&file.stdout),
        want,
        "the file and stdin paths agree"
    );
    assert_eq!(file.stderr, stdin.stderr);
}

#[test]
fn a_value_left_open_at_the_end_of_the_input_is_read_line_by_line() {
    let out = normalize(&[], b"{\n  \"a\": 1,\n");
    assert_eq!(out.status, 65);
    assert_eq!(
        summaries(&out.stdout),
        ["UNREADABLE_RECORD@1", "UNREADABLE_RECORD@2"]
    );
}

#[test]
fn failwise_own_sentences_follow_lang_and_the_sources_text_stays() {
    let input = concat!(
        r#"{"isError":true,"content":[]}"#,
        "\n",
        r#"{"error":{"code":"E_PARSE","message":"unexpected token","location":"a.txt:3:4"}}"#,
        "\n",
        "{not json at all\n",
    );
    let en = normalize(&[], input.as_bytes());
    let pt_out = normalize(&["--lang", "pt-BR"], input.as_bytes());
    assert_eq!(en.status, pt_out.status);
    let en: Vec<_> = en.stdout.lines().map(envelope).collect();
    let pt: Vec<_> = pt_out.stdout.lines().map(envelope).collect();
    assert_eq!(pt.len(), 3, "{pt:?}");
    assert_eq!(pt[0]["message"], "a ferramenta relatou um erro sem texto");
    assert_eq!(pt[0]["lang"], "pt-BR");
    // eval-mock's message is the source's; only failwise's fallback recovery is translated,
    // and `lang` is not claimed for a record that is partly the source's text.
    assert_eq!(pt[1]["message"], "unexpected token");
    assert_ne!(pt[1]["recovery"], en[1]["recovery"]);
    assert!(pt[1].get("lang").is_none(), "{}", pt[1]);
    assert!(
        pt[2]["message"]
            .as_str()
            .unwrap_or_default()
            .starts_with("a linha 3 de - não é um registro"),
        "{}",
        pt[2]
    );
    for (en, pt) in en.iter().zip(&pt) {
        assert_eq!(en["code"], pt["code"]);
        assert_eq!(en["params"], pt["params"]);
        assert!(en.get("lang").is_none());
    }
    insta::assert_snapshot!("normalize_own_sentences_pt_br", pt_out.stdout);
}

#[test]
fn an_unknown_dialect_is_a_usage_envelope_with_the_nearest_names() {
    let out = normalize(&["--to", "problm+json"], b"");
    assert_eq!(out.status, 2, "{}", out.stdout);
    let e = envelope(out.stdout.trim());
    assert_eq!(e["code"], "INVALID_VALUE");
    assert_eq!(e["nearby"][0], "problem+json");
    let valid = e["params"]["valid_values"]
        .as_array()
        .expect("the valid values");
    assert!(valid.iter().any(|v| v == "json-rpc"), "{valid:?}");
    assert!(
        !valid.iter().any(|v| v == "openai"),
        "read-only dialects are not written"
    );
    let from = normalize(&["--from", "kubernets"], b"");
    assert_eq!(from.status, 2);
    assert_eq!(envelope(from.stdout.trim())["nearby"][0], "kubernetes");
    let alias = normalize(&["--from", "Problem_JSON"], b"");
    assert_eq!(alias.status, 0, "{}", alias.stdout);
}

#[test]
fn problem_json_states_a_status_only_when_the_source_had_one() {
    let input = concat!(
        r#"{"error":true,"code":4,"message":"memory not found"}"#,
        "\n",
        r#"{"type":"https://example.com/probs/out-of-credit","title":"no credit","status":403}"#,
        "\n",
    );
    let out = normalize(&["--to", "problem+json"], input.as_bytes());
    let statuses: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON")["status"].clone())
        .collect();
    assert_eq!(statuses, [serde_json::Value::Null, serde_json::json!(403)]);
}

#[test]
fn a_rejection_names_the_offending_member_once() {
    let line = r#"{"error":true,"code":"X","exit":3,"message":"m","error_class":"permanent","retry":"no","retryable":true,"recovery":"r"}"#;
    let out = normalize(&[], format!("{line}\n").as_bytes());
    let e = envelope(out.stdout.trim());
    let message = e["message"].as_str().expect("a message");
    assert_eq!(message.matches("/retryable").count(), 1, "{message}");
}

#[test]
fn the_summary_follows_the_language_and_its_json_form_does_not() {
    let input = b"{garbage\n{\"error\":true,\"weird\":1}\n";
    let pt = normalize(&["--lang", "pt-BR", "-"], input);
    assert_eq!(
        pt.stderr.trim(),
        "normalize: 2 lidos, 0 normalizados, 0 repassados, 0 descartados, 2 rejeitados"
    );
    let en = normalize(&["-"], input);
    assert_eq!(
        en.stderr.trim(),
        "normalize: 2 read, 0 normalized, 0 passed through, 0 dropped, 2 rejected"
    );
    let json = normalize(&["--lang", "pt-BR", "--json", "-"], input);
    let summary: serde_json::Value =
        serde_json::from_str(json.stderr.trim()).expect("JSON summary");
    assert_eq!(summary["rejected"], 2);
    assert_eq!(summary["read"], 2);
}

/// Output that cannot be written (a full disk) is not an input that cannot be read: the run
/// stops with EX_IOERR (74) and says so on stderr, from standard input and from a file alike.
#[test]
fn a_full_disk_is_an_output_error_not_an_unreadable_input() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no /dev/full on this system
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("in.ndjson");
    std::fs::write(&file, "{\"a\":1}\n").unwrap();
    for args in [
        vec!["normalize", "-"],
        vec!["normalize", file.to_str().unwrap()],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_failwise"))
            .args(&args)
            .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
            .stdin(Stdio::piped())
            .stdout(full.try_clone().unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"{\"a\":1}\n")
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(74), "{args:?}: {stderr}");
        assert!(stderr.contains("cannot write to stdout"), "{stderr}");
        assert!(!stderr.contains("INPUT_UNREADABLE"), "{stderr}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_failwise"))
        .args(["--lang", "pt-BR", "normalize", file.to_str().unwrap()])
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(74), "{stderr}");
    assert!(
        stderr.contains("failwise: não foi possível escrever na saída padrão: "),
        "{stderr}"
    );
}

/// Every envelope `normalize` prints went through the preparation `run` applies: a secret in
/// any dialect's record is masked (a token shape, and a value the environment marks secret),
/// and an over-long message is cut to its bound with the cut recorded, on stdin and in files.
#[test]
fn printed_envelopes_are_masked_and_bounded_like_runs() {
    let token = "ghp_Zq8XwV2mN4bR6tY0uI3oP5aS7dF9gH1jK2lM";
    let long = "x".repeat(5000);
    let input = format!(
        "{}\n{}\n",
        serde_json::json!({"error":true,"code":"AUTH_FAILED","exit":1,"message":format!("auth failed for {token}: {long}"),"error_class":"permanent","retry":"no","retryable":false,"recovery":"log in again"}),
        serde_json::json!({"type":"about:blank","title":"Unauthorized","status":401,"detail":format!("token {token} expired")}),
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("in.ndjson");
    std::fs::write(&path, &input).expect("write");
    for out in [
        normalize(&["-"], input.as_bytes()),
        normalize(&[path.to_str().expect("utf-8 path")], b""),
    ] {
        assert_eq!(out.status, 0, "{}", out.stderr);
        assert!(!out.stdout.contains(token), "{}", out.stdout);
        let lines: Vec<serde_json::Value> = out.stdout.lines().map(envelope).collect();
        assert_eq!(lines.len(), 2);
        let message = lines[0]["message"].as_str().expect("message");
        assert!(message.len() <= 1024, "{} bytes", message.len());
        assert!(message.contains("[REDACTED:"), "{message}");
        assert_eq!(
            lines[0]["truncated"]["/message"].as_u64().map(|n| n > 5000),
            Some(true)
        );
        assert!(lines[0]["params"]["redacted"].as_u64() >= Some(1));
        assert!(
            lines[1]["message"]
                .as_str()
                .expect("message")
                .contains("[REDACTED:")
        );
    }
}

/// A line passed through has the registered secret values masked, as `failwise run` masks
/// the output it passes through, from stdin and from a file alike.
#[test]
fn a_line_passed_through_has_its_secrets_masked() {
    let secret = "p4ss-W0rd-0f-the-day";
    let line = format!("{{\"ok\":true,\"note\":\"{secret}\"}}\n");
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("in.ndjson");
    std::fs::write(&path, &line).expect("write");
    for from_file in [false, true] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_failwise"));
        command
            .arg("normalize")
            .env("SECRET_TOKEN", secret)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if from_file {
            command.arg(&path);
        }
        let mut child = command.spawn().expect("the binary runs");
        let mut input = child.stdin.take().expect("stdin");
        if !from_file {
            input.write_all(line.as_bytes()).expect("written");
        }
        drop(input);
        let out = child.wait_with_output().expect("finishes");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(!stdout.contains(secret), "{stdout}");
        assert_eq!(stdout, "{\"ok\":true,\"note\":\"[REDACTED:secret]\"}\n");
    }
}

/// The peak resident memory of process `pid` so far (`VmHWM`), in KiB.
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("a live process");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM");
    line.split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("a number")
}

/// A line longer than the 16 MiB bound is never held: it becomes one rejection, the records
/// after it are read, and the process stays far below the line's size (before, a 200 MB line
/// took 201 MB and `/dev/zero` grew without end). The peak is read while the process waits for
/// the rest of its input, after it has taken in 64 MiB of one line.
#[test]
fn a_line_over_the_bound_is_rejected_without_being_held() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_failwise"))
        .args(["normalize", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let line = vec![b'x'; 64 << 20];
    stdin
        .write_all(b"{\"error\":true,\"code\":4,\"message\":\"before\"}\n")
        .unwrap();
    stdin.write_all(&line).unwrap();
    stdin.flush().unwrap();
    // All but a pipe's buffer of the line has been read by now.
    let peak = peak_kib(child.id());
    stdin
        .write_all(b"\n{\"error\":true,\"code\":4,\"message\":\"after\"}\n")
        .unwrap();
    stdin.write_all(&line).unwrap(); // a last line over the bound, without its newline
    drop(stdin);
    let out = child.wait_with_output().expect("it ends");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(out.status.code(), Some(65), "{stdout}");
    let records: Vec<serde_json::Value> = stdout.lines().map(envelope).collect();
    let codes: Vec<(&str, u64)> = records
        .iter()
        .map(|r| {
            let line = r["params"]["line"].as_u64().unwrap_or(0);
            (r["code"].as_str().unwrap_or(""), line)
        })
        .collect();
    assert_eq!(
        codes,
        [
            ("NOT_FOUND", 0),
            ("UNREADABLE_RECORD", 2),
            ("NOT_FOUND", 0),
            ("UNREADABLE_RECORD", 4)
        ],
        "{stdout}"
    );
    assert!(
        records[1]["message"]
            .as_str()
            .unwrap()
            .contains("longer than 16777216 bytes")
    );
    assert!(
        peak < 48 << 10,
        "peak resident memory {peak} KiB after 64 MiB of one line"
    );
}

/// A record that names a member twice is rejected, never read by the last value (which made
/// `"error":true,…,"error":false` pass as a success): on a line, in a canonical envelope, in a
/// multi-line value, and after a log prefix.
#[test]
fn a_record_with_a_repeated_member_is_rejected_in_every_form() {
    let cases: [(&str, &str); 4] = [
        (
            r#"{"error":true,"code":4,"message":"disk gone","error":false}"#,
            "/error",
        ),
        (
            r#"{"error":true,"code":"X_Y","exit":3,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"do x","error":false}"#,
            "/error",
        ),
        (
            "{\n  \"error\": true,\n  \"code\": 4,\n  \"message\": \"m\",\n  \"code\": 5\n}",
            "/code",
        ),
        (
            r#"{"error":{"code":"E1","message":"m","code":"E2"}}"#,
            "/error/code",
        ),
    ];
    for (input, pointer) in cases {
        let out = normalize(&["--drop-non-failures"], format!("{input}\n").as_bytes());
        assert_eq!(out.status, 65, "{input}: {}", out.stdout);
        let value = envelope(&out.stdout);
        assert_eq!(value["code"], "UNREADABLE_RECORD", "{input}");
        let reason = value["params"]["reason"].as_str().unwrap_or_default();
        assert!(
            reason.contains(&format!("member {pointer} twice")),
            "{reason}"
        );
        assert!(
            !value["recovery"]
                .as_str()
                .unwrap_or_default()
                .contains("--from")
        );
    }
    // After a log prefix, a record with a repeated member is no record: the line passes.
    let prefixed = "2026-11-30T02:31:47Z ERROR {\"error\":true,\"code\":4,\"message\":\"m\",\"error\":false}\n";
    let out = normalize(&[], prefixed.as_bytes());
    assert_eq!(out.stdout.lines().next(), prefixed.lines().next());
    assert!(!out.stdout.contains("NOT_FOUND"), "{}", out.stdout);
}

/// Found by a new user's probing: a failure beside a `null` in an array is still a failure; a
/// byte order mark does not lose the first record; `--to eval-mock@human` sends no control
/// character raw; `--to json-rpc` never answers with an id it cut.
#[test]
fn arrays_byte_order_marks_control_characters_and_cut_ids() {
    let record = r#"{"error":true,"code":"DISK_FULL","exit":3,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"free space"}"#;
    let out = normalize(
        &["--drop-non-failures"],
        format!("[{record},null]\n").as_bytes(),
    );
    assert_eq!(
        envelope(out.stdout.lines().next().unwrap_or("{}"))["code"],
        "DISK_FULL"
    );
    let out = normalize(&[], format!("\u{feff}{record}\n").as_bytes());
    assert_eq!(
        envelope(out.stdout.trim())["code"],
        "DISK_FULL",
        "{}",
        out.stdout
    );
    let hostile = r#"{"error":true,"code":"X_Y","exit":3,"message":"m\u001b[31mRED\u0007","error_class":"permanent","retry":"no","retryable":false,"recovery":"r\u001b]0;pwned\u0007"}"#;
    let out = normalize(
        &["--to", "eval-mock@human"],
        format!("{hostile}\n").as_bytes(),
    );
    assert!(
        !out.stdout.contains('\u{1b}') && !out.stdout.contains('\u{7}'),
        "{:?}",
        out.stdout
    );
    let long_id = format!("{}-END", "i".repeat(5000));
    let rpc = format!(
        r#"{{"jsonrpc":"2.0","id":"{long_id}","error":{{"code":-32601,"message":"Method not found"}}}}"#
    );
    let out = normalize(&["--to", "json-rpc"], format!("{rpc}\n").as_bytes());
    let value: serde_json::Value = serde_json::from_str(out.stdout.trim()).expect("JSON");
    assert!(
        value["id"] == long_id.as_str() || value["id"].is_null(),
        "{}",
        value["id"]
    );
}
