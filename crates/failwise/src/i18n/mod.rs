//! Localization with Fluent (Project Fluent, `fluent-bundle`): an envelope's `message` and
//! `recovery` in the reader's language; `code`, `params`, flag names and paths never change.
//!
//! A [`Localizer`] holds Fluent resources per language: failwise's own (English `en` and
//! Brazilian Portuguese `pt-BR`, embedded in the library) and any a catalog ships
//! ([`Localizer::add_resource`]). [`Localizer::localize`] looks up an envelope's code and
//! rewrites its message and recovery from the two messages
//!
//! ```ftl
//! CONFIG_MISSING-message = no config at { $path }
//! CONFIG_MISSING-recovery = run `app init` to write { $path }
//! ```
//!
//! whose variables are the envelope's `params`. Bidi isolation marks are off
//! (`set_use_isolating(false)`): a path inside a message stays byte-for-byte the path in
//! `params`.
//!
//! # How a catalog ships translations
//!
//! A catalog (derived with `#[derive(Catalog)]` or read from a file) provides, per language, an
//! FTL text with `<CODE>-message` and `<CODE>-recovery` for each of its codes, and passes it to
//! [`Localizer::add_resource`]. A catalog's entries override failwise's own for the same id.
//! Its English text is the reference: a translation that lacks a code, or cannot be formatted
//! with the envelope's params, leaves the envelope in English (and `lang` unset), so a reader is
//! never told a language the text is not in. [`message_ids`] lists an FTL text's ids, to check
//! that every language of a catalog has the same keys.
//!
//! # Examples
//!
//! ```
//! use failwise::{Code, Envelope, ExitStatus, i18n::Localizer};
//! let mut localizer = Localizer::new("pt-BR");
//! localizer.add_resource("pt-BR", "CONFIG_MISSING-message = nenhuma configuração em { $path }\n\
//!                                  CONFIG_MISSING-recovery = rode `app init` para escrever { $path }\n")?;
//! let envelope = Envelope::draft(Code::new("CONFIG_MISSING")?, ExitStatus::CONFIG, "no config at /etc/app.toml")
//!     .param("path", "/etc/app.toml")
//!     .with_recovery("run `app init` to write /etc/app.toml")?;
//! let localized = localizer.localize(envelope);
//! assert_eq!(localized.message(), "nenhuma configuração em /etc/app.toml");
//! assert_eq!(localized.lang(), Some("pt-BR"));
//! assert_eq!(localized.params()["path"], "/etc/app.toml");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod resolve;
mod template;

use std::str::FromStr;

use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;
use unic_langid::LanguageIdentifier;

use crate::envelope::{Envelope, Params};
use crate::phrase::{self, Phrase};

pub use resolve::{LangChoice, LangOrigin, Skipped, config_path, posix_locale_tag, resolve_lang};

pub use crate::phrase::EN_FTL;
/// failwise's own texts in Brazilian Portuguese.
pub const PT_BR_FTL: &str = include_str!("pt-BR.ftl");

/// The languages failwise ships, as BCP 47 tags, with their Fluent resources.
pub const SHIPPED: &[(&str, &str)] = &[("en", EN_FTL), ("pt-BR", PT_BR_FTL)];

/// The default language, and the one every lookup falls back to.
pub const DEFAULT_LANG: &str = "en";

/// A language tag that is not BCP 47, or an FTL text that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum I18nError {
    /// Not a BCP 47 language tag.
    #[error("{}", phrase::english_text(&self.phrase()))]
    InvalidTag {
        /// The text given.
        tag: String,
    },
    /// Fluent could not parse the resource.
    #[error("{}", phrase::english_text(&self.phrase()))]
    InvalidResource {
        /// The language it was given for.
        lang: String,
        /// Fluent's parse errors.
        errors: Vec<String>,
    },
}

impl I18nError {
    /// The error as a phrase (`i18n-invalid-tag`, `i18n-invalid-resource`; Fluent's own parse
    /// errors stay as Fluent wrote them), for [`Localizer::render`] in another language; its
    /// `Display` is this phrase in English.
    pub fn phrase(&self) -> Phrase {
        match self {
            Self::InvalidTag { tag } => {
                Phrase::new("i18n-invalid-tag").arg("tag", format!("{tag:?}"))
            }
            Self::InvalidResource { lang, errors } => Phrase::new("i18n-invalid-resource")
                .arg("lang", lang.clone())
                .arg("errors", errors.join("; ")),
        }
    }
}

