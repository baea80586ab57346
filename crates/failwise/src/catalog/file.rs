//! A catalog as data: [`CatalogFile`] and its [`CatalogEntry`] rows, written to and read from
//! JSON or TOML, with the checks every catalog must pass whatever wrote it.
//!
//! The format's JSON Schema is committed at `schemas/catalog.v1.schema.json`, so tools in other
//! languages can write a catalog by hand and check it with any JSON Schema library.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::template;
use crate::code::{Code, ExitStatus};
use crate::phrase::{Phrase, english_text};
use crate::verdict::{ErrorClass, Retry, Verdict};

/// The `$id` of the v1 catalog schema.
pub const CATALOG_SCHEMA_ID: &str = "urn:failwise:schema:catalog:v1";

/// A tool's catalog: every code it can print, retired ones included (a retired code is never
/// reused, so it stays listed).
///
/// # Wire format (JSON; TOML has the same keys, with `[[codes]]` tables)
///
/// ```json
/// {"tool":"atomwrite","version":"0.1.35",
///  "codes":[{"code":"FILE_NOT_FOUND","exit":4,"error_class":"permanent","retry":"no",
///            "message":"file {path} not found","recovery":"verify that {path} exists",
///            "params":["path"],"since":"0.1.0"}]}
/// ```
/// Unknown keys are rejected: a catalog is written by hand, and a misspelt key must not vanish.
///
/// # Examples
///
/// ```
/// use failwise::catalog::{CatalogError, CatalogFile};
/// use failwise::ErrorClass;
/// let catalog = CatalogFile::from_toml(r#"
/// tool = "app"
/// version = "1.2.0"
///
/// [[codes]]
/// code = "APP_NO_CONFIG"
/// exit = 78
/// error_class = "precondition_failed"
/// retry = "no"
/// message = "no config at {path}"
/// recovery = "run `app init` to write {path}"
/// params = ["path"]
/// "#)?;
/// let entry = catalog.entry("APP_NO_CONFIG").ok_or("no such code")?;
/// assert_eq!(entry.error_class, ErrorClass::PreconditionFailed);
/// assert!(catalog.problems().is_empty());
/// // The JSON form holds the same catalog.
/// assert_eq!(CatalogFile::from_json(&catalog.to_json_pretty())?, catalog);
///
/// // A catalog that breaks a rule is refused, with every problem listed.
/// let broken = r#"{"tool":"app","codes":[{"code":"APP_GONE","exit":1,
///     "error_class":"permanent","retry":"yes","message":"gone","recovery":"run `app list`"}]}"#;
/// let Err(CatalogError::Invalid(problems)) = CatalogFile::from_json(broken) else {
///     return Err("a permanent code that says retry yes must be refused".into());
/// };
/// assert_eq!(problems[0].code, "APP_GONE");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    title = "failwise catalog v1",
    description = "The list of a tool's error codes: exit status, class, retry verdict, \
                   message and recovery templates, docs and history of each.",
    extend("$id" = CATALOG_SCHEMA_ID)
)]
pub struct CatalogFile {
    /// The schema this file follows, for editors; ignored by readers.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The tool's name, as users type it.
    pub tool: String,
    /// The tool version this catalog describes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// The page that explains a code, with `{code}` where the code goes (for example
    /// `https://example.org/errors#{code}`); becomes each envelope's `doc_url`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doc_url: Option<String>,
    /// Every code, in declaration order.
    pub codes: Vec<CatalogEntry>,
}

