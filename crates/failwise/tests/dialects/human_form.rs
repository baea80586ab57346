//! eval-mock's human form in a stream: `error [CODE]: message` with its indented `at:` and
//! `hint:` lines is one record, whichever way the input is cut (one chunk, chunks cut at every
//! line, a stream fed line by line), read as eval-mock's JSON record is; what `--to
//! eval-mock@human` writes reads back as what `--to eval-mock` writes.

use failwise::Envelope;
use failwise::dialect::blocks::Marks;
use failwise::dialect::records::{Reader, Stream};
use failwise::dialect::{Context, Dialect, Form, NonFailures, Normalizer, Tally};
use proptest::prelude::*;

use crate::envelopes::envelope;

const INPUT: &str = concat!(
    "{\"ok\":true}\n",
    "error [TIME_CONFLICT]: overlapping window\n",
    "  at: cal.yaml:3:7\n",
    "  hint: pick another slot\n",
    "{\"error\":true,\"code\":4,\"message\":\"memory not found: design-auth\"}\n",
    "error [RATE_LIMIT]: slow down\n",
    "error [EMAIL_NOT_FOUND]: no message m-1\n",
    "  hint: did you mean 'm-2'?\n",
    "{\"progress\":0.5}\n",
    "error [TIMEOUT]: the tool timed out\n",
    "  hint: retry later",
);

/// The records of `INPUT`, normalized in one chunk.
fn whole(normalizer: &Normalizer) -> (Vec<u8>, Tally) {
    let (mut out, mut tally) = (Vec::new(), Tally::default());
    normalizer.chunk(INPUT.as_bytes(), 1, "-", &mut out, &mut tally);
    (out, tally)
}

fn envelopes(out: &[u8]) -> Vec<Envelope> {
    std::str::from_utf8(out)
        .expect("UTF-8")
        .lines()
        .filter_map(|l| Envelope::from_json(l).ok())
        .collect()
}

#[test]
fn a_human_record_and_its_indented_lines_are_one_record() {
    let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough);
    let (out, tally) = whole(&normalizer);
    // 11 lines: 4 human records (7 lines), 1 JSON failure, 2 non-failures.
    assert_eq!(
        (
            tally.read,
            tally.normalized,
            tally.passed_through,
            tally.rejected
        ),
        (7, 5, 2, 0),
        "{}",
        String::from_utf8_lossy(&out)
    );
    let read = envelopes(&out);
    let codes: Vec<&str> = read.iter().map(|e| e.code().as_str()).collect();
    assert_eq!(
        codes,
        [
            "TIME_CONFLICT",
            "NOT_FOUND",
            "RATE_LIMIT",
            "EMAIL_NOT_FOUND",
            "TIMEOUT"
        ]
    );
    let conflict = &read[0];
    assert_eq!(conflict.recovery(), "pick another slot");
    let location = conflict.location().expect("a location");
    assert_eq!(
        (location.path.as_deref(), location.line, location.column),
        (Some("cal.yaml"), Some(3), Some(7))
    );
    assert_eq!(read[3].nearby(), ["m-2"]);
    // Read as its JSON record is.
    let json = serde_json::json!({"error": {"code": "TIME_CONFLICT", "message": "overlapping window",
        "hint": "pick another slot", "location": "cal.yaml:3:7"}});
    assert_eq!(
        Some(conflict),
        Dialect::EvalMock
            .read(&json, &Context::default())
            .ok()
            .as_ref()
    );
}

#[test]
fn a_forced_dialect_reads_the_human_form_only_when_it_is_eval_mock() {
    let forced = Normalizer::new(
        Some(Dialect::EvalMock),
        Dialect::Failwise,
        NonFailures::Drop,
    );
    let (out, tally) = whole(&forced);
    assert_eq!(tally.normalized, 4, "{}", String::from_utf8_lossy(&out));
    let other = Normalizer::new(
        Some(Dialect::Atomwrite),
        Dialect::Failwise,
        NonFailures::Drop,
    );
    let (out, _) = whole(&other);
    let codes: Vec<String> = envelopes(&out)
        .iter()
        .map(|e| e.code().as_str().to_owned())
        .collect();
    assert!(!codes.iter().any(|c| c == "TIME_CONFLICT"), "{codes:?}");
}

