//! The example envelope of a catalog entry: the line a tool prints for that code, with every
//! param set to its example value, as the reference shows it.
//!
//! # How example values are chosen
//!
//! A catalog names its params but gives no values for them, so the example of a code gives
//! each param its name in angle brackets, as a string: `path` is `"<path>"`, `timeout_ms` is
//! `"<timeout_ms>"`. The example's message and recovery then read as their templates with each
//! placeholder marked as a value to fill in, and `params` holds every name a consumer can read.
//! The params are the entry's `params` in their order, then any other placeholder of the
//! message or the recovery in the order it first appears.
//!
//! The example is built the way the tool builds the real line (the same rendering of the
//! templates, the catalog's `doc_url` with `{code}` replaced), so it passes
//! [`Envelope::from_json`] as any line the tool prints. A retired code has no example: it is
//! never printed again.
//!
//! # Examples
//!
//! ```
//! use failwise::{CatalogFile, Envelope};
//! let catalog = CatalogFile::from_json(r#"{"tool":"app","doc_url":"https://app.example/errors#{code}",
//!     "codes":[{"code":"APP_NO_CONFIG","exit":78,"error_class":"precondition_failed","retry":"no",
//!     "message":"no config at {path}","recovery":"run `app init --path {path}`","params":["path"]}]}"#)?;
//! let entry = &catalog.codes[0];
//! let example = entry.example(catalog.doc_url.as_deref(), "en").ok_or("a code in use")?;
//! assert_eq!(example.message(), "no config at <path>");
//! assert_eq!(example.params()["path"], "<path>");
//! assert_eq!(example.doc_url(), Some("https://app.example/errors#APP_NO_CONFIG"));
//! assert_eq!(Envelope::from_json(&example.to_json_line())?, example);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::catalog::{CatalogEntry, Status, finish_envelope, template};
use crate::envelope::{Envelope, Params};

/// The example value of the param `name`: its name in angle brackets (`path` → `<path>`).
pub fn example_value(name: &str) -> String {
    format!("<{name}>")
}

impl CatalogEntry {
    /// The params of this code's example: each of its `params` and each other placeholder of
    /// its message, recovery or verify command, set to [`example_value`].
    pub fn example_params(&self) -> Params {
        let mut params = Params::new();
        let placeholders = [&self.message, &self.recovery]
            .into_iter()
            .chain(&self.verify)
            .flat_map(|t| template::placeholders(t).unwrap_or_default());
        for name in self.params.iter().map(String::as_str).chain(placeholders) {
            params
                .entry(name.to_owned())
                .or_insert_with(|| example_value(name).into());
        }
        params
    }

    /// The envelope a tool prints for this code with `params`: both templates and the words
    /// of `verify` rendered (a placeholder without a param stays `{name}`), the entry's class
    /// and default verdict, and `doc_url` with `{code}` replaced. A recovery that renders blank falls back to its
    /// template.
    pub fn envelope(&self, params: Params, doc_url: Option<&str>) -> Envelope {
        finish_envelope(
            self.code.clone(),
            self.exit,
            self.verdict().unwrap_or_default(),
            (&self.message, &self.recovery, &self.verify),
            params,
            doc_url,
            Vec::new(),
        )
    }

    /// The example envelope of this code (see the [module docs](self)), in the language
    /// `lang` when the entry has a translation in it ([`CatalogEntry::translation`]; the
    /// envelope's `lang` then names it), else in the catalog's own. `None` for a retired
    /// code, which is never printed again.
    pub fn example(&self, doc_url: Option<&str>, lang: &str) -> Option<Envelope> {
        if self.status == Status::Retired {
            return None;
        }
        let params = self.example_params();
        let english = self.envelope(params.clone(), doc_url);
        let Some((tag, translation)) = self.translation(lang) else {
            return Some(english);
        };
        let message = template::render_params(&translation.message, &params);
        let recovery = template::render_params(&translation.recovery, &params);
        let translated = english
            .clone()
            .into_draft()
            .message(message)
            .lang(tag)
            .with_recovery(recovery);
        Some(translated.unwrap_or(english))
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::CatalogFile;
    use crate::envelope::Envelope;

    fn catalog() -> CatalogFile {
        CatalogFile::from_json(
            r#"{"tool":"app","codes":[
              {"code":"APP_SLOW","exit":75,"error_class":"transient","retry":"yes",
               "message":"{host} answered after {ms} ms","recovery":"wait, then run `app sync {host}`",
               "params":["ms"],"translations":{"pt-BR":{"message":"{host} respondeu após {ms} ms",
               "recovery":"espere e rode `app sync {host}`"}}},
              {"code":"APP_OLD","exit":75,"error_class":"transient","retry":"yes",
               "message":"old","recovery":"run `app sync`","status":"retired","replaced_by":"APP_SLOW"}]}"#,
        )
        .unwrap()
    }

    #[test]
    fn every_param_and_placeholder_gets_its_name_in_angle_brackets() {
        let entry = &catalog().codes[0];
        let params = entry.example_params();
        assert_eq!(
            params.iter().collect::<Vec<_>>(),
            [
                (&"host".to_owned(), &"<host>".into()),
                (&"ms".to_owned(), &"<ms>".into())
            ]
        );
        let example = entry.example(None, "en").unwrap();
        assert_eq!(example.message(), "<host> answered after <ms> ms");
        assert_eq!(example.recovery(), "wait, then run `app sync <host>`");
        assert_eq!(example.lang(), None);
        assert_eq!(
            Envelope::from_json(&example.to_json_line()).as_ref(),
            Ok(&example)
        );
    }

    #[test]
    fn a_translation_gives_the_example_its_language_and_a_retired_code_has_none() {
        let catalog = catalog();
        let example = catalog.codes[0].example(None, "pt-BR").unwrap();
        assert_eq!(example.message(), "<host> respondeu após <ms> ms");
        assert_eq!(example.lang(), Some("pt-BR"));
        assert_eq!(example.params()["host"], "<host>");
        assert!(
            catalog.codes[0]
                .example(None, "fr")
                .unwrap()
                .lang()
                .is_none()
        );
        assert!(catalog.codes[1].example(None, "en").is_none());
    }
}
