//! The words of a stream as the rules read them: the ANSI colour sequences a terminal or a CI
//! log keeps are dropped.

use std::borrow::Cow;

/// `text` without its ANSI CSI escape sequences (`ESC [`, parameter and intermediate bytes, one
/// final byte: the colours of terraform's, helm's and docker's output, kept by CI logs), which
/// are how a terminal shows a message and no part of it: the rules read the words.
pub(super) fn plain(text: &str) -> Cow<'_, str> {
    if !text.contains('\x1b') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\x1b') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        rest = match after.strip_prefix('[') {
            Some(csi) => match csi.bytes().position(|b| !(0x20..=0x3f).contains(&b)) {
                // The final byte is ASCII, so the cut after it is a character boundary.
                Some(end) if (0x40..=0x7e).contains(&csi.as_bytes()[end]) => &csi[end + 1..],
                _ => after,
            },
            None => after,
        };
    }
    out.push_str(rest);
    Cow::Owned(out)
}
