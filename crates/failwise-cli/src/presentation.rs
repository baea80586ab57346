//! How every envelope failwise prints is presented: in which language, with which secrets
//! masked, within which size limits, in which format and colours. One [`Presentation`] is built
//! at dispatch from the command line (as ripgrep's `Args` become `HiArgs`) and passed down to
//! the subcommand and to the output; nothing about it is global.
//!
//! The language is chosen in this order (`--lang`, the config file, `LC_ALL`,
//! `LC_MESSAGES`, `LANG`, English) by [`failwise::i18n::resolve_lang`]; `--lang` is read from
//! the raw command line too, so even a command line that does not parse gets its usage
//! envelope in the language it asked for.

use std::io::{self, IsTerminal};
use std::sync::{Arc, OnceLock};

use failwise::i18n::{Localizer, resolve_lang};
use std::os::unix::ffi::{OsStrExt, OsStringExt};

use failwise::redact::{Redactor, RefusedSecret};
use failwise::truncate::Truncator;
use failwise::{Catalog, Envelope};

use crate::errors::CliError;

/// The first write to stdout that failed for a reason other than a closed pipe, shared by the
/// writers of one process (a run's pump threads included); [`crate::outcome::Outcome::finish`]
/// reads it to say that data was lost.
#[derive(Debug, Clone, Default)]
pub struct WriteLog(Arc<OnceLock<String>>);

impl WriteLog {
    /// Remembers a failed write to stdout, unless the pipe was closed (a quiet end).
    pub(crate) fn remember(&self, e: &io::Error) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            let _ = self.0.set(e.to_string());
        }
    }

    /// The first failed write to stdout (other than a closed pipe), if any: data was lost.
    pub fn first_error(&self) -> Option<&str> {
        self.0.get().map(String::as_str)
    }
}

/// How an envelope is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// One line of JSON.
    Json,
    /// A short text for a person.
    Human,
    /// Human on a terminal, JSON otherwise.
    #[default]
    Auto,
}

impl Format {
    /// Resolves `auto` against whether stdout is a terminal.
    pub fn resolve(self) -> Self {
        match self {
            Self::Auto if io::stdout().is_terminal() => Self::Human,
            Self::Auto => Self::Json,
            other => other,
        }
    }
}

/// The binary's own labels and error codes in English: the same file [`CliError`] reads its
/// message and recovery templates from at compile time.
pub const EN_FTL: &str = include_str!("i18n/en.ftl");
/// The binary's own labels and error codes in Brazilian Portuguese.
pub const PT_BR_FTL: &str = include_str!("i18n/pt-BR.ftl");

/// A localizer for `lang` with the library's texts and the binary's own. The English of the
/// binary's codes is `en.ftl` itself, where `CliError` takes its templates from, so the
/// catalog's templates are not added again.
fn binary_localizer(lang: &str) -> Localizer {
    let mut localizer = Localizer::new(lang);
    // The binary's FTL files parse: `the_binary_texts_are_complete` checks it.
    for (tag, ftl) in [("en", EN_FTL), ("pt-BR", PT_BR_FTL)] {
        let _ = localizer.add_resource(tag, ftl);
    }
    localizer
}

/// `phrase`, a sentence of the binary's own or the library's, in English with no variables
/// beyond its own arguments: the `Display` of the binary's error values that travel inside
/// another library's errors (a value parser's reason inside clap's), read before any
/// presentation exists.
pub fn english_text(phrase: &failwise::Phrase) -> String {
    binary_localizer(failwise::i18n::DEFAULT_LANG)
        .render_english(phrase, &failwise::Params::new())
        .unwrap_or_else(|| phrase.id().to_owned())
}