/// Parses a BCP 47 tag, accepting POSIX's `_` for `-` (`pt_BR` → `pt-BR`), and returns its
/// language in canonical case: extensions and private use are left out (`pt-BR-u-nu-latn` →
/// `pt-BR`), and a grandfathered tag becomes its preferred value (`i-klingon` → `tlh`).
///
/// The rule is RFC 5646 §2.1's grammar, `Language-Tag = langtag / privateuse / grandfathered`:
/// - a private-use tag (`privateuse = "x" 1*("-" (1*8alphanum))`, §2.2.7) is a tag, returned
///   whole in lower case (`X-Private` → `x-private`); it names no language failwise ships, so
///   a [`Localizer`] for it speaks English, as for any language without a translation;
/// - after a language, each extension (a singleton other than `x` then one or more subtags of
///   2 to 8 letters or digits, §2.2.6) and the private-use section (`x` then one or more
///   subtags of 1 to 8, last) must be well formed, though they are left out of the answer.
///
/// # Errors
///
/// [`I18nError::InvalidTag`] when the text is not a language tag.
///
/// ```
/// use failwise::i18n::parse_tag;
/// assert_eq!(parse_tag("pt_br")?, "pt-BR");
/// assert_eq!(parse_tag("pt-BR-u-nu-latn")?, "pt-BR");
/// assert_eq!(parse_tag("i-klingon")?, "tlh");
/// assert!(parse_tag("not a tag").is_err());
/// # Ok::<(), failwise::i18n::I18nError>(())
/// ```
pub fn parse_tag(text: &str) -> Result<String, I18nError> {
    let invalid = || I18nError::InvalidTag {
        tag: text.to_owned(),
    };
    if text.trim().is_empty() {
        return Err(invalid());
    }
    let tag = text.trim().replace('_', "-");
    if let Some((_, preferred)) = GRANDFATHERED
        .iter()
        .find(|(old, _)| old.eq_ignore_ascii_case(&tag))
    {
        return Ok((*preferred).to_owned());
    }
    let subtags: Vec<&str> = tag.split('-').collect();
    // Extensions and private use (`-u-nu-latn`, `-x-…`, each after a one-letter subtag) say
    // how to format, not which language: the language is the subtags before them.
    let first_singleton = match subtags.first() {
        Some(x) if x.eq_ignore_ascii_case("x") => 0,
        _ => (1..subtags.len())
            .find(|&i| subtags[i].len() == 1)
            .unwrap_or(subtags.len()),
    };
    if !singletons_well_formed(&subtags[first_singleton..]) {
        return Err(invalid());
    }
    if first_singleton == 0 {
        return Ok(tag.to_ascii_lowercase());
    }
    LanguageIdentifier::from_str(&subtags[..first_singleton].join("-"))
        .map(|id| id.to_string())
        .map_err(|_| invalid())
}

/// Whether `sections`, the subtags of a tag from its first singleton on, are well-formed
/// extensions followed by at most one private-use section (RFC 5646 §2.1).
fn singletons_well_formed(mut sections: &[&str]) -> bool {
    let alnum = |s: &&str, min| {
        (min..=8).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric())
    };
    while let [singleton, rest @ ..] = sections {
        let private = singleton.eq_ignore_ascii_case("x");
        let (min, len) = if private {
            (1, rest.len())
        } else {
            (2, rest.iter().take_while(|s| s.len() != 1).count())
        };
        if !alnum(singleton, 1)
            || singleton.len() != 1
            || len == 0
            || !rest[..len].iter().all(|s| alnum(s, min))
        {
            return false;
        }
        sections = &rest[len..];
    }
    true
}

