//! The reference of a catalog, as Markdown or as one self-contained HTML page
//! ([`html`](fn@html), [`html_in`]), with one anchor per code (the code itself, so `doc_url`
//! can end in `#CODE`).
//!
//! The Markdown reference is written in English, the language of a catalog's templates; the
//! HTML page's own words (headings, labels, what an agent may do on each verdict) come from
//! the `docs-*` messages of the Fluent files, in the language of the
//! [`Localizer`](crate::i18n::Localizer) it is given.

mod html;

use std::fmt::Write;

pub use html::{html, html_in};

use crate::catalog::{CatalogEntry, CatalogFile, Status};
use crate::phrase::{Phrase, render_english};

/// The reference's own words (`docs-*` in `i18n/en.ftl`), in English: the Markdown reference
/// is written for the catalog's readers, in the language of its templates.
fn words(id: &'static str) -> String {
    render_english(&Phrase::new(id), &Default::default())
}

/// [`words`] with one argument.
fn words_with(id: &'static str, name: &'static str, value: &str) -> String {
    render_english(&Phrase::new(id).arg(name, value), &Default::default())
}

/// The Markdown reference: a table of contents, then one section per code, anchored by
/// `<a id="CODE">`.
pub fn markdown(catalog: &CatalogFile) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {}\n",
        words_with("docs-title", "tool", &md_text(&catalog.tool))
    );
    if let Some(v) = &catalog.version {
        let _ = writeln!(
            out,
            "{} ",
            words_with("docs-version", "version", &md_text(v))
        );
    }
    let _ = writeln!(out, "{}\n", words("docs-intro"));
    let _ = writeln!(out, "{}", words("docs-table-head"));
    let _ = writeln!(out, "|---|---|---|---|---|");
    for e in &catalog.codes {
        let _ = writeln!(
            out,
            "| [`{0}`](#{0}) | {1} | {2} | {3} | {4} |",
            e.code, e.exit, e.error_class, e.retry, e.status
        );
    }
    for e in &catalog.codes {
        let _ = writeln!(out, "\n<a id=\"{0}\"></a>\n## `{0}`\n", e.code);
        if !e.doc.is_empty() {
            let _ = writeln!(out, "{}\n", md_text(e.doc.trim()));
        }
        for (label, value) in facts(e, &words) {
            let _ = writeln!(out, "- **{label}:** {}", md_fact(&value));
        }
    }
    out
}

/// One fact's value: plain text, code, a list of codes, or a link to another code's anchor.
enum Fact {
    Text(String),
    Code(String),
    Codes(Vec<String>),
    Link(String),
}

/// The facts of one entry, as label (`words` of a `docs-*` id) and value, in the order both
/// formats show them.
fn facts(e: &CatalogEntry, words: &dyn Fn(&'static str) -> String) -> Vec<(String, Fact)> {
    let mut facts = vec![
        (words("docs-exit-status"), Fact::Text(e.exit.to_string())),
        (
            words("docs-error-class"),
            Fact::Text(e.error_class.to_string()),
        ),
        (words("docs-retry"), Fact::Text(e.retry.to_string())),
        (words("docs-message"), Fact::Code(e.message.clone())),
        (words("docs-recovery"), Fact::Code(e.recovery.clone())),
    ];
    if !e.verify.is_empty() {
        let line = super::template::command_line(&e.verify);
        facts.push((words("docs-verify"), Fact::Code(line)));
    }
    if !e.params.is_empty() {
        facts.push((words("docs-params"), Fact::Codes(e.params.clone())));
    }
    if let Some(s) = &e.since {
        facts.push((words("docs-since"), Fact::Text(s.clone())));
    }
    if e.status != Status::Stable {
        facts.push((words("docs-status"), Fact::Text(e.status.to_string())));
    }
    if let Some(r) = &e.replaced_by {
        facts.push((words("docs-replaced-by"), Fact::Link(r.to_string())));
    }
    if !e.translations.is_empty() {
        facts.push((
            words("docs-translations"),
            Fact::Codes(e.translations.keys().cloned().collect()),
        ));
    }
    facts
}

/// `text` as Markdown text that shows as written: every character CommonMark could read as
/// markup or raw HTML (`<`, `&`, `*`, `_`, `[`, `` ` ``, `|`, …) is backslash-escaped, so a
/// catalog's words can never become a tag, a link or a table cell.
fn md_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut line_start = true;
    for c in text.chars() {
        let marker = line_start && "#+-=".contains(c);
        if marker || "\\`*_[]<>|~&".contains(c) {
            out.push('\\');
        }
        out.push(c);
        line_start = c == '\n' || (line_start && c == ' ');
    }
    out
}

/// Markdown inline code that shows `text` as written: fenced by more backticks than any run
/// inside it (CommonMark), with a space on each side when it starts or ends with one.
fn md_code(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    if longest > 0 {
        format!("{fence} {text} {fence}")
    } else {
        format!("{fence}{text}{fence}")
    }
}

fn md_fact(fact: &Fact) -> String {
    match fact {
        Fact::Text(t) => md_text(t),
        Fact::Code(c) => md_code(c),
        Fact::Codes(list) => list
            .iter()
            .map(|c| md_code(c))
            .collect::<Vec<_>>()
            .join(", "),
        Fact::Link(code) => format!("[`{code}`](#{code})"),
    }
}