/// The presentation of one process: every envelope it prints goes through
/// [`Presentation::prepare`] (localize → redact → bound → redact) exactly once.
pub struct Presentation {
    /// The chosen language's BCP 47 tag.
    lang: String,
    /// Messages, recoveries and labels in the chosen language, built on first use: a command
    /// that succeeds never parses the Fluent resources, which keeps `failwise run`'s start
    /// lean.
    localizer: OnceLock<Localizer>,
    /// The secrets to mask; token shapes are always masked.
    redactor: Redactor,
    /// The size limits of every field ([`Truncator::standard`]).
    truncator: Truncator,
    /// The format asked for (`--format`, `--json`), and the one envelopes are written in
    /// (`auto` resolved against stdout).
    format: Format,
    shown_format: Format,
    /// Whether the human form is coloured on stdout and on stderr (`--color`, else
    /// `NO_COLOR`, `CLICOLOR_FORCE`, `CLICOLOR` and the terminal: [`crate::color`]).
    color_stdout: bool,
    color_stderr: bool,
    /// The sources of the language that were set but unusable, one warning line each.
    warnings: Vec<String>,
    /// The first failed write to stdout, shared by every writer of this process.
    writes: WriteLog,
}

impl Presentation {
    /// The presentation of a command line: its language from the raw words `args` (the
    /// program's name first; `--lang TAG`, `--lang=TAG`, before `--`), the config file and the
    /// environment; its colours from `--color` in the same words ([`crate::color`]); envelopes
    /// in `format`. A language source that was set but unusable is a
    /// warning ([`Presentation::warnings`]).
    pub fn new(args: &[String], format: Format) -> Self {
        let flag = lang_flag(args);
        let choice = resolve_lang(flag.as_deref(), &|k| std::env::var(k).ok());
        let color = crate::color::ColorWhen::from_args(args);
        let mut presentation = Self {
            lang: choice.tag,
            localizer: OnceLock::new(),
            redactor: Redactor::new(),
            truncator: Truncator::standard(),
            format,
            shown_format: format.resolve(),
            color_stdout: color.stdout(),
            color_stderr: color.stderr(),
            warnings: Vec::new(),
            writes: WriteLog::default(),
        };
        register_raw_secrets(&mut presentation.redactor, args);
        if !choice.skipped.is_empty() {
            let localizer = presentation.localizer();
            let warnings = choice
                .skipped
                .iter()
                .map(|s| {
                    let mut args = failwise::Params::new();
                    args.insert("note".to_owned(), s.text(localizer).into());
                    localizer.label("warning-line", &args)
                })
                .collect();
            presentation.warnings = warnings;
        }
        presentation
    }

    /// The localizer of the chosen language, built the first time it is needed: failwise's
    /// library texts, the binary's own (its error codes and labels in English and the
    /// translations, from `i18n/*.ftl`).
    pub fn localizer(&self) -> &Localizer {
        self.localizer.get_or_init(|| binary_localizer(&self.lang))
    }

    /// The secrets masked in every envelope (and, by `failwise run`, in the output it passes
    /// through).
    pub fn redactor(&self) -> &Redactor {
        &self.redactor
    }

    /// The format asked for, as given (`auto` included).
    pub fn format(&self) -> Format {
        self.format
    }

    /// The format envelopes are written in: the one asked for, `auto` resolved against stdout.
    pub fn shown_format(&self) -> Format {
        self.shown_format
    }

    /// Whether the human form is coloured on stdout (`true`) or stderr (`false`).
    pub fn color(&self, stdout: bool) -> bool {
        if stdout {
            self.color_stdout
        } else {
            self.color_stderr
        }
    }

    /// The warning lines (`failwise: warning: ...`) about language sources that were set but
    /// unusable, in the language chosen, for stderr.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Where the writers of this process record a failed write to stdout.
    pub fn writes(&self) -> &WriteLog {
        &self.writes
    }

    /// `envelope` as it is shown: localized, then redacted, bounded and redacted again
    /// ([`Redactor::redact_and_bound`]).
    pub fn prepare(&self, envelope: Envelope) -> Shown {
        let localized = self.localizer().localize(envelope);
        Shown(self.redactor.redact_and_bound(localized, &self.truncator))
    }

