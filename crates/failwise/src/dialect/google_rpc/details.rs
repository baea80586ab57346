//! The detail messages of `google/rpc/error_details.proto` (googleapis/googleapis) that carry
//! data the envelope keeps in params: `DebugInfo`, `QuotaFailure`, `PreconditionFailure`,
//! `BadRequest`, `RequestInfo` and `ResourceInfo`, as one table read both ways (a detail's
//! fields into the params it names; the params, shaped to the proto's types, back into the
//! detail), plus the shapes of `LocalizedMessage` and `Help.Link`.
//!
//! A detail is written from its params when the envelope has them (it was read from
//! google-rpc), else from what the envelope itself says (`row.from_envelope`): a
//! `BadRequest` field violation for its `location`, a `PreconditionFailure` for its `gate` or
//! a `precondition_failed` class, a `QuotaFailure` for a `quota` provider, a `ResourceInfo` for
//! its `subject`.

use serde_json::{Map, Value, json};

use super::metadata::reason;
use crate::envelope::{Envelope, Params, ProviderKind};
use crate::verdict::ErrorClass;

/// The type of one field of a google.rpc message, as the proto3 JSON mapping spells it.
#[derive(Clone, Copy)]
pub(super) enum Ty {
    /// `string`.
    Text,
    /// `int64` (written as a decimal string, as the JSON mapping does).
    Int64,
    /// `repeated string`.
    Texts,
    /// `map<string, string>`.
    TextMap,
    /// A `string` that keeps the reason rule ([`reason`]).
    Reason,
    /// A message of these fields.
    Message(&'static [Field]),
    /// `repeated` messages of these fields.
    Messages(&'static [Field]),
}

/// One field of a google.rpc message: its JSON name (lowerCamelCase, written), its proto name
/// (also accepted when reading) and its type.
#[derive(Clone, Copy)]
pub(super) struct Field {
    pub json: &'static str,
    pub proto: &'static str,
    pub ty: Ty,
}

const fn field(json: &'static str, proto: &'static str, ty: Ty) -> Field {
    Field { json, proto, ty }
}

/// `google.rpc.LocalizedMessage`.
pub(super) const LOCALIZED_MESSAGE: &[Field] = &[
    field("locale", "locale", Ty::Text),
    field("message", "message", Ty::Text),
];

/// `google.rpc.Help.Link`.
pub(super) const HELP_LINK: &[Field] = &[
    field("description", "description", Ty::Text),
    field("url", "url", Ty::Text),
];

const FIELD_VIOLATION: &[Field] = &[
    field("field", "field", Ty::Text),
    field("description", "description", Ty::Text),
    field("reason", "reason", Ty::Reason),
    field(
        "localizedMessage",
        "localized_message",
        Ty::Message(LOCALIZED_MESSAGE),
    ),
];

const PRECONDITION_VIOLATION: &[Field] = &[
    field("type", "type", Ty::Text),
    field("subject", "subject", Ty::Text),
    field("description", "description", Ty::Text),
];

const QUOTA_VIOLATION: &[Field] = &[
    field("subject", "subject", Ty::Text),
    field("description", "description", Ty::Text),
    field("apiService", "api_service", Ty::Text),
    field("quotaMetric", "quota_metric", Ty::Text),
    field("quotaId", "quota_id", Ty::Text),
    field("quotaDimensions", "quota_dimensions", Ty::TextMap),
    field("quotaValue", "quota_value", Ty::Int64),
    field("futureQuotaValue", "future_quota_value", Ty::Int64),
];

/// A detail message read into params and written back from them.
pub(super) struct Row {
    /// The message's name in package `google.rpc` (its type URL is
    /// `type.googleapis.com/google.rpc.<name>`).
    pub name: &'static str,
    /// Each field with the param it is read into (as read) and written from (shaped to the
    /// field's type).
    pub fields: &'static [(Field, &'static str)],
    /// The detail's fields from what the envelope itself says, when it has none of the params.
    pub from_envelope: fn(&Envelope, &str) -> Option<Map<String, Value>>,
}

