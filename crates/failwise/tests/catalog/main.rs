//! Catalogs: the derive, JSON and TOML files, the committed schema, lint, diff and docs.

mod derive;
mod diff;
mod docs;
#[cfg(feature = "clap")]
mod example_tool;
mod files;
mod html;
mod lint;
mod seeds;
mod verify;

use std::path::PathBuf;

/// A path under this crate's `tests/fixtures/catalogs`.
pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/catalogs")
        .join(name)
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Checks that `path` holds `expected`; with `FAILWISE_BLESS=1` writes it instead. Returns a
/// message naming the command that regenerates the file when it is stale.
pub fn assert_committed(path: &std::path::Path, expected: &str) {
    if std::env::var_os("FAILWISE_BLESS").is_some() {
        std::fs::write(path, expected).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == expected,
        "{} is stale; regenerate it with `FAILWISE_BLESS=1 cargo test -p failwise --test catalog`",
        path.display()
    );
}
