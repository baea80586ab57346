//! ARCHITECTURE.md is held to the tree: every module of every crate has its row in the code
//! map, and the `crate::` paths between a crate's top-level modules follow the layers the
//! document declares (a module uses its own layer and those below, and no two modules use each
//! other, directly or around a cycle); and no source file is longer than 600 lines.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const CRATES: [&str; 5] = [
    "failwise-spelling",
    "failwise",
    "failwise-derive",
    "failwise-cli",
    "failwise-py",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn architecture() -> String {
    fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md at the root")
}

/// The source files of a crate's `src`, as paths relative to it, tests left out.
fn sources(krate: &str) -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .expect("a readable src dir")
            .flatten()
            .collect();
        entries.sort_by_key(|e| e.path());
        for entry in entries {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "tests" {
                    walk(&path, base, out);
                }
            } else if name.ends_with(".rs") && name != "tests.rs" {
                let relative = path.strip_prefix(base).expect("under src");
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let base = root().join("crates").join(krate).join("src");
    let mut out = Vec::new();
    walk(&base, &base, &mut out);
    out
}

/// A source file's module path as the code map names it: `classify/git` for
/// `classify/git.rs`, `dialect` for `dialect/mod.rs`, `lib.rs` and `main.rs` as they are.
fn module_of(file: &str) -> String {
    match file {
        "lib.rs" | "main.rs" => file.to_owned(),
        _ => file
            .strip_suffix("/mod.rs")
            .or_else(|| file.strip_suffix(".rs"))
            .unwrap_or(file)
            .to_owned(),
    }
}

/// `a/{b,c}` as `a/b` and `a/c`; `a::b` as `a/b`.
fn expand(item: &str) -> Vec<String> {
    let item = item.replace("::", "/");
    match (item.find('{'), item.find('}')) {
        (Some(open), Some(close)) if open < close => item[open + 1..close]
            .split(',')
            .flat_map(|part| {
                expand(&format!(
                    "{}{}{}",
                    &item[..open],
                    part.trim(),
                    &item[close + 1..]
                ))
            })
            .collect(),
        _ => vec![item],
    }
}

/// The modules the code map's section for `krate` names in the first cell of its rows.
fn rows(doc: &str, krate: &str) -> BTreeSet<String> {
    rows_listed(doc, krate).into_iter().collect()
}

/// [`rows`] in the order they appear, a module named twice listed twice.
fn rows_listed(doc: &str, krate: &str) -> Vec<String> {
    let heading = format!("### `crates/{krate}`");
    let section = doc
        .split("\n### ")
        .find(|s| format!("### {s}").starts_with(&heading))
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has no section {heading}"));
    let mut named = Vec::new();
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let first = line.split('|').nth(1).unwrap_or_default();
        for (i, part) in first.split('`').enumerate() {
            if i % 2 == 1 {
                named.extend(expand(part));
            }
        }
    }
    named
}

