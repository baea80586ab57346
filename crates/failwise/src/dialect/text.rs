//! Finding a failure record inside a block of text: pretty-printed JSON spread over lines, a
//! log line with a prefix, a Python SDK's printed dict, an HTTP response (status line,
//! headers, body), `# stdout` / `# stderr` sections, and the text forms that the dialect
//! registry's rows name (a dialect's rendering other than JSON, read by that dialect's module).

use serde_json::Value;

use super::records::NESTING_MAX;
use super::registry::{self, Scan};
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
    /// Whether the record was cut short in the text and closed after its last complete
    /// member ([`super::close_cut`]): its envelope is `ambiguous`/`unknown`, since a member
    /// after the cut could have changed the verdict, and says so in `params.record_cut`.
    pub cut: bool,
}

impl Block {
    /// Reads the record into a canonical envelope.
    ///
    /// # Errors
    ///
    /// [`DialectError`] as [`Dialect::read`].
    pub fn read(&self) -> Result<Envelope, DialectError> {
        let envelope = self.dialect.read(&self.value, &self.context)?;
        if !self.cut {
            return Ok(envelope);
        }
        let verdict = crate::verdict::Verdict::ambiguous();
        let own_sentence = envelope.phrases().recovery().is_some();
        let draft = envelope
            .clone()
            .into_draft()
            .verdict(verdict)
            .param("record_cut", true);
        // failwise's own recovery followed the verdict the cut may have changed: the one for
        // the new verdict replaces it; a source's own sentence is kept.
        if own_sentence {
            return Ok(draft.with_recovery_phrase(super::rules::fallback_recovery(verdict)));
        }
        Ok(draft.with_current_recovery().unwrap_or(envelope))
    }
}

/// Finds the first failure record in `text`, or `None`.
///
/// `text` may hold `# stdout` / `# stderr` marker lines (sections are searched in order, so a
/// record on stdout wins over noise on stderr), start with an `HTTP/1.1 <status>` line and
/// headers (the status and a `Retry-After` go into the [`Context`]), and hold the record as
/// JSON anywhere (after a log prefix, spread over lines), as a Python dict (`'single'` quotes,
/// `None`, `True`), or in a dialect's text form (eval-mock's human form `error [CODE]: message`
/// is looked for before the JSON; kubectl's `Error from server` line and an AWS XML `<Error>`
/// after it). With `forced`, the first JSON object (or that dialect's text form) is taken to be
/// in that dialect; otherwise only a record that [`detect`] recognises counts.
pub fn recognize_block(text: &str, forced: Option<Dialect>, context: Context) -> Option<Block> {
    sections(text)
        .into_iter()
        .find_map(|section| recognize_section(section, forced, context))
}

/// [`recognize_block`] for one line: a log prefix before JSON, a Python dict, or the first
/// line of a text form that spans lines (eval-mock's `error [CODE]: message`, read alone).
pub fn recognize_line(line: &str, forced: Option<Dialect>) -> Option<Block> {
    recognize_text_record(line, forced).or_else(|| recognize_json(line, forced, Context::default()))
}

/// Whether `line` opens a record of a text form that spans lines (the registry's rows whose
/// text form says which lines open one), of the forced dialect's form when one is forced.
pub(crate) fn opens_text_record(line: &str, forced: Option<Dialect>) -> bool {
    registry::rows().iter().any(|row| {
        forced.is_none_or(|f| f == row.dialect)
            && row
                .text_form
                .as_ref()
                .and_then(|form| form.opens)
                .is_some_and(|opens| opens(line))
    })
}

/// The record of a text form that spans lines, in `text`, whose first line opens it (as
/// [`super::records::text_extent`] cuts such a record); `None` when no such form reads it.
pub(crate) fn recognize_text_record(text: &str, forced: Option<Dialect>) -> Option<Block> {
    let first = text.lines().next()?;
    registry::rows().iter().find_map(|row| {
        let form = row.text_form.as_ref()?;
        let opens = form.opens?;
        if forced.is_some_and(|f| f != row.dialect) || !opens(first) {
            return None;
        }
        Some(Block {
            dialect: row.dialect,
            value: (form.find)(text)?,
            context: Context::default(),
            cut: false,
        })
    })
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
    recognize_text_form(body, Scan::BeforeJson, forced, context)
        .or_else(|| recognize_json(body, forced, context))
        .or_else(|| recognize_text_form(body, Scan::AfterJson, forced, context))
}

