//! The fast path of [`Envelope::from_json`]: one typed, borrowing pass that builds the envelope
//! of a line the check-only pass ([`super::check`]) has already found valid, and gives up
//! (returns `None`) on anything unusual, so that the checked reader handles it.
//!
//! It keeps [`Envelope::from_json`] quick for readers that need the envelope itself: a valid
//! line costs the check and one typed pass that allocates only the strings the envelope keeps.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

use crate::code::{Code, ExitStatus};
use crate::envelope::{
    Candidate, Cause, Envelope, Gate, Items, Location, Provider, Source, Verify,
};
use crate::verdict::{ErrorClass, Retry, Verdict};

/// The retry verdict as the canonical wire spells it (no legacy boolean).
#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Word {
    Yes,
    No,
    Unknown,
}

/// A present value: `null` is a type error here (absent fields are omitted, never `null`), so
/// the line falls back to the checked reader, which names the invariant.
fn present<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

#[derive(Deserialize)]
struct Raw<'a> {
    error: bool,
    #[serde(borrow)]
    code: Cow<'a, str>,
    exit: u8,
    #[serde(borrow)]
    message: Cow<'a, str>,
    error_class: ErrorClass,
    retry: Word,
    retryable: bool,
    #[serde(default, deserialize_with = "present")]
    retry_after_ms: Option<u64>,
    #[serde(borrow)]
    recovery: Cow<'a, str>,
    #[serde(default, borrow, deserialize_with = "present")]
    action: Option<Cow<'a, str>>,
    #[serde(default, borrow, deserialize_with = "present")]
    subject: Option<Cow<'a, str>>,
    #[serde(default, deserialize_with = "present")]
    params: Option<Map<String, Value>>,
    #[serde(default, deserialize_with = "present")]
    nearby: Option<Vec<String>>,
    #[serde(default, deserialize_with = "present")]
    candidates: Option<Vec<Candidate>>,
    #[serde(default, deserialize_with = "present")]
    location: Option<Location>,
    #[serde(default, borrow, deserialize_with = "present")]
    path: Option<Cow<'a, str>>,
    #[serde(default, borrow, deserialize_with = "present")]
    workspace: Option<Cow<'a, str>>,
    #[serde(default, deserialize_with = "present")]
    discarded_flags: Option<Vec<String>>,
    #[serde(default, deserialize_with = "present")]
    items: Option<Items>,
    #[serde(default, deserialize_with = "present")]
    gate: Option<Gate>,
    #[serde(default, deserialize_with = "present")]
    provider: Option<Provider>,
    #[serde(default, deserialize_with = "present")]
    truncated: Option<BTreeMap<String, u64>>,
    #[serde(default, borrow, deserialize_with = "present")]
    doc_url: Option<Cow<'a, str>>,
    #[serde(default, borrow, deserialize_with = "present")]
    lang: Option<Cow<'a, str>>,
    #[serde(default, deserialize_with = "present")]
    source: Option<Source>,
    #[serde(default, deserialize_with = "present")]
    causes: Option<Vec<Cause>>,
    #[serde(default, deserialize_with = "present")]
    verify: Option<Verify>,
}

/// An optional string the checked reader accepts: absent, or present and not empty.
fn text(value: Option<Cow<'_, str>>) -> Result<Option<String>, ()> {
    match value {
        None => Ok(None),
        Some(s) if s.is_empty() => Err(()),
        Some(s) => Ok(Some(s.into_owned())),
    }
}

/// A list the checked reader accepts: absent, or present and not empty.
fn list<T>(value: Option<Vec<T>>) -> Result<Vec<T>, ()> {
    match value {
        Some(v) if v.is_empty() => Err(()),
        v => Ok(v.unwrap_or_default()),
    }
}

/// The envelope of `line` when it is valid, else `None` (the checked reader then explains).
pub(super) fn read(line: &str) -> Option<Envelope> {
    let raw: Raw<'_> = serde_json::from_str(line).ok()?;
    build(raw).ok()
}

fn build(raw: Raw<'_>) -> Result<Envelope, ()> {
    if !raw.error {
        return Err(());
    }
    let code = Code::new(raw.code.into_owned()).map_err(drop)?;
    let exit = ExitStatus::new(raw.exit).ok_or(())?;
    let retry = match raw.retry {
        Word::Yes => Retry::Yes,
        Word::No => Retry::No,
        Word::Unknown => Retry::Unknown,
    };
    if raw.retryable != (retry == Retry::Yes) {
        return Err(());
    }
    if raw.retry_after_ms.is_some() && retry != Retry::Yes {
        return Err(());
    }
    let mut verdict = Verdict::new(raw.error_class, retry).map_err(drop)?;
    if let Some(ms) = raw.retry_after_ms {
        verdict = verdict.after_ms(ms);
    }
    if raw.recovery.trim().is_empty() {
        return Err(());
    }

    let mut draft = Envelope::draft(code, exit, raw.message.into_owned()).verdict(verdict);
    if let Some(a) = text(raw.action)? {
        draft = draft.action(a);
    }
    if let Some(s) = text(raw.subject)? {
        draft = draft.subject(s);
    }
    if let Some(map) = raw.params {
        draft = draft.params(map);
    }
    draft = draft.nearby(list(raw.nearby)?);
    if raw.candidates.is_some() {
        draft = draft.candidates(list(raw.candidates)?);
    }
    if let Some(loc) = raw.location {
        if loc.line == Some(0) || loc.column == Some(0) {
            return Err(());
        }
        draft = draft.location(loc);
    }
    if let Some(p) = text(raw.path)? {
        draft = draft.path(p);
    }
    if let Some(w) = text(raw.workspace)? {
        draft = draft.workspace(w);
    }
    draft = draft.discarded_flags(list(raw.discarded_flags)?);
    if let Some(items) = raw.items {
        draft = draft.items(items);
    }
    if let Some(gate) = raw.gate {
        gate.check().map_err(drop)?;
        draft = draft.gate(gate);
    }
    if let Some(p) = raw.provider {
        draft = draft.provider(p);
    }
    for (pointer, size) in raw.truncated.unwrap_or_default() {
        draft = draft.truncated(pointer, size);
    }
    if let Some(u) = text(raw.doc_url)? {
        draft = draft.doc_url(u);
    }
    if let Some(l) = text(raw.lang)? {
        draft = draft.lang(l);
    }
    if let Some(s) = raw.source {
        draft = draft.source(s);
    }
    let causes = list(raw.causes)?;
    for (i, c) in causes.iter().enumerate() {
        super::members::check_cause(i, c).map_err(drop)?;
    }
    draft = draft.causes(causes);
    if let Some(verify) = raw.verify {
        if retry != Retry::Unknown {
            return Err(());
        }
        draft = draft.verify(verify);
    }
    draft.with_recovery(raw.recovery.into_owned()).map_err(drop)
}
