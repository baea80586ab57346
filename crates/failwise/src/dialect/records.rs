//! Where the records of an input begin and end: one line each, except a JSON value
//! pretty-printed over several lines (a line that opens `{` or `[` and does not parse alone),
//! which is one record up to the line that closes it.
//!
//! A multi-line record is bounded ([`MULTI_LINE_MAX_BYTES`], [`MULTI_LINE_MAX_LINES`]); a value
//! that does not close within the bounds, or is followed by more text on its closing line, is
//! no multi-line record, and its lines are read one by one as before.

/// The most bytes one multi-line record may span (1 MiB).
pub const MULTI_LINE_MAX_BYTES: usize = 1 << 20;

/// The most lines one multi-line record may span.
pub const MULTI_LINE_MAX_LINES: usize = 65_536;

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
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => {
                    self.depth = match self.depth.checked_sub(1) {
                        Some(d) => d,
                        None => return Extent::Not,
                    };
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
                }
                _ => {}
            }
        }
        self.scanned += piece.len();
        Extent::Open
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

/// Whether the line at the start of `text` can begin a record: a cut made before it never
/// splits a pretty-printed value, whose inner lines start with blanks, a closing bracket, a
/// quote, a comma or a colon. Used to cut a large input into parts on record boundaries.
pub fn starts_record(line: &[u8]) -> bool {
    !matches!(
        line.first(),
        Some(b' ' | b'\t' | b'}' | b']' | b'"' | b',' | b':')
    )
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
mod tests {
    use super::*;

    #[test]
    fn a_pretty_printed_value_closes_on_the_line_of_its_last_bracket() {
        let text = b"{\n  \"error\": {\"code\": \"}\"},\n  \"x\": [1, 2]\n}\nnext\n";
        assert_eq!(extent(text), Extent::Closes(text.len() - 5));
        assert_eq!(extent(b"{\n  \"a\": 1,\n"), Extent::Open);
        assert_eq!(extent(b"{\n} trailing\n"), Extent::Not);
        assert_eq!(extent(b"not json {\n"), Extent::Not);
        assert_eq!(extent(b"}\n"), Extent::Not);
    }

    #[test]
    fn a_value_beyond_the_bounds_is_no_record() {
        let mut big = b"{\n\"a\": \"".to_vec();
        big.extend(std::iter::repeat_n(b'x', MULTI_LINE_MAX_BYTES));
        assert_eq!(extent(&big), Extent::Not);
        let many = "[\n".to_owned() + &"1,\n".repeat(MULTI_LINE_MAX_LINES + 1);
        assert_eq!(extent(many.as_bytes()), Extent::Not);
    }

    #[test]
    fn a_scanner_fed_line_by_line_agrees_with_one_scan() {
        let text = b"[\n  {\"a\": \"]\"},\n  {\"b\": 2}\n]\n{\"next\":1}\n";
        let mut scanner = Scanner::default();
        let mut answer = Extent::Open;
        for line in text.split_inclusive(|b| *b == b'\n') {
            answer = scanner.feed(line);
            if answer != Extent::Open {
                break;
            }
        }
        assert_eq!(answer, extent(text));
        assert_eq!(answer, Extent::Closes(text.len() - 11));
    }

    #[test]
    fn boundaries_skip_the_inner_lines_of_a_value() {
        let chunk = b"{\"a\":1}\n{\n  \"b\": 2\n}\n{\"c\":3}\n";
        assert_eq!(record_boundary(chunk, 0), Some(8));
        assert_eq!(record_boundary(chunk, 9), Some(21));
        assert_eq!(record_boundary(b"no newline", 0), None);
    }
}
