//! `recourse run` never prints a secret from the child's environment that the child wrote to
//! its stderr: the envelope masks it, marks the place, and counts it.

use proptest::prelude::*;

use crate::support::{Run, envelope, recourse_with_env};

/// Runs `sh -c script` under `recourse run` with `vars` set.
fn run_sh(flags: &[&str], script: &str, vars: &[(&str, &str)]) -> Run {
    let mut args = vec!["run"];
    args.extend_from_slice(flags);
    args.extend_from_slice(&["--", "sh", "-c", script]);
    recourse_with_env(&args, vars)
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
    let pt = recourse_with_env(
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
    /// never reach recourse's stdout.
    #[test]
    fn run_never_prints_an_env_secret_from_stderr(
        secret in "[A-Za-z0-9 .*+?()\\[\\]{}|^$/é漢-]{8,40}",
        before in "[a-z ]{0,20}",
    ) {
        prop_assume!(recourse::redact::Redactor::new().register(secret.clone()).is_ok());
        prop_assume!(!secret.trim().is_empty() && !secret.starts_with('-'));
        let script = format!(r#"printf '%s%s\n' "{before}" "$APP_PASSWORD" >&2; exit 1"#);
        let run = run_sh(&[], &script, &[("APP_PASSWORD", secret.as_str())]);
        prop_assert!(!run.stdout.contains(&secret), "{}", run.stdout);
        let value = envelope(&run.stdout);
        prop_assert!(value["params"]["redacted"].as_u64().unwrap_or(0) >= 1);
    }
}
