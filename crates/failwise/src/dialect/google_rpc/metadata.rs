//! `google.rpc.ErrorInfo` as failwise writes it: the `reason` a code becomes, and the
//! `metadata` map that carries the whole envelope (its members under fixed keys, its params under
//! keys that keep the proto's rule), read back exactly by [`envelope`].
//!
//! The rules are those of `google/rpc/error_details.proto` (googleapis/googleapis):
//! `ErrorInfo.reason` "should be at most 63 characters and match a regular expression of
//! `[A-Z][A-Z0-9_]+[A-Z0-9]`", and metadata "keys must match a regular expression of
//! `[a-z][a-zA-Z0-9-_]+` … limited to 64 characters in length"; values are strings
//! (`map<string, string>`).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use crate::envelope::{Envelope, Params};

/// The longest `ErrorInfo.reason` (and `BadRequest.FieldViolation.reason`) the proto allows.
pub const REASON_MAX: usize = 63;

/// The longest `ErrorInfo.metadata` key the proto allows.
pub const METADATA_KEY_MAX: usize = 64;

/// Whether `text` keeps `ErrorInfo.reason`'s rule: `[A-Z][A-Z0-9_]+[A-Z0-9]` (so at least
/// three characters), at most [`REASON_MAX`].
pub fn is_reason(text: &str) -> bool {
    let b = text.as_bytes();
    (3..=REASON_MAX).contains(&b.len())
        && b[0].is_ascii_uppercase()
        && b.iter()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_')
        && b[b.len() - 1] != b'_'
}

/// Whether `text` keeps the metadata key rule: `[a-z][a-zA-Z0-9-_]+` (so at least two
/// characters), at most [`METADATA_KEY_MAX`].
pub fn is_metadata_key(text: &str) -> bool {
    let b = text.as_bytes();
    (2..=METADATA_KEY_MAX).contains(&b.len())
        && b[0].is_ascii_lowercase()
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || *c == b'-' || *c == b'_')
}

/// The `ErrorInfo.reason` failwise writes for `code` (any text; a failwise code is
/// `[A-Z][A-Z0-9_]*`): the code itself when it keeps the rule ([`is_reason`]); otherwise, after
/// [`Code::normalize`](crate::Code::normalize) for text that is no code, trailing `_` are
/// dropped (`CODE_` → `CODE`), a code of fewer than three characters gets `_ERROR`
/// (`X` → `X_ERROR`), and one longer than 63 keeps its first 54 characters (trailing `_`
/// dropped) and `_` with eight hexadecimal digits of its FNV-1a hash, so that two long codes
/// with the same beginning keep different reasons. The same code always gives the same
/// reason; failwise keeps a code that differs from its reason in metadata `code`.
///
/// # Examples
///
/// ```
/// use failwise::dialect::google_rpc::{is_reason, reason};
/// assert_eq!(reason("NOT_FOUND"), "NOT_FOUND");
/// assert_eq!(reason("CODE_"), "CODE");
/// assert_eq!(reason("X"), "X_ERROR");
/// let long = reason(&"A".repeat(70));
/// assert_eq!(long.len(), 63);
/// assert!(is_reason(&long) && is_reason(&reason("rate limited")));
/// ```
pub fn reason(code: &str) -> String {
    if is_reason(code) {
        return code.to_owned();
    }
    let normal = crate::Code::normalize(code, "REASON");
    let trimmed = normal.as_str().trim_end_matches('_');
    if trimmed.len() < 3 {
        format!("{trimmed}_ERROR")
    } else if trimmed.len() > REASON_MAX {
        let head = trimmed[..REASON_MAX - 9].trim_end_matches('_');
        format!("{head}_{:08X}", fnv1a(code))
    } else {
        trimmed.to_owned()
    }
}

/// The 32-bit FNV-1a hash of `text` (a fixed, documented function: the same text gives the same
/// reason on every machine and in every release).
fn fnv1a(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5, |hash, byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    })
}

