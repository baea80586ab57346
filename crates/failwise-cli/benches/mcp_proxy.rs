//! What `failwise mcp` adds to a successful `tools/call` round trip, each server called
//! directly (the baseline) and through the proxy, in the same run, one call per iteration over
//! one open session each: a responder that answers at once (`tests/cli/mcp/responder.py`,
//! plain `python3`), which shows the proxy's own cost, and the FastMCP test server
//! (`tests/cli/mcp/server.py`, the MCP Python SDK, when the `mcp1` environment that
//! `scripts/test` makes is in `FAILWISE_VENVS`). Target: under 0.2 ms added at the median.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use criterion::{Criterion, criterion_group, criterion_main};

/// One stdio session with an initialized MCP server.
struct Session {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl Session {
    fn start(mut command: Command) -> Self {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut session = Self {
            child,
            stdin,
            stdout,
            next_id: 1,
        };
        session.request(
            "initialize",
            r#"{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}"#,
        );
        writeln!(
            session.stdin,
            r#"{{"jsonrpc":"2.0","method":"notifications/initialized"}}"#
        )
        .expect("write");
        session
    }

    /// Sends a request and reads lines until its answer.
    fn request(&mut self, method: &str, params: &str) -> String {
        let id = self.next_id;
        self.next_id += 1;
        writeln!(
            self.stdin,
            r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{params}}}"#
        )
        .expect("write");
        let needle = format!(r#""id":{id},"#);
        let mut line = String::new();
        loop {
            line.clear();
            let read = self.stdout.read_line(&mut line).expect("read");
            assert!(read > 0, "the server closed its output");
            if line.contains(&needle) {
                return line;
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn python() -> Option<PathBuf> {
    let dir = std::env::var_os("FAILWISE_VENVS")?;
    let python = PathBuf::from(dir).join("mcp1/bin/python");
    python.exists().then_some(python)
}

fn mcp_proxy(c: &mut Criterion) {
    let responder = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cli/mcp/responder.py");
    let call = r#"{"name":"echo","arguments":{"text":"x"}}"#;
    let mut group = c.benchmark_group("mcp_tools_call");
    for (name, proxied) in [
        ("responder direct", false),
        ("responder through failwise mcp", true),
    ] {
        let mut command = if proxied {
            let mut command = Command::new(env!("CARGO_BIN_EXE_failwise"));
            command.args(["mcp", "--", "python3", responder]);
            command
        } else {
            let mut command = Command::new("python3");
            command.arg(responder);
            command
        };
        command.env("PYTHONUNBUFFERED", "1");
        let mut session = Session::start(command);
        group.bench_function(name, |b| {
            b.iter(|| {
                let answer = session.request("tools/call", call);
                assert!(answer.contains(r#""isError":false"#), "{answer}");
            });
        });
    }
    group.finish();
    let Some(python) = python() else {
        #[allow(
            clippy::print_stderr,
            reason = "a bench that measures nothing says why"
        )]
        {
            eprintln!("mcp_proxy: FAILWISE_VENVS has no mcp1 environment (scripts/test makes it)");
        }
        return;
    };
    let server = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cli/mcp/server.py");
    let direct = || {
        let mut command = Command::new(&python);
        command.arg(server);
        Session::start(command)
    };
    let proxied = || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_failwise"));
        command.args(["mcp", "--"]).arg(&python).arg(server);
        Session::start(command)
    };
    let mut group = c.benchmark_group("mcp_tools_call");
    for (name, start) in [
        ("direct", &direct as &dyn Fn() -> Session),
        ("failwise mcp", &proxied),
    ] {
        let mut session = start();
        group.bench_function(name, |b| {
            b.iter(|| {
                let answer = session.request("tools/call", call);
                assert!(answer.contains(r#""isError":false"#), "{answer}");
            });
        });
    }
    group.finish();
}

criterion_group!(benches, mcp_proxy);
criterion_main!(benches);
