//! The HTML reference of a catalog: one self-contained page (style inline, no font, image or
//! script from elsewhere) that reads without JavaScript and at any width.
//!
//! The page, top to bottom:
//!
//! - the index, a table of every code in use (code, exit status, class, retry verdict, status,
//!   message), grouped by error class in the order `transient`, `conflict`,
//!   `precondition_failed`, `permanent`, `ambiguous` (a class without codes is left out);
//! - one section per class (`id="class-<class>"`), which says what an agent may do on that
//!   class, then each of its codes (`id="CODE"`): its doc, its facts, what an agent may do on
//!   its class and retry verdict, and its example envelope
//!   ([`CatalogEntry::example`]), the line the tool prints with every param set to its name in
//!   angle brackets;
//! - deprecated and retired codes, left out of the index and set apart in a section of their
//!   own (`id="inactive"`) with their own table, each marked by a badge and linked to the code
//!   that replaces it; a retired code shows no example, since it is never printed again.
//!
//! Every text of the catalog is escaped. The page's own ids are lowercase (`index`,
//! `class-transient`, `inactive`), so they never meet a code's `UPPER_SNAKE` anchor. A small
//! script adds a filter box; the page stays usable with the browser's own find without it.

use std::fmt::Write;

use crate::catalog::docs::{Fact, facts};
use crate::catalog::{CatalogEntry, CatalogFile, Status};
use crate::envelope::Params;
use crate::i18n::Localizer;
use crate::verdict::{ErrorClass, Retry};

/// The page's style: the whole of it, inline.
const STYLE: &str = include_str!("reference.css");

/// The filter box: shown and wired by the script, hidden without it.
const SCRIPT: &str = "(function(){var q=document.getElementById('q');q.hidden=false;q.addEventListener('input',function(){var t=q.value.toLowerCase();document.querySelectorAll('[data-search]').forEach(function(s){s.hidden=t!==''&&s.dataset.search.indexOf(t)<0;});});})();";

/// A stand-in for a link inside a rendered sentence, replaced after escaping: a character no
/// Fluent text of failwise holds and [`esc`] leaves alone.
const LINK_MARK: &str = "\u{1}";

/// The HTML reference with its own words in English; see [`html_in`].
pub fn html(catalog: &CatalogFile) -> String {
    html_in(catalog, &Localizer::english())
}

/// The HTML reference of `catalog` (see the [module docs](super)), its own words (`docs-*`)
/// in `localizer`'s language, as is the page's `lang`. The catalog's texts stay as written,
/// but each example envelope is in that language when the entry has a translation in it
/// ([`CatalogEntry::translation`]).
///
/// # Examples
///
/// ```
/// use failwise::{CatalogFile, catalog::docs, i18n::Localizer};
/// let catalog = CatalogFile::from_json(r#"{"tool":"app","codes":[{"code":"APP_BUSY","exit":75,
///     "error_class":"transient","retry":"yes","message":"{path} is busy",
///     "recovery":"wait, then run `app sync`","params":["path"]}]}"#)?;
/// let page = docs::html_in(&catalog, &Localizer::new("pt-BR"));
/// assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"pt-BR\">"));
/// assert!(page.contains("<section id=\"class-transient\""));
/// assert!(page.contains("&quot;message&quot;:&quot;&lt;path&gt; is busy&quot;"));
/// # Ok::<(), failwise::catalog::CatalogError>(())
/// ```
pub fn html_in(catalog: &CatalogFile, localizer: &Localizer) -> String {
    let page = Page {
        catalog,
        localizer,
        lang: localizer.tag(),
    };
    page.render()
}

/// One rendering of the page.
struct Page<'a> {
    catalog: &'a CatalogFile,
    localizer: &'a Localizer,
    lang: String,
}

