//! `-` reads standard input wherever a file is read, one test per argument, and a command line
//! that names it twice is answered with a usage envelope before anything is read.

use crate::support::{envelope, failwise, failwise_stdin};

fn fixture(name: &str) -> String {
    format!(
        "{}/../failwise/tests/fixtures/catalogs/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn catalog_text(name: &str) -> String {
    std::fs::read_to_string(fixture(name)).expect("the fixture")
}

/// What a run said with a file, and with the same text on standard input through `-` in the
/// same place: both must agree, but for the input's name.
fn same_with_dash(args_with_file: &[&str], file: &str, text: &str) {
    let by_file = failwise(args_with_file);
    let args: Vec<&str> = args_with_file
        .iter()
        .map(|a| if *a == file { "-" } else { a })
        .collect();
    let by_stdin = failwise_stdin(&args, text);
    assert_eq!(
        by_file.status, by_stdin.status,
        "{args:?}: {}",
        by_stdin.stdout
    );
    assert_eq!(
        by_file.stdout.replace(file, "-"),
        by_stdin.stdout,
        "{args:?}"
    );
}

#[test]
fn suggest_word_reads_the_vocabulary_from_stdin() {
    let run = failwise_stdin(
        &["suggest", "word", "exet", "--vocabulary", "-", "--json"],
        "exec\nexit\nrun\n",
    );
    assert_eq!(run.status, 0, "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "{\"nearby\":[\"exec\",\"exit\"],\"word\":\"exet\"}\n"
    );
}

#[test]
fn suggest_lines_reads_the_needle_or_the_haystack_from_stdin() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let haystack = dir.path().join("lib.rs");
    std::fs::write(&haystack, "fn main() {\n    println!(\"hi\");\n}\n").expect("written");
    let needle = dir.path().join("old.txt");
    std::fs::write(&needle, "println!(\"hi\");").expect("written");
    let (haystack, needle) = (haystack.to_str().unwrap(), needle.to_str().unwrap());
    let args = [
        "--json",
        "suggest",
        "lines",
        "--needle",
        needle,
        "--haystack",
        haystack,
    ];
    same_with_dash(&args, needle, "println!(\"hi\");");
    let from_file = failwise(&args);
    let value: serde_json::Value = serde_json::from_str(&from_file.stdout).expect("JSON");
    assert_eq!(value["candidates"][0]["line"], 2, "{value}");
    // The haystack from stdin is named as given.
    let run = failwise_stdin(
        &[
            "--json",
            "suggest",
            "lines",
            "--needle",
            needle,
            "--haystack",
            "-",
        ],
        "fn main() {\n    println!(\"hi\");\n}\n",
    );
    assert_eq!(run.status, 0, "{}", run.stdout);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(
        (&value["path"], &value["candidates"][0]["line"]),
        (&"-".into(), &2.into())
    );
}

#[test]
fn catalog_lint_reads_json_or_toml_from_stdin() {
    for name in ["atomwrite.json", "sqlite-graphrag.toml"] {
        let run = failwise_stdin(&["catalog", "lint", "-"], &catalog_text(name));
        assert_eq!(run.status, 0, "{name}: {}", run.stdout);
        assert!(run.stderr.starts_with("-: "), "{name}: {}", run.stderr);
        assert!(
            run.stderr.ends_with(" code(s), 0 warning(s)\n"),
            "{}",
            run.stderr
        );
    }
    // What is neither is a CATALOG_INVALID envelope naming `-`.
    let run = failwise_stdin(&["--json", "catalog", "lint", "-"], "not = [a catalog");
    assert_eq!(run.status, 65);
    let value = envelope(&run.stdout);
    assert_eq!(
        (&value["code"], &value["params"]["path"]),
        (&"CATALOG_INVALID".into(), &"-".into())
    );
}

#[test]
fn catalog_docs_reads_the_catalog_from_stdin() {
    let file = fixture("sqlite-graphrag.toml");
    same_with_dash(
        &["catalog", "docs", &file],
        &file,
        &catalog_text("sqlite-graphrag.toml"),
    );
    let run = failwise_stdin(&["catalog", "docs", "-"], &catalog_text("atomwrite.json"));
    assert!(
        run.stdout.starts_with("# atomwrite error codes"),
        "{}",
        run.stdout
    );
}

#[test]
fn catalog_diff_reads_old_or_new_from_stdin() {
    let (old, new) = (fixture("atomwrite.json"), fixture("sqlite-graphrag.json"));
    let text = catalog_text("atomwrite.json");
    same_with_dash(&["catalog", "diff", &old, &new], &old, &text);
    let text = catalog_text("sqlite-graphrag.json");
    same_with_dash(&["catalog", "diff", &old, &new], &new, &text);
    let run = failwise(&["catalog", "diff", &old, &new]);
    assert_eq!(run.status, 1, "the two catalogs differ in breaking ways");
}

#[test]
fn explain_reads_the_catalog_from_stdin() {
    let file = fixture("atomwrite.json");
    let args = ["explain", "WORKSPACE_JAIL", "--catalog", &file];
    same_with_dash(&args, &file, &catalog_text("atomwrite.json"));
    let run = failwise_stdin(
        &["explain", "WORKSPACE_JAIL", "--catalog", "-"],
        &catalog_text("atomwrite.json"),
    );
    assert!(
        run.stdout.starts_with("WORKSPACE_JAIL (atomwrite)"),
        "{}",
        run.stdout
    );
}

#[test]
fn validate_reads_the_catalog_from_stdin_when_a_file_is_named() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let lines = dir.path().join("errors.ndjson");
    let wrong_exit = r#"{"error":true,"code":"FILE_NOT_FOUND","exit":5,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r"}"#;
    std::fs::write(&lines, format!("{wrong_exit}\n")).expect("written");
    let lines = lines.to_str().unwrap();
    let file = fixture("atomwrite.json");
    let args = ["--json", "validate", "--catalog", &file, lines];
    same_with_dash(&args, &file, &catalog_text("atomwrite.json"));
    let run = failwise(&args);
    assert_eq!(run.status, 1);
    assert_eq!(
        envelope(&run.stdout)["params"]["problem"],
        "CATALOG_EXIT_MISMATCH"
    );
}

