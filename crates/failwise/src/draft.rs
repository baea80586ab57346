//! [`Draft`]: an envelope that still owes its recovery sentence (as the sprawling agent
//! kernel's `ErrorDraft` is the only way to its `AxError`).

use std::collections::BTreeMap;

use crate::code::{Code, ExitStatus};
use crate::envelope::{
    Candidate, Cause, Envelope, ErrorMarker, Gate, Items, Location, Params, Provider, Source,
    Verify,
};
use crate::phrase::{Phrase, envelope_args, render_english};
use crate::verdict::{Retry, Verdict};

/// The longest `text` a [`Candidate`] may carry, in characters.
pub const CANDIDATE_TEXT_MAX_CHARS: usize = 500;

/// An envelope under construction. Only [`Draft::with_recovery`] turns it into an
/// [`Envelope`], so a failure that never says what to do next cannot be written.
///
/// Defaults are fail-closed: `permanent`, `retry: no`, no wait. Setters keep every invariant of
/// the wire format: the verdict is one [`Verdict`]; lists given empty are left out; empty
/// optional strings are left out; candidates are bounded to the wire's ranges.
///
/// # Examples
///
/// ```
/// use failwise::{Code, Envelope, ExitStatus, Verdict};
/// let envelope = Envelope::draft(Code::new("DB_LOCKED")?, ExitStatus::TEMPFAIL, "database is locked")
///     .verdict(Verdict::transient().after_ms(250))
///     .param("path", "/var/lib/app.db")
///     .with_recovery("wait for the other writer to finish, then run the command again")?;
/// assert_eq!(envelope.retry_after_ms(), Some(250));
/// assert!(envelope.to_json_line().starts_with(r#"{"error":true,"code":"DB_LOCKED","exit":75,"#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[must_use = "a Draft becomes an Envelope only through with_recovery"]
pub struct Draft {
    pending: Envelope,
}

/// A recovery sentence that is empty or only whitespace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", crate::phrase::english_text(&self.phrase()))]
pub struct EmptyRecovery;

impl EmptyRecovery {
    /// The error as a phrase (`draft-empty-recovery`), for
    /// [`Localizer::render`](crate::i18n::Localizer::render) in another language; its
    /// `Display` is this phrase in English.
    pub fn phrase(&self) -> crate::Phrase {
        crate::Phrase::new("draft-empty-recovery")
    }
}

impl Envelope {
    /// Reopens a finished envelope as a draft that keeps every field, to change some of them
    /// (a caller that knows a better recovery, a localizer, a redactor). The draft must be
    /// finished again with a recovery.
    pub fn into_draft(self) -> Draft {
        Draft::reopen(self)
    }

    /// Starts a draft with the three things every failure has: its code, its exit status and
    /// its message (a lowercase fragment without a trailing period).
    pub fn draft(code: Code, exit: ExitStatus, message: impl Into<String>) -> Draft {
        let verdict = Verdict::default();
        Draft {
            pending: Envelope {
                error: ErrorMarker,
                code,
                exit,
                message: message.into(),
                error_class: verdict.class(),
                retry: verdict.retry(),
                retryable: verdict.retryable(),
                retry_after_ms: None,
                recovery: String::new(),
                action: None,
                subject: None,
                params: Params::new(),
                nearby: Vec::new(),
                candidates: Vec::new(),
                location: None,
                path: None,
                workspace: None,
                discarded_flags: Vec::new(),
                items: None,
                gate: None,
                provider: None,
                truncated: BTreeMap::new(),
                doc_url: None,
                lang: None,
                source: None,
                causes: Vec::new(),
                verify: None,
                phrases: crate::phrase::Phrases::default(),
            },
        }
    }
}

fn non_empty(text: impl Into<String>) -> Option<String> {
    Some(text.into()).filter(|t| !t.is_empty())
}

impl Draft {
    pub(crate) fn reopen(envelope: Envelope) -> Self {
        Self { pending: envelope }
    }

    /// Replaces the code.
    pub fn code(mut self, code: Code) -> Self {
        self.pending.code = code;
        self
    }

    /// Replaces the exit status.
    pub fn exit(mut self, exit: ExitStatus) -> Self {
        self.pending.exit = exit;
        self
    }

    /// Replaces the message with text given as text (a tool's own words, a catalog's
    /// template): never translated by a [`Localizer`](crate::i18n::Localizer).
    pub fn message(mut self, message: impl Into<String>) -> Self {
        self.pending.message = message.into();
        self.pending.phrases.message = None;
        self
    }