/// A reader that normalizes into shared buffers, for a [`Stream`].
fn streamed(normalizer: &Normalizer, pieces: &[&[u8]]) -> (Vec<u8>, Tally) {
    let (mut out, mut tally, mut marks) = (Vec::new(), Tally::default(), Marks::default());
    let mut stream = Stream::new(1);
    for piece in pieces {
        let mut reader = normalizer.reader("-", &mut out, &mut tally, &mut marks);
        stream.push(piece, &mut reader);
    }
    let mut reader = normalizer.reader("-", &mut out, &mut tally, &mut marks);
    stream.finish(&mut reader);
    (out, tally)
}

#[test]
fn every_cut_of_the_input_finds_the_records_of_one_pass() {
    let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough);
    let expected = whole(&normalizer);
    // Line by line, as standard input arrives.
    let lines: Vec<&[u8]> = INPUT.as_bytes().split_inclusive(|b| *b == b'\n').collect();
    assert_eq!(streamed(&normalizer, &lines), expected);
    // Two chunks, cut after every line: the first read with more input to come.
    for cut in 1..lines.len() {
        let head: Vec<u8> = lines[..cut].concat();
        let tail: Vec<u8> = lines[cut..].concat();
        let (mut out, mut tally) = (Vec::new(), Tally::default());
        let read =
            normalizer.chunk_partial(&head, 1, "-", &mut out, &mut tally, &mut Marks::default());
        let mut rest = head[read..].to_vec();
        rest.extend_from_slice(&tail);
        let first_line = 1 + head[..read].iter().filter(|b| **b == b'\n').count() as u64;
        normalizer.chunk(&rest, first_line, "-", &mut out, &mut tally);
        assert_eq!((out, tally), expected, "cut after line {cut}");
    }
}

/// The reader's own default: a text record a [`Reader`] does not read is handed back line by
/// line.
#[test]
fn a_reader_without_text_records_gets_the_lines_one_by_one() {
    struct Lines(Vec<u64>);
    impl Reader for Lines {
        fn line(&mut self, line: &[u8], number: u64, may_open: bool) -> bool {
            if may_open && line.starts_with(b"error [") {
                return false;
            }
            self.0.push(number);
            true
        }
        fn value(&mut self, _span: &[u8], _number: u64) -> bool {
            false
        }
    }
    let mut reader = Lines(Vec::new());
    failwise::dialect::records::split(INPUT.as_bytes(), 1, true, &mut reader);
    assert_eq!(reader.0, (1..=11).collect::<Vec<u64>>());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn the_human_form_reads_back_as_the_json_form(envelope in envelope()) {
        let line = envelope.to_json_line();
        let write = |to: Form| {
            let normalizer = Normalizer::new(None, to, NonFailures::PassThrough);
            let (mut out, mut tally) = (Vec::new(), Tally::default());
            normalizer.chunk(line.as_bytes(), 1, "-", &mut out, &mut tally);
            out
        };
        let read = |written: &[u8]| {
            let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough);
            let (mut out, mut tally) = (Vec::new(), Tally::default());
            normalizer.chunk(written, 1, "-", &mut out, &mut tally);
            (String::from_utf8(out).expect("UTF-8"), tally)
        };
        let human = write(Form::EvalMockHuman);
        let (from_human, tally) = read(&human);
        prop_assert_eq!(tally.read, 1, "{}", String::from_utf8_lossy(&human));
        let mut json = read(&write(Form::Dialect(Dialect::EvalMock))).0;
        // The human form is one line per member, and shows a control or bidirectional
        // formatting character as its escape (a terminal reads it): a text with a line break
        // or such a character reads back as it was shown, not as it was.
        let path = envelope.location().and_then(|l| l.path.as_deref()).or(envelope.path());
        let texts = [envelope.message(), envelope.recovery(), path.unwrap_or_default()];
        if texts.iter().any(|t| failwise::render::visible(t) != *t) {
            json = from_human.clone();
        }
        prop_assert_eq!(from_human, json, "{}", String::from_utf8_lossy(&human));
    }
}
