//! `recognize_block` and `recognize_line` over arbitrary text: no panic, bounded time (the
//! run's `-timeout`), and a record found reads into an envelope that keeps its contract, or
//! fails with an error that renders.
//!
//! Input: one byte that forces a dialect when it names one (see `failwise_fuzz::forced`), one
//! byte of context around the text (`failwise_fuzz::context`), then the text (invalid UTF-8
//! replaced by U+FFFD).
//!
//! Checked, for the whole text as a block, the whole text as one line, and each of its lines:
//! - a block found with a forced dialect is in that dialect; one found without is in a
//!   dialect `detect` names for its record, or read by a dialect's text form;
//! - the block's exit status is the caller's (the text may state an HTTP status and a
//!   `Retry-After`, never an exit status), and a line's context is empty;
//! - `Block::read` gives an envelope whose line reads back as the same envelope
//!   (`failwise_fuzz::assert_round_trip`), or an error in the block's dialect whose message is
//!   not empty.

#![no_main]

use failwise::dialect::{Block, Context, Dialect, detect, recognize_block, recognize_line};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [force, around, text @ ..] = data else {
        return;
    };
    let forced = failwise_fuzz::forced(*force);
    let context = failwise_fuzz::context(*around);
    let text = String::from_utf8_lossy(text);
    if let Some(block) = recognize_block(&text, forced, context) {
        check(&block, forced, &text);
        // The text may state an HTTP status and a wait; the exit status is the caller's alone.
        assert_eq!(
            block.context.exit, context.exit,
            "a block lost the exit status"
        );
    }
    if let Some(block) = recognize_line(&text, forced) {
        check(&block, forced, &text);
    }
    for line in text.lines() {
        if let Some(block) = recognize_line(line, forced) {
            check(&block, forced, line);
            assert_eq!(
                block.context,
                Context::default(),
                "a line has a context: {line}"
            );
        }
    }
});

/// The dialects whose registry rows give the text scanner a text form.
const TEXT_FORMS: [Dialect; 3] = [Dialect::EvalMock, Dialect::Kubernetes, Dialect::Aws];

fn check(block: &Block, forced: Option<Dialect>, text: &str) {
    match forced {
        Some(dialect) => assert_eq!(block.dialect, dialect, "the forced dialect was not kept"),
        // A JSON record counts only when `detect` names its dialect; a dialect's text form
        // (eval-mock's human form, kubectl's line, an AWS XML body) is read by its own row.
        None => assert!(
            detect(&block.value) == Some(block.dialect) || TEXT_FORMS.contains(&block.dialect),
            "a record found in {text:?} is not in the dialect detection names: {block:?}"
        ),
    }
    match block.read() {
        Ok(envelope) => failwise_fuzz::assert_round_trip(&envelope),
        Err(e) => {
            assert_eq!(e.dialect, block.dialect, "the error names another dialect");
            assert!(!e.to_string().is_empty(), "an error without a message");
            let _ = e.phrase();
        }
    }
}
