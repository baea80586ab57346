//! Every dialect: write an envelope, validate the output against the dialect's own schema
//! (the JSON Schemas sqlite-graphrag and atomwrite publish, in `fixtures/seeds/`; a schema of
//! the documented shape in `tests/dialects/schemas/` for the others), read it back, and compare
//! every field the dialect can carry.

use std::collections::HashMap;

use failwise::dialect::{Context, Dialect, Form, eval_mock};
use failwise::{
    Candidate, Code, Envelope, ErrorClass, ExitStatus, Gate, ItemResult, Items, Location, Provider,
    ProviderKind, Retry, Verdict, Verify,
};
use serde_json::{Value, json};

const SEEDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/seeds");
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/dialects/schemas");

fn load(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Serves the schemas sqlite-graphrag's envelope schema references by `$id` from
/// `seeds/refs/`; never the network.
struct LocalRefs(HashMap<String, Value>);

impl jsonschema::Retrieve for LocalRefs {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        self.0
            .get(uri.as_str())
            .cloned()
            .ok_or_else(|| format!("{} is not a local resource", uri.as_str()).into())
    }
}

pub(super) fn validator(schema: &Value) -> jsonschema::Validator {
    let surface = load(&format!("{SEEDS}/refs/agent-surface.schema.json"));
    let id = surface["$id"].as_str().expect("$id").to_owned();
    jsonschema::options()
        .with_retriever(LocalRefs(HashMap::from([(id, surface)])))
        .build(schema)
        .expect("schema compiles")
}

/// The schema each writer's output must validate against.
pub(super) fn schema_of(form: Form) -> Value {
    match form {
        Form::Dialect(Dialect::Failwise) => failwise::envelope_schema(),
        Form::Dialect(Dialect::SqliteGraphrag) => {
            load(&format!("{SEEDS}/000_684e7d8dcc1cf241.txt"))
        }
        Form::Dialect(Dialect::Atomwrite) => load(&format!("{SEEDS}/001_bdda9efda4c4d0e7.txt")),
        Form::AtomwriteErrorOutput => load(&format!("{SEEDS}/002_bc2f2082ca1e8970.txt")),
        Form::Dialect(Dialect::EvalMock) | Form::EvalMockHuman => {
            load(&format!("{FIXTURES}/eval-mock.schema.json"))
        }
        Form::Dialect(Dialect::Sprawling) => load(&format!("{FIXTURES}/sprawling.schema.json")),
        Form::Dialect(Dialect::ProblemJson) => {
            load(&format!("{FIXTURES}/problem-json.schema.json"))
        }
        Form::Dialect(Dialect::GoogleRpc) => load(&format!("{FIXTURES}/google-rpc.schema.json")),
        Form::Dialect(Dialect::GoogleRpcStatus) => {
            load(&format!("{FIXTURES}/google-rpc-status.schema.json"))
        }
        Form::Dialect(Dialect::JsonRpc) => load(&format!("{FIXTURES}/json-rpc.schema.json")),
        Form::Dialect(Dialect::McpToolResult) => {
            load(&format!("{FIXTURES}/mcp-tool-result.schema.json"))
        }
        // The read-only dialects have no writer: they write the canonical envelope.
        Form::Dialect(_) => failwise::envelope_schema(),
    }
}

/// What `form` writes, as the record its dialect's reader takes: a text form's record as the
/// dialect's text form finds it in the text (eval-mock's human form as the `{"error": {...}}`
/// record its JSON form writes).
pub(super) fn written(form: Form, envelope: &Envelope) -> Value {
    match form {
        Form::EvalMockHuman => {
            let text = eval_mock::write_human(envelope);
            let record = eval_mock::from_human(&text).unwrap_or_else(|| panic!("{text}"));
            json!({ "error": record })
        }
        form => form.write(envelope),
    }
}

