//! `failwise normalize --to google-rpc` and `--to google-rpc-status` over every envelope a
//! generator makes (all classes and verdicts, every optional field, hostile codes and param
//! names, waits beyond a Duration's range, upstream HTTP statuses), parsed by protobuf's own
//! JSON parser into `google.rpc.Status` (`python/google_rpc.py`, in the `protobuf` environment
//! of `scripts/python/protobuf.txt`), checked against the rules of the proto comments, and read
//! back by failwise into the envelope written.

use std::path::Path;
use std::process::Command;

use failwise::{
    Candidate, Cause, Code, Envelope, ErrorClass, ExitStatus, Gate, ItemResult, Items, Location,
    Provider, ProviderKind, Retry, Verdict,
};
use serde_json::{Value, json};

use crate::support::{failwise, venv_python};

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/corpus/3-google-rpc"
);
const SCRIPT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/cli/python/google_rpc.py"
);

/// The longest `google.protobuf.Duration`, in milliseconds.
const DURATION_MAX_MS: u64 = 315_576_000_000 * 1000;

/// A deterministic stream of bits, so that the generator covers its choices in combinations
/// without a random seed (xorshift64).
struct Bits(u64);

impl Bits {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<T: Clone>(&mut self, from: &[T]) -> T {
        from[(self.next() % from.len() as u64) as usize].clone()
    }
}

fn verdicts() -> Vec<Verdict> {
    let pair = |c, r| Verdict::new(c, r).expect("an allowed pair");
    vec![
        Verdict::transient(),
        Verdict::transient().after_ms(1500),
        Verdict::transient().after_ms(0),
        Verdict::transient().after_ms(DURATION_MAX_MS + 1),
        Verdict::transient().after_ms(u64::MAX),
        Verdict::transient().effect_unknown(),
        Verdict::conflict(),
        pair(ErrorClass::Conflict, Retry::Yes).after_ms(200),
        Verdict::precondition_failed(),
        Verdict::permanent(),
        Verdict::ambiguous(),
        pair(ErrorClass::Ambiguous, Retry::No),
    ]
}

fn codes() -> Vec<String> {
    let mut codes: Vec<String> = [
        "NOT_FOUND",
        "X",
        "CODE_",
        "AB",
        "OK",
        "RESOURCE_EXHAUSTED",
        "E_GATE_DENIED",
    ]
    .map(str::to_owned)
    .into();
    codes.push("A".repeat(70));
    codes.push(format!("{}_", "B_".repeat(35)));
    codes
}

fn providers() -> Vec<Option<Provider>> {
    let p = |kind, status| Some(Provider { kind, status });
    vec![
        None,
        p(ProviderKind::Refused, Some(404)),
        p(ProviderKind::Quota, Some(429)),
        p(ProviderKind::Reported, Some(503)),
        p(ProviderKind::Silence, Some(504)),
        p(ProviderKind::Reported, Some(502)),
        p(ProviderKind::Reported, Some(500)),
        p(ProviderKind::Refused, Some(400)),
        p(ProviderKind::Refused, Some(409)),
        p(ProviderKind::Reported, Some(200)),
        p(ProviderKind::Cut, None),
        p(ProviderKind::Silence, None),
        p(ProviderKind::Quota, None),
        p(ProviderKind::Exchange, None),
    ]
}

/// Param names that break the metadata key rule or take one of failwise's own keys.
const HOSTILE_NAMES: [&str; 12] = [
    "",
    " a b",
    "ç",
    "1x",
    "UPPER",
    "upper",
    "recovery",
    "exit",
    "x",
    "paramNames",
    "limit",
    "domain",
];

fn param_value(bits: &mut Bits) -> Value {
    bits.pick(&[
        json!("text"),
        json!(3),
        json!(-1.5),
        json!(true),
        json!(null),
        json!(["a", 1]),
        json!({"k": "v"}),
        json!(""),
    ])
}

