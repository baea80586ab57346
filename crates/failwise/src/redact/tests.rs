//! Tests of redaction: each token shape, registration rules, cut windows, whole envelopes, and
//! the property that an accepted secret never reaches the output.

use proptest::prelude::*;

use super::*;
use crate::{Candidate, Code, Envelope, ExitStatus, Gate, Location};

fn redact(text: &str) -> String {
    Redactor::new().redact(text).text
}

#[test]
fn each_token_shape_is_masked_and_its_context_kept() {
    let cases = [
        (
            "Authorization: Bearer abcDEF0123456789._~+/xyz==",
            "Authorization: Bearer [REDACTED:bearer_token]",
        ),
        (
            "key sk-proj-AbCdEfGhIjKlMnOpQrStUv0123 expired",
            "key [REDACTED:api_key] expired",
        ),
        (
            "stripe sk_live_0123456789abcdefABCD",
            "stripe [REDACTED:api_key]",
        ),
        (
            "remote: ghp_0123456789abcdefghijABCDEFGHIJ012345 revoked",
            "remote: [REDACTED:github_token] revoked",
        ),
        (
            "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
            "[REDACTED:github_token]",
        ),
        (
            "aws: AKIAIOSFODNN7EXAMPLE and ASIAY34FZKBOKMUTVV7A",
            "aws: [REDACTED:aws_access_key_id] and [REDACTED:aws_access_key_id]",
        ),
        (
            "jwt=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U;",
            "jwt=[REDACTED:jwt];",
        ),
        (
            "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nIBAAK\n-----END RSA PRIVATE KEY-----\nafter",
            "[REDACTED:private_key]\nafter",
        ),
        (
            "cut -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1r",
            "cut [REDACTED:private_key]",
        ),
        (
            "fatal: unable to access 'https://bob:s3cr3t@git.example.com/r.git/'",
            "fatal: unable to access 'https://bob:[REDACTED:url_password]@git.example.com/r.git/'",
        ),
        (
            "postgres://app:p%40ss@db:5432/app",
            "postgres://app:[REDACTED:url_password]@db:5432/app",
        ),
        (
            "slack xoxb-1234567890-abcdefghij",
            "slack [REDACTED:slack_token]",
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(redact(input), expected, "input: {input}");
    }
}

/// A distinctive prefix is enough: a token glued to the word before it (`token_ghp_…`, a
/// logged `\n` before it, `x%3Aghp_…` in a URL) is masked too.
#[test]
fn a_token_glued_to_a_word_is_masked() {
    let gh = "ghp_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    for (input, kind) in [
        (format!("Authorization: token_{gh}"), "github_token"),
        (format!("bad credentials\\n{gh}"), "github_token"),
        (format!("https://x%3A{gh}@github.com"), "github_token"),
        (format!("a_{gh}"), "github_token"),
        ("bxAKIAIOSFODNN7EXAMPLE".to_owned(), "aws_access_key_id"),
        (
            "keyAIzaSyA1234567890abcdefghijklmnopqrstuv".to_owned(),
            "google_api_key",
        ),
    ] {
        let out = redact(&input);
        assert!(
            out.contains(&format!("[REDACTED:{kind}]")),
            "{input} -> {out}"
        );
        assert!(
            !out.contains("AAAAAAAAAAAAAAAA") && !out.contains("IOSFODNN7"),
            "{out}"
        );
    }
}

#[test]
fn ordinary_text_is_left_alone() {
    for text in [
        "Bearer tokens are required",
        "see https://example.com/a:b@c",
        "skip-this-step",
        "task-0123456789abcdefghij",
        "the AKIA prefix",
        "ssh://git@github.com/org/repo",
    ] {
        assert_eq!(redact(text), text);
    }
}

#[test]
fn registration_refuses_what_cannot_or_should_not_be_hidden() {
    let mut r = Redactor::new();
    assert_eq!(
        r.register("hunter2").err(),
        Some(RefusedSecret::TooShort { chars: 7 })
    );
    assert_eq!(
        r.register("  a b c  ").err(),
        Some(RefusedSecret::TooShort { chars: 3 })
    );
    assert_eq!(
        r.register("1234567890").err(),
        Some(RefusedSecret::NumberLike)
    );
    assert_eq!(
        r.register("ror_clas").err(),
        Some(RefusedSecret::WireVocabulary {
            word: "error_class"
        })
    );
    assert!(r.register("correct horse").is_ok());
    assert!(r.register("correct horse").is_ok());
    assert_eq!(r.secrets(), ["correct horse"]);
    assert!(
        r.register("eeeeeeeeee").is_ok(),
        "letters only are not a number"
    );
}