/// The grandfathered tags of BCP 47 (RFC 5646 §2.2.8, the IANA Language Subtag Registry) that
/// have a preferred value, with it.
const GRANDFATHERED: &[(&str, &str)] = &[
    ("art-lojban", "jbo"),
    ("en-GB-oed", "en-GB"),
    ("i-ami", "ami"),
    ("i-bnn", "bnn"),
    ("i-hak", "hak"),
    ("i-klingon", "tlh"),
    ("i-lux", "lb"),
    ("i-navajo", "nv"),
    ("i-pwn", "pwn"),
    ("i-tao", "tao"),
    ("i-tay", "tay"),
    ("i-tsu", "tsu"),
    ("no-bok", "nb"),
    ("no-nyn", "nn"),
    ("sgn-BE-FR", "sfb"),
    ("sgn-BE-NL", "vgt"),
    ("sgn-CH-DE", "sgg"),
    ("zh-guoyu", "cmn"),
    ("zh-hakka", "hak"),
    ("zh-min-nan", "nan"),
    ("zh-xiang", "hsn"),
];

/// The ids an FTL text defines, in order, as Fluent parses it (`fluent-syntax`): each message
/// as `id`, each term as `-id`, each attribute after its entry as `id.attribute`; comments and
/// entries that do not parse are left out. Used to check that two languages have the same keys.
///
/// ```
/// use failwise::i18n::message_ids;
/// let ids = message_ids("# a comment\nhello = Hi\n    .title = Greeting\n-brand = Acme\n");
/// assert_eq!(ids, ["hello", "hello.title", "-brand"]);
/// ```
pub fn message_ids(ftl: &str) -> Vec<String> {
    use fluent_syntax::ast::Entry;
    let resource =
        fluent_syntax::parser::parse_runtime(ftl).unwrap_or_else(|(resource, _)| resource);
    let mut ids = Vec::new();
    for entry in &resource.body {
        let (id, attributes) = match entry {
            Entry::Message(m) => (m.id.name.to_owned(), &m.attributes),
            Entry::Term(t) => (format!("-{}", t.id.name), &t.attributes),
            _ => continue,
        };
        let attributes: Vec<String> = attributes
            .iter()
            .map(|a| format!("{id}.{}", a.id.name))
            .collect();
        ids.push(id);
        ids.extend(attributes);
    }
    ids
}

/// One language's Fluent bundle.
struct Bundle {
    lang: LanguageIdentifier,
    bundle: FluentBundle<FluentResource>,
}

/// Texts in the reader's language, with English behind every lookup. See the module docs.
///
/// # Examples
///
/// ```
/// use failwise::Params;
/// use failwise::i18n::Localizer;
/// // A language failwise does not ship falls back to one of the same primary language, else English.
/// assert_eq!(Localizer::new("pt_PT").tag(), "pt-BR");
/// assert_eq!(Localizer::new("fr").tag(), "en");
///
/// let mut localizer = Localizer::new("pt-BR");
/// localizer.add_resource("pt-BR", "APP_BUSY-message = { $path } está ocupado\n")?;
/// let mut params = Params::new();
/// params.insert("path".into(), "/var/lib/app.db".into());
/// let (text, lang) = localizer.format("APP_BUSY-message", &params).ok_or("no such message")?;
/// assert_eq!((text.as_str(), lang.to_string().as_str()), ("/var/lib/app.db está ocupado", "pt-BR"));
/// assert!(localizer.format("APP_GONE-message", &params).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Localizer {
    requested: LanguageIdentifier,
    bundles: Vec<Bundle>,
}

impl std::fmt::Debug for Localizer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Localizer")
            .field("requested", &self.requested.to_string())
            .field("lang", &self.lang().to_string())
            .finish_non_exhaustive()
    }
}

impl Localizer {
    /// A localizer for the language `tag` (BCP 47; `_` is read as `-`), with failwise's own
    /// resources. A tag that does not parse means English.
    pub fn new(tag: &str) -> Self {
        let requested = parse_tag(tag)
            .ok()
            .and_then(|t| LanguageIdentifier::from_str(&t).ok())
            .unwrap_or_default();
        let mut localizer = Self {
            requested,
            bundles: Vec::new(),
        };
        for (lang, ftl) in SHIPPED {
            // The shipped resources parse: `shipped_resources_parse` checks it.
            let _ = localizer.add_resource(lang, ftl);
        }
        for (_, en, pt_br) in crate::phrase::PACK_TEXTS {
            let _ = localizer.add_resource("en", en);
            let _ = localizer.add_resource("pt-BR", pt_br);
        }
        localizer
    }

