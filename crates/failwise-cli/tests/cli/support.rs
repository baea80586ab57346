//! Running the binary, and checking its envelopes against the committed schema.

use std::process::Command;
use std::sync::OnceLock;

/// What one run printed, and its exit status.
pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `failwise` with `args`, stdout not a terminal (so `--format auto` is JSON), in English
/// (no locale variables, no config file).
pub fn failwise(args: &[&str]) -> Run {
    failwise_with_env(args, &[])
}

/// Runs `failwise` with `args` and the environment variables `vars` added to a neutral
/// environment: no locale variables and a config directory that does not exist, so the
/// machine's own language settings never change what a test sees.
pub fn failwise_with_env(args: &[&str], vars: &[(&str, &str)]) -> Run {
    failwise_in(None, args, vars)
}

/// [`failwise_with_env`] with the working directory `dir` (the test's own when `None`).
pub fn failwise_in(dir: Option<&std::path::Path>, args: &[&str], vars: &[(&str, &str)]) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_failwise"));
    if let Some(dir) = dir {
        cmd.current_dir(dir);
    }
    cmd.args(args)
        .env_remove("NO_COLOR")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests");
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the binary runs");
    Run {
        status: out.status.code().expect("exited, not killed"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs `failwise` with `args` as [`failwise`] does, writing `input` to its standard input.
pub fn failwise_stdin(args: &[&str], input: &str) -> Run {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_failwise"))
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_owned();
    // A command that does not read its input closes the pipe: that write may fail.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer ends");
    Run {
        status: out.status.code().expect("exited, not killed"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../schemas/envelope.v1.schema.json"
        );
        let text = std::fs::read_to_string(path).expect("committed schema");
        let schema: serde_json::Value = serde_json::from_str(&text).expect("schema is JSON");
        jsonschema::draft202012::new(&schema).expect("schema compiles")
    })
}

/// The last line of `stdout` as an envelope, after checking it against the committed schema
/// and the strict reader.
pub fn envelope(stdout: &str) -> serde_json::Value {
    let line = stdout.lines().last().expect("an envelope line");
    let value: serde_json::Value = serde_json::from_str(line).expect("the line is JSON");
    let errors: Vec<String> = validator()
        .iter_errors(&value)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{line}\n{errors:?}");
    failwise::Envelope::from_json(line).expect("the strict reader accepts it");
    value
}

/// The Python interpreter of the virtual environment `name` that `scripts/test` makes from
/// `scripts/python/NAME.txt` (under `$FAILWISE_VENVS`), for tests that check output with a real
/// parser. `None`, with a note on stderr, when it is missing and the tests were not started by
/// `scripts/test`; when `FAILWISE_REAL_PARSERS=required` (set by `scripts/test`) a missing
/// environment fails the test, so CI never passes a real-parser test by skipping it.
#[allow(dead_code, reason = "used by the real-parser tests only")]
#[allow(clippy::print_stderr, reason = "a test that skips says so on stderr")]
pub fn venv_python(name: &str) -> Option<std::path::PathBuf> {
    let required = std::env::var("FAILWISE_REAL_PARSERS").is_ok_and(|v| v == "required");
    let python = std::env::var_os("FAILWISE_VENVS")
        .map(|dir| std::path::Path::new(&dir).join(name).join("bin/python"))
        .filter(|p| p.exists());
    if python.is_none() {
        assert!(
            !required,
            "the Python environment {name} is missing: run scripts/test, which makes it from scripts/python/{name}.txt"
        );
        #[allow(
            clippy::print_stderr,
            reason = "a skipped test says why, as the test harness shows it"
        )]
        {
            eprintln!("skipped: the Python environment {name} is missing (scripts/test makes it)");
        }
    }
    python
}

/// The URL of the Redis server `scripts/test` starts on a free loopback port
/// (`FAILWISE_TEST_REDIS`), for the tests of the shared store. `None`, with a note on stderr,
/// when it is not set and the tests were not started by `scripts/test`; with
/// `FAILWISE_REAL_PARSERS=required` (set by `scripts/test`) a missing server fails the test.
#[allow(dead_code, reason = "used by the Redis tests only")]
#[allow(clippy::print_stderr, reason = "a test that skips says so on stderr")]
pub fn redis_url() -> Option<String> {
    let required = std::env::var("FAILWISE_REAL_PARSERS").is_ok_and(|v| v == "required");
    let url = std::env::var("FAILWISE_TEST_REDIS")
        .ok()
        .filter(|u| !u.is_empty());
    if url.is_none() {
        assert!(
            !required,
            "FAILWISE_TEST_REDIS is not set: run scripts/test, which starts redis-server"
        );
        eprintln!("skipped: no Redis server (scripts/test starts one)");
    }
    url
}

/// A random token, so tests that share one Redis server never share a call or an upstream.
#[allow(dead_code, reason = "used by the Redis tests only")]
pub fn nonce() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    format!("{:016x}", hasher.finish())
}