/// One code of a catalog.
///
/// # Examples
///
/// ```
/// use failwise::{CatalogEntry, ExitStatus, Retry};
/// let entry: CatalogEntry = serde_json::from_str(r#"{"code":"LOCK_TIMEOUT","exit":75,
///     "error_class":"transient","retry":"yes","message":"lock on {path} not acquired",
///     "recovery":"wait for the other writer to finish, or remove {path} if none runs",
///     "params":["path"],"since":"0.1.0"}"#)?;
/// assert_eq!(entry.code.as_str(), "LOCK_TIMEOUT");
/// assert_eq!(entry.exit, ExitStatus::TEMPFAIL);
/// assert_eq!(entry.verdict()?.retry(), Retry::Yes);
/// assert_eq!(entry.params, ["path"]);
/// assert!(entry.status.is_stable());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CatalogEntry {
    /// The stable code, `UPPER_SNAKE`.
    pub code: Code,
    /// The exit status the process returns with this code; fixed within a major version.
    pub exit: ExitStatus,
    /// The class of the failure.
    pub error_class: ErrorClass,
    /// The default retry verdict; the class must admit it (`transient` takes `yes` or
    /// `unknown`, `conflict` `yes` or `no`, `precondition_failed` and `permanent` `no`,
    /// `ambiguous` `unknown` or `no`).
    pub retry: Retry,
    /// The message template: a lowercase fragment with named `{param}` placeholders.
    pub message: String,
    /// The recovery template: one imperative sentence naming a command, flag, key or path.
    #[schemars(length(min = 1))]
    pub recovery: String,
    /// The names of the params an envelope with this code carries, `[a-z_][a-z0-9_]*`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<String>,
    /// What the code means and when it happens (Markdown).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub doc: String,
    /// The version that introduced the code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
    /// Whether the code is still in use.
    #[serde(default, skip_serializing_if = "Status::is_stable")]
    pub status: Status,
    /// The code to use instead, for a deprecated or retired code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaced_by: Option<Code>,
    /// Message and recovery templates in other languages, by BCP 47 tag, with the same
    /// `{params}`. Used by `Localizer::add_catalog`, by `failwise explain --lang`, and by
    /// `failwise validate --catalog`, which rejects a line whose `lang` has no translation here.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub translations: BTreeMap<String, Translation>,
    /// The command that tells whether a request that failed with this code landed (the
    /// envelope's `verify`: its exit 0 means it landed, 1 that it did not, anything else that
    /// it cannot tell), as an argv template: the program first, one `{param}` template per
    /// word, so a value with spaces stays one argument (`["app", "order", "status",
    /// "{order_id}"]`). Only on a code whose retry verdict is `unknown`; the program is not
    /// empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub verify: Vec<String>,
}

/// A code's templates in one more language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Translation {
    /// The message template.
    pub message: String,
    /// The recovery template.
    pub recovery: String,
}

/// Where a code is in its life: `stable`, then `deprecated` (with the code that replaces it),
/// then `retired`. A retired code is never reused.
///
/// # Examples
///
/// ```
/// use failwise::catalog::{CatalogFile, Status};
/// let catalog = CatalogFile::from_json(r#"{"tool":"app","codes":[
///     {"code":"APP_NO_CONFIG","exit":78,"error_class":"precondition_failed","retry":"no",
///      "message":"no config","recovery":"run `app init`"},
///     {"code":"APP_CONFIG_MISSING","exit":78,"error_class":"precondition_failed","retry":"no",
///      "message":"config missing","recovery":"run `app init`",
///      "status":"deprecated","replaced_by":"APP_NO_CONFIG"}]}"#)?;
/// let old = catalog.entry("APP_CONFIG_MISSING").ok_or("no such code")?;
/// let consumer = match old.status {
///     Status::Stable => "branch on it",
///     Status::Deprecated => "branch on its replaced_by as well",
///     Status::Retired => "expect it never again",
/// };
/// assert_eq!(consumer, "branch on its replaced_by as well");
/// assert_eq!(old.replaced_by.as_ref().map(|c| c.as_str()), Some("APP_NO_CONFIG"));
/// assert_eq!(old.status.to_string(), "deprecated");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// In use; consumers may branch on it.
    #[default]
    Stable,
    /// Still printed, but a consumer should move to `replaced_by`.
    Deprecated,
    /// No longer printed, and never reused for another meaning.
    Retired,
}

impl Status {
    /// `true` for [`Status::Stable`].
    pub const fn is_stable(&self) -> bool {
        matches!(self, Self::Stable)
    }

