//! `docs`: one anchor per code in Markdown and HTML; HTML escapes and is self-contained.

use failwise::catalog::{CatalogFile, docs};

use super::fixture;

fn atomwrite() -> CatalogFile {
    CatalogFile::from_json(&std::fs::read_to_string(fixture("atomwrite.json")).unwrap()).unwrap()
}

#[test]
fn markdown_has_one_anchor_per_code() {
    let file = atomwrite();
    let md = docs::markdown(&file);
    for e in &file.codes {
        assert_eq!(
            md.matches(&format!("<a id=\"{}\"></a>", e.code)).count(),
            1,
            "{}",
            e.code
        );
    }
    insta::assert_snapshot!(md);
}

#[test]
fn html_has_one_section_per_code_and_no_external_resources() {
    let file = atomwrite();
    let html = docs::html(&file);
    for e in &file.codes {
        assert_eq!(
            html.matches(&format!("<section id=\"{}\"", e.code)).count(),
            1
        );
    }
    assert!(
        !html.contains("src=") && !html.contains("<link"),
        "self-contained"
    );
    assert!(
        html.contains(
            "<dd><code>inspect it with `atomwrite read --stat {path}` instead</code></dd>"
        )
    );
}

#[test]
fn html_escapes_catalog_text() {
    let mut file = atomwrite();
    file.codes[0].doc = "<script>alert(1)</script> & more".into();
    let html = docs::html(&file);
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more"));
}
