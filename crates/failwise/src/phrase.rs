//! [`Phrase`]: a sentence failwise writes, as a Fluent id and its arguments, so that it is
//! written once (in `i18n/en.ftl` and its translations) and rendered at the edge in the
//! reader's language.
//!
//! A producer (a classifier, a dialect reader, the normalizer) never builds English with
//! `format!`: it names the Fluent message and gives its arguments. A [`Draft`](crate::Draft)
//! renders its phrases in English when it is finished, so every [`Envelope`](crate::Envelope)
//! has its `message` and `recovery` as text, and keeps the phrases beside them (never on the
//! wire), so that [`Localizer::localize`](crate::i18n::Localizer::localize) can render the same
//! sentences in another language without reading the English back.
//!
//! A phrase's variables are the envelope's `params`, the envelope's own `$code`, `$exit`,
//! `$nearby` (the first did-you-mean value), `$nearby_count` and `$suggested_count` (how many
//! `suggested_*` params name a value), and the phrase's own arguments ([`Phrase::arg`]), which
//! win over the others. An argument can itself be a phrase ([`Phrase::phrase`]), rendered first
//! in the same language: an errno's strerror text inside a spawn failure, curl's reason inside
//! git's. A source's own text (a message read from a tool's output) is never a phrase: it is
//! kept as read and never translated.
//!
//! # Examples
//!
//! ```
//! use failwise::{Code, Envelope, ExitStatus, Phrase};
//! let envelope = Envelope::draft(Code::new("EXIT_3")?, ExitStatus::new(3).ok_or("status")?, "")
//!     .param("program", "mytool")
//!     .message_phrase(Phrase::new("exit-unknown-message").arg("status", 3))
//!     .with_recovery_phrase(Phrase::new("exit-unknown-silent-recovery").arg("status", 3));
//! assert_eq!(envelope.message(), "mytool: exited 3 for a reason its output does not state in a known form");
//! assert_eq!(envelope.phrases().message().map(|p| p.id()), Some("exit-unknown-message"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde_json::Value;
use unic_langid::LanguageIdentifier;

/// failwise's own texts in English: the reference every other language must match key for key.
pub const EN_FTL: &str = include_str!("i18n/en.ftl");

pub use pack_texts::PACK_TEXTS;

mod own;
mod pack_texts;
pub use own::OwnTexts;
pub(crate) use own::variables;

/// How deep phrases may nest inside each other's arguments; deeper ones are left out.
pub const NESTING_MAX: usize = 4;

/// A sentence failwise writes: a Fluent message's id and its arguments (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    id: Cow<'static, str>,
    args: Vec<(Cow<'static, str>, Arg)>,
    texts: Option<Arc<OwnTexts>>,
}

/// One argument of a [`Phrase`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// A value that is the same in every language: a path, a number, a name, a tool's own
    /// text.
    Value(Value),
    /// A sentence of failwise's own, rendered first in the same language.
    Phrase(Phrase),
}

impl Phrase {
    /// The phrase of the Fluent message `id`, with no arguments of its own.
    pub fn new(id: impl Into<Cow<'static, str>>) -> Self {
        Self {
            id: id.into(),
            args: Vec::new(),
            texts: None,
        }
    }

    /// The phrase rendered from `texts` rather than failwise's own resources (see
    /// [`OwnTexts`]).
    #[must_use]
    pub fn with_texts(mut self, texts: Arc<OwnTexts>) -> Self {
        self.texts = Some(texts);
        self
    }

    /// The texts the phrase is rendered from, when they are not failwise's own.
    pub fn texts(&self) -> Option<&OwnTexts> {
        self.texts.as_deref()
    }

    /// Adds the argument `$name`, a value the same in every language.
    #[must_use]
    pub fn arg(mut self, name: impl Into<Cow<'static, str>>, value: impl Into<Value>) -> Self {
        self.args.push((name.into(), Arg::Value(value.into())));
        self
    }

    /// Adds the argument `$name`, a phrase rendered first in the same language.
    #[must_use]
    pub fn phrase(mut self, name: impl Into<Cow<'static, str>>, phrase: Phrase) -> Self {
        self.args.push((name.into(), Arg::Phrase(phrase)));
        self
    }

    /// Adds the argument `$name`, a value or a phrase.
    #[must_use]
    pub fn with(mut self, name: impl Into<Cow<'static, str>>, arg: Arg) -> Self {
        self.args.push((name.into(), arg));
        self
    }

    /// The Fluent id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The phrase's own arguments, in the order given.
    pub fn args(&self) -> impl Iterator<Item = (&str, &Arg)> {
        self.args.iter().map(|(name, arg)| (name.as_ref(), arg))
    }

    /// The value of the argument `name`, when it is a value.
    pub fn value(&self, name: &str) -> Option<&Value> {
        self.args.iter().rev().find_map(|(n, arg)| match arg {
            Arg::Value(value) if n == name => Some(value),
            _ => None,
        })
    }
}

