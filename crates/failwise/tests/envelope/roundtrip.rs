//! Every envelope the builder can produce serializes to one line, validates against the
//! committed schema, and reads back equal.

use failwise::{Code, Envelope, ErrorClass, ExitStatus, Retry, Source, SourceCode, Verdict};
use proptest::prelude::*;
use serde_json::Value;

use crate::envelopes::envelope;
use crate::support::schema_errors;

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn built_envelopes_are_one_valid_line_that_reads_back_equal(envelope in envelope()) {
        let line = envelope.to_json_line();
        prop_assert!(!line.contains('\n'), "not one line: {line}");
        let errors = schema_errors(&line);
        prop_assert!(errors.is_empty(), "{line}\n{errors:?}");
        let back = Envelope::from_json(&line);
        prop_assert_eq!(back.as_ref().ok(), Some(&envelope), "{} -> {:?}", line, back.as_ref().err());
        prop_assert_eq!(back.map(|b| b.to_json_line()).ok(), Some(line));
    }

    #[test]
    fn the_written_line_is_serde_jsons(envelope in envelope()) {
        let derived = serde_json::to_string(&envelope).unwrap();
        prop_assert_eq!(envelope.to_json_line(), derived);
    }

    #[test]
    fn the_verdict_invariants_hold_on_the_wire(envelope in envelope()) {
        let v: Value = serde_json::from_str(&envelope.to_json_line()).unwrap();
        prop_assert_eq!(v["retryable"].as_bool(), Some(v["retry"] == "yes"));
        if v.get("retry_after_ms").is_some() {
            prop_assert_eq!(&v["retry"], "yes");
        }
        let class = ErrorClass::parse(v["error_class"].as_str().unwrap()).unwrap();
        prop_assert!(class.allows(envelope.retry()));
        for list in ["nearby", "candidates", "discarded_flags"] {
            if let Some(l) = v.get(list) {
                prop_assert!(!l.as_array().unwrap().is_empty());
            }
        }
    }
}

#[test]
fn fields_are_written_in_design_order() {
    let envelope = Envelope::draft(
        Code::new("E_TOOL_UNKNOWN").unwrap(),
        ExitStatus::USAGE,
        "no tool named grep",
    )
    .verdict(Verdict::permanent())
    .action("call tool")
    .subject("grep")
    .param("tool", "grep")
    .nearby(["exec", "edit", "status"])
    .path("tools.toml")
    .source(Source {
        dialect: String::from("sprawling"),
        code: Some(SourceCode::Text(String::from("E_TOOL_UNKNOWN"))),
    })
    .with_recovery("call one of exec, edit or status")
    .unwrap();
    insta::assert_snapshot!(envelope.to_json_line(), @r#"{"error":true,"code":"E_TOOL_UNKNOWN","exit":2,"message":"no tool named grep","error_class":"permanent","retry":"no","retryable":false,"recovery":"call one of exec, edit or status","action":"call tool","subject":"grep","params":{"tool":"grep"},"nearby":["exec","edit","status"],"path":"tools.toml","source":{"dialect":"sprawling","code":"E_TOOL_UNKNOWN"}}"#);
}

#[test]
fn a_draft_without_a_recovery_is_not_an_envelope() {
    let draft = || Envelope::draft(Code::new("X").unwrap(), ExitStatus::FAILURE, "m");
    assert!(draft().with_recovery("").is_err());
    assert!(draft().with_recovery(" \t\n").is_err());
    assert!(draft().with_recovery("run `x --help`").is_ok());
}

#[test]
fn defaults_are_fail_closed_and_unknown_effect_drops_the_wait() {
    let e = Envelope::draft(Code::new("X").unwrap(), ExitStatus::FAILURE, "m")
        .with_recovery("r")
        .unwrap();
    assert_eq!(
        (e.error_class(), e.retry(), e.retryable()),
        (ErrorClass::Permanent, Retry::No, false)
    );
    let e = Envelope::draft(Code::new("X").unwrap(), ExitStatus::TEMPFAIL, "m")
        .verdict(Verdict::transient().after_ms(900))
        .effect_unknown()
        .with_recovery("r")
        .unwrap();
    assert_eq!(
        (e.error_class(), e.retry(), e.retry_after_ms()),
        (ErrorClass::Transient, Retry::Unknown, None)
    );
    // A wait on a verdict other than yes is not kept.
    assert_eq!(Verdict::permanent().after_ms(5).retry_after_ms(), None);
}

/// A verify command is never cut by the standard bounds (a command cut short would be another
/// command), while the texts beside it are.
#[test]
fn a_verify_command_is_never_cut() {
    let long = "x".repeat(5000);
    let verify = failwise::Verify::new(vec!["shop".into(), long.clone()]).unwrap();
    let e = Envelope::draft(
        Code::new("LOST").unwrap(),
        ExitStatus::TEMPFAIL,
        long.clone(),
    )
    .verdict(Verdict::transient().effect_unknown())
    .verify(verify.clone())
    .with_recovery("run the verify command first")
    .unwrap();
    let bounded = failwise::truncate::Truncator::standard().apply(e);
    assert!(bounded.message().len() < long.len());
    assert!(bounded.truncated().contains_key("/message"));
    assert_eq!(bounded.verify(), Some(&verify));
    assert!(!bounded.truncated().keys().any(|k| k.starts_with("/verify")));
}
