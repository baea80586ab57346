//! [`OwnTexts`]: Fluent texts that travel with the phrases made from them (a user rule pack's),
//! and [`variables`], the variables a phrase's English text uses.

use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;
use unic_langid::LanguageIdentifier;

use super::{Phrase, bundle_of, english};

/// Fluent texts that are not failwise's own and travel with the phrases made from them: a user
/// rule pack's messages and recoveries ([`crate::classify::packs`]). A phrase that carries them
/// ([`Phrase::with_texts`]) is rendered from them alone, in the language asked for when they
/// have it (the same tag, else the same primary language), so their ids never meet failwise's.
pub struct OwnTexts {
    bundles: Vec<FluentBundle<FluentResource>>,
}

impl OwnTexts {
    /// Texts from parsed Fluent resources, by language (several resources of one language are
    /// added in order, a later message overriding an earlier one of the same id).
    pub fn new(resources: Vec<(LanguageIdentifier, FluentResource)>) -> Self {
        let mut bundles: Vec<FluentBundle<FluentResource>> = Vec::new();
        for (lang, resource) in resources {
            let slot = match bundles
                .iter()
                .position(|b| b.locales.first() == Some(&lang))
            {
                Some(i) => i,
                None => {
                    let mut bundle = FluentBundle::new_concurrent(vec![lang]);
                    bundle.set_use_isolating(false);
                    bundles.push(bundle);
                    bundles.len() - 1
                }
            };
            bundles[slot].add_resource_overriding(resource);
        }
        Self { bundles }
    }

    /// The bundle for `lang`: its own tag, else one of the same primary language.
    pub(super) fn for_lang(
        &self,
        lang: &LanguageIdentifier,
    ) -> Option<&FluentBundle<FluentResource>> {
        self.bundles
            .iter()
            .find(|b| b.locales.first() == Some(lang))
            .or_else(|| {
                self.bundles.iter().find(|b| {
                    b.locales
                        .first()
                        .is_some_and(|l| l.language == lang.language)
                })
            })
    }

    /// Whether the texts in `lang` (BCP 47) define the message `id`.
    pub fn has(&self, lang: &str, id: &str) -> bool {
        lang.parse::<LanguageIdentifier>()
            .ok()
            .and_then(|l| self.for_lang(&l))
            .is_some_and(|b| b.has_message(id))
    }

    /// The language tags the texts are in.
    pub fn langs(&self) -> Vec<String> {
        self.bundles
            .iter()
            .filter_map(|b| b.locales.first().map(ToString::to_string))
            .collect()
    }
}

impl std::fmt::Debug for OwnTexts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OwnTexts")
            .field("langs", &self.langs())
            .finish()
    }
}

impl PartialEq for OwnTexts {
    /// The same texts: the same loaded value.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for OwnTexts {}

/// The variables the English text of `phrase` uses (`{ $name }`, in selectors and variants
/// too), beyond its own arguments; `None` when English has no such message.
pub(crate) fn variables(phrase: &Phrase) -> Option<Vec<String>> {
    use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};
    fn walk_inline(e: &InlineExpression<&str>, out: &mut Vec<String>) {
        match e {
            InlineExpression::VariableReference { id } => out.push(id.name.to_owned()),
            InlineExpression::Placeable { expression } => walk(expression, out),
            InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    walk_inline(a, out);
                }
            }
            _ => {}
        }
    }
    fn walk(e: &Expression<&str>, out: &mut Vec<String>) {
        match e {
            Expression::Inline(inline) => walk_inline(inline, out),
            Expression::Select { selector, variants } => {
                walk_inline(selector, out);
                for v in variants {
                    walk_pattern(&v.value, out);
                }
            }
        }
    }
    fn walk_pattern(p: &Pattern<&str>, out: &mut Vec<String>) {
        for element in &p.elements {
            if let PatternElement::Placeable { expression } = element {
                walk(expression, out);
            }
        }
    }
    let bundle = bundle_of(english(), phrase)?;
    let pattern = bundle.get_message(phrase.id())?.value()?;
    let mut out = Vec::new();
    walk_pattern(pattern, &mut out);
    out.retain(|name| phrase.args().all(|(n, _)| n != name));
    out.sort();
    out.dedup();
    Some(out)
}
