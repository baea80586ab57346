//! Tests of localization: key parity between languages, negotiation, localizing envelopes, and
//! the order in which the language is chosen.

use std::collections::BTreeMap;

use super::*;
use crate::dialect::{Context, read_any, rejection};
use crate::phrase::{Arg, Phrase};
use crate::{Code, Envelope, ExitStatus};
use serde_json::Value;

#[test]
fn shipped_resources_parse() {
    for (lang, ftl) in SHIPPED {
        let mut l = Localizer::english();
        assert!(l.add_resource(lang, ftl).is_ok(), "{lang} does not parse");
    }
}

#[test]
fn every_language_has_the_same_keys_as_english() {
    let en = message_ids(EN_FTL);
    assert!(!en.is_empty());
    for (lang, ftl) in SHIPPED {
        let ids = message_ids(ftl);
        let missing: Vec<_> = en.iter().filter(|id| !ids.contains(id)).collect();
        let extra: Vec<_> = ids.iter().filter(|id| !en.contains(id)).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{lang}: missing {missing:?}, not in en {extra:?}"
        );
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len(), "{lang} defines an id twice");
    }
}

#[test]
fn every_code_has_both_a_message_and_a_recovery() {
    // Ids named after a code (`ENOENT`, `GIT_LOCK_EXISTS`) come in pairs; the lowercase ids of
    // the classifiers share recoveries, and `classify::examples` renders them.
    for id in message_ids(EN_FTL) {
        if !id.starts_with(|c: char| c.is_ascii_uppercase()) {
            continue;
        }
        if let Some(code) = id.strip_suffix("-message") {
            assert!(
                message_ids(EN_FTL).contains(&format!("{code}-recovery")),
                "{code} has a message and no recovery"
            );
        }
    }
}

#[test]
fn message_ids_sees_messages_and_attributes_not_comments_or_continuations() {
    let ids = message_ids("# c = d\nfoo = bar\n    baz = qux\n    .attr = x\n-term = t\n");
    assert_eq!(ids, ["foo", "foo.attr", "-term"]);
}

#[test]
fn negotiation_prefers_exact_then_same_language_then_english() {
    assert_eq!(Localizer::new("pt-BR").tag(), "pt-BR");
    assert_eq!(Localizer::new("pt").tag(), "pt-BR");
    assert_eq!(Localizer::new("pt_PT").tag(), "pt-BR");
    assert_eq!(Localizer::new("fr-FR").tag(), "en");
    assert_eq!(Localizer::new("!!").tag(), "en");
    let mut l = Localizer::new("fr");
    l.add_resource("fr", "render-error = erreur\n").unwrap();
    assert_eq!(l.tag(), "fr");
    assert_eq!(l.label("render-error", &Params::new()), "erreur");
    assert_eq!(
        l.label("render-help", &Params::new()),
        "help",
        "falls back to English"
    );
}

fn envelope(code: &str, path: &str) -> Envelope {
    Envelope::draft(
        Code::new(code).unwrap(),
        ExitStatus::CONFIG,
        "original message",
    )
    .param("path", path)
    .with_recovery("original recovery")
    .unwrap()
}

const CATALOG_EN: &str = "APP_NO_CONFIG-message = no config at { $path }\n\
                          APP_NO_CONFIG-recovery = run `app init --path { $path }`\n";
const CATALOG_PT: &str = "APP_NO_CONFIG-message = nenhuma configuração em { $path }\n\
                          APP_NO_CONFIG-recovery = rode `app init --path { $path }`\n";

#[test]
fn a_catalog_translation_localizes_message_and_recovery_only() {
    let mut l = Localizer::new("pt-BR");
    l.add_resource("en", CATALOG_EN).unwrap();
    l.add_resource("pt-BR", CATALOG_PT).unwrap();
    let path = "/tmp/\u{202e}odd dir/cfg.toml";
    let before = envelope("APP_NO_CONFIG", path);
    let after = l.localize(before.clone());
    assert_eq!(after.message(), format!("nenhuma configuração em {path}"));
    assert_eq!(after.recovery(), format!("rode `app init --path '{path}'`"));
    assert_eq!(after.lang(), Some("pt-BR"));
    assert_eq!(after.code(), before.code());
    assert_eq!(after.params(), before.params());
    assert!(
        !after.message().contains('\u{2068}'),
        "no bidi isolation marks"
    );

    let mut english = Localizer::english();
    english.add_resource("en", CATALOG_EN).unwrap();
    let en = english.localize(before.clone());
    assert_eq!(
        en, before,
        "English is the text the envelope was written in"
    );
}

