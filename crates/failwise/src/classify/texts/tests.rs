//! Every classification `failwise run` can make has its message and recovery in English and
//! Brazilian Portuguese: the rules are driven over inputs that reach every code of their
//! tables and every fixed message, and each envelope is formatted in both languages.

use std::collections::BTreeSet;

use crate::classify::{clap, curl, errno, examples::every as every_classification, exit, sqlite};
use crate::i18n::Localizer;

#[test]
fn every_classification_reads_the_same_in_en_ftl_and_differs_in_pt_br() {
    let english = Localizer::english();
    let portuguese = Localizer::new("pt-BR");
    for envelope in every_classification() {
        let line = envelope.to_json_line();
        let (message, recovery, lang) = english
            .texts(&envelope)
            .unwrap_or_else(|| panic!("no English text for {line}"));
        assert_eq!(lang, "en");
        assert_eq!(message, envelope.message(), "en.ftl message of {line}");
        assert_eq!(recovery, envelope.recovery(), "en.ftl recovery of {line}");
        let (message, recovery, lang) = portuguese
            .texts(&envelope)
            .unwrap_or_else(|| panic!("no pt-BR text for {line}"));
        assert_eq!(lang, "pt-BR");
        assert_ne!(message, envelope.message(), "pt-BR message of {line}");
        assert_ne!(recovery, envelope.recovery(), "pt-BR recovery of {line}");
        let localized = portuguese.localize(envelope.clone());
        assert_eq!(localized.lang(), Some("pt-BR"));
        assert_eq!(localized.message(), message);
        assert_eq!(localized.code(), envelope.code());
        assert_eq!(localized.params(), envelope.params());
    }
}

#[test]
fn the_inputs_reach_every_code_the_classifiers_can_give() {
    let produced: BTreeSet<String> = every_classification()
        .iter()
        .map(|e| e.code().as_str().to_owned())
        .collect();
    let mut expected: BTreeSet<String> = BTreeSet::new();
    expected.extend(errno::TABLE.iter().map(|e| e.name.to_owned()));
    expected.extend(curl::CODES.iter().map(|c| c.1.to_owned()));
    expected.extend(exit::SYSEXITS.iter().map(|e| e.name.to_owned()));
    expected.extend(sqlite::CODES.iter().map(|c| c.1.to_owned()));
    expected.extend(clap::KINDS.iter().map(|k| k.1.to_owned()));
    expected.extend((1..=crate::classify::signal::SIGRTMAX).map(crate::classify::signal::name));
    // Every code a rule spells as a literal, read from the rules' own source.
    let sources = [
        include_str!("../cargo.rs"),
        include_str!("../exit.rs"),
        include_str!("../git.rs"),
        include_str!("../interpreter.rs"),
        include_str!("../mod.rs"),
        include_str!("../npm.rs"),
        include_str!("../pip.rs"),
        include_str!("../spawn.rs"),
        include_str!("../ssh.rs"),
    ];
    for source in sources {
        let code_part = source.split("#[cfg(test)]").next().unwrap_or(source);
        for piece in code_part.split("code(\"").skip(1) {
            let literal = piece.split('"').next().unwrap_or_default();
            if !literal.is_empty() && !literal.contains('{') {
                expected.insert(literal.to_owned());
            }
        }
        for piece in code_part.split("\n            \"").skip(1) {
            let literal = piece.split('"').next().unwrap_or_default();
            if literal == "COMMAND_NOT_FOUND" || literal == "CANNOT_EXECUTE" {
                expected.insert(literal.to_owned());
            }
        }
    }
    let missing: Vec<_> = expected.difference(&produced).collect();
    assert!(missing.is_empty(), "codes no input reaches: {missing:?}");
}