fn samples() -> Vec<Envelope> {
    let code = |c: &str| Code::new(c).expect("code");
    let exit = |e: u8| ExitStatus::new(e).expect("exit");
    vec![
        Envelope::draft(
            code("MATCH_FAILED"),
            exit(65),
            "old string not found in src/main.rs",
        )
        .verdict(Verdict::permanent())
        .action("edit file")
        .subject("src/main.rs")
        .param("pattern", "let total")
        .param("count", 3)
        .nearby(["let totals", "let total_sum"])
        .candidates([Candidate {
            text: "    let totals = compute(3);".into(),
            line: 2,
            column: 5,
            similarity: 0.91,
            strategy: "context_aware_jw".into(),
            diff_preview: Some("-let total\n+let totals".into()),
        }])
        .location(Location {
            path: Some("src/main.rs".into()),
            line: Some(2),
            column: Some(5),
        })
        .path("src/main.rs")
        .workspace("/home/dev/proj")
        .discarded_flags(["--sort"])
        .items(Items {
            total: 2,
            failed_index: Some(2),
            results: vec![
                ItemResult {
                    index: 1,
                    ok: true,
                    strategy: Some("exact".into()),
                    similarity: Some(1.0),
                },
                ItemResult {
                    index: 2,
                    ok: false,
                    strategy: None,
                    similarity: None,
                },
            ],
        })
        .doc_url("https://example.com/errors/match-failed")
        .with_recovery("inspect candidates[0] and adjust --old")
        .expect("recovery"),
        Envelope::draft(
            code("RATE_LIMITED"),
            ExitStatus::TEMPFAIL,
            "60 requests per minute exceeded",
        )
        .verdict(Verdict::transient().after_ms(1500))
        .param("limit", "60/min")
        .provider(Provider {
            kind: ProviderKind::Quota,
            status: Some(429),
        })
        .with_recovery("wait 1.5 s, then send the request again")
        .expect("recovery"),
        Envelope::draft(
            code("E_PROVIDER"),
            exit(1),
            "stream cut after the request went out",
        )
        .verdict(Verdict::ambiguous())
        .action("call model")
        .subject("run-7")
        .provider(Provider {
            kind: ProviderKind::Cut,
            status: None,
        })
        .with_recovery("read the ledger before sending it again")
        .expect("recovery"),
        Envelope::draft(
            code("ALREADY_EXISTS"),
            exit(9),
            "memory design-auth already exists",
        )
        .verdict(Verdict::conflict())
        .param("name", "design-auth")
        .with_recovery("pass --force-merge to update the existing memory")
        .expect("recovery"),
        Envelope::draft(
            code("E_GATE_DENIED"),
            ExitStatus::CONFIG,
            "write outside the run's domain refused",
        )
        .verdict(Verdict::precondition_failed())
        .gate(
            Gate::new("write-domain", "/etc/hosts is outside", "write under ./out").expect("gate"),
        )
        .with_recovery("write under ./out instead")
        .expect("recovery"),
        Envelope::draft(
            code("DEADLINE_EXCEEDED"),
            ExitStatus::TEMPFAIL,
            "no answer within 30 s",
        )
        .verdict(Verdict::transient().effect_unknown())
        .verify(
            Verify::new(vec![
                "shop".into(),
                "order".into(),
                "status".into(),
                "--id=ord 42".into(),
            ])
            .expect("a program"),
        )
        .with_recovery("check whether the order was placed before placing it again")
        .expect("recovery"),
    ]
}

/// The fields `form` carries, as JSON, for comparison before and after the round trip.
fn carried(form: Form, origin: &Envelope, e: &Envelope) -> Value {
    let full = serde_json::to_value(e).expect("serializes");
    let pick = |keys: &[&str]| {
        let mut out = serde_json::Map::new();
        for k in keys {
            if let Some(v) = full.get(*k) {
                out.insert((*k).to_owned(), v.clone());
            }
        }
        Value::Object(out)
    };
    let class_kept = |lossy: &[(ErrorClass, Retry)]| {
        (!lossy.contains(&(origin.error_class(), origin.retry()))).then(|| e.error_class().as_str())
    };
    let mut out = match form.dialect() {
        // The read-only dialects have no writer: they write the canonical envelope.
        Dialect::Failwise
        | Dialect::Kubernetes
        | Dialect::OpenAi
        | Dialect::Anthropic
        | Dialect::Slack
        | Dialect::Stripe
        | Dialect::GitHub
        | Dialect::Aws
        | Dialect::ApiError
        | Dialect::CargoJson => full.clone(),
        Dialect::SqliteGraphrag => pick(&[
            "exit",
            "message",
            "retryable",
            "recovery",
            "discarded_flags",
        ]),
        Dialect::Atomwrite => pick(&[
            "exit",
            "message",
            "retry",
            "recovery",
            "path",
            "workspace",
            "items",
        ]),
        Dialect::EvalMock => pick(&["code", "message", "recovery"]),
        Dialect::Sprawling => pick(&[
            "code",
            "action",
            "subject",
            "nearby",
            "recovery",
            "retry",
            "retry_after_ms",
            "gate",
        ]),
        // Every member is carried (`source` is the record's own when it has one).
        Dialect::ProblemJson | Dialect::JsonRpc => {
            let mut all = full.clone();
            if let Some(obj) = all.as_object_mut() {
                obj.remove("source");
            }
            all
        }
        Dialect::McpToolResult => full.clone(),
        // ErrorInfo.metadata carries the whole envelope; reading names google-rpc as the source.
        Dialect::GoogleRpc | Dialect::GoogleRpcStatus => {
            let mut all = full.clone();
            all.as_object_mut().expect("object").remove("source");
            all
        }
    };
    let obj = out.as_object_mut().expect("object");
    match form {
        Form::Dialect(Dialect::EvalMock) | Form::EvalMockHuman => {
            obj.insert("location".into(), json!(e.location()));
        }
        Form::Dialect(Dialect::Atomwrite) | Form::AtomwriteErrorOutput => {
            obj.insert("code".into(), json!(e.code().as_str()));
            obj.insert(
                "class".into(),
                json!(class_kept(&[
                    (ErrorClass::Ambiguous, Retry::Unknown),
                    (ErrorClass::Ambiguous, Retry::No)
                ])),
            );
            obj.insert("candidate".into(), json!(e.candidates().first()));
        }
        Form::Dialect(Dialect::SqliteGraphrag) => {
            let three = [
                ErrorClass::Transient,
                ErrorClass::Permanent,
                ErrorClass::Ambiguous,
            ];
            let kept = three.contains(&origin.error_class()) && origin.retry() != Retry::Unknown
                || origin.error_class() == ErrorClass::Ambiguous;
            obj.insert(
                "class".into(),
                json!(kept.then(|| e.error_class().as_str())),
            );
        }
        Form::Dialect(Dialect::Sprawling) => {
            obj.insert("provider".into(), json!(e.provider().map(|p| p.kind)));
            // action and subject are required there: an envelope without them writes stand-ins.
            if origin.action().is_none() {
                obj.remove("action");
            }
            if origin.subject().is_none() {
                obj.remove("subject");
            }
        }
        _ => {}
    }
    out
}

