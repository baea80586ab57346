//! `failwise explain`, `catalog lint|docs|diff`: outputs pinned by snapshots, envelopes checked
//! against the committed schema (the HTML reference in headless Chromium is `catalog_html`).

use crate::support::{envelope, failwise};

/// A catalog of `crates/failwise/tests/fixtures/catalogs`.
pub fn fixture(name: &str) -> String {
    format!(
        "{}/../failwise/tests/fixtures/catalogs/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Writes `text` to `name` in a fresh temporary directory and returns its path.
fn temp_file(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn explain_prints_a_code_of_a_catalog() {
    let run = failwise(&[
        "explain",
        "WORKSPACE_JAIL",
        "--catalog",
        &fixture("atomwrite.json"),
    ]);
    assert_eq!(run.status, 0);
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn explain_reads_toml_and_shows_history() {
    let run = failwise(&[
        "explain",
        "JOB_SINGLETON_LOCKED",
        "--catalog",
        &fixture("sqlite-graphrag.toml"),
    ]);
    assert_eq!(run.status, 0);
    insta::assert_snapshot!(run.stdout);
    let retired = failwise(&[
        "explain",
        "LEGACY_LOCKED",
        "--catalog",
        &fixture("atomwrite.json"),
    ]);
    insta::assert_snapshot!("explain_retired", retired.stdout);
}

#[test]
fn explain_without_catalog_knows_failwise_own_codes() {
    let run = failwise(&["explain", "LINE_INVALID"]);
    assert_eq!(run.status, 0);
    assert!(
        run.stdout.starts_with("LINE_INVALID (failwise)"),
        "{}",
        run.stdout
    );
}

#[test]
fn explain_knows_every_code_failwise_itself_gives() {
    for (code, fixed) in [
        ("TIMEOUT", "124"),
        ("COMMAND_NOT_FOUND", "127"),
        ("ENOENT", "the command's own exit status"),
        ("VALUE_VALIDATION", "2"),
        ("EXIT_127", "127"),
        ("GIT_LOCK_EXISTS", "the command's own exit status"),
        ("CURLE_OPERATION_TIMEDOUT", "the command's own exit status"),
        ("SIGKILL", "137"),
    ] {
        let run = failwise(&["explain", code]);
        assert_eq!(run.status, 0, "{code}: {}", run.stdout);
        assert!(run.stdout.starts_with(code), "{}", run.stdout);
        assert!(
            run.stdout.contains(&format!("exit status       {fixed}\n")),
            "{code}: {}",
            run.stdout
        );
    }
    // The secret flags' codes are declared in failwise's own catalog (errors.rs).
    let secret = failwise(&["explain", "SECRET_NOT_REGISTERED"]);
    assert_eq!(secret.status, 0, "{}", secret.stdout);
    assert!(
        secret
            .stdout
            .starts_with("SECRET_NOT_REGISTERED (failwise)")
            && secret.stdout.contains("  exit status  2\n"),
        "{}",
        secret.stdout
    );
    insta::assert_snapshot!(
        "explain_builtin_timeout",
        failwise(&["explain", "TIMEOUT"]).stdout
    );
}

#[test]
fn explain_in_pt_br_translates_labels_and_failwise_own_templates() {
    let run = failwise(&["--lang", "pt-BR", "explain", "INPUT_UNREADABLE"]);
    assert_eq!(run.status, 0);
    assert!(run.stdout.contains("status de saída"), "{}", run.stdout);
    assert!(
        run.stdout.contains("não foi possível ler {path}"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("exit status"), "{}", run.stdout);
    insta::assert_snapshot!(run.stdout);
    let builtin = failwise(&["--lang", "pt-BR", "explain", "ENOENT"]);
    assert_eq!(builtin.status, 0);
    insta::assert_snapshot!("explain_builtin_enoent_pt_br", builtin.stdout);
}

#[test]
fn explain_suggests_built_in_codes_too() {
    let run = failwise(&["explain", "ENOENTT", "--json"]);
    assert_eq!(run.status, 1);
    let e = envelope(&run.stdout);
    assert_eq!(e["code"], "UNKNOWN_CODE");
    assert_eq!(e["nearby"][0], "ENOENT");
    let run = failwise(&[
        "explain",
        "TIMEOUTT",
        "--catalog",
        &fixture("atomwrite.json"),
        "--json",
    ]);
    assert_eq!(envelope(&run.stdout)["nearby"][0], "TIMEOUT");
}

#[test]
fn explain_unknown_code_answers_with_the_nearest_codes() {
    let run = failwise(&[
        "explain",
        "FILE_NOT_FOUN",
        "--catalog",
        &fixture("atomwrite.json"),
        "--json",
    ]);
    assert_eq!(run.status, 1);
    let e = envelope(&run.stdout);
    assert_eq!(e["code"], "UNKNOWN_CODE");
    assert_eq!(e["nearby"][0], "FILE_NOT_FOUND");
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn explain_unknown_code_without_near_codes_says_how_to_list_them() {
    let run = failwise(&["explain", "QQQQQQQQQQQQQQQQQQQQQQ", "--json"]);
    assert_eq!(run.status, 1);
    let e = envelope(&run.stdout);
    assert_eq!(e["code"], "UNKNOWN_CODE");
    assert!(e.get("nearby").is_none(), "{}", run.stdout);
    let recovery = e["recovery"].as_str().unwrap();
    assert!(recovery.contains("`failwise catalog docs`"), "{recovery}");
    assert!(!recovery.contains("nearby"), "{recovery}");
}

#[test]
fn lint_passes_the_seed_catalogs() {
    for name in [
        "atomwrite.json",
        "sqlite-graphrag.toml",
        "sqlite-graphrag.json",
    ] {
        let run = failwise(&["catalog", "lint", "--strict", &fixture(name)]);
        assert_eq!(run.status, 0, "{name}: {}", run.stderr);
        assert!(run.stderr.ends_with(", 0 warning(s)\n"), "{}", run.stderr);
    }
}

const NOISY: &str = r#"{"tool":"noisy","codes":[
  {"code":"A","exit":1,"error_class":"permanent","retry":"no","message":"Bad {thing}.","recovery":"try again"},
  {"code":"B","exit":1,"error_class":"transient","retry":"yes","message":"Bad {thing}.","recovery":"pass --b","params":["thing"],"doc":"b","status":"deprecated"}
]}"#;

#[test]
fn lint_warns_and_blocks_only_with_strict() {
    let dir = tempfile::tempdir().unwrap();
    let path = temp_file(&dir, "noisy.json", NOISY);
    let run = failwise(&["catalog", "lint", &path]);
    assert_eq!(run.status, 0);
    let warnings = run.stderr.replace(&path, "noisy.json");
    insta::assert_snapshot!(warnings);
    let strict = failwise(&["catalog", "lint", "--strict", &path, "--json"]);
    assert_eq!(strict.status, 1);
    assert_eq!(envelope(&strict.stdout)["code"], "LINT_WARNINGS");
}

#[test]
fn diff_reports_breaking_changes_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    let old = std::fs::read_to_string(fixture("sqlite-graphrag.json")).unwrap();
    let new = old
        .replace("\"exit\": 9", "\"exit\": 19")
        .replace(
            "\"code\": \"EMBEDDING_FAILED\"",
            "\"code\": \"EMBEDDING_ERROR\"",
        )
        .replace("\"waited_secs\"\n", "\"waited_secs\", \"slot\"\n");
    let old_path = temp_file(&dir, "old.json", &old);
    let new_path = temp_file(&dir, "new.json", &new);
    let run = failwise(&["catalog", "diff", &old_path, &new_path]);
    assert_eq!(run.status, 1);
    let e = envelope(&run.stdout);
    assert_eq!(e["code"], "BREAKING_CHANGE");
    assert_eq!(e["params"]["count"], 2);
    let report: Vec<&str> = run.stdout.lines().filter(|l| !l.starts_with('{')).collect();
    insta::assert_snapshot!(report.join("\n"));
}

#[test]
fn diff_of_compatible_changes_succeeds() {
    let dir = tempfile::tempdir().unwrap();
    let old = std::fs::read_to_string(fixture("sqlite-graphrag.json")).unwrap();
    let new = old.replace("\"doc\": \"No memory", "\"doc\": \"Nothing");
    let run = failwise(&[
        "catalog",
        "diff",
        &temp_file(&dir, "o.json", &old),
        &temp_file(&dir, "n.json", &new),
    ]);
    assert_eq!(run.status, 0, "{}", run.stdout);
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn an_unreadable_catalog_is_an_envelope() {
    let run = failwise(&[
        "explain",
        "X",
        "--catalog",
        "/no/such/catalog.json",
        "--json",
    ]);
    assert_eq!(run.status, 66);
    assert_eq!(envelope(&run.stdout)["code"], "INPUT_UNREADABLE");
    let dir = tempfile::tempdir().unwrap();
    let bad = temp_file(&dir, "bad.toml", "tool = 3\n");
    let run = failwise(&["catalog", "lint", &bad, "--json"]);
    assert_eq!(run.status, 65);
    assert_eq!(envelope(&run.stdout)["code"], "CATALOG_INVALID");
}

#[test]
fn docs_markdown_has_an_anchor_per_code() {
    let run = failwise(&[
        "catalog",
        "docs",
        &fixture("sqlite-graphrag.toml"),
        "--format",
        "md",
    ]);
    assert_eq!(run.status, 0);
    for code in ["NOT_FOUND", "DUPLICATE", "CONFIG_INVALID"] {
        assert!(
            run.stdout.contains(&format!("<a id=\"{code}\"></a>")),
            "{code}"
        );
    }
}

#[test]
fn explain_shows_a_catalogs_translation_in_the_chosen_language() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = temp_file(
        &dir,
        "app.toml",
        r#"tool = "app"
version = "1.0.0"

[[codes]]
code = "APP_NO_CONFIG"
exit = 78
error_class = "precondition_failed"
retry = "no"
message = "no config at {path}"
recovery = "run `app init --path {path}`"
params = ["path"]
doc = "The configuration file does not exist."

[codes.translations.pt-BR]
message = "nenhuma configuração em {path}"
recovery = "rode `app init --path {path}`"
"#,
    );
    let pt = failwise(&[
        "explain",
        "APP_NO_CONFIG",
        "--catalog",
        &catalog,
        "--lang",
        "pt-BR",
    ]);
    assert_eq!(pt.status, 0, "{}", pt.stderr);
    assert!(
        pt.stdout
            .contains("  mensagem         nenhuma configuração em {path} (pt-BR)"),
        "{}",
        pt.stdout
    );
    insta::assert_snapshot!("explain_translated_pt_br", pt.stdout);
    let en = failwise(&[
        "explain",
        "APP_NO_CONFIG",
        "--catalog",
        &catalog,
        "--lang",
        "en",
    ]);
    assert!(
        en.stdout.contains("  message      no config at {path}\n"),
        "{}",
        en.stdout
    );
    assert!(!en.stdout.contains("nenhuma configuração em {path} (pt-BR)"));
}

/// `catalog lint`'s findings and summary on stderr read in the chosen language.
#[test]
fn lint_speaks_the_chosen_language() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("app.json");
    std::fs::write(
        &file,
        r#"{"tool":"app","version":"1.0.0","codes":[{"code":"X2","exit":4,
        "error_class":"permanent","retry":"no","message":"oops","recovery":"retry it","doc":""}]}"#,
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let english = failwise(&["catalog", "lint", file]);
    assert!(
        english
            .stderr
            .ends_with(&format!("{file}: 1 code(s), 2 warning(s)\n")),
        "{}",
        english.stderr
    );
    let portuguese = failwise(&["--lang", "pt-BR", "catalog", "lint", file]);
    assert_eq!(portuguese.status, 0);
    assert!(
        portuguese
            .stderr
            .ends_with(&format!("{file}: 1 código, 2 avisos\n")),
        "{}",
        portuguese.stderr
    );
    assert!(
        portuguese
            .stderr
            .contains("aviso[DOC_MISSING] X2: sem texto de doc"),
        "{}",
        portuguese.stderr
    );
}

