//! The last step before a rendering is written: masking a registered secret wherever the
//! rendering itself spells it, where no field held it whole.
//!
//! Redacting an envelope masks every field that holds a secret. A rendering adds bytes of its
//! own around the fields: a JSON line its quotation marks, punctuation and escapes (a `"` in a
//! field is written `\"`), the human form its labels (`error[`, ` · `). A secret that only
//! those bytes and a field's text spell together, or that an escape spells, survives field
//! redaction; sealing finds it in the rendered bytes and masks the field text it touches.
//!
//! In a JSON line, each occurrence masks the parts of the strings it overlaps, widened to whole
//! characters and escape sequences, so the line stays valid JSON; an occurrence that overlaps no
//! string is masked as it is (registration refuses the values that could do this in a JSON line:
//! see `redact/register`). In text, each occurrence is masked as it is, as is the form the human
//! rendering shows a secret with control characters in ([`crate::render::visible`]).

use std::borrow::Cow;

use aho_corasick::AhoCorasick;

use super::{MAX_PASSES, Redactor, SECRET_KIND, marker};

impl Redactor {
    /// Appends `line`, a line passed through (no newline), with every registered value
    /// masked: a JSON line in its strings (escaped forms too), so it stays JSON
    /// ([`Redactor::seal_json`]); any other line byte for byte ([`Redactor::stream`]). Token
    /// shapes are left alone: the line is the command's own output.
    ///
    /// ```
    /// use failwise::redact::Redactor;
    /// let mut r = Redactor::new();
    /// r.register(r#"aeuuulc""#)?;
    /// let mut out = Vec::new();
    /// r.mask_line(br#"{"msg":"uraeuuulc"}"#, &mut out);
    /// assert_eq!(out, br#"{"msg":"ur[REDACTED:secret]"}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mask_line(&self, line: &[u8], out: &mut Vec<u8>) {
        let json = line
            .trim_ascii_start()
            .first()
            .is_some_and(|b| matches!(b, b'{' | b'['));
        if json {
            match self.seal_json(line) {
                Some(sealed) => out.extend_from_slice(&sealed),
                None => out.extend_from_slice(line),
            }
            return;
        }
        match self.stream() {
            Some(mut masker) => {
                masker.feed(line, out);
                masker.finish(out);
            }
            None => out.extend_from_slice(line),
        }
    }

    /// Whether `text` spells a registered value, as it is or as the human rendering shows it:
    /// whether [`Redactor::seal_json`] or [`Redactor::seal_text`] would change it. One scan
    /// each; `false` at once when no value is registered.
    pub fn spells_secret(&self, text: &[u8]) -> bool {
        self.byte_matcher.as_ref().is_some_and(|m| m.is_match(text))
            || self
                .shown_matcher
                .as_ref()
                .is_some_and(|m| m.is_match(text))
            || self
                .matcher
                .as_ref()
                .is_some_and(|m| mask_escaped(m, text).is_some())
    }

    /// `line`, a rendered JSON line (an envelope in any dialect), with every registered value
    /// that its bytes spell masked; `None` when it spells none (the usual case, found with one
    /// scan), so the caller keeps its line.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::redact::Redactor;
    /// let mut r = Redactor::new();
    /// r.register(r#"pa\"ss-w0rd"#)?; // a value with a backslash and a quotation mark
    /// // A field holding `pa"ss-w0rd` does not hold the secret, but its JSON escape spells it.
    /// let line = br#"{"message":"login pa\"ss-w0rd refused"}"#;
    /// let sealed = r.seal_json(line).expect("the line spells the secret");
    /// assert_eq!(sealed, br#"{"message":"login [REDACTED:secret] refused"}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A string of the line spells a value also through its escapes, as a JSON parser reads
    /// it (RFC 8259 §7): any character may be written `\uXXXX` (hex digits in either case, a
    /// character above U+FFFF as a surrogate pair), and `\/`, `\"`, `\\`, `\b`, `\f`, `\n`,
    /// `\r`, `\t` stand for one character each. Each string that holds an escape is decoded
    /// and a value its text holds is masked over the escapes and characters that spell it, so
    /// no parser of the sealed line reads the value back.
    ///
    /// ```
    /// use failwise::redact::Redactor;
    /// let mut r = Redactor::new();
    /// r.register("S3cr3t-Value-XyZ-42")?;
    /// let line = br#"{"ok":true,"t":"S3cr3t\u002dValue-XyZ-42"}"#;
    /// assert_eq!(r.seal_json(line).expect("spelt"), br#"{"ok":true,"t":"[REDACTED:secret]"}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seal_json(&self, line: &[u8]) -> Option<Vec<u8>> {
        let matcher = self.byte_matcher.as_ref()?;
        let escaped = |line: &[u8]| {
            self.matcher
                .as_ref()
                .and_then(|decoded| mask_escaped(decoded, line))
        };
        let mut current = if matcher.is_match(line) {
            mask_json(matcher, line)
        } else {
            escaped(line)?
        };
        for _ in 0..=MAX_PASSES {
            let mut changed = false;
            if matcher.is_match(&current) {
                current = mask_json(matcher, &current);
                changed = true;
            }
            if let Some(masked) = escaped(&current) {
                current = masked;
                changed = true;
            }
            if !changed {
                return Some(current);
            }
        }
        // Markers and their neighbours keep spelling a value: nothing of the line is kept.
        Some(marker(SECRET_KIND).into_bytes())
    }

    /// `text`, a rendered human form, with every registered value that it spells masked, as
    /// it is or as the human form shows control characters; borrowed when it spells none.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::redact::Redactor;
    /// let mut r = Redactor::new();
    /// r.register("error[EXIT_3]")?;
    /// assert_eq!(r.seal_text("error[EXIT_3]: exit status 3\n"), "[REDACTED:secret]: exit status 3\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seal_text<'t>(&self, text: &'t str) -> Cow<'t, str> {
        let Some(matcher) = self.shown_matcher.as_ref() else {
            return Cow::Borrowed(text);
        };
        if !matcher.is_match(text) {
            return Cow::Borrowed(text);
        }
        let mut current = text.to_owned();
        for _ in 0..=MAX_PASSES {
            if !matcher.is_match(&current) {
                return Cow::Owned(current);
            }
            current = mask_text(matcher, &current);
        }
        Cow::Owned(marker(SECRET_KIND))
    }
}