/// The location eval-mock carries: always `file:line:col`, an unknown line or column as 1, and
/// none without a file.
fn eval_mock_location(origin: &Envelope) -> Value {
    let Some(location) = origin.location() else {
        return Value::Null;
    };
    match &location.path {
        Some(path) if !path.is_empty() => json!({
            "path": path,
            "line": location.line.unwrap_or(1),
            "column": location.column.unwrap_or(1),
        }),
        _ => Value::Null,
    }
}

fn forms() -> Vec<Form> {
    Form::all()
}

#[test]
fn every_dialect_writes_valid_output_and_reads_back_what_it_carries() {
    for form in forms() {
        let validator = validator(&schema_of(form));
        for envelope in samples() {
            let written = written(form, &envelope);
            let errors: Vec<String> = validator
                .iter_errors(&written)
                .map(|e| format!("{} at {}", e, e.instance_path()))
                .collect();
            assert!(
                errors.is_empty(),
                "{form:?} wrote invalid output {written}: {errors:?}"
            );
            let back = form
                .dialect()
                .read(&written, &Context::default())
                .unwrap_or_else(|e| panic!("{form:?} cannot read back {written}: {e}"));
            let back_carried = carried(form, &envelope, &back);
            let mut want = carried(form, &envelope, &envelope);
            if form.dialect() == Dialect::EvalMock {
                want["location"] = eval_mock_location(&envelope);
            }
            assert_eq!(back_carried, want, "{form:?} round trip of {written}");
            let line = serde_json::to_string(&written).expect("serializes");
            let detected = failwise::dialect::detect(&serde_json::from_str(&line).expect("json"));
            assert_eq!(
                detected,
                Some(form.dialect()),
                "{form:?} output is detected as its dialect"
            );
        }
    }
}

#[test]
fn sqlite_graphrag_schema_rejects_what_it_does_not_declare() {
    // The validator is live: a member sqlite-graphrag's schema does not declare fails its
    // closed object.
    let validator = validator(&schema_of(Form::Dialect(Dialect::SqliteGraphrag)));
    let mut written = Dialect::SqliteGraphrag.write(&samples()[0]);
    assert!(validator.is_valid(&written));
    written["retry_after_ms"] = json!(5);
    assert!(!validator.is_valid(&written));
    let with_surface = json!({"error": true, "code": 4, "message": "m", "error_class": "permanent",
        "retryable": false, "agent_surface": {"input_count": 1}});
    assert!(
        !validator.is_valid(&with_surface),
        "agent_surface is resolved from seeds/refs"
    );
}

#[test]
fn atomwrite_002_keeps_a_code_outside_its_enum_beside_a_stand_in() {
    let envelope = &samples()[0];
    let written = Form::AtomwriteErrorOutput.write(envelope);
    assert_eq!(written["code"], "INVALID_INPUT");
    assert_eq!(written["failwise_code"], "MATCH_FAILED");
    let back = Dialect::Atomwrite
        .read(&written, &Context::default())
        .expect("reads");
    assert_eq!(back.code().as_str(), "MATCH_FAILED");
}

