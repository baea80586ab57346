//! The executables on PATH nearest to a name that could not be run, for an envelope's
//! `nearby`.
//!
//! Ranking is the library's near-miss search ([`failwise::suggest::nearby`]); this module only
//! lists the candidates.

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The executables of one `PATH` value, as the library's run classification asks for them
/// ([`failwise::classify::Programs`]).
pub struct OnPath(pub Option<std::ffi::OsString>);

impl OnPath {
    /// The executables of this process's `PATH`.
    pub fn from_env() -> Self {
        Self(std::env::var_os("PATH"))
    }
}

impl failwise::classify::Programs for OnPath {
    fn resolve(&self, name: &str) -> Option<PathBuf> {
        resolve(name, self.0.as_deref())
    }

    fn nearby(&self, name: &str) -> Vec<String> {
        nearby(name, self.0.as_deref())
    }
}

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

/// The file `program` names: itself when it names a path (`./run.sh`), else the first
/// executable file of that name on `path_var`, as a shell's command search finds it.
pub fn resolve(program: &str, path_var: Option<&OsStr>) -> Option<std::path::PathBuf> {
    if program.is_empty() {
        return None;
    }
    if program.contains('/') {
        let path = Path::new(program);
        return path.is_file().then(|| path.to_path_buf());
    }
    std::env::split_paths(path_var?)
        .map(|dir| dir.join(program))
        .find(|candidate| is_executable(candidate))
}

/// Ranks `candidates` (in alphabetical order, which breaks ties) by the library's near-miss
/// search, [`failwise::suggest::nearby`]: best first, at most five.
pub fn rank<'c>(name: &str, candidates: impl Iterator<Item = &'c str>) -> Vec<String> {
    failwise::suggest::nearby(name, candidates)
}

fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transposition_is_offered_and_an_unrelated_name_is_not() {
        let ranked = rank("gti", ["git", "grep", "zip"].into_iter());
        assert_eq!(ranked.first().map(String::as_str), Some("git"));
        assert!(!ranked.iter().any(|r| r == "zip"));
    }

    #[test]
    fn a_name_typed_whole_with_a_key_more_ranks_first() {
        // `lss`: one deletion from `ls`, one insertion into `lsns` or `less`; candidates come
        // in alphabetical order, so the tie-break, not the order, puts `ls` first.
        let ranked = rank("lss", ["less", "ls", "lsns"].into_iter());
        assert_eq!(ranked, ["ls", "lsns", "less"]);
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