    /// A localizer for English.
    pub fn english() -> Self {
        Self::new(DEFAULT_LANG)
    }

    /// Adds a Fluent resource for language `lang`; its messages override earlier ones with the
    /// same id (a catalog's own texts win over failwise's).
    ///
    /// # Errors
    ///
    /// [`I18nError::InvalidTag`] for a bad tag, [`I18nError::InvalidResource`] when the FTL
    /// text does not parse; nothing is added then.
    pub fn add_resource(&mut self, lang: &str, ftl: &str) -> Result<&mut Self, I18nError> {
        let tag = parse_tag(lang)?;
        let id = LanguageIdentifier::from_str(&tag).map_err(|_| I18nError::InvalidTag {
            tag: lang.to_owned(),
        })?;
        let resource = FluentResource::try_new(ftl.to_owned()).map_err(|(_, errors)| {
            I18nError::InvalidResource {
                lang: tag.clone(),
                errors: errors.iter().map(ToString::to_string).collect(),
            }
        })?;
        let slot = match self.bundles.iter().position(|b| b.lang == id) {
            Some(i) => i,
            None => {
                let mut bundle = FluentBundle::new_concurrent(vec![id.clone()]);
                bundle.set_use_isolating(false);
                self.bundles.push(Bundle { lang: id, bundle });
                self.bundles.len() - 1
            }
        };
        self.bundles[slot].bundle.add_resource_overriding(resource);
        Ok(self)
    }

    /// The language texts come in: the requested one when resources exist for it, else one of
    /// the same primary language (`pt` or `pt-PT` → `pt-BR`), else English.
    pub fn lang(&self) -> &LanguageIdentifier {
        self.best_bundle().map_or(&self.requested, |b| &b.lang)
    }

    /// The BCP 47 tag of [`Localizer::lang`].
    pub fn tag(&self) -> String {
        self.lang().to_string()
    }

    fn best_bundle(&self) -> Option<&Bundle> {
        let exact = self.bundles.iter().find(|b| b.lang == self.requested);
        let same_language = || {
            self.bundles
                .iter()
                .find(|b| b.lang.language == self.requested.language)
        };
        exact.or_else(same_language).or_else(|| {
            self.bundles
                .iter()
                .find(|b| b.lang.language.as_str() == "en")
        })
    }

    /// The bundles to look in, best first: the negotiated language, then English.
    fn chain(&self) -> impl Iterator<Item = &Bundle> {
        let best = self.best_bundle();
        let english = self
            .bundles
            .iter()
            .find(|b| b.lang.language.as_str() == "en")
            .filter(|en| best.is_none_or(|b| b.lang != en.lang));
        best.into_iter().chain(english)
    }

    /// The message `id` formatted with `args`, and the language it came from: from the
    /// negotiated language, else English; `None` when neither has it or it cannot be formatted
    /// (a variable missing from `args`).
    pub fn format(&self, id: &str, args: &Params) -> Option<(String, &LanguageIdentifier)> {
        self.render(&Phrase::new(id.to_owned()), args)
    }

    /// A label for a person (the human rendering): [`Localizer::format`], or the id itself
    /// when no language has it.
    pub fn label(&self, id: &str, args: &Params) -> String {
        self.format(id, args)
            .map_or_else(|| id.to_owned(), |(text, _)| text)
    }

    /// Whether the negotiated language or English defines `id`.
    pub fn has(&self, id: &str) -> bool {
        self.chain().any(|b| b.bundle.has_message(id))
    }

    /// `phrase` rendered in the negotiated language with `vars` (an envelope's params and the
    /// variables [`crate::phrase`] names), and the language it came from: the negotiated one,
    /// else English; `None` when neither can render it.
    pub fn render(&self, phrase: &Phrase, vars: &Params) -> Option<(String, &LanguageIdentifier)> {
        self.chain()
            .find_map(|b| phrase::render(&b.bundle, phrase, vars).map(|text| (text, &b.lang)))
    }

