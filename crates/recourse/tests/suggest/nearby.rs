//! `nearby`: the seeds' cases, the documented rules, and agreement with a brute-force scan.

use recourse::suggest::{Reason, Vocabulary, nearby};

use crate::linear::{Rng, nearby_linear, typo, vocabulary};

/// Seed 004's `E_TOOL_UNKNOWN`: an agent calls a tool that does not exist, and the envelope
/// names the tools it could have meant.
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
    let got = nearby("read-fiel", tools);
    assert_eq!(got, ["read_file", "read_line", "read_dir"]);
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

/// The prepared index returns exactly what a brute-force strsim scan returns, on typos of
/// entries and on random words, in a 3,000-entry vocabulary.
#[test]
fn vocabulary_agrees_with_a_linear_strsim_scan() {
    let mut rng = Rng(7);
    let words = vocabulary(3_000, &mut rng);
    let index = Vocabulary::new(words.iter().map(String::as_str));
    let mut compared = 0;
    let mut non_empty = 0;
    for q in 0..200 {
        let query = if q % 5 == 4 {
            vocabulary(1, &mut rng).remove(0)
        } else {
            typo(&words[rng.below(words.len())], &mut rng)
        };
        let fast: Vec<&str> = index.ranked(&query, 5).iter().map(|s| s.entry).collect();
        let slow = nearby_linear(&query, &words, 5);
        assert_eq!(fast, slow, "query {query:?}");
        compared += 1;
        non_empty += usize::from(!fast.is_empty());
    }
    assert_eq!(compared, 200);
    assert!(non_empty > 120, "only {non_empty} queries had a suggestion");
}
