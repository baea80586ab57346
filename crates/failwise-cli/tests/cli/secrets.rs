//! `failwise run` never prints a secret from the child's environment that the child wrote to
//! its stderr or stdout: the pass-through and the envelope mask it, mark the place, and count
//! it.

use proptest::prelude::*;

use crate::support::{Run, envelope, failwise_with_env};

/// Runs `sh -c script` under `failwise run` with `vars` set.
fn run_sh(flags: &[&str], script: &str, vars: &[(&str, &str)]) -> Run {
    let mut args = vec!["run"];
    args.extend_from_slice(flags);
    args.extend_from_slice(&["--", "sh", "-c", script]);
    failwise_with_env(&args, vars)
}

const LEAK: &str = r#"echo "login failed with token $SERVICE_API_TOKEN" >&2; exit 3"#;

#[test]
fn an_env_secret_written_to_stderr_is_masked_in_the_envelope() {
    let secret = "s3cr3t-Value-0123456789";
    let run = run_sh(&[], LEAK, &[("SERVICE_API_TOKEN", secret)]);
    assert_eq!(run.status, 3);
    assert!(!run.stdout.contains(secret), "{}", run.stdout);
    let value = envelope(&run.stdout);
    assert!(
        value["params"]["stderr"]
            .as_str()
            .unwrap()
            .contains("token [REDACTED:secret]")
    );
    assert_eq!(value["params"]["redacted"], 1);
}

#[test]
fn the_flags_turn_env_secrets_off_and_add_others() {
    let secret = "s3cr3t-Value-0123456789";
    let shown = run_sh(
        &["--no-env-secrets"],
        LEAK,
        &[("SERVICE_API_TOKEN", secret)],
    );
    assert!(
        shown.stdout.contains(secret),
        "without env secrets the value is plain data"
    );
    let by_name = run_sh(
        &["--no-env-secrets", "--secret-env", "PLAIN_NAME"],
        r#"echo "value $PLAIN_NAME" >&2; exit 1"#,
        &[("PLAIN_NAME", secret)],
    );
    assert!(!by_name.stdout.contains(secret), "{}", by_name.stdout);
    let by_value = run_sh(
        &["--secret", "correct-horse-battery"],
        "echo 'pw correct-horse-battery' >&2; exit 1",
        &[],
    );
    assert!(!by_value.stdout.contains("correct-horse-battery"));
}

#[test]
fn a_secret_that_cannot_be_masked_stops_the_run_before_it_starts() {
    let run = run_sh(&["--secret", "short"], "echo ran; exit 0", &[]);
    assert_eq!(run.status, 2);
    assert!(!run.stdout.contains("ran"), "the command did not run");
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], "SECRET_NOT_REGISTERED");
    assert_eq!(value["params"]["reason"], "too_short");
    let pt = failwise_with_env(
        &[
            "--lang",
            "pt-BR",
            "run",
            "--secret-env",
            "NOPE_UNSET",
            "--",
            "true",
        ],
        &[],
    );
    let value = envelope(&pt.stdout);
    assert_eq!(value["code"], "SECRET_ENV_UNSET");
    assert_eq!(value["lang"], "pt-BR");
    insta::assert_snapshot!("secret_env_unset_pt_br", pt.stdout);
}

