//! The committed schema is the generated one, and it says what the wire format says.

use crate::support::{committed_schema_text, schema_errors};

#[test]
fn committed_schema_is_not_stale() {
    let generated = failwise::envelope_schema_text();
    assert!(
        committed_schema_text() == generated,
        "schemas/envelope.v1.schema.json is stale: run `cargo run -p failwise-cli -- schema > \
         schemas/envelope.v1.schema.json` and commit it"
    );
}

#[test]
fn schema_is_draft_2020_12_with_the_required_fields_of_design() {
    let schema = failwise::envelope_schema();
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(schema["$id"], failwise::ENVELOPE_SCHEMA_ID);
    let required: Vec<&str> = schema["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        required,
        [
            "error",
            "code",
            "exit",
            "message",
            "error_class",
            "retry",
            "retryable",
            "recovery"
        ]
    );
    assert!(
        schema.get("additionalProperties").is_none(),
        "readers must accept unknown fields"
    );
    assert!(
        !failwise::envelope_schema_text().contains("\"null\""),
        "absent fields are omitted, never null"
    );
}

#[test]
fn schema_accepts_unknown_fields_and_rejects_a_wrong_discriminator() {
    let ok = r#"{"error":true,"code":"X","exit":1,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"r","added_in_v1_3":{"a":1}}"#;
    assert_eq!(schema_errors(ok), Vec::<String>::new());
    let not_error = ok.replace(r#""error":true"#, r#""error":false"#);
    assert!(!schema_errors(&not_error).is_empty());
}
