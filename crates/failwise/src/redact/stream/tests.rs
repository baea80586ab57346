//! Tests of the stream redactor: values across chunk boundaries, what is held back and when it
//! is released, markers that spell a value, and the properties over arbitrary chunkings.

use proptest::prelude::*;

use crate::redact::{Redactor, StreamRedactor};

fn redactor(values: &[&str]) -> StreamRedactor {
    let mut r = Redactor::new();
    for v in values {
        r.register(*v).expect("a registrable value");
    }
    r.stream().expect("values are registered")
}

/// Feeds `chunks` one by one, returning what was released after each, then at the end.
fn feed_all(stream: &mut StreamRedactor, chunks: &[&[u8]]) -> (Vec<Vec<u8>>, Vec<u8>) {
    let mut steps = Vec::new();
    for chunk in chunks {
        let mut out = Vec::new();
        stream.feed(chunk, &mut out);
        steps.push(out);
    }
    let mut last = Vec::new();
    stream.finish(&mut last);
    (steps, last)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn no_registered_value_means_no_stream_redactor() {
    assert!(Redactor::new().stream().is_none());
}

#[test]
fn only_a_possible_start_of_a_value_is_held_and_it_is_released_once_ruled_out() {
    let mut s = redactor(&["hunter2hunter2"]);
    let (steps, last) = feed_all(
        &mut s,
        &[b"line one\nprompt> hun", b"gry\n", b"hunter2", b"!"],
    );
    assert_eq!(steps[0], b"line one\nprompt> ");
    assert_eq!(
        steps[1], b"hungry\n",
        "released as soon as `g` ruled the value out"
    );
    assert_eq!(steps[2], b"", "`hunter2` could begin the value");
    assert_eq!(steps[3], b"hunter2!");
    assert!(last.is_empty());
    assert_eq!(s.count(), 0);
}

/// A value registered with whitespace around it (an environment variable's value ending in a
/// newline) is masked where the command prints it trimmed, as the envelope masks it, and
/// masked whole where it appears whole.
#[test]
fn a_value_with_whitespace_around_it_is_masked_trimmed_and_whole() {
    for value in ["S3cr3tValue99\n", "  S3cr3tValue99  ", "S3cr3tValue99 "] {
        let mut s = redactor(&[value]);
        let (steps, last) = feed_all(&mut s, &[b"token=S3cr3t", b"Value99. done\n"]);
        let all: Vec<u8> = steps.concat().into_iter().chain(last).collect();
        assert_eq!(all, b"token=[REDACTED:secret]. done\n", "{value:?}");
        assert_eq!(s.count(), 1);
        let mut s = redactor(&[value]);
        let whole = format!("<{value}>");
        let (steps, last) = feed_all(&mut s, &[whole.as_bytes()]);
        let all: Vec<u8> = steps.concat().into_iter().chain(last).collect();
        assert_eq!(all, b"<[REDACTED:secret]>", "{value:?}");
        assert_eq!(s.count(), 1);
    }
}

#[test]
fn a_value_split_across_chunks_is_masked() {
    let mut s = redactor(&["hunter2hunter2"]);
    let (steps, last) = feed_all(&mut s, &[b"pw=hu", b"nter2h", b"unter2", b" ok"]);
    let all: Vec<u8> = steps.concat().into_iter().chain(last).collect();
    assert_eq!(all, b"pw=[REDACTED:secret] ok");
    assert_eq!(s.count(), 1);
}

#[test]
fn what_is_held_at_the_end_is_released_by_finish() {
    let mut s = redactor(&["hunter2hunter2"]);
    let (steps, last) = feed_all(&mut s, &[b"no newline: hunter2hunt"]);
    assert_eq!(steps[0], b"no newline: ");
    assert_eq!(last, b"hunter2hunt");
}

#[test]
fn a_marker_that_spells_a_value_with_its_neighbours_is_masked_again() {
    // Masking the second copy would print `abcdefg[REDACTED:secret]`, which begins with the
    // value itself.
    let mut s = redactor(&["abcdefg["]);
    let (steps, last) = feed_all(&mut s, &[b"abcdefgabcdefg[", b"\n"]);
    let all: Vec<u8> = steps.concat().into_iter().chain(last).collect();
    assert!(
        !contains(&all, b"abcdefg["),
        "{}",
        String::from_utf8_lossy(&all)
    );
    // A value that begins inside the marker's end.
    let mut s = redactor(&["t]abcdefgh"]);
    let (steps, last) = feed_all(&mut s, &[b"t]abcdefgh", b"abcdefgh"]);
    let all: Vec<u8> = steps.concat().into_iter().chain(last).collect();
    assert!(
        !contains(&all, b"t]abcdefgh"),
        "{}",
        String::from_utf8_lossy(&all)
    );
    assert_eq!(s.count(), 2);
}

#[test]
fn the_longest_value_ending_at_a_byte_is_the_one_masked() {
    let mut s = redactor(&["bcdefghi", "abcdefghi"]);
    let (steps, last) = feed_all(&mut s, &[b"xabcdefghiy"]);
    let all: Vec<u8> = steps.concat().into_iter().chain(last).collect();
    assert_eq!(all, b"x[REDACTED:secret]y");
}

#[test]
fn output_that_keeps_looking_like_a_value_is_not_held_forever() {
    let mut s = redactor(&["bbbbbbbbX"]);
    let mut out = Vec::new();
    s.feed(&vec![b'b'; super::HOLD_LIMIT_BYTES + 100], &mut out);
    assert!(s.held() <= super::HOLD_LIMIT_BYTES);
    assert!(!out.is_empty());
}

/// Cuts `bytes` at the given points (taken modulo its length).
fn chunked(bytes: &[u8], cuts: &[usize]) -> Vec<Vec<u8>> {
    let mut points: Vec<usize> = cuts.iter().map(|c| c % (bytes.len() + 1)).collect();
    points.push(0);
    points.push(bytes.len());
    points.sort_unstable();
    points.dedup();
    points
        .windows(2)
        .map(|w| bytes[w[0]..w[1]].to_vec())
        .collect()
}

fn run(stream: &mut StreamRedactor, chunks: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for c in chunks {
        stream.feed(c, &mut out);
    }
    stream.finish(&mut out);
    out
}

/// Pieces of an input: plain bytes, a copy of a value, a fragment of one, part of the marker.
fn piece(values: Vec<String>) -> impl Strategy<Value = Vec<u8>> {
    let n = values.len();
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..12),
        (0..n).prop_map({
            let v = values.clone();
            move |i| v[i].clone().into_bytes()
        }),
        (0..n, any::<usize>(), any::<usize>()).prop_map(move |(i, a, b)| {
            let bytes = values[i].as_bytes();
            let (a, b) = (a % (bytes.len() + 1), b % (bytes.len() + 1));
            bytes[a.min(b)..a.max(b)].to_vec()
        }),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| {
            let m = b"[REDACTED:secret]";
            let (a, b) = (a % (m.len() + 1), b % (m.len() + 1));
            m[a.min(b)..a.max(b)].to_vec()
        }),
    ]
}

