//! The guard's upstream rules with real processes, a real HTTP server and each store (SQLite,
//! and the Redis server `scripts/test` starts): transport failures open a circuit and
//! application failures never do; a `Retry-After` one process was given holds another; two
//! processes with different local state share the guard through Redis; a Redis that is down
//! leaves the command's result untouched.

use std::net::TcpListener;
use std::path::Path;
use std::time::Duration;

use crate::http_server::HttpServer;
use crate::support::{envelope, failwise_in, nonce, redis_url};

/// `failwise run --state STATE ARGS… -- curl …` in `dir`, with its own `XDG_STATE_HOME`.
fn run_curl(dir: &Path, state: &str, flags: &[&str], curl: &[&str]) -> (i32, serde_json::Value) {
    let mut args = vec!["run", "--state", state];
    args.extend_from_slice(flags);
    args.push("--");
    args.push("curl");
    args.extend_from_slice(curl);
    let home = dir.to_str().unwrap();
    let run = failwise_in(Some(dir), &args, &[("XDG_STATE_HOME", home)]);
    let env = if run.status == 0 {
        serde_json::Value::Null
    } else {
        envelope(&run.stdout)
    };
    (run.status, env)
}

/// A loopback port nothing listens on (bound, then released), with the listener returned to
/// the caller so it can listen on the same port later.
fn refusing_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

fn circuit_opens_on_refusals_only(state: &str) {
    let dir = tempfile::tempdir().unwrap();
    let port = refusing_port();
    for n in 0..5 {
        let url = format!("http://127.0.0.1:{port}/a{n}");
        let (status, env) = run_curl(dir.path(), state, &[], &["-sS", &url]);
        assert_eq!(
            (status, env["code"].as_str()),
            (7, Some("CURLE_COULDNT_CONNECT"))
        );
    }
    // The port listens now: a sixth call that ran would reach it.
    let listener = TcpListener::bind(("127.0.0.1", port)).expect("the port is free again");
    let server = HttpServer::serve(listener, Box::new(|_, _| (200, vec![])));
    let url = server.url("a6");
    let (status, env) = run_curl(dir.path(), state, &[], &["-sS", &url]);
    assert_eq!(status, 75);
    assert_eq!(env["code"], "CIRCUIT_OPEN");
    assert_eq!(env["retry"], "yes");
    let wait = env["retry_after_ms"]
        .as_u64()
        .expect("a wait until the probe");
    assert!(wait > 0 && wait <= 30_000, "{wait}");
    assert_eq!(env["params"]["upstream"], format!("127.0.0.1:{port}"));
    assert!(
        server.requests().is_empty(),
        "the refused call reached the server"
    );

    // A server that answers 404 five times (and a sixth) opens no circuit.
    let server = HttpServer::start(Box::new(|_, _| (404, vec![])));
    for n in 0..6 {
        let url = server.url(&format!("b{n}"));
        let (status, env) = run_curl(dir.path(), state, &[], &["-sSf", &url]);
        assert_eq!(
            (status, env["code"].as_str()),
            (22, Some("HTTP_404")),
            "call {n}"
        );
    }
    assert_eq!(server.requests().len(), 6);
}

fn retry_after_holds_a_second_process(state: &str) {
    let dir = tempfile::tempdir().unwrap();
    let server = HttpServer::start(Box::new(|n, _| {
        if n == 0 {
            (429, vec![("Retry-After", "2".to_owned())])
        } else {
            (200, vec![])
        }
    }));
    let url = server.url("items");
    let curl = ["-sS", "-i", "--fail-with-body", url.as_str()];
    let (status, env) = run_curl(dir.path(), state, &[], &curl);
    assert_eq!((status, env["code"].as_str()), (22, Some("HTTP_429")));
    assert_eq!(env["retry_after_ms"], 2000);
    // Another process (its own XDG_STATE_HOME, the same store) waits before its request.
    let other = tempfile::tempdir().unwrap();
    let (status, _) = run_curl(other.path(), state, &[], &curl);
    assert_eq!(status, 0);
    let seen = server.requests();
    assert_eq!(seen.len(), 2);
    assert!(seen.iter().all(|s| s.path == "/items"), "{seen:?}");
    let gap = seen[1].at.duration_since(seen[0].at);
    assert!(
        gap >= Duration::from_millis(1800),
        "the second request came after {gap:?}"
    );
    assert!(gap < Duration::from_secs(10), "{gap:?}");
}

#[test]
fn a_circuit_opens_on_refused_connections_and_never_on_404s_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    circuit_opens_on_refusals_only(dir.path().join("s.db").to_str().unwrap());
}

#[test]
fn a_retry_after_holds_a_second_process_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    retry_after_holds_a_second_process(dir.path().join("s.db").to_str().unwrap());
}

