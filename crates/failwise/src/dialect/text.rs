//! Finding a failure record inside a block of text: pretty-printed JSON spread over lines, a
//! log line with a prefix, a Python SDK's printed dict, eval-mock's human form, kubectl's
//! `Error from server (<reason>)` line, an AWS XML `<Error>`, an HTTP response (status line,
//! headers, body), and `# stdout` / `# stderr` sections.

use serde_json::{Map, Value};

use super::{Context, Dialect, DialectError, detect, rules};
use crate::envelope::Envelope;

/// A failure record found in a block of text, with what surrounded it.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// The dialect it is in (detected, or forced by the caller).
    pub dialect: Dialect,
    /// The record as JSON (eval-mock's human form and Python dicts are converted).
    pub value: Value,
    /// What the text said around it: the HTTP status and `Retry-After`, and the exit status
    /// the caller gave.
    pub context: Context,
}

impl Block {
    /// Reads the record into a canonical envelope.
    ///
    /// # Errors
    ///
    /// [`DialectError`] as [`Dialect::read`].
    pub fn read(&self) -> Result<Envelope, DialectError> {
        self.dialect.read(&self.value, &self.context)
    }
}

/// Finds the first failure record in `text`, or `None`.
///
/// `text` may hold `# stdout` / `# stderr` marker lines (sections are searched in order, so a
/// record on stdout wins over noise on stderr), start with an `HTTP/1.1 <status>` line and
/// headers (the status and a `Retry-After` go into the [`Context`]), and hold the record as
/// JSON anywhere (after a log prefix, spread over lines), as a Python dict (`'single'` quotes,
/// `None`, `True`), or in eval-mock's human form (`error [CODE]: message`, `at:`, `hint:`).
/// With `forced`, the first JSON object (or human form) is taken to be in that dialect;
/// otherwise only a record that [`detect`] recognises counts.
pub fn recognize_block(text: &str, forced: Option<Dialect>, context: Context) -> Option<Block> {
    sections(text)
        .into_iter()
        .find_map(|section| recognize_section(section, forced, context))
}

/// [`recognize_block`] for one line: a log prefix before JSON, or a Python dict.
pub fn recognize_line(line: &str, forced: Option<Dialect>) -> Option<Block> {
    recognize_json(line, forced, Context::default())
}

fn sections(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_end();
        if trimmed == "# stdout" || trimmed == "# stderr" {
            if offset > start {
                out.push(&text[start..offset]);
            }
            start = offset + line.len();
        }
        offset += line.len();
    }
    if text.len() > start {
        out.push(&text[start..]);
    }
    out
}

fn recognize_section(
    section: &str,
    forced: Option<Dialect>,
    mut context: Context,
) -> Option<Block> {
    let mut body = section;
    let head = section.trim_start();
    if let Some(rest) = head.strip_prefix("HTTP/") {
        let mut lines = rest.split_inclusive('\n');
        let status_line = lines.next().unwrap_or_default();
        context.http_status = status_line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok());
        let mut consumed = section.len() - rest.len() + status_line.len();
        for line in lines {
            consumed += line.len();
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':')
                && name.trim().eq_ignore_ascii_case("retry-after")
            {
                context.retry_after_ms = rules::retry_after(value);
            }
        }
        body = &section[consumed.min(section.len())..];
    }
    recognize_human(body, forced, context)
        .or_else(|| recognize_json(body, forced, context))
        .or_else(|| recognize_vendor_text(body, forced, context))
}

/// The text renderings of vendor failures: kubectl's `Error from server (<reason>): ...` line
/// and an AWS XML `<Error>` element.
fn recognize_vendor_text(text: &str, forced: Option<Dialect>, context: Context) -> Option<Block> {
    let wants = |d: Dialect| forced.is_none_or(|f| f == d);
    let kubectl = || {
        text.lines()
            .find_map(super::http_api::kubernetes::from_kubectl_line)
            .map(|value| (Dialect::Kubernetes, value))
    };
    let xml = || super::http_api::aws::from_xml(text).map(|value| (Dialect::Aws, value));
    let (dialect, value) = wants(Dialect::Kubernetes)
        .then(kubectl)
        .flatten()
        .or_else(|| wants(Dialect::Aws).then(xml).flatten())?;
    Some(Block {
        dialect,
        value,
        context,
    })
}

