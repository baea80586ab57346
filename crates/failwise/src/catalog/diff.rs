//! The compatibility rules between two versions of a catalog: every change between OLD and
//! NEW, each breaking or compatible.
//!
//! Breaking: removing or renaming a code, changing its exit status, moving it to a stricter
//! class, loosening `retry` from `no`/`unknown` to `yes`, removing a param, reusing a retired
//! code. Compatible: adding codes, params, translations or docs; rewording a message or a
//! recovery; a looser class; a stricter retry; deprecating or retiring a code; a new `since`.
//!
//! Strictness of classes, least to most strict (how much retrying each admits):
//! `transient` < `conflict` < `ambiguous` < `precondition_failed` < `permanent`.

use std::fmt;

use serde::Serialize;

use crate::catalog::{CatalogEntry, CatalogFile, Status};
use crate::phrase::{Phrase, english_text};
use crate::verdict::{ErrorClass, Retry};

/// The kind of one change; [`ChangeKind::is_breaking`] says which side of §5 it falls on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ChangeKind {
    /// Breaking: a code of OLD is gone from NEW.
    CodeRemoved,
    /// Breaking: a code of OLD is gone and a new code has its exit status and message.
    CodeRenamed,
    /// Breaking: the code's exit status changed.
    ExitChanged,
    /// Breaking: the code moved to a stricter class.
    ClassStricter,
    /// Breaking: `retry` went from `no` or `unknown` to `yes`.
    RetryLoosened,
    /// Breaking: a param name is gone.
    ParamRemoved,
    /// Breaking: a retired code is in use again.
    RetiredCodeReused,
    /// Compatible: a new code.
    CodeAdded,
    /// Compatible: a new param.
    ParamAdded,
    /// Compatible: a new language for the templates.
    TranslationAdded,
    /// Compatible: a language dropped or reworded (machine fields do not change).
    TranslationChanged,
    /// Compatible: the doc text changed.
    DocChanged,
    /// Compatible: the message template changed (consumers branch on the code, not prose).
    MessageChanged,
    /// Compatible: the recovery template changed.
    RecoveryChanged,
    /// Compatible: the code moved to a looser class.
    ClassLooser,
    /// Compatible: `retry` changed other than towards `yes`.
    RetryChanged,
    /// Compatible: the code was deprecated or retired, or its `replaced_by` changed.
    StatusChanged,
    /// Compatible: `since` changed.
    SinceChanged,
}

impl ChangeKind {
    /// Whether the change breaks consumers of OLD (the module docs list which changes do).
    pub const fn is_breaking(self) -> bool {
        matches!(
            self,
            Self::CodeRemoved
                | Self::CodeRenamed
                | Self::ExitChanged
                | Self::ClassStricter
                | Self::RetryLoosened
                | Self::ParamRemoved
                | Self::RetiredCodeReused
        )
    }

    /// The stable name, such as `CODE_REMOVED`.
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    }
}

/// One change between two catalogs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// Which rule.
    pub kind: ChangeKind,
    /// `true` when breaking.
    pub breaking: bool,
    /// The code concerned (OLD's spelling when renamed).
    pub code: String,
    /// What changed, from what to what: [`Change::phrase`] in English.
    pub detail: String,
    #[serde(skip)]
    phrase: Phrase,
}

impl Change {
    /// What changed as a phrase (`diff-*`), for
    /// [`Localizer::render`](crate::i18n::Localizer::render) in another language.
    pub fn phrase(&self) -> &Phrase {
        &self.phrase
    }

    /// The label of the change's side, `diff-breaking` or `diff-compatible`.
    pub fn side_phrase(&self) -> Phrase {
        Phrase::new(if self.breaking {
            "diff-breaking"
        } else {
            "diff-compatible"
        })
    }
}

impl fmt::Display for Change {
    /// The side ([`Change::side_phrase`] in English), the kind and the code in columns, then
    /// the detail.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = english_text(&self.side_phrase());
        write!(
            f,
            "{side:<10} {:<20} {}: {}",
            self.kind.name(),
            self.code,
            self.detail
        )
    }
}

/// How strict a class is, 0 (most retrying admitted) to 4.
pub const fn strictness(class: ErrorClass) -> u8 {
    match class {
        ErrorClass::Transient => 0,
        ErrorClass::Conflict => 1,
        ErrorClass::Ambiguous => 2,
        ErrorClass::PreconditionFailed => 3,
        ErrorClass::Permanent => 4,
    }
}

