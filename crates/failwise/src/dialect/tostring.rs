//! Records printed as a Java `toString()` (Lombok's `@ToString` and the like:
//! `Status(apiVersion=v1, code=409, details=StatusDetails(causes=[], name=nginx), reason=AlreadyExists)`),
//! read into the JSON object they stand for, so a dialect reader can read them.
//!
//! The form: `Name(key=value, key=value, …)`; a value is another `Name(…)`, a list `[a, b]`, a
//! map `{k=v}`, `null`, `true`/`false`, a number, or text up to the `, key=` or the closing
//! bracket that ends it. The reading is bounded: at most [`MAX_DEPTH`] levels and
//! [`MAX_BYTES`] of text.

use serde_json::{Map, Number, Value};

/// The deepest nesting read.
pub const MAX_DEPTH: usize = 32;

/// The most text read for one record, in bytes.
pub const MAX_BYTES: usize = 64 * 1024;

/// The record that starts `text` (at a capitalized name and its `(`), as a JSON object with the
/// bytes it spans; `None` when `text` does not hold one.
///
/// ```
/// use failwise::dialect::read_tostring;
/// let text = "Status(code=409, reason=AlreadyExists, details=StatusDetails(name=nginx, causes=[]), group=null) and more";
/// let (value, len) = read_tostring(text).expect("a record");
/// assert_eq!(value["code"], 409);
/// assert_eq!(value["details"]["name"], "nginx");
/// assert!(value["group"].is_null());
/// assert_eq!(&text[len..], " and more");
/// ```
pub fn read_tostring(text: &str) -> Option<(Value, usize)> {
    let mut end = text.len().min(MAX_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let mut p = Parser {
        text: &text[..end],
        at: 0,
    };
    let value = p.named(0)?;
    value.is_object().then_some((value, p.at))
}

struct Parser<'t> {
    text: &'t str,
    at: usize,
}

impl Parser<'_> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    /// `Name(pairs)`.
    fn named(&mut self, depth: usize) -> Option<Value> {
        let rest = self.rest();
        let name_len = rest
            .char_indices()
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '.' || *c == '$'))
            .map_or(rest.len(), |(i, _)| i);
        if name_len == 0 || !rest.starts_with(|c: char| c.is_ascii_uppercase()) {
            return None;
        }
        if !rest[name_len..].starts_with('(') {
            return None;
        }
        self.at += name_len + 1;
        self.pairs(depth, ')')
    }

    /// `key=value, …` up to `close`.
    fn pairs(&mut self, depth: usize, close: char) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        let mut map = Map::new();
        loop {
            self.skip_blanks();
            if self.rest().starts_with(close) {
                self.at += close.len_utf8();
                return Some(Value::Object(map));
            }
            let key_len = self.rest().find('=')?;
            let key = self.rest()[..key_len].trim().to_owned();
            if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return None;
            }
            self.at += key_len + 1;
            let value = self.value(depth + 1, close)?;
            map.insert(key, value);
            self.skip_blanks();
            if self.rest().starts_with(',') {
                self.at += 1;
            } else if !self.rest().starts_with(close) {
                return None;
            }
        }
    }

    fn value(&mut self, depth: usize, close: char) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.skip_blanks();
        let rest = self.rest();
        if rest.starts_with('[') {
            self.at += 1;
            return self.list(depth);
        }
        if rest.starts_with('{') {
            self.at += 1;
            return self.pairs(depth, '}');
        }
        let saved = self.at;
        if let Some(v) = self.named(depth) {
            return Some(v);
        }
        self.at = saved;
        // Text up to the `, key=` or the bracket that ends this value.
        let rest = self.rest();
        let end = text_end(rest, close);
        let value = scalar(rest[..end].trim_end());
        self.at += end;
        Some(value)
    }

    fn list(&mut self, depth: usize) -> Option<Value> {
        let mut items = Vec::new();
        loop {
            self.skip_blanks();
            if self.rest().starts_with(']') {
                self.at += 1;
                return Some(Value::Array(items));
            }
            items.push(self.value(depth + 1, ']')?);
            self.skip_blanks();
            if self.rest().starts_with(',') {
                self.at += 1;
            } else if !self.rest().starts_with(']') {
                return None;
            }
        }
    }

    fn skip_blanks(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start_matches([' ', '\t']).len();
    }
}

/// Where a text value ends: at `close` or at `, ` followed by a key and `=`.
fn text_end(rest: &str, close: char) -> usize {
    let mut i = 0;
    while i < rest.len() {
        let tail = &rest[i..];
        if tail.starts_with(close) || tail.starts_with('\n') {
            return i;
        }
        if let Some(after) = tail.strip_prefix(", ") {
            let key_len = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            if key_len > 0 && after[key_len..].starts_with('=') {
                return i;
            }
        }
        if close == ']' && tail.starts_with(',') {
            return i;
        }
        i += tail.chars().next().map_or(1, char::len_utf8);
    }
    rest.len()
}

/// A word as a JSON scalar: `null`, a bool, a number, else text.
fn scalar(word: &str) -> Value {
    match word {
        "null" => Value::Null,
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => word
            .parse::<i64>()
            .map(Value::from)
            .ok()
            .or_else(|| {
                word.parse::<f64>()
                    .ok()
                    .and_then(Number::from_f64)
                    .map(Value::Number)
            })
            .unwrap_or_else(|| Value::String(word.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// corpus/embedded/k8s-fabric8-status-tostring-409-already-exists.txt: fabric8's
    /// `KubernetesClientException`, as captured.
    #[test]
    fn a_fabric8_status_reads_as_a_kubernetes_status() {
        let line = "Status(apiVersion=v1, code=409, details=StatusDetails(causes=[], group=null, kind=pods, name=nginx, retryAfterSeconds=null, additionalProperties={}), kind=Status, message=pods \"nginx\" already exists, metadata=ListMeta(resourceVersion=null, selfLink=null, additionalProperties={}), reason=AlreadyExists, status=Failure, additionalProperties={}).";
        let (value, len) = read_tostring(line).expect("a record");
        assert_eq!(value["kind"], "Status");
        assert_eq!(value["reason"], "AlreadyExists");
        assert_eq!(value["message"], "pods \"nginx\" already exists");
        assert_eq!(value["details"]["causes"], serde_json::json!([]));
        assert_eq!(&line[len..], ".");
    }

    #[test]
    fn prose_and_deep_nesting_are_not_records() {
        assert!(read_tostring("Failure executing: POST at").is_none());
        assert!(read_tostring("Main(args)").is_none());
        // Past the depth bound, the rest is read as text: no deeper recursion.
        let deep = format!("{}1{}", "A(x=".repeat(100), ")".repeat(100));
        let (mut value, _) = read_tostring(&deep).expect("a record");
        let mut depth = 0;
        while let Some(inner) = value.get("x").cloned() {
            value = inner;
            depth += 1;
        }
        assert!(value.is_string() && depth <= MAX_DEPTH + 1, "{depth}");
    }
}
