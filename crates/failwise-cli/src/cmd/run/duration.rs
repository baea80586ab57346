//! Durations on the command line, as `humantime` reads them: numbers each followed by a unit
//! (`250ms`, `30s`, `1m30s`, `2h 5m`, `1d`, `1.5s`; units from `ns` to `y`, `m` being minutes
//! and `M` months); a bare number is seconds. A negative duration is refused as such, before
//! `humantime` reads it.

use std::time::Duration;

use failwise::Phrase;

/// Why a duration was refused: a sentence of the binary's (`duration-*`), so the usage
/// envelope clap's error becomes can say it in the reader's language
/// ([`crate::cmd::usage`]); its `Display` is the English, which clap puts in its message and
/// the envelope in `params.reason`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(Phrase);

impl Refused {
    fn new(id: &'static str, text: &str) -> Self {
        Self(Phrase::new(id).arg("text", text))
    }

    /// The reason as a phrase of the binary's FTL files.
    pub fn phrase(&self) -> &Phrase {
        &self.0
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::presentation::english_text(&self.0))
    }
}

impl std::error::Error for Refused {}

/// Parses a duration; the error says what is accepted.
///
/// # Errors
///
/// [`Refused`], naming the accepted form: `duration-negative` for a text that starts with
/// `-`, `duration-unknown-unit` for a unit `humantime` does not know, `duration-out-of-range`
/// for one too large to hold, `duration-not-a-number` for anything else that is not numbers
/// with units.
pub fn parse(text: &str) -> Result<Duration, Refused> {
    let text = text.trim();
    if text.starts_with('-') {
        return Err(Refused::new("duration-negative", text));
    }
    // A bare number is seconds, as it always was (humantime asks for a unit).
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        let value: f64 = text
            .parse()
            .map_err(|_| Refused::new("duration-not-a-number", text))?;
        return Duration::try_from_secs_f64(value)
            .map_err(|_| Refused::new("duration-out-of-range", text));
    }
    // The whole text is quoted in every refusal, never a part alone: a secret given here by
    // mistake is masked as a whole, and a part of it would not be.
    humantime::parse_duration(text).map_err(|e| match e {
        humantime::DurationError::UnknownUnit { .. } => Refused::new("duration-unknown-unit", text),
        humantime::DurationError::NumberOverflow => Refused::new("duration-out-of-range", text),
        _ => Refused::new("duration-not-a-number", text),
    })
}

/// Parses a time limit: a duration as [`parse`] reads it, of at least one millisecond (a
/// limit of zero would stop every command before it starts, and a limit is enforced and
/// reported in whole milliseconds, `params.timeout_ms`).
///
/// # Errors
///
/// As [`parse`], and [`Refused`] asking for a positive duration when `text` is zero, or for
/// one of at least a millisecond when it is shorter (`1ns`, `0.0001s`).
pub fn parse_limit(text: &str) -> Result<Duration, Refused> {
    let limit = parse(text)?;
    if limit.is_zero() {
        return Err(Refused::new("duration-zero-limit", text.trim()));
    }
    if limit < Duration::from_millis(1) {
        return Err(Refused::new("duration-below-millisecond", text.trim()));
    }
    Ok(limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_and_bare_seconds_parse() {
        assert_eq!(parse("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse("3"), Ok(Duration::from_secs(3)));
        assert_eq!(parse(" 2.5 "), Ok(Duration::from_millis(2500)));
    }

    /// humantime's forms: days and weeks, several spans in a row, with or without spaces.
    #[test]
    fn humantime_forms_parse() {
        assert_eq!(parse("1d"), Ok(Duration::from_secs(86_400)));
        assert_eq!(parse("1m30s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse("2h 5m"), Ok(Duration::from_secs(7_500)));
        assert_eq!(parse("1w"), Ok(Duration::from_secs(7 * 86_400)));
        assert_eq!(parse("1s500ms"), Ok(Duration::from_millis(1_500)));
        assert_eq!(parse("90 seconds"), Ok(Duration::from_secs(90)));
    }

    #[test]
    fn negatives_are_refused_as_negative() {
        for negative in ["-1s", "-1", " -1m30s", "-0"] {
            let refused = parse(negative).expect_err(negative);
            assert_eq!(refused.phrase().id(), "duration-negative", "{negative}");
            assert!(refused.to_string().contains("is negative"), "{negative}");
        }
    }

    #[test]
    fn a_zero_limit_is_refused() {
        for zero in ["0", "0s", "0ms", "0.0m"] {
            let err = parse_limit(zero).expect_err(zero).to_string();
            assert!(err.contains("longer than zero"), "{zero}: {err}");
        }
        assert_eq!(parse_limit("1ms"), Ok(Duration::from_millis(1)));
        for tiny in ["1ns", "999us", "0.0001s"] {
            let refused = parse_limit(tiny).expect_err(tiny);
            assert_eq!(
                refused.phrase().id(),
                "duration-below-millisecond",
                "{tiny}"
            );
        }
        assert_eq!(parse_limit("1d"), Ok(Duration::from_secs(86_400)));
        assert!(parse_limit("5x").is_err());
    }

    /// The reasons read in English and otherwise in Brazilian Portuguese; an unknown unit is
    /// never quoted apart from the whole text.
    #[test]
    fn the_reasons_are_phrases_in_both_languages() {
        let portuguese = crate::presentation::presenter_in("pt-BR");
        let cases = [
            (
                parse("5x"),
                "`5x` has an unknown unit: write numbers each followed by a unit (ms, s, m, h, d, w), such as 250ms, 1m30s or 1d",
            ),
            (
                parse("1..2s"),
                "`1..2s` is not a duration: write numbers each followed by a unit (ms, s, m, h, d, w), such as 250ms, 1m30s or 1d",
            ),
            (
                parse("-1m30s"),
                "`-1m30s` is negative: a duration counts from zero up, such as 250ms, 1m30s or 1d",
            ),
            (
                parse(&"9".repeat(30)),
                "`999999999999999999999999999999` is out of range for a duration",
            ),
            (
                parse_limit(" 0ms "),
                "`0ms` is zero: a time limit must be longer than zero, such as 500ms or 30s; leave the flag out for no limit",
            ),
        ];
        for (refused, english) in cases {
            let refused = refused.expect_err(english);
            assert_eq!(refused.to_string(), english);
            let (text, lang) = portuguese
                .localizer()
                .render(refused.phrase(), &failwise::Params::new())
                .expect(english);
            assert_eq!(lang.to_string(), "pt-BR");
            assert_ne!(text, english);
        }
    }

    #[test]
    fn bad_text_is_refused_with_the_accepted_form() {
        for bad in ["", "ms", "5x", "-1s", "1..2s", "s5", "1 m s"] {
            let err = parse(bad).expect_err(bad).to_string();
            assert!(err.contains("such as 250ms, 1m30s or 1d"), "{bad}: {err}");
        }
        let huge = parse("99999999999999999999y").expect_err("too large");
        assert_eq!(huge.phrase().id(), "duration-out-of-range");
    }
}
