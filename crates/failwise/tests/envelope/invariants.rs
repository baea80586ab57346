//! Every invariant of the v1 envelope, broken one at a time: the reader names it at its JSON
//! Pointer, and the committed schema rejects the same line wherever JSON Schema can say it.

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

struct Case {
    name: &'static str,
    line: String,
    code: &'static str,
    pointer: &'static str,
    /// Whether JSON Schema alone can reject the line too.
    schema_rejects: bool,
}

fn cases() -> Vec<Case> {
    use serde_json::json;
    let case = |name, line, code, pointer, schema_rejects| Case {
        name,
        line,
        code,
        pointer,
        schema_rejects,
    };
    vec![
        case(
            "not json",
            String::from("{\"error\":tru"),
            "INVALID_JSON",
            "",
            true,
        ),
        case("array", String::from("[1,2]"), "NOT_AN_OBJECT", "", true),
        case(
            "success line",
            String::from(r#"{"ok":true}"#),
            "NOT_AN_ENVELOPE",
            "",
            true,
        ),
        case(
            "error false",
            edited(|m| {
                m.insert("error".into(), json!(false));
            }),
            "NOT_AN_ENVELOPE",
            "",
            true,
        ),
        case(
            "missing code",
            edited(|m| {
                m.remove("code");
            }),
            "MISSING_FIELD",
            "/code",
            true,
        ),
        case(
            "lowercase code",
            edited(|m| {
                m.insert("code".into(), json!("disk_full"));
            }),
            "BAD_VALUE",
            "/code",
            true,
        ),
        case(
            "exit zero",
            edited(|m| {
                m.insert("exit".into(), json!(0));
            }),
            "BAD_VALUE",
            "/exit",
            true,
        ),
        case(
            "exit 256",
            edited(|m| {
                m.insert("exit".into(), json!(256));
            }),
            "BAD_VALUE",
            "/exit",
            true,
        ),
        case(
            "exit as text",
            edited(|m| {
                m.insert("exit".into(), json!("75"));
            }),
            "WRONG_TYPE",
            "/exit",
            true,
        ),
        case(
            "unknown class",
            edited(|m| {
                m.insert("error_class".into(), json!("flaky"));
            }),
            "BAD_VALUE",
            "/error_class",
            true,
        ),
        case(
            "retry maybe",
            edited(|m| {
                m.insert("retry".into(), json!("maybe"));
            }),
            "BAD_VALUE",
            "/retry",
            true,
        ),
        case(
            "missing retryable",
            edited(|m| {
                m.remove("retryable");
            }),
            "MISSING_FIELD",
            "/retryable",
            true,
        ),
        case(
            "retryable disagrees",
            edited(|m| {
                m.insert("retryable".into(), json!(false));
            }),
            "INVARIANT_RETRYABLE_FOLLOWS_RETRY",
            "/retryable",
            true,
        ),
        case(
            "wait with unknown",
            edited(|m| {
                m.insert("retry".into(), json!("unknown"));
                m.insert("retryable".into(), json!(false));
            }),
            "INVARIANT_WAIT_ONLY_WITH_YES",
            "/retry_after_ms",
            true,
        ),
        case(
            "permanent but yes",
            edited(|m| {
                m.insert("error_class".into(), json!("permanent"));
            }),
            "INVARIANT_CLASS_BOUNDS_RETRY",
            "/retry",
            true,
        ),
        case(
            "ambiguous but yes",
            edited(|m| {
                m.insert("error_class".into(), json!("ambiguous"));
            }),
            "INVARIANT_CLASS_BOUNDS_RETRY",
            "/retry",
            true,
        ),
        case(
            "empty recovery",
            edited(|m| {
                m.insert("recovery".into(), json!("  "));
            }),
            "INVARIANT_RECOVERY_PRESENT",
            "/recovery",
            false,
        ),
        case(
            "missing recovery",
            edited(|m| {
                m.remove("recovery");
            }),
            "MISSING_FIELD",
            "/recovery",
            true,
        ),
        case(
            "empty nearby",
            edited(|m| {
                m.insert("nearby".into(), json!([]));
            }),
            "INVARIANT_LISTS_NON_EMPTY",
            "/nearby",
            true,
        ),
        case(
            "empty discarded_flags",
            edited(|m| {
                m.insert("discarded_flags".into(), json!([]));
            }),
            "INVARIANT_LISTS_NON_EMPTY",
            "/discarded_flags",
            true,
        ),
        case(
            "empty candidates",
            edited(|m| {
                m.insert("candidates".into(), json!([]));
            }),
            "INVARIANT_LISTS_NON_EMPTY",
            "/candidates",
            true,
        ),
        case(
            "null path",
            edited(|m| {
                m.insert("path".into(), json!(null));
            }),
            "INVARIANT_ABSENT_MEANS_OMITTED",
            "/path",
            true,
        ),
        case(
            "empty subject",
            edited(|m| {
                m.insert("subject".into(), json!(""));
            }),
            "INVARIANT_ABSENT_MEANS_OMITTED",
            "/subject",
            true,
        ),
        case(
            "gate without alternative",
            edited(|m| {
                m.insert(
                    "gate".into(),
                    json!({"rule": "r", "violation": "v", "alternative": ""}),
                );
            }),
            "INVARIANT_GATE_COMPLETE",
            "/gate",
            true,
        ),
        case(
            "gate that only refuses",
            edited(|m| {
                m.insert(
                    "gate".into(),
                    json!({"rule": "r", "violation": "v", "alternative": "no"}),
                );
            }),
            "INVARIANT_GATE_COMPLETE",
            "/gate",
            false,
        ),
        case(
            "candidate at line 0",
            edited(|m| {
                m.insert("candidates".into(), json!([{"text": "t", "line": 0, "column": 1, "similarity": 0.5, "strategy": "fuzzy"}]));
            }),
            "BAD_VALUE",
            "/candidates/0",
            true,
        ),
        case(
            "verify with retry yes",
            edited(|m| {
                m.insert("verify".into(), json!({"command": ["app", "status", "42"]}));
            }),
            "INVARIANT_VERIFY_ONLY_WITH_UNKNOWN",
            "/verify",
            true,
        ),
        case(
            "verify without a command",
            unknown(|m| {
                m.insert("verify".into(), json!({"command": []}));
            }),
            "INVARIANT_LISTS_NON_EMPTY",
            "/verify/command",
            true,
        ),
        case(
            "verify without a program",
            unknown(|m| {
                m.insert("verify".into(), json!({"command": ["", "status"]}));
            }),
            "BAD_VALUE",
            "/verify/command/0",
            true,
        ),
        case(
            "verify with a number in its command",
            unknown(|m| {
                m.insert("verify".into(), json!({"command": ["app", 42]}));
            }),
            "WRONG_TYPE",
            "/verify/command/1",
            true,
        ),
        case(
            "nearby holds a number",
            edited(|m| {
                m.insert("nearby".into(), json!(["a", 2]));
            }),
            "WRONG_TYPE",
            "/nearby/1",
            true,
        ),
    ]
}

#[test]
fn each_broken_invariant_is_named_at_its_pointer() {
    let mut failures = Vec::new();
    for case in cases() {
        match Envelope::from_json(&case.line) {
            Ok(_) => failures.push(format!("{}: read as valid", case.name)),
            Err(err) => {
                if err.code().as_str() != case.code || err.pointer() != case.pointer {
                    failures.push(format!(
                        "{}: got {} at {:?} ({err}), want {} at {:?}",
                        case.name,
                        err.code(),
                        err.pointer(),
                        case.code,
                        case.pointer
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_schema_rejects_what_it_can_express() {
    let mut failures = Vec::new();
    for case in cases().into_iter().filter(|c| c.schema_rejects) {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&case.line) else {
            continue;
        };
        if value.is_object() && schema_errors(&case.line).is_empty() {
            failures.push(case.name);
        }
    }
    assert!(failures.is_empty(), "schema accepted: {failures:?}");
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
