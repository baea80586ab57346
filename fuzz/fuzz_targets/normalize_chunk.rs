//! `Normalizer` over arbitrary bytes, read whole and cut into pieces, with the invariants of
//! `failwise normalize`'s output.
//!
//! Input: one options byte (bit 0: drop non-failures instead of passing them through; the
//! other bits, shifted down, force a dialect when they name one, see `failwise_fuzz::forced`),
//! two bytes of a cut offset (little-endian, taken modulo the text's length plus one), then the
//! text.
//!
//! Checked, for the text read in one pass (`Normalizer::chunk`):
//! - the output is whole lines; every line is UTF-8, and is one JSON value or a blank line
//!   passed through;
//! - the lines written plus the records dropped are the records the `Tally` read, and the
//!   tally's parts add up to what it read;
//! - every line that reads as an envelope (`Envelope::from_json`) is one the normalizer wrote
//!   (normalized or rejected: a record passed through as a non-failure is never an envelope),
//!   and is written exactly as the envelope it reads back as would be;
//! - the same text cut into two pieces at the line boundary at or after the cut offset, read
//!   through a `records::Stream`, through `chunk_partial` and `Stream::resume` as
//!   `failwise normalize`'s pool does, and line by line through a `Stream`, gives the same
//!   bytes and the same tally.

#![no_main]

use failwise::Envelope;
use failwise::dialect::records::{self, Stream};
use failwise::dialect::{Dialect, NonFailures, Normalizer, Tally};
use libfuzzer_sys::fuzz_target;

/// The name rejections give the input.
const INPUT: &str = "in.ndjson";

fuzz_target!(|data: &[u8]| {
    let [options, lo, hi, text @ ..] = data else {
        return;
    };
    let non_failures = if options & 1 == 1 {
        NonFailures::Drop
    } else {
        NonFailures::PassThrough
    };
    let normalizer = Normalizer::new(
        failwise_fuzz::forced(options >> 1),
        Dialect::Failwise,
        non_failures,
    );
    let (mut whole, mut tally) = (Vec::new(), Tally::default());
    normalizer.chunk(text, 1, INPUT, &mut whole, &mut tally);
    check_output(&whole, tally, non_failures);

    let cut = line_boundary(text, usize::from(u16::from_le_bytes([*lo, *hi])));
    let (first, second) = text.split_at(cut);
    let streamed = through_a_stream(&normalizer, &[first, second]);
    same(&whole, tally, &streamed, "a stream of two pieces", cut);
    let pooled = as_the_pool_does(&normalizer, first, second);
    same(&whole, tally, &pooled, "chunk_partial and resume", cut);
    let lines: Vec<&[u8]> = text.split_inclusive(|b| *b == b'\n').collect();
    let by_line = through_a_stream(&normalizer, &lines);
    same(&whole, tally, &by_line, "a stream fed line by line", cut);
});

/// The offset just after the first newline at or after `at - 1` (modulo the text's length plus
/// one), so that the first piece is whole lines: 0, the end, or an offset after a newline.
fn line_boundary(text: &[u8], at: usize) -> usize {
    let at = at % (text.len() + 1);
    if at == 0 {
        return 0;
    }
    match memchr(b'\n', &text[at - 1..]) {
        Some(i) => at + i,
        None => text.len(),
    }
}

fn memchr(needle: u8, haystack: &[u8]) -> Option<usize> {
    haystack.iter().position(|b| *b == needle)
}

/// `pieces` (whole lines each, but the last) pushed through one `Stream`, then finished.
fn through_a_stream(normalizer: &Normalizer, pieces: &[&[u8]]) -> (Vec<u8>, Tally) {
    let (mut out, mut tally) = (Vec::new(), Tally::default());
    let mut stream = Stream::new(1);
    let mut reader = normalizer.reader(INPUT, &mut out, &mut tally);
    for piece in pieces {
        stream.push(piece, &mut reader);
    }
    stream.finish(&mut reader);
    (out, tally)
}

