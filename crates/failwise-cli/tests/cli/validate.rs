//! `failwise validate`: one envelope per bad line with its line number, exit 0 only when every
//! line holds; a differential test against the `jsonschema` crate on generated lines.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

use crate::stream::{Rng, line};
use crate::support::{envelope, failwise};

fn fixture(name: &str) -> String {
    format!(
        "{}/../failwise/tests/fixtures/catalogs/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn validate_stdin(args: &[&str], input: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_failwise"))
        .arg("validate")
        .args(args)
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

const GOOD: &str = r#"{"error":true,"code":"FILE_NOT_FOUND","exit":4,"message":"file not found: a.rs","error_class":"permanent","retry":"no","retryable":false,"recovery":"verify that a.rs exists","params":{"path":"a.rs"}}"#;

#[test]
fn every_line_holds_means_exit_zero_and_no_output() {
    let (status, out) = validate_stdin(&[], &format!("{GOOD}\n\n{GOOD}\n"));
    assert_eq!((status, out.as_str()), (0, ""));
}

#[test]
fn each_bad_line_gets_one_envelope_with_its_line_number() {
    let bad_retry = GOOD.replace("\"retryable\":false", "\"retryable\":true");
    let input = format!("{GOOD}\nnot json\n{bad_retry}\n{GOOD}");
    let (status, out) = validate_stdin(&["-", "--json"], &input);
    assert_eq!(status, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let first = envelope(lines[0]);
    let second = envelope(lines[1]);
    assert_eq!(
        (first["code"].as_str(), first["params"]["line"].as_u64()),
        (Some("LINE_INVALID"), Some(2))
    );
    assert_eq!(first["params"]["problem"], "INVALID_JSON");
    assert_eq!(second["params"]["line"], 3);
    assert_eq!(
        second["params"]["problem"],
        "INVARIANT_RETRYABLE_FOLLOWS_RETRY"
    );
    assert_eq!(second["params"]["pointer"], "/retryable");
    insta::assert_snapshot!(out);
}

/// The `params` of the one envelope `validate` prints for `line`.
fn only_problem(line: &str) -> serde_json::Value {
    let (status, out) = validate_stdin(&["--json"], &format!("{line}\n"));
    assert_eq!(status, 1, "{line}");
    assert_eq!(out.lines().count(), 1, "{out}");
    envelope(&out)["params"].clone()
}

#[test]
fn a_member_named_twice_is_refused_by_its_pointer() {
    let twice = GOOD.replace("\"exit\":4", "\"exit\":4,\"exit\":1");
    let p = only_problem(&twice);
    assert_eq!(
        (p["problem"].as_str(), p["pointer"].as_str()),
        (Some("DUPLICATE_KEY"), Some("/exit"))
    );
    let nested = GOOD.replace(
        "{\"path\":\"a.rs\"}",
        "{\"path\":\"a.rs\",\"path\":\"b.rs\"}",
    );
    assert_eq!(only_problem(&nested)["pointer"], "/params/path");
}

#[test]
fn a_failed_index_beyond_the_total_breaks_an_invariant() {
    let line = GOOD.replace("}}", "},\"items\":{\"total\":2,\"failed_index\":3}}");
    let p = only_problem(&line);
    assert_eq!(p["problem"], "INVARIANT_ITEM_INDEX_IN_RANGE");
    assert_eq!(p["pointer"], "/items/failed_index");
    let within = GOOD.replace("}}", "},\"items\":{\"total\":3,\"failed_index\":3}}");
    assert_eq!(validate_stdin(&[], &within), (0, String::new()));
}

/// A verify command belongs only to an envelope whose effect is unknown: with `retry: no` the
/// line is refused, the report naming `/verify` and the rule; with `retry: unknown` it holds.
#[test]
fn a_verify_command_with_retry_no_is_refused_at_its_pointer() {
    let line = GOOD.replace(
        "}}",
        "},\"verify\":{\"command\":[\"app\",\"status\",\"a.rs\"]}}",
    );
    let (status, out) = validate_stdin(&["--json"], &format!("{line}\n"));
    assert_eq!(status, 1, "{out}");
    let report = envelope(&out);
    assert_eq!(
        report["params"]["problem"],
        "INVARIANT_VERIFY_ONLY_WITH_UNKNOWN"
    );
    assert_eq!(report["params"]["pointer"], "/verify");
    let message = report["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("/verify breaks invariant verify_only_with_unknown"),
        "{message}"
    );
    let unknown = line.replace(
        "\"error_class\":\"permanent\",\"retry\":\"no\"",
        "\"error_class\":\"ambiguous\",\"retry\":\"unknown\"",
    );
    assert_ne!(unknown, line);
    assert_eq!(validate_stdin(&[], &unknown), (0, String::new()));
}

#[test]
fn a_byte_order_mark_is_skipped_at_the_start_of_the_input_only() {
    let (status, out) = validate_stdin(&[], &format!("\u{feff}{GOOD}\n{GOOD}\n"));
    assert_eq!((status, out.as_str()), (0, ""));
    let p = only_problem(&format!("{GOOD}\n\u{feff}{GOOD}"));
    assert_eq!(
        (p["line"].as_u64(), p["problem"].as_str()),
        (Some(2), Some("INVALID_JSON"))
    );
}

#[test]
fn the_recovery_points_to_failwise_schema_not_a_repository_path() {
    let (_, out) = validate_stdin(&["--json"], "not json\n");
    let recovery = envelope(&out)["recovery"].as_str().unwrap().to_owned();
    assert!(recovery.contains("`failwise schema`"), "{recovery}");
    assert!(!recovery.contains("schemas/"), "{recovery}");
}

#[test]
fn the_catalog_must_agree() {
    let exit = GOOD.replace("\"exit\":4", "\"exit\":5");
    let class = GOOD.replace("permanent", "precondition_failed");
    let unknown = GOOD.replace("FILE_NOT_FOUND", "FILE_GONE");
    let retired = GOOD.replace("FILE_NOT_FOUND", "LEGACY_LOCKED");
    let input = [GOOD, &exit, &class, &unknown, &retired].join("\n");
    let (status, out) =
        validate_stdin(&["--catalog", &fixture("atomwrite.json"), "--json"], &input);
    assert_eq!(status, 1);
    let problems: Vec<(u64, String)> = out
        .lines()
        .map(|l| {
            let e = envelope(l);
            (
                e["params"]["line"].as_u64().unwrap(),
                e["params"]["problem"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        problems,
        [
            (2, "CATALOG_EXIT_MISMATCH".to_owned()),
            (3, "CATALOG_CLASS_MISMATCH".to_owned()),
            (4, "CATALOG_UNKNOWN_CODE".to_owned()),
            (5, "CATALOG_RETIRED_CODE".to_owned())
        ]
    );
}

#[test]
fn a_missing_file_is_reported_and_the_others_still_checked() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.ndjson");
    std::fs::write(&good, format!("{GOOD}\n")).unwrap();
    let run = failwise(&[
        "validate",
        "/no/such.ndjson",
        good.to_str().unwrap(),
        "--json",
    ]);
    // The status is the unreadable input's own (66, EX_NOINPUT), as its envelope says.
    assert_eq!(run.status, 66);
    assert_eq!(run.stdout.lines().count(), 1);
    let e = envelope(&run.stdout);
    assert_eq!(e["code"], "INPUT_UNREADABLE");
    assert_eq!(e["exit"], 66);
}

/// The same generated lines through `jsonschema` alone, the strict reader with and without its
/// fast path, and `failwise validate`: the verdicts agree line by line.
#[test]
fn verdicts_agree_with_the_jsonschema_crate() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../schemas/envelope.v1.schema.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    let mut rng = Rng::new(7);
    let mut text = String::new();
    let mut expected_bad = BTreeSet::new();
    for n in 1..=8000u64 {
        let (l, meant_valid) = line(&mut rng, n, 3);
        let by_schema =
            serde_json::from_str::<serde_json::Value>(&l).is_ok_and(|v| validator.is_valid(&v));
        let checked = failwise::Envelope::from_json(&l);
        let slow = serde_json::from_str::<serde_json::Value>(&l)
            .map_err(drop)
            .and_then(|v| failwise::Envelope::from_value(&v).map_err(drop));
        assert_eq!(by_schema, meant_valid, "line {n}: {l}");
        assert_eq!(checked.is_ok(), by_schema, "line {n}: {l}");
        match (&checked, &slow) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "fast and checked readers build the same envelope"),
            (Err(_), Err(())) => {}
            _ => panic!("fast and checked readers disagree on line {n}: {l}"),
        }
        if !by_schema {
            expected_bad.insert(n);
        }
        text.push_str(&l);
        text.push('\n');
    }
    assert!(expected_bad.len() > 2000, "the stream has both kinds");
    let (status, out) = validate_stdin(&["--json"], &text);
    assert_eq!(status, 1);
    // The stream spans several chunks checked in parallel: the report keeps input order.
    // (1 MiB: the chunk size of cmd/validate/chunks.rs)
    assert!(text.len() > 2 << 20, "{}", text.len());
    let reported: Vec<u64> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["params"]["line"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(reported, expected_bad.into_iter().collect::<Vec<_>>());
}

/// A catalog whose one code ships a Brazilian Portuguese translation.
const TRANSLATED_CATALOG: &str = r#"{"tool":"app","version":"1.0.0","codes":[
  {"code":"FILE_NOT_FOUND","exit":4,"error_class":"permanent","retry":"no",
   "message":"file not found: {path}","recovery":"verify that {path} exists","params":["path"],
   "doc":"The file named does not exist.",
   "translations":{"pt-BR":{"message":"arquivo não encontrado: {path}",
                            "recovery":"verifique se {path} existe"}}}]}"#;