/// One envelope: `code`, `verdict` and `provider`, and the optional fields the bits choose.
fn generated(
    code: &str,
    verdict: Verdict,
    provider: Option<Provider>,
    bits: &mut Bits,
) -> Envelope {
    let exit = ExitStatus::new((bits.next() % 255 + 1) as u8).expect("1..=255");
    let mut draft = Envelope::draft(Code::new(code).expect("a code"), exit, "the thing failed")
        .verdict(verdict);
    let mut on = || bits.next().is_multiple_of(2);
    if on() {
        draft = draft.action("write file").subject("projects/p-1/items/7");
    }
    if on() {
        draft = draft.nearby(["max_steps", "max_stops"]);
    }
    if on() {
        draft = draft.candidates([Candidate {
            text: "let totals = 3;".into(),
            line: 2,
            column: 5,
            similarity: 0.9,
            strategy: "fuzzy".into(),
            diff_preview: None,
        }]);
    }
    if on() {
        draft = draft.location(Location {
            path: Some("src/main.rs".into()),
            line: Some(2),
            column: Some(5),
        });
    }
    if on() {
        draft = draft.path("src/main.rs").workspace("/home/dev/proj");
    }
    if on() {
        draft = draft
            .discarded_flags(["--sort"])
            .truncated("/params/stderr", 70_000);
    }
    if on() {
        draft = draft.items(Items {
            total: 2,
            failed_index: Some(2),
            results: vec![ItemResult {
                index: 1,
                ok: true,
                strategy: None,
                similarity: None,
            }],
        });
    }
    if on() {
        draft = draft
            .gate(Gate::new("write-domain", "/etc is outside", "write under ./out").expect("gate"));
    }
    if on() {
        draft = draft.doc_url("https://example.com/errors/x").lang("pt-BR");
    }
    if on() {
        draft = draft.cause(Cause::new("connection reset").with_code("ECONNRESET"));
    }
    if let Some(p) = provider {
        draft = draft.provider(p);
    }
    for name in HOSTILE_NAMES {
        if bits.next().is_multiple_of(3) {
            draft = draft.param(name, param_value(bits));
        }
    }
    draft.with_recovery("follow the message").expect("recovery")
}

/// Params in the shapes reading google-rpc gives them, some of them off the proto's types.
fn with_detail_params(envelope: Envelope) -> Envelope {
    envelope
        .into_draft()
        .param("field_violations", json!([{"field": "a.b", "reason": "bad value", "x": 1}, "not one", {"description": 3}]))
        .param("precondition_violations", json!([{"type": "TOS", "subject": "google.com/cloud"}]))
        .param("quota_violations", json!([{"quota_value": "10", "quotaDimensions": {"region": 1}, "futureQuotaValue": 20}]))
        .param("stack_entries", json!(["at f", 2]))
        .param("debug_detail", json!({"k": 1}))
        .param("request_id", "r-1")
        .param("resource_type", "bucket")
        .param("help_links", json!([{"url": "https://example.com/a", "description": "a"}, {"description": "no url"}]))
        .param("localized_message", "a coisa falhou")
        .param("localized_message_locale", "pt-BR")
        .param("grpc_status", "NOT_A_CODE")
        .with_current_recovery()
        .expect("recovery")
}

/// Every envelope the writers are tested on: each verdict with each code, the optional fields,
/// providers and params chosen in turn; the real google.rpc bodies of the corpus, read; and
/// envelopes holding the params those bodies give, in shapes off the proto's types.
fn envelopes() -> Vec<Envelope> {
    let mut bits = Bits(0x9E37_79B9_7F4A_7C15);
    let providers = providers();
    let mut out = Vec::new();
    for (i, verdict) in verdicts().into_iter().enumerate() {
        for (j, code) in codes().iter().enumerate() {
            let provider = providers[(i * 7 + j) % providers.len()].clone();
            out.push(generated(code, verdict, provider, &mut bits));
        }
    }
    for entry in std::fs::read_dir(CORPUS).expect("the corpus") {
        let text = std::fs::read_to_string(entry.expect("an entry").path()).expect("a file");
        let value: Value = serde_json::from_str(&text).expect("JSON");
        let read = failwise::dialect::read_any(&value, &Default::default()).expect("readable");
        out.push(with_detail_params(read.clone()));
        out.push(read);
    }
    out
}

