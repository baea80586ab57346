//! failwise's own sentences inside an envelope read from another dialect: the recovery it
//! writes when the source gives none ([`rules::fallback_recovery`](super::rules)), the message
//! of a JSON-RPC error without text, sprawling's `cannot ACTION on SUBJECT`, google.rpc's
//! `open URL (DESCRIPTION)`, the message of a Slack or Stripe body that carries none. The rest
//! of such an envelope is the source's own text and stays as the source wrote it; these
//! sentences are recognised exactly (never guessed from prose), so that
//! [`Localizer::localize`](crate::i18n::Localizer::localize) can put them in the reader's
//! language.

use serde_json::Value;

use super::rules::FALLBACK_RECOVERIES;
use crate::envelope::{Envelope, Source, SourceCode};

/// The message of a JSON-RPC error (or MCP tool result) that carries no text at all.
pub const NO_TEXT_MESSAGE: &str = "the tool reported an error without text";

/// One of failwise's sentences: its Fluent id and the arguments its messages use.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnText {
    /// The Fluent id.
    pub id: &'static str,
    /// The arguments, by name.
    pub args: Vec<(&'static str, Value)>,
}

impl OwnText {
    fn new(id: &'static str) -> Self {
        Self {
            id,
            args: Vec::new(),
        }
    }

    fn arg(mut self, name: &'static str, value: &str) -> Self {
        self.args.push((name, value.into()));
        self
    }
}

/// The envelope's `message` when failwise wrote it (a dialect reader's own wording), else
/// `None`.
pub fn own_message(envelope: &Envelope) -> Option<OwnText> {
    let message = envelope.message();
    if message == NO_TEXT_MESSAGE {
        return Some(OwnText::new("dialect-no-text-message"));
    }
    let source = envelope.source()?;
    if let Some(own) = vendor_message(envelope, source, message) {
        return Some(own);
    }
    let action = envelope.action()?;
    match envelope.subject() {
        Some(subject) if message == format!("cannot {action} on {subject}") => Some(
            OwnText::new("dialect-cannot-on-message")
                .arg("action", action)
                .arg("subject", subject),
        ),
        None if message == format!("cannot {action}") => {
            Some(OwnText::new("dialect-cannot-message").arg("action", action))
        }
        _ => None,
    }
}

/// The messages the read-only vendor readers write for a body that carries none: Slack's
/// `slack API error: CODE` and Stripe's `stripe TYPE`.
fn vendor_message(envelope: &Envelope, source: &Source, message: &str) -> Option<OwnText> {
    match source.dialect.as_str() {
        "slack" => match &source.code {
            Some(SourceCode::Text(code)) if message == format!("slack API error: {code}") => {
                Some(OwnText::new("dialect-slack-message").arg("code", code))
            }
            _ => None,
        },
        "stripe" => {
            let ty = envelope.params().get("type").and_then(Value::as_str)?;
            (message == format!("stripe {ty}"))
                .then(|| OwnText::new("dialect-stripe-message").arg("type", ty))
        }
        _ => None,
    }
}

