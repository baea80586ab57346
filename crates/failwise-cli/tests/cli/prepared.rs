//! Every subcommand that prints text from elsewhere prints it prepared: a registered secret
//! (here from a secret-named environment variable) and a token shape never come out on stdout,
//! the registered secret not on stderr either, and a long field is cut with `truncated` saying
//! so. One case per subcommand, through one helper.

use std::io::Write;

use crate::support::envelope;

const SECRET: &str = "S3cr3t-Value-XyZ-42";
const TOKEN: &str = "ghp_0123456789abcdefghijABCDEFGHIJ012345";

/// Runs `failwise ARGS` in `dir` with the secret in `MY_SECRET_TOKEN`; returns stdout.
fn run_in(dir: &std::path::Path, args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_failwise"))
        .args(args)
        .current_dir(dir)
        .env("MY_SECRET_TOKEN", SECRET)
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs");
    // stderr carries `run`'s pass-through of the command's own stderr, where registered values
    // are masked and token shapes are not (they could alter legitimate output).
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains(SECRET), "{}: {stderr}", args[0]);
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn write(dir: &std::path::Path, name: &str, text: &str) {
    let mut f = std::fs::File::create(dir.join(name)).expect("a file");
    f.write_all(text.as_bytes()).expect("written");
}

#[test]
fn no_subcommand_prints_a_secret_or_a_token_and_long_fields_are_cut() {
    let dir = tempfile::tempdir().expect("a directory");
    let d = dir.path();
    let long = "x".repeat(5_000);
    let both = format!("{SECRET} {TOKEN}");
    write(
        d,
        "failure.ndjson",
        &format!("{{\"error\":true,\"code\":4,\"message\":\"{both} {long}\"}}\n"),
    );
    write(
        d,
        "bad.ndjson",
        &format!(
            "{{\"error\":true,\"code\":\"X_Y\",\"exit\":3,\"message\":\"m\",\"error_class\":\"{both}\",\"retry\":\"no\",\"retryable\":false,\"recovery\":\"r\"}}\n"
        ),
    );
    write(d, "needle.txt", &format!("beta {both}\n"));
    write(d, "hay.txt", &format!("alpha\nbeta {both}\ngamma\n"));
    let script = format!("echo '{both} {long}' >&2; exit 3");
    let format_value = format!("{SECRET}{TOKEN}");
    // (arguments, whether a field of this output is long enough to be cut)
    let cases: [(Vec<&str>, bool); 7] = [
        (vec!["run", "--json", "--", "sh", "-c", &script], true),
        (vec!["normalize", "failure.ndjson"], true),
        (vec!["validate", "bad.ndjson"], false),
        (
            vec![
                "suggest",
                "lines",
                "--json",
                "--needle",
                "needle.txt",
                "--haystack",
                "hay.txt",
            ],
            false,
        ),
        (
            vec![
                "suggest",
                "word",
                "--json",
                &both,
                "--vocabulary",
                "hay.txt",
            ],
            false,
        ),
        (vec!["explain", "--json", SECRET], false),
        (vec!["--format", &format_value, "schema"], false),
    ];
    for (args, long_field) in cases {
        let stdout = run_in(d, &args);
        assert!(!stdout.contains(SECRET), "{}: {stdout}", args[0]);
        assert!(!stdout.contains(TOKEN), "{}: {stdout}", args[0]);
        assert!(
            stdout.contains("[REDACTED:"),
            "{args:?} shows no marker: {stdout}"
        );
        if long_field {
            let last = stdout.lines().last().unwrap_or_default();
            let value = envelope(last);
            assert!(
                value["truncated"]
                    .as_object()
                    .is_some_and(|t| !t.is_empty()),
                "{args:?}: {last}"
            );
            assert!(last.len() < 10_000, "{args:?}: {} bytes", last.len());
        }
    }
}
