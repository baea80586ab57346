//! The human rendering, pinned in English and Brazilian Portuguese, with and without colour,
//! next to the JSON line of the same envelope.

mod secrets;

use failwise::i18n::Localizer;
use failwise::redact::Redactor;
use failwise::render::{human, use_color};
use failwise::truncate::Truncator;
use failwise::{Candidate, Code, Envelope, ExitStatus, Location, Verdict};

const CATALOG_EN: &str = "\
APP_PATTERN_NOT_FOUND-message = pattern not found in { $path }
APP_PATTERN_NOT_FOUND-recovery = copy the text of the best candidate into --old, then run `app edit` again
";
const CATALOG_PT: &str = "\
APP_PATTERN_NOT_FOUND-message = padrão não encontrado em { $path }
APP_PATTERN_NOT_FOUND-recovery = copie o texto do melhor candidato para --old e rode `app edit` de novo
";

/// A failure that uses every part of the rendering: location, nearby, candidates, a cut
/// field, a redaction, a documentation page.
fn failure() -> Envelope {
    let stderr = format!(
        "{}token ghp_0123456789abcdefghijABCDEFGHIJ012345 rejected",
        "x".repeat(5000)
    );
    Envelope::draft(
        Code::new("APP_PATTERN_NOT_FOUND").unwrap(),
        ExitStatus::new(1).unwrap(),
        "pattern not found in src/main.rs",
    )
    .verdict(Verdict::permanent())
    .param("path", "src/main.rs")
    .param("stderr", stderr)
    .nearby(["src/main.rs.orig", "src/mains.rs"])
    .candidates([
        Candidate {
            text: String::from("fn main() {\n    run();\n}"),
            line: 12,
            column: 1,
            similarity: 0.873,
            strategy: String::from("whitespace_normalized"),
            diff_preview: None,
        },
        Candidate {
            text: String::from("fn mains() {}"),
            line: 40,
            column: 5,
            similarity: 0.61,
            strategy: String::from("fuzzy"),
            diff_preview: None,
        },
    ])
    .location(Location {
        path: Some(String::from("src/main.rs")),
        line: Some(12),
        column: Some(1),
    })
    .doc_url("https://docs.example/errors/APP_PATTERN_NOT_FOUND")
    .with_recovery("copy the text of the best candidate into --old, then run `app edit` again")
    .unwrap()
}

fn shown(lang: &str) -> (Envelope, Localizer) {
    let mut l = Localizer::new(lang);
    l.add_resource("en", CATALOG_EN).unwrap();
    l.add_resource("pt-BR", CATALOG_PT).unwrap();
    let e = Redactor::new().redact_and_bound(l.localize(failure()), &Truncator::standard());
    (e, l)
}

#[test]
fn human_and_json_in_english_and_portuguese() {
    for lang in ["en", "pt-BR"] {
        let (e, l) = shown(lang);
        let text = human(&e, &l, false);
        assert!(!text.contains("ghp_"), "token shapes are masked");
        assert!(
            text.contains("src/main.rs:12:1"),
            "location as path:line:column"
        );
        assert!(text.contains("87%"));
        assert!(text.contains("40"), "candidate line numbers");
        insta::assert_snapshot!(format!("human_{lang}"), text);
        insta::assert_snapshot!(format!("json_{lang}"), e.to_json_line());
    }
}

#[test]
fn colour_decorates_and_carries_no_meaning() {
    let (e, l) = shown("en");
    let plain = human(&e, &l, false);
    let coloured = human(&e, &l, true);
    assert!(coloured.contains("\u{1b}["));
    assert!(!plain.contains('\u{1b}'));
    let stripped = strip_ansi(&coloured);
    assert_eq!(stripped, plain, "the words are the same without colour");
}

#[test]
fn no_color_and_dumb_terminals_turn_colour_off() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |k: &str| {
            pairs
                .iter()
                .find(|(name, _)| *name == k)
                .map(|(_, v)| (*v).to_owned())
        }
    };
    assert!(use_color(true, &env(&[])));
    assert!(!use_color(false, &env(&[])));
    assert!(!use_color(true, &env(&[("NO_COLOR", "1")])));
    assert!(
        !use_color(true, &env(&[("NO_COLOR", "false")])),
        "any non-empty value"
    );
    assert!(
        use_color(true, &env(&[("NO_COLOR", "")])),
        "empty means unset"
    );
    assert!(!use_color(true, &env(&[("TERM", "dumb")])));
}

fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A control character in an envelope's text is shown as its escape, never sent raw: a raw ESC
/// would set the reader's terminal title or clear its screen.
#[test]
fn control_characters_are_shown_not_sent() {
    let envelope = Envelope::draft(
        Code::new("APP_FAILED").expect("a code"),
        ExitStatus::FAILURE,
        "bad \u{1b}]0;pwned\u{7} title",
    )
    .nearby(["\u{1b}[2Jclear"])
    .with_recovery("run \u{1b}[31mred\u{1b}[0m again\nsecond line")
    .expect("a recovery");
    let text = human(&envelope, &Localizer::english(), false);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    assert!(text.contains(r"bad \u{1b}]0;pwned\u{7} title"), "{text}");
    assert!(
        text.contains(r"run \u{1b}[31mred\u{1b}[0m again\nsecond line"),
        "{text}"
    );
    assert!(text.contains(r"\u{1b}[2Jclear"), "{text}");
    // The text has one line per part: the recovery's newline does not start another.
    assert_eq!(text.lines().filter(|l| l.starts_with("help:")).count(), 1);
    assert!(!text.lines().any(|l| l == "second line"));
}

/// A bidirectional formatting character in an envelope's text (U+202E RIGHT-TO-LEFT OVERRIDE
/// and its kin, UAX #9) is shown as its escape too: sent raw, it reorders what the reader sees
/// ("Trojan Source", CVE-2021-42574). Letters of a right-to-left script stay as they are.
#[test]
fn bidirectional_controls_are_shown_not_sent() {
    let controls = [
        '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}',
        '\u{2068}', '\u{2069}', '\u{200e}', '\u{200f}', '\u{61c}',
    ];
    let message: String = controls.iter().map(|c| format!("a{c}")).collect();
    let envelope = Envelope::draft(
        Code::new("APP_FAILED").expect("a code"),
        ExitStatus::FAILURE,
        format!("file {message} שלום"),
    )
    .nearby(["evil\u{202e}txt.exe"])
    .with_recovery("open \u{2067}x\u{2069} again")
    .expect("a recovery");
    let text = human(&envelope, &Localizer::english(), false);
    for c in controls {
        assert!(!text.contains(c), "{c:?} in {text:?}");
    }
    assert!(text.contains(r"a\u{202e}a"), "{text}");
    assert!(text.contains(r"evil\u{202e}txt.exe"), "{text}");
    assert!(text.contains(r"open \u{2067}x\u{2069} again"), "{text}");
    assert!(text.contains("שלום"), "{text}");
    assert_eq!(failwise::render::visible("שלום"), "שלום");
}

/// The verify command of an effect-unknown failure is its own line, labelled in the reader's
/// language, each word quoted for a POSIX shell: `sh` reads the line back into the same argv.
#[test]
fn a_verify_command_is_shown_as_a_shell_line() {
    let argv = ["shop", "order", "status", "ord 42", "it's", "$HOME;rm"].map(String::from);
    let envelope = Envelope::draft(
        Code::new("DEADLINE_EXCEEDED").expect("a code"),
        ExitStatus::TEMPFAIL,
        "no answer within 30 s",
    )
    .verdict(Verdict::transient().effect_unknown())
    .verify(failwise::Verify::new(argv.to_vec()).expect("a program"))
    .with_recovery("run the verify command before placing the order again")
    .expect("a recovery");
    let english = human(&envelope, &Localizer::english(), false);
    let line = english
        .lines()
        .find(|l| l.contains("shop order"))
        .expect("a verify line");
    insta::assert_snapshot!(line, @r#"  = check whether it took effect: shop order status 'ord 42' "it's" '$HOME;rm'"#);
    let portuguese = human(&envelope, &Localizer::new("pt-BR"), false);
    assert!(
        portuguese.contains("  = confira se surtiu efeito: shop order status 'ord 42'"),
        "{portuguese}"
    );
    // The recovery stays the last line.
    assert!(english.ends_with("help: run the verify command before placing the order again\n"));
    let words = line.split_once(": ").map(|(_, w)| w).expect("a label");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("printf '%s\\n' {words}"))
        .output()
        .expect("sh runs");
    let read: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(read, argv, "{words}");
    // Without an unknown effect there is no verify line.
    let sure = envelope
        .into_draft()
        .verdict(Verdict::transient())
        .with_current_recovery()
        .expect("a recovery");
    assert!(!human(&sure, &Localizer::english(), false).contains("shop order"));
}
