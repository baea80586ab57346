//! A progress line on stderr for long file work (`normalize` and `validate` reading a file),
//! drawn by `indicatif`: the input's name, a bar, the bytes read of its size, the rate and the
//! time left (for an input whose size is unknown, such as a named pipe, a spinner and the
//! bytes read).
//!
//! It is drawn only when stderr is a terminal (and `TERM` is not `dumb`), never into a pipe or
//! a file, so a log or a reader of stderr never sees it; only for an input named on the
//! command line, or standard input redirected from a regular file (a live stream on standard
//! input is answered as it arrives, which is its own progress); and only once the work has
//! run for [`DELAY`], so a quick run draws nothing at all. It is cleared before the summary.
//! When stdout is the same kind of terminal, every write to stdout is made with the line
//! cleared ([`Progress::around`]), so the two never mix. The line holds no words, only the
//! name and numbers, so it needs no translation; it carries no colour.

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::os::fd::AsFd;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long work runs before its progress line is drawn.
pub const DELAY: Duration = Duration::from_millis(500);

/// The line for an input whose size is known.
const BAR: &str =
    "{prefix} [{wide_bar}] {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} {eta}";

/// The line for an input whose size is unknown.
const SPINNER: &str = "{prefix} {spinner} {binary_bytes} {binary_bytes_per_sec} {elapsed}";

/// The progress of reading one input: a line on stderr, or nothing.
pub struct Progress {
    bar: Option<ProgressBar>,
    stdout_terminal: bool,
}

impl Progress {
    /// No progress line.
    pub fn none() -> Self {
        Self {
            bar: None,
            stdout_terminal: false,
        }
    }

    /// The progress of reading `file`, named `name` on the command line: a bar of its size
    /// when it is a regular file, else a spinner; none when stderr is no terminal.
    pub fn file(name: &str, file: &File) -> Self {
        let len = file
            .metadata()
            .ok()
            .filter(std::fs::Metadata::is_file)
            .map(|m| m.len());
        Self::new(name, len)
    }

    /// The progress of reading standard input (named `name`): a bar when it is redirected
    /// from a regular file; none otherwise, or when stderr is no terminal.
    pub fn stdin(name: &str) -> Self {
        let regular = io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .map(File::from)
            .and_then(|f| f.metadata())
            .ok()
            .filter(std::fs::Metadata::is_file);
        match regular {
            Some(meta) => Self::new(name, Some(meta.len())),
            None => Self::none(),
        }
    }

    fn new(name: &str, len: Option<u64>) -> Self {
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        if !io::stderr().is_terminal() || dumb {
            return Self::none();
        }
        let template = if len.is_some() { BAR } else { SPINNER };
        // The templates are constants that parse: `the_templates_parse` holds them.
        let style = ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
        let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::hidden())
            .with_style(style)
            .with_prefix(name.to_owned());
        Self {
            bar: Some(bar),
            stdout_terminal: io::stdout().is_terminal(),
        }
    }

    /// Whether a line may be drawn and stdout is a terminal too, so that writes to stdout go
    /// through [`Progress::around`] and are flushed at once.
    pub fn shares_terminal(&self) -> bool {
        self.bar.is_some() && self.stdout_terminal
    }

    /// `input`, counting the bytes read from it into the line, which is drawn from the first
    /// read after [`DELAY`].
    pub fn reader<R: Read>(&self, input: R) -> Counted<R> {
        Counted {
            input,
            bar: self.bar.clone(),
            started: Instant::now(),
            shown: false,
        }
    }

    /// Runs `write`, a write to stdout, with the line cleared first and drawn again after, when
    /// stdout is a terminal too (`write` must flush what it writes); else just runs it.
    pub fn around<T>(&self, write: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) if self.stdout_terminal => bar.suspend(write),
            _ => write(),
        }
    }

    /// Clears the line, for what is written after it.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// An input whose reads move a progress line ([`Progress::reader`]).
pub struct Counted<R> {
    input: R,
    bar: Option<ProgressBar>,
    started: Instant,
    shown: bool,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.input.read(buf)?;
        if let Some(bar) = &self.bar {
            // The end of the input is no reason to start drawing.
            if !self.shown && n > 0 && self.started.elapsed() >= DELAY {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                self.shown = true;
            }
            bar.inc(n as u64);
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_templates_parse() {
        for template in [BAR, SPINNER] {
            assert!(ProgressStyle::with_template(template).is_ok(), "{template}");
        }
    }

    /// Off a terminal (as under `cargo test`, whose stderr is captured or a pipe) there is no
    /// line, and reading through it reads the input unchanged.
    #[test]
    fn a_reader_passes_the_bytes_through() {
        let progress = Progress::none();
        assert!(!progress.shares_terminal());
        let mut text = String::new();
        let mut reader = progress.reader(&b"a\nb\n"[..]);
        assert_eq!(reader.read_to_string(&mut text).ok(), Some(4));
        assert_eq!(text, "a\nb\n");
        assert_eq!(progress.around(|| 7), 7);
    }
}
