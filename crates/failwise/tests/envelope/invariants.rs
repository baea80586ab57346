//! Every invariant of the v1 envelope, broken one at a time: the reader names it at its JSON
//! Pointer, and the committed schema rejects the same line wherever JSON Schema can say it. The
//! lines are the rows of the shared fixture `fixtures/envelopes/lines.tsv`.

use failwise::{Envelope, Invariant, ReadErrorKind, Retry};

use crate::support::schema_errors;

const BASE: &str = r#"{"error":true,"code":"DISK_FULL","exit":75,"message":"no space left on /var","error_class":"transient","retry":"yes","retryable":true,"retry_after_ms":500,"recovery":"free space on /var, then run the command again"}"#;

/// Applies `edit` to the base line's JSON object.
fn edited(edit: impl FnOnce(&mut serde_json::Map<String, serde_json::Value>)) -> String {
    let mut value: serde_json::Value = serde_json::from_str(BASE).unwrap();
    edit(value.as_object_mut().unwrap());
    serde_json::to_string(&value).unwrap()
}

/// [`edited`] on the base line made effect-unknown (`retry: unknown`, no wait), where a verify
/// command belongs.
fn unknown(edit: impl FnOnce(&mut serde_json::Map<String, serde_json::Value>)) -> String {
    edited(|m| {
        m.insert("retry".into(), serde_json::json!("unknown"));
        m.insert("retryable".into(), serde_json::json!(false));
        m.remove("retry_after_ms");
        edit(m);
    })
}

/// The shared fixture of lines with what the reader says of each, also read by the TypeScript
/// package's tests (`bindings/ts/test/fixture.test.ts`), so the two readers refuse alike.
const LINES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/envelopes/lines.tsv"
);

/// One row of [`LINES`].
struct Case {
    name: String,
    /// The problem's code, or `valid`.
    problem: String,
    /// The JSON Pointer of the problem (`""` for the whole line).
    pointer: String,
    /// What the committed schema says of the line: `rejects`, `accepts`, or `-` when the line
    /// is not JSON serde_json parses.
    schema: String,
    line: String,
}

fn cases() -> Vec<Case> {
    let text =
        std::fs::read_to_string(LINES).unwrap_or_else(|e| panic!("cannot read {LINES}: {e}"));
    let mut rows = text.lines().filter(|l| !l.starts_with('#'));
    assert_eq!(
        rows.next(),
        Some("name\tproblem\tpointer\tschema\tline"),
        "{LINES}: the header row"
    );
    rows.map(|row| {
        let cols: Vec<&str> = row.splitn(5, '\t').collect();
        let [name, problem, pointer, schema, line] = cols[..] else {
            panic!("{LINES}: a row of five tab-separated columns, not {row:?}");
        };
        Case {
            name: name.to_owned(),
            problem: problem.to_owned(),
            pointer: if pointer == "-" {
                String::new()
            } else {
                pointer.to_owned()
            },
            schema: schema.to_owned(),
            line: line.to_owned(),
        }
    })
    .collect()
}

