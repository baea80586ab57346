//! `nearby_paths`: a missing file's closest existing paths, with .gitignore respected.

use std::fs;

use failwise::suggest::nearby_paths;

fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temp dir");
    for d in ["src", "doc", "target/debug"] {
        fs::create_dir_all(dir.path().join(d)).expect("mkdir");
    }
    for f in [
        "src/main.rs",
        "src/lib.rs",
        "doc/guide.md",
        "target/debug/main.rs",
        "README.md",
    ] {
        fs::write(dir.path().join(f), "").expect("write");
    }
    fs::write(dir.path().join(".gitignore"), "target/\n").expect("write");
    dir
}

#[test]
fn misspelt_path_gets_the_existing_one() {
    let dir = tree();
    let found = nearby_paths("src/mian.rs", dir.path(), 3);
    assert_eq!(found.paths[0], "src/main.rs");
    assert!(found.complete);
    assert_eq!(
        nearby_paths("docs/guide.md", dir.path(), 3).paths[0],
        "doc/guide.md"
    );
    assert_eq!(
        nearby_paths("./readme.md", dir.path(), 3).paths,
        ["README.md"]
    );
}

#[test]
fn file_name_alone_finds_it_in_a_directory_and_gitignored_files_are_skipped() {
    let dir = tree();
    let found = nearby_paths("main.rs", dir.path(), 5);
    assert_eq!(found.paths, ["src/main.rs"], "target/ is in .gitignore");
}

#[test]
fn absolute_paths_come_back_absolute() {
    let dir = tree();
    let found = nearby_paths(dir.path().join("src/lib.r"), dir.path(), 1);
    assert_eq!(found.paths.len(), 1);
    assert!(found.paths[0].ends_with("src/lib.rs") && found.paths[0].starts_with('/'));
}

#[test]
fn nothing_close_and_missing_root_give_nothing() {
    let dir = tree();
    assert!(
        nearby_paths("completely/unrelated.toml", dir.path(), 3)
            .paths
            .is_empty()
    );
    let gone = nearby_paths("a.rs", dir.path().join("no-such-dir"), 3);
    assert!(gone.paths.is_empty());
    assert_eq!(gone.visited, 0);
}

/// The walk starts in the missing path's nearest existing directory, so a large directory
/// elsewhere under the root (sorted before it, as `/proc` before `/usr`) cannot spend the
/// whole budget first.
#[test]
fn paths_are_looked_for_first_beside_the_missing_one() {
    let root = tempfile::tempdir().expect("a temp dir");
    let crowd = root.path().join("aaa");
    std::fs::create_dir(&crowd).expect("mkdir");
    for i in 0..failwise::suggest::MAX_WALK_ENTRIES {
        std::fs::write(crowd.join(format!("f{i}")), "").expect("write");
    }
    std::fs::create_dir_all(root.path().join("usr/bin")).expect("mkdir");
    let found = failwise::suggest::nearby_paths("usr/bim", root.path(), 3);
    assert_eq!(
        found.paths.first().map(String::as_str),
        Some("usr/bin"),
        "{found:?}"
    );
    assert!(!found.complete);
}
