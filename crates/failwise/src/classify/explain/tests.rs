//! Every code the classifiers and the clap usage path can give has an explanation in English
//! and Brazilian Portuguese, and codes failwise never gives have none.

use super::{USAGE_CODES, codes, explain};
use crate::i18n::Localizer;
use crate::verdict::{ErrorClass, Retry};

#[test]
fn every_built_in_code_is_explained_in_both_languages() {
    let english = Localizer::english();
    let portuguese = Localizer::new("pt-BR");
    for code in codes() {
        let en = explain(&code, &english).unwrap_or_else(|| panic!("no entry for {code}"));
        assert!(!en.verdicts.is_empty(), "{code}");
        assert!(
            !en.description.starts_with("builtin-"),
            "{code}: {}",
            en.description
        );
        let pt = explain(&code, &portuguese).unwrap_or_else(|| panic!("no pt-BR for {code}"));
        assert_eq!(pt.lang, "pt-BR");
        assert_ne!(pt.description, en.description, "{code}");
        assert_eq!(pt.verdicts, en.verdicts, "{code}");
        assert_eq!(pt.exit, en.exit, "{code}");
        // A rule pack's rule with no message of its own shows the tool's line, kept as read.
        let tool_said = super::all_examples().iter().any(|e| {
            e.code().as_str() == code
                && e.phrases()
                    .message()
                    .is_some_and(|p| p.id() == "rule-tool-said")
        });
        if let (Some((en_message, _)), Some((pt_message, _))) = (&en.example, &pt.example)
            && !tool_said
        {
            assert_ne!(en_message, pt_message, "{code}");
        }
    }
}

#[test]
fn the_codes_the_tester_asked_about_have_their_verdicts() {
    let en = Localizer::english();
    let timeout = explain("TIMEOUT", &en).expect("TIMEOUT");
    assert_eq!(timeout.exit.map(|e| e.get()), Some(124));
    let not_found = explain("COMMAND_NOT_FOUND", &en).expect("COMMAND_NOT_FOUND");
    assert_eq!(not_found.exit.map(|e| e.get()), Some(127));
    let enoent = explain("ENOENT", &en).expect("ENOENT");
    assert_eq!(enoent.exit, None);
    assert!(enoent.description.contains("no such file or directory"));
    assert_eq!(enoent.verdicts[0].class(), ErrorClass::Permanent);
    let lock = explain("GIT_LOCK_EXISTS", &en).expect("GIT_LOCK_EXISTS");
    assert!(lock.example.is_some_and(|(m, _)| m.starts_with("git")));
    let usage = explain("VALUE_VALIDATION", &en).expect("VALUE_VALIDATION");
    assert_eq!(usage.exit.map(|e| e.get()), Some(2));
    assert_eq!(usage.verdicts[0].retry(), Retry::No);
    assert!(USAGE_CODES.contains(&"VALUE_VALIDATION"));
    let curl = explain("CURLE_COULDNT_RESOLVE_HOST", &en).expect("CURLE_*");
    assert_eq!(curl.exit, None);
}

#[test]
fn exit_statuses_no_example_reaches_are_still_their_family() {
    let en = Localizer::english();
    for status in [42, 127, 200] {
        let code = format!("EXIT_{status}");
        let e = explain(&code, &en).unwrap_or_else(|| panic!("{code}"));
        assert_eq!(e.exit.map(|x| x.get()), Some(status), "{code}");
        let (message, _) = e.example.expect("an example");
        assert!(message.contains(&status.to_string()), "{message}");
    }
    assert!(explain("EXIT_0", &en).is_none());
    assert!(explain("EXIT_256", &en).is_none());
    assert!(explain("NOT_A_FAILWISE_CODE", &en).is_none());
    assert!(explain("SIGKILL", &en).is_some_and(|e| e.exit.map(|x| x.get()) == Some(137)));
}