/// eval-mock's human form: `error [CODE]: message`, then indented `at:` and `hint:` lines.
fn recognize_human(text: &str, forced: Option<Dialect>, context: Context) -> Option<Block> {
    if forced.is_some_and(|d| d != Dialect::EvalMock) {
        return None;
    }
    let mut lines = text
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("error ["));
    let first = lines.next()?.trim_start().strip_prefix("error [")?;
    let (code, message) = first.split_once("]: ")?;
    let mut record = Map::new();
    record.insert("code".into(), Value::String(code.to_owned()));
    record.insert("message".into(), Value::String(message.to_owned()));
    record.insert("location".into(), Value::Null);
    for line in lines {
        let line = line.trim();
        if let Some(at) = line.strip_prefix("at: ") {
            record.insert("location".into(), Value::String(at.to_owned()));
        } else if let Some(hint) = line.strip_prefix("hint: ") {
            record.insert("hint".into(), Value::String(hint.to_owned()));
        } else if !line.is_empty() {
            break;
        }
    }
    Some(Block {
        dialect: Dialect::EvalMock,
        value: Value::Object(record),
        context,
    })
}

/// The first JSON object (or Python dict) in `text` that is a failure record.
fn recognize_json(text: &str, forced: Option<Dialect>, context: Context) -> Option<Block> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(rel) = memchr_brace(&bytes[from..]) {
        let at = from + rel;
        let starts_record = at == 0
            || matches!(
                bytes[at - 1],
                b' ' | b'\t' | b'\n' | b'\r' | b':' | b']' | b'=' | b'>'
            );
        if starts_record && let Some((value, len)) = parse_object(&text[at..]) {
            let dialect = forced.or_else(|| detect(&value));
            if let Some(dialect) = dialect {
                return Some(Block {
                    dialect,
                    value,
                    context,
                });
            }
            from = at + len.max(1);
            continue;
        }
        from = at + 1;
    }
    None
}

fn memchr_brace(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'{')
}

/// Parses the JSON object (or Python dict) at the start of `text`; returns it with the bytes
/// it spans.
fn parse_object(text: &str) -> Option<(Value, usize)> {
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    if let Some(Ok(value)) = stream.next() {
        return value.is_object().then(|| (value, stream.byte_offset()));
    }
    let end = matching_brace(text)?;
    let json = python_to_json(&text[..end]);
    let value: Value = serde_json::from_str(&json).ok()?;
    value.is_object().then_some((value, end))
}

/// The end (exclusive) of the brace-balanced span at the start of `text`, skipping quoted
/// strings in either quote style.
fn matching_brace(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '\'' | '"' => quote = Some(c),
            '{' | '[' => depth += 1,
            '}' | ']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Rewrites a Python literal (`repr` of a dict) as JSON: `'strings'` → `"strings"`, `None` →
/// `null`, `True`/`False` → `true`/`false`.
fn python_to_json(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                out.push('"');
                while let Some(s) = chars.next() {
                    match s {
                        '\\' => match chars.next() {
                            Some('\'') => out.push('\''),
                            Some(e) => {
                                out.push('\\');
                                out.push(e);
                            }
                            None => {}
                        },
                        _ if s == c => break,
                        '"' => out.push_str("\\\""),
                        _ => out.push(s),
                    }
                }
                out.push('"');
            }
            c if c.is_ascii_alphabetic() => {
                let mut word = String::from(c);
                while let Some(&n) = chars.peek() {
                    if n.is_ascii_alphanumeric() || n == '_' {
                        word.push(n);
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push_str(match word.as_str() {
                    "None" => "null",
                    "True" => "true",
                    "False" => "false",
                    w => w,
                });
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_prefix_and_a_python_dict_are_recognised() {
        let log = r#"2026-11-30T02:31:47Z ERROR output: {"error":true,"code":4,"message":"m"}"#;
        assert_eq!(
            recognize_line(log, None).map(|b| b.dialect),
            Some(Dialect::SqliteGraphrag)
        );
        let dict =
            "Error: {'code': 'TIMEOUT', 'message': 'it\\'s slow', 'hint': None, 'location': None}";
        let block = recognize_line(dict, None);
        assert_eq!(block.as_ref().map(|b| b.dialect), Some(Dialect::EvalMock));
        assert_eq!(
            block.map(|b| b.value["message"].clone()),
            Some(Value::from("it's slow"))
        );
    }

    #[test]
    fn an_http_response_gives_its_status_and_retry_after() {
        let text = "HTTP/1.1 429 Too Many Requests\nRetry-After: 30\n\n{\"type\":\"about:blank\",\"title\":\"slow down\",\"status\":429}\n";
        let block = recognize_block(text, None, Context::default());
        let context = block.map(|b| b.context);
        assert_eq!(context.and_then(|c| c.http_status), Some(429));
        assert_eq!(context.and_then(|c| c.retry_after_ms), Some(30_000));
    }

    #[test]
    fn plain_prose_is_not_a_record() {
        assert_eq!(
            recognize_block(
                "error: rate limit exceeded {soon}",
                None,
                Context::default()
            ),
            None
        );
    }
}