/// One pass over a text: every occurrence masked, widened to whole characters (a value that is
/// not UTF-8 can end inside one).
fn mask_text(matcher: &AhoCorasick, text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for found in matcher.find_iter(text) {
        let mut start = found.start();
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = found.end();
        while !text.is_char_boundary(end) {
            end += 1;
        }
        if end <= at {
            continue;
        }
        out.push_str(&text[at..start.max(at)]);
        out.push_str(SECRET_MARKER);
        at = end;
    }
    out.push_str(&text[at..]);
    out
}

/// The matcher of [`Redactor::seal_text`]: `bytes`, the registered values as bytes (those
/// that are not UTF-8 included), and `patterns`, their texts, as the human rendering shows them
/// when they hold a control character.
pub(super) fn shown_matcher(bytes: &[Vec<u8>], patterns: &[String]) -> Option<AhoCorasick> {
    if bytes.is_empty() {
        return None;
    }
    let mut forms: Vec<Vec<u8>> = bytes.to_vec();
    for p in patterns {
        let shown = crate::render::visible(p).into_owned().into_bytes();
        if shown != p.as_bytes() && !forms.contains(&shown) {
            forms.push(shown);
        }
    }
    AhoCorasick::builder()
        .match_kind(aho_corasick::MatchKind::LeftmostLongest)
        .build(&forms)
        .ok()
}

/// The marker of a registered secret (`marker(SECRET_KIND)`), as a `'static` text.
const SECRET_MARKER: &str = "[REDACTED:secret]";

/// One pass over a JSON line: every occurrence's overlap with the strings masked.
fn mask_json(matcher: &AhoCorasick, line: &[u8]) -> Vec<u8> {
    let strings = string_contents(line);
    let mut masks: Vec<(usize, usize)> = Vec::new();
    for found in matcher.find_iter(line) {
        let (start, end) = (found.start(), found.end());
        let mut touched = false;
        for &(cs, ce) in &strings {
            if ce <= start || cs >= end {
                continue;
            }
            touched = true;
            let (a, b) = widen(line, cs, ce, start.max(cs), end.min(ce));
            masks.push((a, b));
        }
        if !touched {
            masks.push((start, end));
        }
    }
    apply_masks(line, masks)
}

/// `line` with each range of `masks` (widened to whole units already) replaced by the marker;
/// overlapping ranges make one marker.
fn apply_masks(line: &[u8], mut masks: Vec<(usize, usize)>) -> Vec<u8> {
    masks.sort_unstable();
    let mut out = Vec::with_capacity(line.len());
    let mut at = 0;
    for (a, b) in masks {
        if b <= at {
            continue;
        }
        let a = a.max(at);
        out.extend_from_slice(&line[at..a]);
        out.extend_from_slice(SECRET_MARKER.as_bytes());
        at = b;
    }
    out.extend_from_slice(&line[at..]);
    out
}

