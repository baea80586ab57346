//! Bounding a text to a size in bytes, keeping its head and its tail, and saying what was cut;
//! [`Truncator`] applies such bounds to every field of an envelope.

mod counts;
mod fields;

pub use fields::{MIN_FIELD_BYTES, Truncator, escape as escape_pointer_token};

/// The marker placed where a [`bound`] cut text out.
pub const CUT_MARKER: &str = " […] ";

/// A text after [`bound`]: the kept text, and the original size in bytes when it was cut.
///
/// # Examples
///
/// ```
/// use failwise::truncate::{Bounded, CUT_MARKER, bound};
/// use failwise::{Code, Envelope, ExitStatus};
/// let stderr = format!("{}error: linking failed", "warning: unused import\n".repeat(100));
/// let Bounded { text, cut_from } = bound(&stderr, 64);
/// assert!(text.len() <= 64 && text.contains(CUT_MARKER));
/// assert!(text.ends_with("error: linking failed"));
///
/// // An envelope that carries the bounded text says how large it was.
/// let original = cut_from.ok_or("nothing was cut")?;
/// let envelope = Envelope::draft(Code::new("BUILD_FAILED")?, ExitStatus::FAILURE, "the build failed")
///     .param("stderr", text)
///     .truncated("/params/stderr", original)
///     .with_recovery("run `cargo build` to see the whole output")?;
/// assert_eq!(envelope.truncated()["/params/stderr"], stderr.len() as u64);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounded {
    /// The kept text: the whole input, or head + [`CUT_MARKER`] + tail.
    pub text: String,
    /// `Some(original size in bytes)` when something was cut.
    pub cut_from: Option<u64>,
}

/// Bounds `text` to at most `max_bytes` bytes, keeping about a quarter of the budget from the
/// head and the rest from the tail (the end of an error output says most), joined by
/// [`CUT_MARKER`]. Cuts fall on UTF-8 character boundaries, so the result is always valid
/// text; it may be a few bytes shorter than `max_bytes` for that reason.
///
/// A budget smaller than the marker keeps only the tail.
///
/// # Examples
///
/// ```
/// use failwise::truncate::bound;
/// let b = bound("héllo wörld, this is long", 16);
/// assert!(b.text.len() <= 16);
/// assert_eq!(b.cut_from, Some(27));
/// assert_eq!(bound("short", 16).cut_from, None);
/// ```
pub fn bound(text: &str, max_bytes: usize) -> Bounded {
    if text.len() <= max_bytes {
        return Bounded {
            text: text.to_owned(),
            cut_from: None,
        };
    }
    let original = text.len() as u64;
    if max_bytes < CUT_MARKER.len() + 2 {
        let tail = &text[ceil_boundary(text, text.len() - max_bytes)..];
        return Bounded {
            text: tail.to_owned(),
            cut_from: Some(original),
        };
    }
    let budget = max_bytes - CUT_MARKER.len();
    let head_len = budget / 4;
    let tail_len = budget - head_len;
    let head = &text[..floor_boundary(text, head_len)];
    let tail = &text[ceil_boundary(text, text.len() - tail_len)..];
    let mut out = String::with_capacity(max_bytes);
    out.push_str(head);
    out.push_str(CUT_MARKER);
    out.push_str(tail);
    Bounded {
        text: out,
        cut_from: Some(original),
    }
}

/// Keeps at most the last `max_bytes` bytes of `text`, starting on a character boundary.
///
/// # Examples
///
/// ```
/// use failwise::truncate::tail;
/// let t = tail("first line\nlast line\n", 10);
/// assert_eq!(t.text, "last line\n");
/// assert_eq!(t.cut_from, Some(21));
/// ```
pub fn tail(text: &str, max_bytes: usize) -> Bounded {
    if text.len() <= max_bytes {
        return Bounded {
            text: text.to_owned(),
            cut_from: None,
        };
    }
    let start = ceil_boundary(text, text.len() - max_bytes);
    Bounded {
        text: text[start..].to_owned(),
        cut_from: Some(text.len() as u64),
    }
}

/// The largest character boundary at or below `at`.
fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The smallest character boundary at or above `at`.
fn ceil_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn bound_never_exceeds_budget_and_keeps_both_ends(text in "\\PC{0,300}", max in 0usize..200) {
            let b = bound(&text, max);
            prop_assert!(b.cut_from.is_none() || b.text.len() <= max);
            if b.cut_from.is_none() {
                prop_assert_eq!(&b.text, &text);
            } else {
                prop_assert_eq!(b.cut_from, Some(text.len() as u64));
                let tail_part = b.text.rsplit(CUT_MARKER).next().unwrap_or_default();
                prop_assert!(text.ends_with(tail_part));
            }
        }

        #[test]
        fn tail_is_a_suffix(text in "\\PC{0,300}", max in 0usize..200) {
            let t = tail(&text, max);
            prop_assert!(text.ends_with(&t.text));
            prop_assert!(t.text.len() <= max);
        }
    }
}