    /// The wire spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Stable => "stable",
            Self::Deprecated => "deprecated",
            Self::Retired => "retired",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl CatalogEntry {
    /// The entry's class and default retry verdict as one [`Verdict`].
    ///
    /// # Errors
    ///
    /// [`crate::InvalidVerdict`] when the class does not admit the retry verdict.
    pub fn verdict(&self) -> Result<Verdict, crate::InvalidVerdict> {
        Verdict::new(self.error_class, self.retry)
    }

    /// The entry's templates in the language `tag` (BCP 47; `_` read as `-`), with the tag of
    /// the translation found: the same tag, else one of the same primary language (`pt` or
    /// `pt-PT` finds `pt-BR`), as [`crate::i18n::Localizer`] negotiates. `None` for English,
    /// whose templates are the entry's own, and for a language the entry has no translation
    /// in.
    ///
    /// ```
    /// use failwise::CatalogFile;
    /// let catalog = CatalogFile::from_json(r#"{"tool":"app","codes":[{"code":"APP_NO_CONFIG",
    ///     "exit":78,"error_class":"precondition_failed","retry":"no","message":"no config at {path}",
    ///     "recovery":"run `app init`","params":["path"],"doc":"d","translations":{"pt-BR":
    ///     {"message":"nenhuma configuração em {path}","recovery":"rode `app init`"}}}]}"#)?;
    /// let entry = catalog.entry("APP_NO_CONFIG").unwrap();
    /// assert_eq!(entry.translation("pt_BR").map(|(tag, _)| tag), Some("pt-BR"));
    /// assert_eq!(entry.translation("pt").unwrap().1.message, "nenhuma configuração em {path}");
    /// assert!(entry.translation("fr").is_none());
    /// # Ok::<(), failwise::catalog::CatalogError>(())
    /// ```
    pub fn translation(&self, tag: &str) -> Option<(&str, &Translation)> {
        let wanted = crate::i18n::parse_tag(tag).ok()?;
        let primary = |t: &str| t.split('-').next().unwrap_or(t).to_ascii_lowercase();
        if primary(&wanted) == crate::i18n::DEFAULT_LANG {
            return None;
        }
        let canonical = |t: &String| crate::i18n::parse_tag(t).unwrap_or_else(|_| t.clone());
        let exact = self
            .translations
            .iter()
            .find(|(t, _)| canonical(t) == wanted);
        exact
            .or_else(|| {
                self.translations
                    .iter()
                    .find(|(t, _)| primary(&canonical(t)) == primary(&wanted))
            })
            .map(|(t, tr)| (t.as_str(), tr))
    }
}

/// A catalog that cannot be used: it does not parse, or it breaks a rule every catalog keeps
/// (see [`CatalogFile::problems`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    /// The text is not JSON or TOML of the catalog's shape.
    #[error("{}", english_text(&self.phrase()))]
    Syntax {
        /// `JSON` or `TOML`.
        format: &'static str,
        /// The parser's message, with its line and column.
        detail: String,
    },
    /// The catalog parses but breaks rules; every problem found is listed.
    #[error("{}: {}", english_text(&self.phrase()), .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Invalid(Vec<Problem>),
}

impl CatalogError {
    /// The error as a phrase (`catalog-error-syntax` with the parser's own text, or
    /// `catalog-error-invalid` with the count of problems, each of which has its own
    /// [`Problem::phrase`]), for [`Localizer::render`](crate::i18n::Localizer::render) in
    /// another language. Its `Display` is this phrase in English, followed for
    /// [`CatalogError::Invalid`] by `: ` and the problems joined with `; `.
    pub fn phrase(&self) -> Phrase {
        match self {
            Self::Syntax { format, detail } => Phrase::new("catalog-error-syntax")
                .arg("format", *format)
                .arg("detail", detail.clone()),
            Self::Invalid(problems) => {
                Phrase::new("catalog-error-invalid").arg("count", problems.len())
            }
        }
    }
}

/// One broken rule of a catalog, with the code it concerns.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {rule}")]
pub struct Problem {
    /// The code the problem is about.
    pub code: String,
    /// The rule broken, and what to write instead: [`Problem::phrase`] in English.
    pub rule: String,
    phrase: Phrase,
}

impl Problem {
    fn new(code: String, phrase: Phrase) -> Self {
        Self {
            code,
            rule: english_text(&phrase),
            phrase,
        }
    }