/// The phrases an envelope's `message` and `recovery` were rendered from, when they are
/// failwise's own sentences; `None` for a text given as text (a tool's own words, a catalog's
/// template). Not part of the wire format, nor of an envelope's equality: two envelopes with
/// the same members are equal however their texts were made.
#[derive(Debug, Clone, Default)]
pub struct Phrases {
    pub(crate) message: Option<Phrase>,
    pub(crate) recovery: Option<Phrase>,
}

impl Phrases {
    /// The phrase of `message`.
    pub fn message(&self) -> Option<&Phrase> {
        self.message.as_ref()
    }

    /// The phrase of `recovery`.
    pub fn recovery(&self) -> Option<&Phrase> {
        self.recovery.as_ref()
    }

    /// Whether neither text is a phrase.
    pub fn is_empty(&self) -> bool {
        self.message.is_none() && self.recovery.is_none()
    }
}

impl PartialEq for Phrases {
    /// Always equal: phrases say how a text was made, not what an envelope says.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// The variables every phrase of an envelope can use beyond its own arguments: the envelope's
/// `params`, then `$code`, `$exit`, `$nearby`, `$nearby_count` and `$suggested_count` where
/// `params` does not name them (see the module docs).
pub(crate) fn envelope_args(
    code: &str,
    exit: u8,
    nearby: &[String],
    params: &BTreeMap<String, Value>,
) -> BTreeMap<String, Value> {
    let suggested_count = params
        .iter()
        .filter(|(k, v)| k.starts_with("suggested_") && v.as_array().is_none_or(|a| !a.is_empty()))
        .count();
    let mut args = params.clone();
    let derived: [(&str, Value); 5] = [
        ("suggested_count", suggested_count.into()),
        ("code", code.into()),
        ("exit", exit.into()),
        ("nearby", nearby.first().cloned().unwrap_or_default().into()),
        ("nearby_count", nearby.len().into()),
    ];
    for (name, value) in derived {
        args.entry(name.to_owned()).or_insert(value);
    }
    args
}

/// `phrase` rendered by `bundle` with `vars` (see [`envelope_args`]) under its own arguments;
/// `None` when the bundle lacks a message the phrase (or a nested one) names, or a variable.
pub(crate) fn render(
    bundle: &FluentBundle<FluentResource>,
    phrase: &Phrase,
    vars: &BTreeMap<String, Value>,
) -> Option<String> {
    render_nested(bundle, phrase, vars, 0, false)
}

fn render_nested(
    bundle: &FluentBundle<FluentResource>,
    phrase: &Phrase,
    vars: &BTreeMap<String, Value>,
    depth: usize,
    in_code: bool,
) -> Option<String> {
    if depth > NESTING_MAX {
        return None;
    }
    if let Some(text) = plain(bundle, phrase) {
        return Some(text);
    }
    let own = bundle_of(bundle, phrase)?;
    let pattern = own.get_message(&phrase.id)?.value()?;
    // A variable inside a code span (`ls -ld { $path }`, or anywhere in a phrase placed in
    // one) is one shell word, quoted when it needs to be, so a command the text names runs
    // what it says and nothing else.
    let code = in_code_spans(pattern, in_code);
    let mut args = fluent_args(vars);
    for (name, arg) in &phrase.args {
        let value = match arg {
            Arg::Value(value) => fluent_value(value)?,
            Arg::Phrase(inner) => {
                let quoted = code.contains(&name.as_ref());
                FluentValue::from(render_nested(bundle, inner, vars, depth + 1, quoted)?)
            }
        };
        args.set(name.clone().into_owned(), value);
    }
    // The phrase's own arguments are made by the code that names the command (and quote
    // what they hold, `shell_word`); the envelope's params, a rule's captures, are quoted here.
    let own_args: Vec<&str> = phrase.args.iter().map(|(name, _)| name.as_ref()).collect();
    // A param that holds a whole command line (`command`: `failwise run`) or a word already
    // quoted (`*_word`) is placed as it is.
    let whole = |n: &str| n == "command" || n.ends_with("_word");
    for name in code.iter().filter(|n| !own_args.contains(n) && !whole(n)) {
        if let Some(FluentValue::String(text)) = args.get(*name) {
            let word = shell_word(text);
            if word != *text {
                let word = FluentValue::from(word.into_owned());
                args.set((*name).to_owned(), word);
            }
        }
    }
    let mut errors = Vec::new();
    let text = own.format_pattern(pattern, Some(&args), &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// `text` as one shell word: unchanged when it is made only of characters no shell treats
/// specially, else quoted (single quotes), so a recovery that names a path with spaces or
/// quotes can be pasted as it is.
///
/// ```
/// use failwise::classify::shell_word;
/// assert_eq!(shell_word("./bin/tool"), "./bin/tool");
/// assert_eq!(shell_word("my scripts/run.sh"), "'my scripts/run.sh'");
/// assert_eq!(shell_word("it's"), r#""it's""#);
/// ```
pub fn shell_word(text: &str) -> Cow<'_, str> {
    let plain = !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_@%+=:,./-".contains(&b));
    if plain {
        return Cow::Borrowed(text);
    }
    // A NUL byte cannot be quoted (no shell word holds one); it cannot be in a path either.
    shlex::try_quote(text).unwrap_or(Cow::Borrowed(text))
}

/// The variables a pattern places inside a code span (between a pair of backticks of its
/// text, or anywhere when the whole pattern is placed in one: `in_code`), where a reader takes
/// the text as a command to run.
fn in_code_spans<'p>(
    pattern: &'p fluent_syntax::ast::Pattern<&'p str>,
    in_code: bool,
) -> Vec<&'p str> {
    use fluent_syntax::ast::{Expression, InlineExpression, PatternElement};
    let mut inside = in_code;
    let mut names = Vec::new();
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => {
                inside ^= value.matches('`').count() % 2 == 1;
            }
            PatternElement::Placeable {
                expression: Expression::Inline(InlineExpression::VariableReference { id }),
            } if inside => names.push(id.name),
            PatternElement::Placeable { .. } => {}
        }
    }
    names
}

