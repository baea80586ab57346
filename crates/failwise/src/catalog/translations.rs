//! Catalogs ship their translations: a catalog's templates (`{name}` placeholders, `{{` and `}}`
//! for braces) become Fluent messages `<CODE>-message` and `<CODE>-recovery`, one resource per
//! language, for [`Localizer::add_catalog`].
//!
//! Two ways to ship them:
//!
//! - a catalog file (JSON or TOML) gives each entry a `translations` map, BCP 47 tag →
//!   `{message, recovery}` templates; [`Localizer::add_catalog`] loads them, and the
//!   `failwise` binary uses them in `explain --lang` and checks them in `validate --catalog`;
//! - a catalog declared with `#[derive(Catalog)]` ships one `.ftl` file per language with
//!   `<CODE>-message` and `<CODE>-recovery` for each code (variables are the variant's fields),
//!   embedded with `include_str!` and added with [`Localizer::add_resource`]; a test of the
//!   tool's own calls [`missing_translations`] so that no code is left untranslated.
//!
//! ```
//! use failwise::{Catalog, catalog::missing_translations, i18n::Localizer};
//!
//! #[derive(Catalog)]
//! #[catalog(tool = "app")]
//! enum AppError {
//!     /// The configuration file does not exist.
//!     #[catalog(code = "APP_NO_CONFIG", exit = 78, class = "precondition_failed",
//!               message = "no config at {path}", recovery = "run `app init --path {path}`")]
//!     NoConfig { path: String },
//! }
//!
//! // In the tool: `const PT_BR: &str = include_str!("../i18n/pt-BR.ftl");`
//! const PT_BR: &str = "APP_NO_CONFIG-message = nenhuma configuração em { $path }\n\
//!                      APP_NO_CONFIG-recovery = rode `app init --path { $path }`\n";
//! assert!(missing_translations(&AppError::catalog(), PT_BR).is_empty());
//!
//! let mut localizer = Localizer::new("pt-BR");
//! localizer.add_resource("pt-BR", PT_BR)?;
//! let envelope = localizer.localize(AppError::NoConfig { path: "/etc/app.toml".into() }.to_envelope());
//! assert_eq!(envelope.message(), "nenhuma configuração em /etc/app.toml");
//! assert_eq!(envelope.lang(), Some("pt-BR"));
//! # Ok::<(), failwise::i18n::I18nError>(())
//! ```

use std::collections::BTreeMap;

use super::CatalogFile;
use super::template::{Piece, TemplateError, pieces};
use crate::i18n::{DEFAULT_LANG, I18nError, Localizer};

/// A catalog template as the value of a Fluent message: each `{name}` becomes `{ $name }`,
/// literal braces become string literals, and a line break starts an indented continuation.
///
/// # Errors
///
/// [`TemplateError`] when the template does not parse (`failwise catalog lint` reports it too).
///
/// ```
/// use failwise::catalog::template_to_ftl;
/// assert_eq!(template_to_ftl("no config at {path} {{x}}")?, r#"no config at { $path } {"{"}x{"}"}"#);
/// # Ok::<(), failwise::catalog::template::TemplateError>(())
/// ```
pub fn template_to_ftl(template: &str) -> Result<String, TemplateError> {
    let mut out = String::with_capacity(template.len() + 8);
    for piece in pieces(template)? {
        match piece {
            Piece::Text(text) => {
                for (i, line) in text.split('\n').enumerate() {
                    if i > 0 {
                        out.push_str("\n    ");
                    }
                    let escaped = line.replace('{', "{\"{\"}").replace('}', "{\"}\"}");
                    out.push_str(&escaped);
                }
            }
            Piece::Brace(c) => {
                out.push_str("{\"");
                out.push(c);
                out.push_str("\"}");
            }
            Piece::Param(name) => {
                out.push_str("{ $");
                out.push_str(name);
                out.push_str(" }");
            }
        }
    }
    Ok(out)
}

/// The Fluent resources of a catalog file, by language: English from each entry's own
/// templates, the other languages from its `translations`. Entries whose templates do not
/// parse are left out (they stay in the language the envelope was written in).
pub fn catalog_resources(catalog: &CatalogFile) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    let mut add = |lang: &str, code: &str, message: &str, recovery: &str| {
        if let (Ok(m), Ok(r)) = (template_to_ftl(message), template_to_ftl(recovery)) {
            let ftl = out.entry(lang.to_owned()).or_default();
            ftl.push_str(&format!("{code}-message = {m}\n{code}-recovery = {r}\n"));
        }
    };
    for entry in &catalog.codes {
        let code = entry.code.as_str();
        add(DEFAULT_LANG, code, &entry.message, &entry.recovery);
        for (lang, t) in &entry.translations {
            add(lang, code, &t.message, &t.recovery);
        }
    }
    out
}

/// The Fluent ids (`<CODE>-message`, `<CODE>-recovery`) that `ftl` lacks for the codes of
/// `catalog` still printed (retired codes need none), in catalog order: empty when the
/// translation is complete.
pub fn missing_translations(catalog: &CatalogFile, ftl: &str) -> Vec<String> {
    let ids = crate::i18n::message_ids(ftl);
    catalog
        .codes
        .iter()
        .filter(|e| e.status != crate::catalog::Status::Retired)
        .flat_map(|e| {
            let code = e.code.as_str();
            [format!("{code}-message"), format!("{code}-recovery")]
        })
        .filter(|id| !ids.contains(id))
        .collect()
}

impl Localizer {
    /// Adds every language of `catalog` ([`catalog_resources`]); the catalog's texts override
    /// failwise's own for the same code.
    ///
    /// # Errors
    ///
    /// [`I18nError`] when a translation's language is not a BCP 47 tag; the languages before
    /// it are added.
    pub fn add_catalog(&mut self, catalog: &CatalogFile) -> Result<&mut Self, I18nError> {
        for (lang, ftl) in catalog_resources(catalog) {
            self.add_resource(&lang, &ftl)?;
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Code, Envelope, ExitStatus};

    #[test]
    fn a_catalog_file_localizes_its_own_codes() {
        let catalog = CatalogFile::from_json(
            r#"{"tool":"app","version":"1.0.0","codes":[{"code":"APP_NO_CONFIG","exit":78,
            "error_class":"precondition_failed","retry":"no","message":"no config at {path}",
            "recovery":"run `app init --path {path}`","params":["path"],"doc":"d",
            "translations":{"pt-BR":{"message":"nenhuma configuração em {path}",
            "recovery":"rode `app init --path {path}` {{agora}}"}}}]}"#,
        )
        .expect("a valid catalog");
        let resources = catalog_resources(&catalog);
        assert_eq!(resources.keys().collect::<Vec<_>>(), ["en", "pt-BR"]);
        let mut l = Localizer::new("pt-BR");
        l.add_catalog(&catalog).unwrap();
        let e = Envelope::draft(Code::new("APP_NO_CONFIG").unwrap(), ExitStatus::CONFIG, "x")
            .param("path", "/etc/app {1}.toml")
            .with_recovery("y")
            .unwrap();
        let out = l.localize(e);
        assert_eq!(out.message(), "nenhuma configuração em /etc/app {1}.toml");
        assert_eq!(
            out.recovery(),
            "rode `app init --path '/etc/app {1}.toml'` {agora}"
        );
        assert_eq!(out.lang(), Some("pt-BR"));
    }
}