#[test]
fn a_line_in_another_language_needs_the_catalogs_translation() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = dir.path().join("app.json");
    std::fs::write(&catalog, TRANSLATED_CATALOG).unwrap();
    let catalog = catalog.to_str().unwrap();
    let pt = GOOD
        .replace("file not found: a.rs", "arquivo não encontrado: a.rs")
        .replace("verify that a.rs exists", "verifique se a.rs existe")
        .replace("}}", "},\"lang\":\"pt-BR\"}");
    let (status, out) = validate_stdin(
        &["--catalog", catalog, "--json"],
        &format!("{GOOD}\n{pt}\n"),
    );
    assert_eq!(
        (status, out.as_str()),
        (0, ""),
        "the translated language is accepted"
    );

    let fr = GOOD.replace("}}", "},\"lang\":\"fr\"}");
    let (status, out) = validate_stdin(&["--catalog", catalog, "--json"], &format!("{pt}\n{fr}\n"));
    assert_eq!(status, 1);
    let e = envelope(out.lines().next().unwrap_or_default());
    assert_eq!(e["params"]["line"], 2);
    assert_eq!(e["params"]["problem"], "CATALOG_LANG_UNTRANSLATED");
    assert_eq!(e["params"]["pointer"], "/lang");
}

#[test]
fn a_broken_invariant_is_described_in_the_chosen_language() {
    let bad = r#"{"error":true,"code":"X","exit":1,"message":"m","error_class":"transient","retry":"no","retryable":false,"recovery":"r"}"#;
    let (status, out) = validate_stdin(&["--lang", "pt-BR", "--json"], &format!("{bad}\n"));
    assert_eq!(status, 1);
    let e = envelope(out.lines().next().unwrap_or_default());
    assert_eq!(e["lang"], "pt-BR");
    let message = e["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("/retry viola o invariante class_bounds_retry"),
        "{message}"
    );
    assert!(!message.contains("breaks"), "{message}");
    assert_eq!(e["params"]["problem"], "INVARIANT_CLASS_BOUNDS_RETRY");
    assert!(
        e["params"]["detail"]
            .as_str()
            .is_some_and(|d| d.contains("breaks invariant")),
        "params stay as the reader wrote them"
    );
}

