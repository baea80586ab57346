//! [`Truncator`]: per-field size limits applied to a whole [`Envelope`], each cut recorded in
//! `truncated` with the field's JSON Pointer (RFC 6901) and its original size in bytes.

use super::counts;
use crate::envelope::Envelope;
use crate::truncate::{CUT_MARKER, bound};

/// The smallest limit a [`Truncator`] applies, in bytes: room for a head, the
/// [`CUT_MARKER`] and a tail, so a bounded field is never emptied (a `recovery` must not be).
pub const MIN_FIELD_BYTES: usize = CUT_MARKER.len() + 16;

/// Size limits for the string fields of an envelope, in bytes, each cut with
/// [`bound`] (head and tail kept, UTF-8 boundaries respected).
///
/// A limit is keyed by a JSON Pointer (RFC 6901) to the field, such as `/message` or
/// `/params/stderr`; a `*` segment matches any one key or index (`/params/*`,
/// `/candidates/*/diff_preview`). The most specific limit wins: an exact pointer over a
/// pattern with `*`, a pattern over [`Truncator::default_limit`]. Limits below
/// [`MIN_FIELD_BYTES`] are raised to it.
///
/// Each cut is recorded in the envelope's `truncated` as pointer → original size in bytes; a
/// size already recorded for the same pointer (an earlier cut of the same field) is kept,
/// since it is the larger, original one.
///
/// `code`, `lang`, the `gate` parts and the words of `verify`'s command are never cut: a code
/// and a language tag are machine identifiers, a gate must keep its three parts whole, and a
/// command cut short would be another command.
///
/// # Examples
///
/// ```
/// use failwise::{Code, Envelope, ExitStatus, truncate::Truncator};
/// let long = "x".repeat(10_000);
/// let envelope = Envelope::draft(Code::new("BUILD_FAILED")?, ExitStatus::new(1).unwrap(), "build failed")
///     .param("stderr", long.as_str())
///     .with_recovery("fix the first error in params.stderr, then run `make` again")?;
/// let bounded = Truncator::new().limit("/params/*", 4096).apply(envelope);
/// assert!(bounded.params()["stderr"].as_str().unwrap().len() <= 4096);
/// assert_eq!(bounded.truncated()["/params/stderr"], 10_000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Truncator {
    /// (pointer pattern split in segments, limit in bytes)
    limits: Vec<(Vec<String>, usize)>,
    default_limit: Option<usize>,
    /// The most items a list, and members an object in `params`, keeps.
    max_items: Option<usize>,
    /// The most bytes the envelope's JSON line may take.
    max_line: Option<usize>,
}

impl Truncator {
    /// A truncator without limits: [`Truncator::apply`] changes nothing until limits are set.
    pub fn new() -> Self {
        Self::default()
    }

    /// The limits `failwise` itself applies to every envelope it prints: `message` and
    /// `recovery` 1 KiB, each string in `params` 4 KiB (the stderr tail of `failwise run`),
    /// every other string 1 KiB; every list and every object in `params` at most 64 items
    /// ([`Truncator::max_items`]); the line at most 64 KiB ([`Truncator::max_line_bytes`]).
    pub fn standard() -> Self {
        Self::new()
            .limit("/message", 1024)
            .limit("/recovery", 1024)
            .limit("/params/*", 4096)
            .default_limit(1024)
            .max_items(64)
            .max_line_bytes(64 << 10)
    }