/// How an envelope member is spelled as a metadata value, which is a string.
#[derive(Clone, Copy)]
enum Spelling {
    /// A string member, as it is.
    Text,
    /// Any other member, as its JSON text (`75`, `["--sort"]`, `{"kind":"quota"}`).
    Json,
}

/// The envelope members failwise keeps in `ErrorInfo.metadata`: the key (lowerCamelCase, as
/// the proto recommends), the member of the v1 envelope, and its spelling. The members left out
/// are carried by `google.rpc.Status` itself (`code` as the reason, `message`) or derived
/// (`error`, `retryable`), and `source`, which reading replaces.
const MEMBERS: [(&str, &str, Spelling); 21] = [
    ("exit", "exit", Spelling::Json),
    ("errorClass", "error_class", Spelling::Text),
    ("retry", "retry", Spelling::Text),
    ("retryAfterMs", "retry_after_ms", Spelling::Json),
    ("recovery", "recovery", Spelling::Text),
    ("action", "action", Spelling::Text),
    ("subject", "subject", Spelling::Text),
    ("nearby", "nearby", Spelling::Json),
    ("candidates", "candidates", Spelling::Json),
    ("location", "location", Spelling::Json),
    ("path", "path", Spelling::Text),
    ("workspace", "workspace", Spelling::Text),
    ("discardedFlags", "discarded_flags", Spelling::Json),
    ("items", "items", Spelling::Json),
    ("gate", "gate", Spelling::Json),
    ("provider", "provider", Spelling::Json),
    ("truncated", "truncated", Spelling::Json),
    ("docUrl", "doc_url", Spelling::Text),
    ("lang", "lang", Spelling::Text),
    ("causes", "causes", Spelling::Json),
    ("verify", "verify", Spelling::Json),
];

/// The key of the code, written when it differs from the reason ([`reason`]).
const CODE: &str = "code";
/// The key of the params whose names are not their keys: a JSON object, key → param name.
const PARAM_NAMES: &str = "paramNames";
/// The key of the params whose values are not strings: a JSON array of their keys, whose
/// values are JSON text.
const JSON_PARAMS: &str = "jsonParams";

/// Whether `key` is one of failwise's own metadata keys (never a param's).
fn reserved(key: &str) -> bool {
    [CODE, PARAM_NAMES, JSON_PARAMS].contains(&key) || MEMBERS.iter().any(|(k, ..)| *k == key)
}

/// The metadata key a param named `name` is written under, when its name breaks the key rule:
/// the name with no lower-case letter lower-cased (`UPPER` → `upper`), else its first letter
/// lower-cased (`MaxSize` → `maxSize`); each run of characters outside `A-Z a-z 0-9 - _` as one
/// `_`; `param_` before a result that does not start with `a`–`z` or is shorter than two
/// characters (`1x` → `param_1x`, ` a b` → `param_a_b`, `""` → `param`); at most 64
/// characters.
fn derived_key(name: &str) -> String {
    let folded: String = if name.chars().any(|c| c.is_ascii_lowercase()) {
        let mut chars = name.chars();
        chars
            .next()
            .map(|c| c.to_ascii_lowercase())
            .into_iter()
            .chain(chars)
            .collect()
    } else {
        name.to_ascii_lowercase()
    };
    let mut stem = String::with_capacity(folded.len());
    for c in folded.chars() {
        if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
            stem.push(c);
        } else if !stem.ends_with('_') || stem.is_empty() {
            stem.push('_');
        }
    }
    if !stem.starts_with(|c: char| c.is_ascii_lowercase()) || stem.len() < 2 {
        stem = match stem.chars().next() {
            None => "param".to_owned(),
            Some('_' | '-') => format!("param{stem}"),
            Some(_) => format!("param_{stem}"),
        };
    }
    stem.truncate(METADATA_KEY_MAX);
    stem
}

