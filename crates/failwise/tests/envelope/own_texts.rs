//! failwise's own error texts (the reader's problems, invalid codes and verdicts, refused
//! secrets, language errors, catalog problems, lint findings and diff changes) are Fluent
//! messages: each error's `Display` is its phrase rendered from `en.ftl`, and every one of those
//! messages renders in pt-BR too, differently.

use std::collections::BTreeSet;

use failwise::catalog::{CatalogError, CatalogFile, diff, lint, template};
use failwise::i18n::{EN_FTL, Localizer, message_ids, parse_tag};
use failwise::phrase::Arg;
use failwise::redact::Redactor;
use failwise::{Code, Envelope, ErrorClass, ExitStatus, Invariant, Params, Phrase, Retry, Verdict};
use serde_json::{Map, Value, json};

/// The families of ids these errors use; every id of en.ftl in them must be seen below.
const FAMILIES: &[&str] = &[
    "problem-",
    "invariant-",
    "expected-",
    "bad-value-",
    "code-invalid",
    "code-rule-",
    "draft-",
    "verdict-",
    "secret-",
    "i18n-",
    "catalog-error-",
    "catalog-problem-",
    "template-",
    "lint-",
    "diff-",
    "verify-",
];

/// Ids of those families that another part writes (the CLI's validate).
const WRITTEN_ELSEWHERE: &[&str] = &["problem-INVALID_UTF8"];

fn base() -> Map<String, Value> {
    let value = json!({"error":true,"code":"X","exit":1,"message":"m","error_class":"permanent",
        "retry":"no","retryable":false,"recovery":"r"});
    value.as_object().cloned().unwrap_or_default()
}

/// The line of `base` with `changes` (a `null` change removes the member).
fn line(changes: Value) -> String {
    let mut obj = base();
    for (k, v) in changes.as_object().cloned().unwrap_or_default() {
        if v.is_null() {
            obj.remove(&k);
        } else {
            obj.insert(k, v);
        }
    }
    Value::Object(obj).to_string()
}

fn read_errors() -> Vec<failwise::ReadError> {
    let long = "x".repeat(501);
    let mut lines = vec![
        "x".to_owned(),
        r#"{"error":true,"error":true}"#.to_owned(),
        "[1]".to_owned(),
        "{}".to_owned(),
    ];
    let changes = [
        json!({"message": null}),
        json!({"message": 1}),
        json!({"nearby": 1}),
        json!({"nearby": [1]}),
        json!({"exit": "1"}),
        json!({"exit": 300}),
        json!({"retryable": "x"}),
        json!({"retry": "yes", "retryable": true, "error_class": "transient", "retry_after_ms": -1}),
        json!({"params": 1}),
        json!({"retry": 1}),
        json!({"retry": "maybe"}),
        json!({"retry": null, "retriable": 1}),
        json!({"code": "bad code"}),
        json!({"error_class": "weird"}),
        json!({"lang": "not a tag!"}),
        json!({"candidates": 1}),
        json!({"candidates": [{"text":"x","line":0,"column":1,"similarity":0.5,"strategy":"exact"}]}),
        json!({"candidates": [{"text":"x","line":1,"column":1,"similarity":2.0,"strategy":"exact"}]}),
        json!({"candidates": [{"text":long,"line":1,"column":1,"similarity":0.5,"strategy":"exact"}]}),
        json!({"location": 1}),
        json!({"location": {"path":"a","line":0}}),
        json!({"items": 1}),
        json!({"items": {"total":1,"failed_index":2,"results":[]}}),
        json!({"gate": 1}),
        json!({"gate": {"rule":"r","violation":"v","alternative":""}}),
        json!({"provider": 1}),
        json!({"provider": {"kind":"cut","status":700}}),
        json!({"truncated": 1}),
        json!({"source": 1}),
        json!({"causes": 1}),
        json!({"causes": [{"message":" "}]}),
        json!({"recovery": " "}),
        json!({"retryable": true}),
        json!({"retry_after_ms": 5}),
        json!({"error_class": "transient"}),
        json!({"nearby": []}),
        json!({"action": ""}),
        json!({"verify": {"command": ["app", "status"]}}),
        json!({"verify": 1}),
        json!({"verify": {"command": ["", "status"]}}),
    ];
    lines.extend(changes.into_iter().map(line));
    lines
        .iter()
        .map(|l| Envelope::from_json(l).expect_err(l))
        .collect()
}

