//! `--json` on success: every subcommand's record (`failwise::records` in the binary documents
//! each shape), pinned by snapshots, read back as JSON by a consumer, and never mistaken for an
//! envelope; a failure after a record is the envelope on the line after it.

use crate::support::{Run, envelope, failwise, failwise_stdin};

/// A catalog small enough to pin whole: one code with a translation and history, one whose
/// message and doc the linter flags.
const CATALOG: &str = r#"tool = "app"
version = "1.2.0"
doc_url = "https://example.org/app/errors#{code}"

[[codes]]
code = "APP_NO_CONFIG"
exit = 78
error_class = "precondition_failed"
retry = "no"
message = "no config at {path}"
recovery = "run `app init --path {path}`"
params = ["path"]
doc = "The config file is missing."
since = "1.0.0"

[codes.translations.pt-BR]
message = "nenhuma configuração em {path}"
recovery = "rode `app init --path {path}`"

[[codes]]
code = "APP_OLD"
exit = 1
error_class = "permanent"
retry = "no"
message = "Old thing."
recovery = "run `app new`"
status = "deprecated"
"#;

/// The same catalog one release later: `APP_OLD` removed (breaking), `APP_BUSY` added.
fn next_catalog() -> String {
    let kept = CATALOG
        .split("\n[[codes]]\ncode = \"APP_OLD\"")
        .next()
        .unwrap();
    format!(
        "{kept}\n[[codes]]\ncode = \"APP_BUSY\"\nexit = 75\nerror_class = \"transient\"\nretry = \"yes\"\nmessage = \"busy\"\nrecovery = \"wait, then run `app` again\"\ndoc = \"Another run holds the lock.\"\n"
    )
}

fn fixture(name: &str) -> String {
    format!("../failwise/tests/fixtures/catalogs/{name}")
}

/// The one line of stdout, read as a record: JSON, an object, and not an envelope.
fn record(run: &Run) -> serde_json::Value {
    assert_eq!(run.stdout.lines().count(), 1, "one record: {}", run.stdout);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("a JSON line");
    assert!(value.is_object(), "{value}");
    assert!(
        value.get("error").is_none(),
        "a record is no envelope: {value}"
    );
    value
}

