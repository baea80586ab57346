//! `docs`: the Markdown reference, one anchor per code, escaped; a text with a line break is
//! refused (the HTML page is in `html.rs`).

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

/// A catalog's words never become Markdown markup or raw HTML: every `<` the reference writes
/// outside its own anchors is escaped, and a code span holding backticks stays one span.
#[test]
fn markdown_escapes_catalog_text() {
    let catalog = CatalogFile::from_json(
        r##"{"tool":"<script>alert('tool')</script>","version":"<svg onload=x>","codes":[
          {"code":"APP_FAILED","exit":1,"error_class":"permanent","retry":"no",
           "message":"bad `a` and ``b``","recovery":"run `app fix`","since":"<details ontoggle=x>",
           "doc":"# not a heading\n[link](javascript:x) *not bold* <b>raw</b>"}]}"##,
    )
    .unwrap();
    let md = docs::markdown(&catalog);
    let outside_anchors = md.replace("<a id=\"", "").replace("</a>", "");
    for (i, _) in outside_anchors.match_indices('<') {
        assert!(
            outside_anchors[..i].ends_with('\\'),
            "a raw `<` at {i}: {md}"
        );
    }
    assert!(md.contains(r"\# not a heading"), "{md}");
    assert!(md.contains(r"\[link\](javascript:x)"), "{md}");
    assert!(md.contains("``` bad `a` and ``b`` ```"), "{md}");
}

/// A message or recovery is one line: a catalog whose text holds a line break is refused.
#[test]
fn a_text_with_a_line_break_is_refused() {
    let err = CatalogFile::from_json(
        r#"{"tool":"app","codes":[{"code":"APP_FAILED","exit":1,"error_class":"permanent",
           "retry":"no","message":"gone","recovery":"run it\n</code><script>x</script>"}]}"#,
    )
    .unwrap_err();
    assert!(err.to_string().contains("line break"), "{err}");
}