/// One pass over the strings of a JSON line that hold an escape: each string's contents
/// decoded as a JSON parser reads them ([`decode`]), and every value `matcher` finds in the
/// decoded text masked over the escapes and characters that spell it. `None` when the line has
/// no escape or no decoded string holds a value.
fn mask_escaped(matcher: &AhoCorasick, line: &[u8]) -> Option<Vec<u8>> {
    memchr::memchr(b'\\', line)?;
    let mut masks = Vec::new();
    for (cs, ce) in string_contents(line) {
        let raw = &line[cs..ce];
        if memchr::memchr(b'\\', raw).is_none() {
            continue;
        }
        let (text, spans) = decode(raw);
        for found in matcher.find_iter(&text) {
            let (Some(&(a, _)), Some(&(_, b))) =
                (spans.get(found.start()), spans.get(found.end() - 1))
            else {
                continue;
            };
            masks.push((cs + a, cs + b));
        }
    }
    (!masks.is_empty()).then(|| apply_masks(line, masks))
}

/// `raw`, the contents of a JSON string, as a parser decodes it (RFC 8259 §7), with, for each
/// decoded byte, the span in `raw` of the unit it comes from (an escape, a surrogate pair of
/// escapes, or a character as written). A lone surrogate decodes to U+FFFD, as a lossy reader
/// reads it; a malformed escape stands for its own bytes.
fn decode(raw: &[u8]) -> (Vec<u8>, Vec<(usize, usize)>) {
    let mut text = Vec::with_capacity(raw.len());
    let mut spans = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let mut end = i + unit_len(&raw[i..]);
        let unit = &raw[i..end];
        let mut utf8 = [0u8; 4];
        let mut one = [0u8; 1];
        let decoded: &[u8] = match unit {
            [b'\\', b'u', ..] => match hex4(unit) {
                None => unit,
                Some(code) => {
                    let c = match code {
                        0xD800..=0xDBFF => match raw.get(end..end + 6).and_then(hex4) {
                            Some(low @ 0xDC00..=0xDFFF) => {
                                end += 6;
                                char::from_u32(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
                            }
                            _ => None,
                        },
                        _ => char::from_u32(code),
                    };
                    c.unwrap_or(char::REPLACEMENT_CHARACTER)
                        .encode_utf8(&mut utf8)
                        .as_bytes()
                }
            },
            [b'\\', c] => {
                one[0] = match c {
                    b'b' => 0x08,
                    b'f' => 0x0c,
                    b'n' => b'\n',
                    b'r' => b'\r',
                    b't' => b'\t',
                    other => *other,
                };
                &one
            }
            _ => unit,
        };
        for &byte in decoded {
            text.push(byte);
            spans.push((i, end));
        }
        i = end;
    }
    (text, spans)
}

/// The code unit a `\uXXXX` escape at the start of `unit` writes, when it has four hex digits.
fn hex4(unit: &[u8]) -> Option<u32> {
    match unit {
        [b'\\', b'u', digits @ ..] if digits.len() >= 4 => digits[..4]
            .iter()
            .try_fold(0u32, |acc, &d| Some(acc * 16 + char::from(d).to_digit(16)?)),
        _ => None,
    }
}

/// The byte ranges of the contents of the strings of a JSON line (between their quotation
/// marks), keys and values alike. Bytes outside strings are the line's syntax, numbers and
/// literals. A line that is not JSON is read the same way, quotation mark by quotation mark.
fn string_contents(line: &[u8]) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < line.len() {
        if line[i] != b'"' {
            i += 1;
            continue;
        }
        let start = i + 1;
        let mut j = start;
        while j < line.len() && line[j] != b'"' {
            j += if line[j] == b'\\' { 2 } else { 1 };
        }
        let end = j.min(line.len());
        ranges.push((start, end));
        i = end + 1;
    }
    ranges
}

/// The range `start..end` inside the string contents `cs..ce`, widened to whole units: UTF-8
/// characters and escape sequences (`\"`, `\n`, `\u00e9`), so a marker never splits one.
fn widen(line: &[u8], cs: usize, ce: usize, start: usize, end: usize) -> (usize, usize) {
    let (mut a, mut b) = (cs, cs);
    let mut i = cs;
    while i < ce {
        let len = unit_len(&line[i..ce]);
        if i <= start && start < i + len {
            a = i;
        }
        if i < end {
            b = (i + len).min(ce);
        }
        i += len;
    }
    (a, b.max(a))
}

/// The length of the unit that starts `rest`: an escape sequence, else a UTF-8 character (a
/// byte that is not the start of one counts alone).
fn unit_len(rest: &[u8]) -> usize {
    match rest {
        [b'\\', b'u', ..] => 6.min(rest.len()),
        [b'\\', _, ..] => 2,
        [first, ..] => match first.leading_ones() {
            2..=4 => usize::try_from(first.leading_ones())
                .unwrap_or(1)
                .min(rest.len()),
            _ => 1,
        },
        [] => 1,
    }
}