fn case() -> impl Strategy<Value = (Vec<String>, Vec<u8>, Vec<usize>)> {
    proptest::collection::vec(
        prop_oneof![
            "\\PC{8,24}",
            "[a-c\\[\\]]{8,12}",
            "[ab]{8,10}",
            "[A-Za-z0-9 .*+?()\\[\\]{}|^$/é漢:-]{8,40}",
        ],
        1..4,
    )
    .prop_flat_map(|values| {
        let pieces =
            proptest::collection::vec(piece(values.clone()), 0..16).prop_map(|ps| ps.concat());
        (
            Just(values),
            pieces,
            proptest::collection::vec(any::<usize>(), 0..12),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Whatever the values and however the input is chunked, no registered value appears in
    /// the output; the output does not depend on the chunking; input that contains no value
    /// comes out unchanged.
    #[test]
    fn no_value_survives_any_chunking((values, input, cuts) in case()) {
        let mut r = Redactor::new();
        for v in &values {
            let _ = r.register(v.clone());
        }
        prop_assume!(!r.secrets().is_empty());
        let whole = run(&mut r.stream().expect("registered"), std::slice::from_ref(&input));
        let chunks = chunked(&input, &cuts);
        let mut stream = r.stream().expect("registered");
        let pieces = run(&mut stream, &chunks);
        prop_assert_eq!(&pieces, &whole, "the chunking changed the output");
        for v in r.secrets() {
            prop_assert!(
                !contains(&pieces, v.as_bytes()),
                "{:?} in {:?}", v, String::from_utf8_lossy(&pieces)
            );
        }
        for p in &r.byte_patterns {
            prop_assert!(
                !contains(&pieces, p),
                "{:?} in {:?}", String::from_utf8_lossy(p), String::from_utf8_lossy(&pieces)
            );
        }
        let clean = !r.byte_patterns.iter().any(|p| contains(&input, p));
        if clean {
            prop_assert_eq!(&pieces, &input);
            prop_assert_eq!(stream.count(), 0);
        } else {
            prop_assert!(stream.count() >= 1);
        }
    }

    /// Byte-by-byte feeding releases everything before the bytes that could begin a value: what
    /// is held never starts with a byte that begins no value.
    #[test]
    fn what_is_held_could_begin_a_value((values, input, _cuts) in case()) {
        let mut r = Redactor::new();
        for v in &values {
            let _ = r.register(v.clone());
        }
        prop_assume!(!r.secrets().is_empty());
        let mut stream = r.stream().expect("registered");
        let mut out = Vec::new();
        for byte in &input {
            stream.feed(std::slice::from_ref(byte), &mut out);
            if let Some(&first) = stream.pending.first() {
                prop_assert!(
                    r.stream_patterns.iter().any(|p| p[0] == first),
                    "held {:?}", String::from_utf8_lossy(&stream.pending)
                );
            }
        }
    }
}
