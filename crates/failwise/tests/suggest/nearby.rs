//! `nearby`: the seeds' cases, the documented rules, and agreement with a brute-force scan.

use failwise::suggest::{Reason, Vocabulary, nearby};

use crate::linear::{Rng, nearby_linear, typo, vocabulary};

/// The sprawling agent kernel's `E_TOOL_UNKNOWN`: an agent calls a tool that does not exist,
/// and the envelope names the tools it could have meant.
#[test]
fn misspelt_tool_gets_three_nearby_tools_best_first() {
    let tools = [
        "exec",
        "edit",
        "status",
        "search",
        "exit",
        "read_file",
        "write_file",
        "list_dir",
    ];
    // `exet`: one edit from `exec` and `exit`, a prefix of nothing; `edit` is two edits away.
    assert_eq!(nearby("exet", tools), ["exec", "exit"]);
    // `eidt`: a transposition of `edit` (one edit), `exit` and `exec` need two (bound 1).
    assert_eq!(nearby("eidt", tools), ["edit"]);
    // A longer name allows two edits: three tools come back, the closest first.
    let tools = [
        "read_file",
        "read_dir",
        "write_file",
        "read_line",
        "grep",
        "exec",
    ];
    // `read_line` and `read_dir` are both three edits away: the shorter comes first.
    let got = nearby("read-fiel", tools);
    assert_eq!(got, ["read_file", "read_dir", "read_line"]);
    let v = Vocabulary::new(tools);
    let ranked = v.ranked("read-fiel", 3);
    assert_eq!((ranked[1].distance, ranked[2].distance), (3, 3));
}

#[test]
fn case_dash_underscore_transposition_and_prefix_are_each_handled() {
    let flags = ["--dry-run", "--verbose", "--version", "--color", "--config"];
    assert_eq!(nearby("--DRY_RUN", flags)[0], "--dry-run");
    assert_eq!(nearby("--verbsoe", flags)[0], "--verbose");
    assert_eq!(nearby("--colr", flags)[0], "--color");
    let v = Vocabulary::new(["status", "stash"]);
    let ranked = v.ranked("stat", 5);
    assert_eq!(ranked[0].entry, "status");
    assert_eq!(ranked[0].reason, Reason::Prefix);
    assert_eq!(
        ranked.len(),
        1,
        "stash is two edits from stat, over the bound of one"
    );
}

#[test]
fn unrelated_words_get_no_suggestion() {
    assert!(nearby("deploy", ["status", "start", "exec"]).is_empty());
    assert!(nearby("start", ["status"]).is_empty());
}

#[test]
fn non_ascii_words_fold_and_rank() {
    let v = Vocabulary::new(["Größe", "größer", "gross"]);
    let got = v.nearby("GRÖSSE");
    assert!(
        got.contains(&"Größe".to_owned()) && got.contains(&"gross".to_owned()),
        "{got:?}"
    );
    assert_eq!(v.nearby("größe"), ["Größe", "größer"]);
}

/// The prepared index and the one-shot scan return exactly what a brute-force strsim scan
/// returns (all five places, not only the top answer), on 1,000 queries — typos of entries
/// and random words — in a 500-entry vocabulary (the bench repeats the top-answer check on
/// 100,000 entries).
#[test]
fn vocabulary_agrees_with_a_linear_strsim_scan_on_1000_queries() {
    let mut rng = Rng(7);
    let words = vocabulary(500, &mut rng);
    let index = Vocabulary::new(words.iter().map(String::as_str));
    let mut non_empty = 0;
    for q in 0..1_000 {
        let query = if q % 5 == 4 {
            vocabulary(1, &mut rng).remove(0)
        } else {
            typo(&words[rng.below(words.len())], &mut rng)
        };
        let fast: Vec<&str> = index.ranked(&query, 5).iter().map(|s| s.entry).collect();
        let slow = nearby_linear(&query, &words, 5);
        assert_eq!(fast, slow, "query {query:?}");
        if q % 10 == 0 {
            assert_eq!(nearby(&query, words.iter().map(String::as_str)), slow);
        }
        non_empty += usize::from(!fast.is_empty());
    }
    assert!(non_empty > 500, "only {non_empty} queries had a suggestion");
}

/// `lss` is one deletion from `ls` and one insertion from `lsns`: the entry the word extends
/// (prefix-related) comes first, then the shorter one, whatever the vocabulary's order or the
/// Jaro-Winkler scores (which favour `lsns`).
#[test]
fn equal_distance_ties_prefer_prefix_related_then_shorter_entries() {
    let path = ["lsns", "less", "lsof", "ls", "lsa", "lsblk"];
    // `lsa` is shorter than `lsns` and `less`, which tie on length and go by Jaro-Winkler.
    assert_eq!(nearby("lss", path), ["ls", "lsa", "lsns", "less"]);
    let v = Vocabulary::new(path);
    let ranked = v.ranked("lss", 5);
    assert_eq!(ranked[0].entry, "ls");
    assert_eq!((ranked[0].reason, ranked[0].distance), (Reason::Edit, 1));
    assert_eq!((ranked[2].entry, ranked[2].distance), ("lsns", 1));
    assert!(
        ranked[2].similarity > ranked[0].similarity,
        "Jaro-Winkler alone would put lsns first"
    );
    // Neither is prefix-related: the shorter comes first, though Jaro-Winkler favours `cxta`.
    assert_eq!(nearby("cta", ["cxta", "cat"]), ["cat", "cxta"]);
    let cta = Vocabulary::new(["cxta", "cat"]);
    let ranked = cta.ranked("cta", 5);
    assert!(ranked[1].similarity > ranked[0].similarity);
}
