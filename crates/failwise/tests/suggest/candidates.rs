//! `candidates`: the seeds' edit cases, the strategy cascade, and agreement with brute-force
//! sliding windows.

use failwise::suggest::{
    RUNNER_UP_MARGIN, SIMILARITY_FLOOR, candidates, candidates_with_limit, regions,
};

use crate::linear::{Rng, best_window_linear, best_windows_linear, code_file, near_miss};

const FILE: &str = "\
use std::io;

fn load(path: &str) -> io::Result<String> {
    let text = std::fs::read_to_string(path)?;
    Ok(text.trim().to_owned())
}

fn save(path: &str, text: &str) -> io::Result<()> {
    std::fs::write(path, text)
}
";

/// atomwrite's `best_candidate`: an edit's old text that differs from the file
/// only in whitespace inside lines.
#[test]
fn edit_differing_by_whitespace_is_found_whitespace_normalized() {
    let old = "    let text =  std::fs::read_to_string(path)?;\n    Ok(text.trim().to_owned())";
    let found = candidates(old, FILE);
    assert_eq!(found[0].strategy, "whitespace_normalized");
    assert_eq!((found[0].line, found[0].column), (4, 1));
    assert!(found[0].similarity > 0.95 && found[0].similarity < 1.0);
    assert!(found[0].text.starts_with("    let text = std::fs"));
    let preview = found[0].diff_preview.as_deref().expect("a preview");
    assert!(
        preview.contains("-    let text =  std::fs") && preview.contains("+    let text = std::fs")
    );
}

/// atomwrite's `best_candidate`: one identifier renamed in the old text (`contents` for `text`).
#[test]
fn edit_differing_by_one_renamed_identifier_is_found_fuzzy() {
    let old = "fn save(path: &str, contents: &str) -> io::Result<()> {\n    std::fs::write(path, contents)\n}";
    let found = candidates(old, FILE);
    assert_eq!(found[0].strategy, "fuzzy");
    assert_eq!(found[0].line, 8);
    assert!(found[0].similarity > 0.8, "{}", found[0].similarity);
    assert_eq!(
        found[0].text,
        "fn save(path: &str, text: &str) -> io::Result<()> {\n    std::fs::write(path, text)\n}"
    );
    let (line, sim) = best_window_linear(old, FILE, None).expect("a window");
    assert_eq!((found[0].line, found[0].similarity), (line, sim));
}

/// atomwrite's `best_candidate`: a block re-indented (moved into an impl, say) since the caller
/// read it.
#[test]
fn re_indented_block_is_found_indentation_normalized() {
    let old = "fn load(path: &str) -> io::Result<String> {\n  let text = std::fs::read_to_string(path)?;\n  Ok(text.trim().to_owned())\n}";
    let found = candidates(old, FILE);
    assert_eq!(found[0].strategy, "indentation_normalized");
    assert_eq!((found[0].line, found[0].column), (3, 1));
    assert_eq!(found.len(), 1);
}

#[test]
fn exact_and_quote_normalized_matches() {
    let found = candidates("read_to_string(path)", FILE);
    assert_eq!(found[0].strategy, "exact");
    assert_eq!(
        (found[0].line, found[0].column, found[0].similarity),
        (4, 25, 1.0)
    );
    let found = candidates(
        "std::fs::write(path, text)",
        &FILE.replace("path, text)", "path,  text)"),
    );
    assert_eq!(found[0].strategy, "whitespace_normalized");
    let quoted = "let s = 'a';\nlet t = \"b\";\n";
    let found = candidates("let s = \"a\";", quoted);
    assert_eq!(
        (found[0].strategy.as_str(), found[0].line),
        ("quote_normalized", 1)
    );
}

#[test]
fn repeated_exact_matches_are_all_listed_without_overlap() {
    let found = candidates_with_limit("ab", "abab\nxab", 5);
    let places: Vec<(u64, u64)> = found.iter().map(|c| (c.line, c.column)).collect();
    assert_eq!(places, [(1, 1), (1, 3), (2, 2)]);
}

#[test]
fn long_regions_are_cut_to_500_characters() {
    let line = "x".repeat(2_000);
    let found = candidates(&format!("{}y", &line[..1_000]), &line);
    assert_eq!(found[0].text.chars().count(), 500);
    assert!(
        found[0]
            .diff_preview
            .as_ref()
            .is_some_and(|p| p.chars().count() <= 1_001)
    );
}

/// The fuzzy strategy returns the windows a full scan returns once the windows under the floor
/// are dropped, on planted near misses and on needles that match nothing well (where the
/// bounds prune least).
#[test]
fn fuzzy_agrees_with_brute_force_sliding_windows() {
    let mut rng = Rng(11);
    let mut near_misses_found = 0;
    for round in 0..12 {
        let file = code_file(6_000, &mut rng);
        let lines = file.lines().count();
        let unrelated = round % 3 == 2;
        let needle = if unrelated {
            code_file(300, &mut rng).replace('e', "q")
        } else {
            let size = 1 + rng.below(8);
            near_miss(&file, rng.below(lines - size), size, &mut rng)
        };
        let found = regions(&needle, &file, 3);
        let want: Vec<(u64, f64)> = best_windows_linear(&needle, &file, 3, RUNNER_UP_MARGIN)
            .into_iter()
            .filter(|w| w.1 >= SIMILARITY_FLOOR)
            .collect();
        let got: Vec<(u64, f64)> = found
            .candidates
            .iter()
            .map(|c| (c.line, c.similarity))
            .collect();
        assert!(found.complete, "round {round}");
        assert!(
            found.candidates.iter().all(|c| c.strategy == "fuzzy"),
            "round {round}"
        );
        assert_eq!(got, want, "round {round}");
        near_misses_found += usize::from(!unrelated && !got.is_empty());
    }
    assert_eq!(near_misses_found, 8);
}

#[test]
fn runners_up_are_close_to_the_best_and_do_not_overlap() {
    let block = "let a = 1;\nlet b = 2;\n";
    let file = format!(
        "{block}// gap\n{}// gap\nlet z = 9;\n",
        block.replace('2', "3")
    );
    let found = candidates("let a = 1;\nlet b = 5;", &file);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!((found[0].line, found[1].line), (1, 4));
    assert!(found[0].similarity >= found[1].similarity);
}

/// A preview longer than `PREVIEW_MAX_LINES` ends with a line that says how many were left out.
#[test]
fn a_long_preview_is_cut_with_a_line_that_counts_the_rest() {
    let needle: Vec<String> = (0..20)
        .map(|i| format!("    let value_{i} = compute({i}, total);"))
        .collect();
    let file: String = (0..20)
        .map(|i| format!("    let value_{i} = compute({i}, totals);\n"))
        .collect();
    let found = candidates(&needle.join("\n"), &file);
    let preview = found[0].diff_preview.as_deref().expect("a preview");
    let lines: Vec<&str> = preview.lines().collect();
    assert_eq!(
        lines.len(),
        failwise::suggest::PREVIEW_MAX_LINES + 1,
        "{preview}"
    );
    assert_eq!(lines.last(), Some(&"… 31 more diff lines"), "{preview}");
}