fn catalog_json(codes: Value) -> String {
    json!({"tool": "app", "codes": codes}).to_string()
}

fn entry(code: &str, changes: Value) -> Value {
    let mut e = json!({"code": code, "exit": 1, "error_class": "permanent", "retry": "no",
        "message": "gone", "recovery": "run `app list`", "doc": "d"});
    if let (Some(obj), Some(more)) = (e.as_object_mut(), changes.as_object()) {
        for (k, v) in more {
            obj.insert(k.clone(), v.clone());
        }
    }
    e
}

/// Each error as (its `Display`, its phrase).
fn cases() -> Vec<(String, Phrase)> {
    let mut out: Vec<(String, Phrase)> = read_errors()
        .into_iter()
        .map(|e| (e.to_string(), e.phrase()))
        .collect();
    for text in ["", "fileNotFound", "A-B"] {
        let e = Code::new(text).expect_err(text);
        out.push((e.to_string(), e.phrase()));
    }
    let code = Code::new("X").map_err(|e| e.to_string());
    if let Ok(code) = code {
        let e = Envelope::draft(code, ExitStatus::FAILURE, "m")
            .with_recovery(" ")
            .expect_err("a blank recovery");
        out.push((e.to_string(), e.phrase()));
    }
    for inv in [
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
        out.push((inv.rule().to_owned(), Phrase::new(inv.rule_id())));
    }
    let e = failwise::Verify::new(Vec::new()).expect_err("no program");
    out.push((e.to_string(), e.phrase()));
    let e = Verdict::new(ErrorClass::Permanent, Retry::Yes).expect_err("permanent and yes");
    out.push((e.to_string(), e.phrase()));
    for secret in [
        "abc",
        "1234567890",
        "error_class",
        r#"retry":"no""#,
        "123,456]:{}",
    ] {
        let e = Redactor::new()
            .register(secret)
            .map(|_| ())
            .expect_err(secret);
        out.push((e.to_string(), e.phrase()));
    }
    let e = parse_tag("not a tag").expect_err("a bad tag");
    out.push((e.to_string(), e.phrase()));
    let e = Localizer::english()
        .add_resource("en", "= no id\n")
        .map(|_| ())
        .expect_err("a bad resource");
    out.push((e.to_string(), e.phrase()));
    for bad in ["a {x", "a {X}", "a } b"] {
        let e = template::pieces(bad).expect_err(bad);
        out.push((e.to_string(), e.phrase()));
    }

    let broken = catalog_json(json!([
        entry(
            "A",
            json!({"retry": "yes", "recovery": " ", "params": ["Bad", "p", "p"]})
        ),
        entry(
            "A",
            json!({"message": "{", "translations": {"pt-BR": {"message": "}", "recovery": "r"}}})
        ),
        entry("B", json!({"replaced_by": "A"})),
        entry("C", json!({"status": "deprecated", "replaced_by": "Z"})),
        entry("D", json!({"status": "deprecated", "replaced_by": "D"})),
        entry(
            "E",
            json!({"recovery": "run `app list`\nthen run it again"})
        ),
        entry("F", json!({"verify": ["", "status"]})),
    ]));
    let mut syntax = vec![
        CatalogFile::from_json("{").expect_err("not JSON"),
        CatalogFile::from_toml("=").expect_err("not TOML"),
    ];
    let invalid = CatalogFile::from_json(&broken).expect_err("a broken catalog");
    if let CatalogError::Invalid(problems) = &invalid {
        for p in problems {
            out.push((p.rule.clone(), p.phrase().clone()));
        }
    }
    syntax.push(invalid);
    for e in syntax {
        let text = e.to_string();
        out.push((
            text.split(": A:").next().unwrap_or(&text).to_owned(),
            e.phrase(),
        ));
    }

    let linted = CatalogFile::from_json(&catalog_json(json!([
        entry("L1", json!({"recovery": "try again", "message": "Gone {path}.", "doc": "", "status": "deprecated"})),
        entry("L2", json!({"message": "Gone {path}.", "exit": 1, "error_class": "transient", "retry": "yes"})),
    ])))
    .expect("a usable catalog");
    for f in lint::lint(&linted) {
        out.push((f.detail.clone(), f.phrase().clone()));
        out.push((f.to_string(), f.line_phrase()));
    }

    let old = CatalogFile::from_json(&catalog_json(json!([
        entry("GONE", json!({})),
        entry("OLD_NAME", json!({"exit": 7, "message": "same"})),
        entry("KEPT", json!({"params": ["a"], "since": "1.0", "translations": {"pt-BR": {"message": "m", "recovery": "r"}, "fr": {"message": "m", "recovery": "r"}}})),
        entry("RETIRED", json!({"status": "retired"})),
        entry("MOVED", json!({})),
    ])))
    .expect("the old catalog");
    let new = CatalogFile::from_json(&catalog_json(json!([
        entry("NEW_NAME", json!({"exit": 7, "message": "same"})),
        entry("KEPT", json!({"exit": 3, "error_class": "transient", "retry": "yes", "params": ["b"],
            "doc": "e", "message": "other", "recovery": "run `app again`",
            "translations": {"pt-BR": {"message": "m2", "recovery": "r"}, "de": {"message": "m", "recovery": "r"}}})),
        entry("RETIRED", json!({})),
        entry("MOVED", json!({"error_class": "conflict", "status": "deprecated", "replaced_by": "KEPT", "since": "2.0"})),
        entry("ADDED", json!({"message": "new"})),
    ])))
    .expect("the new catalog");
    let back = CatalogFile::from_json(&catalog_json(json!([entry(
        "KEPT",
        json!({"status": "deprecated", "retry": "no", "error_class": "conflict"})
    )])))
    .expect("a third catalog");
    let changes = diff::diff(&old, &new)
        .into_iter()
        .chain(diff::diff(&new, &back));
    for c in changes {
        out.push((c.detail.clone(), c.phrase().clone()));
        out.push((
            c.to_string()
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_owned(),
            c.side_phrase(),
        ));
    }
    out
}

