//! Every envelope the shared generator makes (`tests/shared/envelopes.rs`), written in every
//! form `--to` names, validates against that form's schema (the JSON Schemas sqlite-graphrag and
//! atomwrite publish, in `fixtures/seeds/`, and the documented shapes in
//! `tests/dialects/schemas/`) and reads back through its dialect; a problem follows RFC 9457's
//! rules, and a JSON-RPC response JSON-RPC 2.0's, checked here member by member.

use failwise::dialect::{Context, Dialect, Form, json_rpc, mcp_tool_result};
use failwise::{Envelope, Retry};
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::envelopes::envelope;
use crate::round_trip::{schema_of, validator, written};

/// The forms whose writers this suite holds to their schemas (google-rpc's writer has its own
/// tests).
fn forms() -> Vec<Form> {
    Form::all()
        .into_iter()
        .filter(|f| f.dialect() != Dialect::GoogleRpc)
        .collect()
}

/// The HTTP status an envelope's source had, as the problem+json writer must give it.
fn http_status(envelope: &Envelope) -> Option<u64> {
    envelope
        .provider()
        .and_then(|p| p.status)
        .map(u64::from)
        .or_else(|| envelope.params().get("http_status").and_then(Value::as_u64))
        .filter(|s| (100..=599).contains(s))
}

/// A validator of `format: uri-reference` (RFC 3986 §4.1), as the `jsonschema` crate checks it.
fn uri_reference() -> jsonschema::Validator {
    jsonschema::options()
        .should_validate_formats(true)
        .build(&json!({"type": "string", "format": "uri-reference"}))
        .expect("compiles")
}

/// The members RFC 9457 §3.1 defines; every other member of a problem is an extension.
const PROBLEM_MEMBERS: [&str; 5] = ["type", "title", "status", "detail", "instance"];

/// An extension member's name as RFC 9457 §3.2 recommends: an ALPHA, then ALPHA, DIGIT or
/// `_`, three characters or more.
fn is_recommended_extension_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.len() >= 3
}

#[test]
fn the_rfc_checks_are_live() {
    let uri = uri_reference();
    assert!(uri.is_valid(&json!("about:blank")));
    assert!(uri.is_valid(&json!("/errors/out-of-credit")));
    assert!(!uri.is_valid(&json!("a b")));
    assert!(!uri.is_valid(&json!("https://e.example/%zz")));
    assert!(is_recommended_extension_name("retry_after_ms"));
    assert!(!is_recommended_extension_name("ab"));
    assert!(!is_recommended_extension_name("_meta"));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn every_form_of_every_envelope_validates_and_reads_back(envelope in envelope()) {
        for form in forms() {
            let validator = validator(&schema_of(form));
            let written = written(form, &envelope);
            let errors: Vec<String> = validator
                .iter_errors(&written)
                .map(|e| format!("{} at {}", e, e.instance_path()))
                .collect();
            prop_assert!(errors.is_empty(), "{form:?} wrote {written}: {errors:?}");
            prop_assert_eq!(failwise::dialect::detect(&written), Some(form.dialect()), "{}", written);
            let back = form.dialect().read(&written, &Context::default());
            prop_assert!(back.is_ok(), "{form:?} cannot read back {written}: {:?}", back.err());
            let back = back.expect("checked");
            // A code the form had to change is kept beside it and read back (sqlite-graphrag's
            // integer code is the exit status alone).
            if form.dialect() != Dialect::SqliteGraphrag {
                prop_assert_eq!(back.code(), envelope.code(), "{:?}: {}", form, written);
            }
        }
    }

    #[test]
    fn a_problem_follows_rfc_9457(envelope in envelope()) {
        let problem = Dialect::ProblemJson.write(&envelope);
        let obj = problem.as_object().expect("an object");
        // §3.1.1: a URI reference.
        prop_assert!(uri_reference().is_valid(&obj["type"]), "type {}", obj["type"]);
        // §3.1.2: the HTTP status, an integer, when the source had one; never invented.
        let status = obj.get("status").map(|s| s.as_u64());
        prop_assert_eq!(status, http_status(&envelope).map(Some), "{}", problem);
        // §3.1.3, §3.1.4: strings; the detail is the message.
        prop_assert!(obj["title"].is_string());
        prop_assert_eq!(obj["detail"].as_str(), Some(envelope.message()));
        // §3.2: extension names as recommended.
        for name in obj.keys().filter(|k| !PROBLEM_MEMBERS.contains(&k.as_str())) {
            prop_assert!(is_recommended_extension_name(name), "{name}");
        }
        // Nothing is lost: the same envelope reads back (its source, when it had none, is the
        // problem).
        let back = Dialect::ProblemJson.read(&problem, &Context::default()).expect("reads");
        let mut want = serde_json::to_value(&envelope).expect("serializes");
        let mut got = serde_json::to_value(&back).expect("serializes");
        if envelope.source().is_none() {
            want.as_object_mut().expect("object").remove("source");
            got.as_object_mut().expect("object").remove("source");
        }
        prop_assert_eq!(got, want, "{}", problem);
    }

    #[test]
    fn a_json_rpc_response_answers_the_known_request(envelope in envelope()) {
        let response = Dialect::JsonRpc.write(&envelope);
        prop_assert_eq!(&response["jsonrpc"], "2.0");
        let known = envelope.params().get("id").filter(|id| id.is_string() || id.is_i64() || id.is_u64());
        // §5: the request's id, or null when it is not known.
        prop_assert_eq!(response.get("id"), Some(known.unwrap_or(&Value::Null)));
        let id = json_rpc::request_id(&envelope);
        prop_assert_eq!(id.as_ref(), known);
        let tool = mcp_tool_result::came_from_tool_result(&envelope);
        // A tool's own failure stays a tool result where a result response can carry it.
        prop_assert_eq!(response.get("result").is_some(), tool && known.is_some(), "{}", response);
        prop_assert_eq!(response.get("error").is_some(), !(tool && known.is_some()));
        if let Some(error) = response.get("error") {
            prop_assert!(error["code"].is_i64(), "{}", error);
            prop_assert_eq!(error["message"].as_str(), Some(envelope.message()));
        }
        let back = Dialect::JsonRpc.read(&response, &Context::default()).expect("reads");
        let mut want = serde_json::to_value(&envelope).expect("serializes");
        let mut got = serde_json::to_value(&back).expect("serializes");
        for v in [&mut want, &mut got] {
            v.as_object_mut().expect("object").remove("source");
        }
        prop_assert_eq!(got, want, "{}", response);
        prop_assert_eq!(back.retry() == Retry::Yes, envelope.retry() == Retry::Yes);
    }
}
