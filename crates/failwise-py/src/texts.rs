//! The package's own sentences: Fluent ids of `i18n/en.ftl` (and `pt-BR.ftl`) rendered in
//! English for the exceptions it raises, beside the library's texts, so that no sentence is
//! written in the code.

use std::sync::LazyLock;

use failwise::i18n::Localizer;
use failwise::{Params, Phrase};

/// The package's own texts in English.
pub const EN_FTL: &str = include_str!("i18n/en.ftl");
/// The package's own texts in Brazilian Portuguese.
pub const PT_BR_FTL: &str = include_str!("i18n/pt-BR.ftl");

/// The English localizer with the library's texts and the package's own (built once; it holds
/// no setting, only the texts).
static ENGLISH: LazyLock<Localizer> = LazyLock::new(|| {
    let mut localizer = Localizer::english();
    // Both files parse: the package's test suite reads every id of each (test_texts.py).
    for (tag, ftl) in [("en", EN_FTL), ("pt-BR", PT_BR_FTL)] {
        let _ = localizer.add_resource(tag, ftl);
    }
    localizer
});

/// `phrase` (the package's or the library's) in English; its id when it has no text.
pub fn english(phrase: &Phrase) -> String {
    ENGLISH
        .render_english(phrase, &Params::new())
        .unwrap_or_else(|| phrase.id().to_owned())
}

/// The localizer that prepares envelopes: English, with failwise's texts.
pub fn localizer() -> &'static Localizer {
    &ENGLISH
}