/// The first text form (a dialect's rendering other than JSON: eval-mock's human form,
/// kubectl's one-line summary, an XML body) found in `text`, trying the registry's rows in
/// order; only the forced dialect's form when one is forced.
fn recognize_text_form(
    text: &str,
    scan: Scan,
    forced: Option<Dialect>,
    context: Context,
) -> Option<Block> {
    registry::rows().iter().find_map(|row| {
        let form = row.text_form.as_ref().filter(|f| f.scan == scan)?;
        if forced.is_some_and(|f| f != row.dialect) {
            return None;
        }
        let value = (form.find)(text)?;
        Some(Block {
            dialect: row.dialect,
            value,
            context,
            cut: false,
        })
    })
}

/// The first JSON object (or Python dict) in `text` that is a failure record.
fn recognize_json(text: &str, forced: Option<Dialect>, context: Context) -> Option<Block> {
    recognize_json_counted(text, forced, context, &mut 0)
}

/// [`recognize_json`], adding to `work` the bytes its parsing and brace matching visit: at
/// most a few times [`NESTING_MAX`] + 1 times the text's length, since a span deeper than
/// that is no record (each byte lies inside at most that many open candidates).
fn recognize_json_counted(
    text: &str,
    forced: Option<Dialect>,
    context: Context,
    work: &mut usize,
) -> Option<Block> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(rel) = memchr_brace(&bytes[from..]) {
        let at = from + rel;
        let starts_record = at == 0
            || matches!(
                bytes[at - 1],
                b' ' | b'\t' | b'\n' | b'\r' | b':' | b']' | b'=' | b'>' | b'[' | b','
            );
        if starts_record && let Some((value, len)) = parse_object(&text[at..], work) {
            let dialect = forced.or_else(|| detect(&value));
            if let Some(dialect) = dialect {
                let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
                let mut context = context;
                if context.http_status.is_none() {
                    context.http_status = status_before(&text[line_start..at]);
                }
                return Some(Block {
                    dialect,
                    value,
                    context,
                    cut: false,
                });
            }
            from = at + len.max(1);
            continue;
        }
        from = at + 1;
    }
    recognize_tostring(text, forced, context).or_else(|| recognize_cut(text, forced, context))
}

/// The first record in `text` that is cut short (it opens and never closes), closed after its
/// last complete member ([`super::close_cut`]); at most [`TOSTRING_CANDIDATES`] tried.
fn recognize_cut(text: &str, forced: Option<Dialect>, context: Context) -> Option<Block> {
    let bytes = text.as_bytes();
    let starts = (0..bytes.len()).filter(|&at| {
        bytes[at] == b'{'
            && (at == 0 || matches!(bytes[at - 1], b' ' | b'\t' | b'\n' | b'\r' | b':' | b'['))
    });
    starts.take(TOSTRING_CANDIDATES).find_map(|at| {
        let closed = super::close_cut(&text[at..])?;
        let value = crate::read::parse_unique(&python_to_json(&closed)).ok()?;
        let dialect = forced.or_else(|| detect(&value))?;
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let mut context = context;
        if context.http_status.is_none() {
            context.http_status = status_before(&text[line_start..at]);
        }
        Some(Block {
            dialect,
            value,
            context,
            cut: true,
        })
    })
}

/// The most `Name(key=…` candidates of a Java `toString()` record tried in one text.
const TOSTRING_CANDIDATES: usize = 16;

/// The first record in `text` printed as a Java `toString()` that a dialect recognises
/// ([`super::tostring`]).
fn recognize_tostring(text: &str, forced: Option<Dialect>, context: Context) -> Option<Block> {
    static START: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b[A-Z][A-Za-z0-9_$]*\([a-zA-Z_][A-Za-z0-9_]*=").ok()
    });
    let start = START.as_ref()?;
    start
        .find_iter(text)
        .take(TOSTRING_CANDIDATES)
        .find_map(|m| {
            let (value, _) = super::tostring::read_tostring(&text[m.start()..])?;
            let dialect = forced.or_else(|| detect(&value))?;
            Some(Block {
                dialect,
                value,
                context,
                cut: false,
            })
        })
}

fn memchr_brace(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'{')
}

