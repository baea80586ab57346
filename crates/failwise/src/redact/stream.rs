//! Masking registered secret values in a byte stream as it passes, chunk by chunk, without
//! waiting for lines or for the end: [`StreamRedactor`].
//!
//! Only exact registered values are masked here, never token shapes: a stream is the command's
//! own output, and a shape (a regular expression) could alter legitimate text.
//!
//! # How it works
//!
//! One Aho-Corasick automaton (standard semantics) walks the output byte by byte. Its state
//! after a byte is the longest suffix of the output so far that begins some registered value.
//! When a value is complete, it is replaced at once by `[REDACTED:secret]`, and the marker's
//! own bytes are walked too, so a value that the marker and the text beside it would spell is
//! masked as well. The output is released up to the last point after which no value could have
//! begun (the automaton was in its start state): only the bytes that could still be the start
//! of a secret are held back, and they are released as soon as the next bytes rule it out, or
//! at [`StreamRedactor::finish`].
//!
//! A value with whitespace or JSON punctuation around it (`"S3cr3tValue99\n"`, read from an
//! environment variable) is masked in two stages, as the envelope masks it: the first masks
//! the whole values, so a value printed whole leaves none of its punctuation shown; the second
//! masks, in what the first let through, the values' cores (the value without what surrounds
//! it, registered beside it), so a command that prints the value trimmed (`$(printf %s
//! "$TOKEN")` drops the newline) shows it no more than the envelope does.
//!
//! # What is guaranteed
//!
//! - No registered value and no registered core appears in the concatenated output, however
//!   the input was cut into chunks: a value split across chunks is masked like any other.
//! - The output depends only on the bytes fed, never on how they were chunked.
//! - Input that contains no registered value or core comes out unchanged, byte for byte.
//!
//! Two limits, both for input no ordinary program writes: a run of more than
//! [`HOLD_LIMIT_BYTES`] (or 4 times the longest value) in which every byte could begin a value
//! is released up to its last longest-value bytes, and a chain of more than 8 markers each
//! spelling a value with the next stops being rescanned.

use aho_corasick::automaton::Automaton;
use aho_corasick::dfa::DFA;
use aho_corasick::{Anchored, MatchKind, StartKind};

use crate::redact::{SECRET_KIND, marker};

/// The most output held back while every byte could still begin a registered value, in bytes
/// (or 4 times the longest value, when that is more).
pub const HOLD_LIMIT_BYTES: usize = 64 * 1024;

/// How many markers may be rescanned inside one another before the innermost is released as
/// it is.
const MAX_NESTING: u32 = 8;

/// Masks registered values in a stream of bytes; build one per stream with
/// [`Redactor::stream`](crate::redact::Redactor::stream).
///
/// # Examples
///
/// ```
/// use failwise::redact::Redactor;
/// let mut r = Redactor::new();
/// r.register("hunter2hunter2")?;
/// let mut stream = r.stream().expect("a value is registered");
/// let mut out = Vec::new();
/// stream.feed(b"password: hunt", &mut out);
/// assert_eq!(out, b"password: "); // "hunt" could begin the secret: held back
/// stream.feed(b"er2hunter2\nok", &mut out);
/// stream.finish(&mut out);
/// assert_eq!(out, b"password: [REDACTED:secret]\nok");
/// assert_eq!(stream.count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct StreamRedactor {
    dfa: DFA,
    /// Which bytes begin some value: from the start state, the bytes that begin none pass
    /// without a step of the automaton.
    firsts: [bool; 256],
    /// The same bytes, when there are at most 3 of them (found with `memchr`).
    few_firsts: Vec<u8>,
    start: aho_corasick::automaton::StateID,
    state: aho_corasick::automaton::StateID,
    /// The longest value, in bytes.
    longest: usize,
    /// Output not yet released.
    pending: Vec<u8>,
    /// The last released bytes (at most `longest`), to recompute the state after a
    /// replacement.
    context: Vec<u8>,
    /// A length of `pending` after which the automaton was in its start state: everything
    /// before it can be released.
    safe: usize,
    /// The marker's bytes.
    marker: Vec<u8>,
    /// Values replaced so far.
    count: u64,
    /// The second stage, which masks the cores in what this one releases.
    then: Option<Box<StreamRedactor>>,
}

impl StreamRedactor {
    /// A redactor for `values` (the registered values and their cores), or `None` when there is
    /// none or the automaton cannot be built.
    pub(super) fn new(values: &[Vec<u8>]) -> Option<Self> {
        let values: Vec<&[u8]> = values
            .iter()
            .map(Vec::as_slice)
            .filter(|v| !v.is_empty())
            .collect();
        if values.is_empty() {
            return None;
        }
        let dfa = DFA::builder()
            .match_kind(MatchKind::Standard)
            .start_kind(StartKind::Unanchored)
            .prefilter(false)
            .build(&values)
            .ok()?;
        let start = dfa.start_state(Anchored::No).ok()?;
        let mut firsts = [false; 256];
        for v in &values {
            firsts[usize::from(v[0])] = true;
        }
        let few_firsts: Vec<u8> = (0..=u8::MAX).filter(|&b| firsts[usize::from(b)]).collect();
        Some(Self {
            firsts,
            few_firsts,
            start,
            state: start,
            longest: values.iter().map(|v| v.len()).max().unwrap_or(0),
            dfa,
            pending: Vec::new(),
            context: Vec::new(),
            safe: 0,
            marker: marker(SECRET_KIND).into_bytes(),
            count: 0,
            then: None,
        })
    }

