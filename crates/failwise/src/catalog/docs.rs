//! The reference of a catalog, as Markdown or as one self-contained HTML page, with one anchor
//! per code (the code itself, so `doc_url` can end in `#CODE`).
//!
//! The HTML page carries its own style and a small search box. Everything is readable without
//! JavaScript: the script only filters the list as one types, and the page stays usable with
//! the browser's own find.

use std::fmt::Write;

use crate::catalog::{CatalogEntry, CatalogFile, Status};
use crate::phrase::{Phrase, render_english};

/// The reference's own words (`docs-*` in `i18n/en.ftl`), in English: a reference is written
/// for the catalog's readers, in the language of its templates.
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
        for (label, value) in facts(e) {
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

/// The facts of one entry, as label and value, in the order both formats show them.
fn facts(e: &CatalogEntry) -> Vec<(String, Fact)> {
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

fn html_fact(fact: &Fact) -> String {
    match fact {
        Fact::Text(t) => esc(t),
        Fact::Code(c) => format!("<code>{}</code>", esc(c)),
        Fact::Codes(list) => list
            .iter()
            .map(|c| format!("<code>{}</code>", esc(c)))
            .collect::<Vec<_>>()
            .join(", "),
        Fact::Link(code) => format!("<a href=\"#{0}\"><code>{0}</code></a>", esc(code)),
    }
}

fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b;background:#fff}\
code{font:0.92em ui-monospace,monospace;background:#f2f2f2;padding:0 .2em}\
section{border-top:1px solid #ddd;padding:.5rem 0}section:target{background:#fff8d6}\
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem}dt{font-weight:600}dd{margin:0}\
.status-deprecated h2::after{content:' (deprecated)';font-weight:400}.status-retired h2::after{content:' (retired)';font-weight:400}\
@media (prefers-color-scheme:dark){body{background:#161616;color:#e8e8e8}code{background:#2a2a2a}section:target{background:#3a3420}}";

const SCRIPT: &str = "(function(){var q=document.getElementById('q');q.hidden=false;q.addEventListener('input',function(){var t=q.value.toLowerCase();document.querySelectorAll('section[data-search]').forEach(function(s){s.hidden=t!==''&&s.dataset.search.indexOf(t)<0;});});})();";

/// The HTML reference: one self-contained page (inline style, no external resources), each
/// code in a `<section id="CODE">`.
pub fn html(catalog: &CatalogFile) -> String {
    let title = words_with("docs-title", "tool", &catalog.tool);
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{0}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
        esc(&title)
    );
    if let Some(v) = &catalog.version {
        let _ = writeln!(
            out,
            "<p>{}</p>",
            esc(&words_with("docs-version", "version", v))
        );
    }
    let intro = esc(&words("docs-intro")).replace("`code`", "<code>code</code>");
    let filter = esc(&words("docs-filter"));
    let _ = writeln!(
        out,
        "<p>{intro}</p>\n<input id=\"q\" type=\"search\" placeholder=\"{filter}\" aria-label=\"{filter}\" hidden>\n<nav><ul>"
    );
    for e in &catalog.codes {
        let _ = writeln!(
            out,
            "<li><a href=\"#{0}\"><code>{0}</code></a> {1}</li>",
            esc(e.code.as_str()),
            esc(&render_english(
                &Phrase::new("docs-list-item")
                    .arg("exit", e.exit.to_string())
                    .arg("class", e.error_class.to_string()),
                &Default::default()
            ))
        );
    }
    let _ = writeln!(out, "</ul></nav>\n<main>");
    for e in &catalog.codes {
        let search = format!("{} {} {} {}", e.code, e.message, e.recovery, e.doc).to_lowercase();
        let _ = writeln!(
            out,
            "<section id=\"{0}\" class=\"status-{1}\" data-search=\"{2}\">\n<h2><a href=\"#{0}\"><code>{0}</code></a></h2>",
            esc(e.code.as_str()),
            e.status,
            esc(&search)
        );
        for para in e.doc.trim().split("\n\n").filter(|p| !p.trim().is_empty()) {
            let _ = writeln!(out, "<p>{}</p>", esc(para.trim()));
        }
        let _ = writeln!(out, "<dl>");
        for (label, value) in facts(e) {
            let _ = writeln!(
                out,
                "<dt>{}</dt><dd>{}</dd>",
                esc(&label),
                html_fact(&value)
            );
        }
        let _ = writeln!(out, "</dl>\n</section>");
    }
    let _ = write!(
        out,
        "</main>\n<script>{SCRIPT}</script>\n</body>\n</html>\n"
    );
    out
}
