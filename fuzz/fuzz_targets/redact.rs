//! Secrets of arbitrary bytes and text around them: an accepted secret never appears in
//! anything the `Redactor` gives back.
//!
//! Input (read with `arbitrary`): up to three secret values; the text, as pieces of filler
//! bytes each followed by a secret, its head or its tail, or its text as a JSON string spells
//! it (so that secrets meet each other, the text around them, JSON's escapes and the edges of
//! the stream's chunks); the sizes of the chunks the text is streamed in; a field limit; and
//! options (token shapes on or off, colour, the form a line is written in, the edges of a
//! window, how the pieces are laid out as lines to normalize).
//!
//! Each value goes through `Redactor::register_bytes`; a refused one leaves the registered
//! values as they were. For every accepted value, whose forms are its bytes and its text (its
//! bytes with U+FFFD for each invalid sequence, the form a field holds), checked:
//! - `redact` and `redact_window` of the text hold no secret's text, and a text in which
//!   nothing was replaced is returned as it was;
//! - the text streamed through `stream()` in the chunks given holds neither form of any
//!   secret, equals the text streamed in one chunk (bytes and count), and equals the input
//!   when nothing was replaced; without a value registered, there is no stream;
//! - an envelope carrying the text in every field, after `redact_envelope` (and after
//!   `redact_and_bound` with small limits and with the standard ones), reads back, and no
//!   string or member name of its JSON line holds a secret's text; that line and the same
//!   envelope written in another JSON form, sealed by `seal_json`, are UTF-8, hold neither
//!   form of any secret, and still parse as JSON, with no string holding a secret's text;
//! - its human form (`failwise::render::human`), sealed by `seal_text`, holds neither form of
//!   any secret, nor a secret's text as the human form shows control characters;
//! - the pieces laid out as lines (raw, or inside records passed through, or as the messages of
//!   failure records), normalized with the preparation `failwise normalize` uses when secrets
//!   are registered (envelopes redacted and bounded, passed lines masked by the stream,
//!   written lines sealed), hold neither form of any secret, and each output line is still
//!   UTF-8 and one JSON value (or blank), with no string holding a secret's text.

#![no_main]

use std::sync::LazyLock;

use arbitrary::Arbitrary;
use failwise::dialect::{Dialect, Form, NonFailures, Normalizer, Prepare, Tally};
use failwise::i18n::Localizer;
use failwise::redact::Redactor;
use failwise::render;
use failwise::truncate::Truncator;
use failwise::{
    Candidate, Cause, Code, Envelope, ExitStatus, Gate, Location, Source, SourceCode, Verdict,
};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

#[derive(Arbitrary, Debug)]
struct Input {
    secrets: Vec<Vec<u8>>,
    pieces: Vec<Piece>,
    chunks: Vec<u16>,
    limit: u16,
    shapes: bool,
    color: bool,
    form: u8,
    cut_before: bool,
    cut_after: bool,
    lines: Lines,
}

/// How the pieces are laid out as lines for the normalizer.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Lines {
    /// The text as it is.
    Raw,
    /// Each piece inside a line `{"msg":"…"}`, which is no failure (passed through), as written
    /// (no escaping: the piece may break the JSON).
    Records,
    /// Each piece as the message of a failure record of sqlite-graphrag's dialect.
    Failures,
}

#[derive(Arbitrary, Debug)]
struct Piece {
    filler: Vec<u8>,
    splice: Splice,
}

/// What follows a piece's filler: the secret at an index (modulo the number of secrets), its
/// first or last bytes, or its text as a JSON string spells it (quotation marks, backslashes
/// and control characters escaped), as a record that holds it is written.
#[derive(Arbitrary, Debug)]
enum Splice {
    Nothing,
    Whole(u8),
    Head(u8, u8),
    Tail(u8, u8),
    Escaped(u8),
}

/// Registered values: at most this many of the input's.
const MAX_SECRETS: usize = 3;

static ENGLISH: LazyLock<Localizer> = LazyLock::new(Localizer::english);

/// An accepted secret, in the forms that must not appear.
struct Secret {
    bytes: Vec<u8>,
    /// Its text, U+FFFD for each invalid sequence.
    text: String,
    /// Its text as the human form shows control characters.
    shown: String,
}