/// Standard input named twice, by every command that reads more than one input: a usage
/// envelope (exit 2) naming both arguments, before anything is read.
#[test]
fn stdin_named_twice_is_a_usage_envelope() {
    let catalog = fixture("atomwrite.json");
    let cases: [(&[&str], &str, &str); 6] = [
        (&["catalog", "diff", "-", "-"], "OLD", "NEW"),
        (
            &["suggest", "lines", "--needle", "-", "--haystack", "-"],
            "--needle",
            "--haystack",
        ),
        (&["validate", "--catalog", "-"], "--catalog", "FILE"),
        (
            &["validate", "--catalog", "-", &catalog, "-"],
            "--catalog",
            "FILE 2",
        ),
        (&["validate", "-", "-"], "FILE 1", "FILE 2"),
        (&["normalize", "a.ndjson", "-", "-"], "FILE 2", "FILE 3"),
    ];
    for (args, first, second) in cases {
        let mut line = vec!["--json"];
        line.extend_from_slice(args);
        let run = failwise_stdin(&line, "{}\n");
        assert_eq!(run.status, 2, "{args:?}: {}", run.stdout);
        assert_eq!(run.stdout.lines().count(), 1, "{args:?}: only the envelope");
        let value = envelope(&run.stdout);
        assert_eq!(value["code"], "STDIN_NAMED_TWICE", "{args:?}");
        assert_eq!(
            (
                value["params"]["first"].as_str(),
                value["params"]["second"].as_str()
            ),
            (Some(first), Some(second)),
            "{args:?}"
        );
    }
    let run = failwise_stdin(&["--json", "catalog", "diff", "-", "-"], "");
    insta::assert_snapshot!(run.stdout);
}