/// `failwise normalize` of `input` with `args`, one output line per input line.
fn normalize(args: &[&str], input: &Path) -> Vec<String> {
    let path = input.to_str().expect("a UTF-8 path");
    let run = failwise(&[&["normalize"], args, &[path]].concat());
    assert_eq!(run.status, 0, "{}", run.stderr);
    run.stdout.lines().map(str::to_owned).collect()
}

fn json_lines(lines: &[String]) -> Vec<Value> {
    lines
        .iter()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The status names and codes code.proto gives the upstream statuses the generator uses.
const UPSTREAM: [(u16, &str, u64); 4] = [
    (404, "NOT_FOUND", 5),
    (429, "RESOURCE_EXHAUSTED", 8),
    (503, "UNAVAILABLE", 14),
    (504, "DEADLINE_EXCEEDED", 4),
];

#[test]
fn every_generated_envelope_is_a_status_protobuf_parses_and_failwise_reads_back() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("envelopes.ndjson");
    let lines: Vec<String> = envelopes().iter().map(Envelope::to_json_line).collect();
    std::fs::write(&input, lines.join("\n") + "\n").expect("write");
    // What the binary prints of each envelope (prepared: redacted, bounded) is what it writes.
    let canonical = json_lines(&normalize(&[], &input));
    assert_eq!(canonical.len(), lines.len());
    for (to, form) in [("google-rpc", "http"), ("google-rpc-status", "status")] {
        let written = normalize(&["--to", to], &input);
        assert_eq!(written.len(), lines.len(), "{to}");
        let out = dir.path().join(format!("{to}.ndjson"));
        std::fs::write(&out, written.join("\n") + "\n").expect("write");
        for (envelope, record) in canonical.iter().zip(json_lines(&written)) {
            let status = envelope["provider"]["status"].as_u64();
            let own = envelope["params"]["grpc_status"].as_str();
            let Some((_, name, number)) = UPSTREAM
                .iter()
                .find(|(s, ..)| Some(u64::from(*s)) == status && own.is_none())
            else {
                continue;
            };
            match form {
                "http" => {
                    assert_eq!(record["error"]["status"], *name, "{record}");
                    assert_eq!(record["error"]["code"].as_u64(), status, "{record}");
                }
                _ => assert_eq!(record["code"].as_u64(), Some(*number), "{record}"),
            }
        }
        // Read back, each is the envelope written, but for the source naming the dialect.
        let back = json_lines(&normalize(&["--from", to], &out));
        assert_eq!(back.len(), lines.len(), "{to}");
        for (want, mut got) in canonical.iter().cloned().zip(back) {
            let source = got.as_object_mut().and_then(|o| o.remove("source"));
            assert_eq!(
                source.as_ref().map(|s| &s["dialect"]),
                Some(&json!(to)),
                "{got}"
            );
            let mut want = want;
            want.as_object_mut().expect("object").remove("source");
            assert_eq!(got, want, "{to}");
        }
        let Some(python) = venv_python("protobuf") else {
            continue;
        };
        let parsed = Command::new(python)
            .arg(SCRIPT)
            .arg(form)
            .arg(&out)
            .output()
            .expect("python runs");
        let report = String::from_utf8_lossy(&parsed.stdout);
        assert!(
            parsed.status.success(),
            "{to}: {report}{}",
            String::from_utf8_lossy(&parsed.stderr)
        );
        let summary: Value =
            serde_json::from_str(report.lines().last().expect("a summary")).expect("JSON");
        assert_eq!(
            summary["records"].as_u64(),
            Some(lines.len() as u64),
            "{report}"
        );
        for detail in [
            "ErrorInfo",
            "RetryInfo",
            "DebugInfo",
            "QuotaFailure",
            "PreconditionFailure",
            "BadRequest",
            "RequestInfo",
            "ResourceInfo",
            "Help",
            "LocalizedMessage",
        ] {
            assert!(
                summary["details"][detail].as_u64() > Some(0),
                "no {detail}: {report}"
            );
        }
    }
}
