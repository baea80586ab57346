//! The envelope's JSON line written by hand: the same bytes as `serde_json` writes from the
//! derived `Serialize` (member order, omitted members, escapes), without its per-member
//! overhead. `normalize` and `validate` write an envelope per record, and a generic serializer
//! spends most of that time on member names and escaping; here names are constant bytes and
//! text is scanned eight bytes at a time.
//!
//! Members whose values are nested structures (`params`, `candidates`, `location`, `items`,
//! `gate`, `provider`, `truncated`, `causes`) are written by `serde_json`. The property test
//! `envelope::roundtrip::the_written_line_is_serde_jsons` holds the two writers to the same
//! bytes for every envelope the builder can make.

use serde::Serialize;

use crate::envelope::{Envelope, Source, SourceCode};

impl Envelope {
    /// Appends the envelope's JSON line, without a newline, to `out`: the bytes of
    /// [`Envelope::to_json_line`].
    pub fn write_json_line(&self, out: &mut Vec<u8>) {
        // Every member is named here, so a new member does not compile until it is written.
        let Self {
            error: _,
            code,
            exit,
            message,
            error_class,
            retry,
            retryable,
            retry_after_ms,
            recovery,
            action,
            subject,
            params,
            nearby,
            candidates,
            location,
            path,
            workspace,
            discarded_flags,
            items,
            gate,
            provider,
            truncated,
            doc_url,
            lang,
            source,
            causes,
            verify,
            // How the texts were made; never on the wire.
            phrases: _,
        } = self;
        out.extend_from_slice(b"{\"error\":true,\"code\":");
        string(out, code.as_str());
        out.extend_from_slice(b",\"exit\":");
        out.extend_from_slice(itoa::Buffer::new().format(exit.get()).as_bytes());
        out.extend_from_slice(b",\"message\":");
        string(out, message);
        out.extend_from_slice(b",\"error_class\":\"");
        out.extend_from_slice(error_class.as_str().as_bytes());
        out.extend_from_slice(b"\",\"retry\":\"");
        out.extend_from_slice(retry.as_str().as_bytes());
        out.extend_from_slice(if *retryable {
            b"\",\"retryable\":true"
        } else {
            b"\",\"retryable\":false"
        });
        if let Some(ms) = retry_after_ms {
            out.extend_from_slice(b",\"retry_after_ms\":");
            out.extend_from_slice(itoa::Buffer::new().format(*ms).as_bytes());
        }
        out.extend_from_slice(b",\"recovery\":");
        string(out, recovery);
        optional(out, b",\"action\":", action.as_deref());
        optional(out, b",\"subject\":", subject.as_deref());
        if !params.is_empty() {
            nested(out, b",\"params\":", params);
        }
        strings(out, b",\"nearby\":", nearby);
        if !candidates.is_empty() {
            nested(out, b",\"candidates\":", candidates);
        }
        if let Some(location) = location {
            nested(out, b",\"location\":", location);
        }
        optional(out, b",\"path\":", path.as_deref());
        optional(out, b",\"workspace\":", workspace.as_deref());
        strings(out, b",\"discarded_flags\":", discarded_flags);
        if let Some(items) = items {
            nested(out, b",\"items\":", items);
        }
        if let Some(gate) = gate {
            nested(out, b",\"gate\":", gate);
        }
        if let Some(provider) = provider {
            nested(out, b",\"provider\":", provider);
        }
        if !truncated.is_empty() {
            nested(out, b",\"truncated\":", truncated);
        }
        optional(out, b",\"doc_url\":", doc_url.as_deref());
        optional(out, b",\"lang\":", lang.as_deref());
        if let Some(Source { dialect, code }) = source {
            out.extend_from_slice(b",\"source\":{\"dialect\":");
            string(out, dialect);
            match code {
                Some(SourceCode::Number(n)) => {
                    out.extend_from_slice(b",\"code\":");
                    out.extend_from_slice(itoa::Buffer::new().format(*n).as_bytes());
                }
                Some(SourceCode::Text(text)) => {
                    out.extend_from_slice(b",\"code\":");
                    string(out, text);
                }
                None => {}
            }
            out.push(b'}');
        }
        if !causes.is_empty() {
            nested(out, b",\"causes\":", causes);
        }
        if let Some(verify) = verify {
            strings(out, b",\"verify\":{\"command\":", verify.command());
            out.push(b'}');
        }
        out.push(b'}');
    }
}

