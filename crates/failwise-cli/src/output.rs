//! The binary's output layer: the one place that writes to stdout and stderr.
//!
//! stdout carries data only (envelopes, schemas, reports); diagnostics go to stderr. A closed
//! stdout is not an error to report: writes stop quietly (ripgrep's rule).
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "this module is the output layer"
)]

use std::io::{self, BufWriter, StdoutLock, Write};

use crate::presentation::{Format, Presentation, Shown, WriteLog};

/// A writer to stdout or stderr that stops quietly on a closed pipe. It holds no borrow, so
/// it can move to another thread (a run's pump threads).
pub struct Output {
    stream: Stream,
    writes: WriteLog,
}

enum Stream {
    Stdout,
    Stderr,
}

impl Output {
    /// Standard output, its failed writes recorded in `presentation`'s [`WriteLog`].
    pub fn stdout(presentation: &Presentation) -> Self {
        Self {
            stream: Stream::Stdout,
            writes: presentation.writes().clone(),
        }
    }

    /// Standard error.
    pub fn stderr(presentation: &Presentation) -> Self {
        Self {
            stream: Stream::Stderr,
            writes: presentation.writes().clone(),
        }
    }

    /// Writes `bytes` as they are; a closed pipe ends output quietly.
    pub fn bytes(&self, bytes: &[u8]) {
        let result = match self.stream {
            Stream::Stdout => {
                let mut out = io::stdout().lock();
                out.write_all(bytes).and_then(|()| out.flush())
            }
            Stream::Stderr => {
                let mut err = io::stderr().lock();
                err.write_all(bytes).and_then(|()| err.flush())
            }
        };
        // A closed pipe is a quiet end; any other failed write on stdout (a full
        // disk, an I/O error) is remembered, so that the process does not claim success.
        if let (Stream::Stdout, Err(e)) = (&self.stream, result) {
            self.writes.remember(&e);
        }
    }

    /// Writes `bytes` as they are and flushes them, reporting a failed write (a closed pipe) so
    /// that a pass-through can stop reading, as a pipe would. A failed write on stdout other
    /// than a closed pipe is also remembered, as [`Output::bytes`] does.
    ///
    /// # Errors
    ///
    /// The write's error, such as `BrokenPipe`.
    pub fn pass(&self, bytes: &[u8]) -> io::Result<()> {
        match self.stream {
            Stream::Stdout => {
                let mut out = io::stdout().lock();
                let result = out.write_all(bytes).and_then(|()| out.flush());
                if let Err(e) = &result {
                    self.writes.remember(e);
                }
                result
            }
            Stream::Stderr => io::stderr().lock().write_all(bytes),
        }
    }

    /// Writes `text` followed by a newline.
    pub fn line(&self, text: &str) {
        let mut buf = String::with_capacity(text.len() + 1);
        buf.push_str(text);
        buf.push('\n');
        self.bytes(buf.as_bytes());
    }

    /// Writes an envelope prepared by `presentation` ([`Presentation::prepare`]: localized,
    /// secrets masked, fields bounded) in its format. The human form is coloured as the
    /// presentation decided for this stream (`--color`, else anstream's rules:
    /// [`crate::color`]).
    pub fn envelope(&self, shown: &Shown, presentation: &Presentation) {
        match presentation.shown_format() {
            Format::Human => {
                let color = presentation.color(matches!(self.stream, Stream::Stdout));
                self.bytes(presentation.render(shown, Some(color)).as_bytes());
            }
            _ => self.line(&presentation.render(shown, None)),
        }
    }
}

/// How envelopes are written as text: one line of JSON, or the human form (coloured or not).
/// Rendering needs no lock, so any thread can render.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    human: Option<bool>,
}

impl Style {
    /// The style of `presentation`'s envelopes on stdout (colour as [`Output::envelope`]
    /// chooses it).
    pub fn of(presentation: &Presentation) -> Self {
        let human = match presentation.shown_format() {
            Format::Human => Some(presentation.color(true)),
            _ => None,
        };
        Self { human }
    }

    /// The style of `format` on stdout, uncoloured, for tests of the renderings.
    #[cfg(test)]
    pub fn stdout(format: Format) -> Self {
        let human = match format.resolve() {
            Format::Human => Some(false),
            _ => None,
        };
        Self { human }
    }

    /// Appends an envelope prepared by `presentation` to `out`, rendered and sealed by it
    /// ([`Presentation::render`]), ending with a newline.
    pub fn render(self, shown: &Shown, presentation: &Presentation, out: &mut String) {
        out.push_str(&presentation.render(shown, self.human));
        if self.human.is_none() {
            out.push('\n');
        }
    }
}

/// Many envelopes to stdout, one after another (`failwise validate`'s report): stdout is
/// locked once and written through one buffer, flushed when the writer is dropped. A closed
/// pipe stops the writing quietly; any other failed write is remembered, as for [`Output`].
pub struct EnvelopeWriter<'p> {
    out: BufWriter<StdoutLock<'static>>,
    presentation: &'p Presentation,
    style: Style,
    stopped: bool,
}

impl<'p> EnvelopeWriter<'p> {
    /// A writer to stdout of envelopes as `presentation` shows them.
    pub fn stdout(presentation: &'p Presentation) -> Self {
        Self {
            out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            presentation,
            style: Style::of(presentation),
            stopped: false,
        }
    }

    /// The presentation envelopes are prepared by, for preparing them elsewhere.
    pub fn presentation(&self) -> &'p Presentation {
        self.presentation
    }

    /// The style envelopes are written in, for rendering them elsewhere ([`Self::text`]).
    pub fn style(&self) -> Style {
        self.style
    }

    /// Writes one envelope as [`Output::envelope`] presents it: prepared (localized, secrets
    /// masked, fields bounded) by this writer's presentation.
    pub fn envelope(&mut self, envelope: failwise::Envelope) {
        let shown = self.presentation.prepare(envelope);
        let mut text = String::new();
        self.style.render(&shown, self.presentation, &mut text);
        self.text(&text);
    }

    /// Writes envelopes already presented and rendered in [`Self::style`].
    pub fn text(&mut self, text: &str) {
        if self.stopped || text.is_empty() {
            return;
        }
        if let Err(e) = self.out.write_all(text.as_bytes()) {
            self.stop(&e);
        }
    }

    /// Whether a write failed (a closed pipe included): nothing more is written, so a caller
    /// reading input only to write about it can stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Sends what was written on to stdout, so a reader of a live stream sees it now.
    pub fn flush(&mut self) {
        if !self.stopped
            && let Err(e) = self.out.flush()
        {
            self.stop(&e);
        }
    }

    fn stop(&mut self, e: &io::Error) {
        self.presentation.writes().remember(e);
        self.stopped = true;
    }
}

impl Drop for EnvelopeWriter<'_> {
    fn drop(&mut self) {
        if !self.stopped
            && let Err(e) = self.out.flush()
        {
            self.stop(&e);
        }
    }
}
