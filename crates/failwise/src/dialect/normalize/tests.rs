//! The quick reader of canonical lines against the general path.

use super::*;

/// What the general path (parse, detect, read) writes for `line`.
fn through_the_general_path(normalizer: &Normalizer, line: &str) -> (Vec<u8>, Tally) {
    let (mut out, mut tally) = (Vec::new(), Tally::default());
    let value: Value = serde_json::from_str(line).unwrap();
    normalizer.value_or_batch(&value, line.as_bytes(), 3, "in", &mut out, &mut tally);
    (out, tally)
}

#[test]
fn a_canonical_line_read_without_a_value_is_written_as_the_general_path_writes_it() {
    let lines = [
        r#"{"error":true,"code":"DB_LOCKED","exit":75,"message":"locked","error_class":"transient","retry":"yes","retryable":true,"retry_after_ms":1500,"recovery":"run it again","params":{"db":"a.db","n":[1,{"x":null}]},"nearby":["b.db"],"source":{"dialect":"atomwrite","code":"LOCKED"}}"#,
        r#"{"error":true,"code":"NOT_FOUND","exit":4,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r","future_member":{"a":1}}"#,
        r#"{"error":true,"code":"X","exit":1,"message":"m","error_class":"ambiguous","retry":"unknown","retryable":false,"recovery":"r","lang":"pt-BR"}"#,
        // Not valid envelopes: the quick reader declines them and the general path decides.
        r#"{"error":true,"code":"X","exit":1,"message":"m","error_class":"transient","retry":"no","retryable":false,"recovery":"r"}"#,
        r#"{"error":true,"code":"X","exit":1,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r","path":null}"#,
        r#"{"error":true,"code":"X","exit":1,"message":"m","error_class":"permanent","retriable":false,"retry":"no","retryable":false,"recovery":"r"}"#,
        r#"{"error":true,"code":"x y","exit":1,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r"}"#,
        r#"{"error":true,"code":"X","exit":0,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r"}"#,
    ];
    for from in [None, Some(Dialect::Failwise), Some(Dialect::Atomwrite)] {
        let normalizer = Normalizer::new(from, Dialect::Failwise, NonFailures::PassThrough);
        for line in lines {
            let (expected, counted) = through_the_general_path(&normalizer, line);
            let mut out = Vec::new();
            let mut tally = Tally::default();
            assert!(
                normalizer
                    .line(line.as_bytes(), 3, "in", &mut out, &mut tally, true)
                    .is_some()
            );
            assert_eq!(
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(&expected),
                "{from:?}: {line}"
            );
            assert_eq!(tally, counted);
        }
    }
    let quick = Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough);
    assert!(
        quick.canonical(lines[0]).is_some(),
        "the quick reader is used"
    );
    assert!(quick.canonical(lines[3]).is_none());
}
