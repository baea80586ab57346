//! Every envelope the builder can produce serializes to one line, validates against the
//! committed schema, and reads back equal.

use failwise::{
    Candidate, Cause, Code, Envelope, ErrorClass, ExitStatus, Gate, ItemResult, Items, Location,
    Provider, ProviderKind, Retry, Source, SourceCode, Verdict,
};
use proptest::prelude::*;
use serde_json::Value;

use crate::support::schema_errors;

fn verdict() -> impl Strategy<Value = Verdict> {
    let class = prop::sample::select(ErrorClass::ALL.to_vec());
    let retry = prop::sample::select(vec![Retry::Yes, Retry::No, Retry::Unknown]);
    (class, retry, prop::option::of(any::<u64>()), any::<bool>()).prop_map(|(c, r, wait, lost)| {
        let v = Verdict::new(c, r).unwrap_or_else(|_| Verdict::of_class(c));
        let v = match wait {
            Some(ms) => v.after_ms(ms),
            None => v,
        };
        if lost { v.effect_unknown() } else { v }
    })
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        ".*".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map(".*", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn candidate() -> impl Strategy<Value = Candidate> {
    (
        ".{0,600}",
        any::<u64>(),
        any::<u64>(),
        any::<f64>(),
        "[a-z_]{1,12}",
        prop::option::of(".*"),
    )
        .prop_map(
            |(text, line, column, similarity, strategy, diff_preview)| Candidate {
                text,
                line,
                column,
                similarity,
                strategy,
                diff_preview,
            },
        )
}

prop_compose! {
    fn envelope()(
        code in "[A-Z][A-Z0-9_]{0,24}",
        exit in 1u8..=255,
        message in ".*",
        verdict in verdict(),
        recovery in "\\PC*[a-z]\\PC*",
        action in prop::option::of(".*"),
        subject in prop::option::of(".*"),
        params in prop::collection::btree_map("[a-z_]{1,10}", json_value(), 0..4),
        nearby in prop::collection::vec(".*", 0..4),
        candidates in prop::collection::vec(candidate(), 0..3),
        location in prop::option::of((prop::option::of(".*"), prop::option::of(any::<u64>()), prop::option::of(any::<u64>()))),
        path in prop::option::of(".*"),
        flags in prop::collection::vec("--[a-z-]{0,10}", 0..3),
        items in prop::option::of((any::<u64>(), prop::option::of(any::<u64>()), prop::collection::vec((any::<u64>(), any::<bool>(), prop::option::of(any::<f64>())), 0..3))),
        gate in prop::option::of(("[a-z][a-z ]{0,9}", "[a-z][a-z ]{0,9}", "use [a-z]{1,10}")),
        provider in prop::option::of((prop::sample::select(vec![ProviderKind::Quota, ProviderKind::Cut, ProviderKind::Refused]), prop::option::of(any::<u16>()))),
        truncated in prop::collection::btree_map("/[a-z]{1,8}", any::<u64>(), 0..3),
        lang in prop::option::of(prop::sample::select(vec!["pt-BR", "pt_BR", "en", "de", "x", "zh-Hant-TW"])),
        doc_url in prop::option::of("https://[a-z]{1,8}\\.example/[a-z#]{0,8}"),
        source in prop::option::of(("[a-z+-]{1,12}", prop::option::of(prop_oneof![any::<i64>().prop_map(SourceCode::Number), ".*".prop_map(SourceCode::Text)]))),
        causes in prop::collection::vec((prop::option::of(".*"), ".*", prop::option::of(".*")), 0..3),
    ) -> Envelope {
        let mut d = Envelope::draft(Code::new(code).unwrap(), ExitStatus::new(exit).unwrap(), message)
            .verdict(verdict)
            .params(params)
            .nearby(nearby)
            .candidates(candidates)
            .discarded_flags(flags);
        if let Some(a) = action { d = d.action(a); }
        if let Some(s) = subject { d = d.subject(s); }
        if let Some((path, line, column)) = location { d = d.location(Location { path, line, column }); }
        if let Some(p) = path { d = d.path(p.clone()).workspace(p); }
        if let Some((total, failed_index, results)) = items {
            let results = results.into_iter().map(|(index, ok, similarity)| ItemResult { index, ok, strategy: None, similarity }).collect();
            d = d.items(Items { total, failed_index, results });
        }
        if let Some((rule, violation, alternative)) = gate { d = d.gate(Gate::new(rule, violation, alternative).unwrap()); }
        if let Some((kind, status)) = provider { d = d.provider(Provider { kind, status }); }
        for (pointer, size) in truncated { d = d.truncated(pointer, size); }
        if let Some(l) = lang { d = d.lang(l); }
        if let Some(u) = doc_url { d = d.doc_url(u); }
        if let Some((dialect, code)) = source { d = d.source(Source { dialect, code }); }
        d = d.causes(causes.into_iter().map(|(code, message, source)| Cause { code, message, source }));
        d.with_recovery(recovery).unwrap()
    }
}

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
