//! `failwise rules`: the built-in packs are listed, and every real example they carry
//! replays to its rule's reading (the check CI runs on every shipped pack).

use crate::support::failwise;

#[test]
fn every_shipped_pack_is_listed_and_its_examples_replay() {
    let list = failwise(&["rules", "list", "--json"]);
    assert_eq!(list.status, 0, "{}", list.stderr);
    let packs: Vec<serde_json::Value> = list
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON record per line"))
        .collect();
    assert!(packs.len() >= 25, "{} packs", packs.len());
    for p in &packs {
        assert!(p["rules"].as_u64() > Some(0), "{p}");
        assert!(p["examples"].as_u64() >= p["rules"].as_u64(), "{p}");
    }
    let test = failwise(&["rules", "test", "--json"]);
    assert_eq!(test.status, 0, "{}{}", test.stdout, test.stderr);
    assert!(test.stdout.is_empty(), "{}", test.stdout);
    let summary: serde_json::Value =
        serde_json::from_str(test.stderr.trim()).expect("a JSON summary on stderr");
    assert_eq!(summary["mismatches"], 0);
    assert_eq!(summary["packs"].as_u64(), Some(packs.len() as u64));
    let rules: u64 = packs.iter().filter_map(|p| p["rules"].as_u64()).sum();
    assert_eq!(summary["rules"].as_u64(), Some(rules));
}

/// The README's transcript of `failwise rules test` is what the binary prints.
#[test]
fn the_readme_transcript_of_rules_test_is_current() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("README.md");
    let shown = readme
        .lines()
        .skip_while(|l| *l != "$ failwise rules test --format human")
        .nth(1)
        .expect("the README shows `failwise rules test`");
    let run = failwise(&["rules", "test", "--format", "human"]);
    assert_eq!(run.stderr.trim_end(), shown);
    let list = failwise(&["rules", "list", "--format", "human"]);
    let first: Vec<&str> = list.stdout.lines().take(2).collect();
    let readme_list: Vec<&str> = readme
        .lines()
        .skip_while(|l| !l.starts_with("$ failwise rules list --format human"))
        .skip(1)
        .take(2)
        .collect();
    assert_eq!(first, readme_list);
}
