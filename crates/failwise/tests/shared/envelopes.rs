//! The envelope generator the tests share: every envelope the builder can produce, every class
//! and verdict, every optional field (`verify` on the verdicts that keep it), with hostile codes (one letter, a bare `E_`, the names of
//! JSON-RPC's reserved codes, codes inside atomwrite's enum, long ones), hostile `params` keys
//! (the names other dialects give members of their own: `id`, `type`, `status`, `_meta`, ...;
//! non-ASCII and spaced keys) and sources from the dialects failwise reads. Included by path
//! (`#[path = ".../shared/envelopes.rs"]`) by the envelope, dialect and binary tests, so the
//! writers and the real parsers see the same envelopes.

use failwise::{
    Candidate, Cause, Code, Envelope, ErrorClass, ExitStatus, Gate, ItemResult, Items, Location,
    Provider, ProviderKind, Retry, Source, SourceCode, Verdict, Verify,
};
use proptest::prelude::*;
use serde_json::Value;

/// A verdict of every class, retry word, wait and lost effect the types allow.
pub fn verdict() -> impl Strategy<Value = Verdict> {
    let class = prop::sample::select(ErrorClass::ALL.to_vec());
    let retry = prop::sample::select(vec![Retry::Yes, Retry::No, Retry::Unknown]);
    (class, retry, prop::option::of(any::<u64>()), any::<bool>()).prop_map(|(c, r, wait, lost)| {
        let v = Verdict::new(c, r).unwrap_or_else(|_| Verdict::of_class(c));
        let v = match wait {
            Some(ms) => v.after_ms(ms),
            None => v,
        };
        if lost { v.effect_unknown() } else { v }
    })
}

/// Any JSON value, nested three deep.
pub fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        ".*".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map(".*", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn candidate() -> impl Strategy<Value = Candidate> {
    (
        ".{0,600}",
        any::<u64>(),
        any::<u64>(),
        any::<f64>(),
        "[a-z_]{1,12}",
        prop::option::of(".*"),
    )
        .prop_map(
            |(text, line, column, similarity, strategy, diff_preview)| Candidate {
                text,
                line,
                column,
                similarity,
                strategy,
                diff_preview,
            },
        )
}

/// A code: an ordinary one, or one that other dialects give a meaning of their own.
pub fn code() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[A-Z][A-Z0-9_]{0,24}",
        1 => prop::sample::select(vec![
            "E", "E_", "E_X", "EM_TOOL", "X_", "HTTP_429", "MCP_TOOL_ERROR", "PARSE_ERROR",
            "METHOD_NOT_FOUND", "INVALID_PARAMS", "INTERNAL_ERROR", "FILE_NOT_FOUND",
            "LOCK_TIMEOUT", "NOT_FOUND", "E_PROVIDER",
        ])
        .prop_map(str::to_owned),
        1 => "[A-Z][A-Z0-9_]{100,160}",
    ]
}

/// A `params` key: an ordinary one, or one that is a member's name in another dialect.
pub fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[a-z_]{1,10}",
        2 => prop::sample::select(vec![
            "id", "type", "title", "status", "detail", "instance", "code", "error", "message",
            "data", "headers", "_meta", "jsonrpc", "result", "isError", "content",
            "structuredContent", "http_status", "failwise_code", "a b", "ключ", "$ref",
            "__proto__", "x/y~z",
        ])
        .prop_map(str::to_owned),
    ]
}

/// A request id as `params.id` may hold it: a string, an integer, or something that is none.
fn request_id() -> impl Strategy<Value = Value> {
    prop_oneof![
        ".{0,12}".prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        json_value(),
    ]
}

/// The dialect name of a source: one failwise reads, or any other word.
fn source_dialect() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "mcp-tool-result",
            "json-rpc",
            "problem+json",
            "sqlite-graphrag",
            "atomwrite",
            "eval-mock",
            "sprawling",
            "google-rpc",
            "failwise",
        ])
        .prop_map(str::to_owned),
        "[a-z+-]{1,12}",
    ]
}

/// A verify command: a program (a plain name, or any text) and up to three arguments.
fn verify() -> impl Strategy<Value = Verify> {
    (
        prop_oneof!["[a-z][a-z0-9._/-]{0,12}", ".+"],
        prop::collection::vec(".*", 0..4),
    )
        .prop_map(|(program, args)| {
            Verify::new(std::iter::once(program).chain(args).collect()).unwrap()
        })
}