#[test]
fn every_row_of_the_code_map_names_a_module_that_exists() {
    let doc = architecture();
    let mut stale = Vec::new();
    for krate in CRATES {
        let modules: BTreeSet<String> = sources(krate).iter().map(|f| module_of(f)).collect();
        for named in rows(&doc, krate) {
            if !modules.contains(&named) {
                stale.push(format!("crates/{krate}: `{named}`"));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "ARCHITECTURE.md's code map has rows for modules that do not exist:\n{}",
        stale.join("\n")
    );
}

#[test]
fn no_module_has_two_rows() {
    let doc = architecture();
    let mut twice = Vec::new();
    for krate in CRATES {
        let mut seen = BTreeSet::new();
        for named in rows_listed(&doc, krate) {
            if !seen.insert(named.clone()) {
                twice.push(format!("crates/{krate}: `{named}`"));
            }
        }
    }
    assert!(twice.is_empty(), "rows named twice:\n{}", twice.join("\n"));
}

#[test]
fn every_module_has_its_row_in_the_code_map() {
    let doc = architecture();
    let mut missing = Vec::new();
    for krate in CRATES {
        let named = rows(&doc, krate);
        for file in sources(krate) {
            let module = module_of(&file);
            if !named.contains(&module) {
                missing.push(format!("crates/{krate}/src/{file} (`{module}`)"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's code map has no row for:\n{}",
        missing.join("\n")
    );
}

/// The layers ARCHITECTURE.md declares for `krate`: the line `krate: a b | c d | …` of the
/// block under "## Layers", bottom first.
fn layers(doc: &str, krate: &str) -> Vec<Vec<String>> {
    let section = doc
        .split("\n## Layers")
        .nth(1)
        .expect("ARCHITECTURE.md has a section ## Layers");
    let line = section
        .lines()
        .find_map(|l| l.trim().strip_prefix(&format!("{krate}:")))
        .unwrap_or_else(|| panic!("## Layers has no line for {krate}"));
    line.split('|')
        .map(|layer| layer.split_whitespace().map(str::to_owned).collect())
        .collect()
}

/// `text` with every `#[cfg(test)]` module's body blanked (its lines kept, so line numbers
/// stay true): tests may use any module.
fn without_test_modules(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let Some(open) = after.find(['{', ';']) else {
            rest = after;
            break;
        };
        if !after[..open].contains("mod ") || after.as_bytes()[open] == b';' {
            // `#[cfg(test)] mod tests;` (the module's own file is skipped by `sources`) or an
            // attribute on something else: kept as it is.
            out.push_str(&after[..=open]);
            rest = &after[open + 1..];
            continue;
        }
        let end = open + matching_brace(&after[open..]).unwrap_or(after.len() - open);
        out.extend(after[..end].chars().filter(|c| *c == '\n'));
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The length of the block that opens at `text`'s first byte (`{`) up to its matching `}`,
/// braces inside string and character literals left out; `None` when it never closes.
fn matching_brace(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            // A character literal (`'{'`, `'\''`); a lifetime (`'a`) has no closing quote.
            b'\'' if bytes.get(i + 2) == Some(&b'\'') => i += 2,
            b'\'' if bytes.get(i + 1) == Some(&b'\\') => {
                i += 2;
                while i < bytes.len() && bytes[i] != b'\'' {
                    i += 1;
                }
            }
            b'{' => depth += 1,
            b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The items the crate's root re-exports (`pub use envelope::{Envelope, …};` in `lib.rs`), by
/// name, with the module each comes from.
fn reexports(base: &Path) -> BTreeMap<String, String> {
    let root_file = ["lib.rs", "main.rs"]
        .iter()
        .map(|f| base.join(f))
        .find(|p| p.exists())
        .expect("a crate root");
    let text = fs::read_to_string(root_file).expect("a readable crate root");
    let mut map = BTreeMap::new();
    for statement in text.split(';') {
        let Some(path) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = path.split_once("::") else {
            continue;
        };
        let items = items.trim_start_matches('{').trim_end_matches('}');
        for item in items.split(',') {
            let name = item.trim().rsplit("::").next().unwrap_or_default();
            if !name.is_empty() {
                map.insert(name.to_owned(), module.trim().to_owned());
            }
        }
    }
    map
}

/// The top-level modules a path after `crate::` names: one (`code::Code`), or each of a group
/// (`{code::Code, envelope::{Envelope, Params}}`).
fn roots(path: &str) -> Vec<String> {
    let ident = |text: &str| -> String {
        text.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let Some(group) = path.strip_prefix('{') else {
        return vec![ident(path)]
            .into_iter()
            .filter(|m| !m.is_empty())
            .collect();
    };
    // The members of the group at its top level, up to its closing brace.
    let (mut depth, mut start, mut out) = (0usize, 0usize, Vec::new());
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                out.push(ident(group[start..i].trim_start()));
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(ident(group[start..i].trim_start()));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.into_iter()
        .filter(|m| !m.is_empty() && m != "self")
        .collect()
}

/// The `crate::<module>` paths each top-level module of `krate` uses outside comments and
/// test modules, with one place each is used.
fn uses(krate: &str) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let base = root().join("crates").join(krate).join("src");
    let reexported = reexports(&base);
    for file in sources(krate) {
        let top = module_of(&file)
            .split('/')
            .next()
            .unwrap_or_default()
            .to_owned();
        if top.ends_with(".rs") {
            continue;
        }
        let text = fs::read_to_string(base.join(&file)).expect("a readable source");
        let code = without_test_modules(&text);
        let depth = module_of(&file).split('/').count();
        // `super::` repeated `depth` times reaches the crate's root, as `crate::` does.
        let root_super = "super::".repeat(depth);
        // Comments out, lines kept; then paths are read across lines (a `use` group rustfmt
        // spreads over several).
        let code: String = code
            .lines()
            .map(|l| {
                if l.trim_start().starts_with("//") {
                    ""
                } else {
                    l
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        for prefix in ["crate::", root_super.as_str()] {
            for (at, _) in code.match_indices(prefix) {
                if code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let number = code[..at].matches('\n').count() + 1;
                for used in roots(&code[at + prefix.len()..]) {
                    // `crate::Envelope` is `crate::envelope::Envelope`, re-exported at the root.
                    let used = reexported.get(&used).cloned().unwrap_or(used);
                    if used != top {
                        graph
                            .entry(top.clone())
                            .or_default()
                            .entry(used)
                            .or_insert_with(|| format!("{file}:{number}"));
                    }
                }
            }
        }
    }
    graph
}

#[test]
fn modules_use_only_their_own_layer_and_those_below_and_never_around_a_cycle() {
    let doc = architecture();
    let mut problems = Vec::new();
    for krate in CRATES {
        let layers = layers(&doc, krate);
        let layer_of: BTreeMap<&str, usize> = layers
            .iter()
            .enumerate()
            .flat_map(|(i, layer)| layer.iter().map(move |m| (m.as_str(), i)))
            .collect();
        let tops: BTreeSet<String> = sources(krate)
            .iter()
            .map(|f| {
                module_of(f)
                    .split('/')
                    .next()
                    .unwrap_or_default()
                    .to_owned()
            })
            .filter(|m| !m.ends_with(".rs"))
            .collect();
        for top in &tops {
            if !layer_of.contains_key(top.as_str()) {
                problems.push(format!("{krate}: `{top}` is in no layer"));
            }
        }
        let graph = uses(krate);
        for (from, targets) in &graph {
            for (to, place) in targets {
                if let (Some(a), Some(b)) = (layer_of.get(from.as_str()), layer_of.get(to.as_str()))
                    && b > a
                {
                    problems.push(format!(
                        "{krate}: `{from}` uses `{to}`, a layer above it ({place})"
                    ));
                }
            }
        }
        for cycle in cycles(&graph) {
            problems.push(format!("{krate}: a cycle: {}", cycle.join(" -> ")));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The cycles of `graph`, one per module that starts one (depth-first search).
fn cycles(graph: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeMap<String, String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        found: &mut Vec<Vec<String>>,
    ) {
        if let Some(start) = path.iter().position(|n| n == node) {
            let mut cycle = path[start..].to_vec();
            cycle.push(node.to_owned());
            found.push(cycle);
            return;
        }
        if done.contains(node) {
            return;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flat_map(BTreeMap::keys) {
            visit(next, graph, path, done, found);
        }
        path.pop();
        done.insert(node.to_owned());
    }
    let (mut done, mut found) = (BTreeSet::new(), Vec::new());
    for node in graph.keys() {
        visit(node, graph, &mut Vec::new(), &mut done, &mut found);
    }
    found
}

#[test]
fn the_checks_see_what_they_check() {
    // The walkers read the tree: a renamed folder must not make both tests pass on nothing.
    assert!(sources("failwise").iter().any(|f| f == "envelope/mod.rs"));
    assert!(sources("failwise-cli").iter().any(|f| f == "main.rs"));
    assert_eq!(
        expand("classify/{git,curl}"),
        ["classify/git", "classify/curl"]
    );
    assert_eq!(expand("suggest::nearby"), ["suggest/nearby"]);
    assert_eq!(roots("code::Code;"), ["code"]);
    let skipped = without_test_modules(
        "use crate::a;\n#[cfg(test)]\nmod tests {\n    use crate::b;\n}\nuse crate::c;\n",
    );
    assert!(
        skipped.contains("crate::a") && skipped.contains("crate::c"),
        "{skipped}"
    );
    assert!(!skipped.contains("crate::b"), "{skipped}");
    assert_eq!(skipped.lines().count(), 6);
    let tricky = without_test_modules(
        "#[cfg(test)]\nmod tests {\n    const S: &str = \"{\";\n    const C: char = '}';\n}\nuse crate::d;\n",
    );
    assert!(tricky.contains("crate::d"), "{tricky}");
    let spread =
        "pub(crate) fn f() {}\nuse crate::{\n    code::Code,\n    envelope::Envelope,\n};\n";
    let at = spread.find("crate::").unwrap_or_default() + "crate::".len();
    assert_eq!(roots(&spread[at..]), ["code", "envelope"]);
    assert_eq!(
        roots("{code::Code, envelope::{Envelope, Params}};"),
        ["code", "envelope"]
    );
    let graph = uses("failwise");
    assert!(graph["draft"].contains_key("envelope"));
    assert_eq!(
        reexports(&root().join("crates/failwise/src"))["Envelope"],
        "envelope"
    );
    let mut looped = BTreeMap::new();
    looped.insert(
        "a".to_owned(),
        BTreeMap::from([("b".to_owned(), String::new())]),
    );
    looped.insert(
        "b".to_owned(),
        BTreeMap::from([("a".to_owned(), String::new())]),
    );
    assert_eq!(cycles(&looped), [["a", "b", "a"]]);
}

#[test]
fn no_module_aliases_the_crate_root() {
    // `use crate::{self as root}` and `use crate as root` would hide every use behind the
    // alias from the layer check above.
    let mut aliased = Vec::new();
    for krate in CRATES {
        let base = root().join("crates").join(krate).join("src");
        for file in sources(krate) {
            let text = fs::read_to_string(base.join(&file)).expect("a readable source");
            let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
            if flat.contains("crate::{self as") || flat.contains("use crate as") {
                aliased.push(format!("crates/{krate}/src/{file}"));
            }
        }
    }
    assert!(aliased.is_empty(), "{}", aliased.join("\n"));
}

#[test]
fn no_source_file_is_longer_than_a_room() {
    // A file is a room with one purpose; past 600 lines it mixes concepts (split it, or move a
    // table to data).
    let mut long = Vec::new();
    for krate in CRATES {
        let base = root().join("crates").join(krate).join("src");
        for file in sources(krate) {
            let text = fs::read_to_string(base.join(&file)).expect("a readable source");
            let lines = text.lines().count();
            if lines > 600 {
                long.push(format!("crates/{krate}/src/{file}: {lines} lines"));
            }
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}