/// The detail messages whose fields are params, in the order they are written.
pub(super) const ROWS: [Row; 6] = [
    Row {
        name: "QuotaFailure",
        fields: &[(
            field("violations", "violations", Ty::Messages(QUOTA_VIOLATION)),
            "quota_violations",
        )],
        from_envelope: |e, _| {
            let quota = e.provider().is_some_and(|p| p.kind == ProviderKind::Quota);
            quota.then(|| {
                violations(&[("subject", e.subject()), ("description", Some(e.message()))])
            })
        },
    },
    Row {
        name: "PreconditionFailure",
        fields: &[(
            field(
                "violations",
                "violations",
                Ty::Messages(PRECONDITION_VIOLATION),
            ),
            "precondition_violations",
        )],
        from_envelope: |e, reason| {
            let subject = e.subject().or(e.path());
            match e.gate() {
                Some(g) => Some(violations(&[
                    ("type", Some(g.rule())),
                    ("subject", subject),
                    ("description", Some(g.violation())),
                ])),
                None => (e.error_class() == ErrorClass::PreconditionFailed).then(|| {
                    violations(&[
                        ("type", Some(reason)),
                        ("subject", subject),
                        ("description", Some(e.message())),
                    ])
                }),
            }
        },
    },
    Row {
        name: "BadRequest",
        fields: &[(
            field(
                "fieldViolations",
                "field_violations",
                Ty::Messages(FIELD_VIOLATION),
            ),
            "field_violations",
        )],
        from_envelope: |e, reason| {
            let location = e.location()?;
            let violation = strings(&[
                ("field", location.path.as_deref()),
                ("description", Some(e.message())),
                ("reason", Some(reason)),
            ]);
            let mut out = Map::new();
            out.insert("fieldViolations".into(), json!([violation]));
            Some(out)
        },
    },
    Row {
        name: "ResourceInfo",
        fields: &[
            (
                field("resourceType", "resource_type", Ty::Text),
                "resource_type",
            ),
            (
                field("resourceName", "resource_name", Ty::Text),
                "resource_name",
            ),
            (field("owner", "owner", Ty::Text), "resource_owner"),
            (
                field("description", "description", Ty::Text),
                "resource_description",
            ),
        ],
        from_envelope: |e, _| e.subject().map(|s| strings(&[("resourceName", Some(s))])),
    },
    Row {
        name: "RequestInfo",
        fields: &[
            (field("requestId", "request_id", Ty::Text), "request_id"),
            (
                field("servingData", "serving_data", Ty::Text),
                "serving_data",
            ),
        ],
        from_envelope: |_, _| None,
    },
    Row {
        name: "DebugInfo",
        fields: &[
            (
                field("stackEntries", "stack_entries", Ty::Texts),
                "stack_entries",
            ),
            (field("detail", "detail", Ty::Text), "debug_detail"),
        ],
        from_envelope: |_, _| None,
    },
];

/// `{"violations": [one violation of these string fields]}`, the empty ones left out.
fn violations(fields: &[(&str, Option<&str>)]) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert("violations".into(), json!([strings(fields)]));
    out
}

/// An object of the string fields that are present and not empty.
fn strings(fields: &[(&str, Option<&str>)]) -> Map<String, Value> {
    fields
        .iter()
        .filter_map(|(k, v)| {
            v.filter(|v| !v.is_empty())
                .map(|v| ((*k).to_owned(), Value::from(v)))
        })
        .collect()
}

/// The type URL of the google.rpc message `name`.
pub(super) fn type_url(name: &str) -> String {
    format!("type.googleapis.com/google.rpc.{name}")
}

/// A detail of message `name` with `fields`.
pub(super) fn detail(name: &str, fields: Map<String, Value>) -> Value {
    let mut out = Map::new();
    out.insert("@type".into(), Value::from(type_url(name)));
    out.extend(fields);
    Value::Object(out)
}

/// The member `f` of a detail as read: its JSON name, else its proto name.
pub(super) fn member<'a>(obj: &'a Map<String, Value>, f: &Field) -> Option<&'a Value> {
    obj.get(f.json).or_else(|| obj.get(f.proto))
}