#[test]
fn explain_a_catalog_code() {
    let run = failwise_stdin(
        &["--json", "explain", "APP_NO_CONFIG", "--catalog", "-"],
        CATALOG,
    );
    assert_eq!(run.status, 0, "{}", run.stdout);
    let value = record(&run);
    assert_eq!(
        (&value["origin"], &value["exit"], &value["status"]),
        (&"catalog".into(), &78.into(), &"stable".into())
    );
    assert!(
        value.get("localized").is_none(),
        "English needs no localized templates"
    );
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn explain_a_catalog_code_in_the_readers_language() {
    let args = [
        "--json",
        "--lang",
        "pt-BR",
        "explain",
        "APP_NO_CONFIG",
        "--catalog",
        "-",
    ];
    let run = failwise_stdin(&args, CATALOG);
    assert_eq!(run.status, 0, "{}", run.stdout);
    let value = record(&run);
    assert_eq!(value["localized"]["lang"], "pt-BR");
    assert_eq!(
        value["localized"]["message"],
        "nenhuma configuração em {path}"
    );
    assert_eq!(value["message"], "no config at {path}", "the English stays");
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn explain_a_retired_code_of_a_seed_catalog() {
    let run = failwise(&[
        "--format",
        "json",
        "explain",
        "LEGACY_LOCKED",
        "--catalog",
        &fixture("atomwrite.json"),
    ]);
    assert_eq!(run.status, 0, "{}", run.stdout);
    assert_eq!(record(&run)["status"], "retired");
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn explain_a_code_failwise_gives() {
    let run = failwise(&["explain", "TIMEOUT", "--json"]);
    assert_eq!(run.status, 0, "{}", run.stdout);
    let value = record(&run);
    assert_eq!(
        (&value["origin"], &value["exit"]),
        (&"builtin".into(), &124.into())
    );
    insta::assert_snapshot!(run.stdout);
    // A code whose exit status is the command's own has none in the record.
    let enoent = record(&failwise(&["explain", "ENOENT", "--json"]));
    assert!(enoent.get("exit").is_none(), "{enoent}");
    assert_eq!(enoent["verdicts"][0]["error_class"], "permanent");
}

/// `--format human` and `auto` (stdout not a terminal) keep the text `explain` always printed.
#[test]
fn explain_without_json_is_text() {
    for args in [
        &["explain", "TIMEOUT"][..],
        &["--format", "human", "explain", "TIMEOUT"],
    ] {
        let run = failwise(args);
        assert!(
            run.stdout.starts_with("TIMEOUT (built into failwise)\n"),
            "{}",
            run.stdout
        );
    }
}

#[test]
fn catalog_lint_puts_its_findings_in_the_record() {
    let run = failwise_stdin(&["--json", "catalog", "lint", "-"], CATALOG);
    assert_eq!(run.status, 0, "{}", run.stdout);
    let value = record(&run);
    assert_eq!(value["codes"], 2);
    let rules: Vec<&str> = value["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .filter_map(|w| w["rule"].as_str())
        .collect();
    assert!(rules.contains(&"MESSAGE_STYLE"), "{rules:?}");
    assert_eq!(
        run.stderr, "",
        "the findings are in the record, not on stderr"
    );
    insta::assert_snapshot!(run.stdout);
    let clean = failwise(&["--json", "catalog", "lint", &fixture("atomwrite.json")]);
    let clean = record(&clean);
    assert_eq!(
        (&clean["tool"], &clean["warnings"]),
        (&"atomwrite".into(), &serde_json::json!([]))
    );
}

/// `--strict` with findings: the record, then the envelope as the last line.
#[test]
fn catalog_lint_strict_writes_the_record_then_the_envelope() {
    let run = failwise_stdin(&["--json", "catalog", "lint", "--strict", "-"], CATALOG);
    assert_eq!(run.status, 1);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    let first: serde_json::Value = serde_json::from_str(lines[0]).expect("the record");
    assert!(first["warnings"].as_array().is_some_and(|w| !w.is_empty()));
    assert_eq!(envelope(&run.stdout)["code"], "LINT_WARNINGS");
}

#[test]
fn catalog_diff_lists_every_change_then_the_envelope() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let new = dir.path().join("new.toml");
    std::fs::write(&new, next_catalog()).expect("written");
    let new = new.to_str().expect("UTF-8");
    let run = failwise_stdin(&["--json", "catalog", "diff", "-", new], CATALOG);
    assert_eq!(run.status, 1);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    let diff: serde_json::Value = serde_json::from_str(lines[0]).expect("the record");
    assert_eq!(
        (&diff["breaking"], &diff["compatible"]),
        (&1.into(), &1.into())
    );
    assert_eq!(diff["changes"][0]["kind"], "CODE_REMOVED");
    assert_eq!(envelope(&run.stdout)["code"], "BREAKING_CHANGE");
    insta::assert_snapshot!(lines[0].replace(new, "new.toml"));
    // Two equal catalogs: no change, exit 0, the record alone.
    let same = failwise(&[
        "--json",
        "catalog",
        "diff",
        &fixture("atomwrite.json"),
        &fixture("atomwrite.json"),
    ]);
    assert_eq!(same.status, 0);
    let same = record(&same);
    assert_eq!(
        (&same["breaking"], &same["changes"]),
        (&0.into(), &serde_json::json!([]))
    );
}

/// `catalog docs --json` is the catalog itself, in the catalog file's JSON form on one line: it
/// reads back as the same catalog and is valid against the committed catalog schema.
#[test]
fn catalog_docs_json_is_the_catalog_as_data() {
    let run = failwise_stdin(&["--json", "catalog", "docs", "-"], CATALOG);
    assert_eq!(run.status, 0, "{}", run.stdout);
    let value = record(&run);
    let schema_text =
        std::fs::read_to_string("../../schemas/catalog.v1.schema.json").expect("schema");
    let schema: serde_json::Value = serde_json::from_str(&schema_text).expect("JSON");
    let validator = jsonschema::draft202012::new(&schema).expect("the schema compiles");
    assert!(validator.is_valid(&value), "{value}");
    let again = failwise::CatalogFile::from_json(&run.stdout).expect("the catalog reads back");
    let original = failwise::CatalogFile::from_toml(CATALOG).expect("the catalog");
    assert_eq!(again, original);
    insta::assert_snapshot!(run.stdout);
    // `--to` names a document, which `--json` does not change.
    let md = failwise_stdin(&["--json", "catalog", "docs", "-", "--to", "md"], CATALOG);
    assert!(md.stdout.starts_with("# app error codes"), "{}", md.stdout);
}

/// The schemas are JSON already: `--json` prints the committed bytes.
#[test]
fn the_schemas_print_the_committed_files() {
    for (args, file) in [
        (
            &["--json", "schema"][..],
            "../../schemas/envelope.v1.schema.json",
        ),
        (
            &["--json", "catalog", "schema"][..],
            "../../schemas/catalog.v1.schema.json",
        ),
    ] {
        let run = failwise(args);
        assert_eq!(run.status, 0);
        let committed = std::fs::read_to_string(file).expect("committed");
        assert_eq!(run.stdout, committed, "{args:?}");
        let _: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    }
}

#[test]
fn suggest_records() {
    let word = failwise_stdin(
        &["--json", "suggest", "word", "deplyo", "--vocabulary", "-"],
        "deploy\nstatus\nrollback\n",
    );
    assert_eq!(word.status, 0);
    assert_eq!(record(&word)["nearby"][0], "deploy");
    insta::assert_snapshot!("suggest_word", word.stdout);

    let dir = tempfile::tempdir().expect("a temp dir");
    let haystack = dir.path().join("lib.rs");
    std::fs::write(
        &haystack,
        "use x;\n\nfn save(path: &str, text: &str) {\n    write(path, text)\n}\n",
    )
    .expect("written");
    let haystack = haystack.to_str().expect("UTF-8");
    let lines = failwise_stdin(
        &[
            "--json",
            "suggest",
            "lines",
            "--needle",
            "-",
            "--haystack",
            haystack,
        ],
        "fn save(path: &str, contents: &str) {\n    write(path, contents)\n}\n",
    );
    assert_eq!(lines.status, 0);
    assert_eq!(record(&lines)["candidates"][0]["line"], 3);
    insta::assert_snapshot!("suggest_lines", lines.stdout.replace(haystack, "lib.rs"));

    std::fs::create_dir(dir.path().join("src")).expect("mkdir");
    std::fs::write(dir.path().join("src/main.rs"), "").expect("written");
    let root = dir.path().to_str().expect("UTF-8");
    let path = failwise(&["--json", "suggest", "path", "src/mian.rs", "--root", root]);
    assert_eq!(path.status, 0);
    assert_eq!(record(&path)["nearby"][0], "src/main.rs");
    insta::assert_snapshot!("suggest_path", path.stdout.replace(root, "<ROOT>"));
}

/// `validate --json` writes its summary record on stderr, after the envelopes on stdout: a
/// reader of stdout sees envelopes alone.
#[test]
fn validate_summary_is_a_record_on_stderr() {
    let good = r#"{"error":true,"code":"FILE_NOT_FOUND","exit":4,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r"}"#;
    let input = format!("{good}\n\nnot json\n[]\n{good}\nnot json either\n");
    let run = failwise_stdin(&["--json", "validate"], &input);
    assert_eq!(run.status, 1);
    for line in run.stdout.lines() {
        assert_eq!(
            envelope(line)["code"],
            "LINE_INVALID",
            "only envelopes on stdout"
        );
    }
    let summary: serde_json::Value = serde_json::from_str(&run.stderr).expect("a JSON summary");
    assert_eq!(
        summary,
        serde_json::json!({"lines": 6, "valid": 2, "invalid": 3, "blank": 1,
            "problems": {"INVALID_JSON": 2, "NOT_AN_OBJECT": 1}, "inputs": 1, "unreadable": 0})
    );
    insta::assert_snapshot!(run.stderr);
}

#[test]
fn normalize_summary_is_a_record_on_stderr() {
    let input = "{\"error\":true,\"code\":4,\"message\":\"gone\"}\n{\"ok\":true}\n";
    let run = failwise_stdin(&["--json", "normalize", "--drop-non-failures"], input);
    assert_eq!(run.status, 0);
    assert_eq!(envelope(&run.stdout)["code"], "NOT_FOUND");
    insta::assert_snapshot!(run.stderr);
}