/// A file whose name is not UTF-8 is read like any other by every subcommand that takes a
/// file; its envelopes name it with U+FFFD where the name is not UTF-8.
#[test]
fn a_file_name_that_is_not_utf8_is_read() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().expect("a temp dir");
    let name = |stem: &[u8]| dir.path().join(OsStr::from_bytes(stem));
    let catalog = name(b"cat\xff.json");
    std::fs::write(
        &catalog,
        r#"{"tool":"app","version":"1.0.0","codes":[{"code":"GONE","exit":4,"error_class":"permanent","retry":"no","message":"it is gone","recovery":"make it again"}]}"#,
    )
    .expect("written");
    let records = name(b"rec\xfe.ndjson");
    std::fs::write(&records, "{\"not\":\"an envelope\"}\n").expect("written");
    let bin = env!("CARGO_BIN_EXE_failwise");
    let run = |args: &[&OsStr]| {
        let out = std::process::Command::new(bin)
            .args(args)
            .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
            .output()
            .expect("the binary runs");
        (
            out.status.code().expect("exited"),
            String::from_utf8(out.stdout).expect("utf-8"),
        )
    };
    let os = OsStr::new;
    let (status, stdout) = run(&[os("validate"), records.as_os_str()]);
    assert_eq!(status, 1, "{stdout}");
    assert!(stdout.contains("NOT_AN_ENVELOPE"), "{stdout}");
    assert!(!stdout.contains("INVALID_UTF8"), "{stdout}");
    let (status, stdout) = run(&[os("catalog"), os("lint"), catalog.as_os_str()]);
    assert_eq!(status, 0, "{stdout}");
    let (status, stdout) = run(&[
        os("explain"),
        os("GONE"),
        os("--catalog"),
        catalog.as_os_str(),
    ]);
    assert_eq!(status, 0, "{stdout}");
    assert!(stdout.contains("it is gone"), "{stdout}");
    let (status, stdout) = run(&[
        os("catalog"),
        os("diff"),
        catalog.as_os_str(),
        catalog.as_os_str(),
    ]);
    assert_eq!(status, 0, "{stdout}");
    let missing = name(b"gone\xff.json");
    let (status, stdout) = run(&[os("catalog"), os("lint"), missing.as_os_str()]);
    assert_eq!(status, 66, "{stdout}");
    assert!(stdout.contains("gone\u{fffd}.json"), "{stdout}");
}

/// Standard input that cannot be read (redirected from a directory) is said as standard input:
/// the recovery speaks of what stdin is redirected from, never "check that - exists".
#[test]
fn unreadable_standard_input_is_named_as_such() {
    let dir = tempfile::tempdir().expect("a directory");
    let commands: [&[&str]; 4] = [
        &["catalog", "lint", "-"],
        &["suggest", "word", "x", "--vocabulary", "-"],
        &["validate", "-"],
        &["normalize", "-"],
    ];
    for args in commands {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_failwise"))
            .args(args)
            .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG")
            .stdin(std::fs::File::open(dir.path()).expect("the directory opens"))
            .output()
            .expect("it runs");
        let stdout = String::from_utf8(out.stdout).expect("UTF-8");
        assert_eq!(out.status.code(), Some(66), "{args:?}: {stdout}");
        let value = envelope(&stdout);
        assert_eq!(value["code"], "STDIN_UNREADABLE", "{args:?}");
        assert_eq!(value["params"]["path"], "-", "{args:?}");
        let recovery = value["recovery"].as_str().expect("a recovery");
        assert!(recovery.contains("standard input"), "{args:?}: {recovery}");
        assert!(!recovery.contains("that - exists"), "{args:?}: {recovery}");
        let message = value["message"].as_str().expect("a message");
        assert!(message.contains("standard input"), "{args:?}: {message}");
    }
}
