//! The JSON Schema (draft 2020-12) of the v1 envelope, generated from the wire types.
//!
//! The generated schema carries the field types, and [`envelope_schema`] adds the envelope's
//! invariants that types cannot say (`retryable` follows `retry`, the class bounds `retry`, a
//! wait only with `yes`) as `allOf` conditions, so a consumer validating with any JSON Schema
//! library checks them too. The committed copy lives at `schemas/envelope.v1.schema.json`.

use serde_json::{Value, json};

use crate::envelope::Envelope;
use crate::verdict::{ErrorClass, Retry};

/// The `$id` of the v1 envelope schema.
pub const ENVELOPE_SCHEMA_ID: &str = "urn:failwise:schema:envelope:v1";

/// The v1 envelope's JSON Schema, draft 2020-12, as a JSON value.
///
/// # Examples
///
/// ```
/// let schema = failwise::envelope_schema();
/// assert_eq!(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");
/// assert_eq!(schema["properties"]["error"]["const"], true);
/// ```
pub fn envelope_schema() -> Value {
    let generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let mut schema = generator.into_root_schema_for::<Envelope>().to_value();
    drop_null(&mut schema);
    if let Some(obj) = schema.as_object_mut() {
        obj.insert("allOf".into(), Value::Array(invariant_conditions()));
    }
    schema
}

/// The schema as pretty JSON with a trailing newline: the exact bytes of the committed file.
pub fn envelope_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&envelope_schema()).unwrap_or_default();
    text.push('\n');
    text
}

/// Absent fields are omitted, never `null`: removes the `null` that schemars
/// adds to every `Option` field's type.
pub(crate) fn drop_null(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Array(types)) = map.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    map.insert("type".into(), only);
                }
            }
            if let Some(Value::Array(any)) = map.get_mut("anyOf") {
                any.retain(|s| s.get("type").is_none_or(|t| t != "null"));
                if any.len() == 1 {
                    let only = any.remove(0);
                    map.remove("anyOf");
                    if let Value::Object(inner) = only {
                        for (k, v) in inner {
                            map.entry(k).or_insert(v);
                        }
                    }
                }
            }
            map.values_mut().for_each(drop_null);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_null),
        _ => {}
    }
}

fn invariant_conditions() -> Vec<Value> {
    let mut all = vec![
        json!({
            "$comment": "retryable is true exactly when retry is \"yes\"",
            "if": { "properties": { "retry": { "const": "yes" } } },
            "then": { "properties": { "retryable": { "const": true } } },
            "else": { "properties": { "retryable": { "const": false } } }
        }),
        json!({
            "$comment": "retry_after_ms appears only with retry \"yes\"",
            "if": { "required": ["retry_after_ms"] },
            "then": { "properties": { "retry": { "const": "yes" } } }
        }),
    ];
    for class in ErrorClass::ALL {
        let allowed: Vec<&str> = [Retry::Yes, Retry::No, Retry::Unknown]
            .into_iter()
            .filter(|r| class.allows(*r))
            .map(Retry::as_str)
            .collect();
        all.push(json!({
            "$comment": format!("error_class {} bounds retry", class.as_str()),
            "if": { "properties": { "error_class": { "const": class.as_str() } } },
            "then": { "properties": { "retry": { "enum": allowed } } }
        }));
    }
    all
}