/// Two chunks as `failwise normalize` reads them: each normalized on its own with
/// `chunk_partial` (as on two workers), then taken in order by a writer that resumes a
/// `Stream` after each, and reads the second chunk again through it when the first left a
/// value open.
fn as_the_pool_does(normalizer: &Normalizer, first: &[u8], second: &[u8]) -> (Vec<u8>, Tally) {
    let work = |chunk: &[u8], first_line: u64| {
        let (mut out, mut tally) = (Vec::new(), Tally::default());
        let read = normalizer.chunk_partial(chunk, first_line, INPUT, &mut out, &mut tally);
        assert!(read <= chunk.len(), "chunk_partial read past the chunk");
        (out, tally, read)
    };
    let second_line = 1 + records::lines_in(first);
    let chunks = [(first, 1), (second, second_line)];
    let done: Vec<_> = chunks.iter().map(|&(c, n)| work(c, n)).collect();
    let (mut out, mut tally) = (Vec::new(), Tally::default());
    let mut stream = Stream::new(1);
    for (&(chunk, first_line), (bytes, counted, read)) in chunks.iter().zip(done) {
        if stream.is_holding() {
            let (mut again, mut recounted) = (Vec::new(), Tally::default());
            stream.push(
                chunk,
                &mut normalizer.reader(INPUT, &mut again, &mut recounted),
            );
            out.extend_from_slice(&again);
            tally.merge(recounted);
        } else {
            assert_eq!(stream.next_line(), first_line, "the stream lost its line");
            stream.resume(chunk, read);
            out.extend_from_slice(&bytes);
            tally.merge(counted);
        }
    }
    let mut reader = normalizer.reader(INPUT, &mut out, &mut tally);
    stream.finish(&mut reader);
    (out, tally)
}

fn same(whole: &[u8], tally: Tally, (out, counted): &(Vec<u8>, Tally), how: &str, cut: usize) {
    assert_eq!(
        String::from_utf8_lossy(out),
        String::from_utf8_lossy(whole),
        "{how} (cut at {cut}) differs from one pass"
    );
    assert_eq!(*counted, tally, "{how} (cut at {cut}) counts differently");
}

/// The invariants of one pass's output.
fn check_output(out: &[u8], tally: Tally, non_failures: NonFailures) {
    assert!(
        out.is_empty() || out.ends_with(b"\n"),
        "the output does not end with a newline"
    );
    assert_eq!(
        tally.read,
        tally.normalized + tally.passed_through + tally.dropped + tally.rejected,
        "the tally's parts do not add up: {tally:?}"
    );
    if non_failures == NonFailures::PassThrough {
        assert_eq!(tally.dropped, 0, "dropped while passing through: {tally:?}");
    } else {
        assert_eq!(
            tally.passed_through, 0,
            "passed through while dropping: {tally:?}"
        );
    }
    let (mut lines, mut envelopes, mut others) = (0, 0, 0);
    for line in out.split(|b| *b == b'\n') {
        lines += 1;
        let Ok(text) = std::str::from_utf8(line) else {
            panic!("an output line is not UTF-8: {line:?}");
        };
        if text.trim().is_empty() {
            others += 1;
            continue;
        }
        if let Err(e) = serde_json::from_str::<serde_json::Value>(text) {
            panic!("an output line is not one JSON value ({e}): {text}");
        }
        match Envelope::from_json(text) {
            Ok(envelope) => {
                envelopes += 1;
                assert_eq!(
                    envelope.to_json_line(),
                    text,
                    "an envelope line is not written as it reads back"
                );
                failwise_fuzz::assert_checked_agrees(text, &envelope);
            }
            Err(_) => others += 1,
        }
    }
    // `split` gives one piece after the last newline (empty): it is no line.
    lines -= 1;
    others -= 1;
    assert_eq!(
        lines + tally.dropped,
        tally.read,
        "{lines} lines written and {} dropped, but {} records read",
        tally.dropped,
        tally.read
    );
    assert_eq!(
        envelopes,
        tally.normalized + tally.rejected,
        "{envelopes} envelope lines, but {tally:?}"
    );
    assert_eq!(
        others, tally.passed_through,
        "{others} other lines, but {tally:?}"
    );
}
