//! Tests of record boundaries: pretty-printed values, bounds, streams and chunk cuts.

use super::*;

#[test]
fn a_pretty_printed_value_closes_on_the_line_of_its_last_bracket() {
    let text = b"{\n  \"error\": {\"code\": \"}\"},\n  \"x\": [1, 2]\n}\nnext\n";
    assert_eq!(extent(text), Extent::Closes(text.len() - 5));
    assert_eq!(extent(b"{\n  \"a\": 1,\n"), Extent::Open);
    assert_eq!(extent(b"{\n} trailing\n"), Extent::Not);
    assert_eq!(extent(b"not json {\n"), Extent::Not);
    assert_eq!(extent(b"}\n"), Extent::Not);
    // A whole record at the start of a line is no line of the value before it.
    assert_eq!(extent(b"{\"a\":\n{\"error\":true}\n"), Extent::Not);
    assert_eq!(extent(b"[\n  {\"a\": 1}\n]\n"), Extent::Closes(15));
    // Inside an object, a line at the first column that is no member's name ends the wait,
    // whether it comes in the same piece or in the next one (a live stream, line by line).
    assert_eq!(extent(b"{\"a\":\nx\n"), Extent::Not);
    let mut fed = Scanner::default();
    assert_eq!(fed.feed(b"{\"a\":\n"), Extent::Open);
    assert_eq!(fed.feed(b"{\"error\":true}\n"), Extent::Not);
    let mut pretty = Scanner::default();
    assert_eq!(pretty.feed(b"{\n"), Extent::Open);
    assert_eq!(pretty.feed(b"\"a\": {\n"), Extent::Open);
    assert_eq!(pretty.feed(b"  \"b\": 1\n"), Extent::Open);
    assert_eq!(pretty.feed(b"}\n"), Extent::Open);
    assert_eq!(pretty.feed(b"}\n"), Extent::Closes(22));
    // In an array, a whole object on a line of its own is an element.
    assert_eq!(extent(b"[\n{\"a\": 1}\n]\n"), Extent::Closes(13));
}

/// A file of lines `[` took 16 s for 100,000 lines: each line opened a value that every
/// later line continued. Past `NESTING_MAX` levels the wait ends, so each line is scanned by
/// at most that many open values.
#[test]
fn a_value_deeper_than_the_nesting_limit_is_no_record() {
    let mut scanner = Scanner::default();
    let mut fed = 0;
    let answer = loop {
        fed += 1;
        match scanner.feed(b"[\n") {
            Extent::Open if fed < 10_000 => {}
            other => break other,
        }
    };
    assert_eq!((answer, fed), (Extent::Not, NESTING_MAX + 1));
    let mut deep = "[".repeat(NESTING_MAX);
    deep.push_str(&"]".repeat(NESTING_MAX));
    deep.push('\n');
    assert_eq!(extent(deep.as_bytes()), Extent::Closes(deep.len()));
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

/// A reader that writes down the records it is handed, judging lines and spans with
/// `serde_json` as the normalizer does.
#[derive(Default)]
struct Recorder(Vec<(u64, bool, Vec<u8>)>);

impl Reader for Recorder {
    fn line(&mut self, line: &[u8], number: u64, may_open: bool) -> bool {
        let ends_early =
            serde_json::from_slice::<serde_json::Value>(line).is_err_and(|e| e.is_eof());
        if may_open && ends_early {
            return false;
        }
        self.0.push((number, false, line.to_vec()));
        true
    }

    fn value(&mut self, span: &[u8], number: u64) -> bool {
        if serde_json::from_slice::<serde_json::Value>(span).is_err() {
            return false;
        }
        self.0.push((number, true, span.to_vec()));
        true
    }
}

/// Lines of every kind: one-line records, pretty-printed values (one with records on its
/// inner lines, one that does not parse, with a blank line inside), text, and a value that
/// never closes, then a last line without its newline.
const MIXED: &[u8] = b"{\"a\":1}\n{\n  \"b\": [1,\n    2]\n}\nplain text\n[\n{\"c\":1},\n{\"d\":2}\n]\n{\n\n  \"e\" 1\n}\n{\"f\":\n\"tail\"}\n{\n  \"open\": [1,\n";

fn whole(text: &[u8]) -> Vec<(u64, bool, Vec<u8>)> {
    let mut all = Recorder::default();
    assert_eq!(split(text, 1, true, &mut all), text.len());
    all.0
}

#[test]
fn every_line_is_handed_over_once_in_order() {
    let records = whole(MIXED);
    let numbers: Vec<(u64, bool)> = records.iter().map(|r| (r.0, r.1)).collect();
    assert_eq!(
        numbers,
        [
            (1, false),
            (2, true),
            (6, false),
            (7, true),
            // The value that does not parse: each of its lines, the blank one included.
            (11, false),
            (12, false),
            (13, false),
            (14, false),
            (15, true),
            (17, false),
            (18, false),
        ]
    );
}

#[test]
fn a_stream_fed_piece_by_piece_finds_the_records_of_one_pass() {
    let want = whole(MIXED);
    let lines: Vec<&[u8]> = MIXED.split_inclusive(|b| *b == b'\n').collect();
    for group in 1..=lines.len() {
        let mut stream = Stream::new(1);
        let mut got = Recorder::default();
        for piece in lines.chunks(group) {
            stream.push(&piece.concat(), &mut got);
        }
        stream.finish(&mut got);
        assert_eq!(got.0, want, "pieces of {group} lines");
        assert!(!stream.is_holding());
        assert_eq!(stream.next_line(), 19);
    }
    // What a chunk read elsewhere left open is continued by the next piece.
    let cut = MIXED.len() - 40;
    let cut = memchr::memrchr(b'\n', &MIXED[..cut]).map_or(0, |i| i + 1);
    let mut got = Recorder::default();
    let read = split(&MIXED[..cut], 1, false, &mut got);
    let mut stream = Stream::new(1);
    stream.resume(&MIXED[..cut], read);
    stream.push(&MIXED[cut..], &mut got);
    stream.finish(&mut got);
    assert_eq!(got.0, want);
}

#[test]
fn a_cut_falls_before_a_line_that_can_start_a_record() {
    assert_eq!(last_boundary(b"{\"a\":1}\n{\n  \"b\": 2\n"), 8);
    assert_eq!(last_boundary(b"  x\n  y\n  z"), 8);
    assert_eq!(last_boundary(b"no newline"), 0);
}

#[test]
fn boundaries_skip_the_inner_lines_of_a_value() {
    let chunk = b"{\"a\":1}\n{\n  \"b\": 2\n}\n{\"c\":3}\n";
    assert_eq!(record_boundary(chunk, 0), Some(8));
    assert_eq!(record_boundary(chunk, 9), Some(21));
    assert_eq!(record_boundary(b"no newline", 0), None);
}
