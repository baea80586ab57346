//! How every envelope recourse prints is presented: in which language, with which secrets
//! masked, within which size limits. Set once per process, before anything is printed.
//!
//! The language is chosen as DESIGN.md §8 says (`--lang`, the config file, `LC_ALL`,
//! `LC_MESSAGES`, `LANG`, English) by [`recourse::i18n::resolve_lang`]; `--lang` is read from
//! the raw command line too, so even a command line that does not parse gets its usage
//! envelope in the language it asked for.

use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};

use recourse::Envelope;
use recourse::i18n::{Localizer, resolve_lang};
use recourse::redact::Redactor;
use recourse::truncate::Truncator;

/// The process-wide presentation.
pub struct Presentation {
    /// Messages, recoveries and labels in the chosen language.
    pub localizer: Localizer,
    /// The secrets to mask; token shapes are always masked.
    pub redactor: Redactor,
    /// The size limits of every field ([`Truncator::standard`]).
    pub truncator: Truncator,
}

static PRESENTATION: LazyLock<Mutex<Presentation>> = LazyLock::new(|| {
    Mutex::new(Presentation {
        localizer: Localizer::english(),
        redactor: Redactor::new(),
        truncator: Truncator::standard(),
    })
});

/// The presentation, to read or to change (a poisoned lock is still usable: its data is
/// plain configuration).
pub fn get() -> MutexGuard<'static, Presentation> {
    PRESENTATION.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Chooses the language from the raw command line (`--lang TAG`, `--lang=TAG`, before `--`),
/// the config file and the environment. Returns the sources that were set but unusable, one
/// sentence each, for stderr.
pub fn choose_language(args: &[String]) -> Vec<String> {
    let flag = lang_flag(args);
    let choice = resolve_lang(flag.as_deref(), &|k| std::env::var(k).ok());
    get().localizer = Localizer::new(&choice.tag);
    choice.skipped
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
    let p = get();
    let localized = p.localizer.localize(envelope.clone());
    p.redactor.redact_and_bound(localized, &p.truncator)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn lang_is_read_from_a_raw_command_line() {
        assert_eq!(
            lang_flag(&words("recourse --lang pt-BR x")).as_deref(),
            Some("pt-BR")
        );
        assert_eq!(
            lang_flag(&words("recourse x --lang=en")).as_deref(),
            Some("en")
        );
        assert_eq!(lang_flag(&words("recourse run -- tool --lang pt")), None);
        assert_eq!(lang_flag(&words("recourse --lang")), None);
    }
}
