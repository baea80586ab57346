//! One pack compiled: its TOML read (serde, unknown fields refused; a syntax error placed at
//! its line, column, rule and key), each rule checked (one pattern that compiles, a verdict
//! within DESIGN §3's bounds, captures that exist, real examples with their sources), and, for
//! a user pack, its texts resolved: a Fluent id of its `.ftl` files or of failwise's own
//! texts, or a template (`{name}` placeholders) made a Fluent message and parsed.

use std::sync::Arc;

use fluent_bundle::FluentResource;
use unic_langid::LanguageIdentifier;

use super::format::{PackFile, RuleFile, Text};
use super::nearby::NearbyRule;
use super::rule::Pattern;
use super::tables::EXIT_CAPTURE;
use super::{PackError, PackText, Rule};
use crate::phrase::{OwnTexts, Phrase};
use crate::verdict::{ErrorClass, Retry, Verdict};

/// The most rules one pack may hold (500; the largest built-in pack holds under 60): each rule
/// is a pattern the one-pass set runs at once, and a pack of thousands would cost seconds and
/// gigabytes to load on every failure.
pub(super) const MAX_RULES: usize = 500;

/// A pack compiled: its name and rules.
#[derive(Clone)]
pub(super) struct Compiled {
    pub(super) name: String,
    pub(super) summary: String,
    pub(super) rules: Vec<Rule>,
}

/// How a rule's text was resolved before the pack's own texts are built.
enum TextRef {
    /// An id of the pack's texts (an `.ftl` file's, or a template's).
    Own(String),
    /// An id of failwise's own texts (a built-in pack's are there).
    Failwise(String),
}

/// A rule's message (when it has one) and recovery, resolved.
type Refs = (Option<TextRef>, TextRef);