#[test]
fn a_missing_translation_or_variable_leaves_the_envelope_as_it_was() {
    let mut l = Localizer::new("pt-BR");
    l.add_resource("en", CATALOG_EN).unwrap();
    let e = envelope("APP_NO_CONFIG", "/x");
    let out = l.localize(e.clone());
    assert_eq!(out, e, "no pt-BR text: the envelope keeps its own English");
    assert_eq!(
        out.lang(),
        None,
        "never claims a language the text is not in"
    );

    let unknown = envelope("NOBODY_KNOWS_ME", "/x");
    assert_eq!(l.localize(unknown.clone()), unknown);

    let no_params = Envelope::draft(Code::new("APP_NO_CONFIG").unwrap(), ExitStatus::CONFIG, "m")
        .with_recovery("r")
        .unwrap();
    assert_eq!(l.localize(no_params.clone()), no_params);
}

#[test]
fn a_bad_resource_is_refused_whole() {
    let mut l = Localizer::english();
    let err = l.add_resource("en", "= no id\n").unwrap_err();
    assert!(matches!(err, I18nError::InvalidResource { .. }));
    assert!(l.add_resource("not a tag", "a = b\n").is_err());
}

fn env_of(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> + use<> {
    let map: BTreeMap<String, String> = vars
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    move |k| map.get(k).cloned()
}

#[test]
fn the_language_comes_from_flag_then_config_then_posix_variables() {
    let dir = std::env::temp_dir().join(format!("failwise-i18n-{}", std::process::id()));
    let conf = dir.join("failwise");
    std::fs::create_dir_all(&conf).unwrap();
    let xdg = dir.to_str().unwrap();

    let none = env_of(&[("XDG_CONFIG_HOME", xdg)]);
    assert_eq!(resolve_lang(None, &none).origin, LangOrigin::Default);
    assert_eq!(resolve_lang(None, &none).tag, "en");

    let posix = env_of(&[
        ("XDG_CONFIG_HOME", xdg),
        ("LC_ALL", ""),
        ("LC_MESSAGES", "pt_BR.UTF-8"),
        ("LANG", "de_DE.UTF-8"),
    ]);
    let choice = resolve_lang(None, &posix);
    assert_eq!(
        (choice.tag.as_str(), choice.origin),
        ("pt-BR", LangOrigin::Env("LC_MESSAGES"))
    );
    let c = env_of(&[("XDG_CONFIG_HOME", xdg), ("LC_ALL", "C"), ("LANG", "pt_BR")]);
    assert_eq!(
        resolve_lang(None, &c).tag,
        "en",
        "LC_ALL=C wins and means English"
    );
    let posix_name = env_of(&[("XDG_CONFIG_HOME", xdg), ("LANG", "POSIX")]);
    assert_eq!(resolve_lang(None, &posix_name).tag, "en");

    std::fs::write(conf.join("config.toml"), "lang = \"pt-BR\"\n").unwrap();
    let choice = resolve_lang(None, &posix);
    assert_eq!(choice.tag, "pt-BR");
    assert_eq!(choice.origin, LangOrigin::Config(conf.join("config.toml")));
    let choice = resolve_lang(Some("en"), &posix);
    assert_eq!(
        (choice.tag.as_str(), choice.origin),
        ("en", LangOrigin::Flag)
    );

    std::fs::write(conf.join("config.toml"), "lang = 3\n").unwrap();
    let choice = resolve_lang(None, &posix);
    assert_eq!(choice.origin, LangOrigin::Env("LC_MESSAGES"));
    assert_eq!(choice.skipped.len(), 1, "{:?}", choice.skipped);
    assert!(choice.skipped[0].to_string().contains("must be a string"));

    let home_only = env_of(&[("HOME", "/home/u")]);
    assert_eq!(
        config_path(&home_only),
        Some(std::path::PathBuf::from(
            "/home/u/.config/failwise/config.toml"
        ))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn read_problems_read_as_the_reader_writes_them_and_differ_in_pt_br() {
    let english = Localizer::english();
    let portuguese = Localizer::new("pt-BR");
    let lines = [
        r#"{"error":true,"code":"X","exit":1,"message":"m","error_class":"transient","retry":"no","retryable":false,"recovery":"r"}"#,
        r#"{"error":true,"code":"X","exit":1,"message":"m","error_class":"transient","retry":"yes","retryable":false,"recovery":"r"}"#,
        r#"{"error":true,"code":"X","exit":1,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":" "}"#,
        r#"{"error":true,"code":"X","exit":1,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r","nearby":[]}"#,
        r#"{"error":true,"code":"X","exit":1,"error_class":"permanent","retry":"no","retryable":false,"recovery":"r"}"#,
        r#"[1]"#,
        r#"{"ok":true}"#,
    ];
    let mut seen = 0;
    for line in lines {
        let e = crate::Envelope::from_json(line).expect_err(line);
        let code = e.code();
        let en = english
            .read_problem(code.as_str(), e.pointer())
            .unwrap_or_else(|| panic!("no text for {code}"));
        assert_eq!(en, e.to_string(), "{line}");
        let pt = portuguese
            .read_problem(code.as_str(), e.pointer())
            .unwrap_or_else(|| panic!("no pt-BR text for {code}"));
        assert_ne!(pt, en, "{line}");
        assert!(pt.contains(e.pointer()), "{pt}");
        seen += 1;
    }
    assert_eq!(seen, lines.len());
    for name in [
        "recovery_present",
        "retryable_follows_retry",
        "wait_only_with_yes",
        "class_bounds_retry",
        "gate_complete",
        "lists_non_empty",
        "absent_means_omitted",
    ] {
        let id = format!("problem-INVARIANT_{}", name.to_ascii_uppercase());
        assert!(english.read_problem(&id[8..], "/x").is_some(), "{id}");
        assert!(portuguese.read_problem(&id[8..], "/x").is_some(), "{id}");
    }
    assert_eq!(portuguese.read_problem("INVALID_JSON", ""), None);
}

fn read(record: &str) -> Envelope {
    let value: Value = serde_json::from_str(record).expect("JSON");
    read_any(&value, &Context::default()).expect("a readable record")
}

/// Records whose envelopes carry failwise's own sentences, and which of message and recovery
/// are failwise's (the rest is the source's own text).
fn cases() -> Vec<(Envelope, bool, bool)> {
    vec![
        (read(r#"{"isError":true,"content":[]}"#), true, true),
        (
            read(
                r#"{"code":"E_DENIED","action":"deploy","subject":"prod","retry":"no","recovery":"ask an admin for the deploy role"}"#,
            ),
            true,
            false,
        ),
        (
            read(
                r#"{"code":"E_DENIED","action":"deploy","retry":"no","recovery":"ask an admin for the deploy role"}"#,
            ),
            true,
            false,
        ),
        (
            read(
                r#"{"error":{"code":"E_PARSE","message":"unexpected token","location":"a.txt:3:4"}}"#,
            ),
            false,
            true,
        ),
        (
            read(
                r#"{"error":{"code":5,"message":"Not found","status":"NOT_FOUND","details":[{"@type":"type.googleapis.com/google.rpc.Help","links":[{"description":"error reference","url":"https://example.com/errors/5"}]}]}}"#,
            ),
            false,
            true,
        ),
        (
            read(
                r#"{"error":{"code":5,"message":"Not found","status":"NOT_FOUND","details":[{"@type":"type.googleapis.com/google.rpc.Help","links":[{"url":"https://example.com/errors/5"}]}]}}"#,
            ),
            false,
            true,
        ),
        (read(r#"{"ok":false,"error":"ratelimited"}"#), true, true),
        (
            read(r#"{"error":{"type":"api_error","request_log_url":"https://x"}}"#),
            true,
            true,
        ),
        (
            rejection(
                3,
                "in.ndjson",
                Arg::Phrase(Phrase::new("rejection-not-json").arg("detail", "expected value")),
            ),
            true,
            true,
        ),
    ]
}

#[test]
fn failwise_own_sentences_in_a_read_envelope_are_localized_and_the_sources_are_not() {
    let pt = Localizer::new("pt-BR");
    let english = Localizer::english();
    for (envelope, own_message, own_recovery) in cases() {
        let line = envelope.to_json_line();
        assert_eq!(
            envelope.phrases().message().is_some(),
            own_message,
            "{line}"
        );
        assert_eq!(
            envelope.phrases().recovery().is_some(),
            own_recovery,
            "{line}"
        );
        assert_eq!(english.localize(envelope.clone()), envelope, "{line}");
        let localized = pt.localize(envelope.clone());
        assert_eq!(
            localized.message() != envelope.message(),
            own_message,
            "{line}"
        );
        assert_eq!(
            localized.recovery() != envelope.recovery(),
            own_recovery,
            "{line}"
        );
        let whole = own_message && own_recovery;
        assert_eq!(localized.lang(), whole.then_some("pt-BR"), "{line}");
        assert_eq!(localized.code(), envelope.code());
        assert_eq!(localized.params(), envelope.params());
        assert_eq!(localized.source(), envelope.source());
    }
}

#[test]
fn every_fallback_recovery_renders_in_english_and_differs_in_pt_br() {
    let en = Localizer::english();
    let pt = Localizer::new("pt-BR");
    let empty = Params::new();
    for id in crate::dialect::rules::FALLBACK_RECOVERIES {
        let (english, _) = en.format(id, &empty).expect("an English text");
        let (translated, lang) = pt.format(id, &empty).expect("a pt-BR text");
        assert_eq!(lang.to_string(), "pt-BR");
        assert_ne!(translated, english, "{id}");
    }
}

#[test]
fn an_unreadable_record_says_its_reason_in_the_readers_language_and_keeps_it_in_english_in_params()
{
    use crate::dialect::{Dialect, NonFailures, Normalizer};
    let portuguese = Localizer::new("pt-BR");
    let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough);
    let lines: [&[u8]; 5] = [
        b"{garbage",
        b"{\"error\":true,\"weird\":1}",
        b"\xff\xfe",
        br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601}}"#,
        br#"{"error":{"code":"X","message":5}}"#,
    ];
    let reasons = [
        "not JSON: key must be a string at line 1 column 2",
        "it declares a failure (\"error\": true) in a shape no dialect reader knows",
        "not UTF-8 at byte 1",
        "not a readable json-rpc record: /error/message is not a string",
        "it declares a failure (an \"error\" object) in a shape no dialect reader knows",
    ];
    let localized_normalizer =
        Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough).localized(&portuguese);
    for ((number, line), reason) in (1..).zip(lines).zip(reasons) {
        let read = |n: &Normalizer| {
            let mut out = Vec::new();
            n.record(line, number, "in", &mut out);
            let text = String::from_utf8(out).expect("UTF-8");
            crate::Envelope::from_json(text.trim_end()).expect("an envelope")
        };
        let envelope = read(&normalizer);
        assert_eq!(envelope.params()["reason"], reason);
        assert!(
            envelope.message().ends_with(reason),
            "{}",
            envelope.message()
        );
        let localized = read(&localized_normalizer);
        assert_eq!(localized.lang(), Some("pt-BR"));
        assert!(
            !localized.message().contains(reason),
            "{}",
            localized.message()
        );
        assert_eq!(localized.params()["reason"], reason);
    }
}

#[test]
fn a_writers_and_a_previews_own_words_render_in_english_and_differ_in_pt_br() {
    let en = Localizer::english();
    let pt = Localizer::new("pt-BR");
    let empty = Params::new();
    let cases = [
        (
            Phrase::new("dialect-google-rpc-doc-link"),
            "documentation of this error",
            "documentação deste erro",
        ),
        (
            Phrase::new("candidates-preview-more").arg("more", 1),
            "… 1 more diff lines",
            "… mais 1 linha de diff",
        ),
        (
            Phrase::new("candidates-preview-more").arg("more", 7),
            "… 7 more diff lines",
            "… mais 7 linhas de diff",
        ),
    ];
    for (phrase, english, portuguese) in cases {
        assert_eq!(
            en.render(&phrase, &empty).map(|(t, _)| t).as_deref(),
            Some(english)
        );
        assert_eq!(
            pt.render(&phrase, &empty).map(|(t, _)| t).as_deref(),
            Some(portuguese)
        );
    }
}

/// A private-use tag (RFC 5646 §2.1 `privateuse`, §2.2.7) is a language tag: accepted in
/// canonical (lower) case, and, naming no language failwise ships, it means English as any
/// language without a translation does. Extensions and private use after a language must be
/// well formed too.
#[test]
fn private_use_tags_are_tags_and_their_sections_must_be_well_formed() {
    for (tag, canonical) in [
        ("x-private", "x-private"),
        ("X-Private-a1", "x-private-a1"),
        ("x-a", "x-a"),
        ("en-x-private", "en"),
        ("pt-BR-u-nu-latn-x-a", "pt-BR"),
    ] {
        assert_eq!(super::parse_tag(tag).as_deref(), Ok(canonical), "{tag}");
    }
    for bad in [
        "x",
        "x-",
        "x-toolongsubtag",
        "x-a_b!",
        "en-x",
        "en-x-",
        "en-u",
        "en-u-a",
        "en-u-nu-x",
        "en-x-toolongsubtag",
    ] {
        assert!(super::parse_tag(bad).is_err(), "{bad} was accepted");
    }
    let localizer = Localizer::new("x-private");
    assert_eq!(localizer.tag(), "en");
}