fuzz_target!(|input: Input| {
    let mut redactor = Redactor::new();
    redactor.shapes(input.shapes);
    let mut secrets = Vec::new();
    for value in input.secrets.iter().take(MAX_SECRETS) {
        let before = redactor.secrets().to_vec();
        match redactor.register_bytes(value) {
            Ok(_) => {
                let text = String::from_utf8_lossy(value).into_owned();
                let shown = render::visible(&text).into_owned();
                secrets.push(Secret {
                    bytes: value.clone(),
                    text,
                    shown,
                });
            }
            Err(_) => assert_eq!(redactor.secrets(), before, "a refused value was kept"),
        }
    }
    let text = spliced(&input);
    let lossy = String::from_utf8_lossy(&text);

    let out = redactor.redact(&lossy);
    for s in &secrets {
        assert!(!out.text.contains(&s.text), "redact kept {:?}", s.text);
    }
    if out.count == 0 {
        assert_eq!(out.text, lossy, "redact changed a text it found nothing in");
    }
    let window = redactor.redact_window(&lossy, input.cut_before, input.cut_after);
    for s in &secrets {
        assert!(
            !window.text.contains(&s.text),
            "redact_window kept {:?}",
            s.text
        );
    }

    stream(&redactor, &secrets, &text, &input.chunks);
    normalized(&redactor, &secrets, &as_lines(&input, input.lines));

    let envelope = carrying(&lossy);
    let small = Truncator::new()
        .default_limit(usize::from(input.limit % 512).max(1))
        .max_items(2);
    let redacted = [
        redactor.redact_envelope(envelope.clone()),
        redactor.redact_and_bound(envelope.clone(), &small),
        redactor.redact_and_bound(envelope, &Truncator::standard()),
    ];
    let forms: Vec<Form> = Form::all().into_iter().filter(|f| !f.is_text()).collect();
    let form = forms[usize::from(input.form) % forms.len()];
    for e in &redacted {
        let line = e.to_json_line();
        if let Err(err) = Envelope::from_json(&line) {
            panic!("a redacted envelope does not read back ({err}): {line}");
        }
        let value: Value = serde_json::from_str(&line).expect("an envelope line is JSON");
        no_secret_in_strings(&value, &secrets, "a redacted envelope's line");
        sealed_json(&redactor, &secrets, line.as_bytes(), "the envelope's line");
        let mut written = Vec::new();
        if form.write_into(e, &mut written).is_ok() {
            sealed_json(&redactor, &secrets, &written, form.name());
        }
        let human = render::human(e, &ENGLISH, input.color);
        let sealed = redactor.seal_text(&human);
        for s in &secrets {
            absent(sealed.as_bytes(), s, "the sealed human form");
            assert!(
                !sealed.contains(&s.shown),
                "the sealed human form shows {:?}",
                s.shown
            );
        }
    }
});

/// The text: each piece's filler, then the part of a secret it names.
fn spliced(input: &Input) -> Vec<u8> {
    as_lines(input, Lines::Raw)
}

/// The pieces laid out as `lines` says.
fn as_lines(input: &Input, lines: Lines) -> Vec<u8> {
    let values: Vec<&Vec<u8>> = input.secrets.iter().take(MAX_SECRETS).collect();
    let mut text = Vec::new();
    for piece in &input.pieces {
        match lines {
            Lines::Raw => {}
            Lines::Records => text.extend_from_slice(br#"{"msg":""#),
            Lines::Failures => text.extend_from_slice(br#"{"error":true,"code":4,"message":""#),
        }
        text.extend_from_slice(&piece.filler);
        let pick = |i: u8| values.get(usize::from(i) % values.len().max(1)).copied();
        match piece.splice {
            Splice::Nothing => {}
            Splice::Whole(i) => text.extend(pick(i).into_iter().flatten()),
            Splice::Head(i, n) => {
                if let Some(v) = pick(i) {
                    text.extend_from_slice(&v[..usize::from(n) % (v.len() + 1)]);
                }
            }
            Splice::Tail(i, n) => {
                if let Some(v) = pick(i) {
                    text.extend_from_slice(&v[usize::from(n) % (v.len() + 1)..]);
                }
            }
            Splice::Escaped(i) => {
                if let Some(v) = pick(i) {
                    let quoted = Value::from(String::from_utf8_lossy(v)).to_string();
                    text.extend_from_slice(&quoted.as_bytes()[1..quoted.len() - 1]);
                }
            }
        }
        if !matches!(lines, Lines::Raw) {
            text.extend_from_slice(b"\"}\n");
        }
    }
    text
}

/// The preparation `failwise normalize` gives its normalizer when secrets are registered:
/// envelopes redacted and bounded, lines passed through masked by the stream, written lines
/// sealed.
struct Masking<'r>(&'r Redactor);

impl Prepare for Masking<'_> {
    fn prepare(&self, envelope: Envelope) -> Envelope {
        self.0.redact_and_bound(envelope, &Truncator::standard())
    }

    fn pass(&self, line: &[u8], out: &mut Vec<u8>) {
        self.0.mask_line(line, out);
    }

    fn seal(&self, out: &mut Vec<u8>, start: usize) {
        if let Some(sealed) = self.0.seal_json(&out[start..]) {
            out.truncate(start);
            out.extend_from_slice(&sealed);
        }
    }
}

/// `text` normalized with the redacting preparation: no secret in the output, and every line
/// still UTF-8 and one JSON value (or blank).
fn normalized(redactor: &Redactor, secrets: &[Secret], text: &[u8]) {
    let masking = Masking(redactor);
    let normalizer =
        Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough).prepared(&masking);
    let (mut out, mut tally) = (Vec::new(), Tally::default());
    normalizer.chunk(text, 1, "-", &mut out, &mut tally);
    for s in secrets {
        absent(&out, s, "the normalized output");
    }
    for line in out.split(|b| *b == b'\n') {
        let Ok(line) = std::str::from_utf8(line) else {
            panic!("a normalized line is not UTF-8: {line:?}");
        };
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Value>(line) {
            Ok(value) => no_secret_in_strings(&value, secrets, "a normalized line"),
            Err(e) => panic!("a normalized line is no longer JSON ({e}): {line}"),
        }
    }
}