/// Compiles the pack `text` read from `file`, its rules numbered as pack `pack`. `texts` is
/// `None` for a built-in pack (its texts are ids of failwise's own resources, checked by the
/// packs' tests), else the `.ftl` files beside a user pack, and the pack's rules are `user`.
pub(super) fn compile_pack(
    pack: usize,
    file: &str,
    text: &str,
    texts: Option<&[PackText]>,
    check: Check,
) -> Result<Compiled, PackError> {
    let parsed: PackFile = toml::from_str(text).map_err(|e| toml_error(file, text, &e))?;
    let err = |rule: usize, code: &str, field: &str, detail: String| PackError {
        file: file.to_owned(),
        rule,
        field: field.to_owned(),
        detail,
        code: code.to_owned(),
        line: rule_line(text, rule),
        column: None,
    };
    if parsed.source.trim().is_empty() {
        return Err(err(0, "", "source", empty_source()));
    }
    let (refs, own) = match texts {
        None => (built_in_refs(&parsed.rules), None),
        Some(files) => {
            let (refs, own) = resolve_texts(file, text, &parsed.rules, files)?;
            (refs, Some(Arc::new(own)))
        }
    };
    let phrase = |r: TextRef| match r {
        TextRef::Own(id) => match &own {
            Some(own) => Phrase::new(id).with_texts(Arc::clone(own)),
            None => Phrase::new(id),
        },
        TextRef::Failwise(id) => Phrase::new(id),
    };
    if parsed.rules.len() > MAX_RULES {
        let detail = format!(
            "{} rules, more than the {MAX_RULES} a pack may hold: split it into packs by tool",
            parsed.rules.len()
        );
        return Err(err(0, "", "rules", detail));
    }
    let mut rules = Vec::new();
    for ((i, r), (message, recovery)) in parsed.rules.into_iter().enumerate().zip(refs) {
        let n = i + 1;
        let code = r.code.clone();
        let pattern = match (&r.pattern, &r.literal) {
            (Some(p), None) => format!("(?m){p}"),
            (None, Some(l)) => regex::escape(l),
            _ => {
                let detail = "give one of `match` and `literal`".to_owned();
                return Err(err(n, &code, "match", detail));
            }
        };
        let verdict = verdict(&r).map_err(|(field, detail)| err(n, &code, field, detail))?;
        let (regex, names_in) = match check {
            Check::Patterns => {
                let regex = Pattern::compiled(pattern)
                    .map_err(|e| err(n, &code, "match", e.to_string()))?;
                let names = regex
                    .get()
                    .map(|r| r.capture_names().flatten().map(str::to_owned).collect())
                    .unwrap_or_default();
                (regex, Some(names))
            }
            Check::Lazily => (Pattern::lazy(pattern), None),
        };
        let names_in: Vec<String> = names_in.unwrap_or_default();
        let checked = matches!(check, Check::Patterns);
        for (field, capture) in r
            .wait
            .iter()
            .flat_map(|w| std::iter::once(&w.capture).chain(w.since.as_ref()))
            .map(|c| ("wait", c))
            .chain(r.verdict_from.iter().map(|v| ("verdict_from", &v.capture)))
            .chain(r.code_from.iter().map(|c| ("code_from", &c.capture)))
        {
            // A capture `exit` the pattern lacks is the exit status (a rule on the status).
            let status = capture == EXIT_CAPTURE && field != "wait";
            if checked && !names_in.iter().any(|n| n == capture) && !status {
                let detail = format!("no capture named {capture}");
                return Err(err(n, &code, field, detail));
            }
        }
        let spelled = code.replace(['{', '}'], "");
        if crate::code::Code::new(spelled.to_ascii_uppercase()).is_err()
            || spelled != spelled.to_ascii_uppercase() && !code.contains('{')
        {
            return Err(err(n, &code, "code", "not an UPPER_SNAKE code".to_owned()));
        }
        let nearby = r
            .nearby
            .map(NearbyRule::compile)
            .transpose()
            .map_err(|detail| err(n, &code, "nearby", detail))?;
        if r.examples.is_empty() {
            let detail = "a rule needs a real example".to_owned();
            return Err(err(n, &code, "examples", detail));
        }
        if r.examples.iter().any(|e| e.source.trim().is_empty()) {
            return Err(err(n, &code, "examples.source", empty_source()));
        }
        rules.push(Rule {
            pack,
            index: n,
            code: r.code,
            verdict,
            regex,
            stream: r.stream,
            exits: r.exit,
            programs: r.programs.unwrap_or_else(|| parsed.programs.clone()),
            scope: r.scope,
            message: message.map(phrase),
            recovery: phrase(recovery),
            wait: r.wait,
            verdict_from: r.verdict_from,
            code_from: r.code_from,
            priority: r.priority,
            fallback: r.fallback,
            nearby,
            user: texts.is_some(),
            examples: r.examples,
        });
    }
    Ok(Compiled {
        name: parsed.name,
        summary: parsed.summary,
        rules,
    })
}

fn empty_source() -> String {
    "say where it comes from: the command run, the tool's version, a document".to_owned()
}

/// The verdict a rule gives, or the field and what is wrong with it.
fn verdict(r: &RuleFile) -> Result<Option<Verdict>, (&'static str, String)> {
    match (&r.class, &r.retry, &r.verdict_from) {
        (Some(c), Some(rt), None) => {
            let class = ErrorClass::parse(c).ok_or(("class", c.clone()))?;
            let retry = match rt.as_str() {
                "yes" => Retry::Yes,
                "no" => Retry::No,
                "unknown" => Retry::Unknown,
                other => return Err(("retry", other.to_owned())),
            };
            Verdict::new(class, retry)
                .map(Some)
                .map_err(|e| ("retry", e.to_string()))
        }
        (None, None, Some(_)) => Ok(None),
        _ => Err((
            "class",
            "give `class` and `retry`, or `verdict_from`".to_owned(),
        )),
    }
}

/// A built-in pack's texts: ids of failwise's own resources, as written.
fn built_in_refs(rules: &[RuleFile]) -> Vec<Refs> {
    let id = |t: &Text| match t {
        Text::One(id) => TextRef::Failwise(id.clone()),
        // A built-in pack's texts live in its `.ftl` files; a table of templates is a user
        // pack's form, left to `every_rule_text_is_in_both_languages` to refuse.
        Text::ByLang(_) => TextRef::Failwise(String::new()),
    };
    rules
        .iter()
        .map(|r| (r.message.as_ref().map(id), id(&r.recovery)))
        .collect()
}

