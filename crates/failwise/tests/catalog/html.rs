//! The HTML reference: an index table grouped by class, one example envelope per code in use
//! that the reader and the committed schema accept, deprecated and retired codes set apart,
//! every anchor resolved, every catalog text escaped, the page's own words in pt-BR, and the
//! page of atomwrite's catalog pinned by a snapshot.

use std::collections::BTreeSet;

use failwise::catalog::{CatalogFile, Status, docs};
use failwise::i18n::Localizer;
use failwise::{Envelope, Params};

use super::{fixture, repo_root};

fn atomwrite() -> CatalogFile {
    CatalogFile::from_json(&std::fs::read_to_string(fixture("atomwrite.json")).unwrap()).unwrap()
}

/// A small catalog with every status, a translation and a `doc_url`.
fn lifecycle() -> CatalogFile {
    CatalogFile::from_json(
        r##"{"tool":"app","version":"2.0.0","doc_url":"https://app.example/errors#{code}","codes":[
  {"code":"APP_BUSY","exit":75,"error_class":"transient","retry":"yes","message":"{path} is busy",
   "recovery":"wait, then run `app sync {path}`","params":["path"],"doc":"Another writer holds the lock.",
   "translations":{"pt-BR":{"message":"{path} está ocupado","recovery":"espere e rode `app sync {path}`"}}},
  {"code":"APP_LOST","exit":75,"error_class":"ambiguous","retry":"unknown","message":"no answer from {host}",
   "recovery":"run `app status` to see whether the write landed","params":["host"]},
  {"code":"APP_LOCKED","exit":75,"error_class":"transient","retry":"yes","message":"locked",
   "recovery":"run `app sync` again","status":"deprecated","replaced_by":"APP_BUSY"},
  {"code":"APP_WAITING","exit":75,"error_class":"transient","retry":"yes","message":"waiting",
   "recovery":"run `app sync` again","status":"deprecated"},
  {"code":"APP_GONE","exit":1,"error_class":"permanent","retry":"no","message":"gone",
   "recovery":"run `app list`","status":"retired","replaced_by":"APP_LOST"}]}"##,
    )
    .unwrap()
}

/// The text of HTML text or an attribute value, with the five references the page writes
/// turned back into characters.
fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Every value of the attribute `name` (`id`, `href`) in `html`, in order.
fn attribute_values<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let marker = format!(" {name}=\"");
    html.match_indices(&marker)
        .map(|(at, _)| {
            let rest = &html[at + marker.len()..];
            &rest[..rest.find('"').expect("a closed attribute")]
        })
        .collect()
}

/// The part of `html` from the element that opens with `start` to the first `end` after it.
fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let from = html
        .find(start)
        .unwrap_or_else(|| panic!("{start} in the page"));
    let rest = &html[from..];
    &rest[..rest
        .find(end)
        .unwrap_or_else(|| panic!("{end} after {start}"))]
}

/// The example envelope of the article `id="code"`, as its JSON text.
fn example_of(html: &str, code: &str) -> Option<String> {
    let article = between(html, &format!("<article id=\"{code}\""), "</article>");
    let open = "<pre class=\"envelope\"><code>";
    let at = article.find(open)?;
    let rest = &article[at + open.len()..];
    Some(unescape(
        &rest[..rest.find("</code></pre>").expect("a closed example")],
    ))
}