#[test]
fn no_wait_answers_at_once_with_the_wait_left() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("s.db");
    let state = state.to_str().unwrap();
    let server = HttpServer::start(Box::new(|_, _| {
        (429, vec![("Retry-After", "30".to_owned())])
    }));
    let url = server.url("x");
    let curl = ["-sS", "-i", "--fail-with-body", url.as_str()];
    run_curl(dir.path(), state, &[], &curl);
    let (status, env) = run_curl(dir.path(), state, &["--no-wait"], &curl);
    assert_eq!((status, env["code"].as_str()), (75, Some("UPSTREAM_WAIT")));
    let left = env["retry_after_ms"].as_u64().unwrap();
    assert!(left > 20_000 && left <= 30_000, "{left}");
    assert_eq!(server.requests().len(), 1, "--no-wait sent the request");
}

#[test]
fn a_circuit_opens_on_refused_connections_and_never_on_404s_redis() {
    if let Some(url) = redis_url() {
        circuit_opens_on_refusals_only(&url);
    }
}

#[test]
fn a_retry_after_holds_a_second_process_redis() {
    if let Some(url) = redis_url() {
        retry_after_holds_a_second_process(&url);
    }
}

#[test]
fn two_processes_with_different_local_state_share_the_guard_through_redis() {
    let Some(url) = redis_url() else { return };
    let script = format!("echo ran >> side; exit 4 # {}", nonce());
    let work = tempfile::tempdir().unwrap();
    let run = |home: &Path| {
        let run = failwise_in(
            Some(work.path()),
            &["run", "--guard", "--state", &url, "--", "sh", "-c", &script],
            &[("XDG_STATE_HOME", home.to_str().unwrap())],
        );
        envelope(&run.stdout)["code"].as_str().unwrap().to_owned()
    };
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    assert_eq!(run(a.path()), "EXIT_4");
    assert_eq!(run(b.path()), "EXIT_4");
    assert_eq!(run(a.path()), "EXIT_4");
    assert_eq!(run(b.path()), "REPEATED_FAILURE");
    let side = std::fs::read_to_string(work.path().join("side")).unwrap();
    assert_eq!(side.lines().count(), 3);
    assert!(
        !a.path().join("failwise").exists(),
        "a local store was written beside Redis"
    );
}

#[test]
fn a_redis_that_is_down_leaves_the_command_result_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("redis://:s3cret-pass@127.0.0.1:{}/0", refusing_port());
    let run = failwise_in(
        Some(dir.path()),
        &[
            "run",
            "--guard",
            "--state",
            &url,
            "--",
            "sh",
            "-c",
            "echo out; exit 7",
        ],
        &[],
    );
    assert_eq!(run.status, 7);
    assert!(run.stdout.starts_with("out\n"), "{}", run.stdout);
    let env = envelope(&run.stdout);
    assert_eq!(
        (env["code"].as_str(), env["exit"].as_u64()),
        (Some("EXIT_7"), Some(7))
    );
    assert_eq!(env["params"]["guard"], "unavailable");
    assert!(
        run.stderr.contains("the guard is unavailable"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("s3cret-pass") && !run.stdout.contains("s3cret-pass"));
    let ok = failwise_in(
        Some(dir.path()),
        &["run", "--guard", "--state", &url, "--", "true"],
        &[],
    );
    assert_eq!((ok.status, ok.stdout.as_str()), (0, ""));
}

#[test]
fn retries_stop_when_the_upstreams_retry_budget_is_spent() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("s.db");
    let url = format!("http://127.0.0.1:{}/", refusing_port());
    let (status, env) = run_curl(
        dir.path(),
        state.to_str().unwrap(),
        &["--retries", "20"],
        &["-sS", &url],
    );
    assert_eq!(
        (status, env["code"].as_str()),
        (7, Some("CURLE_COULDNT_CONNECT"))
    );
    // Ten tokens, one per failure, retries stop at half: the fifth failure is the last.
    assert_eq!(env["params"]["attempts"], 5);
    assert_eq!(env["params"]["retry_stopped"], "retry_budget");
}

#[test]
fn an_upstream_is_cleared_by_the_fingerprint_state_show_lists() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("s.db");
    let state = state.to_str().unwrap();
    let url = format!("http://127.0.0.1:{}/", refusing_port());
    run_curl(dir.path(), state, &[], &["-sS", &url]);
    let show = failwise_in(
        Some(dir.path()),
        &["state", "show", "--json", "--state", state],
        &[],
    );
    let record: serde_json::Value =
        serde_json::from_str(show.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(record["kind"], "upstream");
    let fingerprint = record["fingerprint"].as_str().unwrap();
    let clear = failwise_in(
        Some(dir.path()),
        &[
            "state",
            "clear",
            "--state",
            state,
            "--upstream",
            fingerprint,
        ],
        &[],
    );
    assert!(
        clear.stderr.contains("1 record(s) cleared"),
        "{}",
        clear.stderr
    );
    let show = failwise_in(
        Some(dir.path()),
        &["state", "show", "--json", "--state", state],
        &[],
    );
    assert_eq!(show.stdout, "");
}
