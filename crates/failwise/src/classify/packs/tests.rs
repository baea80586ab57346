//! Tests of the rule packs: the built-in packs compile and replay their examples, their texts
//! exist in both languages, a bad pack names its rule and field, SQLSTATEs follow their classes.

use super::*;

#[test]
fn built_in_packs_compile_and_replay() {
    let packs = Packs::compile(BUILT_IN.iter().copied()).expect("the built-in packs compile");
    assert_eq!(packs.names().len(), BUILT_IN.len());
    let mismatches = packs.replay();
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}

/// Every rule's texts exist in English and Brazilian Portuguese, and read differently; their
/// variables are the rule's captures and `program`.
#[test]
fn every_rule_text_is_in_both_languages() {
    let packs = Packs::built_in();
    let en = crate::i18n::Localizer::new("en");
    let pt = crate::i18n::Localizer::new("pt-BR");
    for rule in &packs.rules {
        let mut vars = crate::Params::new();
        for name in rule.regex.capture_names().flatten().chain(["program"]) {
            vars.insert(name.to_owned(), Value::from(format!("<{name}>")));
        }
        for id in std::iter::once(&rule.recovery).chain(rule.message.as_ref()) {
            let phrase = Phrase::new(id.clone());
            let english = en.render(&phrase, &vars).map(|(t, _)| t);
            let portuguese = pt.render(&phrase, &vars).map(|(t, l)| (t, l.to_string()));
            assert!(english.is_some(), "{id} has no English text");
            let (text, lang) = portuguese.expect("a Portuguese text");
            assert_eq!(lang, "pt-BR", "{id} has no Portuguese text");
            assert_ne!(Some(text), english, "{id} reads the same in both");
        }
    }
}

#[test]
fn a_bad_pack_names_its_rule_and_field() {
    let bad = "name = 'x'\nsummary = 's'\nsource = 's'\n[[rules]]\ncode = 'X'\nclass = 'permanent'\nretry = 'yes'\nmatch = 'x'\nrecovery = 'r'\n";
    let e = Packs::compile([("x.toml", bad)]).expect_err("permanent and yes");
    assert_eq!((e.rule, e.field.as_str()), (1, "retry"));
    let e = Packs::compile([("y.toml", "name = 1")]).expect_err("not a pack");
    assert_eq!((e.file.as_str(), e.rule), ("y.toml", 0));
}

#[test]
fn sqlstates_follow_their_classes() {
    assert_eq!(sqlstate_verdict("40P01"), Some(Verdict::transient()));
    assert_eq!(sqlstate_verdict("23505"), Some(Verdict::conflict()));
    assert_eq!(
        sqlstate_verdict("08006"),
        Some(Verdict::transient().effect_unknown())
    );
    assert_eq!(sqlstate_verdict("XX000"), None);
}

#[test]
fn a_retry_after_is_seconds_or_an_http_date_from_the_date_header() {
    assert_eq!(
        http_date("Tue, 01 Dec 2026 10:03:42 GMT"),
        Some(1_796_119_422)
    );
    assert_eq!(http_date("Thu, 01 Jan 1970 00:00:00 GMT"), Some(0));
    assert_eq!(http_date("Tuesday, 01-Dec-26 10:03:42 GMT"), None);
    let wait = |text: &str, date: Option<&str>| {
        let mut params = BTreeMap::new();
        params.insert("retry_after".to_owned(), Value::from(text));
        if let Some(d) = date {
            params.insert("date".to_owned(), Value::from(d));
        }
        let wait = Wait {
            capture: "retry_after".to_owned(),
            unit: Unit::RetryAfter,
            since: Some("date".to_owned()),
        };
        wait_ms(&wait, &params)
    };
    assert_eq!(wait("30", None), Some(30_000.0));
    let date = Some("Tue, 01 Dec 2026 10:02:12 GMT");
    assert_eq!(wait("Tue, 01 Dec 2026 10:03:42 GMT", date), Some(90_000.0));
    assert_eq!(wait("Tue, 01 Dec 2026 10:03:42 GMT", None), None);
    assert_eq!(wait("Tue, 01 Dec 2026 10:00:00 GMT", date), None);
}

#[test]
fn a_code_made_from_a_capture_is_spelled_in_upper_snake() {
    let pack = "name = 'x'\nsummary = 's'\nsource = 's'\n[[rules]]\ncode = 'AWS_{code}'\nclass = 'permanent'\nretry = 'no'\nmatch = 'error \\((?<code>\\w+)\\)'\nscope = 'any'\nrecovery = 'r'\n[[rules.examples]]\nsource = 's'\nargv = ['x']\nstderr = 'error (SlowDown)'\n";
    let packs = Packs::compile([("x.toml", pack)]).expect("compiles");
    let finding = packs.rules[0].finding("error (SlowDown)").expect("matches");
    assert_eq!(finding.code.as_str(), "AWS_SLOW_DOWN");
}

#[test]
fn the_http_table_reads_errors_only() {
    assert_eq!(http_verdict(404), Some(Verdict::precondition_failed()));
    assert_eq!(
        http_verdict(504),
        Some(Verdict::transient().effect_unknown())
    );
    assert_eq!(http_verdict(429), Some(Verdict::transient()));
    assert_eq!(http_verdict(302), None);
}
