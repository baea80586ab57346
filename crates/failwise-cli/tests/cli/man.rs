//! `failwise man`: manual pages in roff from the clap definitions, one per subcommand, named as
//! `man` names them; a misspelt page is a usage envelope with the nearest names.

use crate::support::{envelope, failwise};

#[test]
fn the_page_of_failwise_lists_every_subcommand_page() {
    let run = failwise(&["man"]);
    assert_eq!(run.status, 0, "{}", run.stdout);
    assert!(run.stdout.contains("\n.TH failwise 1 "), "{}", run.stdout);
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH SUBCOMMANDS"] {
        assert!(run.stdout.contains(section), "{section}");
    }
    for top in [
        "run",
        "normalize",
        "validate",
        "explain",
        "catalog",
        "suggest",
        "man",
    ] {
        let reference = format!("failwise\\-{top}(1)");
        assert!(run.stdout.contains(&reference), "{reference}");
    }
    // The global flags are documented with their values.
    assert!(run.stdout.contains("\\fB\\-\\-color\\fR \\fI<WHEN>\\fR"));
}

#[test]
fn every_listed_page_renders_under_its_own_name() {
    let list = failwise(&["man", "--list"]);
    assert_eq!(list.status, 0);
    let pages: Vec<&str> = list.stdout.lines().collect();
    for expected in ["run", "catalog-lint", "suggest-word", "man"] {
        assert!(pages.contains(&expected), "{expected} in {pages:?}");
    }
    assert!(!pages.contains(&"help"), "{pages:?}");
    for page in pages {
        let run = failwise(&["man", page]);
        assert_eq!(run.status, 0, "{page}: {}", run.stdout);
        let title = format!("\n.TH failwise-{page} 1 ");
        assert!(run.stdout.contains(&title), "{page}: {}", run.stdout);
        assert!(run.stdout.contains(".SH SYNOPSIS\n"), "{page}");
        let synopsis = format!("\\fBfailwise {}", page.replace('-', " "));
        assert!(run.stdout.contains(&synopsis), "{page}: {synopsis}");
    }
}

#[test]
fn a_page_is_pinned_by_a_snapshot() {
    let run = failwise(&["man", "catalog-schema"]);
    assert_eq!(run.status, 0);
    let version = format!("\"failwise {}\"", env!("CARGO_PKG_VERSION"));
    insta::assert_snapshot!(run.stdout.replace(&version, "\"failwise [VERSION]\""));
}

#[test]
fn a_misspelt_page_is_a_usage_envelope_with_the_nearest_name() {
    let run = failwise(&["man", "catalog-lnit"]);
    assert_eq!(run.status, 2);
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], "INVALID_VALUE");
    assert_eq!(value["params"]["command"], "failwise man");
    assert_eq!(value["nearby"][0], "catalog-lint");
}

/// The page names are values the completion scripts offer.
#[test]
fn the_completions_offer_the_page_names() {
    let run = failwise(&["completions", "bash"]);
    assert_eq!(run.status, 0);
    assert!(
        run.stdout.contains("catalog-lint"),
        "no page names in the script"
    );
}

/// `--json` holds for `man --list` too: one record of the page names.
#[test]
fn the_list_of_pages_is_a_json_record_with_json() {
    let run = crate::support::failwise(&["man", "--list", "--json"]);
    assert_eq!(run.status, 0);
    let record: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    let pages = record["pages"].as_array().expect("a list");
    assert!(pages.iter().any(|p| p == "catalog-lint"), "{record}");
}