/// The HTTP status that the text before a record on its line states, in the forms SDKs and
/// clients print it just before the body: `Error code: 429 - ` (the OpenAI-style SDKs'
/// `APIStatusError`), `HTTP 429`, `status code 429`, `StatusCode: 429`, `(429): ` (a status
/// in parentheses right before the body). The last one on the line wins.
fn status_before(prefix: &str) -> Option<u16> {
    // The pattern compiles: `an_http_status_before_a_record_is_its_context` runs it.
    static FORMS: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)(?:error code:\s*|\bHTTP[/ ](?:\d(?:\.\d)?\s+)?|status code:?\s*|StatusCode:\s*|\()([1-5]\d\d)\b",
        )
        .ok()
    });
    FORMS
        .as_ref()?
        .captures_iter(prefix)
        .last()
        .and_then(|c| c.get(1)?.as_str().parse().ok())
}

/// Parses the JSON object (or Python dict) at the start of `text`; returns it with the bytes
/// it spans. `work` counts the bytes brace matching visits.
fn parse_object(text: &str, work: &mut usize) -> Option<(Value, usize)> {
    // Where the first JSON value ends (built with serde_json's recursion limit, which stops a
    // deep candidate within 128 levels: a value skipped without that limit would be scanned
    // to its end from every candidate inside it), then read again refusing repeated names
    // (I-JSON): a record that names a member twice says two things, and is no record.
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    match stream.next() {
        Some(Ok(_)) => {
            let len = stream.byte_offset();
            *work += len;
            return match crate::read::parse_unique(&text[..len]) {
                Ok(value) if value.is_object() => Some((value, len)),
                _ => None,
            };
        }
        // The parser read up to where it stopped: that is work done too.
        Some(Err(e)) => *work += offset_of(text, e.line(), e.column()),
        None => {}
    }
    let end = matching_brace(text, work)?;
    let json = python_to_json(&text[..end]);
    let value = crate::read::parse_unique(&json).ok()?;
    value.is_object().then_some((value, end))
}

/// The byte offset of 1-based `line` and `column` in `text` (where a parser stopped).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column).min(text.len())
}

