//! How every envelope failwise prints is presented: in which language, with which secrets
//! masked, within which size limits. Set once per process, before anything is printed.
//!
//! The language is chosen in this order (`--lang`, the config file, `LC_ALL`,
//! `LC_MESSAGES`, `LANG`, English) by [`failwise::i18n::resolve_lang`]; `--lang` is read from
//! the raw command line too, so even a command line that does not parse gets its usage
//! envelope in the language it asked for.

use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};

use failwise::i18n::{Localizer, resolve_lang};
use failwise::redact::{Redactor, RefusedSecret};
use failwise::truncate::Truncator;
use failwise::{Catalog, Envelope};

use crate::errors::CliError;

impl Presentation {
    /// The chosen language's BCP 47 tag.
    pub fn lang(&self) -> &str {
        &self.lang
    }

    /// The localizer of the chosen language, built the first time it is needed.
    pub fn localizer(&mut self) -> &Localizer {
        let lang = &self.lang;
        self.localizer.get_or_insert_with(|| Localizer::new(lang))
    }
}

/// The process-wide presentation.
pub struct Presentation {
    /// The chosen language's BCP 47 tag.
    lang: String,
    /// Messages, recoveries and labels in the chosen language, built on first use: a command
    /// that succeeds never parses the Fluent resources, which keeps `failwise run`'s start
    /// lean.
    localizer: Option<Localizer>,
    /// The secrets to mask; token shapes are always masked.
    pub redactor: Redactor,
    /// The size limits of every field ([`Truncator::standard`]).
    pub truncator: Truncator,
    /// Redactions made in text before it became part of an envelope (a run's stderr, redacted
    /// before the classifier cut it), added to `params.redacted` of the envelope printed.
    pub early_redactions: u64,
}

static PRESENTATION: LazyLock<Mutex<Presentation>> = LazyLock::new(|| {
    Mutex::new(Presentation {
        lang: String::from("en"),
        localizer: None,
        redactor: Redactor::new(),
        truncator: Truncator::standard(),
        early_redactions: 0,
    })
});

/// The presentation, to read or to change (a poisoned lock is still usable: its data is
/// plain configuration).
pub fn get() -> MutexGuard<'static, Presentation> {
    PRESENTATION.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Chooses the language from the raw command line (`--lang TAG`, `--lang=TAG`, before `--`),
/// the config file and the environment. Returns the sources that were set but unusable, one
/// warning line each (`failwise: warning: ...`) in the language chosen, for stderr.
pub fn choose_language(args: &[String]) -> Vec<String> {
    let flag = lang_flag(args);
    let choice = resolve_lang(flag.as_deref(), &|k| std::env::var(k).ok());
    let mut p = get();
    p.lang = choice.tag;
    p.localizer = None;
    if choice.skipped.is_empty() {
        return Vec::new();
    }
    let localizer = p.localizer();
    choice
        .skipped
        .iter()
        .map(|s| {
            let mut args = failwise::Params::new();
            args.insert("note".to_owned(), s.text(localizer).into());
            localizer.label("warning-line", &args)
        })
        .collect()
}

/// The last `--lang` value on a command line, up to `--`.
fn lang_flag(args: &[String]) -> Option<String> {
    let mut found = None;
    let mut words = args.iter().skip(1).take_while(|a| *a != "--");
    while let Some(arg) = words.next() {
        match arg.split_once('=') {
            Some(("--lang", value)) => found = Some(value.to_owned()),
            _ if arg == "--lang" => found = words.next().cloned(),
            _ => {}
        }
    }
    found
}

/// `envelope` as it is shown: localized, then redacted, bounded and redacted again
/// ([`Redactor::redact_and_bound`]).
pub fn prepare(envelope: &Envelope) -> Envelope {
    let mut p = get();
    let early = p.early_redactions;
    let localized = p.localizer().localize(envelope.clone());
    present(localized, &p.redactor, &p.truncator, early)
}

/// A copy of the process-wide presentation that another thread can use without the lock
/// (`failwise validate` presents the envelopes of bad lines on every core): the same language,
/// secrets and limits, so [`Presenter::prepare`] gives what [`prepare`] gives.
pub struct Presenter {
    localizer: Localizer,
    redactor: Redactor,
    truncator: Truncator,
    early_redactions: u64,
}

/// A [`Presenter`] with the presentation as it is now.
pub fn presenter() -> Presenter {
    let p = get();
    Presenter {
        localizer: Localizer::new(&p.lang),
        redactor: p.redactor.clone(),
        truncator: p.truncator.clone(),
        early_redactions: p.early_redactions,
    }
}

/// A [`Presenter`] in `lang`, otherwise as the presentation is now.
#[cfg(test)]
pub fn presenter_in(lang: &str) -> Presenter {
    Presenter {
        localizer: Localizer::new(lang),
        ..presenter()
    }
}

impl failwise::dialect::Prepare for Presenter {
    fn prepare(&self, envelope: Envelope) -> Envelope {
        Presenter::prepare(self, envelope)
    }
}

impl Presenter {
    /// `envelope` as it is shown; see [`prepare`].
    pub fn prepare(&self, envelope: Envelope) -> Envelope {
        let localized = self.localizer.localize(envelope);
        present(
            localized,
            &self.redactor,
            &self.truncator,
            self.early_redactions,
        )
    }

    /// The localizer, for the human rendering's labels.
    pub fn localizer(&self) -> &Localizer {
        &self.localizer
    }
}