/// `explain --format human` shows a control character of a catalog's texts as its escape,
/// never sends it raw to the terminal.
#[test]
fn explain_shows_control_characters_of_a_catalog_as_escapes() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = r#"{"tool":"t\u001b]0;pwned\u0007","codes":[
  {"code":"APP_FAILED","exit":1,"error_class":"permanent","retry":"no","message":"bad \u001b[2J thing","recovery":"run `t \u001b[31mfix`","doc":"doc \u001b]0;x\u0007 text"}
]}"#;
    let path = temp_file(&dir, "esc.json", catalog);
    let run = failwise(&[
        "explain",
        "APP_FAILED",
        "--catalog",
        &path,
        "--format",
        "human",
    ]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        !run.stdout.contains('\u{1b}') && !run.stdout.contains('\u{7}'),
        "{:?}",
        run.stdout
    );
    assert!(
        run.stdout.contains(r"bad \u{1b}[2J thing"),
        "{}",
        run.stdout
    );
}

/// An unreadable input's recovery names only what works: reading stdin with `-` is not put
/// forward where a command takes no `-`.
#[test]
fn an_unreadable_catalog_is_not_told_to_read_stdin() {
    let run = failwise(&["--json", "catalog", "lint", "/nonexistent/catalog.json"]);
    assert_ne!(run.status, 0);
    let value = envelope(&run.stdout);
    let recovery = value["recovery"].as_str().unwrap_or_default();
    assert!(
        !recovery.contains('-') || !recovery.contains("stdin"),
        "{recovery}"
    );
    assert!(recovery.contains("/nonexistent/catalog.json"), "{recovery}");
}

/// A diff of a catalog with itself says so in the human form, rather than printing nothing.
#[test]
fn a_diff_without_changes_says_so() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../failwise/tests/fixtures/catalogs/atomwrite.json"
    );
    let run = crate::support::failwise(&["catalog", "diff", file, file, "--format", "human"]);
    assert_eq!(run.status, 0);
    assert!(run.stdout.contains("no change"), "{}", run.stdout);
}