/// The metadata key of every param, in the params' order. A name that keeps the key rule and is
/// not one of failwise's own keys is its own key; every other name gets its [`derived_key`],
/// with `_2`, `_3`, … added (within 64 characters) when that key is taken by failwise or by a
/// param met before, so no two params share a key and none takes a member's.
fn param_keys(params: &Params) -> Vec<(String, &String, &Value)> {
    let mut taken: BTreeSet<String> = params
        .keys()
        .filter(|name| is_metadata_key(name) && !reserved(name))
        .cloned()
        .collect();
    let mut out = Vec::with_capacity(params.len());
    for (name, value) in params {
        if is_metadata_key(name) && !reserved(name) {
            out.push((name.clone(), name, value));
            continue;
        }
        let stem = derived_key(name);
        let mut key = stem.clone();
        let mut n = 2;
        while reserved(&key) || taken.contains(&key) {
            let suffix = format!("_{n}");
            let room = METADATA_KEY_MAX - suffix.len();
            key = format!("{}{suffix}", &stem[..stem.len().min(room)]);
            n += 1;
        }
        taken.insert(key.clone());
        out.push((key, name, value));
    }
    out
}

/// The metadata failwise writes for `envelope`, whose reason is `reason`: every member of
/// [`MEMBERS`] the envelope has, `code` when it is not the reason, and every param under its
/// key ([`param_keys`]), a string as it is and any other value as its JSON text; `paramNames`
/// and `jsonParams` say which keys are not their params' names and which values are JSON.
pub(super) fn write(envelope: &Envelope, reason: &str) -> Map<String, Value> {
    let wire = serde_json::to_value(envelope).unwrap_or(Value::Null);
    let mut out = Map::new();
    for (key, member, spelling) in MEMBERS {
        if let Some(value) = wire.get(member) {
            out.insert(key.to_owned(), spell(value, spelling));
        }
    }
    if envelope.code().as_str() != reason {
        out.insert(CODE.to_owned(), Value::from(envelope.code().as_str()));
    }
    let mut names = Map::new();
    let mut json = Vec::new();
    for (key, name, value) in param_keys(envelope.params()) {
        if key != *name {
            names.insert(key.clone(), Value::from(name.as_str()));
        }
        let spelling = match value {
            Value::String(_) => Spelling::Text,
            _ => {
                json.push(Value::from(key.as_str()));
                Spelling::Json
            }
        };
        out.insert(key, spell(value, spelling));
    }
    if !names.is_empty() {
        out.insert(
            PARAM_NAMES.to_owned(),
            Value::from(Value::Object(names).to_string()),
        );
    }
    if !json.is_empty() {
        out.insert(
            JSON_PARAMS.to_owned(),
            Value::from(Value::Array(json).to_string()),
        );
    }
    out
}

fn spell(value: &Value, spelling: Spelling) -> Value {
    match (spelling, value) {
        (Spelling::Text, Value::String(s)) => Value::from(s.as_str()),
        _ => Value::from(value.to_string()),
    }
}

