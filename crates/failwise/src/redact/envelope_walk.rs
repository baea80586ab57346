//! Redacting a whole [`Envelope`]: every string field, every `params` key and value at any
//! depth, every list and nested object, and the count of redactions in `params.redacted`.

use crate::code::Code;
use crate::envelope::{Envelope, Gate, Params, SourceCode};
use crate::redact::{Redactor, SECRET_KIND, marker};
use crate::truncate::Truncator;

/// The `params` key that counts the redactions made in an envelope.
pub const REDACTED_PARAM: &str = "redacted";

/// The longest candidate text on the wire, in characters (a marker may be longer than the
/// secret it replaces).
const CANDIDATE_TEXT_MAX_CHARS: usize = crate::draft::CANDIDATE_TEXT_MAX_CHARS;

impl Redactor {
    /// Returns `envelope` with every secret replaced by its marker, in every field: `message`,
    /// `recovery`, `action`, `subject`, `params` (keys and values, at any depth), `nearby`,
    /// `candidates`, `location`, `path`, `workspace`, `discarded_flags`, `items`, `gate`, the
    /// keys of `truncated`, `doc_url`, `lang`, `source`, `causes`, the words of `verify`'s
    /// command, and `code` (a code that spells a secret becomes `REDACTED`).
    ///
    /// When anything was replaced, `params.redacted` holds the number of replacements (added
    /// to a count already there, so an envelope redacted twice keeps an honest total).
    pub fn redact_envelope(&self, envelope: Envelope) -> Envelope {
        let mut e = envelope;
        let mut n = 0u64;
        let text = |s: &mut String| -> u64 {
            if self.is_clean(s) {
                return 0;
            }
            let r = self.redact(s);
            if r.count > 0 {
                *s = r.text;
            }
            r.count
        };
        n += text(&mut e.message);
        n += text(&mut e.recovery);
        for field in [
            &mut e.action,
            &mut e.subject,
            &mut e.path,
            &mut e.workspace,
            &mut e.doc_url,
            &mut e.lang,
        ]
        .into_iter()
        .flatten()
        {
            n += text(field);
        }
        for s in e.nearby.iter_mut().chain(e.discarded_flags.iter_mut()) {
            n += text(s);
        }
        for c in &mut e.candidates {
            n += text(&mut c.text);
            n += text(&mut c.strategy);
            if let Some(d) = &mut c.diff_preview {
                n += text(d);
            }
            if let Some((cut, _)) = c.text.char_indices().nth(CANDIDATE_TEXT_MAX_CHARS) {
                c.text.truncate(cut);
            }
        }
        if let Some(path) = e.location.as_mut().and_then(|l| l.path.as_mut()) {
            n += text(path);
        }
        if let Some(items) = &mut e.items {
            for r in &mut items.results {
                if let Some(s) = &mut r.strategy {
                    n += text(s);
                }
            }
        }
        for c in &mut e.causes {
            n += text(&mut c.message);
            for field in [&mut c.code, &mut c.source].into_iter().flatten() {
                n += text(field);
            }
        }
        if let Some(verify) = &mut e.verify {
            // A masked word is a marker, never empty: the command keeps its program.
            for word in verify.words_mut() {
                n += text(word);
            }
        }
        if let Some(source) = &mut e.source {
            n += text(&mut source.dialect);
            if let Some(SourceCode::Text(code)) = &mut source.code {
                n += text(code);
            }
        }
        if let Some(gate) = &e.gate {
            let (mut rule, mut violation, mut alternative) = (
                gate.rule().to_owned(),
                gate.violation().to_owned(),
                gate.alternative().to_owned(),
            );
            let before = n;
            n += text(&mut rule);
            n += text(&mut violation);
            n += text(&mut alternative);
            if n > before {
                // A gate whose parts were all masked is still complete (markers are neither
                // empty nor a bare refusal); were it not, dropping it would still hide nothing.
                let masked = marker(SECRET_KIND);
                e.gate = Gate::new(rule, violation, alternative)
                    .or_else(|_| Gate::new(masked.clone(), masked.clone(), masked))
                    .ok();
            }
        }
        let truncated = std::mem::take(&mut e.truncated);
        for (mut pointer, size) in truncated {
            n += text(&mut pointer);
            e.truncated.insert(pointer, size);
        }
        if !self.is_clean(e.code.as_str()) {
            let mut code = e.code.as_str().to_owned();
            let before = n;
            n += text(&mut code);
            if n > before {
                e.code = Code::new("REDACTED").unwrap_or_else(|_| e.code.clone());
            }
        }
        self.redact_params(&mut e.params, &mut n);
        if n > 0 {
            let earlier = e
                .params
                .get(REDACTED_PARAM)
                .and_then(serde_json::Value::as_u64)
                .unwrap_or(0);
            e.params
                .insert(REDACTED_PARAM.to_owned(), (earlier + n).into());
        }
        e
    }

