//! The structured optional members of a line (`candidates`, `location`, `items`, `gate`,
//! `provider`, `truncated`, `source`, `causes`, `verify`) and the shape of `lang`, read and checked in one place:
//! the checked reader and the check-only pass ([`super::check`]) both call these functions, so
//! they accept exactly the same values.
//!
//! Each function takes the member's value, already known to be present and not `null`, and
//! applies the schema's bounds (`schemas/envelope.v1.schema.json`) and the envelope's
//! invariants that concern it. A part is a JSON object, never the array form serde would also
//! read a struct from.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::{Invariant, ReadError, ReadErrorKind, bad, broken};
use crate::envelope::{Candidate, Cause, Gate, Items, Location, Provider, Source, Verify};
use crate::phrase::Phrase;

/// Deserializes a member into its typed form; a mismatch is a [`ReadErrorKind::BadValue`]
/// naming what the member must be (`expected`, a Fluent id) and serde's own text.
fn typed<T: serde::de::DeserializeOwned>(
    field: &str,
    value: &Value,
    expected: &'static str,
) -> Result<T, ReadError> {
    T::deserialize(value).map_err(|e| {
        bad(
            field,
            Phrase::new("bad-value-shape")
                .phrase("expected", Phrase::new(expected))
                .arg("detail", e.to_string()),
        )
    })
}

/// Refuses a part that is not a JSON object: serde also reads a struct from an array of its
/// fields in order (`["a.rs", 3, 4]` as a location), a form the wire format does not have (the
/// schema's `"type": "object"`). The detail is serde's own text for a value that is no map.
fn object(field: &str, value: &Value, expected: &'static str) -> Result<(), ReadError> {
    if value.is_object() {
        return Ok(());
    }
    let detail = serde_json::Map::<String, Value>::deserialize(value)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    Err(bad(
        field,
        Phrase::new("bad-value-shape")
            .phrase("expected", Phrase::new(expected))
            .arg("detail", detail),
    ))
}

/// [`object`] for each element of a list of parts; a value that is no list is left to serde.
fn objects(field: &str, value: &Value, expected: &'static str) -> Result<(), ReadError> {
    match value {
        Value::Array(list) => list.iter().try_for_each(|v| object(field, v, expected)),
        _ => Ok(()),
    }
}

fn at(pointer: String, detail: &'static str) -> ReadError {
    ReadError::new(
        pointer,
        ReadErrorKind::BadValue {
            detail: Phrase::new(detail),
        },
    )
}

/// `candidates`: a non-empty array of [`Candidate`], each with 1-based `line` and `column`,
/// `similarity` in `0..=1` and at most 500 characters of `text` (atomwrite's `best_candidate`).
pub(super) fn candidates(value: &Value) -> Result<Vec<Candidate>, ReadError> {
    objects("candidates", value, "expected-array-of-candidates")?;
    let cands: Vec<Candidate> = typed("candidates", value, "expected-array-of-candidates")?;
    if cands.is_empty() {
        return Err(broken("candidates", Invariant::ListsNonEmpty));
    }
    for (i, c) in cands.iter().enumerate() {
        check_candidate(i, c)?;
    }
    Ok(cands)
}

fn check_candidate(i: usize, c: &Candidate) -> Result<(), ReadError> {
    let here = || format!("/candidates/{i}");
    if c.line == 0 || c.column == 0 {
        return Err(at(here(), "bad-value-one-based"));
    }
    if !(0.0..=1.0).contains(&c.similarity) {
        return Err(at(here(), "bad-value-similarity"));
    }
    if c.text.chars().count() > crate::draft::CANDIDATE_TEXT_MAX_CHARS {
        return Err(ReadError::new(
            here(),
            ReadErrorKind::BadValue {
                detail: Phrase::new("bad-value-candidate-text")
                    .arg("max", crate::draft::CANDIDATE_TEXT_MAX_CHARS),
            },
        ));
    }
    Ok(())
}

/// `location`: an object with `path`, and 1-based `line` and `column`.
pub(super) fn location(value: &Value) -> Result<Location, ReadError> {
    object("location", value, "expected-location")?;
    let loc: Location = typed("location", value, "expected-location")?;
    if loc.line == Some(0) || loc.column == Some(0) {
        return Err(bad("location", Phrase::new("bad-value-one-based")));
    }
    Ok(loc)
}

/// `items`: `total`, a 1-based `failed_index` within `total`, and `results` whose 1-based
/// `index` is within `total` and whose `similarity` is in `0..=1` (`failed_index` is the
/// position of the failed item among the `total` the request held).
pub(super) fn items(value: &Value) -> Result<Items, ReadError> {
    object("items", value, "expected-items")?;
    if let Some(results) = value.get("results") {
        objects("items", results, "expected-items")?;
    }
    let items: Items = typed("items", value, "expected-items")?;
    let within = |i: u64| (1..=items.total).contains(&i);
    let out_of_range = |pointer: String| {
        ReadError::new(
            pointer,
            ReadErrorKind::Invariant(Invariant::ItemIndexInRange),
        )
    };
    if let Some(i) = items.failed_index
        && !within(i)
    {
        return Err(out_of_range("/items/failed_index".to_owned()));
    }
    for (n, r) in items.results.iter().enumerate() {
        if !within(r.index) {
            return Err(out_of_range(format!("/items/results/{n}/index")));
        }
        if r.similarity.is_some_and(|s| !(0.0..=1.0).contains(&s)) {
            return Err(at(
                format!("/items/results/{n}/similarity"),
                "bad-value-similarity",
            ));
        }
    }
    Ok(items)
}