    /// `phrase` rendered in English with `vars`, whatever the negotiated language, from this
    /// localizer's English resources (failwise's own and those added for `en`, a catalog's
    /// templates among them): the language envelopes are written in. `None` when English
    /// cannot render it.
    pub fn render_english(&self, phrase: &Phrase, vars: &Params) -> Option<String> {
        let english = self
            .bundles
            .iter()
            .find(|b| b.lang.language.as_str() == DEFAULT_LANG)?;
        phrase::render(&english.bundle, phrase, vars)
    }

    /// `envelope` with its message the phrase `message` and, when given, its recovery the
    /// phrase `recovery`: sentences of the resources added to this localizer (a catalog's own
    /// texts, which failwise's `en.ftl` lacks, so a [`Draft`](crate::Draft) cannot render
    /// them), rendered in English ([`Localizer::render_english`]) with the envelope's params and
    /// the variables [`crate::phrase`] names, and kept as the envelope's phrases so that
    /// [`Localizer::localize`] renders them again in the reader's language. Without
    /// `recovery`, the recovery and its phrase stay as they are. The envelope is returned as
    /// it was when English cannot render a phrase, or renders the recovery empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::{Code, Envelope, ExitStatus, Phrase, i18n::Localizer};
    /// let mut localizer = Localizer::new("pt-BR");
    /// localizer.add_resource("en", "app-busy = { $path } is busy: { $why }\napp-locked = locked by { $pid }\n")?;
    /// localizer.add_resource("pt-BR", "app-busy = { $path } está ocupado: { $why }\napp-locked = travado por { $pid }\n")?;
    /// let envelope = Envelope::draft(Code::new("APP_BUSY")?, ExitStatus::TEMPFAIL, "busy")
    ///     .param("path", "/var/lib/app.db")
    ///     .with_recovery("wait for it")?;
    /// let why = Phrase::new("app-locked").arg("pid", 42);
    /// let phrased = localizer.with_phrases(envelope, Phrase::new("app-busy").phrase("why", why), None);
    /// assert_eq!(phrased.message(), "/var/lib/app.db is busy: locked by 42");
    /// let localized = localizer.localize(phrased);
    /// assert_eq!(localized.message(), "/var/lib/app.db está ocupado: travado por 42");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_phrases(
        &self,
        envelope: Envelope,
        message: Phrase,
        recovery: Option<Phrase>,
    ) -> Envelope {
        let vars = phrase::envelope_args(
            envelope.code().as_str(),
            envelope.exit().get(),
            envelope.nearby(),
            envelope.params(),
        );
        let Some(message_text) = self.render_english(&message, &vars) else {
            return envelope;
        };
        let recovery_text = match &recovery {
            Some(phrase) => match self.render_english(phrase, &vars) {
                Some(text) if !text.trim().is_empty() => Some(text),
                _ => return envelope,
            },
            None => None,
        };
        let mut phrased = envelope;
        phrased.message = message_text;
        phrased.phrases.message = Some(message);
        if let (Some(text), Some(phrase)) = (recovery_text, recovery) {
            phrased.recovery = text;
            phrased.phrases.recovery = Some(phrase);
        }
        phrased
    }

    /// `envelope`'s `message` and `recovery` in the negotiated language, and that language's
    /// tag, for an envelope whose texts are not phrases and that was not read from another
    /// dialect (its texts are then a catalog's): from `<CODE>-message` and `<CODE>-recovery`
    /// formatted with its `params` and the variables [`crate::phrase`] names, `$detail` being
    /// the reader's description of `params.problem` at `params.pointer` when both are given
    /// (`problem-<PROBLEM>`, as `failwise validate` reports a line). `None` when the language
    /// has no text for the code or the params cannot fill it. Unlike [`Localizer::localize`]
    /// this formats English too.
    pub fn texts(&self, envelope: &Envelope) -> Option<(String, String, String)> {
        let bundle = self.best_bundle()?;
        let code = envelope.code().as_str();
        let mut args = phrase::envelope_args(
            code,
            envelope.exit().get(),
            envelope.nearby(),
            envelope.params(),
        );
        if let (Some(problem), Some(pointer)) = (
            args.get("problem").and_then(serde_json::Value::as_str),
            args.get("pointer").and_then(serde_json::Value::as_str),
        ) && let Some(detail) = self.read_problem(problem, pointer)
        {
            args.insert("detail".to_owned(), detail.into());
        }
        let message = phrase::render(
            &bundle.bundle,
            &Phrase::new(format!("{code}-message")),
            &args,
        )?;
        let recovery = phrase::render(
            &bundle.bundle,
            &Phrase::new(format!("{code}-recovery")),
            &args,
        )?;
        Some((message, recovery, bundle.lang.to_string()))
    }

    /// The reader's description of a line's problem (`params.problem` of `LINE_INVALID`: a
    /// [`crate::ReadError::code`] such as `INVARIANT_CLASS_BOUNDS_RETRY`, or `LINE_TOO_LONG`,
    /// `INVALID_UTF8`) in the negotiated language, from `problem-<PROBLEM>` with `$at` the
    /// JSON Pointer (or "line" when it is empty). `None` for problems whose description quotes
    /// a parser's own text (`INVALID_JSON`, `BAD_VALUE`, ...): those keep it as read.
    pub fn read_problem(&self, problem: &str, pointer: &str) -> Option<String> {
        let bundle = self.best_bundle()?;
        let phrase = Phrase::new(format!("problem-{problem}"));
        let phrase = if pointer.is_empty() {
            phrase.phrase("at", Phrase::new("problem-at-line"))
        } else {
            phrase.arg("at", pointer)
        };
        phrase::render(&bundle.bundle, &phrase, &Params::new())
    }

    /// Puts `envelope`'s `message` and `recovery` in the negotiated language and sets `lang`:
    ///
    /// - texts that are phrases ([`Envelope::phrases`]) are rendered again from their ids, in
    ///   the language; a text given as text is kept as it is, so in an envelope read from
    ///   another dialect the source's own words stay as read and only failwise's own
    ///   sentences (a fallback recovery) change;
    /// - an envelope with no phrase, not read from another dialect, is a catalog's: its texts
    ///   come from `<CODE>-message` and `<CODE>-recovery` ([`Localizer::texts`]).
    ///
    /// `lang` is set only when both texts are in the language. A text the language cannot
    /// render stays as it was. When the negotiated language is English the envelope is
    /// returned as it is: English is the language envelopes are written in.
    pub fn localize(&self, envelope: Envelope) -> Envelope {
        if self.lang().language == DEFAULT_LANG {
            return envelope;
        }
        if !envelope.phrases().is_empty() {
            return self.localize_phrases(envelope);
        }
        if envelope.source().is_some() {
            return envelope;
        }
        let Some((message, recovery, lang)) = self.texts(&envelope) else {
            return envelope;
        };
        let original = envelope.clone();
        envelope
            .into_draft()
            .message(message)
            .lang(lang)
            .with_recovery(recovery)
            .unwrap_or(original)
    }

    fn localize_phrases(&self, envelope: Envelope) -> Envelope {
        let vars = phrase::envelope_args(
            envelope.code().as_str(),
            envelope.exit().get(),
            envelope.nearby(),
            envelope.params(),
        );
        let phrases = envelope.phrases().clone();
        let lang = self.lang().clone();
        let in_lang = |p: Option<&Phrase>| {
            p.and_then(|p| self.render(p, &vars))
                .filter(|(_, l)| **l == lang)
                .map(|(text, _)| text)
        };
        let message = in_lang(phrases.message());
        let recovery = in_lang(phrases.recovery());
        if message.is_none() && recovery.is_none() {
            return envelope;
        }
        let whole = message.is_some() && recovery.is_some();
        let original = envelope.clone();
        let mut draft = envelope.into_draft();
        if let Some(message) = message {
            draft = draft.message(message);
        }
        if whole {
            draft = draft.lang(lang.to_string());
        }
        let recovery = recovery.unwrap_or_else(|| original.recovery().to_owned());
        let mut localized = draft.with_recovery(recovery).unwrap_or(original);
        // The texts are still those phrases, now in this language.
        localized.phrases = phrases;
        localized
    }
}

#[cfg(test)]
mod tests;
