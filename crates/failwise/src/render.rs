//! The human rendering of an envelope: one text for a person at a terminal, made from the same
//! data as the JSON line, in the reader's language.
//!
//! ```text
//! error[CONFIG_MISSING]: no config at /etc/app.toml
//!   --> /etc/app.toml:3:7
//!   = precondition failed · retry: no · exit 78
//!   = did you mean: /etc/app.toml.example
//!   = near matches:
//!       line 12, column 1 · 87% similar · fuzzy
//!         | [server]
//! help: run `app init` to write /etc/app.toml
//! ```
//!
//! An envelope whose effect is unknown and that carries a `verify` command shows it, each word
//! quoted for a POSIX shell ([`shell_word`]), so it can be pasted as it is:
//!
//! ```text
//!   = check whether it took effect: shop order status 'ord 42'
//! ```
//!
//! The recovery is the last line, `help:` and the imperative sentence. Colour (ANSI, through
//! `anstyle`) only decorates: every piece of meaning is in the words, so the text reads the same
//! without it. Whether to colour is the caller's decision, made with [`use_color`].
//! The library returns a `String` and never prints.

use std::fmt::Write as _;
use std::sync::LazyLock;

use anstyle::{AnsiColor, Style};

use crate::envelope::{Envelope, Params};
use crate::i18n::{Localizer, SHIPPED};
use crate::phrase::shell_word;
use crate::verdict::{ErrorClass, Retry};

/// How many lines of a candidate's text are shown.
const CANDIDATE_LINES: usize = 3;

/// Whether to colour output written to a stream: only when the stream is a terminal, `NO_COLOR`
/// is unset or empty (no-color.org: any non-empty value turns colour off), and `TERM` is not
/// `dumb`. `env` reads an environment variable.
///
/// ```
/// use failwise::render::use_color;
/// assert!(use_color(true, &|_| None));
/// assert!(!use_color(false, &|_| None));
/// assert!(!use_color(true, &|k| (k == "NO_COLOR").then(|| "1".to_owned())));
/// assert!(use_color(true, &|k| (k == "NO_COLOR").then(String::new)));
/// ```
pub fn use_color(is_terminal: bool, env: &dyn Fn(&str) -> Option<String>) -> bool {
    is_terminal
        && env("NO_COLOR").is_none_or(|v| v.is_empty())
        && env("TERM").is_none_or(|t| t != "dumb")
}

/// The styles of the rendering; all plain when colour is off.
struct Palette {
    error: Style,
    label: Style,
    help: Style,
    code: Style,
}

impl Palette {
    fn new(color: bool) -> Self {
        if !color {
            return Self {
                error: Style::new(),
                label: Style::new(),
                help: Style::new(),
                code: Style::new(),
            };
        }
        Self {
            error: Style::new().bold().fg_color(Some(AnsiColor::Red.into())),
            label: Style::new().fg_color(Some(AnsiColor::Cyan.into())),
            help: Style::new().bold().fg_color(Some(AnsiColor::Green.into())),
            code: Style::new().bold(),
        }
    }
}