/// `gate`: rule, violation and an alternative that is a directive.
pub(super) fn gate(value: &Value) -> Result<Gate, ReadError> {
    object("gate", value, "expected-gate")?;
    let gate: Gate = typed("gate", value, "expected-gate")?;
    gate.check()
        .map_err(|_| broken("gate", Invariant::GateComplete))?;
    Ok(gate)
}

/// `provider`: a kind, and an HTTP `status` in `100..=599` (RFC 9110 §15).
pub(super) fn provider(value: &Value) -> Result<Provider, ReadError> {
    object("provider", value, "expected-provider")?;
    let p: Provider = typed("provider", value, "expected-provider")?;
    if p.status.is_some_and(|s| !(100..=599).contains(&s)) {
        return Err(at("/provider/status".to_owned(), "bad-value-http-status"));
    }
    Ok(p)
}

/// `truncated`: JSON Pointer → original size in bytes.
pub(super) fn truncated(value: &Value) -> Result<BTreeMap<String, u64>, ReadError> {
    typed("truncated", value, "expected-truncated")
}

/// `source`: the dialect and the original code.
pub(super) fn source(value: &Value) -> Result<Source, ReadError> {
    object("source", value, "expected-source")?;
    typed("source", value, "expected-source")
}

/// `causes`: a non-empty array of [`Cause`], each with a `message` that is not blank, and `code` and
/// `source` omitted rather than empty.
pub(super) fn causes(value: &Value) -> Result<Vec<Cause>, ReadError> {
    objects("causes", value, "expected-array-of-causes")?;
    let causes: Vec<Cause> = typed("causes", value, "expected-array-of-causes")?;
    if causes.is_empty() {
        return Err(broken("causes", Invariant::ListsNonEmpty));
    }
    for (i, c) in causes.iter().enumerate() {
        check_cause(i, c)?;
    }
    Ok(causes)
}

/// One cause's bounds: a message that is not blank; `code` and `source` absent or non-empty.
pub(super) fn check_cause(i: usize, c: &Cause) -> Result<(), ReadError> {
    if c.message.trim().is_empty() {
        return Err(at(
            format!("/causes/{i}/message"),
            "bad-value-cause-message",
        ));
    }
    for (name, value) in [("code", &c.code), ("source", &c.source)] {
        if value.as_deref() == Some("") {
            return Err(ReadError::new(
                format!("/causes/{i}/{name}"),
                ReadErrorKind::Invariant(Invariant::AbsentMeansOmitted),
            ));
        }
    }
    Ok(())
}

/// `verify`: an object whose `command` is a non-empty array of strings, the first (the
/// program) not empty; other members are ignored. Whether the verdict admits it is the
/// caller's check ([`Invariant::VerifyOnlyWithUnknown`]).
pub(super) fn verify(value: &Value) -> Result<Verify, ReadError> {
    let wrong = |pointer: String, expected: &'static str| {
        ReadError::new(pointer, ReadErrorKind::WrongType { expected })
    };
    let obj = value
        .as_object()
        .ok_or_else(|| wrong("/verify".to_owned(), "expected-verify"))?;
    let command = match obj.get("command") {
        None => {
            return Err(ReadError::new(
                "/verify/command",
                ReadErrorKind::MissingField,
            ));
        }
        Some(Value::Array(words)) => words,
        Some(_) => {
            return Err(wrong(
                "/verify/command".to_owned(),
                "expected-array-of-strings",
            ));
        }
    };
    if command.is_empty() {
        return Err(ReadError::new(
            "/verify/command",
            ReadErrorKind::Invariant(Invariant::ListsNonEmpty),
        ));
    }
    let words = command
        .iter()
        .enumerate()
        .map(|(i, word)| {
            word.as_str()
                .map(str::to_owned)
                .ok_or_else(|| wrong(format!("/verify/command/{i}"), "expected-string"))
        })
        .collect::<Result<Vec<String>, ReadError>>()?;
    Verify::new(words).map_err(|_| at("/verify/command/0".to_owned(), "bad-value-verify-program"))
}

/// Whether `tag` has the shape of a BCP 47 tag as the schema's `lang` pattern says:
/// `^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$`.
pub(super) fn lang_shaped(tag: &str) -> bool {
    let mut subtags = tag.split('-');
    let primary = subtags.next().unwrap_or_default();
    (2..=8).contains(&primary.len())
        && primary.bytes().all(|b| b.is_ascii_alphabetic())
        && subtags
            .all(|s| (1..=8).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// The `lang` member checked against [`lang_shaped`].
pub(super) fn lang(tag: &str) -> Result<(), ReadError> {
    if lang_shaped(tag) {
        Ok(())
    } else {
        Err(bad(
            "lang",
            Phrase::new("bad-value-lang").arg("tag", format!("{tag:?}")),
        ))
    }
}
