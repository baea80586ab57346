//! The JSON Schema (draft 2020-12) of the v1 envelope, generated from the wire types.
//!
//! The generated schema carries the field types, and [`envelope_schema`] adds the envelope's
//! invariants that types cannot say (`retryable` follows `retry`, the class bounds `retry`, a
//! wait only with `yes`, `verify` only with `unknown`) as `allOf` conditions, so a consumer
//! validating with any JSON Schema library checks them too. Each `description` is the rustdoc
//! of its type or field, without what only a Rust reader can use (intra-doc links become plain
//! code spans; `# Examples` and the like are left out). The committed copy lives at
//! `schemas/envelope.v1.schema.json`.

use serde_json::{Value, json};

pub use crate::envelope::ENVELOPE_SCHEMA_ID;
use crate::envelope::Envelope;
use crate::verdict::{ErrorClass, Retry};

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
    plain_descriptions(&mut schema);
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

/// Turns every `description` (schemars copies it from the rustdoc of the type or field) into
/// text for a reader of the schema, who has no rustdoc: the `# Examples`, `# Errors`,
/// `# Panics` and `# Safety` sections are left out, and an intra-doc link keeps only its text
/// (``[`Retry`]`` and ``[`Draft`](crate::Draft)`` become `` `Retry` `` and `` `Draft` ``).
pub(crate) fn plain_descriptions(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, member) in map.iter_mut() {
                match member {
                    Value::String(text) if key == "description" => {
                        *text = unlink(&without_rust_sections(text));
                    }
                    _ => plain_descriptions(member),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(plain_descriptions),
        _ => {}
    }
}

/// `doc` without its rustdoc sections for Rust callers. A section runs from its `# ` heading
/// to the next heading; lines inside a code fence are never headings (a doctest's hidden
/// lines start with `# ` too).
fn without_rust_sections(doc: &str) -> String {
    const RUST_ONLY: [&str; 4] = ["Examples", "Errors", "Panics", "Safety"];
    let mut out = String::with_capacity(doc.len());
    let (mut in_fence, mut skipping) = (false, false);
    for line in doc.split_inclusive('\n') {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        } else if !in_fence && let Some(heading) = line.strip_prefix("# ") {
            skipping = RUST_ONLY.contains(&heading.trim());
        }
        if !skipping {
            out.push_str(line);
        }
    }
    out.trim_end().to_owned()
}

/// `text` with every ``[`name`]`` and ``[`name`](path)`` link replaced by `` `name` ``.
fn unlink(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[`") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        let Some(end) = after
            .find("`]")
            .filter(|&end| !after[..end].contains(['\n', ']']))
        else {
            out.push('[');
            rest = after;
            continue;
        };
        out.push_str(&after[..end + 1]);
        rest = &after[end + 2..];
        if let Some(target) = rest.strip_prefix('(')
            && let Some(close) = target.find(')')
            && !target[..close].contains(char::is_whitespace)
        {
            rest = &target[close + 1..];
        }
    }
    out.push_str(rest);
    out
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
        json!({
            "$comment": "verify appears only with retry \"unknown\"",
            "if": { "required": ["verify"] },
            "then": { "properties": { "retry": { "const": "unknown" } } }
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

#[cfg(test)]
mod tests {

    #[test]
    fn the_required_members_are_the_schemas() {
        let schema = super::envelope_schema();
        let required: Vec<&str> = schema["required"]
            .as_array()
            .expect("a required list")
            .iter()
            .filter_map(serde_json::Value::as_str)
            .collect();
        let mut expected = crate::envelope::REQUIRED_MEMBERS.to_vec();
        let mut got = required.clone();
        expected.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, expected);
    }
    use super::*;

    #[test]
    fn descriptions_lose_links_and_rust_sections() {
        let mut schema = json!({
            "description": "The class bounds the [`Retry`] verdict; see [`Draft`](crate::Draft).\n\n# Examples\n\n```\n# use failwise::Retry;\nassert!(true);\n```",
            "properties": { "a": { "description": "[`x`] (kept) and [not a link]" } }
        });
        plain_descriptions(&mut schema);
        assert_eq!(
            schema["description"],
            "The class bounds the `Retry` verdict; see `Draft`."
        );
        assert_eq!(
            schema["properties"]["a"]["description"],
            "`x` (kept) and [not a link]"
        );
    }
}
