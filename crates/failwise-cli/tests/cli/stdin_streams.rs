//! `normalize -` and `validate -` answer a live stream as it goes: each record's answer comes
//! out as soon as that record is complete, before the next one is written, not at the end of
//! the input.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::support::envelope;

/// Long enough that a loaded machine never makes it fail; an answer that waits for the end of
/// the input never comes within it, since the input stays open.
const PATIENCE: Duration = Duration::from_secs(60);

/// A running `failwise` whose stdin the test writes and whose stdout it reads line by line.
struct Live {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
}

impl Live {
    fn spawn(args: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_failwise"))
            .args(args)
            .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
            .env_remove("LANG")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Self {
            child,
            stdin,
            lines,
        }
    }

    /// Writes `text` to the still open stdin.
    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(text.as_bytes()).expect("written");
        stdin.flush().expect("flushed");
    }

    /// The next line of output, which must come while the input is still open.
    fn answer(&self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .expect("an answer before the next record is written")
    }

    /// Closes stdin; returns the exit status and the lines printed after it.
    fn close(self) -> (i32, Vec<String>) {
        let (status, rest, _) = self.close_with_stderr();
        (status, rest)
    }

    /// Closes stdin; returns the exit status, the lines printed after it, and stderr.
    fn close_with_stderr(mut self) -> (i32, Vec<String>, String) {
        drop(self.stdin.take());
        let mut stderr = String::new();
        if let Some(mut pipe) = self.child.stderr.take() {
            std::io::Read::read_to_string(&mut pipe, &mut stderr).expect("stderr is UTF-8");
        }
        let status = self.child.wait().expect("the binary finishes");
        let rest = self.lines.iter().collect();
        (status.code().expect("exited"), rest, stderr)
    }
}

#[test]
fn normalize_answers_each_record_of_stdin_as_it_completes() {
    let mut live = Live::spawn(&["normalize", "-"]);
    live.send("{\"error\":true,\"code\":75,\"message\":\"busy\"}\n");
    let first = envelope(&live.answer());
    assert_eq!(first["code"], "BUSY");

    // A pretty-printed value is one record: held until its closing line, then answered.
    live.send("{\n  \"error\": true,\n");
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        live.lines.try_recv().is_err(),
        "a value still open has no answer yet"
    );
    live.send("  \"code\": 4,\n  \"message\": \"gone\"\n}\n");
    let second = envelope(&live.answer());
    assert_eq!(second["code"], "NOT_FOUND");

    live.send("{\"progress\":1}\n");
    assert_eq!(live.answer(), "{\"progress\":1}");

    let (status, rest) = live.close();
    assert_eq!((status, rest), (0, Vec::new()));
}

#[test]
fn validate_answers_each_bad_line_of_stdin_as_it_arrives() {
    let good = r#"{"error":true,"code":"FILE_NOT_FOUND","exit":4,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r"}"#;
    let mut live = Live::spawn(&["validate", "--json", "-"]);
    live.send("not json\n");
    let first = envelope(&live.answer());
    assert_eq!(first["params"]["line"], 1);

    live.send(&format!("{good}\n[]\n"));
    let second = envelope(&live.answer());
    assert_eq!(
        (&second["params"]["line"], &second["params"]["problem"]),
        (&serde_json::json!(3), &serde_json::json!("NOT_AN_OBJECT"))
    );

    // The summary comes once the input ends, on stderr, and counts the live lines.
    let (status, rest, stderr) = live.close_with_stderr();
    assert_eq!((status, rest), (1, Vec::new()));
    let summary: serde_json::Value = serde_json::from_str(&stderr).expect("a JSON summary");
    assert_eq!(
        (&summary["lines"], &summary["invalid"]),
        (&3.into(), &2.into())
    );
}

/// A line cut short in the middle of a JSON value does not hold back the records after it: the
/// next whole record at the start of a line ends the wait, and both are answered while the
/// input is still open.
#[test]
fn a_record_cut_short_does_not_hold_back_the_next_one() {
    let mut live = Live::spawn(&["normalize", "-"]);
    live.send("{\"a\":\n");
    live.send("{\"error\":true,\"code\":4,\"message\":\"m\"}\n");
    let first = envelope(&live.answer());
    assert_eq!(first["code"], "UNREADABLE_RECORD");
    assert_eq!(first["params"]["line"], 1);
    let second = envelope(&live.answer());
    assert_eq!(second["message"], "m");
    let (status, rest) = live.close();
    assert_eq!(status, 65);
    assert!(rest.is_empty(), "{rest:?}");
}

/// A text block on a live stream (a traceback, captured by running
/// `python3 -c "open('conf.toml')"`, Python 3.11) passes through line by line, and the failure
/// it holds is answered once the input has been quiet for 100 ms, while stdin is still open;
/// a chained exception's lines after a blank line are the same block.
#[test]
fn normalize_answers_a_text_block_once_the_stream_goes_quiet() {
    let mut live = Live::spawn(&["normalize", "-"]);
    live.send("Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n");
    assert_eq!(live.answer(), "Traceback (most recent call last):");
    assert_eq!(live.answer(), "  File \"<string>\", line 1, in <module>");
    live.send("FileNotFoundError: [Errno 2] No such file or directory: 'conf.toml'\n");
    assert_eq!(
        live.answer(),
        "FileNotFoundError: [Errno 2] No such file or directory: 'conf.toml'"
    );
    // No more input: the block ends after the quiet time, and its failure follows its lines.
    let found = envelope(&live.answer());
    assert_eq!(found["code"], "ENOENT");
    assert_eq!(found["path"], "conf.toml");
    assert_eq!(found["params"]["program"], "python");

    live.send("{\"progress\":1}\n");
    assert_eq!(live.answer(), "{\"progress\":1}");
    let (status, rest, stderr) = live.close_with_stderr();
    assert_eq!((status, rest), (0, Vec::new()));
    assert!(
        stderr.contains("4 read") && stderr.contains("1 failure found in text"),
        "{stderr}"
    );
}
