//! The check-only pass and the checked reader agree: on valid lines, on lines made wrong in
//! one place or many, and on arbitrary JSON, [`Envelope::check_json`] accepts exactly the lines
//! the checked reader accepts and returns exactly its error, and [`Envelope::from_json`] builds
//! what the checked reader builds.

use proptest::prelude::*;

use super::check;
use crate::envelope::Envelope;

/// A JSON text for a value of any kind, nested a little.
fn json() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("null".to_owned()),
        Just("true".to_owned()),
        Just("false".to_owned()),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        Just("1.5".to_owned()),
        Just("0".to_owned()),
        Just("\"\"".to_owned()),
        "[a-z ]{0,6}".prop_map(|s| format!("{s:?}")),
        Just("\"a\\\"b\\u00e9\"".to_owned()),
    ];
    leaf.prop_recursive(3, 12, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(|v| format!("[{}]", v.join(","))),
            prop::collection::vec(("[a-c]{1,2}", inner), 0..4).prop_map(|m| {
                let members: Vec<String> = m.iter().map(|(k, v)| format!("{k:?}:{v}")).collect();
                format!("{{{}}}", members.join(","))
            }),
        ]
    })
}

/// Values for each member: mostly ones the schema accepts, some it does not.
fn member() -> impl Strategy<Value = (String, String)> {
    let pick = |key: &'static str, values: Vec<&'static str>| {
        prop::sample::select(values).prop_map(move |v| (key.to_owned(), v.to_owned()))
    };
    prop_oneof![
        pick("action", vec!["\"write\"", "\"\"", "null", "1"]),
        pick("subject", vec!["\"a.txt\"", "\"\""]),
        pick(
            "params",
            vec![
                "{}",
                r#"{"path":"a","n":[1,{"k":true}]}"#,
                r#"{"k":1,"k":2}"#,
                "[]",
                "null"
            ]
        ),
        pick("nearby", vec![r#"["a","b"]"#, "[]", "[1]", r#""a""#]),
        pick("discarded_flags", vec![r#"["--x"]"#, "[]"]),
        pick(
            "candidates",
            vec![
                r#"[{"text":"t","line":1,"column":2,"similarity":0.5,"strategy":"fuzzy"}]"#,
                r#"[{"text":"t","line":0,"column":2,"similarity":0.5,"strategy":"fuzzy"}]"#,
                r#"[{"text":"t","line":1,"column":2,"similarity":1.5,"strategy":"fuzzy"}]"#,
                r#"[{"text":"t","line":1,"column":2,"similarity":1,"strategy":"fuzzy","x":{"a":1,"a":2}}]"#,
                "[]",
            ]
        ),
        pick(
            "location",
            vec![
                r#"{"path":"a.rs","line":3,"column":1}"#,
                r#"{"line":0}"#,
                r#"{"path":null}"#,
                "{}"
            ]
        ),
        pick("path", vec!["\"/srv\"", "\"\"", "null"]),
        pick("workspace", vec!["\"/w\""]),
        pick(
            "items",
            vec![
                r#"{"total":3,"failed_index":2,"results":[{"index":1,"ok":true},{"index":2,"ok":false}]}"#,
                r#"{"total":3,"failed_index":4}"#,
                r#"{"total":3,"failed_index":0}"#,
                r#"{"total":2,"results":[{"index":3,"ok":true}]}"#,
                r#"{"total":2,"results":[{"index":1,"ok":true,"similarity":2}]}"#,
                r#"{"failed_index":1}"#,
            ]
        ),
        pick(
            "gate",
            vec![
                r#"{"rule":"r","violation":"v","alternative":"use b"}"#,
                r#"{"rule":"r","violation":"v","alternative":"no"}"#
            ]
        ),
        pick(
            "provider",
            vec![
                r#"{"kind":"quota","status":429}"#,
                r#"{"kind":"quota","status":99}"#,
                r#"{"kind":"nope"}"#
            ]
        ),
        pick(
            "truncated",
            vec![r#"{"/message":10}"#, r#"{"/message":-1}"#]
        ),
        pick("doc_url", vec!["\"https://e.org\"", "\"\""]),
        pick(
            "lang",
            vec![
                "\"pt-BR\"",
                "\"pt_BR\"",
                "\"x\"",
                "\"en\"",
                "\"EN-gb\"",
                "\"\""
            ]
        ),
        pick(
            "source",
            vec![
                r#"{"dialect":"d","code":7}"#,
                r#"{"dialect":"d","code":"E"}"#,
                r#"{"code":1}"#
            ]
        ),
        pick(
            "causes",
            vec![
                r#"[{"code":"ENOENT","message":"no such file","source":"std::io::Error"}]"#,
                r#"[{"message":"m"},{"message":"n","x":1}]"#,
                r#"[{"message":" "}]"#,
                r#"[{"message":"m","code":""}]"#,
                r#"[{"code":"E"}]"#,
                "[]",
                r#"{"message":"m"}"#
            ]
        ),
        pick(
            "verify",
            vec![
                r#"{"command":["shop","order","status","ord 42"]}"#,
                r#"{"command":["a"],"timeout_ms":5}"#,
                r#"{"command":[]}"#,
                r#"{"command":["","x"]}"#,
                r#"{"command":["a",1]}"#,
                r#"{"command":"a"}"#,
                r#"{"command":null}"#,
                "{}",
                r#"[["a"]]"#,
                r#"{"command":["a"],"x":{"k":1,"k":2}}"#,
                r#"{"command":["a"],"command":["b"]}"#,
                "null",
            ]
        ),
        pick("retry_after_ms", vec!["100", "-1", "1.5", "null"]),
        pick("retriable", vec!["true", "false", "1"]),
        ("[a-z_]{1,8}", json()).prop_map(|(k, v)| (k, v)),
    ]
}

/// A line made of the required members (some changed) and optional ones, in any order.
fn line() -> impl Strategy<Value = String> {
    let required = (
        prop::sample::select(vec!["true", "true", "true", "false", "null", "1"]),
        prop::sample::select(vec![
            "\"E_X\"",
            "\"E_X\"",
            "\"e-x\"",
            "\"\"",
            "3",
            "\"\\u0045\"",
        ]),
        prop::sample::select(vec!["2", "75", "0", "256", "\"1\"", "1.0"]),
        prop::sample::select(vec!["\"m\"", "\"m\"", "\"\"", "null", "[]"]),
        prop::sample::select(vec![
            "transient",
            "permanent",
            "conflict",
            "ambiguous",
            "precondition_failed",
            "fatal",
        ]),
        prop::sample::select(vec!["yes", "no", "unknown", "maybe"]),
        any::<Option<bool>>(),
        prop::sample::select(vec!["\"do x\"", "\"do x\"", "\"  \"", "\"\"", "1"]),
    );
    (
        required,
        prop::collection::vec(member(), 0..5),
        prop::collection::vec(any::<prop::sample::Index>(), 0..3),
        any::<prop::sample::Index>(),
        0u8..8,
    )
        .prop_map(
            |(
                (error, code, exit, message, class, retry, retryable, recovery),
                extra,
                drops,
                at,
                twist,
            )| {
                let retryable = retryable.unwrap_or(retry == "yes");
                let mut members = vec![
                    ("error".to_owned(), error.to_owned()),
                    ("code".to_owned(), code.to_owned()),
                    ("exit".to_owned(), exit.to_owned()),
                    ("message".to_owned(), message.to_owned()),
                    ("error_class".to_owned(), format!("{class:?}")),
                    ("retry".to_owned(), format!("{retry:?}")),
                    ("retryable".to_owned(), retryable.to_string()),
                    ("recovery".to_owned(), recovery.to_owned()),
                ];
                members.extend(extra);
                if twist == 0 {
                    for d in drops {
                        let i = d.index(members.len());
                        members.remove(i);
                    }
                }
                if twist == 1 {
                    let repeated = members[at.index(members.len())].clone();
                    members.push(repeated);
                }
                if twist == 2 {
                    let i = at.index(members.len());
                    members.rotate_left(i);
                }
                let body: Vec<String> = members.iter().map(|(k, v)| format!("{k:?}:{v}")).collect();
                let text = format!("{{{}}}", body.join(","));
                match twist {
                    3 => format!(" {text} "),
                    4 => format!("{text} x"),
                    _ => text,
                }
            },
        )
}

/// Asserts that the two readers agree on `line`.
fn agree(line: &str) -> Result<(), TestCaseError> {
    let full = Envelope::from_json_checked(line);
    let fast = check::check(line);
    if let Some(checked) = &fast {
        let envelope = full.as_ref();
        prop_assert!(
            envelope.is_ok(),
            "the check accepts what the reader refuses: {line}\n{envelope:?}"
        );
        if let Ok(e) = envelope {
            prop_assert_eq!(checked.code(), e.code().as_str());
            prop_assert_eq!(checked.exit(), e.exit());
            prop_assert_eq!(checked.error_class(), e.error_class());
            prop_assert_eq!(checked.lang(), e.lang());
        }
    }
    let public = Envelope::check_json(line).map(|c| c.code().to_owned());
    prop_assert_eq!(
        public,
        full.as_ref()
            .map(|e| e.code().as_str().to_owned())
            .map_err(Clone::clone),
        "{}",
        line
    );
    prop_assert_eq!(Envelope::from_json(line), full, "{}", line);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn the_readers_agree_on_generated_lines(line in line()) {
        agree(&line)?;
    }

    #[test]
    fn the_readers_agree_on_lines_cut_or_spliced(line in line(), at in any::<prop::sample::Index>(), len in 0usize..6, insert in prop::sample::select(vec!["", "\"", ",", "}", "{", "\\", "null", "\"a\":1,", " "])) {
        let bytes = line.as_bytes();
        let start = at.index(bytes.len() + 1);
        let end = (start + len).min(bytes.len());
        let mut mutated = bytes[..start].to_vec();
        mutated.extend_from_slice(insert.as_bytes());
        mutated.extend_from_slice(&bytes[end..]);
        if let Ok(text) = String::from_utf8(mutated) {
            agree(&text)?;
        }
    }

    #[test]
    fn the_readers_agree_on_arbitrary_json(text in json()) {
        agree(&text)?;
    }
}

#[test]
fn valid_lines_are_accepted_by_the_check_alone() {
    let line = r#"{"error":true,"code":"E_X","exit":75,"message":"m","error_class":"transient","retry":"yes","retryable":true,"retry_after_ms":5,"recovery":"do x","params":{"a":{"b":[1,2]}},"nearby":["a"],"location":{"path":"p","line":1},"items":{"total":2,"failed_index":2},"lang":"pt-BR","future":{"x":[{}]}}"#;
    assert!(check::check(line).is_some());
    assert!(Envelope::from_json_checked(line).is_ok());
}
