//! What the fuzz targets share: reading options out of the input's first bytes, the checks
//! every envelope a reader produces must pass (it is written as one line that reads back as
//! itself, and the check-only reader agrees with the full one on that line), and an
//! independent model of "an object names a member twice".

use std::collections::HashSet;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use failwise::Envelope;
use failwise::dialect::{Context, Dialect};
use failwise::{ErrorClass, ExitStatus};

/// Every dialect a reader can be forced to: the writable ones, then the read-only ones.
pub fn dialects() -> impl Iterator<Item = Dialect> {
    Dialect::ALL.into_iter().chain(Dialect::READ_ONLY)
}

/// The dialect `byte` forces, or `None` (detect each record), which 0 and most bytes mean: 1
/// names the first of [`dialects`], 2 the second, and so on.
pub fn forced(byte: u8) -> Option<Dialect> {
    dialects().nth(usize::from(byte.checked_sub(1)?))
}

/// A [`Context`] from one byte: an HTTP status (none, or one of the statuses the rules
/// distinguish), a `Retry-After`, an exit status around the record.
pub fn context(byte: u8) -> Context {
    const STATUSES: [Option<u16>; 8] = [
        None,
        Some(400),
        Some(404),
        Some(408),
        Some(429),
        Some(500),
        Some(503),
        Some(504),
    ];
    const WAITS: [Option<u64>; 4] = [None, Some(0), Some(1_500), Some(u64::MAX)];
    // 0 is no exit status at all.
    const EXITS: [u8; 4] = [0, 1, 75, 137];
    Context {
        http_status: STATUSES[usize::from(byte & 0b111)],
        retry_after_ms: WAITS[usize::from((byte >> 3) & 0b11)],
        exit: ExitStatus::new(EXITS[usize::from(byte >> 6)]),
    }
}

/// Checks that `envelope` keeps its contract on the wire: its line is one line, reads back as
/// the same envelope, is written the same way again (the bytes are deterministic), agrees with
/// `serde_json`'s rendering of the derived `Serialize`, and the check-only reader accepts it
/// with the same code, exit status, class and language.
///
/// # Panics
///
/// When any of these fails: that is the finding.
pub fn assert_round_trip(envelope: &Envelope) {
    let line = envelope.to_json_line();
    assert!(
        !line.contains('\n'),
        "an envelope line holds a newline: {line}"
    );
    let serde = serde_json::to_string(envelope).expect("an envelope serializes");
    assert_eq!(line, serde, "the hand writer and serde_json disagree");
    let back = match Envelope::from_json(&line) {
        Ok(back) => back,
        Err(e) => panic!("a written envelope does not read back ({e}): {line}"),
    };
    assert_eq!(&back, envelope, "the envelope read back differs: {line}");
    assert_eq!(back.to_json_line(), line, "written twice, the bytes differ");
    assert_checked_agrees(&line, envelope);
}

/// Checks that [`Envelope::check_json`] accepts `line`, which [`Envelope::from_json`] read as
/// `envelope`, and says what the envelope says.
///
/// # Panics
///
/// When it refuses the line or disagrees.
pub fn assert_checked_agrees(line: &str, envelope: &Envelope) {
    let checked = match Envelope::check_json(line) {
        Ok(checked) => checked,
        Err(e) => panic!("check_json refuses a line from_json reads ({e}): {line}"),
    };
    assert_eq!(checked.code(), envelope.code().as_str(), "code: {line}");
    assert_eq!(checked.exit(), envelope.exit(), "exit: {line}");
    let class: ErrorClass = checked.error_class();
    assert_eq!(class, envelope.error_class(), "error_class: {line}");
    assert_eq!(checked.lang(), envelope.lang(), "lang: {line}");
}

/// Whether `line` is JSON up to an object that names a member twice (at any depth, names
/// compared after unescaping, as I-JSON compares them), by a model of its own: a `serde`
/// visitor that keeps each object's names in a set.
pub fn repeats_a_name(line: &str) -> bool {
    match serde_json::from_str::<Unique>(line) {
        Ok(Unique) => false,
        // Syntax and end-of-input errors are the parser's; a data error is the visitor's.
        Err(e) => e.is_data(),
    }
}

/// A JSON value whose objects name each member once.
struct Unique;

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
        while let Some(Unique) = seq.next_element()? {}
        Ok(Unique)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Unique, A::Error> {
        let mut seen = HashSet::new();
        while let Some(name) = map.next_key::<String>()? {
            if !seen.insert(name) {
                return Err(de::Error::custom("a member named twice"));
            }
            map.next_value::<Unique>()?;
        }
        Ok(Unique)
    }
}
