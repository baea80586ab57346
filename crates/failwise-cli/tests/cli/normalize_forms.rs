//! `failwise normalize --to` with the forms other than a dialect's own (`atomwrite@ErrorOutput`,
//! `eval-mock@human`), and `--from eval-mock` on eval-mock's human form, as a user runs them.

use std::path::Path;

use serde_json::Value;

use crate::real_parsers::run_with_input;

fn normalize(args: &[&str], input: &str) -> String {
    let mut all = vec!["normalize"];
    all.extend_from_slice(args);
    run_with_input(
        Path::new(env!("CARGO_BIN_EXE_failwise")),
        &all,
        input.as_bytes(),
    )
}

const RECORDS: &str = concat!(
    r#"{"error":true,"code":"MATCH_FAILED","exit":65,"message":"old string not found","error_class":"permanent","retry":"no","retryable":false,"recovery":"inspect candidates[0]","location":{"path":"src/main.rs","line":2}}"#,
    "\n",
    r#"{"error":true,"code":"LOCK_TIMEOUT","exit":75,"message":"the journal is locked","error_class":"transient","retry":"yes","retryable":true,"recovery":"wait, then write again"}"#,
    "\n",
);

#[test]
fn the_human_form_is_read_back_by_from_eval_mock_as_the_json_form_is() {
    let human = normalize(&["--to", "eval-mock@human"], RECORDS);
    assert_eq!(
        human,
        concat!(
            "error [MATCH_FAILED]: old string not found\n",
            "  at: src/main.rs:2:1\n",
            "  hint: inspect candidates[0]\n",
            "error [LOCK_TIMEOUT]: the journal is locked\n",
            "  hint: wait, then write again\n",
        )
    );
    let json = normalize(&["--to", "eval-mock"], RECORDS);
    let first: Value = serde_json::from_str(json.lines().next().expect("a line")).expect("JSON");
    assert_eq!(first["error"]["location"], "src/main.rs:2:1");
    for from in ["eval-mock", "auto"] {
        assert_eq!(
            normalize(&["--from", from], &human),
            normalize(&["--from", from], &json),
            "--from {from}"
        );
    }
}

#[test]
fn atomwrite_error_output_keeps_its_enum_and_the_code() {
    let out = normalize(&["--to", "atomwrite@ErrorOutput"], RECORDS);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines[0]["code"], "INVALID_INPUT");
    assert_eq!(lines[0]["failwise_code"], "MATCH_FAILED");
    assert_eq!(lines[1]["code"], "LOCK_TIMEOUT");
    assert!(lines[1].get("failwise_code").is_none());
    let back = normalize(&[], &out);
    let codes: Vec<String> = back
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON")["code"].to_string())
        .collect();
    assert_eq!(codes, ["\"MATCH_FAILED\"", "\"LOCK_TIMEOUT\""]);
    // The form's name is case-insensitive, as every --to name.
    assert_eq!(normalize(&["--to", "ATOMWRITE@erroroutput"], RECORDS), out);
}
