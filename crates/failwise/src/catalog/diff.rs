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
    /// What changed, from what to what.
    pub detail: String,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.breaking {
            "breaking"
        } else {
            "compatible"
        };
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
                            format!("renamed to {} (same exit status and message)", a.code),
                        );
                    }
                    None => push(
                        &mut out,
                        ChangeKind::CodeRemoved,
                        o,
                        "removed; keep it, or mark it \"retired\" so it is never reused".into(),
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
                format!("added (exit {}, {})", a.exit, a.error_class),
            );
        }
    }
    out
}

fn push(out: &mut Vec<Change>, kind: ChangeKind, e: &CatalogEntry, detail: String) {
    out.push(Change {
        kind,
        breaking: kind.is_breaking(),
        code: e.code.to_string(),
        detail,
    });
}

fn compare(o: &CatalogEntry, n: &CatalogEntry, out: &mut Vec<Change>) {
    let mut say = |kind, detail: String| push(out, kind, o, detail);
    if o.status == Status::Retired && n.status != Status::Retired {
        say(
            ChangeKind::RetiredCodeReused,
            format!(
                "retired code is {} again; retired codes are never reused",
                n.status
            ),
        );
    }
    if o.exit != n.exit {
        say(
            ChangeKind::ExitChanged,
            format!("exit status {} -> {}", o.exit, n.exit),
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
            format!("error_class {} -> {}", o.error_class, n.error_class),
        );
    }
    if o.retry != n.retry {
        let kind = if n.retry == Retry::Yes {
            ChangeKind::RetryLoosened
        } else {
            ChangeKind::RetryChanged
        };
        say(kind, format!("retry {} -> {}", o.retry, n.retry));
    }
    for p in o.params.iter().filter(|p| !n.params.contains(p)) {
        say(ChangeKind::ParamRemoved, format!("param {p} removed"));
    }
    for p in n.params.iter().filter(|p| !o.params.contains(p)) {
        say(ChangeKind::ParamAdded, format!("param {p} added"));
    }
    for lang in n.translations.keys() {
        if !o.translations.contains_key(lang) {
            say(
                ChangeKind::TranslationAdded,
                format!("translation {lang} added"),
            );
        }
    }
    for (lang, t) in &o.translations {
        match n.translations.get(lang) {
            None => say(
                ChangeKind::TranslationChanged,
                format!("translation {lang} removed"),
            ),
            Some(nt) if nt != t => say(
                ChangeKind::TranslationChanged,
                format!("translation {lang} reworded"),
            ),
            Some(_) => {}
        }
    }
    if o.doc != n.doc {
        say(ChangeKind::DocChanged, "doc text changed".into());
    }
    if o.message != n.message {
        say(
            ChangeKind::MessageChanged,
            format!("message {:?} -> {:?}", o.message, n.message),
        );
    }
    if o.recovery != n.recovery {
        say(
            ChangeKind::RecoveryChanged,
            format!("recovery {:?} -> {:?}", o.recovery, n.recovery),
        );
    }
    if (o.status != n.status && o.status != Status::Retired) || o.replaced_by != n.replaced_by {
        let to = match &n.replaced_by {
            Some(r) => format!("{} (replaced_by {r})", n.status),
            None => n.status.to_string(),
        };
        say(
            ChangeKind::StatusChanged,
            format!("status {} -> {to}", o.status),
        );
    }
    if o.since != n.since {
        say(
            ChangeKind::SinceChanged,
            format!(
                "since {} -> {}",
                o.since.as_deref().unwrap_or("(none)"),
                n.since.as_deref().unwrap_or("(none)")
            ),
        );
    }
}
