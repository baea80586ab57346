//! Tests of the MCP face's messages: annotations keep what the server sent, the force key
//! never reaches the server, the proxy's own envelopes count as transport failures.

use serde_json::json;

use super::*;
use crate::guard::{Call, is_transport};

fn call() -> ToolCall {
    ToolCall {
        tool: "create_event".into(),
        id: json!(12),
        call: Call::tool(&["srv"], "create_event", &json!({"day": 3}))
            .fingerprint()
            .clone(),
        server: "srv".into(),
    }
}

#[test]
fn a_failed_result_keeps_its_content_and_meta_and_gains_the_envelope() {
    let mut result = json!({
        "content": [{"type": "text", "text": "boom"}],
        "isError": true,
        "_meta": {"vendor/trace": "t-1"}
    });
    let obj = result.as_object_mut().unwrap();
    annotate_result(obj, json!({"code": "X"}), "failwise: X".into());
    assert_eq!(
        result,
        json!({
            "content": [{"type": "text", "text": "boom"}, {"type": "text", "text": "failwise: X"}],
            "isError": true,
            "_meta": {"vendor/trace": "t-1", "failwise/envelope": {"code": "X"}}
        })
    );
}

#[test]
fn an_error_keeps_its_code_message_and_data() {
    let mut error = json!({"code": -32602, "message": "bad", "data": {"field": "day"}});
    annotate_error(error.as_object_mut().unwrap(), json!({"code": "X"}));
    assert_eq!(
        error,
        json!({"code": -32602, "message": "bad", "data": {"field": "day", "failwise/envelope": {"code": "X"}}})
    );
    let mut error = json!({"code": 1, "message": "bad", "data": "a string"});
    annotate_error(error.as_object_mut().unwrap(), json!({"code": "X"}));
    assert_eq!(error["data"]["failwise/data"], "a string");
    assert_eq!(error["data"]["failwise/envelope"]["code"], "X");
}

#[test]
fn the_force_key_is_taken_out_of_the_request() {
    let mut request = json!({"params": {"name": "t", "_meta": {"failwise/force": true}}});
    assert!(take_force(request.as_object_mut().unwrap()));
    assert_eq!(request, json!({"params": {"name": "t"}}));
    let mut request = json!({"params": {"_meta": {"failwise/force": false, "progressToken": 1}}});
    assert!(!take_force(request.as_object_mut().unwrap()));
    assert_eq!(request, json!({"params": {"_meta": {"progressToken": 1}}}));
    let mut request = json!({"params": {"_meta": {"progressToken": 1}}});
    assert!(!take_force(request.as_object_mut().unwrap()));
    assert_eq!(request, json!({"params": {"_meta": {"progressToken": 1}}}));
}

#[test]
fn what_the_proxy_sees_itself_may_have_run_and_counts_toward_the_circuit() {
    let call = call();
    for envelope in [
        server_exited(&call, 137),
        call_timed_out(&call, Duration::from_millis(1500)),
        answer_lost(&call),
    ] {
        assert_eq!(envelope.retry(), Retry::Unknown, "{envelope}");
        assert!(is_transport(&envelope), "{envelope}");
        assert_eq!(envelope.params()["tool"], "create_event");
        assert_eq!(envelope.params()["id"], 12);
        assert_eq!(envelope.params()["call"], call.call.as_str());
        assert!(envelope.message().contains("create_event"), "{envelope}");
    }
    assert_eq!(server_exited(&call, 137).params()["server_exit"], 137);
}

#[test]
fn an_answer_is_read_only_when_it_failed() {
    let call = call();
    let read = |line: &str| read_answer(&serde_json::from_str(line).unwrap(), line, &call);
    assert_eq!(
        read(r#"{"jsonrpc":"2.0","id":12,"result":{"content":[],"isError":false}}"#),
        None
    );
    let invalid =
        read(r#"{"jsonrpc":"2.0","id":12,"error":{"code":-32602,"message":"Invalid params"}}"#)
            .expect("a failure");
    assert_eq!(invalid.code().as_str(), "INVALID_PARAMS");
    assert_eq!(invalid.retry(), Retry::No);
    assert_eq!(invalid.params()["tool"], "create_event");
    assert!(!is_transport(&invalid));
}

#[test]
fn the_model_line_names_code_verdict_wait_and_recovery() {
    let limited = crate::inject::rate_limited("t", Duration::from_secs(2));
    let line = crate::phrase::render_english(&model_line(&limited), &Default::default());
    assert!(line.contains("HTTP_429") && line.contains("2000"), "{line}");
    assert!(line.contains(limited.recovery()), "{line}");
}

#[test]
fn the_envelope_added_is_what_the_readers_take_back() {
    let envelope = answer_lost(&call());
    let as_value = serde_json::to_value(&envelope).unwrap();
    let context = crate::dialect::Context::default();
    let mut result = json!({"content": [{"type": "text", "text": "boom"}], "isError": true});
    annotate_result(
        result.as_object_mut().unwrap(),
        as_value.clone(),
        "x".into(),
    );
    let response = json!({"jsonrpc": "2.0", "id": 12, "result": result});
    let mut error = json!({"code": -32001, "message": "Request timed out", "data": "kept"});
    annotate_error(error.as_object_mut().unwrap(), as_value);
    let error = json!({"jsonrpc": "2.0", "id": 12, "error": error});
    for message in [&response, &error] {
        let read = crate::dialect::Dialect::JsonRpc
            .read(message, &context)
            .unwrap();
        assert_eq!(read.code(), envelope.code(), "{message}");
        assert_eq!(read.retry(), envelope.retry());
        assert_eq!(read.message(), envelope.message());
        assert_eq!(read.params()["server"], "srv");
    }
    let bare = crate::dialect::Dialect::McpToolResult
        .read(&response["result"], &context)
        .unwrap();
    assert_eq!(bare, envelope);
}
