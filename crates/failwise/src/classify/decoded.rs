//! The text a JSON line holds when it is no failure record of its own: a structured log's
//! fields (`"msg": "MCP error -32001: Request timed out"`), a JSON string that holds a record
//! (`"response": "{\"type\": …, \"status\": 409}"`), an error's printed stack in `"error"`.
//! Its strings, decoded, are read as lines of text, as the stream around them is.

use serde_json::Value;

/// The most lines of a stream looked at for JSON (its last ones: the failure is at the end).
const MAX_LINES: usize = 256;
/// The longest line parsed, in bytes.
const MAX_LINE_BYTES: usize = 64 << 10;
/// The most bytes of decoded text kept (the rules read a stream's last 64 KiB).
const MAX_BYTES: usize = 64 << 10;

/// The strings of the JSON values on the last lines of `text` (lines that open with `{` or
/// `[`), each decoded (escapes read) and on lines of its own, in document order (object members
/// in key order); empty when no line is JSON. Bounded: the last [`MAX_LINES`] lines, each at
/// most [`MAX_LINE_BYTES`], [`MAX_DEPTH`] levels deep, [`MAX_BYTES`] in all.
pub(crate) fn strings_of(text: &str) -> String {
    let mut out = String::new();
    let lines: Vec<&str> = text.lines().rev().take(MAX_LINES).collect();
    for line in lines.into_iter().rev() {
        let line = line.trim();
        if line.len() > MAX_LINE_BYTES || !(line.starts_with('{') || line.starts_with('[')) {
            continue;
        }
        if let Ok(value) = serde_json::from_str::<Value>(line) {
            out.push_str(&crate::dialect::blocks::value_text(&value));
        }
        if out.len() > MAX_BYTES {
            break;
        }
    }
    if out.len() > MAX_BYTES {
        let mut from = out.len() - MAX_BYTES;
        while !out.is_char_boundary(from) {
            from += 1;
        }
        out.drain(..from);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strings_of_json_lines_are_text_lines_and_others_are_left() {
        let text = "starting\n{\"level\":\"error\",\"msg\":\"MCP error -32001: Request timed out\",\"n\":3}\n[\"a\",{\"b\":\"line one\\nline two\"}]\nnot json {\"x\":\"y\"}\n";
        assert_eq!(
            strings_of(text),
            "error\nMCP error -32001: Request timed out\na\nline one\nline two\n"
        );
        assert_eq!(strings_of("no json here\n{broken"), "");
    }

    #[test]
    fn what_is_decoded_is_bounded() {
        let line = format!("{{\"m\":\"{}\"}}\n", "x".repeat(1000));
        let text = line.repeat(1000);
        let out = strings_of(&text);
        assert!(out.len() <= MAX_BYTES, "{}", out.len());
        let deep = format!("{}\"s\"{}", "[".repeat(40), "]".repeat(40));
        assert_eq!(strings_of(&deep), "");
    }
}