#[test]
fn the_index_is_a_table_of_the_codes_in_use_grouped_by_class_in_order() {
    let file = atomwrite();
    let html = docs::html(&file);
    let index = between(&html, "<section id=\"index\"", "</section>");
    assert!(index.contains("<table class=\"index\">"), "{index}");
    let groups: Vec<&str> = attribute_values(index, "id")
        .into_iter()
        .filter(|id| id.starts_with("index-") && *id != "index-title")
        .collect();
    assert_eq!(
        groups,
        [
            "index-transient",
            "index-conflict",
            "index-precondition_failed",
            "index-permanent"
        ],
        "classes in order, a class without codes left out"
    );
    for e in &file.codes {
        let row = format!("<tr data-search=\"{}", e.code.as_str().to_lowercase());
        if e.status == Status::Stable {
            let group = between(
                index,
                &format!("<tbody id=\"index-{}\">", e.error_class),
                "</tbody>",
            );
            assert_eq!(group.matches(&row).count(), 1, "{} in its group", e.code);
            assert_eq!(index.matches(&row).count(), 1, "{} once", e.code);
        } else {
            assert!(!index.contains(&row), "{} is not in use", e.code);
        }
    }
    // The sections follow the same order, and each holds its class's codes.
    let order: Vec<usize> = ["transient", "conflict", "precondition_failed", "permanent"]
        .iter()
        .map(|c| html.find(&format!("<section id=\"class-{c}\"")).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    let transient = between(&html, "<section id=\"class-transient\"", "</section>");
    assert!(transient.contains("<article id=\"LOCK_TIMEOUT\""));
    assert!(!transient.contains("<article id=\"FILE_NOT_FOUND\""));
}

#[test]
fn every_example_is_an_envelope_the_reader_and_the_schema_accept() {
    let schema_text =
        std::fs::read_to_string(repo_root().join("schemas/envelope.v1.schema.json")).unwrap();
    let schema: serde_json::Value = serde_json::from_str(&schema_text).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    for file in [atomwrite(), lifecycle()] {
        let html = docs::html(&file);
        for e in &file.codes {
            let example = example_of(&html, e.code.as_str());
            if e.status == Status::Retired {
                assert_eq!(example, None, "{}: a retired code has no example", e.code);
                continue;
            }
            let line = example.unwrap_or_else(|| panic!("{}: an example", e.code));
            let value: serde_json::Value = serde_json::from_str(&line).unwrap();
            assert!(validator.is_valid(&value), "{line}");
            let envelope = Envelope::from_json(&line).unwrap_or_else(|err| panic!("{line}: {err}"));
            assert_eq!(
                envelope.to_json_line(),
                line,
                "the reader reads it back whole"
            );
            assert_eq!(envelope.code(), &e.code);
            assert_eq!(envelope.exit(), e.exit);
            assert_eq!(envelope.error_class(), e.error_class);
            assert_eq!(envelope.retry(), e.retry);
            let expected: Params = e
                .params
                .iter()
                .map(|p| (p.clone(), format!("<{p}>").into()))
                .collect();
            assert_eq!(envelope.params(), &expected, "{line}");
            assert!(!envelope.message().contains('{'), "{line}");
            assert_eq!(
                envelope.doc_url().map(str::to_owned),
                file.doc_url
                    .as_ref()
                    .map(|u| u.replace("{code}", e.code.as_str()))
            );
        }
    }
}

#[test]
fn every_anchor_resolves_to_one_element() {
    for file in [atomwrite(), lifecycle()] {
        let html = docs::html(&file);
        let ids = attribute_values(&html, "id");
        let unique: BTreeSet<&str> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "ids are unique: {ids:?}");
        let hrefs = attribute_values(&html, "href");
        assert!(hrefs.len() > file.codes.len(), "{hrefs:?}");
        for href in hrefs {
            let target = href
                .strip_prefix('#')
                .unwrap_or_else(|| panic!("{href}: local"));
            assert!(unique.contains(target), "#{target} resolves");
        }
        for e in &file.codes {
            assert!(
                unique.contains(e.code.as_str()),
                "{} has its anchor",
                e.code
            );
        }
    }
}

#[test]
fn deprecated_and_retired_codes_are_set_apart_with_a_badge_and_their_replacement() {
    let html = docs::html(&lifecycle());
    let index = between(&html, "<section id=\"index\"", "</section>");
    let inactive = between(&html, "<section id=\"inactive\"", "</main>");
    for code in ["APP_LOCKED", "APP_WAITING", "APP_GONE"] {
        assert!(!index.contains(&format!("href=\"#{code}\"")), "{code}");
        assert!(
            inactive.contains(&format!("<article id=\"{code}\"")),
            "{code}"
        );
    }
    let locked = between(inactive, "<article id=\"APP_LOCKED\"", "</article>");
    assert!(locked.contains("<span class=\"badge badge-deprecated\">deprecated</span>"));
    assert!(locked.contains(
        "<p class=\"notice\">Still printed; use <a href=\"#APP_BUSY\"><code>APP_BUSY</code></a> instead.</p>"
    ));
    let waiting = between(inactive, "<article id=\"APP_WAITING\"", "</article>");
    assert!(waiting.contains("Still printed, with no replacement named."));
    let gone = between(inactive, "<article id=\"APP_GONE\"", "</article>");
    assert!(gone.contains("<span class=\"badge badge-retired\">retired</span>"));
    assert!(gone.contains("<a href=\"#APP_LOST\"><code>APP_LOST</code></a>"));
    // The ambiguous class has its section, after permanent's place (none here).
    assert!(html.contains("<section id=\"class-ambiguous\""));
    let lost = between(&html, "<article id=\"APP_LOST\"", "</article>");
    assert!(lost.contains("verify first"), "{lost}");
}