    /// A redactor that masks `wholes` (the whole values) first and then `all` (the values
    /// and their cores) in what the first releases; one stage when either has no value.
    pub(super) fn staged(wholes: &[Vec<u8>], all: &[Vec<u8>]) -> Option<Self> {
        match (Self::new(wholes), Self::new(all)) {
            (Some(mut first), Some(then)) if wholes.len() < all.len() => {
                first.then = Some(Box::new(then));
                Some(first)
            }
            (first, then) => first.or(then),
        }
    }

    /// How many values were replaced so far.
    pub fn count(&self) -> u64 {
        self.count + self.then.as_ref().map_or(0, |then| then.count())
    }

    /// How many bytes are held back, waiting for the bytes that decide whether they begin a
    /// value.
    pub fn held(&self) -> usize {
        self.pending.len() + self.then.as_ref().map_or(0, |then| then.held())
    }

    /// Feeds the next bytes of the stream and appends to `out` the output that can be released
    /// now.
    pub fn feed(&mut self, chunk: &[u8], out: &mut Vec<u8>) {
        if self.then.is_none() {
            return self.feed_stage(chunk, out);
        }
        let mut released = Vec::new();
        self.feed_stage(chunk, &mut released);
        if let Some(then) = self.then.as_mut() {
            then.feed(&released, out);
        }
    }

    /// [`StreamRedactor::feed`] for this stage alone.
    fn feed_stage(&mut self, chunk: &[u8], out: &mut Vec<u8>) {
        let mut copied = 0;
        let mut i = 0;
        while i < chunk.len() {
            if self.state == self.start {
                // From the start state, a byte that begins no value leads back to it.
                let Some(skip) = self.next_first(&chunk[i..]) else {
                    self.safe = self.pending.len() + (chunk.len() - copied);
                    break;
                };
                i += skip;
                self.safe = self.pending.len() + (i - copied);
            }
            self.state = self.dfa.next_state(Anchored::No, self.state, chunk[i]);
            if self.dfa.is_match(self.state) {
                self.pending.extend_from_slice(&chunk[copied..=i]);
                copied = i + 1;
                self.replace(0);
            } else if self.state == self.start {
                self.safe = self.pending.len() + (i + 1 - copied);
            }
            i += 1;
        }
        self.pending.extend_from_slice(&chunk[copied..]);
        let limit = HOLD_LIMIT_BYTES.max(4 * self.longest);
        let release = if self.pending.len() - self.safe > limit {
            self.pending.len() - self.longest
        } else {
            self.safe
        };
        self.release(release, out);
    }

    /// The offset of the first byte of `bytes` that begins some value.
    fn next_first(&self, bytes: &[u8]) -> Option<usize> {
        match self.few_firsts[..] {
            [a] => memchr::memchr(a, bytes),
            [a, b] => memchr::memchr2(a, b, bytes),
            [a, b, c] => memchr::memchr3(a, b, c, bytes),
            _ => bytes.iter().position(|&b| self.firsts[usize::from(b)]),
        }
    }

    /// Ends the stream: appends to `out` everything still held back.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        match self.then.as_mut() {
            None => self.release_all(out),
            Some(_) => {
                let mut released = Vec::new();
                self.release_all(&mut released);
                if let Some(then) = self.then.as_mut() {
                    then.feed(&released, out);
                    then.finish(out);
                }
            }
        }
    }

    /// Releases everything this stage holds back.
    fn release_all(&mut self, out: &mut Vec<u8>) {
        self.release(self.pending.len(), out);
        self.state = self.start;
    }

    /// Releases `pending[..upto]` into `out`, keeping the last bytes as context.
    fn release(&mut self, upto: usize, out: &mut Vec<u8>) {
        if upto == 0 {
            return;
        }
        let released = &self.pending[..upto];
        out.extend_from_slice(released);
        if released.len() >= self.longest {
            self.context.clear();
            self.context
                .extend_from_slice(&released[released.len() - self.longest..]);
        } else {
            self.context.extend_from_slice(released);
            let excess = self.context.len().saturating_sub(self.longest);
            self.context.drain(..excess);
        }
        self.pending.drain(..upto);
        self.safe = self.safe.saturating_sub(upto);
    }

    /// The automaton is in a match state at the end of `pending`: replaces the longest value
    /// that ends there by the marker, then walks the marker's bytes.
    fn replace(&mut self, nesting: u32) {
        let len = (0..self.dfa.match_len(self.state))
            .map(|i| self.dfa.pattern_len(self.dfa.match_pattern(self.state, i)))
            .max()
            .unwrap_or(0)
            // Held back bytes always cover a value in progress (it began after the last start
            // state); the bound only guards against releasing a value half-masked.
            .min(self.pending.len());
        self.pending.truncate(self.pending.len() - len);
        self.safe = self.safe.min(self.pending.len());
        self.count += 1;
        self.state = self.recompute();
        let marker = std::mem::take(&mut self.marker);
        if nesting >= MAX_NESTING {
            self.pending.extend_from_slice(&marker);
            self.state = self.recompute();
        } else {
            for &byte in &marker {
                self.pending.push(byte);
                self.state = self.dfa.next_state(Anchored::No, self.state, byte);
                if self.dfa.is_match(self.state) {
                    self.replace(nesting + 1);
                } else if self.state == self.start {
                    self.safe = self.pending.len();
                }
            }
        }
        self.marker = marker;
    }

    /// The automaton's state after the output so far: only the last `longest` bytes matter.
    fn recompute(&self) -> aho_corasick::automaton::StateID {
        let from_pending = self.pending.len().min(self.longest);
        let from_context = (self.longest - from_pending).min(self.context.len());
        let context = &self.context[self.context.len() - from_context..];
        let pending = &self.pending[self.pending.len() - from_pending..];
        context
            .iter()
            .chain(pending)
            .fold(self.start, |state, &byte| {
                self.dfa.next_state(Anchored::No, state, byte)
            })
    }
}

#[cfg(test)]
mod tests;
