//! A record cut short (a log line's limit, a tail kept by a supervisor, a message truncated by
//! its sender): the longest prefix that ends after a complete member, closed with the brackets
//! still open, so what the record did say can be read. What follows the cut is unknown, so a
//! reader of a cut record must not trust a verdict that a missing member could have changed.
//!
//! The closing is bounded: [`MAX_BYTES`] of text and [`NESTING_MAX`](super::records::NESTING_MAX)
//! levels, one pass.

use super::records::NESTING_MAX;

/// The most text read to close one record, in bytes.
pub const MAX_BYTES: usize = 64 * 1024;

/// `text`, a record that opens with `{` and ends before it closes, cut after its last complete
/// member and closed; `None` when it closes (it is not cut), holds no complete member, or
/// nests deeper than the bound. Quotes of either kind delimit strings (a Python `repr` is cut
/// too).
///
/// ```
/// use failwise::dialect::close_cut;
/// let cut = r#"{"error": {"code": 403, "message": "Quota exceeded for qu"#;
/// assert_eq!(close_cut(cut).as_deref(), Some(r#"{"error": {"code": 403}}"#));
/// assert_eq!(close_cut(r#"{"a": 1}"#), None);
/// ```
pub fn close_cut(text: &str) -> Option<String> {
    let mut end = text.len().min(MAX_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let bytes = &text.as_bytes()[..end];
    if bytes.first() != Some(&b'{') {
        return None;
    }
    let mut stack: Vec<u8> = Vec::new();
    let mut quote: Option<u8> = None;
    let mut escaped = false;
    // The last place after a complete member: (byte offset, brackets open there).
    let mut safe: Option<(usize, Vec<u8>)> = None;
    for (i, &b) in bytes.iter().enumerate() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == q {
                quote = None;
            }
            continue;
        }
        match b {
            b'"' | b'\'' => quote = Some(b),
            b'{' | b'[' => {
                stack.push(b);
                if stack.len() > NESTING_MAX {
                    return None;
                }
            }
            b'}' | b']' => {
                stack.pop()?;
                if stack.is_empty() {
                    return None;
                }
            }
            b',' => safe = Some((i, stack.clone())),
            _ => {}
        }
    }
    let (at, open) = safe?;
    let mut out = text[..at].trim_end().to_owned();
    for b in open.iter().rev() {
        out.push(if *b == b'{' { '}' } else { ']' });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_inside_an_array_or_a_string_closes_at_the_last_member() {
        assert_eq!(
            close_cut(r#"{"errors": [{"code": 1}, {"code": 2, "message": "x, y"#).as_deref(),
            Some(r#"{"errors": [{"code": 1}, {"code": 2}]}"#)
        );
        assert_eq!(close_cut(r#"{"only": "half"#), None);
        assert_eq!(close_cut("not a record"), None);
        let deep = format!("{{\"a\":1,{}", "[".repeat(200));
        assert_eq!(close_cut(&deep), None);
    }
}