    /// The rule broken as a phrase (`catalog-problem-*`, or the error of a verdict or a
    /// template), for [`Localizer::render`](crate::i18n::Localizer::render) in another
    /// language.
    pub fn phrase(&self) -> &Phrase {
        &self.phrase
    }
}

impl CatalogFile {
    /// Reads a JSON catalog and checks it ([`CatalogFile::problems`]).
    ///
    /// # Errors
    ///
    /// [`CatalogError::Syntax`] with line and column when the text is not a catalog;
    /// [`CatalogError::Invalid`] listing every broken rule.
    pub fn from_json(text: &str) -> Result<Self, CatalogError> {
        let file: Self = serde_json::from_str(text).map_err(|e| CatalogError::Syntax {
            format: "JSON",
            detail: e.to_string(),
        })?;
        file.checked()
    }

    /// Reads a TOML catalog and checks it; see [`CatalogFile::from_json`].
    ///
    /// # Errors
    ///
    /// As [`CatalogFile::from_json`].
    pub fn from_toml(text: &str) -> Result<Self, CatalogError> {
        let file: Self = toml::from_str(text).map_err(|e| CatalogError::Syntax {
            format: "TOML",
            detail: e.to_string().trim_end().to_owned(),
        })?;
        file.checked()
    }

    /// Reads `text` as TOML when `name` ends in `.toml`, else as JSON.
    ///
    /// # Errors
    ///
    /// As [`CatalogFile::from_json`].
    pub fn from_named(name: &str, text: &str) -> Result<Self, CatalogError> {
        if name.ends_with(".toml") {
            Self::from_toml(text)
        } else {
            Self::from_json(text)
        }
    }

    fn checked(self) -> Result<Self, CatalogError> {
        let problems = self.problems();
        if problems.is_empty() {
            Ok(self)
        } else {
            Err(CatalogError::Invalid(problems))
        }
    }

    /// The catalog as pretty JSON with a trailing newline (deterministic bytes).
    pub fn to_json_pretty(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// The catalog as TOML.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// The catalog with the codes of [`Envelope::from_clap`](crate::Envelope)'s usage
    /// envelopes added (`UNKNOWN_ARGUMENT`, `INVALID_VALUE`, ..., exit 2, `permanent`, `no`),
    /// each unless the catalog already has that code: one call makes a tool's own usage
    /// envelopes part of its contract, so `failwise validate --catalog` accepts them.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::CatalogFile;
    /// let catalog = CatalogFile::from_toml("tool = \"app\"\ncodes = []")?.with_usage_codes();
    /// let entry = catalog.entry("UNKNOWN_ARGUMENT").expect("a usage code");
    /// assert_eq!(entry.exit.get(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_usage_codes(mut self) -> Self {
        for entry in usage_catalog().codes {
            if self.entry(entry.code.as_str()).is_none() {
                self.codes.push(entry);
            }
        }
        self
    }

    /// The entry for `code`, if the catalog has it.
    pub fn entry(&self, code: &str) -> Option<&CatalogEntry> {
        self.codes.iter().find(|e| e.code.as_str() == code)
    }