/// Whether `text` is a Fluent identifier (`[a-zA-Z][a-zA-Z0-9_-]*`): a text id, not a
/// template.
fn is_fluent_id(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A user pack's texts: each rule's message and recovery resolved, and the pack's own texts
/// (its `.ftl` files, then its templates as messages `rule-<n>-message`/`rule-<n>-recovery`).
fn resolve_texts(
    file: &str,
    text: &str,
    rules: &[RuleFile],
    files: &[PackText],
) -> Result<(Vec<Refs>, OwnTexts), PackError> {
    let mut resources: Vec<(LanguageIdentifier, FluentResource)> = Vec::new();
    let mut english_ids: Vec<String> = Vec::new();
    for f in files {
        let bad = |detail: String| PackError {
            file: f.file.clone(),
            rule: 0,
            field: "texts".to_owned(),
            detail,
            code: String::new(),
            line: None,
            column: None,
        };
        let lang = language(&f.lang).ok_or_else(|| bad(format!("{}: not a language", f.lang)))?;
        let resource = FluentResource::try_new(f.ftl.clone()).map_err(|(_, errors)| {
            bad(errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "))
        })?;
        if lang.language.as_str() == crate::i18n::DEFAULT_LANG {
            english_ids.extend(crate::i18n::message_ids(&f.ftl));
        }
        resources.push((lang, resource));
    }
    let mut inline: Vec<(LanguageIdentifier, String)> = Vec::new();
    let mut refs = Vec::new();
    for (i, r) in rules.iter().enumerate() {
        let n = i + 1;
        let err = |field: &str, detail: String| PackError {
            file: file.to_owned(),
            rule: n,
            field: field.to_owned(),
            detail,
            code: r.code.clone(),
            line: rule_line(text, n),
            column: None,
        };
        let mut resolve = |field: &'static str, t: &Text| -> Result<TextRef, PackError> {
            let templates: Vec<(String, String)> = match t {
                Text::One(id) if is_fluent_id(id) => {
                    if english_ids.iter().any(|known| known == id) {
                        return Ok(TextRef::Own(id.clone()));
                    }
                    if crate::phrase::english().has_message(id) {
                        return Ok(TextRef::Failwise(id.clone()));
                    }
                    let detail = format!("no English text with the id {id}");
                    return Err(err(field, detail));
                }
                Text::One(template) => {
                    vec![(crate::i18n::DEFAULT_LANG.to_owned(), template.clone())]
                }
                Text::ByLang(by) => by.iter().map(|(l, t)| (l.clone(), t.clone())).collect(),
            };
            if !templates
                .iter()
                .any(|(l, _)| l == crate::i18n::DEFAULT_LANG)
            {
                return Err(err(field, "give the English text (`en`)".to_owned()));
            }
            let id = format!("rule-{n}-{field}");
            for (lang, template) in templates {
                let tag =
                    language(&lang).ok_or_else(|| err(field, format!("{lang}: not a language")))?;
                let ftl = crate::catalog::template_to_ftl(&template)
                    .map_err(|e| err(field, format!("{lang}: {e}")))?;
                let entry = format!("{id} = {ftl}\n");
                fluent_syntax::parser::parse(entry.as_str()).map_err(|(_, errors)| {
                    let said: Vec<String> = errors.iter().map(ToString::to_string).collect();
                    err(field, format!("{lang}: {}", said.join("; ")))
                })?;
                match inline.iter_mut().find(|(l, _)| *l == tag) {
                    Some((_, text)) => text.push_str(&entry),
                    None => inline.push((tag, entry)),
                }
            }
            Ok(TextRef::Own(id))
        };
        let message = r
            .message
            .as_ref()
            .map(|m| resolve("message", m))
            .transpose()?;
        let recovery = resolve("recovery", &r.recovery)?;
        refs.push((message, recovery));
    }
    for (lang, ftl) in inline {
        // Each entry parsed alone above, so the whole parses.
        let resource = FluentResource::try_new(ftl).unwrap_or_else(|(partial, _)| partial);
        resources.push((lang, resource));
    }
    Ok((refs, OwnTexts::new(resources)))
}

/// A language tag as Fluent takes it (`pt_BR` read as `pt-BR`).
fn language(tag: &str) -> Option<LanguageIdentifier> {
    crate::i18n::parse_tag(tag).ok()?.parse().ok()
}

/// The 1-based line of the `n`th `[[rules]]` header of `text`, when it has one.
fn rule_line(text: &str, n: usize) -> Option<u32> {
    if n == 0 {
        return None;
    }
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.trim() == "[[rules]]")
        .nth(n - 1)
        .and_then(|(i, _)| u32::try_from(i + 1).ok())
}

