//! Durations on the command line: a number and a unit, such as `500ms`, `30s`, `2m`, `1h`, or
//! `1.5s`; a bare number is seconds.

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
/// [`Refused`], naming the accepted units, when `text` is not a non-negative number followed
/// by `ms`, `s`, `m` or `h`.
pub fn parse(text: &str) -> Result<Duration, Refused> {
    let text = text.trim();
    if text.starts_with('-') {
        return Err(Refused::new("duration-negative", text));
    }
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let seconds_per_unit = match unit.trim() {
        "ms" => 0.001,
        "" | "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        // The whole text is quoted, never its tail alone: a secret given here by mistake is
        // masked as a whole, and a part of it would not be.
        _ => return Err(Refused::new("duration-unknown-unit", text)),
    };
    let value: f64 = number
        .parse()
        .map_err(|_| Refused::new("duration-not-a-number", text))?;
    Duration::try_from_secs_f64(value * seconds_per_unit)
        .map_err(|_| Refused::new("duration-out-of-range", text))
}

/// Parses a time limit: a duration as [`parse`] reads it, longer than zero (a limit of zero
/// would stop every command before it starts).
///
/// # Errors
///
/// As [`parse`], and [`Refused`] asking for a positive duration when `text` is zero.
pub fn parse_limit(text: &str) -> Result<Duration, Refused> {
    let limit = parse(text)?;
    if limit.is_zero() {
        return Err(Refused::new("duration-zero-limit", text.trim()));
    }
    Ok(limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_and_bare_seconds_parse() {
        assert_eq!(parse("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse("3"), Ok(Duration::from_secs(3)));
    }

    #[test]
    fn a_zero_limit_is_refused() {
        for zero in ["0", "0s", "0ms", "0.0m"] {
            let err = parse_limit(zero).expect_err(zero).to_string();
            assert!(err.contains("longer than zero"), "{zero}: {err}");
        }
        assert_eq!(parse_limit("1ms"), Ok(Duration::from_millis(1)));
        assert!(parse_limit("5d").is_err());
    }

    /// The reasons read in English and otherwise in Brazilian Portuguese; an unknown unit is
    /// never quoted apart from the whole text.
    #[test]
    fn the_reasons_are_phrases_in_both_languages() {
        let portuguese = crate::presentation::presenter_in("pt-BR");
        let cases = [
            (
                parse("5d"),
                "`5d` has an unknown unit: write a number followed by ms, s, m or h, such as 500ms or 30s",
            ),
            (
                parse("1..2s"),
                "`1..2s` is not a duration: write a number followed by ms, s, m or h, such as 500ms or 30s",
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
        for bad in ["", "ms", "5d", "-1s", "1..2s"] {
            let err = parse(bad).expect_err(bad).to_string();
            assert!(
                err.contains("ms, s, m or h") || err.contains("out of range"),
                "{bad}: {err}"
            );
        }
    }
}
