//! Shared helpers: the committed schema, compiled once.

use std::sync::OnceLock;

/// The committed v1 schema file, as bytes on disk.
pub fn committed_schema_text() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../schemas/envelope.v1.schema.json"
    );
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// A validator of the committed schema, as an independent consumer would build it.
pub fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let schema: serde_json::Value =
            serde_json::from_str(&committed_schema_text()).expect("committed schema is JSON");
        jsonschema::draft202012::new(&schema).expect("committed schema compiles")
    })
}

/// The schema's errors for `line`, as text; empty when it validates.
pub fn schema_errors(line: &str) -> Vec<String> {
    let value: serde_json::Value = serde_json::from_str(line).expect("line is JSON");
    validator()
        .iter_errors(&value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}