    /// Registers the secret values of the environment (variables whose names mark them as
    /// secrets, [`failwise::redact::is_secret_name`]) and answers a warning line, for stderr,
    /// for each one that cannot be registered (too short, number-like), naming the variable,
    /// never its value, so nobody believes it masked. Every subcommand that prints what it
    /// reads writes these lines before its answer.
    pub fn register_env_secrets(&mut self) -> Vec<String> {
        let env = self.redactor.register_env(env_bytes());
        env.refused
            .iter()
            .map(|(variable, why)| {
                let note = failwise::Phrase::new("env-secret-unmasked")
                    .arg("variable", variable.clone())
                    .phrase("reason", why.phrase());
                self.warning_line(&note)
            })
            .collect()
    }

    /// Masks `value` from now on if the redactor accepts it (a refused one was not named).
    pub fn register_quietly(&mut self, value: &str) {
        let _ = self.redactor.register(value);
    }

    /// `note` as one warning line for stderr (`failwise: warning: …`), in the reader's language.
    pub fn warning_line(&self, note: &failwise::Phrase) -> String {
        self.labelled("warning-line", note)
    }

    /// `note` as one line for stderr saying what failwise does (`failwise: …`), localized.
    pub fn note_line(&self, note: &failwise::Phrase) -> String {
        self.labelled("note-line", note)
    }

    fn labelled(&self, label: &str, note: &failwise::Phrase) -> String {
        let localizer = self.localizer();
        let text = localizer
            .render(note, &failwise::Params::new())
            .map_or_else(|| english_text(note), |(text, _)| text);
        let mut args = failwise::Params::new();
        args.insert("note".to_owned(), text.into());
        localizer.label(label, &args)
    }

    /// Registers the secrets of `sources`. Environment values that cannot be registered (too
    /// short, number-like) are skipped, since the name alone made them candidates, and each is
    /// named (never its value) in a warning line of the answer, for stderr, so nobody
    /// believes it masked; a value the caller named explicitly (`--secret`, `--secret-env`)
    /// that cannot be registered is a usage error, so a secret the caller asked to hide is
    /// never shown because it was quietly refused. Values are registered by their bytes: one
    /// that is not UTF-8 is masked byte for byte in the output passed through.
    ///
    /// # Errors
    ///
    /// The usage envelope `SECRET_NOT_REGISTERED` or `SECRET_ENV_NOT_REGISTERED` (exit 2)
    /// naming the flag and the reason, or `SECRET_ENV_UNSET` for a variable that is not set.
    pub fn register_secrets(
        &mut self,
        sources: &SecretSources<'_>,
    ) -> Result<Vec<String>, Box<Envelope>> {
        let warnings = if sources.env {
            self.register_env_secrets()
        } else {
            Vec::new()
        };
        for value in sources.values {
            self.redactor
                .register(value.as_str())
                .map_err(|e| refused("--secret", None, &e))?;
        }
        for name in sources.env_names {
            let Some(value) = std::env::var_os(name) else {
                return Err(unset(name));
            };
            self.redactor
                .register_bytes(value.as_bytes())
                .map_err(|e| refused("--secret-env", Some(name), &e))?;
        }
        Ok(warnings)
    }

    /// A record that is not an envelope (a search's result, a report) as its one JSON line
    /// (no newline), with the masking an envelope gets: every string redacted (registered
    /// values and token shapes, [`Redactor::redact_value`]) and the line sealed.
    pub fn record_line(&self, record: &impl serde::Serialize) -> String {
        // The records hold strings, numbers, lists and string-keyed maps: serializing cannot
        // fail. Members keep their order unless something was masked (the masked record is a
        // map, its members in name order).
        let mut value = serde_json::to_value(record).unwrap_or_default();
        if self.redactor.redact_value(&mut value) == 0 {
            return self.seal_line(serde_json::to_string(record).unwrap_or_default());
        }
        self.seal_line(value.to_string())
    }

    /// Redacts every string of a record in place, as [`Presentation::record_line`] does.
    pub fn mask_record(&self, value: &mut serde_json::Value) {
        self.redactor.redact_value(value);
    }

    /// `line`, a JSON line written by this program, sealed ([`Redactor::seal_json`]).
    pub fn seal_line(&self, line: String) -> String {
        match self.redactor.seal_json(line.as_bytes()) {
            Some(sealed) => String::from_utf8_lossy(&sealed).into_owned(),
            None => line,
        }
    }