#[test]
fn a_secret_across_the_stderr_cut_leaves_no_fragment() {
    // The 4 KiB tail of stderr starts inside the secret: the whole stderr is redacted before
    // it is cut.
    let secret = "ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnop";
    for shift in [0usize, 5, 20, 40] {
        let after = 4096 - shift;
        let script = format!(
            r#"printf '%s' "$DEPLOY_SECRET" >&2; head -c {after} /dev/zero | tr '\0' 'x' >&2; exit 1"#
        );
        let run = run_sh(&[], &script, &[("DEPLOY_SECRET", secret)]);
        let value = envelope(&run.stdout);
        let tail = value["params"]["stderr"].as_str().unwrap();
        for window in secret.as_bytes().windows(6) {
            let fragment = std::str::from_utf8(window).unwrap();
            assert!(
                !tail.contains(fragment),
                "shift {shift}: {fragment} in {tail:.80}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Secrets of any printable content, in the child's environment and echoed to its stderr,
    /// never reach failwise's stdout or stderr.
    #[test]
    fn run_never_prints_an_env_secret_from_stderr(
        secret in "[A-Za-z0-9 .*+?()\\[\\]{}|^$/é漢-]{8,40}",
        before in "[a-z ]{0,20}",
    ) {
        prop_assume!(failwise::redact::Redactor::new().register(secret.clone()).is_ok());
        prop_assume!(!secret.trim().is_empty() && !secret.starts_with('-'));
        let script = format!(r#"printf '%s%s\n' "{before}" "$APP_PASSWORD" >&2; exit 1"#);
        let run = run_sh(&[], &script, &[("APP_PASSWORD", secret.as_str())]);
        prop_assert!(!run.stdout.contains(&secret), "{}", run.stdout);
        prop_assert!(!run.stderr.contains(&secret), "{}", run.stderr);
        let value = envelope(&run.stdout);
        prop_assert!(value["params"]["redacted"].as_u64().unwrap_or(0) >= 1);
    }
}

/// Runs `failwise run FLAGS -- sh -c SCRIPT` with `vars`, returning the exit status and the raw
/// bytes of stdout and stderr.
fn run_bytes(flags: &[&str], script: &str, vars: &[(&str, &str)]) -> (i32, Vec<u8>, Vec<u8>) {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_failwise"));
    cmd.arg("run")
        .args(flags)
        .args(["--", "sh", "-c", script])
        .stdin(std::process::Stdio::null())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests");
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the binary runs");
    (out.status.code().expect("exited"), out.stdout, out.stderr)
}

fn has(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[test]
fn run_never_prints_a_secret_from_the_environment_in_the_commands_output() {
    let secret = "p4ss-W0rd-0f-the-day";
    let (status, stdout, stderr) = run_bytes(
        &[],
        r#"echo "$SECRET_TOKEN" >&2; echo "x $SECRET_TOKEN y"; exit 3"#,
        &[("SECRET_TOKEN", secret)],
    );
    assert_eq!(status, 3);
    assert!(
        !has(&stdout, secret),
        "{}",
        String::from_utf8_lossy(&stdout)
    );
    assert!(
        !has(&stderr, secret),
        "{}",
        String::from_utf8_lossy(&stderr)
    );
    assert_eq!(stderr, b"[REDACTED:secret]\n");
    let stdout = String::from_utf8(stdout).expect("utf-8");
    assert!(stdout.starts_with("x [REDACTED:secret] y\n"), "{stdout}");
    let value = envelope(&stdout);
    assert_eq!(value["exit"], 3);
    // Two values masked as they passed, one more in the envelope's copy of stderr.
    assert_eq!(value["params"]["output_redacted"], 2, "{stdout}");
    assert_eq!(value["params"]["redacted"], 1, "{stdout}");
    assert_eq!(value["params"]["stderr"], "[REDACTED:secret]\n");
}

#[test]
fn secrets_given_by_flag_are_masked_in_the_output_and_the_opt_out_passes_it_unchanged() {
    let secret = "correct-horse-battery";
    let script = r#"printf 'pw correct-horse-battery\nbye'; exit 1"#;
    let (_, stdout, _) = run_bytes(&["--secret", secret], script, &[]);
    assert!(
        stdout.starts_with(b"pw [REDACTED:secret]\nbye\n"),
        "{}",
        String::from_utf8_lossy(&stdout)
    );
    let (status, stdout, _) = run_bytes(&["--secret", secret, "--no-redact-output"], script, &[]);
    assert_eq!(status, 1);
    assert!(stdout.starts_with(b"pw correct-horse-battery\nbye\n"));
    // The envelope is still redacted, and counts nothing masked in the output.
    let value = envelope(std::str::from_utf8(&stdout).expect("utf-8"));
    assert!(value["params"].get("output_redacted").is_none());
    assert!(!has(&stdout[stdout.len() - 200..], secret));
    // With --no-env-secrets, a secret-named variable is plain data in the output too.
    let (_, stdout, stderr) = run_bytes(
        &["--no-env-secrets"],
        r#"echo "$SECRET_TOKEN" >&2; exit 1"#,
        &[("SECRET_TOKEN", secret)],
    );
    assert_eq!(stderr, format!("{secret}\n").as_bytes());
    assert!(has(&stdout, secret));
}

#[test]
fn a_short_environment_value_is_not_masked_in_the_output() {
    // Values under the registration minimum (8 characters) would mask ordinary words.
    let (_, _, stderr) = run_bytes(
        &[],
        r#"echo "the $SHORT_TOKEN value" >&2; exit 1"#,
        &[("SHORT_TOKEN", "abc")],
    );
    let stderr = String::from_utf8(stderr).expect("utf-8");
    assert!(stderr.ends_with("\nthe abc value\n"), "{stderr}");
}

/// Runs `failwise ARGS` with `vars` given as bytes (values that need not be UTF-8).
fn run_raw(args: &[&str], vars: &[(&str, &[u8])]) -> (i32, Vec<u8>, Vec<u8>) {
    use std::os::unix::ffi::OsStrExt;
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_failwise"));
    cmd.args(args)
        .stdin(std::process::Stdio::null())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests");
    for (k, v) in vars {
        cmd.env(k, std::ffi::OsStr::from_bytes(v));
    }
    let out = cmd.output().expect("the binary runs");
    (out.status.code().expect("exited"), out.stdout, out.stderr)
}

#[test]
fn a_secret_that_is_not_utf8_is_masked_by_its_bytes_in_the_output_passed_through() {
    let value: &[u8] = b"S3cr3t-\xffValue-XyZ-42";
    let script = r#"echo "token: $X" >&2; echo "out $X"; exit 1"#;
    for (flags, name) in [
        (&["--secret-env", "X"][..], "X"),
        (&[][..], "MY_SECRET_TOKEN"),
    ] {
        let script = script.replace("$X", &format!("${name}"));
        let mut args = vec!["run"];
        args.extend_from_slice(flags);
        args.extend(["--", "sh", "-c", &script]);
        let (status, stdout, stderr) = run_raw(&args, &[(name, value)]);
        assert_eq!(status, 1);
        let shown = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        assert!(
            !stderr.windows(value.len()).any(|w| w == value),
            "{}",
            shown(&stderr)
        );
        assert!(
            !stdout.windows(value.len()).any(|w| w == value),
            "{}",
            shown(&stdout)
        );
        assert_eq!(stderr, b"token: [REDACTED:secret]\n", "{name}");
        assert!(
            stdout.starts_with(b"out [REDACTED:secret]\n"),
            "{}",
            shown(&stdout)
        );
        let value = envelope(&shown(&stdout));
        assert_eq!(value["params"]["stderr"], "token: [REDACTED:secret]\n");
    }
}

#[test]
fn a_secret_the_syntax_of_the_line_could_spell_is_refused_and_a_label_is_sealed() {
    for secret in [
        r#"retry":"no""#,
        r#"EXIT_3","exit"#,
        r#""exit":3,"message""#,
    ] {
        let (status, stdout, _) = run_raw(
            &[
                "run", "--json", "--secret", secret, "--", "sh", "-c", "exit 3",
            ],
            &[],
        );
        assert_eq!(status, 2, "{secret}");
        let value = envelope(std::str::from_utf8(&stdout).expect("utf-8"));
        assert_eq!(value["code"], "SECRET_NOT_REGISTERED");
        assert_eq!(value["params"]["reason"], "wire_syntax");
    }
    for (lang, secret) in [
        ("en", "error[EXIT_3]"),
        ("en", "ambiguous · retry"),
        ("pt-BR", "erro[EXIT_3]"),
    ] {
        let lang = format!("--lang={lang}");
        let args = [
            "run", "--format", "human", &lang, "--secret", secret, "--", "sh", "-c", "exit 3",
        ];
        let (status, stdout, _) = run_raw(&args, &[]);
        assert_eq!(status, 3);
        let stdout = String::from_utf8(stdout).expect("utf-8");
        assert!(!stdout.contains(secret), "{stdout}");
        assert!(stdout.contains("[REDACTED:secret]"), "{stdout}");
    }
}

#[test]
fn an_environment_secret_that_cannot_be_masked_is_named_once_on_stderr() {
    let (status, stdout, stderr) = run_raw(
        &["run", "--", "sh", "-c", "echo $DB_PASSWORD >&2; exit 1"],
        &[("DB_PASSWORD", b"98765432101234"), ("XDG_SESSION_ID", b"3")],
    );
    assert_eq!(status, 1);
    let stderr = String::from_utf8(stderr).expect("utf-8");
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("failwise: warning:"))
        .collect();
    assert_eq!(warnings.len(), 1, "{stderr}");
    assert!(warnings[0].contains("DB_PASSWORD"), "{stderr}");
    assert!(!warnings[0].contains("98765432101234"), "{stderr}");
    assert!(!stderr.contains("XDG_SESSION_ID"), "{stderr}");
    // The value itself is not masked (it cannot be): the warning is why.
    assert!(stderr.ends_with("98765432101234\n"));
    assert!(!stdout.is_empty());
}

/// A command line that does not parse still has its secrets masked: the usage envelope shows
/// the bad value, and that value is a `--secret` or an environment secret.
#[test]
fn a_secret_never_reaches_a_usage_envelope() {
    let secret = "p4ss-W0rd-0f-the-day";
    type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)]);
    let cases: [Case; 4] = [
        (
            &[
                "--json",
                "run",
                "--secret",
                secret,
                "--timeout",
                secret,
                "--",
                "true",
            ],
            &[],
        ),
        (
            &["--json", "run", "--retries", secret, "--", "true"],
            &[("SECRET_TOKEN", secret)],
        ),
        (
            &["--json", "normalize", "--from", secret],
            &[("SECRET_TOKEN", secret)],
        ),
        (&["--json", "explain", secret], &[("SECRET_TOKEN", secret)]),
    ];
    for (args, vars) in cases {
        let run = failwise_with_env(args, vars);
        let out = format!("{}{}", run.stdout, run.stderr);
        assert!(!out.contains(secret), "{args:?}: {out}");
        assert!(out.contains("[REDACTED:secret]"), "{args:?}: {out}");
    }
}

/// A secret given by mistake as a duration is never quoted in part: the refusal quotes the
/// whole value, which is masked.
#[test]
fn no_part_of_a_secret_reaches_a_refused_duration() {
    let secret = "2024SuperSecretValue";
    let run = failwise_with_env(
        &[
            "--json",
            "run",
            "--secret",
            secret,
            "--timeout",
            secret,
            "--",
            "true",
        ],
        &[],
    );
    assert_eq!(run.status, 2);
    assert!(!run.stdout.contains("SuperSecret"), "{}", run.stdout);
    assert!(run.stdout.contains("[REDACTED:secret]"), "{}", run.stdout);
}

/// A JSON line that `normalize` passes through has a registered value masked in its escaped
/// form too, and stays JSON: the mask never takes a quotation mark or half an escape with it
/// (cases found by the `redact` fuzz target).
#[test]
fn a_passed_through_json_line_is_masked_in_its_strings_and_stays_json() {
    let cases: [(&str, &str); 3] = [
        (r#"abc"defgh"#, r#"{"msg":"login abc\"defgh refused"}"#),
        (r#"aeuuulc""#, r#"{"msg":"uraeuuulc"}"#),
        (r"abcdefg\", r#"{"msg":"xabcdefg\\y"}"#),
    ];
    for (secret, line) in cases {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_failwise"))
            .args(["normalize", "-"])
            .env("API_TOKEN", secret)
            .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the binary runs");
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().expect("stdin");
            writeln!(stdin, "{line}").expect("written");
        }
        let out = child.wait_with_output().expect("it ends");
        let stdout = String::from_utf8(out.stdout).expect("UTF-8");
        let value: serde_json::Value =
            serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{stdout}: {e}"));
        let msg = value["msg"].as_str().expect("the string");
        assert!(!msg.contains(secret), "{secret}: {msg}");
        assert!(msg.contains("[REDACTED:secret]"), "{msg}");
    }
}

/// A value that ends in punctuation is masked whole in the output passed through, not only its
/// letters (the trailing `:[]"` stayed visible before).
#[test]
fn a_secret_ending_in_punctuation_is_masked_whole_in_the_pass_through() {
    let secret = r#"Zq9abcdefgh:[]""#;
    let (status, stdout, _) = run_bytes(
        &["--secret", secret],
        r#"printf '<%s>\n' "$MY_VALUE""#,
        &[("MY_VALUE", secret)],
    );
    assert_eq!(status, 0);
    assert!(
        stdout.starts_with(b"<[REDACTED:secret]>\n"),
        "{}",
        String::from_utf8_lossy(&stdout)
    );
}

/// Every subcommand that prints what it reads names a secret-named variable it cannot mask,
/// once, as `run` does; one that prints only failwise's own texts stays quiet.
#[test]
fn every_reading_subcommand_names_an_environment_secret_it_cannot_mask() {
    let readers: [&[&str]; 5] = [
        &["normalize", "/dev/null"],
        &["validate", "/dev/null"],
        &["explain", "TIMEOUT"],
        &["suggest", "path", "/nonexistent-dir/x"],
        &["rules", "list"],
    ];
    for args in readers {
        let (_, _, stderr) = run_raw(args, &[("MY_TOKEN", b"abc1234")]);
        let stderr = String::from_utf8(stderr).expect("utf-8");
        assert_eq!(stderr.matches("MY_TOKEN").count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("failwise: warning:"), "{args:?}: {stderr}");
        assert!(!stderr.contains("abc1234"), "{args:?}: {stderr}");
    }
    let (status, _, stderr) = run_raw(&["schema"], &[("MY_TOKEN", b"abc1234")]);
    assert_eq!(status, 0);
    assert!(stderr.is_empty(), "{}", String::from_utf8_lossy(&stderr));
}
