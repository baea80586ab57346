//! Where the records of an input begin and end, for every way an input arrives (a file cut
//! into chunks, a chunk read on its own, standard input as it streams): one line each, except
//! a JSON value pretty-printed over several lines (a line that opens `{` or `[` and does not
//! parse alone), which is one record up to the line that closes it.
//!
//! A line that opens a text record (a dialect's text form that spans lines, such as eval-mock's
//! human form `error [CODE]: message` with its indented `at:` and `hint:` lines; the reader says
//! which lines open one) is one record with the indented lines that follow it ([`text_extent`]).
//!
//! A multi-line record is bounded ([`MULTI_LINE_MAX_BYTES`], [`MULTI_LINE_MAX_LINES`],
//! [`NESTING_MAX`]); a value
//! that does not close within the bounds, or is followed by more text on its closing line, is
//! no multi-line record, and its lines are read one by one as before.
//!
//! This module decides the boundaries and never parses JSON: [`split`] cuts whole lines into
//! records and hands each to a [`Reader`] (the normalizer), which says only whether a line
//! ends before its JSON value does and whether a span is a JSON value. [`Stream`] does the
//! same for an input that arrives piece by piece, holding only a value still open (within the
//! bounds), so each record is read as soon as its last line is in. [`last_boundary`] says where
//! to cut a large input into chunks so that a value is seldom split.

/// The most bytes one multi-line record may span (1 MiB).
pub const MULTI_LINE_MAX_BYTES: usize = 1 << 20;

/// The most lines one multi-line record may span.
pub const MULTI_LINE_MAX_LINES: usize = 65_536;

/// The deepest nesting of brackets a record may have: serde_json's own recursion limit, past
/// which it refuses a value. A multi-line value that opens more is no record; a record found
/// inside text stops being matched there too. Each line then starts at most this many open
/// values, which keeps finding records linear in the input (a file of lines `[` would
/// otherwise have each line scan all the rest).
pub const NESTING_MAX: usize = 128;

/// The most lines one text record may span: its opening line and the indented lines after it.
pub const TEXT_MAX_LINES: usize = 64;

/// How far a JSON value that opens at the start of a text reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extent {
    /// It closes, and the line that closes it ends (exclusive, after its newline) at this
    /// byte offset.
    Closes(usize),
    /// The text ends before the value closes, within the bounds: more input may finish it.
    Open,
    /// It is no multi-line record: it exceeds the bounds, text follows its closing bracket on
    /// the same line, or the text does not start with `{` or `[`.
    Not,
}

/// How far the JSON value that opens at the start of `text` (after blanks) reaches, by
/// bracket depth outside strings. Linear in the bytes scanned; the value's syntax is checked
/// by the parser afterwards, not here.
pub fn extent(text: &[u8]) -> Extent {
    Scanner::default().feed(text)
}

/// [`extent`] fed piece by piece (whole lines, as they arrive), so that a value held open
/// across many lines is scanned once in all.
#[derive(Debug, Clone, Default)]
pub struct Scanner {
    started: bool,
    depth: usize,
    /// Whether each open bracket, innermost last, is an object's (`{`); as long as `depth`.
    objects: Vec<bool>,
    in_string: bool,
    escaped: bool,
    lines: usize,
    scanned: usize,
}