    /// Keeps the first `max` items (at least 1) of every list of the envelope (`nearby`,
    /// `discarded_flags`, `candidates`, `causes`, `items.results`) and of every array and
    /// object in `params`, at any depth. A cut list is recorded in `truncated` under its own
    /// pointer, with its original size in bytes as JSON; the items kept keep their positions.
    ///
    /// ```
    /// use failwise::{Code, Envelope, ExitStatus, truncate::Truncator};
    /// let argv: Vec<String> = (0..30_000).map(|i| i.to_string()).collect();
    /// let e = Envelope::draft(Code::new("EXIT_1")?, ExitStatus::FAILURE, "sh: exited 1")
    ///     .param("command", argv)
    ///     .with_recovery("run it again")?;
    /// let e = Truncator::new().max_items(64).apply(e);
    /// assert_eq!(e.params()["command"].as_array().map(Vec::len), Some(64));
    /// assert_eq!(e.params()["command"][63], "63");
    /// assert!(e.truncated()["/params/command"] > 100_000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_items(mut self, max: usize) -> Self {
        self.max_items = Some(max.max(1));
        self
    }

    /// Bounds the envelope's JSON line to `max_bytes` (at least 4 KiB): a line still longer
    /// once every field is within its limit is bounded again with every limit and the item
    /// count halved, until it fits or they reach their floors.
    pub fn max_line_bytes(mut self, max_bytes: usize) -> Self {
        self.max_line = Some(max_bytes.max(4096));
        self
    }

    /// The same limits, halved (no lower than their floors); `None` when all are at them.
    fn halved(&self) -> Option<Self> {
        let half = |n: usize| (n / 2).max(MIN_FIELD_BYTES);
        let next = Self {
            limits: self
                .limits
                .iter()
                .map(|(p, n)| (p.clone(), half(*n)))
                .collect(),
            default_limit: Some(half(self.default_limit.unwrap_or(1024))),
            max_items: Some((self.max_items.unwrap_or(64) / 2).max(1)),
            max_line: self.max_line,
        };
        (next != *self).then_some(next)
    }

    /// Limits the field at `pointer` (RFC 6901; `*` matches any one segment) to `max_bytes`.
    pub fn limit(mut self, pointer: &str, max_bytes: usize) -> Self {
        let segments = split_pointer(pointer);
        self.limits.retain(|(s, _)| *s != segments);
        self.limits.push((segments, max_bytes.max(MIN_FIELD_BYTES)));
        self
    }

    /// Limits every string field that no [`Truncator::limit`] names to `max_bytes`.
    pub fn default_limit(mut self, max_bytes: usize) -> Self {
        self.default_limit = Some(max_bytes.max(MIN_FIELD_BYTES));
        self
    }

    /// The limit that applies to the field at `pointer`, if any.
    pub fn limit_for(&self, pointer: &str) -> Option<usize> {
        let segments = split_pointer(pointer);
        let mut best: Option<(usize, usize)> = None; // (wildcards, limit)
        for (pattern, max) in &self.limits {
            if pattern.len() != segments.len() {
                continue;
            }
            let mut wildcards = 0;
            let fits = pattern.iter().zip(&segments).all(|(p, s)| {
                if p == "*" {
                    wildcards += 1;
                    true
                } else {
                    p == s
                }
            });
            if fits && best.is_none_or(|(w, _)| wildcards < w) {
                best = Some((wildcards, *max));
            }
        }
        best.map(|(_, max)| max).or(self.default_limit)
    }

    /// Bounds every string field of `envelope` that has a limit, and records each cut in
    /// `truncated`. Strings nested in `params` (in arrays and objects) are fields too, with
    /// their full pointer (`/params/attempts/0/stderr`).
    pub fn apply(&self, envelope: Envelope) -> Envelope {
        let mut e = envelope;
        self.bound(&mut e);
        e
    }

    /// [`Truncator::apply`] in place; returns whether anything was cut.
    pub fn bound(&self, e: &mut Envelope) -> bool {
        let mut cut_any = self.bound_fields(e);
        let Some(max_line) = self.max_line else {
            return cut_any;
        };
        // A JSON escape makes at most 6 bytes of one, so a line whose estimate times 6 fits
        // needs no measuring: the usual case, without serializing twice.
        let fits = |e: &Envelope| {
            counts::estimate(e).saturating_mul(6) <= max_line
                || counts::json_len(e) <= max_line as u64
        };
        let mut tighter = self.clone();
        while !fits(e) {
            let Some(next) = tighter.halved() else {
                break;
            };
            tighter = next;
            cut_any |= tighter.bound_fields(e);
        }
        cut_any
    }

    /// Bounds the counts, then every string field; records each cut.
    fn bound_fields(&self, e: &mut Envelope) -> bool {
        let mut cuts: Vec<(String, u64)> = Vec::new();
        if let Some(max) = self.max_items {
            counts::bound_counts(e, max, &mut cuts);
        }
        // No limit is below `floor`: a string that fits it is never cut, whatever its pointer.
        let floor = self
            .limits
            .iter()
            .map(|(_, max)| *max)
            .chain(self.default_limit)
            .min()
            .unwrap_or(usize::MAX);
        let mut cut = |pointer: String, s: &mut String| {
            if s.len() <= floor {
                return;
            }
            if let Some(max) = self.limit_for(&pointer) {
                let b = bound(s, max);
                if let Some(original) = b.cut_from {
                    *s = b.text;
                    cuts.push((pointer, original));
                }
            }
        };
        cut("/message".into(), &mut e.message);
        cut("/recovery".into(), &mut e.recovery);
        for (name, field) in [
            ("action", &mut e.action),
            ("subject", &mut e.subject),
            ("path", &mut e.path),
            ("workspace", &mut e.workspace),
            ("doc_url", &mut e.doc_url),
        ] {
            if let Some(s) = field {
                cut(format!("/{name}"), s);
            }
        }
        for (i, s) in e.nearby.iter_mut().enumerate() {
            cut(format!("/nearby/{i}"), s);
        }
        for (i, s) in e.discarded_flags.iter_mut().enumerate() {
            cut(format!("/discarded_flags/{i}"), s);
        }
        for (i, c) in e.candidates.iter_mut().enumerate() {
            cut(format!("/candidates/{i}/text"), &mut c.text);
            cut(format!("/candidates/{i}/strategy"), &mut c.strategy);
            if let Some(d) = &mut c.diff_preview {
                cut(format!("/candidates/{i}/diff_preview"), d);
            }
        }
        if let Some(path) = e.location.as_mut().and_then(|l| l.path.as_mut()) {
            cut("/location/path".into(), path);
        }
        if let Some(source) = &mut e.source {
            cut("/source/dialect".into(), &mut source.dialect);
        }
        for (i, c) in e.causes.iter_mut().enumerate() {
            cut(format!("/causes/{i}/message"), &mut c.message);
            for (name, field) in [("code", &mut c.code), ("source", &mut c.source)] {
                if let Some(s) = field {
                    cut(format!("/causes/{i}/{name}"), s);
                }
            }
        }
        for (key, value) in e.params.iter_mut() {
            if matches!(value, serde_json::Value::String(s) if s.len() <= floor) {
                continue;
            }
            bound_value(format!("/params/{}", escape(key)), value, &mut cut);
        }
        let cut_any = !cuts.is_empty();
        for (pointer, original) in cuts {
            e.truncated.entry(pointer).or_insert(original);
        }
        cut_any
    }
}

