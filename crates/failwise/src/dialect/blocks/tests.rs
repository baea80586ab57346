//! Text blocks: where they end, what is read, and that a block over many chunks reads as one.

use super::*;
use crate::dialect::{Dialect, NonFailures};
use crate::{ExitStatus, Verdict};

/// Reads a block as a failure when it holds a word ending in `Error: `, naming the block's
/// last such word as the code and keeping the whole text in `params.text`.
struct LastError;

impl BlockReader for LastError {
    fn read(&self, text: &str) -> Option<Envelope> {
        let line = text.lines().rev().find(|l| l.contains("Error: "))?;
        let end = line.find("Error: ")? + "Error".len();
        let start = line[..end]
            .rfind(|c: char| !c.is_alphanumeric())
            .map_or(0, |i| i + 1);
        let class = &line[start..end];
        let code = crate::Code::normalize(class, "EXIT");
        let envelope = Envelope::draft(code, ExitStatus::FAILURE, line)
            .verdict(Verdict::permanent())
            .param("text", text)
            .with_recovery("fix it");
        envelope.ok()
    }
}

fn normalize(input: &str) -> (String, Tally) {
    let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough)
        .reading_blocks(&LastError);
    let (mut out, mut tally) = (Vec::new(), Tally::default());
    normalizer.chunk(input.as_bytes(), 1, "-", &mut out, &mut tally);
    (String::from_utf8(out).expect("utf-8"), tally)
}

/// The output's lines, each an envelope's code or the line passed through.
fn shape(out: &str) -> Vec<String> {
    out.lines()
        .map(|l| match Envelope::from_json(l) {
            Ok(e) => format!("<{}>", e.code()),
            Err(_) => l.to_owned(),
        })
        .collect()
}

/// A chained Python traceback, captured by running
/// `python3 -c 'import json
/// try:
///     json.loads("{")
/// except ValueError as e:
///     raise RuntimeError("config unreadable") from e'` (Python 3.11).
const CHAINED: &str = r#"Traceback (most recent call last):
  File "<string>", line 3, in <module>
  File "/usr/lib/python3.11/json/__init__.py", line 346, in loads
    return _default_decoder.decode(s)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^
json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "<string>", line 5, in <module>
RuntimeError: config unreadable"#;

#[test]
fn a_chained_traceback_is_one_block_whose_failure_follows_its_lines() {
    let (out, tally) = normalize(&format!("{CHAINED}\n"));
    let lines = shape(&out);
    assert_eq!(lines.len(), CHAINED.lines().count() + 1, "{out}");
    assert_eq!(lines.last().map(String::as_str), Some("<RUNTIME_ERROR>"));
    assert_eq!(tally.found, 1);
    assert_eq!(tally.rejected, 0);
    assert_eq!(tally.read, CHAINED.lines().count() as u64);
    // The whole chain was read as one block.
    let envelope = Envelope::from_json(out.lines().last().unwrap()).unwrap();
    let text = envelope.params()["text"].as_str().unwrap().to_owned();
    assert!(text.starts_with("Traceback") && text.contains("JSONDecodeError"));
}

#[test]
fn a_block_ends_at_a_record_a_blank_line_or_a_new_failure() {
    let input = "starting\nValueError: bad value\n{\"progress\":1}\nKeyError: 'k'\n\nnote\nTypeError: t\nTraceback (most recent call last):\n  File \"x\", line 1\nOSError: gone\n";
    let (out, tally) = normalize(input);
    assert_eq!(
        shape(&out),
        [
            "starting",
            "ValueError: bad value",
            "<VALUE_ERROR>",
            "{\"progress\":1}",
            "KeyError: 'k'",
            "",
            // A block a blank line ends is read at the next line, which could continue it.
            "<KEY_ERROR>",
            "note",
            "TypeError: t",
            "<TYPE_ERROR>",
            "Traceback (most recent call last):",
            "  File \"x\", line 1",
            "OSError: gone",
            "<OS_ERROR>",
        ]
    );
    assert_eq!((tally.found, tally.rejected), (4, 0));
}