/// Every change from `old` to `new`: OLD's codes in OLD's order, then codes new in NEW.
pub fn diff(old: &CatalogFile, new: &CatalogFile) -> Vec<Change> {
    let mut out = Vec::new();
    let added: Vec<&CatalogEntry> = new
        .codes
        .iter()
        .filter(|e| old.entry(e.code.as_str()).is_none())
        .collect();
    let mut renamed_to = Vec::new();
    for o in &old.codes {
        match new.entry(o.code.as_str()) {
            Some(n) => compare(o, n, &mut out),
            None => {
                let twin = added.iter().find(|a| {
                    a.exit == o.exit && a.message == o.message && !renamed_to.contains(&a.code)
                });
                match twin {
                    Some(a) => {
                        renamed_to.push(a.code.clone());
                        push(
                            &mut out,
                            ChangeKind::CodeRenamed,
                            o,
                            Phrase::new("diff-code-renamed").arg("to", a.code.as_str()),
                        );
                    }
                    None => push(
                        &mut out,
                        ChangeKind::CodeRemoved,
                        o,
                        Phrase::new("diff-code-removed"),
                    ),
                }
            }
        }
    }
    for a in added {
        if !renamed_to.contains(&a.code) {
            push(
                &mut out,
                ChangeKind::CodeAdded,
                a,
                Phrase::new("diff-code-added")
                    .arg("exit", a.exit.get())
                    .arg("class", a.error_class.as_str()),
            );
        }
    }
    out
}

fn push(out: &mut Vec<Change>, kind: ChangeKind, e: &CatalogEntry, phrase: Phrase) {
    out.push(Change {
        kind,
        breaking: kind.is_breaking(),
        code: e.code.to_string(),
        detail: english_text(&phrase),
        phrase,
    });
}

/// A phrase with `$old` and `$new`.
fn from_to(
    id: &'static str,
    old: impl Into<serde_json::Value>,
    new: impl Into<serde_json::Value>,
) -> Phrase {
    Phrase::new(id).arg("old", old).arg("new", new)
}

fn compare(o: &CatalogEntry, n: &CatalogEntry, out: &mut Vec<Change>) {
    let mut say = |kind, phrase: Phrase| push(out, kind, o, phrase);
    if o.status == Status::Retired && n.status != Status::Retired {
        say(
            ChangeKind::RetiredCodeReused,
            Phrase::new("diff-retired-code-reused").arg("status", n.status.as_str()),
        );
    }
    if o.exit != n.exit {
        say(
            ChangeKind::ExitChanged,
            from_to("diff-exit-changed", o.exit.get(), n.exit.get()),
        );
    }
    if o.error_class != n.error_class {
        let kind = if strictness(n.error_class) > strictness(o.error_class) {
            ChangeKind::ClassStricter
        } else {
            ChangeKind::ClassLooser
        };
        say(
            kind,
            from_to(
                "diff-class-changed",
                o.error_class.as_str(),
                n.error_class.as_str(),
            ),
        );
    }
    if o.retry != n.retry {
        let kind = if n.retry == Retry::Yes {
            ChangeKind::RetryLoosened
        } else {
            ChangeKind::RetryChanged
        };
        say(
            kind,
            from_to("diff-retry-changed", o.retry.as_str(), n.retry.as_str()),
        );
    }
    for p in o.params.iter().filter(|p| !n.params.contains(p)) {
        say(
            ChangeKind::ParamRemoved,
            Phrase::new("diff-param-removed").arg("param", p.clone()),
        );
    }
    for p in n.params.iter().filter(|p| !o.params.contains(p)) {
        say(
            ChangeKind::ParamAdded,
            Phrase::new("diff-param-added").arg("param", p.clone()),
        );
    }
    for lang in n.translations.keys() {
        if !o.translations.contains_key(lang) {
            say(
                ChangeKind::TranslationAdded,
                Phrase::new("diff-translation-added").arg("lang", lang.clone()),
            );
        }
    }
    for (lang, t) in &o.translations {
        match n.translations.get(lang) {
            None => say(
                ChangeKind::TranslationChanged,
                Phrase::new("diff-translation-removed").arg("lang", lang.clone()),
            ),
            Some(nt) if nt != t => say(
                ChangeKind::TranslationChanged,
                Phrase::new("diff-translation-reworded").arg("lang", lang.clone()),
            ),
            Some(_) => {}
        }
    }
    if o.doc != n.doc {
        say(ChangeKind::DocChanged, Phrase::new("diff-doc-changed"));
    }
    if o.message != n.message {
        say(
            ChangeKind::MessageChanged,
            from_to(
                "diff-message-changed",
                format!("{:?}", o.message),
                format!("{:?}", n.message),
            ),
        );
    }
    if o.recovery != n.recovery {
        say(
            ChangeKind::RecoveryChanged,
            from_to(
                "diff-recovery-changed",
                format!("{:?}", o.recovery),
                format!("{:?}", n.recovery),
            ),
        );
    }
    if (o.status != n.status && o.status != Status::Retired) || o.replaced_by != n.replaced_by {
        let phrase = match &n.replaced_by {
            Some(r) => Phrase::new("diff-status-replaced").arg("replaced_by", r.as_str()),
            None => Phrase::new("diff-status-changed"),
        };
        say(
            ChangeKind::StatusChanged,
            phrase
                .arg("old", o.status.as_str())
                .arg("new", n.status.as_str()),
        );
    }
    if o.since != n.since {
        let mut phrase = Phrase::new("diff-since-changed");
        for (name, version) in [("old", &o.since), ("new", &n.since)] {
            phrase = match version {
                Some(v) => phrase.arg(name, v.clone()),
                None => phrase.phrase(name, Phrase::new("diff-since-none")),
            };
        }
        say(ChangeKind::SinceChanged, phrase);
    }
}