#[test]
fn each_line_of_the_fixture_reads_as_it_says() {
    let cases = cases();
    assert!(cases.len() > 100, "{} rows in {LINES}", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let got = match Envelope::from_json(&case.line) {
            Ok(_) => ("valid".to_owned(), String::new()),
            Err(err) => (err.code().as_str().to_owned(), err.pointer().to_owned()),
        };
        let checked = match Envelope::check_json(&case.line) {
            Ok(_) => ("valid".to_owned(), String::new()),
            Err(err) => (err.code().as_str().to_owned(), err.pointer().to_owned()),
        };
        let want = (case.problem.clone(), case.pointer.clone());
        if got != want || checked != want {
            failures.push(format!(
                "{}: from_json {got:?}, check_json {checked:?}, want {want:?}",
                case.name
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every invariant is broken by a row of the fixture, named as `failwise validate` names it.
#[test]
fn the_fixture_breaks_every_invariant() {
    let problems: Vec<String> = cases().into_iter().map(|c| c.problem).collect();
    for invariant in [
        Invariant::RecoveryPresent,
        Invariant::RetryableFollowsRetry,
        Invariant::WaitOnlyWithYes,
        Invariant::ClassBoundsRetry,
        Invariant::GateComplete,
        Invariant::ListsNonEmpty,
        Invariant::AbsentMeansOmitted,
        Invariant::ItemIndexInRange,
        Invariant::VerifyOnlyWithUnknown,
    ] {
        let code = format!("INVARIANT_{}", invariant.name().to_uppercase());
        assert!(problems.contains(&code), "no row of {LINES} is {code}");
    }
}

#[test]
fn the_schema_says_of_each_line_what_the_fixture_says() {
    let mut failures = Vec::new();
    for case in cases() {
        let parsed = serde_json::from_str::<serde_json::Value>(&case.line);
        let said = match parsed {
            Err(_) => "-",
            Ok(_) if schema_errors(&case.line).is_empty() => "accepts",
            Ok(_) => "rejects",
        };
        if said != case.schema {
            failures.push(format!(
                "{}: the schema {said}, the fixture says {}",
                case.name, case.schema
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_base_line_is_valid_for_both() {
    assert_eq!(schema_errors(BASE), Vec::<String>::new());
    let envelope = Envelope::from_json(BASE).unwrap();
    assert_eq!(envelope.retry_after_ms(), Some(500));
    assert_eq!(
        envelope.to_json_line(),
        BASE,
        "a valid line reads back to the same bytes"
    );
}

/// A verify command on an effect-unknown line is valid for both, written last and read back
/// the same; the same command with any other verdict is refused by both.
#[test]
fn a_verify_command_is_valid_only_when_the_effect_is_unknown() {
    let line = unknown(|m| {
        m.insert(
            "verify".into(),
            serde_json::json!({"command": ["shop", "order", "status", "ord 42"]}),
        );
    });
    assert_eq!(schema_errors(&line), Vec::<String>::new());
    let envelope = Envelope::from_json(&line).unwrap();
    let words = envelope.verify().map(|v| v.command().to_vec());
    assert_eq!(
        words,
        Some(
            ["shop", "order", "status", "ord 42"]
                .map(String::from)
                .to_vec()
        )
    );
    // Written last, and read back the same.
    let written = envelope.to_json_line();
    assert!(
        written.ends_with(r#","verify":{"command":["shop","order","status","ord 42"]}}"#),
        "{written}"
    );
    assert_eq!(Envelope::from_json(&written).as_ref(), Ok(&envelope));
    for retry in ["yes", "no"] {
        // conflict admits both yes and no.
        let other = line
            .replace(r#""retry":"unknown""#, &format!(r#""retry":"{retry}""#))
            .replace(r#""transient""#, r#""conflict""#);
        let other = other.replace(
            r#""retryable":false"#,
            &format!(r#""retryable":{}"#, retry == "yes"),
        );
        let err = Envelope::from_json(&other).unwrap_err();
        assert_eq!(
            (err.code().as_str(), err.pointer()),
            ("INVARIANT_VERIFY_ONLY_WITH_UNKNOWN", "/verify"),
            "{other}"
        );
        assert!(!schema_errors(&other).is_empty(), "{other}");
    }
}

#[test]
fn legacy_retriable_flag_reads_as_retry() {
    for (flag, class, want) in [
        (true, "transient", Retry::Yes),
        (false, "permanent", Retry::No),
    ] {
        let line = format!(
            r#"{{"error":true,"code":"E_PROVIDER","exit":1,"message":"m","error_class":"{class}","retriable":{flag},"recovery":"r"}}"#
        );
        let envelope = Envelope::from_json(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(envelope.retry(), want);
        assert_eq!(envelope.retryable(), flag);
        assert!(
            envelope
                .to_json_line()
                .contains(&format!(r#""retry":"{want}","retryable":{flag}"#))
        );
    }
}

#[test]
fn invariant_errors_explain_the_rule() {
    let line = edited(|m| {
        m.insert(
            "error_class".into(),
            serde_json::json!("precondition_failed"),
        );
    });
    let err = Envelope::from_json(&line).unwrap_err();
    assert_eq!(
        err.kind(),
        &ReadErrorKind::Invariant(Invariant::ClassBoundsRetry)
    );
    insta::assert_snapshot!(err.to_string(), @"/retry breaks invariant class_bounds_retry: transient takes retry yes|unknown, conflict yes|no, precondition_failed and permanent no, ambiguous unknown|no");
}
