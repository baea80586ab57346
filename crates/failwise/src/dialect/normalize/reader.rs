//! [`RecordReader`]: the records of one input handed to a [`Normalizer`] one by one, with the
//! marks of the text lines among them.

use super::{Normalizer, Seen, Tally};
use crate::dialect::blocks::Marks;
use crate::dialect::records;
use crate::dialect::rejection::{duplicate, once};
use crate::dialect::text::recognize_text_record;
use crate::phrase::Arg;
use crate::read::UniqueError;

/// The records of one input, normalized as [`records::split`] or a [`records::Stream`] hands
/// them over (made by [`Normalizer::reader`]).
#[derive(Debug)]
pub struct RecordReader<'r, 'a> {
    pub(super) normalizer: &'r Normalizer<'a>,
    pub(super) input: &'r str,
    pub(super) out: &'r mut Vec<u8>,
    pub(super) tally: &'r mut Tally,
    pub(super) marks: &'r mut Marks,
}

impl records::Reader for RecordReader<'_, '_> {
    fn line(&mut self, line: &[u8], number: u64, may_open: bool) -> bool {
        let at = self.out.len();
        let seen = self
            .normalizer
            .line(line, number, self.input, self.out, self.tally, may_open);
        match seen {
            None => return false,
            Some(Seen::Text) => {
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                self.marks.text(at, number, &String::from_utf8_lossy(line));
            }
            Some(Seen::Blank) => self.marks.blank(at),
            Some(Seen::Record) => self.marks.record(at),
        }
        true
    }

    /// A text record (eval-mock's human form with its indented lines): one record, read as
    /// its dialect's text form reads it; a record its dialect cannot read is rejected.
    fn text(&mut self, span: &[u8], number: u64) -> bool {
        let Ok(text) = std::str::from_utf8(span) else {
            return false;
        };
        let Some(block) = recognize_text_record(text, self.normalizer.from) else {
            return false;
        };
        self.marks.record(self.out.len());
        let disposition = match block.read() {
            Ok(envelope) => self.normalizer.emit(&envelope, self.out),
            Err(e) => self
                .normalizer
                .reject(number, self.input, Arg::Phrase(e.phrase()), self.out),
        };
        self.tally.add(disposition);
        true
    }

    /// A JSON value spread over the lines of `span`: one record, passed through (when it is
    /// no failure) in its compact one-line form.
    fn value(&mut self, span: &[u8], number: u64) -> bool {
        let at = self.out.len();
        let value = match crate::read::parse_unique_slice(span) {
            Ok(value) => value,
            Err(UniqueError::Duplicate(pointer)) => {
                self.marks.record(at);
                let n = self.normalizer;
                self.tally.add(n.reject_with(
                    number,
                    self.input,
                    duplicate(&pointer),
                    once(),
                    self.out,
                ));
                return true;
            }
            Err(UniqueError::Syntax(_)) => return false,
        };
        self.marks.record(at);
        let compact = serde_json::to_vec(&value).unwrap_or_default();
        self.normalizer
            .value_or_batch(&value, &compact, number, self.input, self.out, self.tally);
        true
    }
}