    /// `text`, a text for a person written by this program, sealed ([`Redactor::seal_text`]).
    pub fn seal_text(&self, text: String) -> String {
        match self.redactor.seal_text(&text) {
            std::borrow::Cow::Borrowed(_) => text,
            std::borrow::Cow::Owned(sealed) => sealed,
        }
    }

    /// A rendering of `shown`, in the human form (`Some(colour)`) or as one JSON line (`None`,
    /// without its newline), sealed: a registered secret that the rendering's own syntax,
    /// escapes or labels spell together with a field is masked too
    /// ([`Redactor::seal_json`], [`Redactor::seal_text`]).
    pub fn render(&self, shown: &Shown, human: Option<bool>) -> String {
        match human {
            Some(color) => self.seal_text(failwise::render::human(
                shown.envelope(),
                self.localizer(),
                color,
            )),
            None => self.seal_line(shown.envelope().to_json_line()),
        }
    }
}

/// The environment as names and the bytes of their values (names that are not UTF-8 hold no
/// secret this program could name).
fn env_bytes() -> impl Iterator<Item = (String, Vec<u8>)> {
    std::env::vars_os().filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_vec())))
}

/// An envelope as it is shown: only [`Presentation::prepare`] makes one, so the output layer,
/// which prints nothing else, never prints an envelope that was not prepared.
#[derive(Debug, Clone)]
pub struct Shown(Envelope);

impl Shown {
    /// The prepared envelope.
    pub fn envelope(&self) -> &Envelope {
        &self.0
    }
}

impl std::ops::Deref for Shown {
    type Target = Envelope;

    fn deref(&self) -> &Envelope {
        &self.0
    }
}

impl failwise::dialect::Prepare for Presentation {
    fn prepare(&self, envelope: Envelope) -> Envelope {
        Presentation::prepare(self, envelope).0
    }

    /// A line passed through has the registered secret values masked, as `failwise run`
    /// masks the output it passes through (token shapes are for envelopes only).
    fn pass(&self, line: &[u8], out: &mut Vec<u8>) {
        self.redactor.mask_line(line, out);
    }

    /// A written line is sealed as [`Presentation::render`] seals one.
    fn seal(&self, line: &mut Vec<u8>, start: usize) {
        if let Some(sealed) = self.redactor.seal_json(&line[start..]) {
            line.truncate(start);
            line.extend_from_slice(&sealed);
        }
    }
}

/// A presentation in English (else as [`Presentation::new`] of an empty command line), for
/// tests.
#[cfg(test)]
pub fn presenter() -> Presentation {
    presenter_in("en")
}

/// A presentation in `lang`, in JSON, for tests.
#[cfg(test)]
pub fn presenter_in(lang: &str) -> Presentation {
    let args = ["failwise".to_owned(), format!("--lang={lang}")];
    Presentation::new(&args, Format::Json)
}

/// The last `--lang` value on a command line, up to `--`.
fn lang_flag(args: &[String]) -> Option<String> {
    flag_values(args, "--lang").pop()
}

/// Every value of `flag` on a raw command line, up to `--`: `FLAG VALUE` and `FLAG=VALUE`.
fn flag_values(args: &[String], flag: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut words = args.iter().skip(1).take_while(|a| *a != "--");
    while let Some(arg) = words.next() {
        match arg.split_once('=') {
            Some((name, value)) if name == flag => found.push(value.to_owned()),
            _ if arg == flag => found.extend(words.next().cloned()),
            _ => {}
        }
    }
    found
}

