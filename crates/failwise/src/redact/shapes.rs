//! Well-known token shapes that are secrets wherever they appear, whoever registered them.
//!
//! Each shape names the kind of credential (the marker's label) and the part of a match that is
//! secret: the whole match, or one capture group (the password of a URL, the token after
//! `Bearer`), so the text around the secret keeps its meaning.

use std::sync::LazyLock;

use regex::Regex;

/// One token shape: its kind (used in the marker, `[REDACTED:<kind>]`), its pattern, and which
/// capture group is the secret (0 for the whole match).
pub(super) struct Shape {
    pub(super) kind: &'static str,
    pub(super) pattern: Regex,
    pub(super) group: usize,
}

/// The kinds of token shapes recognised, in the order they are tried. Public through
/// [`crate::redact::SHAPE_KINDS`].
pub(super) const KINDS: &[&str] = &[
    "private_key",
    "jwt",
    "github_token",
    "aws_access_key_id",
    "api_key",
    "slack_token",
    "google_api_key",
    "bearer_token",
    "url_password",
];

fn shape(kind: &'static str, pattern: &str, group: usize) -> Shape {
    Shape {
        kind,
        // The patterns are constants tested below; a failure to compile is a bug caught by
        // every test run, so it falls back to a pattern that matches nothing.
        pattern: Regex::new(pattern).unwrap_or_else(|_| Regex::new("[^\\s\\S]").expect("empty")),
        group,
    }
}

/// The shapes, compiled once.
///
/// Sources: GitHub's token formats (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`);
/// AWS access key ids (`AKIA`/`ASIA`/`ABIA`/`ACCA` + 16 upper-case alphanumerics); RFC 7519 JWTs
/// in compact form (three base64url parts, the first two JSON objects, so `eyJ`); RFC 7468 PEM
/// private key blocks (also when the block was cut before its END line); RFC 6750 bearer
/// tokens; RFC 3986 userinfo `user:password@`; `sk-` API keys (OpenAI, Anthropic, Stripe
/// `sk_live_`/`sk_test_`); Slack `xox?-` tokens; Google `AIza` API keys.
pub(super) static SHAPES: LazyLock<Vec<Shape>> = LazyLock::new(|| {
    vec![
        shape(
            "private_key",
            r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?s:.*?)(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\z)",
            0,
        ),
        shape(
            "jwt",
            r"eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*",
            0,
        ),
        shape(
            "github_token",
            r"(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})",
            0,
        ),
        shape(
            "aws_access_key_id",
            r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b",
            0,
        ),
        shape(
            "api_key",
            r"\b(?:sk-[A-Za-z0-9_-]{16,}|[sr]k_(?:live|test)_[A-Za-z0-9]{16,})",
            0,
        ),
        shape("slack_token", r"xox[abposr]-[A-Za-z0-9-]{10,}", 0),
        shape("google_api_key", r"AIza[A-Za-z0-9_-]{35}", 0),
        shape(
            "bearer_token",
            r"(?i:\bbearer)\s+([A-Za-z0-9._~+/-]{16,}=*)",
            1,
        ),
        shape(
            "url_password",
            r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s:@/\[]*:([^\s@/\[]+)@",
            1,
        ),
    ]
});

/// Literals one of which every token shape's match contains (the bearer shape aside, see
/// [`may_hold_bearer`]): a text without any of them holds no token shape, so the shapes'
/// patterns need not run over it (most texts an envelope holds). The shapes other than bearer
/// are case-sensitive, and so is this search, which lets it run on SIMD (aho-corasick's packed
/// searcher).
const REQUIRED_LITERALS: &[&str] = &[
    "-----BEGIN ",
    "eyJ",
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "AKIA",
    "ASIA",
    "ABIA",
    "ACCA",
    "sk-",
    "sk_",
    "rk_",
    "xox",
    "AIza",
    "://",
];

/// The matcher of [`REQUIRED_LITERALS`].
/// Leftmost-first matching, which is all a yes/no answer needs, is what lets aho-corasick run
/// its SIMD packed searcher ahead of the automaton.
static PREFILTER: LazyLock<Option<aho_corasick::AhoCorasick>> = LazyLock::new(|| {
    aho_corasick::AhoCorasick::builder()
        .match_kind(aho_corasick::MatchKind::LeftmostFirst)
        .build(REQUIRED_LITERALS)
        .ok()
});