    /// Redacts `envelope`, bounds its fields with `truncator`, and redacts again: the cut
    /// only ever sees redacted text (so no part of a secret can survive at a cut's edge), and
    /// the second pass masks anything the cut's marker and its neighbours might spell.
    /// The second pass runs only when the bound cut something: uncut text is the first
    /// pass's output, already clean.
    pub fn redact_and_bound(&self, envelope: Envelope, truncator: &Truncator) -> Envelope {
        let mut e = self.redact_envelope(envelope);
        if truncator.bound(&mut e) {
            e = self.redact_envelope(e);
        }
        e
    }

    /// Redacts every string of `value` in place, keys and values at any depth (a key that
    /// becomes equal to another gets a `#2` suffix, so no value is lost), as an envelope's
    /// `params` are redacted: for a record that is not an envelope (a search's result) but
    /// holds text from elsewhere. Returns how many secrets were replaced.
    ///
    /// ```
    /// use failwise::redact::Redactor;
    /// let mut value = serde_json::json!({"text": "token ghp_0123456789abcdefghijABCDEFGHIJ012345"});
    /// assert_eq!(Redactor::new().redact_value(&mut value), 1);
    /// assert_eq!(value["text"], "token [REDACTED:github_token]");
    /// ```
    pub fn redact_value(&self, value: &mut serde_json::Value) -> u64 {
        let mut n = 0;
        self.redact_value_in_place(value, &mut n);
        n
    }

    /// Redacts every key and value of `params` in place; the map is rebuilt only when a key
    /// holds a secret.
    fn redact_params(&self, params: &mut Params, n: &mut u64) {
        if params.keys().all(|k| self.is_clean(k)) {
            for value in params.values_mut() {
                self.redact_value_in_place(value, n);
            }
            return;
        }
        let mut out = Params::new();
        for (key, mut value) in std::mem::take(params) {
            let key = self.redact_key(key, n, |k| out.contains_key(k));
            self.redact_value_in_place(&mut value, n);
            out.insert(key, value);
        }
        *params = out;
    }

    /// Redacts a map key; a key that now equals an earlier one gets a `#2`, `#3`… suffix so no
    /// value is lost.
    fn redact_key(&self, key: String, n: &mut u64, taken: impl Fn(&str) -> bool) -> String {
        if self.is_clean(&key) {
            return key;
        }
        let r = self.redact(&key);
        if r.count == 0 {
            return key;
        }
        *n += r.count;
        let mut candidate = r.text.clone();
        let mut i = 2;
        while taken(&candidate) {
            candidate = format!("{}#{i}", r.text);
            i += 1;
        }
        candidate
    }

    /// Redacts a value at any depth in place; an object is rebuilt only when one of its keys
    /// holds a secret.
    fn redact_value_in_place(&self, value: &mut serde_json::Value, n: &mut u64) {
        use serde_json::Value;
        match value {
            Value::String(s) if !self.is_clean(s) => {
                let r = self.redact(s);
                *n += r.count;
                if r.count > 0 {
                    *s = r.text;
                }
            }
            Value::Array(items) => {
                for item in items {
                    self.redact_value_in_place(item, n);
                }
            }
            Value::Object(map) if map.keys().all(|k| self.is_clean(k)) => {
                for item in map.values_mut() {
                    self.redact_value_in_place(item, n);
                }
            }
            Value::Object(map) => {
                let mut out = serde_json::Map::new();
                for (key, mut item) in std::mem::take(map) {
                    let key = self.redact_key(key, n, |k| out.contains_key(k));
                    self.redact_value_in_place(&mut item, n);
                    out.insert(key, item);
                }
                *map = out;
            }
            Value::String(_) | Value::Null | Value::Bool(_) | Value::Number(_) => {}
        }
    }
}
