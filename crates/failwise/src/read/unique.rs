//! Parsing a line into a [`serde_json::Value`] while refusing an object that names the same
//! member twice. RFC 8259 §4 says names SHOULD be unique and leaves the meaning of a repeated
//! name to each reader; I-JSON (RFC 7493 §2.3) makes unique names a MUST. `serde_json` keeps the
//! last value quietly, so a line could say `"retry":"no"` to one reader and `"retry":"yes"` to
//! another: the reader of envelopes refuses it instead, naming the repeated member by its JSON
//! Pointer (RFC 6901).

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// Why [`parse`] failed: the line is not JSON, or an object repeats a name.
#[derive(Debug)]
pub(crate) enum ParseError {
    /// Not JSON: the parser's error.
    Syntax(serde_json::Error),
    /// The JSON Pointer of the second occurrence of a repeated name.
    Duplicate(String),
}

/// Parses `line` as one JSON value, refusing repeated names in any object at any depth.
pub(crate) fn parse(line: &str) -> Result<Value, ParseError> {
    parse_slice(line.as_bytes())
}

/// [`parse`] for bytes (a span of lines, which may not be UTF-8: then a syntax error).
pub(crate) fn parse_slice(line: &[u8]) -> Result<Value, ParseError> {
    let trail = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_slice(line);
    let result = UniqueValue { trail: &trail }
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v));
    match (result, trail.into_inner()) {
        (Ok(v), _) => Ok(v),
        (Err(_), Some(mut segments)) => {
            segments.reverse();
            Err(ParseError::Duplicate(pointer(&segments)))
        }
        (Err(e), None) => Err(ParseError::Syntax(e)),
    }
}

/// An RFC 6901 pointer from unescaped segments: `~` is written `~0` and `/` is written `~1`.
pub(super) fn pointer(segments: &[String]) -> String {
    let mut out = String::new();
    for s in segments {
        out.push('/');
        out.push_str(&s.replace('~', "~0").replace('/', "~1"));
    }
    out
}

/// A value builder that checks names. On a repeated name it fails, and the segments of the
/// repeated member's pointer are collected innermost first in `trail` as the error unwinds.
#[derive(Clone, Copy)]
pub(super) struct UniqueValue<'t> {
    pub(super) trail: &'t RefCell<Option<Vec<String>>>,
}

impl UniqueValue<'_> {
    /// Adds `segment` to the pointer being collected, when a repeated name is unwinding.
    fn outer(&self, segment: impl FnOnce() -> String) {
        if let Some(segments) = self.trail.borrow_mut().as_mut() {
            segments.push(segment());
        }
    }
}

impl<'de> DeserializeSeed<'de> for UniqueValue<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for UniqueValue<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        loop {
            match seq.next_element_seed(self) {
                Ok(Some(v)) => items.push(v),
                Ok(None) => return Ok(Value::Array(items)),
                Err(e) => {
                    let i = items.len();
                    self.outer(|| i.to_string());
                    return Err(e);
                }
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            match map.next_value_seed(self) {
                // One lookup per member: the value is kept only under a name not seen before.
                Ok(v) => match out.entry(key) {
                    serde_json::map::Entry::Vacant(slot) => {
                        slot.insert(v);
                    }
                    serde_json::map::Entry::Occupied(slot) => {
                        *self.trail.borrow_mut() = Some(vec![slot.key().clone()]);
                        return Err(de::Error::custom("repeated name"));
                    }
                },
                Err(e) => {
                    self.outer(|| key);
                    return Err(e);
                }
            }
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duplicate(line: &str) -> Option<String> {
        match parse(line) {
            Err(ParseError::Duplicate(p)) => Some(p),
            _ => None,
        }
    }

    #[test]
    fn repeated_names_are_named_by_pointer_at_any_depth() {
        assert_eq!(duplicate(r#"{"a":1,"a":2}"#).as_deref(), Some("/a"));
        assert_eq!(
            duplicate(r#"{"p":{"x":[1,{"k":1,"k":2}]}}"#).as_deref(),
            Some("/p/x/1/k")
        );
        assert_eq!(
            duplicate(r#"{"a/b":{"~":1,"~":2}}"#).as_deref(),
            Some("/a~1b/~0")
        );
        assert_eq!(duplicate(r#"{"a":{"k":1},"b":{"k":1}}"#), None);
    }

    #[test]
    fn values_are_those_serde_json_builds() {
        for line in [
            r#"{"a":[1,-2,3.5,1e300,18446744073709551615,"x\n",null,true,{}]}"#,
            r#"  [ ]  "#,
            r#""\u00e9""#,
        ] {
            let ours = parse(line).expect(line);
            let theirs: Value = serde_json::from_str(line).expect(line);
            assert_eq!(ours, theirs, "{line}");
        }
        for bad in ["{", "{\"a\":1} x", "", "[1,]"] {
            assert!(matches!(parse(bad), Err(ParseError::Syntax(_))), "{bad}");
        }
    }
}