    /// Makes the message failwise's own sentence `phrase` (see [`Phrase`]): rendered in English
    /// with the finished envelope's params when the draft is finished, and kept for
    /// [`Localizer::localize`](crate::i18n::Localizer::localize). When `en.ftl` cannot render
    /// it (no such message, a variable missing), the message given as text stays and the
    /// phrase is dropped.
    pub fn message_phrase(mut self, phrase: Phrase) -> Self {
        self.pending.phrases.message = Some(phrase);
        self
    }

    /// Sets class, retry verdict and wait together.
    pub fn verdict(mut self, verdict: Verdict) -> Self {
        self.pending.error_class = verdict.class();
        self.pending.retry = verdict.retry();
        self.pending.retryable = verdict.retryable();
        self.pending.retry_after_ms = verdict.retry_after_ms();
        self
    }

    /// The verdict set so far.
    pub fn current_verdict(&self) -> Verdict {
        self.pending.verdict()
    }

    /// Declares that the request went out and its answer was lost: see
    /// [`Verdict::effect_unknown`]. Drops any wait set before. Give the command that tells
    /// whether it landed with [`Draft::verify`].
    pub fn effect_unknown(self) -> Self {
        let verdict = self.current_verdict().effect_unknown();
        self.verdict(verdict)
    }

    /// Sets what was attempted.
    pub fn action(mut self, action: impl Into<String>) -> Self {
        self.pending.action = non_empty(action);
        self
    }

    /// Sets what it was attempted on.
    pub fn subject(mut self, subject: impl Into<String>) -> Self {
        self.pending.subject = non_empty(subject);
        self
    }

    /// Adds one param; a later value for the same name replaces the earlier one.
    pub fn param(mut self, name: impl Into<String>, value: impl Into<serde_json::Value>) -> Self {
        self.pending.params.insert(name.into(), value.into());
        self
    }

    /// Adds every param of `params`.
    pub fn params(mut self, params: impl IntoIterator<Item = (String, serde_json::Value)>) -> Self {
        self.pending.params.extend(params);
        self
    }

    /// Sets the did-you-mean values, best first; empty strings and repeats are dropped.
    pub fn nearby<I, S>(mut self, nearby: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let mut out: Vec<String> = Vec::new();
        for s in nearby {
            let s = s.into();
            if !s.is_empty() && !out.contains(&s) {
                out.push(s);
            }
        }
        self.pending.nearby = out;
        self
    }

    /// Sets the near-miss regions, best first. Each is bounded to the wire: `text` to
    /// [`CANDIDATE_TEXT_MAX_CHARS`] characters, `similarity` to `0.0..=1.0` (NaN reads as 0),
    /// `line` and `column` to at least 1.
    pub fn candidates(mut self, candidates: impl IntoIterator<Item = Candidate>) -> Self {
        self.pending.candidates = candidates.into_iter().map(bound_candidate).collect();
        self
    }

    /// Sets the location of the offending input; lines and columns below 1 are left out.
    pub fn location(mut self, location: Location) -> Self {
        let Location { path, line, column } = location;
        let location = Location {
            path: path.filter(|p| !p.is_empty()),
            line: line.filter(|&l| l >= 1),
            column: column.filter(|&c| c >= 1),
        };
        self.pending.location = (location != Location::default()).then_some(location);
        self
    }

    /// Sets the file the error is about.
    pub fn path(mut self, path: impl Into<String>) -> Self {
        self.pending.path = non_empty(path);
        self
    }

    /// Sets the workspace root.
    pub fn workspace(mut self, workspace: impl Into<String>) -> Self {
        self.pending.workspace = non_empty(workspace);
        self
    }

    /// Sets the flags that were accepted but not applied, as the caller typed them.
    pub fn discarded_flags<I, S>(mut self, flags: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.pending.discarded_flags = flags
            .into_iter()
            .map(Into::into)
            .filter(|f: &String| !f.is_empty())
            .collect();
        self
    }

    /// Sets the per-item results of a batch. A `failed_index` or result `index` of 0 is
    /// raised to 1; similarities are bounded to `0.0..=1.0`; `total` is raised to the highest
    /// index named, since every index is a position among the `total` items
    /// ([`Invariant::ItemIndexInRange`](crate::Invariant::ItemIndexInRange)).
    pub fn items(mut self, mut items: Items) -> Self {
        items.failed_index = items.failed_index.map(|i| i.max(1));
        for r in &mut items.results {
            r.index = r.index.max(1);
            r.similarity = r.similarity.map(bound_similarity);
        }
        let highest = items
            .results
            .iter()
            .map(|r| r.index)
            .chain(items.failed_index)
            .max()
            .unwrap_or(0);
        items.total = items.total.max(highest);
        self.pending.items = Some(items);
        self
    }

