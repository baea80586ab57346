//! The binary's output layer: the one place that writes to stdout and stderr.
//!
//! stdout carries data only (envelopes, schemas, reports); diagnostics go to stderr. A closed
//! stdout is not an error to report: writes stop quietly (ripgrep's rule).
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "this module is the output layer"
)]

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::sync::{Mutex, PoisonError};

/// The first write to stdout that failed for a reason other than a closed pipe.
static STDOUT_ERROR: Mutex<Option<String>> = Mutex::new(None);

/// Remembers a failed write to stdout, unless the pipe was closed (a quiet end).
fn remember(e: &io::Error) {
    if e.kind() != io::ErrorKind::BrokenPipe {
        let mut first = STDOUT_ERROR.lock().unwrap_or_else(PoisonError::into_inner);
        first.get_or_insert_with(|| e.to_string());
    }
}

/// The first failed write to stdout (other than a closed pipe), if any: data was lost.
pub fn stdout_error() -> Option<String> {
    STDOUT_ERROR
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

use failwise::i18n::Localizer;
use failwise::{Envelope, render};

/// How an envelope is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// One line of JSON.
    Json,
    /// A short text for a person.
    Human,
    /// Human on a terminal, JSON otherwise.
    #[default]
    Auto,
}

impl Format {
    /// Resolves `auto` against whether stdout is a terminal.
    pub fn resolve(self) -> Self {
        match self {
            Self::Auto if io::stdout().is_terminal() => Self::Human,
            Self::Auto => Self::Json,
            other => other,
        }
    }
}

/// A writer to stdout or stderr that stops quietly on a closed pipe.
pub struct Output {
    stream: Stream,
}

enum Stream {
    Stdout,
    Stderr,
}

impl Output {
    /// Standard output.
    pub fn stdout() -> Self {
        Self {
            stream: Stream::Stdout,
        }
    }

    /// Standard error.
    pub fn stderr() -> Self {
        Self {
            stream: Stream::Stderr,
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
            remember(&e);
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
                    remember(e);
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

    /// Writes an envelope in `format`, as [`crate::presentation::prepare`] presents it:
    /// localized, secrets masked, fields bounded. The human form is coloured only when this
    /// stream is a terminal and `NO_COLOR` is unset or empty.
    pub fn envelope(&self, envelope: &Envelope, format: Format) {
        let shown = crate::presentation::prepare(envelope);
        match format.resolve() {
            Format::Human => {
                let terminal = match self.stream {
                    Stream::Stdout => io::stdout().is_terminal(),
                    Stream::Stderr => io::stderr().is_terminal(),
                };
                let color = render::use_color(terminal, &|k| std::env::var(k).ok());
                let text = render::human(&shown, crate::presentation::get().localizer(), color);
                self.bytes(text.as_bytes());
            }
            _ => self.line(&shown.to_json_line()),
        }
    }
}

/// How envelopes are written as text: one line of JSON, or the human form (coloured or not).
/// Resolved once; rendering needs no lock, so any thread can render.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    human: Option<bool>,
}

impl Style {
    /// The style of `format` on stdout (`auto` resolved now; colour as [`Output::envelope`]
    /// chooses it).
    pub fn stdout(format: Format) -> Self {
        let human = match format.resolve() {
            Format::Human => Some(render::use_color(io::stdout().is_terminal(), &|k| {
                std::env::var(k).ok()
            })),
            _ => None,
        };
        Self { human }
    }

    /// Appends an already presented envelope to `out`, ending with a newline.
    pub fn render(self, shown: &Envelope, localizer: &Localizer, out: &mut String) {
        match self.human {
            Some(color) => out.push_str(&render::human(shown, localizer, color)),
            None => {
                out.push_str(&shown.to_json_line());
                out.push('\n');
            }
        }
    }
}

/// Many envelopes to stdout, one after another (`failwise validate`'s report): stdout is
/// locked once and written through one buffer, flushed when the writer is dropped. A closed
/// pipe stops the writing quietly; any other failed write is remembered, as for [`Output`].
pub struct EnvelopeWriter {
    out: BufWriter<StdoutLock<'static>>,
    style: Style,
    stopped: bool,
}

impl EnvelopeWriter {
    /// A writer to stdout in `format`.
    pub fn stdout(format: Format) -> Self {
        Self {
            out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            style: Style::stdout(format),
            stopped: false,
        }
    }

    /// The style envelopes are written in, for rendering them elsewhere ([`Self::text`]).
    pub fn style(&self) -> Style {
        self.style
    }

    /// Writes one envelope as [`Output::envelope`] presents it: localized, secrets masked,
    /// fields bounded.
    pub fn envelope(&mut self, envelope: &Envelope) {
        let shown = crate::presentation::prepare(envelope);
        let mut text = String::new();
        self.style
            .render(&shown, crate::presentation::get().localizer(), &mut text);
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

    /// Sends what was written on to stdout, so a reader of a live stream sees it now.
    pub fn flush(&mut self) {
        if !self.stopped
            && let Err(e) = self.out.flush()
        {
            self.stop(&e);
        }
    }

    fn stop(&mut self, e: &io::Error) {
        remember(e);
        self.stopped = true;
    }
}

impl Drop for EnvelopeWriter {
    fn drop(&mut self) {
        if !self.stopped
            && let Err(e) = self.out.flush()
        {
            self.stop(&e);
        }
    }
}