prop_compose! {
    /// Any envelope the builder can produce.
    pub fn envelope()(
        // Boxed: the tree of the strategy below is large, and debug builds keep it on the stack.
        envelope in envelope_without_verify().boxed(),
        verify in prop::option::of(verify()),
    ) -> Envelope {
        // A verify command is kept only when the verdict is unknown.
        match verify {
            Some(v) => envelope.into_draft().verify(v).with_current_recovery().unwrap(),
            None => envelope,
        }
    }
}

prop_compose! {
    /// Any envelope the builder can produce, without a verify command.
    fn envelope_without_verify()(
        code in code(),
        exit in 1u8..=255,
        message in ".*",
        verdict in verdict(),
        recovery in "\\PC*[a-z]\\PC*",
        action in prop::option::of(".*"),
        subject in prop::option::of(".*"),
        params in prop::collection::btree_map(key(), json_value(), 0..4),
        id in prop::option::of(request_id()),
        http_status in prop::option::of(0u64..1000),
        nearby in prop::collection::vec(".*", 0..4),
        candidates in prop::collection::vec(candidate(), 0..3),
        location in prop::option::of((prop::option::of(".*"), prop::option::of(any::<u64>()), prop::option::of(any::<u64>()))),
        path in prop::option::of(".*"),
        flags in prop::collection::vec("--[a-z-]{0,10}", 0..3),
        items in prop::option::of((any::<u64>(), prop::option::of(any::<u64>()), prop::collection::vec((any::<u64>(), any::<bool>(), prop::option::of(any::<f64>())), 0..3))),
        gate in prop::option::of(("[a-z][a-z ]{0,9}", "[a-z][a-z ]{0,9}", "use [a-z]{1,10}")),
        provider in prop::option::of((prop::sample::select(vec![ProviderKind::Quota, ProviderKind::Cut, ProviderKind::Refused]), prop::option::of(any::<u16>()))),
        truncated in prop::collection::btree_map("/[a-z]{1,8}", any::<u64>(), 0..3),
        lang in prop::option::of(prop::sample::select(vec!["pt-BR", "pt_BR", "en", "de", "x", "zh-Hant-TW"])),
        doc_url in prop::option::of(prop_oneof!["https://[a-z]{1,8}\\.example/[a-z#]{0,8}", ".*"]),
        source in prop::option::of((source_dialect(), prop::option::of(prop_oneof![any::<i64>().prop_map(SourceCode::Number), ".*".prop_map(SourceCode::Text)]))),
        causes in prop::collection::vec((prop::option::of(".*"), ".*", prop::option::of(source_dialect())), 0..3),
    ) -> Envelope {
        let mut d = Envelope::draft(Code::new(code).unwrap(), ExitStatus::new(exit).unwrap(), message)
            .verdict(verdict)
            .params(params)
            .nearby(nearby)
            .candidates(candidates)
            .discarded_flags(flags);
        if let Some(id) = id { d = d.param("id", id); }
        if let Some(s) = http_status { d = d.param("http_status", s); }
        if let Some(a) = action { d = d.action(a); }
        if let Some(s) = subject { d = d.subject(s); }
        if let Some((path, line, column)) = location { d = d.location(Location { path, line, column }); }
        if let Some(p) = path { d = d.path(p.clone()).workspace(p); }
        if let Some((total, failed_index, results)) = items {
            let results = results.into_iter().map(|(index, ok, similarity)| ItemResult { index, ok, strategy: None, similarity }).collect();
            d = d.items(Items { total, failed_index, results });
        }
        if let Some((rule, violation, alternative)) = gate { d = d.gate(Gate::new(rule, violation, alternative).unwrap()); }
        if let Some((kind, status)) = provider { d = d.provider(Provider { kind, status }); }
        for (pointer, size) in truncated { d = d.truncated(pointer, size); }
        if let Some(l) = lang { d = d.lang(l); }
        if let Some(u) = doc_url { d = d.doc_url(u); }
        if let Some((dialect, code)) = source { d = d.source(Source { dialect, code }); }
        d = d.causes(causes.into_iter().map(|(code, message, source)| Cause { code, message, source }));
        d.with_recovery(recovery).unwrap()
    }
}

/// `count` envelopes from [`envelope`], the same ones on every run (proptest's deterministic
/// runner), for tests that hand a batch to an outside parser at once.
#[allow(
    dead_code,
    reason = "not every test binary that includes this file uses it"
)]
pub fn batch(count: usize) -> Vec<Envelope> {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = envelope();
    (0..count)
        .map(|_| {
            strategy
                .new_tree(&mut runner)
                .expect("the strategy makes a value")
                .current()
        })
        .collect()
}