/// failwise's own English texts (`i18n/en.ftl`), parsed once: immutable data, shared by every
/// draft that renders a phrase.
pub(crate) fn english() -> &'static FluentBundle<FluentResource> {
    static ENGLISH: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    ENGLISH.get_or_init(|| {
        let en: LanguageIdentifier = "en".parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![en]);
        bundle.set_use_isolating(false);
        // en.ftl parses: `i18n::tests::shipped_resources_parse` checks it.
        for ftl in std::iter::once(EN_FTL).chain(PACK_TEXTS.iter().map(|(_, en, _)| *en)) {
            let resource =
                FluentResource::try_new(ftl.to_owned()).unwrap_or_else(|(partial, _)| partial);
            bundle.add_resource_overriding(resource);
        }
        bundle
    })
}

/// `phrase` in English with `vars`; the id itself when en.ftl cannot render it (a test renders
/// every phrase the library makes, so this is never seen).
pub(crate) fn render_english(phrase: &Phrase, vars: &BTreeMap<String, Value>) -> String {
    render(english(), phrase, vars).unwrap_or_else(|| phrase.id.clone().into_owned())
}

/// `phrase` in English, its own arguments its only variables: failwise's error types' `Display`.
pub(crate) fn english_text(phrase: &Phrase) -> String {
    render_english(phrase, &BTreeMap::new())
}

/// The English of each id in `ids` (phrases without arguments), rendered once per process and
/// kept in `table`: for the `&'static str` fields of failwise's error types (a rule's text),
/// whose public type predates phrases.
pub(crate) fn english_table(
    table: &'static OnceLock<Vec<String>>,
    ids: &[&'static str],
) -> &'static [String] {
    table.get_or_init(|| {
        ids.iter()
            .map(|id| english_text(&Phrase::new(*id)))
            .collect()
    })
}

/// Params as Fluent arguments: strings and numbers as they are (integers beyond 2^53 as their
/// digits), booleans as `true`/`false`, lists of scalars joined with `, `; objects and null
/// are left out.
pub(crate) fn fluent_args(params: &BTreeMap<String, Value>) -> FluentArgs<'_> {
    let mut args = FluentArgs::with_capacity(params.len());
    for (name, value) in params {
        if let Some(v) = fluent_value(value) {
            args.set(name.as_str(), v);
        }
    }
    args
}

/// The text of `phrase`'s message when it has no placeable at all (a fixed sentence, such as
/// a fallback recovery): no variable needs to be made for it.
pub(crate) fn plain(bundle: &FluentBundle<FluentResource>, phrase: &Phrase) -> Option<String> {
    use fluent_syntax::ast::PatternElement;
    let pattern = bundle_of(bundle, phrase)?
        .get_message(&phrase.id)?
        .value()?;
    let mut text = String::new();
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => text.push_str(value),
            PatternElement::Placeable { .. } => return None,
        }
    }
    Some(text)
}

/// The bundle `phrase` is rendered from when `bundle` is asked: `bundle` itself, or for a
/// phrase with texts of its own, its bundle in `bundle`'s language (`None` when it has none).
pub(crate) fn bundle_of<'b>(
    bundle: &'b FluentBundle<FluentResource>,
    phrase: &'b Phrase,
) -> Option<&'b FluentBundle<FluentResource>> {
    match &phrase.texts {
        Some(texts) => texts.for_lang(bundle.locales.first()?),
        None => Some(bundle),
    }
}

fn fluent_value(value: &Value) -> Option<FluentValue<'_>> {
    Some(match value {
        Value::String(s) => FluentValue::from(s.as_str()),
        // Fluent keeps numbers as `f64`: an integer beyond 2^53 would come out rounded (a line
        // number 9999999999999999 as 10000000000000000), so it goes in as its digits.
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) if i.unsigned_abs() <= 1 << 53 => FluentValue::from(i),
            (Some(_), _, _) | (None, Some(_), _) => FluentValue::from(n.to_string()),
            (None, None, Some(f)) => FluentValue::from(f),
            _ => return None,
        },
        Value::Bool(b) => FluentValue::from(b.to_string()),
        Value::Array(items) => FluentValue::from(
            items
                .iter()
                .map(|i| match i {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect::<Vec<_>>()
                .join(", "),
        ),
        _ => return None,
    })
}