impl Scanner {
    /// Scans `piece`, the bytes that follow those fed before; offsets in the answer count
    /// from the first byte ever fed. After [`Extent::Closes`] or [`Extent::Not`] the scanner
    /// has nothing more to say: start a new one.
    pub fn feed(&mut self, piece: &[u8]) -> Extent {
        let base = self.scanned;
        let mut from = 0;
        // A piece is whole lines: one that continues an open value starts a line.
        if self.started && !self.in_string && self.line_cannot_continue(piece) {
            return Extent::Not;
        }
        if !self.started {
            from = piece
                .iter()
                .position(|b| !matches!(b, b' ' | b'\t'))
                .unwrap_or(piece.len());
            match piece.get(from) {
                Some(b'{' | b'[') => self.started = true,
                Some(_) => return Extent::Not,
                None => {
                    self.scanned += piece.len();
                    return Extent::Open;
                }
            }
            self.lines = 1;
        }
        for (i, &b) in piece.iter().enumerate().skip(from) {
            if base + i >= MULTI_LINE_MAX_BYTES {
                return Extent::Not;
            }
            if self.in_string {
                match b {
                    _ if self.escaped => self.escaped = false,
                    b'\\' => self.escaped = true,
                    b'"' => self.in_string = false,
                    b'\n' => return Extent::Not,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => {
                    self.depth += 1;
                    if self.depth > NESTING_MAX {
                        return Extent::Not;
                    }
                    self.objects.push(b == b'{');
                }
                b'}' | b']' => {
                    self.depth = match self.depth.checked_sub(1) {
                        Some(d) => d,
                        None => return Extent::Not,
                    };
                    self.objects.pop();
                    if self.depth == 0 {
                        return match closing_line_end(piece, i + 1) {
                            Extent::Closes(end) => Extent::Closes(base + end),
                            other => other,
                        };
                    }
                }
                b'\n' => {
                    self.lines += 1;
                    if self.lines > MULTI_LINE_MAX_LINES {
                        return Extent::Not;
                    }
                    if self.line_cannot_continue(&piece[i + 1..]) {
                        return Extent::Not;
                    }
                }
                _ => {}
            }
        }
        self.scanned += piece.len();
        Extent::Open
    }
}

impl Scanner {
    /// Whether `line`, a line that follows the open value's lines, cannot be one of them, so
    /// the value was cut short: waiting for it would hold back the records after it (on a
    /// live stream, until the bounds). Inside an object, a line at its first column starts
    /// with a member's name (`"`), a closing `}` or a leading comma; anything else there (a
    /// record of its own, `{"error":true,…}`, or a log line) is not the object's. An indented
    /// line, or a line inside an array (whose elements may be whole objects at the first
    /// column), can always continue.
    fn line_cannot_continue(&self, line: &[u8]) -> bool {
        self.objects.last() == Some(&true)
            && line
                .first()
                .is_some_and(|b| !matches!(b, b'"' | b'}' | b',' | b' ' | b'\t' | b'\r' | b'\n'))
    }
}

/// The end of the line that holds the closing bracket at `after - 1`, when the rest of that
/// line is blank.
fn closing_line_end(text: &[u8], after: usize) -> Extent {
    let rest = &text[after..];
    let newline = memchr::memchr(b'\n', rest);
    let tail = &rest[..newline.unwrap_or(rest.len())];
    if !tail.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
        return Extent::Not;
    }
    Extent::Closes(after + newline.map_or(rest.len(), |n| n + 1))
}

/// What reads the records that [`split`] and [`Stream`] cut from an input.
pub trait Reader {
    /// Reads `line` (without its newline), line `number` (1-based) of the input, as one record,
    /// and returns `true`. When `may_open` is true and `line` is JSON that ends before its
    /// value does, or opens a text record, reads nothing and returns `false`: the line may open
    /// a multi-line record, and is handed again (as a value or a text record, or with
    /// `may_open` false) once that is decided.
    fn line(&mut self, line: &[u8], number: u64, may_open: bool) -> bool;

    /// Reads `span`, one JSON value over whole lines of which the first is line `number`, as
    /// one record, and returns `true`; returns `false` having read nothing when `span` does
    /// not parse: its lines are then handed one by one.
    fn value(&mut self, span: &[u8], number: u64) -> bool;

    /// Reads `span`, one text record over whole lines (a line [`Reader::line`] declined as an
    /// opening one, and the indented lines that continue it; see [`text_extent`]) of which the
    /// first is line `number`, and returns `true`; returns `false` having read nothing when it
    /// is no record: its lines are then handed one by one.
    fn text(&mut self, span: &[u8], number: u64) -> bool {
        let _ = (span, number);
        false
    }
}