/// `text` with every character that would act on the reader's terminal instead of being read
/// shown as its escape, as ripgrep and git show them: an envelope's text comes from elsewhere.
///
/// The rule, for every human form failwise writes:
/// - a control character (Unicode general category `Cc`: C0, DEL, C1) is shown as Rust's
///   `escape_debug` writes it (`\u{1b}`, `\u{7}`, `\n`, `\t`): a raw ESC would set the
///   terminal's title or clear its screen;
/// - a bidirectional formatting character ([`BIDI_CONTROLS`]: the explicit embeddings,
///   overrides and isolates of Unicode UAX #9 §2, and the implicit marks LRM, RLM and ALM) is
///   shown as `\u{202e}`: raw, it reorders what the reader sees of the text around it, the
///   "Trojan Source" attack (CVE-2021-42574);
/// - every other character, letters of right-to-left scripts included, is kept as it is.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    let acts = |c: char| c.is_control() || BIDI_CONTROLS.contains(&c);
    if !text.chars().any(acts) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else if BIDI_CONTROLS.contains(&c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The bidirectional formatting characters [`visible`] escapes (Unicode UAX #9, "Unicode
/// Bidirectional Algorithm", §2): LRE, RLE, PDF, LRO, RLO (U+202A–U+202E), LRI, RLI, FSI, PDI
/// (U+2066–U+2069), LRM, RLM (U+200E, U+200F) and ALM (U+061C).
pub const BIDI_CONTROLS: [char; 12] = [
    '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}',
    '\u{2069}', '\u{200e}', '\u{200f}', '\u{61c}',
];

fn paint(style: Style, text: &str) -> String {
    if style == Style::new() {
        text.to_owned()
    } else {
        format!("{style}{text}{style:#}")
    }
}

/// Renders `envelope` for a person, with the labels in `localizer`'s language (the envelope's
/// own `message` and `recovery` are shown as they are: localize the envelope first with
/// [`Localizer::localize`]). Lines, in order: code and message; the location as
/// `path:line:column`; class, retry verdict and exit status; did-you-mean values; near-miss
/// candidates with their line and column; flags not applied; cut fields; the count of
/// redactions; the documentation page; the `verify` command, its words quoted for a shell; and
/// last the recovery. Ends with a newline. A control character in any of the envelope's texts
/// is shown as its escape (`\u{1b}`), never sent raw.
///
/// # Examples
///
/// ```
/// use failwise::{Code, Envelope, ExitStatus, Verdict, i18n::Localizer, render};
/// let envelope = Envelope::draft(Code::new("CONFIG_MISSING")?, ExitStatus::CONFIG, "no config at /etc/app.toml")
///     .verdict(Verdict::precondition_failed())
///     .with_recovery("run `app init` to write /etc/app.toml")?;
/// let text = render::human(&envelope, &Localizer::english(), false);
/// assert!(text.starts_with("error[CONFIG_MISSING]: no config at /etc/app.toml\n"));
/// assert!(text.ends_with("help: run `app init` to write /etc/app.toml\n"));
///
/// // Colour only decorates: the words are the same.
/// let coloured = render::human(&envelope, &Localizer::english(), true);
/// assert!(coloured.contains('\x1b') && coloured.contains("no config at /etc/app.toml"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn human(envelope: &Envelope, localizer: &Localizer, color: bool) -> String {
    let p = Palette::new(color);
    let none = Params::new();
    let label = |id: &str| localizer.label(id, &none);
    let with = |id: &str, args: &[(&str, serde_json::Value)]| {
        let params: Params = args
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect();
        localizer.label(id, &params)
    };
    // A finding a checker reports as advisory (`params.severity: "warning"`) is labelled so.
    let warning = envelope.params().get("severity").and_then(|s| s.as_str()) == Some("warning");
    let severity = if warning {
        "render-warning"
    } else {
        "render-error"
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {}",
        paint(
            p.error,
            &format!("{}[{}]", label(severity), envelope.code())
        ),
        visible(envelope.message())
    );
    if let Some(place) = location(envelope) {
        let _ = writeln!(out, "  {} {}", paint(p.label, "-->"), visible(&place));
    }
    let retry = match (envelope.retry(), envelope.retry_after_ms()) {
        (Retry::Yes, Some(ms)) => with("render-retry-yes-after", &[("ms", ms.into())]),
        (Retry::Yes, None) => label("render-retry-yes"),
        (Retry::No, _) => label("render-retry-no"),
        (Retry::Unknown, _) => label("render-retry-unknown"),
    };
    let _ = writeln!(
        out,
        "  {} {} · {retry} · {}",
        paint(p.label, "="),
        label(class_id(envelope.error_class())),
        with("render-exit", &[("exit", envelope.exit().get().into())])
    );
    if !envelope.nearby().is_empty() {
        let nearby: Vec<String> = envelope
            .nearby()
            .iter()
            .map(|n| paint(p.code, &visible(n)))
            .collect();
        let _ = writeln!(
            out,
            "  {} {}: {}",
            paint(p.label, "="),
            label("render-did-you-mean"),
            nearby.join(", ")
        );
    }
    if !envelope.candidates().is_empty() {
        let _ = writeln!(
            out,
            "  {} {}:",
            paint(p.label, "="),
            label("render-candidates")
        );
        for c in envelope.candidates() {
            let percent = (c.similarity * 100.0).round() as u64;
            let head = with(
                "render-candidate",
                &[
                    ("line", c.line.into()),
                    ("column", c.column.into()),
                    ("similarity", percent.into()),
                    ("strategy", visible(&c.strategy).into_owned().into()),
                ],
            );
            let _ = writeln!(out, "      {head}");
            for line in c.text.lines().take(CANDIDATE_LINES) {
                let _ = writeln!(out, "        {} {}", paint(p.label, "|"), visible(line));
            }
        }
    }
    if !envelope.discarded_flags().is_empty() {
        let _ = writeln!(
            out,
            "  {} {}: {}",
            paint(p.label, "="),
            label("render-discarded-flags"),
            visible(&envelope.discarded_flags().join(" "))
        );
    }
    for (pointer, bytes) in envelope.truncated() {
        let text = with(
            "render-truncated",
            &[
                ("pointer", visible(pointer).into_owned().into()),
                ("bytes", (*bytes).into()),
            ],
        );
        let _ = writeln!(out, "  {} {text}", paint(p.label, "="));
    }
    if let Some(count) = envelope.params().get("redacted").and_then(|v| v.as_u64()) {
        let text = with("render-redacted", &[("count", count.into())]);
        let _ = writeln!(out, "  {} {text}", paint(p.label, "="));
    }
    if let Some(url) = envelope.doc_url() {
        let _ = writeln!(
            out,
            "  {} {}: {}",
            paint(p.label, "="),
            label("render-docs"),
            visible(url)
        );
    }
    if let Some(verify) = envelope.verify() {
        let words: Vec<String> = verify
            .command()
            .iter()
            .map(|w| visible(&shell_word(w)).into_owned())
            .collect();
        let _ = writeln!(
            out,
            "  {} {}: {}",
            paint(p.label, "="),
            label("render-verify"),
            paint(p.code, &words.join(" "))
        );
    }
    let _ = writeln!(
        out,
        "{}: {}",
        paint(p.help, &label("render-help")),
        visible(envelope.recovery())
    );
    out
}

/// `path:line:column` of the location (the envelope's `path` when the location names none),
/// or the path alone.
fn location(envelope: &Envelope) -> Option<String> {
    let loc = envelope.location();
    let path = loc.and_then(|l| l.path.as_deref()).or(envelope.path())?;
    let mut place = path.to_owned();
    if let Some(line) = loc.and_then(|l| l.line) {
        let _ = write!(place, ":{line}");
        if let Some(column) = loc.and_then(|l| l.column) {
            let _ = write!(place, ":{column}");
        }
    }
    Some(place)
}

fn class_id(class: ErrorClass) -> &'static str {
    match class {
        ErrorClass::Transient => "render-class-transient",
        ErrorClass::Conflict => "render-class-conflict",
        ErrorClass::PreconditionFailed => "render-class-precondition_failed",
        ErrorClass::Permanent => "render-class-permanent",
        ErrorClass::Ambiguous => "render-class-ambiguous",
    }
}

/// The fixed words of the rendering in every shipped language (the text of each `render-*`
/// message outside its placeables). A secret inside one of them cannot be hidden from the
/// human form, so [`crate::redact::Redactor::register`] refuses it.
pub(crate) static LABEL_WORDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut words = Vec::new();
    for (_, ftl) in SHIPPED {
        let mut in_render = false;
        for line in ftl.lines() {
            let continued = line.starts_with(' ');
            if !continued {
                in_render = line.starts_with("render-");
            }
            let text = match line.split_once('=') {
                _ if !in_render => continue,
                Some((_, text)) if !continued => text,
                _ => line,
            };
            for piece in text.split(['{', '}']).step_by(2) {
                let piece = piece.trim_start_matches(['[', '*']);
                let piece = piece.trim();
                if !piece.is_empty() {
                    words.push(piece.to_owned());
                }
            }
        }
    }
    words
});
