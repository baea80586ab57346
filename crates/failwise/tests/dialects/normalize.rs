//! `Normalizer` never panics, and writes exactly one record per input record, in order: a line,
//! or a JSON value pretty-printed over several lines.

use failwise::dialect::blocks::Marks;
use failwise::dialect::records::{Extent, extent};
use failwise::dialect::{Dialect, NonFailures, Normalizer, Tally};
use proptest::prelude::*;
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
        // A top-level array of records is a batch (one record per element), tested apart.
        json_value().prop_map(|v| match v {
            Value::Array(_) => serde_json::json!({ "items": v }).to_string().into_bytes(),
            v => v.to_string().into_bytes(),
        }),
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
        // A line that opens a JSON value without closing it may be continued by the lines
        // after it into one record; otherwise every line is one record.
        let may_join = lines.iter().any(|l| extent(l) == Extent::Open);
        if may_join {
            prop_assert!(tally.read <= lines.len() as u64);
        } else {
            prop_assert_eq!(tally.read, lines.len() as u64);
        }
        prop_assert_eq!(out.iter().filter(|b| **b == b'\n').count() as u64, tally.read);
        prop_assert_eq!(
            tally.normalized + tally.passed_through + tally.rejected,
            tally.read
        );
        // Every record that was not passed through (as it came, or without its CR) is one
        // JSON object on its line.
        for (input, output) in lines.iter().zip(out.split(|b| *b == b'\n')).filter(|_| !may_join) {
            let trimmed = input.strip_suffix(b"\r").unwrap_or(input);
            if output != trimmed && output != input.as_slice() {
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
        let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::Drop);
        let mut out = Vec::new();
        let mut tally = Tally::default();
        normalizer.chunk(lines.join("\n").as_bytes(), 1, "-", &mut out, &mut tally);
        let failures = picks.iter().filter(|&&i| i < RECORDS.len()).count() as u64;
        prop_assert_eq!(tally.normalized, failures);
        prop_assert_eq!(tally.dropped, lines.len() as u64 - failures);
        let text = String::from_utf8(out).expect("UTF-8");
        for envelope in text.lines() {
            prop_assert!(failwise::Envelope::from_json(envelope).is_ok(), "{}", envelope);
        }
    }
}

#[test]
fn a_cut_line_is_rejected_with_its_number_and_the_stream_goes_on() {
    let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough);
    let input = format!("{}\n{}\n{}", RECORDS[0], &RECORDS[1][..30], RECORDS[5]);
    let mut out = Vec::new();
    let mut tally = Tally::default();
    normalizer.chunk(input.as_bytes(), 1, "tool.log", &mut out, &mut tally);
    let text = String::from_utf8(out).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    let rejected = failwise::Envelope::from_json(lines[1]).expect("an envelope");
    assert_eq!(rejected.code().as_str(), "UNREADABLE_RECORD");
    assert_eq!(rejected.params()["line"], 2);
    assert_eq!(rejected.params()["input"], "tool.log");
    assert_eq!(
        failwise::Envelope::from_json(lines[2])
            .expect("env")
            .code()
            .as_str(),
        "METHOD_NOT_FOUND"
    );
    assert_eq!((tally.normalized, tally.rejected), (2, 1));
}

#[test]
fn a_value_open_at_the_end_of_a_chunk_is_left_for_the_next() {
    let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough);
    let first = b"{\"ok\":true}\n{\n  \"error\": true,\n";
    let (mut out, mut tally) = (Vec::new(), Tally::default());
    let read = normalizer.chunk_partial(first, 1, "-", &mut out, &mut tally, &mut Marks::default());
    assert_eq!(read, 12);
    assert_eq!(tally.read, 1);
    let mut rest = first[read..].to_vec();
    rest.extend_from_slice(b"  \"code\": 4,\n  \"message\": \"m\"\n}\n");
    let read = normalizer.chunk_partial(&rest, 2, "-", &mut out, &mut tally, &mut Marks::default());
    assert_eq!(read, rest.len());
    assert_eq!((tally.read, tally.normalized), (2, 1));
    let last = String::from_utf8(out).expect("UTF-8");
    let envelope = failwise::Envelope::from_json(last.lines().nth(1).expect("two records"))
        .expect("an envelope");
    assert_eq!(envelope.code().as_str(), "NOT_FOUND");
}

#[test]
fn an_array_of_records_is_a_batch_and_any_other_array_one_record() {
    let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough);
    let (mut out, mut tally) = (Vec::new(), Tally::default());
    let batch = br#"[{"error":true,"code":4,"message":"m"},{"ok":true}]"#;
    normalizer.chunk(batch, 1, "-", &mut out, &mut tally);
    assert_eq!(
        (tally.read, tally.normalized, tally.passed_through),
        (2, 1, 1)
    );
    let (mut out, mut tally) = (Vec::new(), Tally::default());
    normalizer.chunk(
        b"[{\"ok\":true},{\"progress\":1}]\n[1,2]\n",
        1,
        "-",
        &mut out,
        &mut tally,
    );
    assert_eq!((tally.read, tally.passed_through), (2, 2));
    assert_eq!(out, b"[{\"ok\":true},{\"progress\":1}]\n[1,2]\n");
}
