//! The promise of redaction, checked on every rendering: a value that registration accepted,
//! of any bytes, never appears in an envelope's JSON line, its human form (English and
//! Portuguese, with and without colour), the line of any dialect it is written in, nor in a
//! stream passed through.

use failwise::dialect::Dialect;
use failwise::i18n::Localizer;
use failwise::redact::Redactor;
use failwise::render::human;
use failwise::truncate::Truncator;
use failwise::{Candidate, Code, Envelope, ExitStatus, Location, Verdict};
use proptest::prelude::*;

/// An envelope whose texts hold `s` in several ways: whole, cut at `at`, beside quotation
/// marks and labels, as a `params` key, as words of its verify command.
fn holding(s: &str, at: usize) -> Envelope {
    let mut cut = at.min(s.len());
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    let (head, tail) = s.split_at(cut);
    Envelope::draft(
        Code::new("EXIT_3").unwrap(),
        ExitStatus::new(3).unwrap(),
        format!("{tail} failed near \"{head}"),
    )
    .verdict(Verdict::ambiguous())
    .action(format!("{head}\"{tail}"))
    .subject(tail.to_owned())
    .param(s.to_owned(), format!("{s}\u{1b}{head}"))
    .param("stderr", format!("error[EXIT_3]: {tail}{head}\n"))
    .param(head.to_owned(), 3)
    .nearby([format!("{head}·{tail}"), String::from("retry")])
    .candidates([Candidate {
        text: format!("{tail}\n{head}"),
        line: 3,
        column: 1,
        similarity: 0.5,
        strategy: "exact".to_owned(),
        diff_preview: None,
    }])
    .location(Location {
        path: Some(format!("/tmp/{head}")),
        line: Some(2),
        column: Some(1),
    })
    .verify(
        failwise::Verify::new(vec![
            "status".to_owned(),
            s.to_owned(),
            format!("--id={head}{tail}"),
        ])
        .unwrap(),
    )
    .with_recovery(format!("rotate {tail} then {head}"))
    .unwrap()
}

/// Every rendering of `envelope`, sealed by `redactor`, as bytes.
fn renderings(envelope: &Envelope, redactor: &Redactor, localizers: &[Localizer]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let line = envelope.to_json_line();
    out.push(
        redactor
            .seal_json(line.as_bytes())
            .unwrap_or_else(|| line.into_bytes()),
    );
    for localizer in localizers {
        for color in [false, true] {
            let text = human(&localizer.localize(envelope.clone()), localizer, color);
            out.push(redactor.seal_text(&text).into_owned().into_bytes());
        }
    }
    for dialect in Dialect::ALL {
        let line = serde_json::to_vec(&dialect.write(envelope)).unwrap();
        out.push(redactor.seal_json(&line).unwrap_or(line));
    }
    out
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Secrets of every kind: any bytes, any text, and pieces of the renderings themselves (their
/// syntax, escapes and labels beside field text), the values most likely to be spelled by a
/// rendering rather than held by a field.
fn any_secret() -> impl Strategy<Value = Vec<u8>> {
    let rendered = {
        let e = holding("abcdefgh", 4);
        let mut all = e.to_json_line().into_bytes();
        let localizer = Localizer::new("en");
        all.extend(human(&e, &localizer, false).into_bytes());
        all.extend(serde_json::to_vec(&Dialect::ALL[2].write(&e)).unwrap());
        all
    };
    let piece = (0..rendered.len(), 8usize..40).prop_map(move |(start, len)| {
        let end = (start + len).min(rendered.len());
        rendered[start.min(end.saturating_sub(8))..end].to_vec()
    });
    prop_oneof![
        prop::collection::vec(any::<u8>(), 8..40),
        "\\PC{8,30}".prop_map(String::into_bytes),
        "[a-z\"\\\\:,{}\\[\\] ·\u{1b}\n]{8,24}".prop_map(String::into_bytes),
        piece,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, max_global_rejects: 1 << 16, ..ProptestConfig::default() })]

    #[test]
    fn a_registered_value_appears_in_no_rendering_and_no_stream(
        secret in any_secret(),
        at in 0usize..40,
        noise in prop::collection::vec(any::<u8>(), 0..200),
        split in 0usize..300,
    ) {
        let mut redactor = Redactor::new();
        prop_assume!(redactor.register_bytes(&secret).is_ok());
        let text = String::from_utf8_lossy(&secret).into_owned();
        let localizers = [Localizer::new("en"), Localizer::new("pt-BR")];
        let envelope = redactor.redact_and_bound(holding(&text, at), &Truncator::standard());
        for (i, rendering) in renderings(&envelope, &redactor, &localizers).iter().enumerate() {
            prop_assert!(
                !contains(rendering, &secret),
                "rendering {i} holds the secret: {}",
                String::from_utf8_lossy(rendering)
            );
        }
        // A stream holding the value, cut into two chunks anywhere.
        let mut input = noise.clone();
        input.extend_from_slice(&secret);
        input.extend_from_slice(&noise);
        let mut masker = redactor.stream().expect("a value is registered");
        let mut out = Vec::new();
        let split = split.min(input.len());
        masker.feed(&input[..split], &mut out);
        masker.feed(&input[split..], &mut out);
        masker.finish(&mut out);
        prop_assert!(!contains(&out, &secret));
    }
}

#[test]
fn values_the_syntax_spells_are_refused_and_the_rest_are_sealed() {
    for refused in [
        r#"retry":"no""#,
        r#"EXIT_3","exit"#,
        r#""exit":3,"message""#,
        "123,456]:",
    ] {
        assert!(
            Redactor::new().register(refused).is_err(),
            "{refused} was accepted"
        );
    }
    // Labels of the human form beside field text are masked in the rendering itself.
    let localizer = Localizer::new("en");
    for secret in ["error[EXIT_3]", "ambiguous · retry"] {
        let mut redactor = Redactor::new();
        redactor.register(secret).unwrap();
        let envelope = holding("plain text", 3);
        let text = human(&envelope, &localizer, false);
        assert!(
            text.contains(secret),
            "the sample does not exercise {secret}"
        );
        let sealed = redactor.seal_text(&text);
        assert!(!sealed.contains(secret), "{sealed}");
        assert!(sealed.contains("[REDACTED:secret]"));
    }
}

/// A secret in a verify command's words is masked in the envelope itself (before any seal of
/// a rendering), counted in `params.redacted`, and the command keeps its program.
#[test]
fn a_secret_in_the_verify_command_is_masked_in_the_envelope() {
    let secret = "s3cr3t-t0ken-value";
    let mut redactor = Redactor::new();
    redactor.register(secret).unwrap();
    let envelope = redactor.redact_envelope(holding(secret, 4));
    let words = envelope.verify().map(|v| v.command().to_vec()).unwrap();
    assert_eq!(words[0], "status");
    assert!(words.iter().all(|w| !w.contains("s3cr3t")), "{words:?}");
    assert_eq!(words[1], "[REDACTED:secret]");
    assert!(
        words[2].starts_with("--id=") && words[2].contains("[REDACTED:"),
        "{words:?}"
    );
    assert!(envelope.params()["redacted"].as_u64() > Some(2));
}
