//! `UPPER_SNAKE` from any identifier: the spelling of a failwise code (`^[A-Z][A-Z0-9_]*$`).

/// Turns any identifier into `UPPER_SNAKE`: letters are upper-cased, every run of other
/// characters becomes one `_`, camelCase humps are split (`NotFound` → `NOT_FOUND`, a letter
/// after a digit starts a word, and an acronym ends before the capital that starts the next
/// word: `JSONDecodeError` → `JSON_DECODE_ERROR`), and a result that does not start with `A`–`Z` (a
/// leading digit, or nothing left) gets `prefix` in front, joined by `_`. Only ASCII letters
/// and digits are kept.
///
/// The result matches `^[A-Z][A-Z0-9_]*$` when `prefix` does. failwise's `Code::normalize`
/// and the codes `#[derive(Catalog)]` suggests are spelled by it.
///
/// # Examples
///
/// ```
/// use failwise_spelling::upper_snake;
/// assert_eq!(upper_snake("rate_limit_exceeded", "CODE"), "RATE_LIMIT_EXCEEDED");
/// assert_eq!(upper_snake("ConditionalCheckFailedException", "CODE"), "CONDITIONAL_CHECK_FAILED_EXCEPTION");
/// assert_eq!(upper_snake("file-not-found", "E"), "FILE_NOT_FOUND");
/// assert_eq!(upper_snake("JSONDecodeError", "CODE"), "JSON_DECODE_ERROR");
/// assert_eq!(upper_snake("OSError", "CODE"), "OS_ERROR");
/// assert_eq!(upper_snake("-32601", "JSONRPC"), "JSONRPC_32601");
/// assert_eq!(upper_snake("--", "EXIT"), "EXIT");
/// ```
pub fn upper_snake(text: &str, prefix: &str) -> String {
    let mut out = String::with_capacity(text.len() + prefix.len() + 1);
    let mut prev: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        if ch.is_ascii_alphanumeric() {
            // A word starts at an upper-case letter after a lower-case one or a digit
            // (`SlowDown`), or at the last capital of a run that a lower-case letter follows
            // (`JSONDecode` → `JSON_DECODE`, `HTTPError` → `HTTP_ERROR`).
            let next_lower = chars.peek().is_some_and(char::is_ascii_lowercase);
            let hump = ch.is_ascii_uppercase()
                && prev.is_some_and(|p| {
                    p.is_ascii_lowercase()
                        || p.is_ascii_digit()
                        || (p.is_ascii_uppercase() && next_lower)
                });
            if hump && !out.ends_with('_') && !out.is_empty() {
                out.push('_');
            }
            out.push(ch.to_ascii_uppercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
        prev = Some(ch);
    }
    while out.ends_with('_') {
        out.pop();
    }
    if !out.starts_with(|c: char| c.is_ascii_uppercase()) {
        let mut fixed = String::from(prefix);
        if !out.is_empty() {
            fixed.push('_');
            fixed.push_str(&out);
        }
        out = fixed;
    }
    out
}