#[test]
fn a_block_cut_into_chunks_reads_as_the_whole_does() {
    let input = format!("log line\n{CHAINED}\n{{\"ok\":true}}\nlast words\nRuntimeError: end\n");
    let (want, want_tally) = normalize(&input);
    let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::PassThrough)
        .reading_blocks(&LastError);
    let bytes = input.as_bytes();
    for size in [1, 7, 40, 300] {
        let (mut got, mut tally, mut blocks) = (Vec::new(), Tally::default(), Blocks::new());
        let mut stream = crate::dialect::records::Stream::new(1);
        for piece in whole_lines(bytes, size) {
            let (mut out, mut marks) = (Vec::new(), Marks::default());
            stream.push(
                piece,
                &mut normalizer.reader("-", &mut out, &mut tally, &mut marks),
            );
            blocks.splice(&normalizer, &mut out, &marks, &mut tally);
            got.extend_from_slice(&out);
        }
        let mut out = Vec::new();
        blocks.end(&normalizer, &mut out, &mut tally);
        got.extend_from_slice(&out);
        assert_eq!(
            String::from_utf8_lossy(&got),
            want,
            "pieces of {size} bytes"
        );
        assert_eq!(tally, want_tally, "pieces of {size} bytes");
    }
}

/// `bytes` in pieces of whole lines, each of at least `size` bytes (or the rest).
fn whole_lines(bytes: &[u8], size: usize) -> Vec<&[u8]> {
    let mut pieces = Vec::new();
    let mut start = 0;
    while start < bytes.len() {
        let mut end = (start + size).min(bytes.len());
        while end < bytes.len() && bytes[end - 1] != b'\n' {
            end += 1;
        }
        pieces.push(&bytes[start..end]);
        start = end;
    }
    pieces
}

#[test]
fn a_log_line_that_opens_with_a_bracket_is_text_and_a_cut_record_is_rejected() {
    let (out, tally) = normalize(
        "[2026-11-30 10:00:00] ERROR OSError: disk gone\n{\"error\":true,\"code\":4,\"mess\n",
    );
    let lines = shape(&out);
    assert_eq!(lines[0], "[2026-11-30 10:00:00] ERROR OSError: disk gone");
    assert_eq!(lines[1], "<OS_ERROR>");
    assert_eq!(lines[2], "<UNREADABLE_RECORD>");
    assert_eq!((tally.found, tally.rejected), (1, 1));
}

#[test]
fn a_block_that_never_ends_keeps_its_last_bytes() {
    let line = "x".repeat(1000);
    let mut input = String::new();
    for _ in 0..500 {
        input.push_str(&line);
        input.push('\n');
    }
    input.push_str("ValueError: at the end\n");
    let (out, tally) = normalize(&input);
    assert_eq!(tally.found, 1);
    let envelope = Envelope::from_json(out.lines().last().unwrap()).unwrap();
    let text = envelope.params()["text"].as_str().unwrap();
    assert!(text.len() <= BLOCK_MAX_BYTES, "{}", text.len());
    assert!(text.ends_with("ValueError: at the end"));
}

#[test]
fn without_a_block_reader_text_lines_only_pass_through() {
    let normalizer = Normalizer::new(None, Dialect::Failwise, NonFailures::Drop);
    let (mut out, mut tally) = (Vec::new(), Tally::default());
    normalizer.chunk(b"ValueError: v\nplain\n", 1, "-", &mut out, &mut tally);
    assert!(out.is_empty());
    assert_eq!((tally.read, tally.dropped, tally.found), (2, 2, 0));
}

#[test]
fn what_starts_a_failure() {
    assert!(starts_failure("Traceback (most recent call last):"));
    assert!(starts_failure(
        "panic: runtime error: index out of range [3] with length 3"
    ));
    assert!(starts_failure(
        "Exception in thread \"main\" java.lang.IllegalStateException: x"
    ));
    assert!(starts_failure("thread 'main' panicked at src/main.rs:2:5:"));
    assert!(!starts_failure("thread 'main' started"));
    assert!(!starts_failure("  panic: indented"));
}
