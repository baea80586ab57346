//! failwise's own codes: the committed reference `docs/errors.md` is what
//! `failwise catalog docs --format md` prints for them.

use crate::support::failwise;

#[test]
fn the_committed_reference_of_failwise_codes_is_current() {
    let run = failwise(&["catalog", "docs", "--format", "md"]);
    assert_eq!(run.status, 0);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/errors.md");
    if std::env::var_os("FAILWISE_BLESS").is_some() {
        std::fs::write(path, &run.stdout).unwrap();
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == run.stdout,
        "docs/errors.md is stale; regenerate it with `FAILWISE_BLESS=1 cargo test -p failwise-cli --test cli errors`"
    );
    for code in ["INPUT_UNREADABLE", "LINE_INVALID", "BREAKING_CHANGE"] {
        assert!(
            committed.contains(&format!("<a id=\"{code}\"></a>")),
            "{code}"
        );
    }
}

#[test]
fn explain_knows_failwise_own_codes() {
    let run = failwise(&["explain", "CATALOG_INVALID"]);
    assert_eq!(run.status, 0);
    assert!(run.stdout.contains("exit status  65"), "{}", run.stdout);
}