/// Several chunks of input (1 MiB each) with bad lines spread over them, some the same defect
/// (reported from a template after its second time), one longer than the longest line held
/// (16 MiB), and a last line without its newline: every bad line is reported once, in input
/// order, with its own line number, and each report reads as if it were the only one.
#[test]
fn reports_across_chunks_keep_their_line_numbers_and_their_text() {
    let bad_retry = GOOD.replace("\"retryable\":false", "\"retryable\":true");
    let too_long = format!("\"{}\"", "x".repeat((16 << 20) + 10));
    let mut lines: Vec<String> = Vec::new();
    let mut expected: Vec<(usize, &str)> = Vec::new();
    for n in 1..=20_000usize {
        let line = match n {
            _ if n % 997 == 0 => {
                expected.push((n, "INVARIANT_RETRYABLE_FOLLOWS_RETRY"));
                bad_retry.clone()
            }
            12_345 => {
                expected.push((n, "LINE_TOO_LONG"));
                too_long.clone()
            }
            _ if n % 1_009 == 0 => {
                expected.push((n, "INVALID_JSON"));
                format!("{{\"cut\": {n}")
            }
            20_000 => {
                expected.push((n, "NOT_AN_OBJECT"));
                String::from("[]")
            }
            _ => GOOD.to_owned(),
        };
        lines.push(line);
    }
    let input = lines.join("\n");
    let (status, out) = validate_stdin(&["--json"], &input);
    assert_eq!(status, 1);
    let reports: Vec<serde_json::Value> = out.lines().map(envelope).collect();
    let got: Vec<(usize, String)> = reports
        .iter()
        .map(|r| {
            let line = r["params"]["line"].as_u64().unwrap_or(0) as usize;
            (
                line,
                r["params"]["problem"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    let want: Vec<(usize, String)> = expected
        .iter()
        .map(|(n, p)| (*n, (*p).to_owned()))
        .collect();
    assert_eq!(got, want);
    // A templated report is the report of that line checked alone, but for its number.
    let last_repeat = reports
        .iter()
        .rev()
        .find(|r| r["params"]["problem"] == "INVARIANT_RETRYABLE_FOLLOWS_RETRY")
        .expect("a repeated defect");
    let (_, alone) = validate_stdin(&["--json"], &format!("{bad_retry}\n"));
    let line = last_repeat["params"]["line"].to_string();
    assert_eq!(
        out.lines()
            .find(|l| l.contains(&format!("\"line\":{line},")))
            .unwrap_or_default(),
        alone
            .trim_end()
            .replace("line 1", &format!("line {line}"))
            .replace("\"line\":1,", &format!("\"line\":{line},"))
    );
}

/// The same defect on many lines, in Portuguese: each report names its own line in the text
/// as in `params.line` (a report made from a template once carried a stand-in number there).
#[test]
fn repeated_defects_in_portuguese_name_their_own_lines() {
    let (status, out) = validate_stdin(&["--lang", "pt-BR", "--json"], "x\nx\nx\nx\n");
    assert_eq!(status, 1);
    let reports: Vec<serde_json::Value> = out.lines().map(envelope).collect();
    assert_eq!(reports.len(), 4, "{out}");
    for (i, report) in reports.iter().enumerate() {
        let n = i + 1;
        assert_eq!(report["params"]["line"], n);
        let message = report["message"].as_str().unwrap_or_default();
        assert!(
            message.starts_with(&format!("stdin linha {n}: ")),
            "{message}"
        );
        let recovery = report["recovery"].as_str().unwrap_or_default();
        assert!(recovery.contains(&format!("a linha {n} ")), "{recovery}");
    }
}

/// A line that disagrees with the catalog is described in the chosen language too, the whole
/// message with it, while `params` stay as in English.
#[test]
fn a_catalog_disagreement_is_described_in_the_chosen_language() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = dir.path().join("app.json");
    std::fs::write(&catalog, TRANSLATED_CATALOG).unwrap();
    let catalog = catalog.to_str().unwrap();
    let line = format!("{}\n", GOOD.replace("\"exit\":4", "\"exit\":5"));
    let (_, english) = validate_stdin(&["--catalog", catalog, "--json"], &line);
    let (status, out) = validate_stdin(&["--lang", "pt-BR", "--catalog", catalog, "--json"], &line);
    assert_eq!(status, 1);
    let (en, pt) = (envelope(&english), envelope(&out));
    assert_eq!(
        en["message"],
        "stdin line 1: exit 5 but the catalog gives FILE_NOT_FOUND exit 4"
    );
    assert_eq!(pt["lang"], "pt-BR");
    assert_eq!(
        pt["message"],
        "stdin linha 1: exit 5, mas o catálogo dá a FILE_NOT_FOUND o exit 4"
    );
    assert!(
        pt["recovery"]
            .as_str()
            .is_some_and(|r| r.starts_with("corrija")),
        "{pt}"
    );
    assert_eq!(pt["params"], en["params"], "params stay as in English");
}

/// The summary on stderr counts the lines read, valid, invalid by problem and blank, and the
/// inputs that could not be read, in the reader's language.
#[test]
fn the_summary_counts_lines_by_problem() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("errors.ndjson");
    std::fs::write(
        &path,
        format!("{GOOD}\n\nnot json\n[]\n{GOOD}\nnot json either\n"),
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let english = failwise(&["validate", path]);
    assert_eq!(english.status, 1);
    assert_eq!(
        english.stdout.lines().count(),
        3,
        "one envelope per bad line"
    );
    let portuguese = failwise(&["--lang", "pt-BR", "validate", path, "/no/such/file"]);
    assert_eq!(portuguese.status, 66);
    insta::assert_snapshot!(format!("{}{}", english.stderr, portuguese.stderr));
}