/// Whether `text` may hold a token shape: `false` only when none of the shapes can match.
pub(super) fn may_hold_shape(text: &str) -> bool {
    PREFILTER.as_ref().is_none_or(|m| m.is_match(text)) || may_hold_bearer(text.as_bytes())
}

/// Whether `text` holds `bearer` in any ASCII case, the word the bearer shape starts with.
fn may_hold_bearer(text: &[u8]) -> bool {
    memchr::memchr2_iter(b'b', b'B', text).any(|i| {
        text.get(i + 1..i + 6)
            .is_some_and(|rest| rest.eq_ignore_ascii_case(b"earer"))
    })
}

/// A token shape cut short at the end of a window of text (the start of a token whose rest was
/// cut away): still recognisable by its prefix, so still a secret.
pub(super) static CUT_SHAPE_AT_END: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:(?:gh[pousr]_|github_pat_|eyJ|AKIA|ASIA|xox[abposr]-|AIza)[A-Za-z0-9._-]*|\b(?:sk-|sk_live_|sk_test_)[A-Za-z0-9._-]*|(?i:\bbearer)\s+[A-Za-z0-9._~+/-]+)\z",
    )
    .unwrap_or_else(|_| Regex::new("[^\\s\\S]").expect("empty"))
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_shape_and_every_shape_compiles() {
        let kinds: Vec<&str> = SHAPES.iter().map(|s| s.kind).collect();
        assert_eq!(kinds, KINDS);
        for s in SHAPES.iter() {
            assert!(!s.pattern.is_match(""), "{} matches the empty text", s.kind);
            assert!(s.pattern.captures_len() > s.group, "{}", s.kind);
        }
        assert!(CUT_SHAPE_AT_END.is_match("token: ghp_abc"));
    }

    proptest::proptest! {
        /// The prefilter never hides a shape: whenever a pattern matches, it says maybe.
        #[test]
        fn the_prefilter_passes_every_text_a_shape_matches(
            before in "[ -~]{0,20}",
            token in "(-----BEGIN RSA PRIVATE KEY-----[a-z]{0,8}|eyJ[a-z]{4,8}\\.eyJ[a-z]{4,8}\\.[a-z]{0,4}|gh[pousr]_[A-Za-z0-9]{20,24}|github_pat_[A-Za-z0-9_]{20,24}|(AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}|sk-[A-Za-z0-9_-]{16,20}|[sr]k_(live|test)_[A-Za-z0-9]{16,20}|xox[abposr]-[A-Za-z0-9-]{10,12}|AIza[A-Za-z0-9_-]{35}|(Bearer|BEARER|bEaReR) [A-Za-z0-9._~+/-]{16,20}|[a-z]{1,5}://[a-z]{0,4}:[a-z0-9]{1,8}@)",
            after in "[ -~]{0,20}",
            noise in "[ -~]{0,80}",
        ) {
            let text = format!("{before}{token}{after}");
            proptest::prop_assert!(may_hold_shape(&text), "{text}");
            if SHAPES.iter().any(|s| s.pattern.is_match(&noise)) {
                proptest::prop_assert!(may_hold_shape(&noise), "{noise}");
            }
        }
    }

    #[test]
    fn every_shape_needs_one_of_the_literals() {
        // Each pattern, with all its literals removed from the text, no longer matches.
        let samples = [
            "-----BEGIN RSA PRIVATE KEY-----abc-----END RSA PRIVATE KEY-----",
            "eyJhbGciOi.eyJzdWIiOi.sig",
            "ghp_0123456789abcdefghijABCD",
            "github_pat_0123456789abcdefghij_x",
            "AKIA0123456789ABCDEF",
            "sk-0123456789abcdefgh",
            "sk_live_0123456789abcdef",
            "xoxb-0123456789",
            "AIza01234567890123456789012345678901234",
            "Authorization: Bearer abcdefghijklmnop0123",
            "https://user:pw1234@example.com",
        ];
        for sample in samples {
            assert!(
                SHAPES.iter().any(|s| s.pattern.is_match(sample)),
                "{sample}"
            );
            assert!(may_hold_shape(sample), "{sample}");
        }
        assert!(!may_hold_shape(
            "cannot open /srv/data/file-1.txt: no such file"
        ));
    }
}