/// A negative sqlite-graphrag code is no exit status: its sign stays in the code's name, and
/// the number in `source.code`.
#[test]
fn a_negative_sqlite_graphrag_code_keeps_its_sign() {
    let value = json!({"error": true, "code": -2, "message": "m"});
    let envelope = Dialect::SqliteGraphrag
        .read(&value, &Context::default())
        .expect("a readable record");
    assert_eq!(envelope.code().as_str(), "CODE_MINUS_2");
    let source = serde_json::to_value(envelope.source()).expect("serializable");
    assert_eq!(source["code"], -2);
}

/// 0 and 256 up are no failing exit status either: they are codes, and `exit` is the real
/// status when it is known, else 1.
#[test]
fn a_sqlite_graphrag_code_outside_the_exit_range_is_no_exit_status() {
    for (number, name) in [(0, "CODE_0"), (256, "CODE_256"), (70_000, "CODE_70000")] {
        let value = json!({"error": true, "code": number, "message": "m"});
        let envelope = Dialect::SqliteGraphrag
            .read(&value, &Context::default())
            .expect("a readable record");
        assert_eq!(envelope.code().as_str(), name);
        assert_eq!(envelope.exit().get(), 1, "{number}");
        let source = serde_json::to_value(envelope.source()).expect("serializable");
        assert_eq!(source["code"], number);
    }
    let value = json!({"error": true, "code": 7, "message": "m"});
    let envelope = Dialect::SqliteGraphrag
        .read(&value, &Context::default())
        .expect("a readable record");
    assert_eq!(envelope.code().as_str(), "EXIT_7");
    assert_eq!(envelope.exit().get(), 7);
}

/// google-rpc writes a `doc_url` as a `google.rpc.Help` link with failwise's description.
#[test]
fn google_rpc_writes_the_doc_url_as_a_described_help_link() {
    let envelope = Envelope::draft(
        Code::new("NOT_FOUND").expect("code"),
        ExitStatus::new(4).expect("exit"),
        "no such thing",
    )
    .verdict(Verdict::permanent())
    .doc_url("https://example.com/errors/NOT_FOUND")
    .with_recovery("look elsewhere")
    .expect("recovery");
    let written = Dialect::GoogleRpc.write(&envelope);
    let help = written["error"]["details"]
        .as_array()
        .and_then(|d| {
            d.iter()
                .find(|d| d["@type"] == "type.googleapis.com/google.rpc.Help")
        })
        .cloned();
    assert_eq!(
        help,
        Some(json!({
            "@type": "type.googleapis.com/google.rpc.Help",
            "links": [{"description": "documentation of this error", "url": "https://example.com/errors/NOT_FOUND"}],
        }))
    );
}

/// A verify command crosses every form that has room for the whole envelope (the canonical
/// one, problem+json's extension members, JSON-RPC's `error.data`, MCP's `structuredContent`,
/// google-rpc's `ErrorInfo.metadata`) and is read back word for word; every other form's
/// "loses" text names it (in English and in Brazilian Portuguese), and its reader gives none.
#[test]
fn a_verify_command_is_carried_where_there_is_room_and_named_where_it_is_lost() {
    let origin = samples()
        .into_iter()
        .find(|e| e.verify().is_some())
        .expect("a sample with a verify command");
    let pt = failwise::i18n::Localizer::new("pt-BR");
    for form in forms() {
        let back = form
            .dialect()
            .read(&written(form, &origin), &Context::default())
            .unwrap_or_else(|e| panic!("{form:?}: {e}"));
        let carried = matches!(
            form.dialect(),
            Dialect::Failwise
                | Dialect::ProblemJson
                | Dialect::JsonRpc
                | Dialect::McpToolResult
                | Dialect::GoogleRpc
                | Dialect::GoogleRpcStatus
        );
        if carried {
            assert_eq!(back.verify(), origin.verify(), "{form:?}");
            continue;
        }
        assert_eq!(back.verify(), None, "{form:?}");
        // A form that loses what its dialect loses says so by naming the dialect.
        let base = Form::Dialect(form.dialect());
        for (lang, text) in [
            ("en", base.loses().to_owned()),
            (
                "pt-BR",
                pt.render(&base.loses_phrase(), &Default::default())
                    .map(|(text, _)| text)
                    .unwrap_or_default(),
            ),
        ] {
            assert!(text.contains("`verify`"), "{form:?} in {lang}: {text}");
        }
    }
}