impl Page<'_> {
    /// `docs-*` (or another id of failwise's) in the page's language.
    fn word(&self, id: &str) -> String {
        self.localizer.label(id, &Params::new())
    }

    /// [`Page::word`] with arguments.
    fn word_with(&self, id: &str, args: &[(&str, &str)]) -> String {
        let args: Params = args
            .iter()
            .map(|(name, value)| ((*name).to_owned(), (*value).into()))
            .collect();
        self.localizer.label(id, &args)
    }

    /// A class's name for a heading (`render-class-<class>`).
    fn class_name(&self, class: ErrorClass) -> String {
        self.word(&format!("render-class-{class}"))
    }

    /// The codes in use of `class`, in catalog order.
    fn active(&self, class: ErrorClass) -> Vec<&CatalogEntry> {
        let codes = self.catalog.codes.iter();
        codes
            .filter(|e| e.status == Status::Stable && e.error_class == class)
            .collect()
    }

    /// The deprecated and retired codes, in catalog order.
    fn inactive(&self) -> Vec<&CatalogEntry> {
        let codes = self.catalog.codes.iter();
        codes.filter(|e| e.status != Status::Stable).collect()
    }

    fn render(&self) -> String {
        let title = self.word_with("docs-title", &[("tool", &self.catalog.tool)]);
        let mut out = String::new();
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<header>\n<h1>{title}</h1>\n",
            lang = esc(&self.lang),
            title = esc(&title),
        );
        if let Some(v) = &self.catalog.version {
            let version = self.word_with("docs-version", &[("version", v)]);
            let _ = writeln!(out, "<p>{}</p>", esc(&version));
        }
        let _ = writeln!(
            out,
            "<p>{}</p>\n<p>{}</p>",
            prose(&self.word("docs-intro")),
            prose(&self.word("docs-example-rule"))
        );
        self.contents(&mut out);
        let filter = esc(&self.word("docs-filter"));
        let _ = writeln!(
            out,
            "<input id=\"q\" type=\"search\" placeholder=\"{filter}\" aria-label=\"{filter}\" hidden>\n</header>\n<main>"
        );
        self.index(&mut out);
        for class in ErrorClass::ALL {
            self.class_section(&mut out, class);
        }
        self.inactive_section(&mut out);
        let _ = write!(
            out,
            "</main>\n<script>{SCRIPT}</script>\n</body>\n</html>\n"
        );
        out
    }

    /// The table of contents: the index, each class with codes, the inactive codes.
    fn contents(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "<nav aria-label=\"{}\">\n<ul class=\"toc\">\n<li><a href=\"#index\">{}</a></li>",
            esc(&self.word("docs-contents")),
            esc(&self.word("docs-index"))
        );
        for class in ErrorClass::ALL {
            let count = self.active(class).len();
            if count > 0 {
                let _ = writeln!(
                    out,
                    "<li><a href=\"#class-{class}\">{}</a> ({count})</li>",
                    esc(&self.class_name(class))
                );
            }
        }
        let inactive = self.inactive().len();
        if inactive > 0 {
            let _ = writeln!(
                out,
                "<li><a href=\"#inactive\">{}</a> ({inactive})</li>",
                esc(&self.word("docs-inactive"))
            );
        }
        let _ = writeln!(out, "</ul>\n</nav>");
    }

    /// The head of an index table, its columns labelled in the page's language.
    fn table_head(&self, out: &mut String) -> [String; 6] {
        let labels = [
            "docs-code",
            "docs-exit-status",
            "docs-error-class",
            "docs-retry",
            "docs-status",
            "docs-message",
        ]
        .map(|id| esc(&self.word(id)));
        let _ = write!(out, "<table class=\"index\">\n<thead><tr>");
        for label in &labels {
            let _ = write!(out, "<th scope=\"col\">{label}</th>");
        }
        let _ = writeln!(out, "</tr></thead>");
        labels
    }

    /// The index of the codes in use, one `<tbody>` per class.
    fn index(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "<section id=\"index\" aria-labelledby=\"index-title\">\n<h2 id=\"index-title\">{}</h2>",
            esc(&self.word("docs-index"))
        );
        let labels = self.table_head(out);
        for class in ErrorClass::ALL {
            let codes = self.active(class);
            if codes.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                "<tbody id=\"index-{class}\">\n<tr class=\"group\"><th colspan=\"6\" scope=\"rowgroup\"><a href=\"#class-{class}\">{}</a></th></tr>",
                esc(&self.class_name(class))
            );
            for e in codes {
                self.index_row(out, e, &labels);
            }
            let _ = writeln!(out, "</tbody>");
        }
        let _ = writeln!(out, "</table>\n</section>");
    }

    /// One row of an index table; `labels` name the columns for the narrow layout.
    fn index_row(&self, out: &mut String, e: &CatalogEntry, labels: &[String; 6]) {
        let status = if e.status == Status::Stable {
            format!("<code>{}</code>", e.status)
        } else {
            let mut cell = self.badge(e.status);
            if let Some(r) = &e.replaced_by {
                let _ = write!(cell, " → {}", code_link(r.as_str()));
            }
            cell
        };
        let cells = [
            code_link(e.code.as_str()),
            e.exit.to_string(),
            format!("<code>{}</code>", e.error_class),
            format!("<code>{}</code>", e.retry),
            status,
            format!("<code>{}</code>", esc(&e.message)),
        ];
        let _ = write!(out, "<tr data-search=\"{}\">", esc(&search_text(e)));
        for (label, cell) in labels.iter().zip(cells) {
            let _ = write!(out, "<td data-label=\"{label}\">{cell}</td>");
        }
        let _ = writeln!(out, "</tr>");
    }

    /// A class's section: what an agent may do on it, then its codes in use.
    fn class_section(&self, out: &mut String, class: ErrorClass) {
        let codes = self.active(class);
        if codes.is_empty() {
            return;
        }
        let _ = writeln!(
            out,
            "<section id=\"class-{class}\" class=\"class class-{class}\" aria-labelledby=\"class-{class}-title\">\n<h2 id=\"class-{class}-title\">{} <code>{class}</code></h2>\n<p class=\"class-verdict\">{}</p>",
            esc(&self.class_name(class)),
            prose(&self.word(&format!("docs-agent-class-{class}")))
        );
        for e in codes {
            self.entry(out, e);
        }
        let _ = writeln!(out, "</section>");
    }

    /// The deprecated and retired codes: their table, then each of them.
    fn inactive_section(&self, out: &mut String) {
        let codes = self.inactive();
        if codes.is_empty() {
            return;
        }
        let _ = writeln!(
            out,
            "<section id=\"inactive\" aria-labelledby=\"inactive-title\">\n<h2 id=\"inactive-title\">{}</h2>\n<p>{}</p>",
            esc(&self.word("docs-inactive")),
            prose(&self.word("docs-inactive-intro"))
        );
        let labels = self.table_head(out);
        let _ = writeln!(out, "<tbody>");
        for e in &codes {
            self.index_row(out, e, &labels);
        }
        let _ = writeln!(out, "</tbody>\n</table>");
        for e in codes {
            self.entry(out, e);
        }
        let _ = writeln!(out, "</section>");
    }

    /// The badge of a deprecated or retired code.
    fn badge(&self, status: Status) -> String {
        format!(
            "<span class=\"badge badge-{status}\">{}</span>",
            esc(&self.word(&format!("docs-badge-{status}")))
        )
    }

    /// One code: heading, status notice, doc, facts, what an agent may do, example.
    fn entry(&self, out: &mut String, e: &CatalogEntry) {
        let code = esc(e.code.as_str());
        let badge = match e.status {
            Status::Stable => String::new(),
            other => format!(" {}", self.badge(other)),
        };
        let _ = writeln!(
            out,
            "<article id=\"{code}\" class=\"code status-{status}\" data-search=\"{search}\">\n<h3><a href=\"#{code}\"><code>{code}</code></a>{badge}</h3>",
            status = e.status,
            search = esc(&search_text(e)),
        );
        if e.status != Status::Stable {
            let _ = writeln!(out, "<p class=\"notice\">{}</p>", self.notice(e));
        }
        for para in e.doc.trim().split("\n\n").filter(|p| !p.trim().is_empty()) {
            let _ = writeln!(out, "<p>{}</p>", esc(para.trim()));
        }
        let _ = writeln!(out, "<dl>");
        for (label, value) in facts(e, &|id| self.word(id)) {
            let _ = writeln!(
                out,
                "<dt>{}</dt><dd>{}</dd>",
                esc(&label),
                html_fact(&value)
            );
        }
        let _ = writeln!(out, "</dl>");
        self.verdict(out, e.error_class, e.retry);
        let _ = writeln!(out, "<h4>{}</h4>", esc(&self.word("docs-example")));
        match e.example(self.catalog.doc_url.as_deref(), &self.lang) {
            Some(example) => {
                let _ = writeln!(
                    out,
                    "<pre class=\"envelope\"><code>{}</code></pre>",
                    esc(&example.to_json_line())
                );
            }
            None => {
                let _ = writeln!(out, "<p>{}</p>", prose(&self.word("docs-no-example")));
            }
        }
        let _ = writeln!(out, "</article>");
    }

    /// What a deprecated or retired code's status means, with a link to its replacement.
    fn notice(&self, e: &CatalogEntry) -> String {
        let status = e.status;
        match &e.replaced_by {
            Some(r) => {
                let text = self.word_with(&format!("docs-{status}-note"), &[("code", LINK_MARK)]);
                esc(&text).replace(LINK_MARK, &code_link(r.as_str()))
            }
            None => esc(&self.word(&format!("docs-{status}-note-alone"))),
        }
    }

    /// What an agent may do on `class` and `retry`.
    fn verdict(&self, out: &mut String, class: ErrorClass, retry: Retry) {
        let _ = writeln!(
            out,
            "<div class=\"verdict\">\n<h4>{}</h4>\n<p><strong><code>&quot;error_class&quot;: &quot;{class}&quot;</code></strong> {}</p>\n<p><strong><code>&quot;retry&quot;: &quot;{retry}&quot;</code></strong> {}</p>\n</div>",
            esc(&self.word("docs-agent")),
            prose(&self.word(&format!("docs-agent-class-{class}"))),
            prose(&self.word(&format!("docs-agent-retry-{retry}")))
        );
    }
}

/// The text the filter box matches a code against, lowercase.
fn search_text(e: &CatalogEntry) -> String {
    format!("{} {} {} {}", e.code, e.message, e.recovery, e.doc).to_lowercase()
}

/// A link to a code's anchor, the code in code font.
fn code_link(code: &str) -> String {
    format!("<a href=\"#{0}\"><code>{0}</code></a>", esc(code))
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
        Fact::Link(code) => code_link(code),
    }
}

/// One of failwise's own sentences as HTML: escaped, each `` `span` `` in code font.
fn prose(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for (i, part) in esc(text).split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{part}</code>");
        } else {
            out.push_str(part);
        }
    }
    out
}

/// `text` as HTML text or attribute value: `&`, `<`, `>`, `"` and `'` as references.
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