    /// Sets the policy refusal.
    pub fn gate(mut self, gate: Gate) -> Self {
        self.pending.gate = Some(gate);
        self
    }

    /// Sets the upstream failure; an HTTP status outside `100..=599` is left out.
    pub fn provider(mut self, mut provider: Provider) -> Self {
        provider.status = provider.status.filter(|s| (100..=599).contains(s));
        self.pending.provider = Some(provider);
        self
    }

    /// Records that the field at JSON Pointer `pointer` (RFC 6901, such as
    /// `/params/stderr`) was cut from `original_bytes` bytes.
    pub fn truncated(mut self, pointer: impl Into<String>, original_bytes: u64) -> Self {
        self.pending
            .truncated
            .insert(pointer.into(), original_bytes);
        self
    }

    /// Sets the page that explains the code.
    pub fn doc_url(mut self, url: impl Into<String>) -> Self {
        self.pending.doc_url = non_empty(url);
        self
    }

    /// Sets the BCP 47 tag of `message` and `recovery`. A POSIX spelling (`pt_BR`) is written
    /// with hyphens (`pt-BR`); English (`en`, `en-*`) is left out, since it is the default; a
    /// text that is not shaped like a BCP 47 tag (`2*8ALPHA *("-" 1*8ALPHANUM)`) is left out too.
    pub fn lang(mut self, tag: impl Into<String>) -> Self {
        let tag = tag.into().replace('_', "-");
        let mut subtags = tag.split('-');
        let primary = subtags.next().unwrap_or_default();
        let shaped = (2..=8).contains(&primary.len())
            && primary.bytes().all(|b| b.is_ascii_alphabetic())
            && subtags.all(|s| {
                (1..=8).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric())
            });
        self.pending.lang = (shaped && !primary.eq_ignore_ascii_case("en")).then_some(tag);
        self
    }

    /// Sets the dialect this envelope was normalized from.
    pub fn source(mut self, source: Source) -> Self {
        self.pending.source = Some(source);
        self
    }

    /// Appends one underlying failure to `causes` (outermost first); a cause with a blank
    /// message is left out, and an empty `code` or `source` is omitted.
    pub fn cause(mut self, mut cause: Cause) -> Self {
        if cause.message.trim().is_empty() {
            return self;
        }
        for field in [&mut cause.code, &mut cause.source] {
            if field.as_deref() == Some("") {
                *field = None;
            }
        }
        self.pending.causes.push(cause);
        self
    }

    /// Sets the command that tells whether the request landed (see [`Verify`]). It is kept
    /// only when the finished envelope's retry verdict is `unknown`: a draft finished with
    /// another verdict drops it, as [`Draft::effect_unknown`] drops a wait, since a verify
    /// command answers only a request whose effect is unknown.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::{Code, Envelope, ExitStatus, Verdict, Verify};
    /// let check = || Verify::new(vec!["shop".into(), "order".into(), "status".into(), "42".into()]);
    /// let draft = Envelope::draft(Code::new("DEADLINE_EXCEEDED")?, ExitStatus::TEMPFAIL, "no answer within 30 s")
    ///     .verify(check()?);
    /// // On a verdict other than unknown the command is dropped...
    /// let sure = draft.clone().verdict(Verdict::transient()).with_recovery("send it again")?;
    /// assert_eq!(sure.verify(), None);
    /// // ...and kept once the effect is unknown, whichever was set first.
    /// let lost = draft.effect_unknown().with_recovery("run `shop order status 42` first")?;
    /// assert_eq!(lost.verify(), Some(&check()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify(mut self, verify: Verify) -> Self {
        self.pending.verify = Some(verify);
        self
    }

    /// Drops the causes gathered so far (to put others first).
    pub(crate) fn clear_causes(mut self) -> Self {
        self.pending.causes.clear();
        self
    }

    /// Appends every cause of `causes`, in order (see [`Draft::cause`]).
    pub fn causes(self, causes: impl IntoIterator<Item = Cause>) -> Self {
        causes.into_iter().fold(self, Self::cause)
    }

    /// Supplies the recovery sentence and hands back the finished envelope.
    ///
    /// # Errors
    ///
    /// [`EmptyRecovery`] when `recovery` is empty or only whitespace.
    pub fn with_recovery(mut self, recovery: impl Into<String>) -> Result<Envelope, EmptyRecovery> {
        let recovery = recovery.into();
        if recovery.trim().is_empty() {
            return Err(EmptyRecovery);
        }
        self.pending.recovery = recovery;
        self.pending.phrases.recovery = None;
        Ok(self.finish())
    }

    /// Finishes with failwise's own recovery sentence `phrase`, rendered in English with the
    /// envelope's params (as is a [`Draft::message_phrase`]), and kept for
    /// [`Localizer::localize`](crate::i18n::Localizer::localize). Infallible: every phrase the
    /// library makes renders to a non-empty sentence (a test renders each).
    pub fn with_recovery_phrase(mut self, phrase: Phrase) -> Envelope {
        let recovery = crate::phrase::plain(crate::phrase::english(), &phrase)
            .unwrap_or_else(|| render_english(&phrase, &self.vars()));
        self.pending.recovery = recovery;
        self.pending.phrases.recovery = Some(phrase);
        self.finish()
    }

    /// Finishes with `text` when it is not blank (a source's own recovery, kept as written),
    /// else with failwise's own sentence `fallback`.
    pub(crate) fn with_recovery_or_phrase(
        mut self,
        text: Option<&str>,
        fallback: Phrase,
    ) -> Envelope {
        match text.filter(|t| !t.trim().is_empty()) {
            Some(text) => {
                self.pending.recovery = text.to_owned();
                self.pending.phrases.recovery = None;
                self.finish()
            }
            None => self.with_recovery_phrase(fallback),
        }
    }

    /// Finishes a draft reopened from an envelope ([`Envelope::into_draft`]) with the recovery
    /// it already has. When that recovery is failwise's own sentence, its phrase is kept (and
    /// rendered again in English with the params as they are now), so a
    /// [`Localizer`](crate::i18n::Localizer) can still give it in another language; giving the
    /// same text to [`Draft::with_recovery`] would make it a text that is never translated.
    ///
    /// # Errors
    ///
    /// [`EmptyRecovery`] when the draft has no recovery yet (one begun with
    /// [`Envelope::draft`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::{Code, Envelope, ExitStatus};
    /// let envelope = Envelope::draft(Code::new("E_X")?, ExitStatus::FAILURE, "it failed")
    ///     .with_recovery("run it again")?;
    /// let more = envelope.into_draft().param("attempts", 2).with_current_recovery()?;
    /// assert_eq!((more.recovery(), more.params()["attempts"].as_u64()), ("run it again", Some(2)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_current_recovery(mut self) -> Result<Envelope, EmptyRecovery> {
        if let Some(phrase) = &self.pending.phrases.recovery {
            self.pending.recovery = render_english(phrase, &self.vars());
        }
        if self.pending.recovery.trim().is_empty() {
            return Err(EmptyRecovery);
        }
        Ok(self.finish())
    }

    /// The variables a phrase of this envelope can use ([`crate::phrase`]).
    fn vars(&self) -> Params {
        let p = &self.pending;
        envelope_args(p.code.as_str(), p.exit.get(), &p.nearby, &p.params)
    }

    /// Renders a message phrase, checks the invariants a setter cannot, and hands back the
    /// envelope.
    fn finish(mut self) -> Envelope {
        if let Some(phrase) = self.pending.phrases.message.take()
            && let Some(text) = crate::phrase::plain(crate::phrase::english(), &phrase)
                .or_else(|| crate::phrase::render(crate::phrase::english(), &phrase, &self.vars()))
        {
            self.pending.message = text;
            self.pending.phrases.message = Some(phrase);
        }
        if self.pending.retry != Retry::Unknown {
            self.pending.verify = None;
        }
        debug_assert!(self.pending.error_class.allows(self.pending.retry));
        debug_assert!(self.pending.retry_after_ms.is_none() || self.pending.retry == Retry::Yes);
        self.pending
    }
}

fn bound_similarity(s: f64) -> f64 {
    if s.is_nan() { 0.0 } else { s.clamp(0.0, 1.0) }
}

fn bound_candidate(mut c: Candidate) -> Candidate {
    if let Some((cut, _)) = c.text.char_indices().nth(CANDIDATE_TEXT_MAX_CHARS) {
        c.text.truncate(cut);
    }
    c.line = c.line.max(1);
    c.column = c.column.max(1);
    c.similarity = bound_similarity(c.similarity);
    c
}
