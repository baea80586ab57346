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

/// Every rule's texts exist in English and Brazilian Portuguese, and read differently; they
/// render with the variables a finding gives them (the rule's captures and `program`), so a
/// text that names any other variable fails here.
#[test]
fn every_rule_text_is_in_both_languages() {
    let packs = Packs::built_in();
    let en = crate::i18n::Localizer::new("en");
    let pt = crate::i18n::Localizer::new("pt-BR");
    for rule in &packs.rules {
        let mut vars = crate::Params::new();
        vars.insert("program".to_owned(), Value::from("tool"));
        for name in rule.regex.capture_names().flatten() {
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

/// A `fallback` rule is left out of `finding` and is all `fallback_finding` reads.
#[test]
fn a_fallback_rule_answers_only_when_asked_last() {
    let pack = "name = 'w'\nsummary = 's'\nsource = 's'\n[[rules]]\ncode = 'W_FAILED'\nclass = 'ambiguous'\nretry = 'unknown'\nmatch = '^w: failed'\nfallback = true\nrecovery = 'r'\n[[rules.examples]]\nsource = 's'\nargv = ['w']\nstderr = 'w: failed'\n";
    let packs = Packs::compile([("w.toml", pack)]).expect("compiles");
    let command = [String::from("w")];
    let failure = Failure {
        command: &command,
        termination: Termination::Exited(crate::ExitStatus::FAILURE),
        stdout: "",
        stderr: "w: failed\n",
        stderr_bytes: 10,
    };
    assert!(packs.finding(&failure).is_none());
    let found = packs.fallback_finding(&failure).expect("the fallback rule");
    assert_eq!(found.code.as_str(), "W_FAILED");
}
