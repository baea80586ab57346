//! The one preparation every envelope the package hands out goes through, as the `failwise`
//! binary prepares every envelope it prints: localized (English), redacted (the token shapes
//! and any secret value registered), bounded (the standard field limits), so that what Python
//! gets is what `failwise run` and `failwise normalize` print.

use failwise::Envelope;
use failwise::dialect::Prepare;
use failwise::redact::{Redactor, RefusedSecret};
use failwise::truncate::Truncator;

/// A preparation: a redactor and the field limits.
pub struct Prepared {
    redactor: Redactor,
    truncator: Truncator,
}

impl Prepared {
    /// The token shapes masked, no secret value registered, the standard limits.
    pub fn standard() -> Self {
        Self {
            redactor: Redactor::new(),
            truncator: Truncator::standard(),
        }
    }

    /// [`Prepared::standard`] with `secrets` masked too.
    ///
    /// # Errors
    ///
    /// The first secret the redactor refuses (too short, number-like, …), with why.
    pub fn with_secrets(secrets: &[String]) -> Result<Self, RefusedSecret> {
        let mut prepared = Self::standard();
        for secret in secrets {
            prepared.redactor.register(secret.clone())?;
        }
        Ok(prepared)
    }

    /// The redactor (for a stream read before an envelope exists).
    pub fn redactor(&self) -> &Redactor {
        &self.redactor
    }

    /// `envelope` localized, redacted and bounded.
    pub fn envelope(&self, envelope: Envelope) -> Envelope {
        let localized = crate::texts::localizer().localize(envelope);
        self.redactor.redact_and_bound(localized, &self.truncator)
    }
}

impl Prepare for Prepared {
    fn prepare(&self, envelope: Envelope) -> Envelope {
        self.envelope(envelope)
    }

    /// A written line is sealed as the binary seals one: a registered value its syntax spells
    /// is masked.
    fn seal(&self, out: &mut Vec<u8>, start: usize) {
        if let Some(sealed) = self.redactor.seal_json(&out[start..]) {
            out.truncate(start);
            out.extend_from_slice(&sealed);
        }
    }
}
