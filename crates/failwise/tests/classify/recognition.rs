//! The recognition corpus (`corpus/`): real failure outputs, each replayed through the same
//! library call `failwise run` makes ([`Failure::envelope`]: `classify::meaning` with an empty
//! context), scored against `expected.json` (its reading, or any of its `alt` readings). The
//! corpus lists codes as the source spelled them (`rate_limit_exceeded`, `-32601`, `20429`), so
//! an expected code agrees with the canonical code, with the code in its normalized spelling
//! (`invalid_value` is `INVALID_VALUE`), or with the source's own code (`source.code`).
//!
//! The test prints the agreement on code, class and retry (each alone and all three), the
//! unsafe verdicts (`retry: yes` where every accepted reading says `no` or `unknown`) and the
//! share answered with a specific code (not `EXIT_<n>` or `UNREADABLE_RECORD`), and holds them
//! to the floors below, raised as recognition improves.

use failwise::classify::{Failure, Termination};
use failwise::{Code, Envelope, ExitStatus, SourceCode};
use serde_json::Value;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus");

/// Another set of real outputs in the same layout (`expected.json` beside the files), to score
/// instead of `corpus/`: its figures and misses are printed, and the floors are not asserted.
const OTHER_SET: &str = "FAILWISE_CORPUS";

/// Floors that the corpus must meet: full agreement (per cent), specific codes (per cent).
const FULL_AGREEMENT_FLOOR: f64 = 97.5;
const SPECIFIC_FLOOR: f64 = 98.5;

/// One sample's streams: split at `# stdout` / `# stderr` marker lines when the file has them;
/// else the stream its source names ("stdout only"), else stderr.
fn streams(text: &str, source: &str, file: &str) -> (String, String) {
    if text.lines().any(|l| l == "# stdout" || l == "# stderr") {
        let (mut out, mut err) = (String::new(), String::new());
        let mut into_out = false;
        for line in text.split_inclusive('\n') {
            match line.trim_end() {
                "# stdout" => into_out = true,
                "# stderr" => into_out = false,
                _ if into_out => out.push_str(line),
                _ => err.push_str(line),
            }
        }
        return (out, err);
    }
    if source.contains("stdout only") || file.ends_with(".json") {
        (text.to_owned(), String::new())
    } else {
        (String::new(), text.to_owned())
    }
}

/// The readings a row accepts: its own, and each `alt` (a missing part is the row's own).
fn accepted(row: &Value) -> Vec<(String, String, String)> {
    let own = |k: &str| row[k].as_str().unwrap_or_default().to_owned();
    let mut all = vec![(own("code"), own("error_class"), own("retry"))];
    for alt in row["alt"].as_array().into_iter().flatten() {
        let part = |k: &str| alt[k].as_str().map_or_else(|| own(k), str::to_owned);
        all.push((part("code"), part("error_class"), part("retry")));
    }
    all
}

/// Whether `want`, a code as the corpus spells it, names the code of `envelope`.
fn code_agrees(want: &str, envelope: &Envelope) -> bool {
    let own = envelope
        .source()
        .and_then(|s| s.code.as_ref())
        .map(|c| match c {
            SourceCode::Text(t) => t.clone(),
            SourceCode::Number(n) => n.to_string(),
        });
    want == envelope.code().as_str()
        || own.as_deref() == Some(want)
        || Code::normalize(want, "CODE").as_str() == envelope.code().as_str()
}

#[test]
fn the_recognition_corpus_is_read_as_expected() {
    let other = std::env::var(OTHER_SET).ok();
    let corpus = other.as_deref().unwrap_or(CORPUS);
    let rows: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(format!("{corpus}/expected.json")).expect("expected.json"),
    )
    .expect("expected.json is JSON");
    assert!(
        other.is_some() || rows.len() >= 300,
        "the corpus has {} rows",
        rows.len()
    );
    let (mut code, mut class, mut retry, mut full, mut specific) = (0, 0, 0, 0, 0);
    let mut unsafe_ = Vec::new();
    let mut misses = Vec::new();
    for row in &rows {
        let file = row["file"].as_str().expect("file");
        let text = std::fs::read_to_string(format!("{corpus}/{file}")).expect("corpus file");
        let (stdout, stderr) = streams(&text, row["source"].as_str().unwrap_or_default(), file);
        let command: Vec<String> = row["argv"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .filter(|a: &Vec<String>| !a.is_empty())
            .unwrap_or_else(|| vec!["tool".to_owned()]);
        let exit = row["exit"].as_u64().and_then(|e| u8::try_from(e).ok());
        let termination = match exit.and_then(ExitStatus::new) {
            Some(status) => Termination::Exited(status),
            None => Termination::Exited(ExitStatus::FAILURE),
        };
        let failure = Failure {
            command: &command,
            termination,
            stdout: &stdout,
            stderr: &stderr,
            stderr_bytes: stderr.len() as u64,
        };
        let envelope = failure.envelope();
        let got = (
            envelope.code().as_str().to_owned(),
            envelope.error_class().as_str().to_owned(),
            envelope.retry().as_str().to_owned(),
        );
        let readings = accepted(row);
        code += usize::from(readings.iter().any(|r| code_agrees(&r.0, &envelope)));
        class += usize::from(readings.iter().any(|r| r.1 == got.1));
        retry += usize::from(readings.iter().any(|r| r.2 == got.2));
        let agrees = readings
            .iter()
            .any(|r| code_agrees(&r.0, &envelope) && r.1 == got.1 && r.2 == got.2);
        full += usize::from(agrees);
        let generic = got.0.starts_with("EXIT_") || got.0 == "UNREADABLE_RECORD";
        specific += usize::from(!generic);
        if got.2 == "yes" && readings.iter().all(|r| r.2 != "yes") {
            unsafe_.push(format!("{file}: {got:?}, expected {:?}", readings[0]));
        }
        if !agrees {
            misses.push(format!("{file}: got {got:?}, expected {:?}", readings[0]));
        }
    }
    let n = rows.len() as f64;
    let pct = |k: usize| 100.0 * k as f64 / n;
    let report = format!(
        "{} samples: code {:.1}%, class {:.1}%, retry {:.1}%, all three {:.1}%; specific codes {:.1}%; unsafe verdicts {}\n{}\nunsafe:\n{}",
        rows.len(),
        pct(code),
        pct(class),
        pct(retry),
        pct(full),
        pct(specific),
        unsafe_.len(),
        misses.join("\n"),
        unsafe_.join("\n"),
    );
    #[allow(clippy::print_stderr, reason = "the corpus test reports its figures")]
    {
        eprintln!("{report}");
    }
    if other.is_some() {
        return;
    }
    assert!(pct(full) >= FULL_AGREEMENT_FLOOR, "{report}");
    assert!(pct(specific) >= SPECIFIC_FLOOR, "{report}");
}