fn optional(out: &mut Vec<u8>, name: &[u8], value: Option<&str>) {
    if let Some(value) = value {
        out.extend_from_slice(name);
        string(out, value);
    }
}

fn strings(out: &mut Vec<u8>, name: &[u8], values: &[String]) {
    if values.is_empty() {
        return;
    }
    out.extend_from_slice(name);
    out.push(b'[');
    for (i, value) in values.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(out, value);
    }
    out.push(b']');
}

fn nested(out: &mut Vec<u8>, name: &[u8], value: &impl Serialize) {
    out.extend_from_slice(name);
    // Strings, numbers, booleans and maps with string keys: writing them cannot fail.
    if serde_json::to_writer(&mut *out, value).is_err() {
        out.extend_from_slice(b"null");
    }
}

/// Writes `text` as a JSON string with `serde_json`'s escapes: `\"`, `\\`, `\b`, `\t`, `\n`,
/// `\f`, `\r`, and `\u00XX` (lower-case hex) for the other control characters below U+0020;
/// everything else as it is (RFC 8259 §7).
fn string(out: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut start = 0;
    while let Some(i) = next_escape(bytes, start) {
        out.extend_from_slice(&bytes[start..i]);
        let b = bytes[i];
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            0x0c => out.extend_from_slice(b"\\f"),
            b'\r' => out.extend_from_slice(b"\\r"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(b >> 4)]);
                out.push(HEX[usize::from(b & 0xf)]);
            }
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// The position of the first byte at or after `from` that a JSON string must escape: `"`,
/// `\`, or a control character below 0x20. Eight bytes are tested at once (each of the three
/// tests sets the high bit of a byte lane that holds a match; the lowest such lane is the
/// first match, the classic "has zero byte" technique).
fn next_escape(bytes: &[u8], from: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let needs = |b: u8| b < 0x20 || b == b'"' || b == b'\\';
    let mut i = from;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let mut lanes = [0u8; 8];
        lanes.copy_from_slice(chunk);
        let word = u64::from_le_bytes(lanes);
        let zero_in = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
        // Lanes below 0x20: subtracting 0x20 borrows into the high bit only for them (lanes
        // with the high bit already set, bytes of non-ASCII text, are masked out by `!word`).
        let control = word.wrapping_sub(ONES * 0x20) & !word & HIGHS;
        let quote = zero_in(word ^ (ONES * u64::from(b'"')));
        let backslash = zero_in(word ^ (ONES * u64::from(b'\\')));
        let found = control | quote | backslash;
        if found != 0 {
            // A borrow can mark a lane above a true match falsely, never below it: the lowest
            // marked lane is exact, but check it byte by byte to be plain about it.
            return chunk.iter().position(|&b| needs(b)).map(|p| i + p);
        }
        i += 8;
    }
    bytes[i..].iter().position(|&b| needs(b)).map(|p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut all: String = (0u8..0x80).map(char::from).collect();
        all.push_str("é\u{7f}\u{2028}ü\"\\ end");
        for text in [
            all.as_str(),
            "",
            "plain",
            "quote \" here",
            "a\\b",
            "\u{1f}",
            "12345678\"",
            "1234567\u{1}89",
            "ééééé\"",
        ] {
            let mut ours = Vec::new();
            string(&mut ours, text);
            let theirs = serde_json::to_vec(text).unwrap();
            assert_eq!(
                String::from_utf8_lossy(&ours),
                String::from_utf8_lossy(&theirs)
            );
        }
    }
}