/// The page's own words come from the `docs-*` messages: each reads in pt-BR with a
/// Portuguese localizer, and the English ones are gone.
#[test]
fn the_pages_own_words_read_in_pt_br() {
    let catalog = lifecycle();
    let english = docs::html(&catalog);
    let portuguese = docs::html_in(&catalog, &Localizer::new("pt-BR"));
    assert!(portuguese.starts_with("<!DOCTYPE html>\n<html lang=\"pt-BR\">"));
    let en = Localizer::english();
    let pt = Localizer::new("pt-BR");
    // The ids whose English is also a wire word on the page (a status, a class) are only
    // looked for in Portuguese.
    let wire_words = [
        "docs-badge-deprecated",
        "docs-badge-retired",
        "render-class-ambiguous",
    ];
    for id in [
        "docs-index",
        "docs-contents",
        "docs-example",
        "docs-agent",
        "docs-inactive",
        "docs-no-example",
        "docs-deprecated-note-alone",
        "docs-exit-status",
        "docs-error-class",
        "docs-agent-class-transient",
        "docs-agent-class-ambiguous",
        "docs-agent-retry-yes",
        "docs-agent-retry-unknown",
    ]
    .into_iter()
    .chain(wire_words)
    {
        let (in_en, in_pt) = (en.label(id, &Params::new()), pt.label(id, &Params::new()));
        assert_ne!(in_en, in_pt, "{id} is translated");
        // The text before its first code span, as the page writes it.
        let lead = |t: &str| t.split('`').next().unwrap_or_default().to_owned();
        assert!(english.contains(&lead(&in_en)), "{id}: {in_en}");
        assert!(portuguese.contains(&lead(&in_pt)), "{id}: {in_pt}");
        if !wire_words.contains(&id) {
            assert!(!portuguese.contains(&lead(&in_en)), "{id}: {in_en}");
        }
    }
    assert!(portuguese.contains("<span class=\"badge badge-retired\">aposentado</span>"));
    // The example is in the entry's translation, and says so.
    let busy = example_of(&portuguese, "APP_BUSY").unwrap();
    let envelope = Envelope::from_json(&busy).unwrap();
    assert_eq!(envelope.message(), "<path> está ocupado");
    assert_eq!(envelope.lang(), Some("pt-BR"));
    insta::assert_snapshot!("lifecycle_pt_br", portuguese);
}

#[test]
fn every_catalog_text_is_escaped() {
    let hostile = "<script>alert(1)</script> \"><img src=x onerror=y> & 'q'";
    let mut file = atomwrite();
    file.tool = hostile.into();
    file.version = Some(hostile.into());
    file.doc_url = Some(format!("https://x.example/{hostile}#{{code}}"));
    file.codes[0].doc = hostile.into();
    file.codes[0].message = format!("{hostile} {{path}}");
    file.codes[0].recovery = hostile.into();
    file.codes[0].since = Some(hostile.into());
    file.codes[0].translations.insert(
        "pt-BR".into(),
        failwise::catalog::Translation {
            message: hostile.into(),
            recovery: hostile.into(),
        },
    );
    for html in [
        docs::html(&file),
        docs::html_in(&file, &Localizer::new("pt-BR")),
    ] {
        assert_eq!(html.matches("<script").count(), 1, "only the page's own");
        assert!(!html.contains("<img"), "no element from a catalog text");
        assert!(!html.contains("\"><img"), "no attribute broken out of");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img"));
    }
}

#[test]
fn the_page_is_self_contained() {
    let html = docs::html(&atomwrite());
    for external in ["src=", "<link", "@import", "url(", "@font-face", "<iframe"] {
        assert!(!html.contains(external), "{external}");
    }
    assert!(
        html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
    );
    assert!(html.contains("@media (max-width:40rem)"), "a narrow layout");
}

#[test]
fn the_reference_of_atomwrites_catalog() {
    insta::assert_snapshot!(docs::html(&atomwrite()));
}
