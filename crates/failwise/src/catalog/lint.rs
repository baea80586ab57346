//! Advisory checks of a catalog, each with a stable code of its own. They never make a
//! catalog unreadable (that is [`CatalogFile::problems`](crate::catalog::CatalogFile::problems));
//! `failwise catalog lint --strict` turns them into a failure.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::catalog::{CatalogEntry, CatalogFile, Status, template};
use crate::phrase::{Phrase, english_text};
use crate::verdict::ErrorClass;

/// The lint rules, by stable code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Rule {
    /// The recovery names no command, flag, key or path: nothing to act on (a recovery is one
    /// directly executable sentence). Name one in backticks, as a `--flag`, a
    /// `KEY=value`, a path with `/`, or through a `{param}`.
    RecoveryNamesNothing,
    /// A template (message, recovery, a translation, a word of `verify`) uses a
    /// `{placeholder}` that is not in `params`, so the value would exist only inside prose
    /// (every variable of `message` is also in `params`).
    ParamMissing,
    /// Two codes have the same message template: a reader cannot tell them apart by text.
    DuplicateMessage,
    /// One exit status serves codes of different classes, so a caller that only sees `$?`
    /// cannot tell whether to retry.
    ExitSharedAcrossClasses,
    /// A deprecated code does not say which code replaces it.
    DeprecatedWithoutReplacement,
    /// The message is not a lowercase fragment without a trailing period.
    MessageStyle,
    /// The code has no doc text to show in `explain` and the reference.
    DocMissing,
}

impl Rule {
    /// The stable name, such as `RECOVERY_NAMES_NOTHING`.
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    }

    /// The phrase of a finding of this rule, `lint-<RULE>`, without its arguments.
    fn phrase(self) -> Phrase {
        Phrase::new(format!("lint-{}", self.name()))
    }
}

/// One advisory finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The rule.
    pub rule: Rule,
    /// The code the finding is about.
    pub code: String,
    /// What is wrong and what to write instead: [`Finding::phrase`] in English.
    pub detail: String,
    #[serde(skip)]
    phrase: Phrase,
}

impl Finding {
    fn new(rule: Rule, code: String, phrase: Phrase) -> Self {
        Self {
            rule,
            code,
            detail: english_text(&phrase),
            phrase,
        }
    }

    /// What is wrong as a phrase (`lint-<RULE>`), for
    /// [`Localizer::render`](crate::i18n::Localizer::render) in another language.
    pub fn phrase(&self) -> &Phrase {
        &self.phrase
    }

    /// The whole finding as a phrase (`lint-warning`: the rule's name, the code and
    /// [`Finding::phrase`]); its `Display` is this phrase in English.
    pub fn line_phrase(&self) -> Phrase {
        Phrase::new("lint-warning")
            .arg("rule", self.rule.name())
            .arg("code", self.code.clone())
            .phrase("detail", self.phrase.clone())
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english_text(&self.line_phrase()))
    }
}

/// Every advisory finding of `catalog`, in catalog order, rule by rule.
pub fn lint(catalog: &CatalogFile) -> Vec<Finding> {
    let mut out = Vec::new();
    let live: Vec<&CatalogEntry> = catalog
        .codes
        .iter()
        .filter(|e| e.status != Status::Retired)
        .collect();
    for e in &live {
        let mut say = |rule: Rule, phrase: Phrase| {
            out.push(Finding::new(rule, e.code.to_string(), phrase));
        };
        if !names_something(&e.recovery) {
            let rule = Rule::RecoveryNamesNothing;
            say(
                rule,
                rule.phrase().arg("recovery", format!("{:?}", e.recovery)),
            );
        }
        let mut missing: Vec<String> = Vec::new();
        let templates = [&e.message, &e.recovery]
            .into_iter()
            .chain(
                e.translations
                    .values()
                    .flat_map(|t| [&t.message, &t.recovery]),
            )
            .chain(&e.verify);
        for text in templates {
            for name in template::placeholders(text).unwrap_or_default() {
                if !e.params.iter().any(|p| p == name) && !missing.iter().any(|m| m == name) {
                    missing.push(name.to_owned());
                }
            }
        }
        for name in missing {
            let rule = Rule::ParamMissing;
            say(rule, rule.phrase().arg("name", name));
        }
        if e.status == Status::Deprecated && e.replaced_by.is_none() {
            let rule = Rule::DeprecatedWithoutReplacement;
            say(rule, rule.phrase());
        }
        let first = e.message.chars().next();
        if first.is_some_and(char::is_uppercase) || e.message.ends_with('.') {
            say(Rule::MessageStyle, Rule::MessageStyle.phrase());
        }
        if e.doc.trim().is_empty() {
            say(Rule::DocMissing, Rule::DocMissing.phrase());
        }
    }
    let mut by_message: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for e in &live {
        by_message
            .entry(e.message.as_str())
            .or_default()
            .push(e.code.as_str());
    }
    for e in &live {
        let twins = &by_message[e.message.as_str()];
        if twins.len() > 1 && twins[0] != e.code.as_str() {
            let rule = Rule::DuplicateMessage;
            out.push(Finding::new(
                rule,
                e.code.to_string(),
                rule.phrase().arg("first", twins[0]),
            ));
        }
    }
    let mut by_exit: BTreeMap<u8, Vec<(&str, ErrorClass)>> = BTreeMap::new();
    for e in &live {
        by_exit
            .entry(e.exit.get())
            .or_default()
            .push((e.code.as_str(), e.error_class));
    }
    for (exit, codes) in by_exit {
        let (first_code, first_class) = codes[0];
        for (code, class) in codes.iter().skip(1) {
            if *class != first_class {
                let rule = Rule::ExitSharedAcrossClasses;
                out.push(Finding::new(
                    rule,
                    (*code).to_owned(),
                    rule.phrase()
                        .arg("exit", exit)
                        .arg("first_code", first_code)
                        .arg("first_class", first_class.as_str())
                        .arg("class", class.as_str()),
                ));
            }
        }
    }
    out
}

/// Whether a recovery names something to act on: a backticked span, a `--flag` or `-f`, a
/// `KEY=value` or `$ENV`, a path (`/` or `file.ext`), or a `{param}`.
pub fn names_something(recovery: &str) -> bool {
    if recovery.contains('`') || recovery.contains('{') {
        return true;
    }
    recovery.split_whitespace().any(|word| {
        let w = word.trim_matches(|c: char| matches!(c, ',' | ';' | '(' | ')' | '\'' | '"'));
        let w = w.strip_suffix('.').unwrap_or(w);
        (w.starts_with('-')
            && w.len() > 1
            && w[1..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '-'))
            || w.starts_with('$')
            || (w.contains('=') && !w.starts_with('='))
            || (w.contains('/') && w.len() > 1)
            || w.rsplit_once('.').is_some_and(|(stem, ext)| {
                !stem.is_empty()
                    && (1..=5).contains(&ext.len())
                    && ext.chars().all(|c| c.is_ascii_alphanumeric())
            })
    })
}

#[cfg(test)]
mod tests {
    use super::names_something;

    #[test]
    fn recoveries_that_name_something() {
        for text in [
            "run `app init`",
            "pass --force to overwrite",
            "set RUST_LOG=debug",
            "export $HOME first",
            "edit /etc/app.toml",
            "fix config.toml line 3",
            "verify that {path} exists",
        ] {
            assert!(names_something(text), "{text}");
        }
    }

    #[test]
    fn recoveries_that_name_nothing() {
        for text in [
            "try again later.",
            "check permissions",
            "fix the input - then retry",
        ] {
            assert!(!names_something(text), "{text}");
        }
    }
}
