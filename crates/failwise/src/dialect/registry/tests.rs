//! Tests of the dialect registry: every reader reads its own writer, every text form finds its row's record, names are unique, every row's texts render in both languages.

use super::*;
use crate::code::{Code, ExitStatus};
use crate::verdict::Verdict;

fn samples() -> Vec<Envelope> {
    let code = |c: &str| Code::new(c).expect("code");
    let exit = |e: u8| ExitStatus::new(e).expect("exit");
    vec![
        Envelope::draft(code("NOT_FOUND"), exit(4), "memory not found: design-auth")
            .verdict(Verdict::permanent())
            .with_recovery("list the memories first")
            .expect("recovery"),
        Envelope::draft(code("RATE_LIMITED"), exit(75), "slow down")
            .verdict(Verdict::transient().after_ms(30_000))
            .with_recovery("wait and send it again")
            .expect("recovery"),
    ]
}

/// Every row with a writer reads what it writes, and detection gives that output back to
/// the row; a read-only row writes the canonical envelope.
#[test]
fn every_reader_reads_its_own_writers_output() {
    for sample in samples() {
        for row in rows() {
            let Some(write) = row.write else {
                assert_eq!(row.dialect.write(&sample), failwise::write(&sample));
                continue;
            };
            let written = write(&sample);
            assert_eq!(
                super::super::detect(&written),
                Some(row.dialect),
                "{}: {written}",
                row.name
            );
            let read = (row.read)(&written, &Context::default())
                .unwrap_or_else(|e| panic!("{}: {e}: {written}", row.name));
            // The canonical envelope, and a tool result (which carries it whole), read
            // back the envelope written.
            if matches!(row.dialect, Dialect::Failwise | Dialect::McpToolResult) {
                assert_eq!(read, sample, "{}", row.name);
            } else {
                assert_eq!(
                    read.source().map(|s| s.dialect.as_str()),
                    Some(row.name),
                    "{}",
                    row.name
                );
            }
        }
    }
}

/// What a row's text form finds is a record the row claims and reads.
#[test]
fn every_text_form_finds_a_record_of_its_own_row() {
    let texts = [
        (
            Dialect::EvalMock,
            "error [TIMEOUT]: the tool timed out\n  hint: retry later\n",
        ),
        (
            Dialect::Kubernetes,
            "Error from server (NotFound): pods \"grafana\" not found\n",
        ),
        (
            Dialect::Aws,
            "<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>",
        ),
    ];
    for row in rows().iter().filter(|r| r.text_form.is_some()) {
        let (_, text) = texts
            .iter()
            .find(|(d, _)| *d == row.dialect)
            .unwrap_or_else(|| panic!("{} has a text form but no example here", row.name));
        let form = row.text_form.as_ref().expect("filtered");
        let value = (form.find)(text).unwrap_or_else(|| panic!("{}: {text}", row.name));
        assert!(
            (row.claims)(value.as_object().expect("object")),
            "{}",
            row.name
        );
        assert!(
            (row.read)(&value, &Context::default()).is_ok(),
            "{}",
            row.name
        );
    }
}

/// Names and aliases are unique, case ignored, and every row says what it is, how it is
/// detected and what it loses.
#[test]
fn every_name_is_unique_and_every_row_is_described() {
    let mut seen = std::collections::BTreeSet::new();
    for row in rows() {
        for name in std::iter::once(&row.name).chain(row.aliases) {
            assert!(seen.insert(name.to_ascii_lowercase()), "{name} twice");
            assert_eq!(Dialect::from_name(name), Some(row.dialect));
        }
        let english = english(row.dialect);
        for text in [&english.summary, &english.detected_by, &english.loses] {
            assert!(!text.trim().is_empty(), "{}", row.name);
        }
        assert_eq!(super::row(row.dialect).name, row.name);
    }
    assert_eq!(rows().len(), Dialect::ALL.len() + Dialect::READ_ONLY.len());
}

/// Every row's three texts are ids of the dialect's own (`dialect-<name>-…`) that render
/// in English, as the accessors lend them, and differently in pt-BR; so does `auto`'s.
#[test]
fn every_rows_texts_render_in_english_and_differ_in_pt_br() {
    use crate::envelope::Params;
    use crate::i18n::Localizer;
    let en = Localizer::english();
    let pt = Localizer::new("pt-BR");
    let empty = Params::new();
    let mut checked = vec![(Dialect::auto_summary_phrase(), Dialect::auto_summary())];
    for row in rows() {
        let stem = format!("dialect-{}-", row.name.replace('+', "-"));
        for (id, suffix) in [
            (row.summary, "summary"),
            (row.detected_by, "detected-by"),
            (row.loses, "loses"),
        ] {
            assert_eq!(id, format!("{stem}{suffix}"), "{}", row.name);
        }
        let d = row.dialect;
        checked.push((d.summary_phrase(), d.summary()));
        checked.push((d.detected_by_phrase(), d.detected_by()));
        checked.push((d.loses_phrase(), d.loses()));
    }
    for (phrase, accessor) in checked {
        let (english, lang) = en.render(&phrase, &empty).expect("an English text");
        assert_eq!(lang.to_string(), "en");
        assert_eq!(english, accessor, "{}", phrase.id());
        let (translated, lang) = pt.render(&phrase, &empty).expect("a pt-BR text");
        assert_eq!(lang.to_string(), "pt-BR", "{}", phrase.id());
        assert_ne!(translated, english, "{}", phrase.id());
    }
}
