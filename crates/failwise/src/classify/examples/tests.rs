//! Every classification `failwise run` can make says its message and recovery as phrases that
//! render: the rules are driven over inputs that reach every code of their tables and every
//! fixed message, and each envelope is rendered in English and Brazilian Portuguese.

use std::collections::BTreeSet;

use crate::Envelope;
use crate::classify::{clap, errno, examples::every as every_classification, exit, packs, sqlite};
use crate::i18n::Localizer;
use crate::phrase::envelope_args;

/// Whether `text` is a rendered sentence: not a Fluent id left as it was (what an id that
/// cannot be rendered comes out as) and no placeholder left in it.
fn rendered(text: &str, localizer: &Localizer) -> bool {
    !text.trim().is_empty() && !localizer.has(text) && !text.contains('{')
}

#[test]
fn every_classification_renders_its_phrases_in_english() {
    let english = Localizer::english();
    for envelope in every_classification() {
        let line = envelope.to_json_line();
        let phrases = envelope.phrases();
        let (Some(message), Some(recovery)) = (phrases.message(), phrases.recovery()) else {
            panic!("a text that is not a phrase in {line}");
        };
        assert!(
            english.has(message.id()),
            "no message {} for {line}",
            message.id()
        );
        assert!(
            english.has(recovery.id()),
            "no message {} for {line}",
            recovery.id()
        );
        assert!(rendered(envelope.message(), &english), "message of {line}");
        assert!(
            rendered(envelope.recovery(), &english),
            "recovery of {line}"
        );
        // The texts are the phrases as the finished envelope renders them.
        let vars = envelope_args(
            envelope.code().as_str(),
            envelope.exit().get(),
            envelope.nearby(),
            envelope.params(),
        );
        let again = |p| english.render(p, &vars).map(|(text, _)| text);
        assert_eq!(
            again(message).as_deref(),
            Some(envelope.message()),
            "{line}"
        );
        assert_eq!(
            again(recovery).as_deref(),
            Some(envelope.recovery()),
            "{line}"
        );
    }
}

#[test]
fn every_classification_reads_differently_in_pt_br() {
    let portuguese = Localizer::new("pt-BR");
    for envelope in every_classification() {
        let line = envelope.to_json_line();
        let localized = portuguese.localize(envelope.clone());
        assert_eq!(localized.lang(), Some("pt-BR"), "{line}");
        assert!(
            rendered(localized.message(), &portuguese),
            "pt-BR message of {line}"
        );
        assert!(
            rendered(localized.recovery(), &portuguese),
            "pt-BR recovery of {line}"
        );
        // A rule pack's rule with no message of its own shows the tool's line, which is
        // kept as read in every language.
        let tool_said = envelope
            .phrases()
            .message()
            .is_some_and(|p| p.id() == "rule-tool-said");
        if !tool_said {
            assert_ne!(
                localized.message(),
                envelope.message(),
                "pt-BR message of {line}"
            );
        }
        assert_ne!(
            localized.recovery(),
            envelope.recovery(),
            "pt-BR recovery of {line}"
        );
        assert_eq!(localized.code(), envelope.code());
        assert_eq!(localized.params(), envelope.params());
        assert_same_but_texts(&localized, &envelope);
    }
}

/// Localizing changes the texts and `lang`, nothing else.
fn assert_same_but_texts(localized: &Envelope, envelope: &Envelope) {
    let mut a = serde_json::to_value(localized).unwrap_or_default();
    let mut b = serde_json::to_value(envelope).unwrap_or_default();
    for member in ["message", "recovery", "lang"] {
        a.as_object_mut().map(|o| o.remove(member));
        b.as_object_mut().map(|o| o.remove(member));
    }
    assert_eq!(a, b);
}

#[test]
fn the_inputs_reach_every_code_the_classifiers_can_give() {
    let produced: BTreeSet<String> = every_classification()
        .iter()
        .map(|e| e.code().as_str().to_owned())
        .collect();
    let mut expected: BTreeSet<String> = BTreeSet::new();
    expected.extend(errno::TABLE.iter().map(|e| e.name.to_owned()));
    expected.extend(packs::curl_codes().map(|c| c.1.to_owned()));
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
        include_str!("../spawn.rs"),
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

#[test]
fn the_fallback_recoveries_render_in_both_languages() {
    let command = ["tool".to_owned()];
    let failure = crate::classify::Failure {
        command: &command,
        termination: crate::classify::Termination::Exited(crate::ExitStatus::FAILURE),
        stdout: "",
        stderr: "odd\n",
        stderr_bytes: 4,
    };
    let mut finding = exit::unknown(&failure);
    finding.recovery = None;
    let envelope = failure.assemble(finding);
    assert_eq!(
        envelope.recovery(),
        "read `params.stderr` and run `tool --help` to find out why it failed"
    );
    let portuguese = Localizer::new("pt-BR");
    let localized = portuguese.localize(envelope.clone());
    assert!(rendered(localized.recovery(), &portuguese));
    assert_ne!(localized.recovery(), envelope.recovery());
    let english = Localizer::english();
    let id = crate::Phrase::new("recognize-fallback-recovery");
    let vars = crate::envelope::Params::new();
    let en = english.render(&id, &vars).map(|(text, _)| text);
    let pt = portuguese.render(&id, &vars).map(|(text, _)| text);
    assert_eq!(
        en.as_deref(),
        Some("read the command's output to find out why it failed")
    );
    assert!(pt.is_some_and(|pt| rendered(&pt, &portuguese) && Some(pt.as_str()) != en.as_deref()));
}