/// The first rule (1-based) whose block, above its examples, sets no `key`, and the line of
/// its `[[rules]]` header.
fn rule_lacking(text: &str, key: &str) -> Option<(usize, usize)> {
    let mut rule: Option<(usize, usize, bool)> = None;
    let mut count = 0;
    let mut in_rule_keys = false;
    let sets = |l: &str| {
        l.split_once('=')
            .is_some_and(|(k, _)| k.trim().trim_matches('"') == key)
    };
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed == "[[rules]]" {
            if let Some((n, header, false)) = rule {
                return Some((n, header));
            }
            count += 1;
            rule = Some((count, i + 1, false));
            in_rule_keys = true;
        } else if trimmed.starts_with('[') {
            in_rule_keys = false;
        } else if in_rule_keys
            && sets(trimmed)
            && let Some(r) = rule.as_mut()
        {
            r.2 = true;
        }
    }
    match rule {
        Some((n, header, false)) => Some((n, header)),
        _ => None,
    }
}

/// A TOML error placed: its line and column (1-based, in characters), the rule it is inside
/// (the `[[rules]]` headers above it) and the key on its line.
fn toml_error(file: &str, text: &str, e: &toml::de::Error) -> PackError {
    let start = e.span().map_or(0, |s| s.start).min(text.len());
    let mut at = start;
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    let column = before[line_start..].chars().count() + 1;
    let this_line = text[line_start..].lines().next().unwrap_or_default();
    // The rules begun up to the end of the error's line: a missing field is placed at the
    // header of the table that lacks it, which is that rule's own `[[rules]]`.
    let through = (line_start + this_line.len()).min(text.len());
    let rule = text[..through]
        .lines()
        .filter(|l| l.trim() == "[[rules]]")
        .count();
    // The key the error names (`unknown field `x``, `missing field `x``), else the one on its
    // line.
    let named = ["unknown field `", "missing field `"]
        .iter()
        .find_map(|lead| {
            let rest = &e.message()[e.message().find(lead)? + lead.len()..];
            Some(rest[..rest.find('`')?].to_owned())
        });
    // A missing field that the TOML reader places in a rule is the first rule's whose block
    // lacks that key: the reader places it at some table of the array, not always the one
    // that lacks it (a pack's own field, placed before any rule, stays the pack's).
    let missing = (rule > 0 && e.message().contains("missing field `"))
        .then_some(named.as_deref())
        .flatten()
        .and_then(|key| rule_lacking(text, key));
    let (rule, line, column) = match missing {
        Some((n, header)) => (n, header, 1),
        None => (rule, line, column),
    };
    let field = named
        .or_else(|| {
            this_line
                .split_once('=')
                .map(|(key, _)| key.trim().trim_matches('"').to_owned())
                .filter(|key| !key.is_empty() && !key.starts_with('['))
        })
        .unwrap_or_default();
    // The rule's code, from its block, when it is written on a line of its own.
    let code = rule_line(text, rule)
        .and_then(|from| {
            text.lines()
                .skip(from as usize)
                .take_while(|l| !l.trim().starts_with("[[rules]]"))
                .find_map(|l| {
                    let (key, value) = l.split_once('=')?;
                    (key.trim() == "code")
                        .then(|| value.trim().trim_matches(['"', '\'']).to_owned())
                })
        })
        .unwrap_or_default();
    PackError {
        file: file.to_owned(),
        rule,
        field,
        detail: e.message().to_owned(),
        code,
        line: e.span().and_then(|_| u32::try_from(line).ok()),
        column: e.span().and_then(|_| u32::try_from(column).ok()),
    }
}

/// How much of a pack is checked when it is compiled: every pattern compiled and every capture
/// a field names found in it (user packs, and the built-in packs in their tests), or the
/// patterns left to compile when first used (the built-in packs at run time, checked by
/// their tests already).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Check {
    /// Compile and check every pattern now.
    Patterns,
    /// Compile each pattern when first used.
    Lazily,
}
