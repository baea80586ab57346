//! `Normalizer` never panics, and writes exactly one record per input record, in order.

use proptest::prelude::*;
use recourse::dialect::{Dialect, NonFailures, Normalizer, Tally};
use serde_json::Value;

const RECORDS: [&str; 6] = [
    r#"{"error":true,"code":4,"message":"memory not found: design-auth"}"#,
    r#"{"error":true,"code":"FILE_NOT_FOUND","exit":4,"message":"m","error_class":"permanent","retryable":false}"#,
    r#"{"code":"E_PROVIDER","action":"call model","subject":"s","nearby":[],"recovery":"r","retry":"yes","retry_after_ms":1500}"#,
    r#"{"type":"https://example.com/probs/out-of-credit","title":"no credit","status":403}"#,
    r#"{"error":{"code":429,"message":"slow down","status":"RESOURCE_EXHAUSTED"}}"#,
    r#"{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":1}"#,
];

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "[a-z_]{0,8}".prop_map(Value::String),
        Just(Value::from("error")),
        Just(Value::from(true)),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("error".to_owned()),
                    Just("code".to_owned()),
                    Just("message".to_owned()),
                    Just("retry".to_owned()),
                    Just("status".to_owned()),
                    Just("type".to_owned()),
                    Just("details".to_owned()),
                    Just("isError".to_owned()),
                    Just("jsonrpc".to_owned()),
                    "[a-z]{1,6}",
                ],
                inner,
                0..6
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// One input line: arbitrary bytes, arbitrary JSON, or a known record cut short.
fn line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..80),
        json_value().prop_map(|v| v.to_string().into_bytes()),
        (0..RECORDS.len(), any::<prop::sample::Index>()).prop_map(|(i, cut)| {
            let record = RECORDS[i].as_bytes();
            record[..cut.index(record.len() + 1)].to_vec()
        }),
    ]
    .prop_map(|mut l| {
        l.retain(|b| *b != b'\n');
        l
    })
}

fn dialect() -> impl Strategy<Value = Option<Dialect>> {
    prop_oneof![
        Just(None),
        prop::sample::select(Dialect::ALL.to_vec()).prop_map(Some)
    ]
}

proptest! {
    #[test]
    fn one_output_record_per_input_record(
        lines in prop::collection::vec(line(), 1..24),
        from in dialect(),
        to in prop::sample::select(Dialect::ALL.to_vec()),
    ) {
        let normalizer = Normalizer::new(from, to, NonFailures::PassThrough);
        let input: Vec<u8> = lines.iter().flat_map(|l| l.iter().copied().chain([b'\n'])).collect();
        let mut out = Vec::new();
        let mut tally = Tally::default();
        normalizer.chunk(&input, 1, "-", &mut out, &mut tally);
        prop_assert_eq!(tally.read, lines.len() as u64);
        prop_assert_eq!(out.iter().filter(|b| **b == b'\n').count(), lines.len());
        prop_assert_eq!(
            tally.normalized + tally.passed_through + tally.rejected,
            lines.len() as u64
        );
        // Every record that was not passed through is one JSON object on its line.
        for (input, output) in lines.iter().zip(out.split(|b| *b == b'\n')) {
            let trimmed = input.strip_suffix(b"\r").unwrap_or(input);
            if output != trimmed {
                let value: Value = serde_json::from_slice(output).expect("an output record is JSON");
                prop_assert!(value.is_object());
            }
        }
    }

    #[test]
    fn dropping_non_failures_keeps_every_failure_in_order(
        picks in prop::collection::vec(0..RECORDS.len() + 1, 1..16),
    ) {
        let lines: Vec<&str> = picks
            .iter()
            .map(|&i| RECORDS.get(i).copied().unwrap_or(r#"{"ok":true,"progress":0.5}"#))
            .collect();
        let normalizer = Normalizer::new(None, Dialect::Recourse, NonFailures::Drop);
        let mut out = Vec::new();
        let mut tally = Tally::default();
        normalizer.chunk(lines.join("\n").as_bytes(), 1, "-", &mut out, &mut tally);
        let failures = picks.iter().filter(|&&i| i < RECORDS.len()).count() as u64;
        prop_assert_eq!(tally.normalized, failures);
        prop_assert_eq!(tally.dropped, lines.len() as u64 - failures);
        let text = String::from_utf8(out).expect("UTF-8");
        for envelope in text.lines() {
            prop_assert!(recourse::Envelope::from_json(envelope).is_ok(), "{}", envelope);
        }
    }
}

#[test]
fn a_cut_line_is_rejected_with_its_number_and_the_stream_goes_on() {
    let normalizer = Normalizer::new(None, Dialect::Recourse, NonFailures::PassThrough);
    let input = format!("{}\n{}\n{}", RECORDS[0], &RECORDS[1][..30], RECORDS[5]);
    let mut out = Vec::new();
    let mut tally = Tally::default();
    normalizer.chunk(input.as_bytes(), 1, "tool.log", &mut out, &mut tally);
    let text = String::from_utf8(out).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    let rejected = recourse::Envelope::from_json(lines[1]).expect("an envelope");
    assert_eq!(rejected.code().as_str(), "UNREADABLE_RECORD");
    assert_eq!(rejected.params()["line"], 2);
    assert_eq!(rejected.params()["input"], "tool.log");
    assert_eq!(
        recourse::Envelope::from_json(lines[2])
            .expect("env")
            .code()
            .as_str(),
        "METHOD_NOT_FOUND"
    );
    assert_eq!((tally.normalized, tally.rejected), (2, 1));
}