fn bound_value(
    pointer: String,
    value: &mut serde_json::Value,
    cut: &mut impl FnMut(String, &mut String),
) {
    use serde_json::Value;
    match value {
        Value::String(s) => cut(pointer, s),
        Value::Array(items) => {
            for (i, v) in items.iter_mut().enumerate() {
                bound_value(format!("{pointer}/{i}"), v, cut);
            }
        }
        Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                bound_value(format!("{pointer}/{}", escape(k)), v, cut);
            }
        }
        _ => {}
    }
}

/// Escapes one reference token of a JSON Pointer (RFC 6901 §3: `~` → `~0`, `/` → `~1`).
pub fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// Splits a JSON Pointer into its unescaped reference tokens.
fn split_pointer(pointer: &str) -> Vec<String> {
    pointer
        .split('/')
        .skip(1)
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Code, ExitStatus};
    use proptest::prelude::*;

    fn envelope(message: &str, stderr: &str) -> Envelope {
        Envelope::draft(
            Code::new("X").unwrap(),
            ExitStatus::new(1).unwrap(),
            message,
        )
        .param("stderr", stderr)
        .param("a/b~c", serde_json::json!({ "deep": [stderr] }))
        .nearby([message])
        .with_recovery(format!("run {message}"))
        .unwrap()
    }

    #[test]
    fn the_most_specific_limit_wins() {
        let t = Truncator::new()
            .limit("/params/*", 100)
            .limit("/params/stderr", 50)
            .default_limit(30);
        assert_eq!(t.limit_for("/params/stderr"), Some(50));
        assert_eq!(t.limit_for("/params/other"), Some(100));
        assert_eq!(t.limit_for("/message"), Some(30));
        assert_eq!(
            Truncator::new().limit("/message", 1).limit_for("/message"),
            Some(MIN_FIELD_BYTES)
        );
        assert_eq!(Truncator::new().limit_for("/message"), None);
    }

    #[test]
    fn cuts_are_recorded_with_escaped_pointers_and_original_sizes() {
        let e = Truncator::new()
            .default_limit(40)
            .apply(envelope(&"m".repeat(100), &"é".repeat(100)));
        let keys: Vec<&str> = e.truncated().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "/message",
                "/nearby/0",
                "/params/a~1b~0c/deep/0",
                "/params/stderr",
                "/recovery"
            ]
        );
        assert_eq!(e.truncated()["/params/stderr"], 200);
        assert_eq!(e.truncated()["/message"], 100);
        assert!(Envelope::from_json(&e.to_json_line()).is_ok());
    }

    #[test]
    fn an_earlier_original_size_is_kept() {
        let e = envelope("short", &"x".repeat(5000))
            .into_draft()
            .truncated("/params/stderr", 1_000_000)
            .with_recovery("r")
            .unwrap();
        let e = Truncator::standard().apply(e);
        assert_eq!(e.truncated()["/params/stderr"], 1_000_000);
    }

    /// Lists are cut to their first items and the line as a whole is bounded: 30,000
    /// arguments made a 229 KB line, and many long `params` add up past any one field's limit.
    #[test]
    fn every_list_and_the_line_as_a_whole_are_bounded() {
        let argv: Vec<String> = (0..30_000).map(|i| format!("arg{i}")).collect();
        let mut draft = Envelope::draft(Code::new("EXIT_1").unwrap(), ExitStatus::FAILURE, "m")
            .param("command", argv)
            .nearby((0..500).map(|i| format!("n{i}")));
        for i in 0..200 {
            draft = draft.param(format!("k{i}"), "é".repeat(3000));
        }
        let e = Truncator::standard().apply(draft.with_recovery("r").unwrap());
        let line = e.to_json_line();
        assert!(line.len() <= 64 << 10, "{} bytes", line.len());
        assert!((1..=64).contains(&e.nearby().len()), "{}", e.nearby().len());
        assert!(e.truncated().contains_key("/nearby"));
        assert!(e.truncated().contains_key("/params"));
        assert!(e.truncated()["/params"] > 1_000_000);
        assert!(Envelope::from_json(&line).is_ok());
        // An envelope far below the bounds is left as it is.
        let small = envelope("short", "tail");
        assert_eq!(Truncator::standard().apply(small.clone()), small);
    }

    proptest! {
        #[test]
        fn every_field_within_its_limit_and_every_cut_recorded(
            message in "\\PC{0,300}", stderr in "\\PC{0,600}", max in 0usize..200,
        ) {
            let t = Truncator::new().default_limit(max);
            let limit = t.limit_for("/message").unwrap();
            let e = t.apply(envelope(&message, &stderr));
            prop_assert!(e.message().len() <= limit);
            prop_assert!(e.recovery().starts_with("run"));
            prop_assert!(e.params()["stderr"].as_str().unwrap().len() <= limit);
            prop_assert_eq!(e.truncated().contains_key("/message"), message.len() > limit);
            prop_assert_eq!(e.truncated().contains_key("/params/stderr"), stderr.len() > limit);
            if stderr.len() > limit {
                prop_assert_eq!(e.truncated()["/params/stderr"], stderr.len() as u64);
            }
        }
    }
}
