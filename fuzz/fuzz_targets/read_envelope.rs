//! One line of arbitrary bytes through every public reader of envelopes: the fast path and the
//! checked path agree.
//!
//! Input: the line (invalid UTF-8 replaced by U+FFFD).
//!
//! The readers compared:
//! - `Envelope::from_json`: the check-only pass and the typed fast pass for a line they
//!   accept, else the checked reader (parse refusing repeated names, then `from_value`);
//! - `Envelope::check_json`: the check-only pass, else the checked reader;
//! - the checked reader by hand: `serde_json` parses the line into a `Value`, and
//!   `Envelope::from_value` reads it (no check for repeated names: a `Value` keeps one).
//!
//! Checked:
//! - `from_json` and `check_json` both accept the line or both refuse it with the same error,
//!   and what `check_json` returns is what the envelope says;
//! - a line `from_json` accepts parses, names no member twice (by the model of
//!   `failwise_fuzz::repeats_a_name`), and `from_value` builds the same envelope from it; a
//!   line refused for a repeated name does repeat one;
//! - a line `from_json` refuses for a reason other than its syntax or a repeated name parses,
//!   and `from_value` refuses it with the same error; one refused for its syntax does not
//!   parse;
//! - an envelope read is written as one line that reads back as itself
//!   (`failwise_fuzz::assert_round_trip`).

#![no_main]

use failwise::{Envelope, ReadErrorKind};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let line: &str = &line;
    let read = Envelope::from_json(line);
    let checked = Envelope::check_json(line);
    let parsed = serde_json::from_str::<Value>(line);
    match (&read, &checked) {
        (Ok(envelope), Ok(_)) => failwise_fuzz::assert_checked_agrees(line, envelope),
        (Err(a), Err(b)) => assert_eq!(a, b, "from_json and check_json refuse differently"),
        (Ok(_), Err(e)) => panic!("check_json refuses ({e}) a line from_json reads"),
        (Err(e), Ok(_)) => panic!("check_json accepts a line from_json refuses ({e})"),
    }
    match read {
        Ok(envelope) => {
            let value = match parsed {
                Ok(value) => value,
                Err(e) => panic!("from_json reads a line serde_json cannot parse ({e})"),
            };
            match Envelope::from_value(&value) {
                Ok(by_value) => assert_eq!(by_value, envelope, "the fast and checked paths differ"),
                Err(e) => panic!("from_value refuses ({e}) what from_json reads"),
            }
            assert!(
                !failwise_fuzz::repeats_a_name(line),
                "from_json reads a line that names a member twice"
            );
            failwise_fuzz::assert_round_trip(&envelope);
        }
        Err(e) => match e.kind() {
            ReadErrorKind::Syntax { .. } => {
                assert!(
                    parsed.is_err(),
                    "refused as not JSON ({e}), yet serde_json parses it"
                );
            }
            ReadErrorKind::DuplicateKey => assert!(
                failwise_fuzz::repeats_a_name(line),
                "refused for a repeated name ({e}) that the line does not repeat"
            ),
            _ => {
                let value = match parsed {
                    Ok(value) => value,
                    Err(p) => panic!("refused ({e}) past its syntax, yet it does not parse ({p})"),
                };
                assert_eq!(
                    Envelope::from_value(&value).err().as_ref(),
                    Some(&e),
                    "from_value and from_json refuse differently"
                );
            }
        },
    }
});