    /// The rules every catalog keeps, whatever wrote it; empty when all hold:
    /// codes are unique; the class admits the retry verdict; the recovery is not blank;
    /// templates parse (the words of `verify` too); param names are `[a-z_][a-z0-9_]*` and
    /// unique; `replaced_by` appears only on a deprecated or retired code and names another
    /// code of the catalog; `verify` appears only on a code whose retry verdict is `unknown`
    /// (the envelope's rule), and its first word, the program, is not empty.
    ///
    /// Advisory findings (a placeholder missing from `params`, two codes with one message…) are
    /// [`lint`](crate::catalog::lint)'s job, not this one's.
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let mut seen = BTreeSet::new();
        let known: BTreeSet<&str> = self.codes.iter().map(|e| e.code.as_str()).collect();
        for e in &self.codes {
            let mut say = |phrase: Phrase| out.push(Problem::new(e.code.to_string(), phrase));
            if !seen.insert(e.code.as_str()) {
                say(Phrase::new("catalog-problem-duplicate-code"));
            }
            if let Err(err) = e.verdict() {
                say(err.phrase());
            }
            if e.recovery.trim().is_empty() {
                say(Phrase::new("catalog-problem-empty-recovery"));
            }
            let template_problem = |field: String, err: template::TemplateError| {
                Phrase::new("catalog-problem-template")
                    .arg("field", field)
                    .phrase("error", err.phrase())
            };
            // A message and a recovery are one line each (the wire's rule), so no text can
            // break out of the line or the code span that shows it.
            let line_break =
                |field: String| Phrase::new("catalog-problem-line-break").arg("field", field);
            for (field, text) in [("message", &e.message), ("recovery", &e.recovery)] {
                if let Err(err) = template::pieces(text) {
                    say(template_problem(field.to_owned(), err));
                }
                if text.contains(['\n', '\r']) {
                    say(line_break(field.to_owned()));
                }
            }
            for (lang, t) in &e.translations {
                for (field, text) in [("message", &t.message), ("recovery", &t.recovery)] {
                    if text.contains(['\n', '\r']) {
                        say(line_break(format!("translations.{lang}.{field}")));
                    }
                    if let Err(err) = template::pieces(text) {
                        say(template_problem(
                            format!("translations.{lang}.{field}"),
                            err,
                        ));
                    }
                }
            }
            if !e.verify.is_empty() && e.retry != Retry::Unknown {
                say(Phrase::new("catalog-problem-verify-retry").arg("retry", e.retry.as_str()));
            }
            if e.verify.first().is_some_and(String::is_empty) {
                say(Phrase::new("catalog-problem-verify-program"));
            }
            for (i, word) in e.verify.iter().enumerate() {
                if let Err(err) = template::pieces(word) {
                    say(template_problem(format!("verify[{i}]"), err));
                }
            }
            let mut names = BTreeSet::new();
            for p in &e.params {
                if !template::is_param_name(p) {
                    say(Phrase::new("catalog-problem-param-name").arg("param", format!("{p:?}")));
                }
                if !names.insert(p.as_str()) {
                    say(Phrase::new("catalog-problem-param-twice").arg("param", format!("{p:?}")));
                }
            }
            match (&e.replaced_by, e.status) {
                (Some(r), Status::Stable) => say(Phrase::new("catalog-problem-replaced-by-stable")
                    .arg("replaced_by", r.as_str())),
                (Some(r), _) if !known.contains(r.as_str()) => {
                    say(Phrase::new("catalog-problem-replaced-by-unknown")
                        .arg("replaced_by", r.as_str()))
                }
                (Some(r), _) if r == &e.code => {
                    say(Phrase::new("catalog-problem-replaced-by-self"))
                }
                _ => {}
            }
        }
        out
    }
}

/// The JSON Schema (draft 2020-12) of the v1 catalog format.
pub fn catalog_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let mut schema = generator.into_root_schema_for::<CatalogFile>().to_value();
    crate::schema::drop_null(&mut schema);
    crate::schema::plain_descriptions(&mut schema);
    schema
}

/// The catalog schema as pretty JSON with a trailing newline: the exact bytes of the
/// committed `schemas/catalog.v1.schema.json`.
pub fn catalog_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&catalog_schema()).unwrap_or_default();
    text.push('\n');
    text
}

impl ExitStatus {
    /// The default exit status for a code that names none: `transient` → 75
    /// (`EX_TEMPFAIL`), every other class → 1. (Usage errors take 2 and configuration errors
    /// 78, but only the author knows a code is one of those.)
    pub const fn default_for(class: ErrorClass) -> Self {
        match class {
            ErrorClass::Transient => Self::TEMPFAIL,
            _ => Self::FAILURE,
        }
    }
}

/// The entries of `usage.toml`, the codes of clap's usage envelopes.
pub(crate) fn usage_catalog() -> CatalogFile {
    CatalogFile::from_toml(include_str!("usage.toml")).unwrap_or_else(|_| CatalogFile {
        schema: None,
        tool: "clap".to_owned(),
        version: None,
        doc_url: None,
        codes: Vec::new(),
    })
}