/// The envelope failwise wrote into `metadata` (see [`write`]), with `reason` and `message`
/// from the `google.rpc.Status` around it, checked by
/// [`Envelope::from_value`](crate::Envelope::from_value); `None` when the metadata is not a
/// whole envelope (no `exit`, `errorClass`, `retry` and `recovery`, a value that is not a
/// string, JSON that does not parse, or an invariant broken), which the reader then maps as any
/// other `ErrorInfo`.
pub(super) fn envelope(
    reason: &str,
    message: &str,
    metadata: &Map<String, Value>,
) -> Option<Envelope> {
    let text = |key: &str| metadata.get(key).and_then(Value::as_str);
    let mut obj = Map::new();
    obj.insert("error".into(), Value::Bool(true));
    obj.insert("code".into(), Value::from(text(CODE).unwrap_or(reason)));
    obj.insert("message".into(), Value::from(message));
    for (key, member, spelling) in MEMBERS {
        if let Some(value) = metadata.get(key) {
            let value = value.as_str()?;
            let value = match spelling {
                Spelling::Text => Value::from(value),
                Spelling::Json => serde_json::from_str(value).ok()?,
            };
            obj.insert(member.to_owned(), value);
        }
    }
    for member in ["exit", "error_class", "retry", "recovery"] {
        obj.get(member)?;
    }
    let retryable = obj.get("retry") == Some(&Value::from("yes"));
    obj.insert("retryable".into(), Value::Bool(retryable));
    let names: BTreeMap<String, String> = match text(PARAM_NAMES) {
        Some(t) => serde_json::from_str(t).ok()?,
        None => BTreeMap::new(),
    };
    let json: BTreeSet<String> = match text(JSON_PARAMS) {
        Some(t) => serde_json::from_str(t).ok()?,
        None => BTreeSet::new(),
    };
    let mut params = Map::new();
    for (key, value) in metadata.iter().filter(|(k, _)| !reserved(k)) {
        let value = value.as_str()?;
        let value = if json.contains(key) {
            serde_json::from_str(value).ok()?
        } else {
            Value::from(value)
        };
        let name = names.get(key).unwrap_or(key);
        params.insert(name.clone(), value);
    }
    if !params.is_empty() {
        obj.insert("params".into(), Value::Object(params));
    }
    Envelope::from_value(&Value::Object(obj)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_gives_a_reason_that_keeps_the_rule() {
        let long = "A".repeat(70);
        let cases = [
            ("NOT_FOUND", "NOT_FOUND"),
            ("X", "X_ERROR"),
            ("OK", "OK_ERROR"),
            ("CODE_", "CODE"),
            ("X__", "X_ERROR"),
            ("ABC", "ABC"),
        ];
        for (code, want) in cases {
            assert_eq!(reason(code), want, "{code}");
        }
        for code in [long.as_str(), "rate limited", "", "ç", "E_X_"] {
            let r = reason(code);
            assert!(is_reason(&r), "{code:?} gave {r:?}");
        }
        let other = format!("{}B", "A".repeat(69));
        assert_ne!(reason(&long), reason(&other));
        assert_eq!(reason(&long).len(), REASON_MAX);
    }

    #[test]
    fn every_param_gets_a_distinct_key_that_keeps_the_rule() {
        let mut params = Params::new();
        for name in [
            "",
            " a b",
            "ç",
            "1x",
            "UPPER",
            "upper",
            "recovery",
            "recovery_2",
            "x",
            "MaxSize",
            "ok_name",
            "exit",
            "paramNames",
        ] {
            params.insert(name.to_owned(), Value::from(name));
        }
        params.insert("k".repeat(80), Value::from(1));
        let keys = param_keys(&params);
        let mut seen = BTreeSet::new();
        for (key, name, _) in &keys {
            assert!(is_metadata_key(key), "{name:?} → {key:?}");
            assert!(!reserved(key), "{name:?} → {key:?}");
            assert!(seen.insert(key.clone()), "{key} twice");
        }
        let key_of = |n: &str| {
            keys.iter()
                .find(|(_, name, _)| name.as_str() == n)
                .map(|(k, ..)| k.as_str())
        };
        assert_eq!(key_of("upper"), Some("upper"));
        assert_eq!(key_of("UPPER"), Some("upper_2"));
        assert_eq!(key_of("recovery"), Some("recovery_3"));
        assert_eq!(key_of("ok_name"), Some("ok_name"));
        assert_eq!(key_of("MaxSize"), Some("maxSize"));
        assert_eq!(key_of("1x"), Some("param_1x"));
        assert_eq!(key_of(" a b"), Some("param_a_b"));
        assert_eq!(key_of(""), Some("param"));
    }
}
