//! What a line or a record is, by its shape: a JSON record that is broken (rejected as such)
//! rather than a line of text, and a structured log record at an error level.

use serde_json::Value;

/// Whether `text`, which does not parse, is a JSON record that is broken (rejected as such)
/// rather than a line of text: it opens as an object does, or is a member of one (a line of a
/// value that never closed), or opens as an array does and
/// either ends before its value does (a record cut short) or ends as one does. A log line
/// such as `[2026-11-30 10:00:00] ERROR …` opens with a bracket but is text.
pub(super) fn broken_record(text: &str, error: &serde_json::Error) -> bool {
    let text = text.trim();
    match text.chars().next() {
        // A line that opens with a closing bracket is text: it ends what a JavaScript or Ruby
        // object printed over several lines (Node's `{ errno: -2, code: 'ENOENT', … }`).
        Some('{' | '"') => true,
        Some('[') => {
            error.is_eof() || text.ends_with(']') || text.ends_with('}') || text.ends_with(',')
        }
        _ => false,
    }
}

/// The members a structured log names its level with (`level` of most loggers, `severity`
/// and `error_severity` of Google Cloud and PostgreSQL's `jsonlog`, Python's `levelname`,
/// Elastic Common Schema's `log.level`, terraform's `@level`).
const LEVEL_MEMBERS: &[&str] = &[
    "level",
    "severity",
    "error_severity",
    "levelname",
    "log.level",
    "@level",
];

/// Whether `value` is a structured log record at an error level (`error`, `fatal`,
/// `critical`, `panic`, `alert`, `emergency`, any case).
pub(super) fn logs_an_error(value: &Value) -> bool {
    let Some(members) = value.as_object() else {
        return false;
    };
    LEVEL_MEMBERS.iter().any(|name| {
        members
            .get(*name)
            .and_then(Value::as_str)
            .is_some_and(|level| {
                [
                    "error",
                    "err",
                    "fatal",
                    "critical",
                    "panic",
                    "alert",
                    "emergency",
                ]
                .iter()
                .any(|l| level.eq_ignore_ascii_case(l))
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_error(text: &str) -> serde_json::Error {
        serde_json::from_str::<Value>(text).expect_err("does not parse")
    }

    #[test]
    fn a_broken_record_is_told_from_a_line_of_text() {
        for broken in [
            "{\"error\":true,\"code\":4,\"mess",
            "{garbage",
            "  \"unclosed\": [1, 2,",
            "[1, 2,",
            "[{\"a\":1} {\"b\":2}]",
        ] {
            assert!(broken_record(broken, &parse_error(broken)), "{broken}");
        }
        for text in [
            "[2026-11-30 10:00:00] ERROR connection refused",
            "[INFO] starting",
            "not json at all",
            "Traceback (most recent call last):",
            "}",
            "  ]",
        ] {
            assert!(!broken_record(text, &parse_error(text)), "{text}");
        }
    }

    #[test]
    fn a_log_record_at_an_error_level_is_told_by_its_level_member() {
        let reads = |text: &str| logs_an_error(&serde_json::from_str(text).expect("JSON"));
        assert!(reads(r#"{"level":"error","msg":"Tool call failed"}"#));
        assert!(reads(r#"{"error_severity":"ERROR","state_code":"23505"}"#));
        assert!(reads(r#"{"@level":"error","@message":"Error: No value"}"#));
        assert!(reads(r#"{"levelname":"CRITICAL"}"#));
        assert!(!reads(r#"{"level":"info","msg":"started"}"#));
        assert!(!reads(r#"{"msg":"error"}"#));
        assert!(!reads(r#"["level","error"]"#));
    }
}