/// Redacts and bounds a localized envelope, adding the redactions made earlier to its count.
fn present(
    localized: Envelope,
    redactor: &Redactor,
    truncator: &Truncator,
    early: u64,
) -> Envelope {
    let shown = redactor.redact_and_bound(localized, truncator);
    if early == 0 {
        return shown;
    }
    let total = shown
        .params()
        .get(failwise::redact::REDACTED_PARAM)
        .and_then(serde_json::Value::as_u64)
        .unwrap_or(0)
        + early;
    let recovery = shown.recovery().to_owned();
    let fallback = shown.clone();
    shown
        .into_draft()
        .param(failwise::redact::REDACTED_PARAM, total)
        .with_recovery(recovery)
        .unwrap_or(fallback)
}

/// Where `failwise run` gets the secrets to mask (its flags).
pub struct SecretSources<'a> {
    /// Register the values of environment variables whose names mark them as secrets
    /// ([`failwise::redact::is_secret_name`]); off with `--no-env-secrets`.
    pub env: bool,
    /// Values given with `--secret`.
    pub values: &'a [String],
    /// Variable names given with `--secret-env`.
    pub env_names: &'a [String],
}

/// Registers the secrets of a run. Environment values that cannot be registered (too short,
/// number-like) are skipped, since the name alone made them candidates; a value the caller
/// named explicitly (`--secret`, `--secret-env`) that cannot be registered is a usage error,
/// so a secret the caller asked to hide is never shown because it was quietly refused.
///
/// # Errors
///
/// The usage envelope `SECRET_NOT_REGISTERED` or `SECRET_ENV_NOT_REGISTERED` (exit 2) naming
/// the flag and the reason, or `SECRET_ENV_UNSET` for a variable that is not set.
pub fn register_secrets(sources: &SecretSources<'_>) -> Result<(), Box<Envelope>> {
    let mut p = get();
    if sources.env {
        let vars = std::env::vars_os()
            .filter_map(|(k, v)| Some((k.into_string().ok()?, v.to_string_lossy().into_owned())));
        p.redactor.register_env(vars);
    }
    for value in sources.values {
        p.redactor
            .register(value.as_str())
            .map_err(|e| refused("--secret", None, &e))?;
    }
    for name in sources.env_names {
        let Some(value) = std::env::var_os(name) else {
            return Err(unset(name));
        };
        p.redactor
            .register(value.to_string_lossy().into_owned())
            .map_err(|e| refused("--secret-env", Some(name), &e))?;
    }
    Ok(())
}

fn refused(flag: &str, variable: Option<&str>, why: &RefusedSecret) -> Box<Envelope> {
    let reason = match why {
        RefusedSecret::TooShort { .. } => "too_short",
        RefusedSecret::NumberLike => "number_like",
        RefusedSecret::WireVocabulary { .. } => "wire_vocabulary",
    };
    let (flag, reason, detail) = (flag.to_owned(), reason.to_owned(), why.to_string());
    let min_chars = failwise::redact::MIN_SECRET_CHARS as u64;
    let error = match variable {
        Some(variable) => CliError::SecretEnvNotRegistered {
            flag,
            variable: variable.to_owned(),
            reason,
            detail,
            min_chars,
        },
        None => CliError::SecretNotRegistered {
            flag,
            reason,
            detail,
            min_chars,
        },
    };
    Box::new(error.to_envelope())
}

fn unset(variable: &str) -> Box<Envelope> {
    Box::new(
        CliError::SecretEnvUnset {
            flag: "--secret-env".to_owned(),
            variable: variable.to_owned(),
        }
        .to_envelope(),
    )
}

/// The stderr tail of a run, redacted whole before anything cuts it: when the supervisor kept
/// only the end of a longer stream (`cut_before`), a secret cut at the window's start is masked
/// too ([`Redactor::redact_window`]). The count is kept for the envelope printed; each attempt
/// of a run replaces it, since only the last attempt's envelope is printed.
pub fn redact_stream_tail(tail: &str, cut_before: bool) -> String {
    let mut p = get();
    let redacted = p.redactor.redact_window(tail, cut_before, false);
    p.early_redactions = redacted.count;
    redacted.text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn every_code_of_failwise_own_catalog_is_in_english_and_portuguese() {
        use failwise::Catalog;
        use failwise::catalog::template_to_ftl;
        use failwise::i18n::{EN_FTL, PT_BR_FTL, message_ids};
        let pt = message_ids(PT_BR_FTL);
        for spec in <crate::errors::CliError as Catalog>::CODES {
            for (suffix, template) in [("message", spec.message), ("recovery", spec.recovery)] {
                let id = format!("{}-{suffix}", spec.code);
                assert!(pt.contains(&id), "pt-BR lacks {id}");
                let line = format!("{id} = {}", template_to_ftl(template).unwrap());
                assert!(
                    EN_FTL.lines().any(|l| l == line),
                    "en.ftl does not say what the catalog says: {line}"
                );
            }
        }
    }

    #[test]
    fn lang_is_read_from_a_raw_command_line() {
        assert_eq!(
            lang_flag(&words("failwise --lang pt-BR x")).as_deref(),
            Some("pt-BR")
        );
        assert_eq!(
            lang_flag(&words("failwise x --lang=en")).as_deref(),
            Some("en")
        );
        assert_eq!(lang_flag(&words("failwise run -- tool --lang pt")), None);
        assert_eq!(lang_flag(&words("failwise --lang")), None);
    }
}