#[test]
fn env_values_are_registered_by_name() {
    let mut r = Redactor::new();
    let n = r.register_env([
        ("GITHUB_TOKEN", "tok-0123456789"),
        ("PGPASSWORD", "short"),
        ("HOME", "/home/someone-long"),
        ("my_api_key", "abcdefgh-ijkl"),
        ("DB_PASSWORD", "98765432101234"),
        ("EMPTY_TOKEN", ""),
        ("XDG_SESSION_ID", "3"),
    ]);
    assert_eq!(n.registered, 2);
    // Refused values are named with why, never their value; an empty one and a name that
    // holds no secret are not mentioned.
    assert_eq!(
        n.refused,
        [
            (
                "PGPASSWORD".to_owned(),
                RefusedSecret::TooShort { chars: 5 }
            ),
            ("DB_PASSWORD".to_owned(), RefusedSecret::NumberLike),
        ]
    );
    assert_eq!(r.secrets(), ["tok-0123456789", "abcdefgh-ijkl"]);
    assert!(is_secret_name("AWS_SECRET_ACCESS_KEY"));
    assert!(is_secret_name("HTTP_AUTHORIZATION"));
    assert!(!is_secret_name("EDITOR"));
    assert!(!is_secret_name("SSH_AUTH_SOCK"));
    assert!(!is_secret_name("xdg_session_type"));
}

#[test]
fn a_value_that_is_not_utf8_is_masked_by_its_bytes_in_a_stream() {
    let mut r = Redactor::new();
    r.register_bytes(b"S3cr3t-\xffValue-XyZ-42").unwrap();
    let mut masker = r.stream().unwrap();
    let mut out = Vec::new();
    masker.feed(b"token: S3cr3t-\xffVal", &mut out);
    masker.feed(b"ue-XyZ-42\n", &mut out);
    masker.finish(&mut out);
    assert_eq!(out, b"token: [REDACTED:secret]\n");
    // In a field, the value is the text a lossy decoding gives.
    let text = String::from_utf8_lossy(b"token: S3cr3t-\xffValue-XyZ-42").into_owned();
    assert_eq!(r.redact(&text).text, "token: [REDACTED:secret]");
}

