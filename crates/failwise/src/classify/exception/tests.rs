use super::*;

/// `python3 chain.py` (Python 3.11.7), chain.py raising `RuntimeError("config missing") from e`
/// in the `except FileNotFoundError as e:` of `open("/nonexistent/config.json")`.
const PYTHON_CAUSE: &str = r#"Traceback (most recent call last):
  File "/tmp/chain.py", line 4, in load
    open("/nonexistent/config.json")
FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent/config.json'

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/tmp/chain.py", line 7, in <module>
    load()
  File "/tmp/chain.py", line 6, in load
    raise RuntimeError("config missing") from e
RuntimeError: config missing
"#;

/// `python3 -c 'import json
/// try:
///     json.loads("{")
/// except ValueError:
///     {}["k"]'` (Python 3.11.7).
const PYTHON_CONTEXT: &str = r#"Traceback (most recent call last):
  File "<string>", line 3, in <module>
  File "/root/.pyenv/versions/3.11.7/lib/python3.11/json/__init__.py", line 346, in loads
    return _default_decoder.decode(s)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/root/.pyenv/versions/3.11.7/lib/python3.11/json/decoder.py", line 353, in raw_decode
    obj, end = self.scan_once(s, idx)
               ^^^^^^^^^^^^^^^^^^^^^^
json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "<string>", line 5, in <module>
KeyError: 'k'
"#;

/// `java Main` (OpenJDK 17.0.15): `new FileInputStream("/nonexistent/app.properties")` caught
/// and rethrown as `new IllegalStateException("cannot load settings", e)`.
const JAVA: &str =
    "Exception in thread \"main\" java.lang.IllegalStateException: cannot load settings
\tat Main.main(Main.java:5)
Caused by: java.io.FileNotFoundException: /nonexistent/app.properties (No such file or directory)
\tat java.base/java.io.FileInputStream.open0(Native Method)
\tat java.base/java.io.FileInputStream.open(FileInputStream.java:216)
\tat Main.load(Main.java:3)
\t... 1 more
";

/// `node -e 'fetch("http://127.0.0.1:59999/")'` (Node.js v20.20.2, nothing listening).
const NODE: &str = "node:internal/deps/undici/undici:14976
      Error.captureStackTrace(err);
            ^

TypeError: fetch failed
    at node:internal/deps/undici/undici:14976:13
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5) {
  [cause]: Error: connect ECONNREFUSED 127.0.0.1:59999
      at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1611:16) {
    errno: -111,
    code: 'ECONNREFUSED',
    syscall: 'connect',
    address: '127.0.0.1',
    port: 59999
  }
}

Node.js v20.20.2
";

fn classes(text: &str) -> Vec<String> {
    chain(text).into_iter().map(|l| l.class).collect()
}

#[test]
fn a_python_chain_is_read_outermost_first_through_both_separators() {
    assert_eq!(classes(PYTHON_CAUSE), ["RuntimeError", "FileNotFoundError"]);
    assert_eq!(
        classes(PYTHON_CONTEXT),
        ["KeyError", "json.decoder.JSONDecodeError"]
    );
    let layers = chain(PYTHON_CAUSE);
    assert_eq!(layers[0].message, "config missing");
    assert!(layers[1].explains("ENOENT", None));
    assert!(!layers[0].explains("ENOENT", None));
    assert!(chain(PYTHON_CONTEXT)[1].explains("JSON_DECODE_ERROR", None));
}

#[test]
fn tracebacks_not_joined_by_a_separator_are_separate_chains() {
    let two = format!("{PYTHON_CONTEXT}\nsome log line\n{PYTHON_CAUSE}");
    assert_eq!(classes(&two), ["RuntimeError", "FileNotFoundError"]);
    let text = PYTHON_CAUSE.replace(PY_CAUSE, "retrying once");
    assert_eq!(classes(&text), ["RuntimeError"]);
}

#[test]
fn a_java_trace_and_its_caused_by_are_one_chain() {
    let layers = chain(JAVA);
    assert_eq!(
        classes(JAVA),
        [
            "java.lang.IllegalStateException",
            "java.io.FileNotFoundException"
        ]
    );
    assert_eq!(layers[0].runtime, Runtime::Java);
    assert!(layers[1].explains("FILE_NOT_FOUND_EXCEPTION", None));
    assert!(layers[1].explains("", Some("java.io.FileNotFoundException")));
    assert!(layers[1].explains("ENOENT", None));
    assert!(!layers[0].explains("ENOENT", None));
}

fn envelope_of(program: &str, stderr: &str) -> crate::Envelope {
    let command = vec![program.to_owned()];
    crate::classify::Failure {
        command: &command,
        termination: crate::classify::Termination::Exited(crate::ExitStatus::FAILURE),
        stdout: "",
        stderr,
        stderr_bytes: stderr.len() as u64,
    }
    .envelope()
}

#[test]
fn the_layer_that_decides_is_the_source_and_the_others_are_causes() {
    let python = envelope_of("python3", PYTHON_CAUSE);
    assert_eq!(python.code().as_str(), "ENOENT");
    let source = python.source().expect("a source");
    assert_eq!(
        (source.dialect.as_str(), source.code.clone()),
        (
            "python-traceback",
            Some(SourceCode::Text("FileNotFoundError".into()))
        )
    );
    let causes: Vec<_> = python.causes().iter().map(|c| c.code.as_deref()).collect();
    assert_eq!(causes, [Some("RuntimeError")]);
    let node = envelope_of("node", NODE);
    assert_eq!(node.code().as_str(), "ECONNREFUSED");
    assert_eq!(node.causes()[0].code.as_deref(), Some("TypeError"));
    let java = envelope_of("java", JAVA);
    assert_eq!(java.code().as_str(), "ENOENT");
    assert_eq!(java.causes().len(), 1);
    let plain = envelope_of(
        "git",
        "fatal: not a git repository (or any of the parent directories): .git\n",
    );
    assert!(plain.source().is_none() && plain.causes().is_empty());
}

#[test]
fn a_node_error_keeps_its_cause_and_the_cause_s_code() {
    let layers = chain(NODE);
    assert_eq!(classes(NODE), ["TypeError", "Error"]);
    assert_eq!(layers[1].code.as_deref(), Some("ECONNREFUSED"));
    assert!(layers[1].explains("ECONNREFUSED", None));
    assert!(!layers[0].explains("ECONNREFUSED", None));
    let cause = layers[0].cause();
    assert_eq!(
        (
            cause.code.as_deref(),
            cause.message.as_str(),
            cause.source.as_deref()
        ),
        (Some("TypeError"), "fetch failed", Some("node-error"))
    );
}

#[test]
fn text_without_an_uncaught_exception_has_no_chain() {
    for text in [
        "fatal: not a git repository (or any of the parent directories): .git\n",
        "Error: something went wrong\n",
        "ValueError: bad\n",
        "",
    ] {
        assert!(chain(text).is_empty(), "{text:?}");
    }
}

#[test]
fn a_chain_is_bounded() {
    let link = format!("{PYTHON_CONTEXT}\n{PY_CONTEXT}\n\n");
    let long = link.repeat(100);
    assert_eq!(chain(&long).len(), MAX_LAYERS);
    let deep = (0..100).fold(
        String::from("Exception in thread \"main\" a.B: x\n\tat A.a(A.java:1)\n"),
        |s, _| s + "Caused by: a.C: y\n\tat A.b(A.java:2)\n",
    );
    assert_eq!(chain(&deep).len(), MAX_LAYERS);
}
