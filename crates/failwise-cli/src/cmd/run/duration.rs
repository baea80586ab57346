//! Durations on the command line: a number and a unit, such as `500ms`, `30s`, `2m`, `1h`, or
//! `1.5s`; a bare number is seconds.

use std::time::Duration;

/// Parses a duration; the error says what is accepted.
///
/// # Errors
///
/// A message naming the accepted units when `text` is not a non-negative number followed by
/// `ms`, `s`, `m` or `h`.
pub fn parse(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let seconds_per_unit = match unit.trim() {
        "ms" => 0.001,
        "" | "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        other => {
            return Err(format!(
                "unknown unit `{other}` in `{text}`: write a number followed by ms, s, m or h, such as 500ms or 30s"
            ));
        }
    };
    let value: f64 = number.parse().map_err(|_| {
        format!("`{text}` is not a duration: write a number followed by ms, s, m or h, such as 500ms or 30s")
    })?;
    Duration::try_from_secs_f64(value * seconds_per_unit)
        .map_err(|_| format!("`{text}` is out of range for a duration"))
}

/// Parses a time limit: a duration as [`parse`] reads it, longer than zero (a limit of zero
/// would stop every command before it starts).
///
/// # Errors
///
/// As [`parse`], and a message asking for a positive duration when `text` is zero.
pub fn parse_limit(text: &str) -> Result<Duration, String> {
    let limit = parse(text)?;
    if limit.is_zero() {
        return Err(format!(
            "`{}` is zero: a time limit must be longer than zero, such as 500ms or 30s; leave the flag out for no limit",
            text.trim()
        ));
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
            let err = parse_limit(zero).expect_err(zero);
            assert!(err.contains("longer than zero"), "{zero}: {err}");
        }
        assert_eq!(parse_limit("1ms"), Ok(Duration::from_millis(1)));
        assert!(parse_limit("5d").is_err());
    }

    #[test]
    fn bad_text_is_refused_with_the_accepted_form() {
        for bad in ["", "ms", "5d", "-1s", "1..2s"] {
            let err = parse(bad).expect_err(bad);
            assert!(
                err.contains("ms, s, m or h") || err.contains("out of range"),
                "{bad}: {err}"
            );
        }
    }
}
