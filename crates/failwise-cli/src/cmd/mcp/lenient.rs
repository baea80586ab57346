//! Lines read leniently: a JSON-RPC message whose strings hold a lone UTF-16 surrogate escape
//! (`"\ud83d"`, as JavaScript's `JSON.stringify` writes a string cut inside an emoji) or bytes
//! that are not UTF-8 is still a message the proxy must follow; serde_json refuses both. The
//! line itself is passed on as it came; only the proxy's reading of it is repaired.

use std::borrow::Cow;

use serde_json::Value;

/// The JSON value of `line`: as it is, else with bytes that are not UTF-8 and lone surrogate
/// escapes read as U+FFFD. `None` when it is no JSON even so.
pub fn parse(line: &[u8]) -> Option<Value> {
    if let Ok(value) = serde_json::from_slice(line) {
        return Some(value);
    }
    let text = String::from_utf8_lossy(line);
    match without_lone_surrogates(&text) {
        Cow::Borrowed(_) if matches!(text, Cow::Borrowed(_)) => None,
        repaired => serde_json::from_str(&repaired).ok(),
    }
}

/// The text the readers read `line` by: the line itself when it is JSON as it came, else
/// `value` (the lenient reading of it) written out again, so that the readers find in it
/// what a strict JSON parser would refuse to give them.
pub fn text<'a>(line: &'a [u8], value: &Value) -> Cow<'a, str> {
    match std::str::from_utf8(line) {
        Ok(text) if serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok() => {
            Cow::Borrowed(text)
        }
        _ => Cow::Owned(serde_json::to_string(value).unwrap_or_default()),
    }
}

/// `text` with each `\uD800`–`\uDFFF` escape that is not half of a high-low pair replaced by
/// `\uFFFD`; an escaped backslash (`\\ud83d`) is no escape. One pass, linear in the text.
fn without_lone_surrogates(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let escape = |at: usize| -> Option<u32> {
        let digits = bytes.get(at..at + 6)?;
        if digits[0] != b'\\' || digits[1] != b'u' {
            return None;
        }
        u32::from_str_radix(std::str::from_utf8(&digits[2..]).ok()?, 16).ok()
    };
    let mut out = String::new();
    let (mut at, mut copied) = (0, 0);
    while at < bytes.len() {
        if bytes[at] != b'\\' {
            at += 1;
            continue;
        }
        let Some(unit) = escape(at) else {
            at += 2;
            continue;
        };
        let paired = (0xD800..0xDC00).contains(&unit)
            && escape(at + 6).is_some_and(|low| (0xDC00..0xE000).contains(&low));
        if paired {
            at += 12;
        } else if (0xD800..0xE000).contains(&unit) {
            out.push_str(&text[copied..at]);
            out.push_str("\\ufffd");
            at += 6;
            copied = at;
        } else {
            at += 6;
        }
    }
    if copied == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_surrogate_or_a_byte_that_is_not_utf8_still_reads() {
        let line = br#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Echo: hi \ud83d"}]}}"#;
        let value = parse(line).expect("reads");
        assert_eq!(value["result"]["content"][0]["text"], "Echo: hi \u{fffd}");
        let mut raw = br#"{"jsonrpc":"2.0","id":2,"result":{"x":""#.to_vec();
        raw.extend_from_slice(b"\xff\"}}");
        assert_eq!(parse(&raw).expect("reads")["id"], 2);
        assert!(parse(b"this is no JSON").is_none());
    }

    #[test]
    fn pairs_and_escaped_backslashes_are_left_alone() {
        let pair = r#""\ud83d\ude00 \\ud83d \udc00 \u0041""#;
        assert_eq!(
            without_lone_surrogates(pair),
            r#""\ud83d\ude00 \\ud83d \ufffd \u0041""#
        );
        assert!(matches!(
            without_lone_surrogates(r#""plain \\ text""#),
            Cow::Borrowed(_)
        ));
    }
}
