//! Envelopes spliced into the messages `failwise mcp` writes: a message is built as a
//! `serde_json::Value` holding a placeholder where each envelope goes, and written with each
//! envelope's own line in the placeholder's place, so the envelope keeps the wire's member
//! order (a `serde_json::Value` sorts members by name).

use failwise::Envelope;
use serde_json::Value;

use crate::presentation::Presentation;

/// An envelope prepared for a message: its JSON line (members in the wire's order), its
/// message, and the line for the model.
pub struct Prepared {
    pub line: String,
    pub message: String,
    pub model_line: String,
}

impl Prepared {
    /// `envelope` prepared as every envelope failwise prints (localized, redacted, bounded),
    /// with the line for the model in the presentation's language.
    pub fn of(envelope: Envelope, presentation: &Presentation) -> Self {
        let shown = presentation.prepare(envelope);
        let phrase = failwise::mcp::model_line(shown.envelope());
        let model_line = presentation
            .localizer()
            .render(&phrase, &failwise::Params::new())
            .map_or_else(|| crate::presentation::english_text(&phrase), |(t, _)| t);
        Self {
            line: shown.envelope().to_json_line(),
            message: shown.envelope().message().to_owned(),
            model_line,
        }
    }
}

/// What stands for an envelope in a message until [`Splice::line`] writes the envelope's own
/// line in its place.
const PLACEHOLDER: &str = "\u{0}failwise-envelope\u{0}";

/// The placeholder, as the value to put where an envelope goes.
pub fn placeholder() -> Value {
    Value::String(PLACEHOLDER.to_owned())
}

/// The envelope lines prepared for the message being written, in the order their placeholders
/// appear in it.
#[derive(Default)]
pub struct Splice {
    envelopes: Vec<String>,
}

impl Splice {
    /// Adds the line of the envelope the next placeholder stands for.
    pub fn push(&mut self, line: String) {
        self.envelopes.push(line);
    }

    /// `value` as one line, each placeholder in it replaced by the next envelope line pushed
    /// (`null` when there are more placeholders than lines); the lines are used up.
    pub fn line(&mut self, value: &Value) -> Vec<u8> {
        let line = to_line(value);
        if self.envelopes.is_empty() {
            return line;
        }
        let quoted = serde_json::to_string(PLACEHOLDER).unwrap_or_default();
        let text = String::from_utf8_lossy(&line).into_owned();
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        let mut envelopes = std::mem::take(&mut self.envelopes).into_iter();
        while let Some(at) = rest.find(&quoted) {
            out.push_str(&rest[..at]);
            out.push_str(&envelopes.next().unwrap_or_else(|| "null".to_owned()));
            rest = &rest[at + quoted.len()..];
        }
        out.push_str(rest);
        out.into_bytes()
    }
}

/// A message as one line, untouched.
pub fn to_line(value: &Value) -> Vec<u8> {
    let mut line = serde_json::to_vec(value).unwrap_or_default();
    line.push(b'\n');
    line
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn each_placeholder_takes_the_next_line_in_order_and_a_missing_one_is_null() {
        let mut splice = Splice::default();
        splice.push(r#"{"z":1,"a":2}"#.to_owned());
        let value = json!({"first": placeholder(), "second": placeholder()});
        let line = String::from_utf8(splice.line(&value)).unwrap();
        assert_eq!(line, "{\"first\":{\"z\":1,\"a\":2},\"second\":null}\n");
        let again = String::from_utf8(splice.line(&json!({"x": placeholder()}))).unwrap();
        assert_eq!(again, "{\"x\":\"\\u0000failwise-envelope\\u0000\"}\n");
    }
}
