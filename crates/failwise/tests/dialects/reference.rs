//! The committed dialect reference, `docs/dialects.md`, is what the dialect registry says:
//! every dialect's names, what it is, how it is detected, whether it is written and what
//! writing it loses, in the order the command line lists them, then the other forms `--to`
//! writes.

use failwise::dialect::{Dialect, Form};

/// The reference, rendered from the registry through `Dialect`'s accessors.
fn render() -> String {
    let mut out = String::from(
        "# Dialects\n\n\
         <!-- Generated from the dialect registry (crates/failwise/src/dialect/registry.rs); \
         regenerate with `FAILWISE_BLESS=1 cargo test -p failwise --test dialects reference`. -->\n\n\
         The wire shapes of failure that `failwise normalize --from` reads and `--to` writes, and \
         that `failwise run` recognises in a command's output. Detection tries them per record, \
         each by members only it carries together; the read-only vendor bodies only on what the \
         others leave unclaimed. Each dialect's module in `failwise::dialect` documents its \
         mapping field by field.\n\n\
         | dialect | also | written | what it is | detected by | loses |\n\
         |---|---|---|---|---|---|\n",
    );
    for dialect in Dialect::ALL.into_iter().chain(Dialect::READ_ONLY) {
        let aliases: Vec<String> = dialect.aliases().iter().map(|a| format!("`{a}`")).collect();
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | {} |\n",
            dialect.name(),
            aliases.join(", "),
            if dialect.is_writable() { "yes" } else { "no" },
            dialect.summary(),
            dialect.detected_by(),
            dialect.loses(),
        ));
    }
    out.push_str(
        "\nBesides each writable dialect's own shape, `--to` writes these forms of a dialect, \
         which that dialect's reader reads back:\n\n\
         | `--to` | also | dialect | what it is | loses |\n\
         |---|---|---|---|---|\n",
    );
    for form in Form::all()
        .into_iter()
        .filter(|f| !matches!(f, Form::Dialect(_)))
    {
        let aliases: Vec<String> = form.aliases().iter().map(|a| format!("`{a}`")).collect();
        out.push_str(&format!(
            "| `{}` | {} | `{}` | {} | {} |\n",
            form.name(),
            aliases.join(", "),
            form.dialect().name(),
            form.summary(),
            form.loses(),
        ));
    }
    out
}

#[test]
fn the_committed_dialect_reference_is_current() {
    let rendered = render();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/dialects.md");
    if std::env::var_os("FAILWISE_BLESS").is_some() {
        std::fs::write(path, &rendered).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == rendered,
        "docs/dialects.md is stale; regenerate it with `FAILWISE_BLESS=1 cargo test -p failwise --test dialects reference`"
    );
}

/// README.md's table of `--to` values has a row for every form `--to` writes, and its "loses"
/// cell is what the registry says the form loses.
#[test]
fn the_readme_says_what_every_to_value_loses() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    let readme = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for form in Form::all() {
        let start = format!("| `{}` | ", form.name());
        let row = readme
            .lines()
            .find(|l| l.starts_with(&start))
            .unwrap_or_else(|| panic!("README.md has no row for --to {}", form.name()));
        let loses = row
            .trim_end_matches(" |")
            .rsplit(" | ")
            .next()
            .unwrap_or_default();
        assert_eq!(
            loses,
            form.loses(),
            "README.md's row for --to {}",
            form.name()
        );
    }
}