/// The stream's checks: `text` fed in `chunks` (sizes, the last chunk the rest).
fn stream(redactor: &Redactor, secrets: &[Secret], text: &[u8], chunks: &[u16]) {
    let Some(mut chunked) = redactor.stream() else {
        assert!(secrets.is_empty(), "no stream, yet a value is registered");
        return;
    };
    assert!(!secrets.is_empty(), "a stream without a value registered");
    let mut out = Vec::new();
    let mut rest = text;
    for &size in chunks {
        let (chunk, after) = rest.split_at(usize::from(size).min(rest.len()));
        chunked.feed(chunk, &mut out);
        rest = after;
    }
    chunked.feed(rest, &mut out);
    chunked.finish(&mut out);
    for s in secrets {
        absent(&out, s, "the stream");
    }
    if chunked.count() == 0 {
        assert_eq!(out, text, "the stream changed a text it found nothing in");
    }
    let mut whole = redactor.stream().expect("a value is registered");
    let mut once = Vec::new();
    whole.feed(text, &mut once);
    whole.finish(&mut once);
    assert_eq!(
        String::from_utf8_lossy(&out),
        String::from_utf8_lossy(&once),
        "chunks {chunks:?} mask differently from one chunk"
    );
    assert_eq!(chunked.count(), whole.count(), "chunks count differently");
}

/// `line`, a JSON rendering, sealed: UTF-8, JSON, and free of every secret.
fn sealed_json(redactor: &Redactor, secrets: &[Secret], line: &[u8], what: &str) {
    let sealed = redactor.seal_json(line);
    let sealed = sealed.as_deref().unwrap_or(line);
    let text = match std::str::from_utf8(sealed) {
        Ok(text) => text,
        Err(e) => panic!("{what} sealed is not UTF-8 ({e}): {sealed:?}"),
    };
    for s in secrets {
        absent(sealed, s, what);
    }
    match serde_json::from_str::<Value>(text) {
        Ok(value) => no_secret_in_strings(&value, secrets, what),
        Err(e) => panic!("{what} sealed is no longer JSON ({e}): {text}"),
    }
}

/// Neither form of `secret` in `out`.
fn absent(out: &[u8], secret: &Secret, what: &str) {
    for form in [&secret.bytes[..], secret.text.as_bytes()] {
        assert!(
            !contains(out, form),
            "{what} holds the secret {form:?}: {:?}",
            String::from_utf8_lossy(out)
        );
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

/// No string and no member name in `value`, at any depth, holds a secret's text.
fn no_secret_in_strings(value: &Value, secrets: &[Secret], what: &str) {
    let held = |s: &str| secrets.iter().find(|x| s.contains(&x.text));
    match value {
        Value::String(s) => {
            if let Some(x) = held(s) {
                panic!("{what}: the string {s:?} holds {:?}", x.text);
            }
        }
        Value::Array(items) => items
            .iter()
            .for_each(|v| no_secret_in_strings(v, secrets, what)),
        Value::Object(members) => {
            for (name, v) in members {
                if let Some(x) = held(name) {
                    panic!("{what}: the member name {name:?} holds {:?}", x.text);
                }
                no_secret_in_strings(v, secrets, what);
            }
        }
        _ => {}
    }
}

/// An envelope with `text` in every field a producer fills with text of its own.
fn carrying(text: &str) -> Envelope {
    let code = Code::normalize(text, "E");
    let exit = ExitStatus::new(1).expect("1 is an exit status");
    let mut draft = Envelope::draft(code, exit, text)
        .verdict(Verdict::permanent())
        .action(text)
        .subject(text)
        .param("stderr", text)
        .param(text, serde_json::json!({ text: [text, 1, { "k": text }] }))
        .nearby([text, "plain"])
        .candidates([Candidate {
            text: text.to_owned(),
            line: 1,
            column: 1,
            similarity: 0.5,
            strategy: text.to_owned(),
            diff_preview: Some(format!("-{text}\n+x")),
        }])
        .location(Location {
            path: Some(text.to_owned()),
            line: Some(2),
            column: Some(3),
        })
        .path(text)
        .workspace(text)
        .discarded_flags([format!("--token={text}")])
        .truncated(format!("/params/{text}"), 9000)
        .doc_url(format!("https://example.com/{text}"))
        .source(Source {
            dialect: text.to_owned(),
            code: Some(SourceCode::Text(text.to_owned())),
        })
        .cause(Cause::new(text).with_code(text).with_source(text));
    if let Ok(gate) = Gate::new(text, text, format!("use {text} instead")) {
        draft = draft.gate(gate);
    }
    draft
        .with_recovery(format!("rotate {text} now"))
        .expect("the recovery is not empty")
}
