//! The shell-facing families of the shared corpus (`7-cli-tooling`, `8-posix-errno`): each
//! file's output and exit status go through the classifier, and the code, class and retry
//! verdict are compared with `expected.json`.
//!
//! Where failwise reads a file differently from the corpus, the case is listed in
//! [`DISAGREEMENTS`] with the reason; the test then pins failwise's own reading, so a change in
//! either direction is noticed.

use failwise::ExitStatus;
use failwise::classify::{Failure, Termination};
use serde_json::Value;

#[path = "../shared/corpus_program.rs"]
mod corpus_program;
use corpus_program::program;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/corpus");

/// Files where failwise's reading differs from the corpus, with failwise's (code, class, retry)
/// and why.
const DISAGREEMENTS: &[(&str, (&str, &str, &str), &str)] = &[(
    "7-cli-tooling/curl-22-fail-http-404.txt",
    ("HTTP_404", "permanent", "no"),
    "curl -f's exit 22 is named by the HTTP status it carries (the more specific layer), as the \
     recognition corpus (corpus/expected.json) names it; the verdict is the corpus's",
)];

#[test]
fn the_shell_families_of_the_corpus_classify_as_expected() {
    let expected: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(format!("{CORPUS}/expected.json")).expect("expected.json"),
    )
    .expect("expected.json is JSON");
    let rows: Vec<&Value> = expected
        .iter()
        .filter(|r| {
            matches!(
                r["family"].as_str(),
                Some("7-cli-tooling" | "8-posix-errno")
            )
        })
        .collect();
    assert!(
        rows.len() >= 19,
        "the corpus has {} shell-facing rows",
        rows.len()
    );
    let mut agree = 0;
    let mut failures = Vec::new();
    for row in &rows {
        let file = row["file"].as_str().expect("file");
        let text = std::fs::read_to_string(format!("{CORPUS}/{file}")).expect("corpus file");
        let exit = row["exit"]
            .as_u64()
            .and_then(|e| u8::try_from(e).ok())
            .and_then(ExitStatus::new);
        let command = vec![program(file).to_owned()];
        // cargo's JSON diagnostics are its stdout; every other file is stderr.
        let (stdout, stderr) = if file.ends_with(".ndjson") {
            (text.as_str(), "")
        } else {
            ("", text.as_str())
        };
        let failure = Failure {
            command: &command,
            termination: Termination::Exited(exit.unwrap_or(ExitStatus::FAILURE)),
            stdout,
            stderr,
            stderr_bytes: stderr.len() as u64,
        };
        let envelope = failure.envelope();
        let got = (
            envelope.code().as_str().to_owned(),
            envelope.error_class().as_str().to_owned(),
            envelope.retry().as_str().to_owned(),
        );
        let want = (
            row["code"].as_str().expect("code").to_owned(),
            row["error_class"].as_str().expect("class").to_owned(),
            row["retry"].as_str().expect("retry").to_owned(),
        );
        assert_eq!(
            envelope.exit(),
            failure.termination.exit_status(),
            "{file}: exit is $?"
        );
        if let Some((_, ours, _)) = DISAGREEMENTS.iter().find(|(f, _, _)| *f == file) {
            let ours = (ours.0.to_owned(), ours.1.to_owned(), ours.2.to_owned());
            if got != ours {
                failures.push(format!("{file}: documented reading {ours:?}, got {got:?}"));
            }
        } else if got == want {
            agree += 1;
        } else {
            failures.push(format!("{file}: expected {want:?}, got {got:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} agree; differences:\n{}",
        agree,
        rows.len(),
        failures.join("\n")
    );
    assert_eq!(agree + DISAGREEMENTS.len(), rows.len());
}
