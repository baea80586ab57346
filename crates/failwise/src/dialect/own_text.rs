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