/// The end (exclusive) of the brace-balanced span at the start of `text`, skipping quoted
/// strings in either quote style; `None` when it does not close, or opens more than
/// [`NESTING_MAX`] brackets deep. `work` counts the bytes visited.
fn matching_brace(text: &str, work: &mut usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        *work += 1;
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
            '{' | '[' => {
                depth += 1;
                if depth > NESTING_MAX {
                    return None;
                }
            }
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

/// Rewrites a Python literal (`repr` of a dict) or a Ruby hash (`Hash#inspect`) as JSON:
/// `'strings'` → `"strings"`, `None`/`nil` → `null`, `True`/`False` → `true`/`false`,
/// `key => value` → `key: value`, a symbol key `:code` → `"code"`; a line break inside a string
/// (a soft-wrapped line) → one space.
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
                        // A line break inside a string is a terminal's soft wrap of a long
                        // line (JSON allows none): the break and the next line's indent are
                        // one space.
                        '\n' | '\r' => {
                            while chars
                                .peek()
                                .is_some_and(|n| matches!(n, ' ' | '\t' | '\n' | '\r'))
                            {
                                chars.next();
                            }
                            out.push(' ');
                        }
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
                    "None" | "nil" => "null",
                    "True" => "true",
                    "False" => "false",
                    w => w,
                });
            }
            // A Ruby hash's `key => value` (`Hash#inspect`), read as JSON's `key: value`.
            '=' if chars.peek() == Some(&'>') => {
                chars.next();
                out.push(':');
            }
            // A Ruby symbol key (`:code=>1`): the name as a string.
            ':' if chars
                .peek()
                .is_some_and(|n| n.is_ascii_alphabetic() || *n == '_') =>
            {
                out.push('"');
                while let Some(&n) = chars.peek() {
                    if n.is_ascii_alphanumeric() || n == '_' {
                        out.push(n);
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push('"');
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

    /// Deep nesting and runs of candidate braces cost work linear in the text: each byte is
    /// visited by at most `NESTING_MAX` + 1 candidates' brace matching (before, every candidate
    /// scanned to the end of the text: 20,000 levels took 84 s, and 8,000 candidates cost 32
    /// million visits where the bound allows 2 million).
    #[test]
    fn brace_matching_is_linear_however_deep_or_many_the_candidates() {
        let deep = format!("{}1{}", "{\"a\":".repeat(4_000), "}".repeat(4_000));
        let colons = format!("{{{}", ":{".repeat(8_000));
        let spaced = "{ ".repeat(8_000);
        for text in [&deep, &colons, &spaced] {
            let mut work = 0;
            assert!(recognize_json_counted(text, None, Context::default(), &mut work).is_none());
            assert!(
                work <= 4 * (NESTING_MAX + 1) * text.len(),
                "{work} bytes visited for {} bytes",
                text.len()
            );
        }
        // A record after the deep prefix is still found.
        let after = format!(
            "{} {{\"error\":true,\"code\":4,\"message\":\"m\"}}",
            ":{".repeat(5_000)
        );
        let found = recognize_json(&after, None, Context::default());
        assert_eq!(found.map(|b| b.dialect), Some(Dialect::SqliteGraphrag));
    }

    #[test]
    fn an_http_status_before_a_record_is_its_context() {
        assert_eq!(
            status_before("cloudflare.RateLimitError: Error code: 429 - "),
            Some(429)
        );
        assert_eq!(status_before("Twilio request failed (429): "), Some(429));
        assert_eq!(status_before("got HTTP/1.1 503 from upstream: "), Some(503));
        assert_eq!(status_before("retrying in 429 ms: "), None);
        assert_eq!(status_before("line (42): "), None);
    }

    #[test]
    fn a_soft_wrapped_record_in_an_array_of_one_is_found() {
        // corpus/embedded/gemini-cli-api-error-array-of-one-wrapped.txt (gemini-cli, a
        // terminal 120 columns wide), as captured.
        let text = "✕ [API Error: [{\n    \"error\": {\n      \"code\": 429,\n      \"message\": \"Resource exhausted. Please try again later. Please refer to\n  https://cloud.google.com/vertex-ai/generative-ai/docs/error-code-429 for more details.\",\n      \"errors\": [\n        {\n          \"message\": \"Resource exhausted. Please try again later. Please refer to\n  https://cloud.google.com/vertex-ai/generative-ai/docs/error-code-429 for more details.\",\n          \"domain\": \"global\",\n          \"reason\": \"rateLimitExceeded\"\n        }\n      ],\n      \"status\": \"RESOURCE_EXHAUSTED\"\n    }\n  }\n  ]]\n  Possible quota limitations in place or slow response times detected. Switching to the gemini-2.5-flash model for the\n  rest of this session.\n";
        let block = recognize_block(text, None, Context::default()).expect("a record");
        assert_eq!(block.value["error"]["status"], "RESOURCE_EXHAUSTED");
        assert!(
            block.value["error"]["message"]
                .as_str()
                .unwrap()
                .contains("to https://")
        );
    }

    #[test]
    fn a_record_cut_short_is_closed_and_trusted_no_further_than_its_cut() {
        // corpus/embedded/gmail-api-403-quota-record-cut-short.txt, as captured.
        let text = "Gmail API /messages/<MESSAGE_ID> failed (403): {\n  \"error\": {\n    \"code\": 403,\n    \"message\": \"Quota exceeded for qu\n";
        let block = recognize_block(text, None, Context::default()).expect("a record");
        assert!(block.cut);
        let envelope = block.read().expect("reads");
        assert_eq!(envelope.code().as_str(), "HTTP_403");
        assert_eq!(envelope.retry(), crate::verdict::Retry::Unknown);
        assert_eq!(envelope.params()["record_cut"], true);
    }

    #[test]
    fn a_ruby_hash_after_prose_is_a_record() {
        // corpus/embedded/ruby-runtimeerror-hash-twilio-20429.txt (Ruby 3.1, Twilio SDK).
        let line = r#"sms_alert.rb:8:in `<main>': Twilio request failed (429): {"code"=>20429, "message"=>"Too Many Requests", "more_info"=>"https://www.twilio.com/docs/errors/20429", "status"=>429} (RuntimeError)"#;
        let block = recognize_line(line, None).expect("a record");
        assert_eq!(block.value["code"], 20429);
        assert_eq!(
            python_to_json("{:code=>1, :message=>nil}"),
            r#"{"code":1, "message":null}"#
        );
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