/// The lines `text` spans: its newlines, and one more for a last line without its newline.
pub fn lines_in(text: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', text).count() as u64
        + u64::from(!text.is_empty() && !text.ends_with(b"\n"))
}

/// Cuts `text` (whole lines, the first of which is line `first_line`) into records and hands
/// each to `reader`, in order. A last line without a newline is a record too. When `at_end`
/// is false, more input follows: a multi-line value still open at the end of `text` is left
/// unread. Returns how many bytes of `text` were read (all, unless such a value was left);
/// the rest starts a line, to be passed again with more input after it.
pub fn split(text: &[u8], first_line: u64, at_end: bool, reader: &mut impl Reader) -> usize {
    let mut number = first_line;
    let mut rest = text;
    while !rest.is_empty() {
        let (line, next) = match memchr::memchr(b'\n', rest) {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &rest[rest.len()..]),
        };
        if reader.line(line, number, true) {
            number += 1;
            rest = next;
            continue;
        }
        let json = extent(line) == Extent::Open;
        let reach = if json {
            extent(rest)
        } else {
            text_extent(rest, at_end)
        };
        match reach {
            Extent::Closes(end) => {
                let span = &rest[..end];
                let read = if json {
                    reader.value(span, number)
                } else {
                    reader.text(span, number)
                };
                if !read {
                    one_by_one(span, number, reader);
                }
                number += lines_in(span);
                rest = &rest[end..];
            }
            Extent::Open if !at_end => return text.len() - rest.len(),
            _ => {
                reader.line(line, number, false);
                number += 1;
                rest = next;
            }
        }
    }
    text.len()
}

/// Hands every line of `span` (the first is line `number`) to `reader` as a record of its own.
fn one_by_one(span: &[u8], number: u64, reader: &mut impl Reader) {
    for (i, line) in span.split_inclusive(|b| *b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        reader.line(line, number + i as u64, false);
    }
}

