//! Whether an envelope agrees with its tool's catalog (`failwise validate --catalog`): its code
//! is there and not retired, with the catalog's exit status and class, and a `lang` other than
//! English is one the code has a translation in, so a tool never claims a language its catalog
//! does not ship.

use super::file::{CatalogFile, Status};
use crate::code::ExitStatus;
use crate::phrase::Phrase;
use crate::verdict::ErrorClass;

/// What an envelope says that its catalog does not.
#[derive(Debug, Clone, PartialEq)]
pub struct Disagreement {
    /// The stable name of the disagreement: `CATALOG_UNKNOWN_CODE`, `CATALOG_RETIRED_CODE`,
    /// `CATALOG_EXIT_MISMATCH`, `CATALOG_LANG_UNTRANSLATED` or `CATALOG_CLASS_MISMATCH`.
    pub code: &'static str,
    /// The JSON Pointer of the member that disagrees (`/code`, `/exit`, `/lang`,
    /// `/error_class`).
    pub pointer: &'static str,
    /// What is wrong, as failwise's phrase (`validate-*` in `i18n/en.ftl`).
    pub phrase: Phrase,
}

impl CatalogFile {
    /// The first way an envelope with `code`, `exit`, `class` and `lang` disagrees with this
    /// catalog, checked in the order the fields name it: the code (unknown, retired), its exit
    /// status, its language, its class; `None` when it agrees.
    ///
    /// # Examples
    ///
    /// ```
    /// use failwise::{CatalogFile, ErrorClass, ExitStatus};
    /// let catalog = CatalogFile::from_json(r#"{"tool":"app","version":"1.0.0","codes":[
    ///   {"code":"FILE_NOT_FOUND","exit":4,"error_class":"permanent","retry":"no",
    ///    "message":"file not found: {path}","recovery":"verify that {path} exists",
    ///    "params":["path"],"doc":"The file named does not exist."}]}"#)?;
    /// let four = ExitStatus::new(4).ok_or("a status")?;
    /// assert!(catalog.disagreement("FILE_NOT_FOUND", four, ErrorClass::Permanent, None).is_none());
    /// let wrong = catalog.disagreement("FILE_NOT_FOUND", ExitStatus::FAILURE, ErrorClass::Permanent, None);
    /// assert_eq!(wrong.map(|d| (d.code, d.pointer)), Some(("CATALOG_EXIT_MISMATCH", "/exit")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn disagreement(
        &self,
        code: &str,
        exit: ExitStatus,
        class: ErrorClass,
        lang: Option<&str>,
    ) -> Option<Disagreement> {
        let found = |code, pointer, phrase| {
            Some(Disagreement {
                code,
                pointer,
                phrase,
            })
        };
        let Some(entry) = self.entry(code) else {
            let phrase = Phrase::new("validate-unknown-code")
                .arg("code", code.to_owned())
                .arg("tool", self.tool.clone());
            return found("CATALOG_UNKNOWN_CODE", "/code", phrase);
        };
        if entry.status == Status::Retired {
            let phrase = Phrase::new("validate-retired-code").arg("code", code.to_owned());
            return found("CATALOG_RETIRED_CODE", "/code", phrase);
        }
        if entry.exit != exit {
            let phrase = Phrase::new("validate-exit-mismatch")
                .arg("code", code.to_owned())
                .arg("exit", exit.get())
                .arg("catalog_exit", entry.exit.get());
            return found("CATALOG_EXIT_MISMATCH", "/exit", phrase);
        }
        if let Some(lang) = lang {
            let english = lang.split(['-', '_']).next() == Some(crate::i18n::DEFAULT_LANG);
            if !english && entry.translation(lang).is_none() {
                let phrase = Phrase::new("validate-lang-untranslated")
                    .arg("code", code.to_owned())
                    .arg("lang", lang.to_owned());
                return found("CATALOG_LANG_UNTRANSLATED", "/lang", phrase);
            }
        }
        if entry.error_class != class {
            let phrase = Phrase::new("validate-class-mismatch")
                .arg("code", code.to_owned())
                .arg("class", class.to_string())
                .arg("catalog_class", entry.error_class.to_string());
            return found("CATALOG_CLASS_MISMATCH", "/error_class", phrase);
        }
        None
    }
}