/// The envelope's `recovery` when failwise wrote it, else `None`.
pub fn own_recovery(envelope: &Envelope) -> Option<OwnText> {
    let recovery = envelope.recovery();
    if let Some((id, _)) = FALLBACK_RECOVERIES.iter().find(|(_, t)| *t == recovery) {
        return Some(OwnText::new(id));
    }
    let url = envelope.doc_url()?;
    let rest = recovery.strip_prefix("open ")?.strip_prefix(url)?;
    if rest.is_empty() {
        return Some(OwnText::new("dialect-open-doc-recovery").arg("url", url));
    }
    let description = rest.strip_prefix(" (")?.strip_suffix(')')?;
    Some(
        OwnText::new("dialect-open-doc-described-recovery")
            .arg("url", url)
            .arg("description", description),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::{Context, read_any, rejection};
    use crate::i18n::Localizer;

    fn read(record: &str) -> Envelope {
        let value: Value = serde_json::from_str(record).expect("JSON");
        read_any(&value, &Context::default()).expect("a readable record")
    }

    /// Records whose envelopes carry failwise's own sentences, and which of message and
    /// recovery are failwise's.
    fn cases() -> Vec<(Envelope, bool, bool)> {
        vec![
            (read(r#"{"isError":true,"content":[]}"#), true, true),
            (
                read(
                    r#"{"code":"E_DENIED","action":"deploy","subject":"prod","retry":"no","recovery":"ask an admin for the deploy role"}"#,
                ),
                true,
                false,
            ),
            (
                read(
                    r#"{"code":"E_DENIED","action":"deploy","retry":"no","recovery":"ask an admin for the deploy role"}"#,
                ),
                true,
                false,
            ),
            (
                read(
                    r#"{"error":{"code":"E_PARSE","message":"unexpected token","location":"a.txt:3:4"}}"#,
                ),
                false,
                true,
            ),
            (
                read(
                    r#"{"error":{"code":5,"message":"Not found","status":"NOT_FOUND","details":[{"@type":"type.googleapis.com/google.rpc.Help","links":[{"description":"error reference","url":"https://example.com/errors/5"}]}]}}"#,
                ),
                false,
                true,
            ),
            (
                read(
                    r#"{"error":{"code":5,"message":"Not found","status":"NOT_FOUND","details":[{"@type":"type.googleapis.com/google.rpc.Help","links":[{"url":"https://example.com/errors/5"}]}]}}"#,
                ),
                false,
                true,
            ),
            (read(r#"{"ok":false,"error":"ratelimited"}"#), true, true),
            (
                read(r#"{"error":{"type":"api_error","request_log_url":"https://x"}}"#),
                true,
                true,
            ),
            (
                rejection(3, "in.ndjson", "not JSON: expected value"),
                true,
                true,
            ),
        ]
    }

    #[test]
    fn every_fallback_recovery_reads_the_same_in_en_ftl_and_differs_in_pt_br() {
        let en = Localizer::english();
        let pt = Localizer::new("pt-BR");
        let empty = crate::envelope::Params::new();
        for (id, text) in FALLBACK_RECOVERIES {
            assert_eq!(en.format(id, &empty).map(|(t, _)| t).as_deref(), Some(text));
            let (translated, lang) = pt.format(id, &empty).expect("a pt-BR text");
            assert_eq!(lang.to_string(), "pt-BR");
            assert_ne!(translated, text);
        }
    }

    #[test]
    fn failwise_own_sentences_are_localized_and_the_sources_are_not() {
        let en = Localizer::english();
        let pt = Localizer::new("pt-BR");
        for (envelope, own_message, own_recovery) in cases() {
            let line = envelope.to_json_line();
            // The Fluent texts are exactly what the readers write.
            let (m, r) = if own_message || own_recovery {
                let direct = en.texts(&envelope);
                match direct {
                    Some((m, r, _)) => (Some(m), Some(r)),
                    None => en.own_texts(&envelope),
                }
            } else {
                (None, None)
            };
            assert_eq!(m.is_some(), own_message, "{line}");
            assert_eq!(r.is_some(), own_recovery, "{line}");
            if let Some(m) = m {
                assert_eq!(m, envelope.message(), "{line}");
            }
            if let Some(r) = r {
                assert_eq!(r, envelope.recovery(), "{line}");
            }
            let localized = pt.localize(envelope.clone());
            assert_eq!(
                localized.message() != envelope.message(),
                own_message,
                "{line}"
            );
            assert_eq!(
                localized.recovery() != envelope.recovery(),
                own_recovery,
                "{line}"
            );
            let whole = own_message && own_recovery;
            assert_eq!(localized.lang(), whole.then_some("pt-BR"), "{line}");
            assert_eq!(localized.code(), envelope.code());
            assert_eq!(localized.params(), envelope.params());
            assert_eq!(localized.source(), envelope.source());
        }
    }
}