/// How far the text record whose opening line starts `text` reaches: that line and the
/// non-blank lines after it that start with a space or a tab, as long as the whole stays within
/// [`TEXT_MAX_LINES`] and [`MULTI_LINE_MAX_BYTES`]. [`Extent::Not`] when no such line follows
/// (the opening line is a record alone) or the bounds are passed; [`Extent::Open`] when `text`
/// ends inside the record and, `at_end` false, more input may continue it.
pub fn text_extent(text: &[u8], at_end: bool) -> Extent {
    let mut end = match memchr::memchr(b'\n', text) {
        Some(i) => i + 1,
        None => return Extent::Not,
    };
    let mut lines = 1;
    loop {
        let rest = &text[end..];
        if rest.is_empty() {
            return match (at_end, lines) {
                (_, 1) if at_end => Extent::Not,
                (true, _) => Extent::Closes(end),
                (false, _) => Extent::Open,
            };
        }
        let line_end = memchr::memchr(b'\n', rest).map_or(rest.len(), |i| i + 1);
        let line = &rest[..line_end];
        let continues = matches!(line.first(), Some(b' ' | b'\t'))
            && line
                .iter()
                .any(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
        if !continues {
            return if lines == 1 {
                Extent::Not
            } else {
                Extent::Closes(end)
            };
        }
        lines += 1;
        end += line_end;
        if lines > TEXT_MAX_LINES || end > MULTI_LINE_MAX_BYTES {
            return Extent::Not;
        }
        if !line.ends_with(b"\n") && !at_end {
            return Extent::Open;
        }
    }
}

/// An input cut into records as it arrives, piece by piece (standard input as it is read, or
/// chunks in input order): each record is handed to the reader as soon as its last line is
/// in. Only a multi-line value still open is held, and its lines are scanned once each as
/// they come; the bounds of a multi-line record bound what is held. The records are those
/// [`split`] finds in the whole input at once.
#[derive(Debug, Clone)]
pub struct Stream {
    /// The lines of a multi-line value still open; empty when none is.
    held: Vec<u8>,
    /// The number of the first held line, or of the next line when nothing is held.
    line: u64,
    /// The scan of `held`, fed as it grew.
    scanner: Scanner,
}

impl Stream {
    /// A stream whose first line is line `first_line`.
    pub fn new(first_line: u64) -> Self {
        Self {
            held: Vec::new(),
            line: first_line,
            scanner: Scanner::default(),
        }
    }

    /// Whether an open multi-line value is held, so the next piece may continue it.
    pub fn is_holding(&self) -> bool {
        !self.held.is_empty()
    }

    /// The number of the first line not yet read: the first held line, else the next line.
    pub fn next_line(&self) -> u64 {
        self.line
    }

    /// Reads the records that `lines` (whole lines, following those pushed before) completes.
    pub fn push(&mut self, lines: &[u8], reader: &mut impl Reader) {
        if self.held.is_empty() {
            self.read(lines, reader);
            return;
        }
        let reach = self.scanner.feed(lines);
        self.held.extend_from_slice(lines);
        if reach == Extent::Open {
            return;
        }
        // The held value closed or can be none: read it, and what follows it, as one pass would.
        let held = std::mem::take(&mut self.held);
        self.read(&held, reader);
    }

    /// Takes `lines` as [`Stream::push`] would, when its records up to byte `read` were
    /// already read by [`split`] elsewhere (on another thread, `at_end` false): only the rest,
    /// a multi-line value still open, is held. Nothing may be held already.
    pub fn resume(&mut self, lines: &[u8], read: usize) {
        debug_assert!(self.held.is_empty(), "resumed while holding a value");
        self.line += lines_in(&lines[..read]);
        self.hold(&lines[read..]);
    }

    /// Reads what is held, now that the input has ended: a value that never closed is read
    /// line by line.
    pub fn finish(&mut self, reader: &mut impl Reader) {
        let held = std::mem::take(&mut self.held);
        split(&held, self.line, true, reader);
        self.line += lines_in(&held);
    }

    fn read(&mut self, text: &[u8], reader: &mut impl Reader) {
        let read = split(text, self.line, false, reader);
        self.line += lines_in(&text[..read]);
        self.hold(&text[read..]);
    }

    fn hold(&mut self, open: &[u8]) {
        self.held.clear();
        self.held.extend_from_slice(open);
        self.scanner = Scanner::default();
        if !open.is_empty() {
            self.scanner.feed(open);
        }
    }
}

/// Whether the line at the start of `text` can begin a record: a cut made before it never
/// splits a pretty-printed value, whose inner lines start with blanks, a closing bracket, a
/// quote, a comma or a colon. Used to cut a large input into parts on record boundaries.
pub fn starts_record(line: &[u8]) -> bool {
    !matches!(
        line.first(),
        Some(b' ' | b'\t' | b'}' | b']' | b'"' | b',' | b':')
    )
}

/// Where to end a chunk cut from the start of `buf`: after the last newline that a line able to
/// start a record ([`starts_record`]) follows, else after the last newline; 0 when `buf` holds
/// no newline. A cut there splits a pretty-printed value only when its inner lines can start
/// records (an array of objects, one per line); [`Stream`] reads such a value whole all the
/// same.
pub fn last_boundary(buf: &[u8]) -> usize {
    let mut end = buf.len();
    while let Some(i) = memchr::memrchr(b'\n', &buf[..end]) {
        if i + 1 < buf.len() && starts_record(&buf[i + 1..]) {
            return i + 1;
        }
        end = i;
    }
    memchr::memrchr(b'\n', buf).map_or(0, |i| i + 1)
}

/// The first offset at or after `from` that starts a line which [`starts_record`], or `None`.
pub fn record_boundary(chunk: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    while at < chunk.len() {
        let newline = memchr::memchr(b'\n', &chunk[at..])?;
        let next = at + newline + 1;
        if next >= chunk.len() || starts_record(&chunk[next..]) {
            return Some(next);
        }
        at = next;
    }
    None
}

#[cfg(test)]
mod tests;