/// `phrase` and every phrase inside its arguments.
fn each_phrase<'a>(phrase: &'a Phrase, out: &mut Vec<&'a Phrase>) {
    out.push(phrase);
    for (_, arg) in phrase.args() {
        if let Arg::Phrase(inner) = arg {
            each_phrase(inner, out);
        }
    }
}

#[test]
fn every_own_error_text_is_its_phrase_in_english_and_reads_differently_in_pt_br() {
    let english = Localizer::english();
    let portuguese = Localizer::new("pt-BR");
    let none = Params::new();
    let mut seen = BTreeSet::new();
    for (display, phrase) in cases() {
        let (en, lang) = english
            .render(&phrase, &none)
            .unwrap_or_else(|| panic!("{} does not render in English", phrase.id()));
        assert_eq!(lang.to_string(), "en");
        assert_eq!(en, display, "{}", phrase.id());
        let mut all = Vec::new();
        each_phrase(&phrase, &mut all);
        for p in all {
            let en = english.render(p, &none).map(|(t, _)| t).unwrap_or_default();
            let (pt, lang) = portuguese
                .render(p, &none)
                .unwrap_or_else(|| panic!("{} does not render in pt-BR", p.id()));
            assert_eq!(lang.to_string(), "pt-BR", "{}", p.id());
            assert_ne!(pt, en, "{} reads the same in pt-BR", p.id());
            seen.insert(p.id().to_owned());
        }
    }
    let unseen: Vec<String> = message_ids(EN_FTL)
        .into_iter()
        .filter(|id| FAMILIES.iter().any(|f| id.starts_with(f)))
        .filter(|id| !WRITTEN_ELSEWHERE.contains(&id.as_str()) && !seen.contains(id))
        .collect();
    assert!(unseen.is_empty(), "no error here renders {unseen:?}");
}

#[test]
fn an_invariants_rule_is_its_fluent_message_in_english() {
    let english = Localizer::english();
    for (inv, change) in [
        (Invariant::RecoveryPresent, json!({"recovery": " "})),
        (
            Invariant::ClassBoundsRetry,
            json!({"error_class": "transient"}),
        ),
    ] {
        let rule = english
            .render(&Phrase::new(inv.rule_id()), &Params::new())
            .map(|(t, _)| t)
            .unwrap_or_default();
        assert_eq!(inv.rule(), rule);
        let err = Envelope::from_json(&line(change)).expect_err("a broken invariant");
        assert!(err.to_string().ends_with(&format!(": {rule}")), "{err}");
    }
}
