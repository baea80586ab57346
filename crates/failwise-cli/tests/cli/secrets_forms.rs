//! A registered secret in the forms it takes on its way out: a value with whitespace around
//! it (masked in the pass-through as in the envelope), a JSON line that spells it with
//! escapes (masked in `normalize`'s pass-through), and a value that cannot be masked (its
//! warning names the variable only).

use std::io::Write as _;
use std::process::{Command, Stdio};

/// Runs `failwise ARGS` with `vars` and `input` on stdin; the exit status, stdout and stderr.
fn failwise_raw(args: &[&str], vars: &[(&str, &str)], input: &str) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_failwise"));
    cmd.args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("it ends");
    (
        out.status.code().expect("exited"),
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

const PRINT_TRIMMED: &str =
    r#"printf "token=%s. done\n" "$(printf %s "$MY_TOKEN" | tr -d ' \n')" >&2; exit 1"#;

/// A value registered with whitespace around it (from the environment or `--secret`) is
/// masked in the stream passed through wherever the envelope masks it: the command printing
/// the value without its whitespace shows it in neither.
#[test]
fn a_secret_with_whitespace_around_it_is_masked_in_the_pass_through() {
    let bare = "S3cr3tValue99";
    let from_env = ["S3cr3tValue99\n", "  S3cr3tValue99  "];
    for value in from_env {
        let (status, stdout, stderr) = failwise_raw(
            &["run", "--", "sh", "-c", PRINT_TRIMMED],
            &[("MY_TOKEN", value)],
            "",
        );
        assert_eq!(status, 1, "{value:?}: {stdout}");
        assert!(!stderr.contains(bare), "{value:?}: {stderr}");
        assert!(stderr.contains("token=[REDACTED:secret]. done"), "{stderr}");
        let envelope = crate::support::envelope(&stdout);
        assert_eq!(
            envelope["params"]["stderr"], "token=[REDACTED:secret]. done\n",
            "{stdout}"
        );
    }
    let (status, stdout, stderr) = failwise_raw(
        &[
            "run",
            "--secret",
            "S3cr3tValue99 ",
            "--",
            "sh",
            "-c",
            PRINT_TRIMMED,
        ],
        &[("PLAIN", "x"), ("MY_TOKEN", bare)],
        "",
    );
    assert_eq!(status, 1, "{stdout}");
    assert!(!stderr.contains(bare), "{stderr}");
    assert!(!stdout.contains(bare), "{stdout}");
}

/// A JSON line `normalize` passes through that spells a registered value with `\uXXXX`
/// escapes (of any of its characters, in either case of hex digits, or as a surrogate pair)
/// has it masked, and stays JSON: a JSON parser reading the line never gets the value back.
#[test]
fn a_json_escaped_secret_is_masked_in_normalize_pass_through() {
    let secret = "S3cr3t-Value-XyZ-42";
    let lines = [
        r#"{"ok":true,"t":"S3cr3t\u002dValue-XyZ-42"}"#,
        r#"{"ok":true,"t":"\u0053\u0033cr3t-Value-XyZ-42 and more"}"#,
        r#"{"ok":true,"t":"S3cr3t-Value-X\u0079Z-4\u0032"}"#,
        r#"{"ok":true,"t":"pre S3cr3t\/Value"}"#,
    ];
    let mut input = lines[..3].join("\n");
    input.push('\n');
    let (status, stdout, _) = failwise_raw(&["normalize"], &[("MY_SECRET_TOKEN", secret)], &input);
    assert_eq!(status, 0, "{stdout}");
    let read: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(read.len(), 3, "{stdout}");
    for value in &read {
        let t = value["t"].as_str().expect("a string");
        assert!(!t.contains(secret), "{t}");
        assert!(t.contains("[REDACTED:secret]"), "{t}");
        assert_eq!(value["ok"], true);
    }
    // The text around the value is kept.
    assert!(
        read[1]["t"]
            .as_str()
            .is_some_and(|t| t.ends_with(" and more"))
    );
    // A line whose escapes spell no registered value is passed through byte for byte.
    let (_, stdout, _) = failwise_raw(
        &["normalize"],
        &[("MY_SECRET_TOKEN", secret)],
        &format!("{}\n", lines[3]),
    );
    assert_eq!(stdout, format!("{}\n", lines[3]));
}

/// A value refused because a word of the envelope's vocabulary holds it is named by its
/// variable only: the warning quotes neither the value nor the word that holds it.
#[test]
fn the_masking_warning_names_the_variable_only() {
    let value = "recondition_faile";
    let (status, _, stderr) = failwise_raw(
        &["run", "--", "sh", "-c", "exit 1"],
        &[("MY_SECRET", value)],
        "",
    );
    assert_eq!(status, 1);
    let warning = stderr
        .lines()
        .find(|l| l.starts_with("failwise: warning:"))
        .unwrap_or_else(|| panic!("a warning: {stderr}"));
    assert!(warning.contains("MY_SECRET"), "{warning}");
    assert!(!warning.contains(value), "{warning}");
    assert!(!warning.contains("precondition_failed"), "{warning}");
    // The same refusal of a `--secret` value is an envelope that quotes no word holding it.
    let (status, stdout, _) = failwise_raw(&["run", "--secret", value, "--", "true"], &[], "");
    assert_eq!(status, 2, "{stdout}");
    assert_eq!(
        crate::support::envelope(&stdout)["code"],
        "SECRET_NOT_REGISTERED"
    );
    assert!(!stdout.contains("precondition_failed"), "{stdout}");
}
