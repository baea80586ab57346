//! The executables on PATH nearest to a name that could not be run, for an envelope's
//! `nearby`.
//!
//! Ranking is edit distance and Jaro-Winkler similarity (`strsim`), kept behind [`nearby`] so that it can move to
//! the library's near-miss search without touching callers.

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// How many names [`nearby`] returns at most.
pub const MAX_NEARBY: usize = 5;
/// The Jaro-Winkler similarity that qualifies a name beyond the edit-distance bound.
const MIN_SIMILARITY: f64 = 0.9;

/// The executables on `path_var` (a `PATH` value) most similar to `program`, best first.
/// When `program` names a path (`./bin/tol`), its own directory is searched instead and the
/// results keep that directory.
pub fn nearby(program: &str, path_var: Option<&OsStr>) -> Vec<String> {
    if program.is_empty() {
        return Vec::new();
    }
    let (dirs, prefix, name): (Vec<std::path::PathBuf>, &str, &str) = match program.rfind('/') {
        Some(at) => {
            let dir = if at == 0 { "/" } else { &program[..at] };
            (vec![dir.into()], &program[..=at], &program[at + 1..])
        }
        None => (
            path_var
                .map(|p| std::env::split_paths(p).collect())
                .unwrap_or_default(),
            "",
            program,
        ),
    };
    let mut names = BTreeSet::new();
    for dir in &dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let file_name = entry.file_name();
            let Some(candidate) = file_name.to_str() else {
                continue;
            };
            if candidate != name && is_executable(&entry.path()) {
                names.insert(candidate.to_owned());
            }
        }
    }
    rank(name, names.iter().map(String::as_str))
        .into_iter()
        .map(|n| format!("{prefix}{n}"))
        .collect()
}

/// Ranks `candidates` by edit distance to `name` (optimal string alignment, so a swapped pair
/// of letters costs 1), then by Jaro-Winkler similarity, then by name; keeps at most
/// [`MAX_NEARBY`] that are within a third of the name's length in edits (at least one) or have
/// a Jaro-Winkler similarity of at least 0.9 (a shared prefix).
pub fn rank<'c>(name: &str, candidates: impl Iterator<Item = &'c str>) -> Vec<&'c str> {
    let max_edits = (name.chars().count() / 3).max(1);
    let mut scored: Vec<(usize, f64, &str)> = candidates
        .map(|c| {
            (
                strsim::osa_distance(name, c),
                strsim::jaro_winkler(name, c),
                c,
            )
        })
        .filter(|&(edits, similarity, _)| edits <= max_edits || similarity >= MIN_SIMILARITY)
        .collect();
    scored.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then_with(|| b.1.total_cmp(&a.1))
            .then_with(|| a.2.cmp(b.2))
    });
    scored
        .into_iter()
        .take(MAX_NEARBY)
        .map(|(_, _, c)| c)
        .collect()
}

fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transposition_ranks_the_real_name_first() {
        let ranked = rank("gti", ["git", "gtk", "tig", "grep", "zip"].into_iter());
        assert_eq!(ranked.first(), Some(&"git"));
        assert!(!ranked.contains(&"zip"));
    }

    #[test]
    fn only_executable_files_on_path_are_offered() {
        let dir = tempfile::tempdir().expect("tempdir");
        let make = |name: &str, mode: u32| {
            let p = dir.path().join(name);
            std::fs::write(&p, "#!/bin/sh\n").expect("write");
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(mode)).expect("chmod");
        };
        make("deploy-tool", 0o755);
        make("deploy-tools", 0o644);
        std::fs::create_dir(dir.path().join("deploy-toll")).expect("mkdir");
        let found = nearby("deploy-tol", Some(dir.path().as_os_str()));
        assert_eq!(found, ["deploy-tool"]);
        let by_path = format!("{}/deploy-tol", dir.path().display());
        let found = nearby(&by_path, None);
        assert_eq!(found, [format!("{}/deploy-tool", dir.path().display())]);
    }
}