/// Registers, from a raw command line, the secrets its envelopes must never show before anything
/// is printed, even a usage envelope of a line that does not parse: the environment's secret
/// values (unless `--no-env-secrets`), the values of `--secret` and of the variables
/// `--secret-env` names. A value that cannot be registered is skipped here; `failwise run`
/// reports it once the line parses ([`Presentation::register_secrets`]).
fn register_raw_secrets(redactor: &mut Redactor, args: &[String]) {
    let before_command = || args.iter().skip(1).take_while(|a| *a != "--");
    if !before_command().any(|a| a == "--no-env-secrets") {
        redactor.register_env(env_bytes());
    }
    for value in flag_values(args, "--secret") {
        let _ = redactor.register(value);
    }
    for name in flag_values(args, "--secret-env") {
        if let Some(value) = std::env::var_os(&name) {
            let _ = redactor.register_bytes(value.as_bytes());
        }
    }
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

fn refused(flag: &str, variable: Option<&str>, why: &RefusedSecret) -> Box<Envelope> {
    let reason = match why {
        RefusedSecret::TooShort { .. } => "too_short",
        RefusedSecret::NumberLike => "number_like",
        RefusedSecret::WireVocabulary { .. } => "wire_vocabulary",
        RefusedSecret::WireSyntax => "wire_syntax",
        RefusedSecret::SyntaxLike => "syntax_like",
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

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn the_binary_texts_are_complete() {
        use failwise::catalog::missing_translations;
        use failwise::i18n::message_ids;
        let catalog = CliError::catalog();
        assert!(
            missing_translations(&catalog, EN_FTL).is_empty(),
            "en.ftl lacks {:?}",
            missing_translations(&catalog, EN_FTL)
        );
        assert!(
            missing_translations(&catalog, PT_BR_FTL).is_empty(),
            "pt-BR lacks {:?}",
            missing_translations(&catalog, PT_BR_FTL)
        );
        let labels = message_ids(EN_FTL);
        assert!(!labels.is_empty());
        let portuguese = message_ids(PT_BR_FTL);
        for id in &labels {
            assert!(portuguese.contains(id), "pt-BR lacks {id}");
        }
        for id in &portuguese {
            let code = id.rsplit_once('-').map_or(id.as_str(), |(code, _)| code);
            let is_code = catalog.codes.iter().any(|c| c.code.as_str() == code);
            assert!(
                is_code || labels.contains(id),
                "pt-BR has {id}, which en.ftl and the catalog lack"
            );
        }
        let mut english = Localizer::english();
        assert!(english.add_resource("en", EN_FTL).is_ok());
        // The English of every code, rendered from en.ftl, is the envelope's own text.
        let envelope = CliError::SecretEnvUnset {
            flag: "--secret-env".into(),
            variable: "TOKEN".into(),
        }
        .to_envelope();
        let shown = binary_localizer("en").localize(envelope.clone());
        assert_eq!(
            (shown.message(), shown.recovery()),
            (envelope.message(), envelope.recovery())
        );
        let mut pt = Localizer::new("pt-BR");
        assert!(pt.add_resource("pt-BR", PT_BR_FTL).is_ok());
        let envelope = CliError::SecretEnvUnset {
            flag: "--secret-env".into(),
            variable: "TOKEN".into(),
        }
        .to_envelope();
        let localized = binary_localizer("pt-BR").localize(envelope.clone());
        assert_eq!(localized.lang(), Some("pt-BR"));
        assert_ne!(localized.message(), envelope.message());
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

    /// The sources of every crate hold no global place for a setting: a `static` `Mutex` or
    /// `RwLock`, or a `thread_local!` (the presentation is passed down as a value instead).
    #[test]
    fn no_static_holds_a_setting() {
        fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
            let entries = std::fs::read_dir(dir).expect("a source directory");
            for entry in entries.map(|e| e.expect("an entry").path()) {
                if entry.is_dir() {
                    walk(&entry, found);
                } else if entry.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&entry).expect("a source file");
                    for (n, line) in text.lines().enumerate() {
                        let code = line.trim_start();
                        if code.starts_with("//") {
                            continue;
                        }
                        let global = code.starts_with("static ") || code.contains(" static ");
                        let lock = ["Mutex<", "RwLock<"].iter().any(|t| code.contains(t));
                        if (global && lock) || code.contains(concat!("thread", "_local!")) {
                            found.push(format!("{}:{}: {code}", entry.display(), n + 1));
                        }
                    }
                }
            }
        }
        let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut found = Vec::new();
        for krate in std::fs::read_dir(&crates).expect("the crates directory") {
            let src = krate.expect("a crate").path().join("src");
            if src.is_dir() {
                walk(&src, &mut found);
            }
        }
        assert!(found.is_empty(), "global settings: {found:#?}");
    }
}
