//! Which language to speak: `--lang`, else the config file, else the POSIX locale variables,
//! else English.

use std::path::PathBuf;

use crate::envelope::Params;
use crate::i18n::{DEFAULT_LANG, parse_tag};

/// Where the chosen language came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LangOrigin {
    /// The `--lang` flag.
    Flag,
    /// The `lang` key of this config file.
    Config(PathBuf),
    /// This locale variable (`LC_ALL`, `LC_MESSAGES` or `LANG`).
    Env(&'static str),
    /// Nothing chose: English.
    Default,
}

/// The language chosen, where it came from, and what was skipped on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LangChoice {
    /// BCP 47 tag in canonical case, such as `en` or `pt-BR`.
    pub tag: String,
    /// Where it came from.
    pub origin: LangOrigin,
    /// Sources that were set but could not be used (an unreadable config file, a `lang` that
    /// is not a tag), one sentence each, for the caller to show on stderr: nothing is skipped
    /// silently.
    pub skipped: Vec<Skipped>,
}

/// One source [`resolve_lang`] skipped: a Fluent message id (`lang-skipped-*`) and its
/// arguments, so the note can be shown in the language finally chosen
/// ([`Skipped::text`]); `Display` gives the English sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The Fluent id, such as `lang-skipped-config-toml`.
    pub id: &'static str,
    /// Its arguments (`$path`, `$reason`, ...); a parser's or the OS's own text stays as read.
    pub args: Params,
}

impl Skipped {
    fn new(id: &'static str, args: &[(&str, String)]) -> Self {
        Self {
            id,
            args: args
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone().into()))
                .collect(),
        }
    }

    /// The note in `localizer`'s language.
    pub fn text(&self, localizer: &super::Localizer) -> String {
        localizer.label(self.id, &self.args)
    }
}

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(&super::Localizer::english()))
    }
}

/// The config file: `$XDG_CONFIG_HOME/failwise/config.toml`, where `XDG_CONFIG_HOME` defaults
/// to `$HOME/.config` (XDG Base Directory Specification); `None` when neither variable is set
/// to an absolute path.
pub fn config_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let absolute = |v: String| Some(PathBuf::from(v)).filter(|p| p.is_absolute());
    let base = env("XDG_CONFIG_HOME")
        .and_then(absolute)
        .or_else(|| env("HOME").and_then(absolute).map(|h| h.join(".config")))?;
    Some(base.join("failwise").join("config.toml"))
}

/// Reads a POSIX locale name as a BCP 47 tag: `C` and `POSIX` (with any codeset, `C.UTF-8`)
/// mean English; the codeset (`.UTF-8`) and modifier (`@euro`) are dropped; `_` becomes `-`
/// (`pt_BR.UTF-8` → `pt-BR`). `None` for an empty value or one that is not a language.
///
/// ```
/// use failwise::i18n::posix_locale_tag;
/// assert_eq!(posix_locale_tag("pt_BR.UTF-8").as_deref(), Some("pt-BR"));
/// assert_eq!(posix_locale_tag("de_DE@euro").as_deref(), Some("de-DE"));
/// assert_eq!(posix_locale_tag("C.UTF-8").as_deref(), Some("en"));
/// assert_eq!(posix_locale_tag(""), None);
/// ```
pub fn posix_locale_tag(value: &str) -> Option<String> {
    let name = value.split(['.', '@']).next().unwrap_or_default().trim();
    if name.is_empty() {
        return None;
    }
    if name == "C" || name == "POSIX" {
        return Some(DEFAULT_LANG.to_owned());
    }
    parse_tag(name).ok()
}

/// Chooses the language: `flag` (the `--lang` value) when given; else the `lang`
/// key of [`config_path`]; else the first non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG` (POSIX
/// order of precedence), read by [`posix_locale_tag`]; else English. `env` reads an environment
/// variable (pass `|k| std::env::var(k).ok()`).
///
/// A config file that does not exist is not an error; one that cannot be read or parsed, or
/// whose `lang` is not a tag, is noted in [`LangChoice::skipped`] and the next source is tried.
/// A locale variable set to something that is not a language (`LANG=foo.bar@baz!`) stops the
/// search with English, as the C library does with an unknown locale.
pub fn resolve_lang(flag: Option<&str>, env: &dyn Fn(&str) -> Option<String>) -> LangChoice {
    let mut skipped = Vec::new();
    if let Some(tag) = flag {
        match parse_tag(tag) {
            Ok(tag) => {
                return LangChoice {
                    tag,
                    origin: LangOrigin::Flag,
                    skipped,
                };
            }
            Err(e) => skipped.push(Skipped::new(
                "lang-skipped-flag",
                &[("reason", e.to_string())],
            )),
        }
    }
    if let Some(path) = config_path(env) {
        match read_config_lang(&path) {
            Ok(Some(tag)) => {
                return LangChoice {
                    tag,
                    origin: LangOrigin::Config(path),
                    skipped,
                };
            }
            Ok(None) => {}
            Err((id, reason)) => skipped.push(Skipped::new(
                id,
                &[("path", path.display().to_string()), ("reason", reason)],
            )),
        }
    }
    for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        let Some(value) = env(var).filter(|v| !v.is_empty()) else {
            continue;
        };
        let tag = posix_locale_tag(&value).unwrap_or_else(|| {
            skipped.push(Skipped::new(
                "lang-skipped-env",
                &[("var", var.to_owned()), ("value", format!("{value:?}"))],
            ));
            DEFAULT_LANG.to_owned()
        });
        return LangChoice {
            tag,
            origin: LangOrigin::Env(var),
            skipped,
        };
    }
    LangChoice {
        tag: DEFAULT_LANG.to_owned(),
        origin: LangOrigin::Default,
        skipped,
    }
}

/// The `lang` of a config file: `Ok(None)` when the file or the key is absent; otherwise the
/// [`Skipped`] id of what is wrong and the text for its `$reason`.
fn read_config_lang(path: &std::path::Path) -> Result<Option<String>, (&'static str, String)> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(("lang-skipped-config-unreadable", e.to_string())),
    };
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| ("lang-skipped-config-toml", e.message().to_owned()))?;
    match table.get("lang") {
        None => Ok(None),
        Some(toml::Value::String(tag)) => parse_tag(tag)
            .map(Some)
            .map_err(|e| ("lang-skipped-config-tag", e.to_string())),
        Some(other) => Err(("lang-skipped-config-type", other.type_str().to_owned())),
    }
}