#[test]
fn values_the_json_syntax_could_spell_are_refused() {
    let refused = |s: &str| Redactor::new().register(s).err();
    assert_eq!(refused(r#"retry":"no""#), Some(RefusedSecret::WireSyntax));
    assert_eq!(refused(r#"EXIT_3","exit"#), Some(RefusedSecret::WireSyntax));
    assert_eq!(refused("123,456]:{}"), Some(RefusedSecret::SyntaxLike));
    assert_eq!(refused("e,false,null,tr"), Some(RefusedSecret::SyntaxLike));
    // Letters other than the literals' make a value no JSON syntax spells.
    assert_eq!(refused("features-12"), None);
    assert_eq!(refused(r#"pa"ss-w0rd"#), None);
    assert_eq!(refused(r#""quoted-secret""#), None);
}

#[test]
fn overlapping_secrets_are_masked_longest_first() {
    let mut r = Redactor::new();
    r.register("password1").unwrap();
    r.register("password12345").unwrap();
    let out = r.redact("a password12345 b password1 c");
    assert_eq!(out.text, "a [REDACTED:secret] b [REDACTED:secret] c");
    assert_eq!(out.count, 2);
}

#[test]
fn a_marker_that_spells_a_secret_again_is_masked_again() {
    let mut r = Redactor::new();
    r.register("secret]tail").unwrap();
    let out = r.redact("xsecret]tailtail");
    assert!(!out.text.contains("secret]tail"), "{}", out.text);
}

#[test]
fn window_edges_mask_fragments_of_secrets() {
    let mut r = Redactor::new();
    r.register("abcdefghijkl").unwrap();
    let out = r.redact_window("ghijkl is the rest; then abcdef", true, true);
    assert_eq!(
        out.text,
        "[REDACTED:secret] is the rest; then [REDACTED:secret]"
    );
    assert_eq!(out.count, 2);
    let out = r.redact_window("token ghp_01234", false, true);
    assert_eq!(out.text, "token [REDACTED:secret]");
    let untouched = r.redact_window("ghijkl at the start", false, false);
    assert_eq!(untouched.count, 0);
}

#[test]
fn redact_then_bound_cuts_only_redacted_text() {
    let mut r = Redactor::new();
    r.register("0123456789abcdefXYZ").unwrap();
    let text = format!("{}0123456789abcdefXYZ{}", "a".repeat(40), "b".repeat(40));
    for max in 10..text.len() {
        let (b, count) = r.redact_then_bound(&text, max);
        assert_eq!(count, 1);
        for frag_len in 6..19 {
            for start in 0..=(19 - frag_len) {
                let frag = &"0123456789abcdefXYZ"[start..start + frag_len];
                assert!(!b.text.contains(frag), "max {max}: {frag} in {}", b.text);
            }
        }
    }
}

fn sample_envelope(s: &str) -> Envelope {
    Envelope::draft(
        Code::new("SAMPLE").unwrap(),
        ExitStatus::new(1).unwrap(),
        format!("failed with {s}"),
    )
    .action(format!("login {s}"))
    .subject(s)
    .param(
        format!("key {s}"),
        serde_json::json!({ "inner": [s, 1, { s: s }] }),
    )
    .nearby([format!("{s}!"), String::from("plain")])
    .candidates([Candidate {
        text: s.repeat(3),
        line: 3,
        column: 1,
        similarity: 0.5,
        strategy: format!("s {s}"),
        diff_preview: Some(format!("-{s}\n+x")),
    }])
    .location(Location {
        path: Some(format!("/tmp/{s}")),
        line: Some(2),
        column: None,
    })
    .path(format!("/p/{s}"))
    .workspace(s)
    .discarded_flags([format!("--token={s}")])
    .gate(Gate::new(s, s, format!("use {s}")).unwrap())
    .truncated(format!("/params/{s}"), 9000)
    .doc_url(format!("https://x.example/{s}"))
    .source(crate::Source {
        dialect: s.to_owned(),
        code: Some(crate::SourceCode::Text(s.to_owned())),
    })
    .with_recovery(format!("unset {s}"))
    .unwrap()
}

#[test]
fn every_field_of_an_envelope_is_redacted_and_counted() {
    let s = "Sup3r-S3cret-Value";
    let mut r = Redactor::new();
    r.register(s).unwrap();
    let e = r.redact_envelope(sample_envelope(s));
    let line = e.to_json_line();
    assert!(!line.contains(s), "{line}");
    let count = e.params()["redacted"].as_u64().unwrap();
    assert_eq!(count as usize, line.matches("[REDACTED:secret]").count());
    assert!(Envelope::from_json(&line).is_ok());
    let twice = r.redact_envelope(e);
    assert_eq!(twice.params()["redacted"].as_u64(), Some(count));
}

#[test]
fn a_code_that_spells_a_secret_is_replaced() {
    let mut r = Redactor::new();
    r.register("TOPSECRETCODE").unwrap();
    let e = Envelope::draft(
        Code::new("E_TOPSECRETCODE_FAIL").unwrap(),
        ExitStatus::new(1).unwrap(),
        "x",
    )
    .with_recovery("y")
    .unwrap();
    let e = r.redact_envelope(e);
    assert_eq!(e.code().as_str(), "REDACTED");
    assert_eq!(e.params()["redacted"], 1);
}

/// Secrets of every kind of content: plain, regex metacharacters, JSON punctuation, unicode,
/// and very long.
fn any_secret() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{8,40}",
        "[.*+?()\\[\\]{}|^$\\\\/a-z]{8,30}",
        "[a-z\"',:{} ]{8,24}",
        "[é漢字🦀ß\u{200d}a-z]{8,20}",
        "[A-Za-z0-9_-]{500,3000}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn an_accepted_secret_never_reaches_the_output(
        secret in any_secret(),
        before in "\\PC{0,40}",
        after in "\\PC{0,40}",
        noise in "\\PC{0,6000}",
        at in any::<prop::sample::Index>(),
        max in 64usize..4096,
    ) {
        let mut r = Redactor::new();
        prop_assume!(r.register(secret.clone()).is_ok());
        // A stderr of arbitrary text with the secret somewhere inside, redacted whole and then
        // bounded, as `failwise run` does with a child's stderr.
        let mut cut = at.index(noise.len() + 1);
        while !noise.is_char_boundary(cut) { cut -= 1; }
        let stderr = format!("{}{secret}{}", &noise[..cut], &noise[cut..]);
        let (tail, _) = r.redact_then_bound(&stderr, max);
        let e = sample_envelope(&format!("{before}{secret}{after}"))
            .into_draft()
            .param("stderr", tail.text)
            .param(secret.clone(), secret.clone())
            .with_recovery(format!("rotate {secret} now"))
            .unwrap();
        let e = r.redact_and_bound(e, &crate::truncate::Truncator::standard());
        let line = e.to_json_line();
        prop_assert!(!line.contains(&secret));
        let escaped = serde_json::to_string(&secret).unwrap();
        prop_assert!(!line.contains(escaped.trim_matches('"')));
        prop_assert!(e.params()["redacted"].as_u64().unwrap_or(0) >= 1);
        prop_assert!(Envelope::from_json(&line).is_ok());
    }

    #[test]
    fn a_window_never_keeps_a_recognisable_fragment(
        secret in "[a-z0-9]{8,40}",
        noise in "[ A-Z]{0,200}",
        start in 0usize..300,
        len in 0usize..300,
    ) {
        let mut r = Redactor::new();
        prop_assume!(r.register(secret.clone()).is_ok());
        let text = format!("{noise}{secret}{noise}{secret}{noise}");
        let start = start.min(text.len());
        let end = (start + len).min(text.len());
        let window = &text[start..end];
        let out = r.redact_window(window, start > 0, end < text.len());
        let chars: Vec<char> = secret.chars().collect();
        for w in MIN_FRAGMENT_CHARS..=chars.len() {
            for frag in chars.windows(w) {
                let frag: String = frag.iter().collect();
                prop_assert!(!out.text.contains(&frag), "{frag} in {}", out.text);
            }
        }
    }
}

/// `secret` as a JSON string's contents with the characters `escape` picks written as
/// `\uXXXX` escapes (a surrogate pair above U+FFFF), the hex digits in upper or lower case.
fn escaped_in_json(secret: &str, escape: &[bool], upper: bool) -> String {
    let mut out = String::new();
    for (i, c) in secret.chars().enumerate() {
        let plain = serde_json::to_string(&c.to_string()).unwrap_or_default();
        if !escape
            .get(i % escape.len().max(1))
            .copied()
            .unwrap_or(false)
        {
            out.push_str(&plain[1..plain.len() - 1]);
            continue;
        }
        let mut units = [0u16; 2];
        for unit in c.encode_utf16(&mut units) {
            if upper {
                out.push_str(&format!("\\u{unit:04X}"));
            } else {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    out
}

#[test]
fn a_json_line_that_spells_a_secret_with_escapes_is_sealed() {
    let mut r = Redactor::new();
    r.register("S3cr3t-Value-XyZ-42").expect("registrable");
    let line = br#"{"ok":true,"t":"S3cr3t\u002dValue-XyZ-42"}"#;
    let sealed = r.seal_json(line).expect("the line spells the secret");
    assert_eq!(sealed, br#"{"ok":true,"t":"[REDACTED:secret]"}"#);
    assert!(r.spells_secret(line));
    // A key, a surrogate pair and the text around the value are handled alike.
    r.register("p4ss🦀w0rd-x").expect("registrable");
    let line = br#"{"p4ss\ud83e\udd80w0rd-x":"a \u0053\u0033cr3t-Value-XyZ-42 b"}"#;
    let sealed = r.seal_json(line).expect("the line spells the secrets");
    assert_eq!(
        sealed,
        br#"{"[REDACTED:secret]":"a [REDACTED:secret] b"}"#,
        "{}",
        String::from_utf8_lossy(&sealed)
    );
    // Escapes that spell no value leave the line as it is.
    let line = br#"{"t":"S3cr3t\u002dValue and \u00e9"}"#;
    assert_eq!(r.seal_json(line), None);
    assert!(!r.spells_secret(line));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Whichever characters of a registered value a JSON line writes as `\uXXXX` escapes, the
    /// sealed line is JSON and its parsed strings never hold the value.
    #[test]
    fn a_sealed_line_never_parses_back_to_a_secret(
        secret in any_secret(),
        escape in proptest::collection::vec(any::<bool>(), 1..8),
        upper in any::<bool>(),
        before in "[a-z \\\\\"]{0,8}",
    ) {
        let mut r = Redactor::new();
        prop_assume!(r.register(secret.clone()).is_ok());
        let before = serde_json::to_string(&before).unwrap();
        let before = &before[1..before.len() - 1];
        let line = format!(
            r#"{{"k":"{before}{}","n":1}}"#,
            escaped_in_json(&secret, &escape, upper)
        );
        let sealed = r.seal_json(line.as_bytes()).expect("the line spells the secret");
        let value: serde_json::Value = serde_json::from_slice(&sealed)
            .map_err(|e| TestCaseError::fail(format!("{e}: {}", String::from_utf8_lossy(&sealed))))?;
        let k = value["k"].as_str().unwrap_or_default();
        prop_assert!(!k.contains(&secret), "{k}");
        prop_assert_eq!(&value["n"], 1);
    }
}