/// Reads `detail`, a message of `row`, into `params` (each field as read, under its param).
pub(super) fn read(row: &Row, detail: &Map<String, Value>, params: &mut Params) {
    for (f, param) in row.fields {
        if let Some(value) = member(detail, f) {
            super::put(params, param, value.clone());
        }
    }
}

/// Writes the detail of `row` for `envelope` (whose reason is `reason`): from its params when
/// they shape into at least one field, else from the envelope ([`Row::from_envelope`]).
pub(super) fn write(row: &Row, envelope: &Envelope, reason: &str) -> Option<Value> {
    let mut fields = Map::new();
    for (f, param) in row.fields {
        if let Some(value) = envelope.params().get(*param).and_then(|v| shape(v, f.ty)) {
            fields.insert(f.json.to_owned(), value);
        }
    }
    if fields.is_empty() {
        fields = (row.from_envelope)(envelope, reason)?;
    }
    Some(detail(row.name, fields))
}

/// `value` shaped to `ty`, so that a protobuf parser accepts it: a string kept, a number or
/// boolean as its text, another value as its JSON text; an `int64` from a number or a decimal
/// string; a reason made valid ([`reason`]); a message keeping only its own fields (by either
/// name, written by the JSON one); `None` for what has no such shape, or an empty message or
/// list.
pub(super) fn shape(value: &Value, ty: Ty) -> Option<Value> {
    match ty {
        Ty::Text => match value {
            Value::Null => None,
            Value::String(s) => Some(Value::from(s.as_str())),
            other => Some(Value::from(other.to_string())),
        },
        Ty::Int64 => match value {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.trim().parse::<i64>().ok(),
            _ => None,
        }
        .map(|n| Value::from(n.to_string())),
        Ty::Reason => value.as_str().map(|s| Value::from(reason(s))),
        Ty::Texts => {
            let items: Vec<Value> = match value {
                Value::Array(a) => a.iter().filter_map(|v| shape(v, Ty::Text)).collect(),
                other => shape(other, Ty::Text).into_iter().collect(),
            };
            (!items.is_empty()).then_some(Value::Array(items))
        }
        Ty::TextMap => {
            let map: Map<String, Value> = value
                .as_object()?
                .iter()
                .filter_map(|(k, v)| Some((k.clone(), shape(v, Ty::Text)?)))
                .collect();
            (!map.is_empty()).then_some(Value::Object(map))
        }
        Ty::Message(fields) => {
            let obj = value.as_object()?;
            let out: Map<String, Value> = fields
                .iter()
                .filter_map(|f| Some((f.json.to_owned(), shape(member(obj, f)?, f.ty)?)))
                .collect();
            (!out.is_empty()).then_some(Value::Object(out))
        }
        Ty::Messages(fields) => {
            let items: Vec<Value> = value
                .as_array()?
                .iter()
                .filter_map(|v| shape(v, Ty::Message(fields)))
                .collect();
            (!items.is_empty()).then_some(Value::Array(items))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_shaped_to_the_protos_types() {
        let violations = json!([
            {"subject": "project:1", "quota_value": 10, "futureQuotaValue": "20",
             "quotaDimensions": {"region": "us", "n": 1}, "unknown": true},
            "not a message",
            {"unknown": 1},
        ]);
        assert_eq!(
            shape(&violations, Ty::Messages(QUOTA_VIOLATION)),
            Some(
                json!([{"subject": "project:1", "quotaValue": "10", "futureQuotaValue": "20",
                         "quotaDimensions": {"region": "us", "n": "1"}}])
            )
        );
        assert_eq!(
            shape(
                &json!([{"field": "a", "reason": "bad_value_"}]),
                Ty::Messages(FIELD_VIOLATION)
            ),
            Some(json!([{"field": "a", "reason": "BAD_VALUE"}]))
        );
        assert_eq!(shape(&json!("x"), Ty::Int64), None);
        assert_eq!(
            shape(&json!([1, "a", null]), Ty::Texts),
            Some(json!(["1", "a"]))
        );
        assert_eq!(shape(&json!({}), Ty::Message(LOCALIZED_MESSAGE)), None);
    }
}
