//! Did-you-mean for a missing file: the closest existing paths under a root.
//!
//! The walk uses the `ignore` crate, so it skips what `.gitignore`, `.ignore` and git's
//! exclude files skip, and hidden files, as ripgrep does. It starts in the missing path's
//! nearest existing directory, then walks the rest of the root. It visits at most
//! [`MAX_WALK_ENTRIES`] entries and [`MAX_WALK_DEPTH`] levels; when it stops early the result
//! says so ([`NearbyPaths::complete`] is `false`), so a caller can tell "nothing close" from
//! "did not look everywhere".
//!
//! Paths are compared root-relative, with `/` as separator. A path is suggested when its file
//! name is close to the missing one's by the [`nearby`](fn@super::nearby) metric (`mian.rs` →
//! `main.rs`), wherever it is; suggestions rank by the name's distance plus the edit distance
//! of the directories (`docs/guide.md` → `doc/guide.md` before `old/guide.md`), then shorter
//! paths first.

use std::path::{Path, PathBuf};

use failwise_spelling::Vocabulary;

/// The most entries a walk visits.
pub const MAX_WALK_ENTRIES: usize = 50_000;

/// How many distinct close file names are considered.
const NAME_MATCHES: usize = 50;

/// The deepest a walk goes below the root.
pub const MAX_WALK_DEPTH: usize = 16;

/// The closest existing paths to a missing one.
///
/// # Examples
///
/// ```
/// use failwise::suggest::{NearbyPaths, nearby_paths};
/// use failwise::{Code, Envelope, ExitStatus};
/// let root = tempfile::tempdir()?;
/// std::fs::create_dir(root.path().join("docs"))?;
/// std::fs::write(root.path().join("docs/guide.md"), "# Guide\n")?;
///
/// let NearbyPaths { paths, visited, complete } = nearby_paths("doc/guide.md", root.path(), 3);
/// assert_eq!(paths, ["docs/guide.md"]);
/// assert!(complete && visited >= 1);
/// let envelope = Envelope::draft(Code::new("FILE_NOT_FOUND")?, ExitStatus::FAILURE, "doc/guide.md does not exist")
///     .nearby(paths)
///     .with_recovery("open docs/guide.md instead")?;
/// assert_eq!(envelope.nearby(), ["docs/guide.md"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NearbyPaths {
    /// Existing paths, best first, spelled like the missing path was (relative to the root
    /// when it was relative, else absolute).
    pub paths: Vec<String>,
    /// How many entries the walk visited.
    pub visited: usize,
    /// `false` when the walk stopped at [`MAX_WALK_ENTRIES`] before seeing everything.
    pub complete: bool,
}

/// The existing paths under `root` closest to `missing`, best first, at most `limit`.
///
/// `missing` may be relative (to `root`) or absolute (under `root`; an absolute path outside
/// `root` is compared by its file name only). Every suggestion is under `root`: a `..` of
/// `missing` that would climb above it stops at it (`under_root`). Unreadable directories
/// are skipped.
///
/// # Examples
///
/// ```
/// let dir = tempfile::tempdir()?;
/// std::fs::create_dir(dir.path().join("src"))?;
/// std::fs::write(dir.path().join("src/main.rs"), "")?;
/// let found = failwise::suggest::nearby_paths("src/mian.rs", dir.path(), 3);
/// assert_eq!(found.paths, ["src/main.rs"]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn nearby_paths(
    missing: impl AsRef<Path>,
    root: impl AsRef<Path>,
    limit: usize,
) -> NearbyPaths {
    let (missing, root) = (missing.as_ref(), root.as_ref());
    let absolute = missing.is_absolute();
    let relative: PathBuf = if absolute {
        missing
            .strip_prefix(root)
            .map(under_root)
            .unwrap_or_else(|_| missing.file_name().map(PathBuf::from).unwrap_or_default())
    } else {
        under_root(missing)
    };
    let wanted = slash(&relative);
    let wanted_name = relative
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();

    let mut visited = 0;
    let mut complete = true;
    let mut existing: Vec<String> = Vec::new();
    // The missing path's nearest existing directory is walked first, where the path meant
    // most likely is (`usr/bim` under `/`: `/usr`, not `/proc`), then the rest of the root
    // with what is left of the budget.
    let near = nearest_existing_dir(root, &relative);
    let mut walk_under = |dir: &Path, skip: Option<&Path>, depth: usize| {
        let skip = skip.map(Path::to_path_buf);
        let mut builder = ignore::WalkBuilder::new(dir);
        builder
            .max_depth(Some(depth))
            .require_git(false)
            .sort_by_file_path(|a, b| a.cmp(b));
        if let Some(skip) = skip {
            builder.filter_entry(move |entry| entry.path() != skip);
        }
        for entry in builder.build().flatten() {
            if entry.depth() == 0 {
                continue;
            }
            if visited == MAX_WALK_ENTRIES {
                complete = false;
                return;
            }
            visited += 1;
            if let Ok(rel) = entry.path().strip_prefix(root) {
                existing.push(slash(rel));
            }
        }
    };
    match near.as_deref() {
        Some(near) if near != root => {
            let below = near
                .strip_prefix(root)
                .map_or(0, |p| p.components().count());
            walk_under(near, None, MAX_WALK_DEPTH.saturating_sub(below));
            walk_under(root, Some(near), MAX_WALK_DEPTH);
        }
        _ => walk_under(root, None, MAX_WALK_DEPTH),
    }

    let wanted_dir = wanted.rsplit_once('/').map_or("", |(d, _)| d);
    let names: Vec<&str> = existing.iter().map(|p| file_name(p)).collect();
    let by_name = Vocabulary::new(names.iter().copied());
    // (name rank, directory distance, path) of every path whose file name is close.
    let mut scored: Vec<(usize, usize, &String)> = Vec::new();
    for (rank, s) in by_name
        .ranked(&wanted_name, NAME_MATCHES)
        .iter()
        .enumerate()
    {
        for path in existing.iter().filter(|p| file_name(p) == s.entry) {
            let dir = path.rsplit_once('/').map_or("", |(d, _)| d);
            let dir_distance =
                strsim::osa_distance(&dir.to_lowercase(), &wanted_dir.to_lowercase());
            scored.push((s.distance + dir_distance, rank, path));
        }
    }
    scored.sort_by(|a, b| (a.0, a.1, a.2.len(), a.2).cmp(&(b.0, b.1, b.2.len(), b.2)));
    let mut paths: Vec<String> = Vec::new();
    for (_, _, p) in scored {
        if *p != wanted && !paths.contains(p) {
            paths.push(p.clone());
        }
    }
    paths.truncate(limit);
    if absolute {
        paths = paths.into_iter().map(|p| slash(&root.join(p))).collect();
    }
    NearbyPaths {
        paths,
        visited,
        complete,
    }
}

/// `relative`, a path below the root, resolved lexically so that it stays there: `.` is
/// dropped, `..` removes the component before it, and a `..` with nothing before it stays at
/// the root, as `..` at `/` does in POSIX pathname resolution (XBD §4.13); a root or prefix
/// component is dropped. The walk and the suggestions never leave the root: `../etc/paswd`
/// under `/tmp` is looked for as `etc/paswd`, never as `/etc/passwd`.
fn under_root(relative: &Path) -> PathBuf {
    let mut inside = PathBuf::new();
    for part in relative.components() {
        match part {
            std::path::Component::Normal(name) => inside.push(name),
            std::path::Component::ParentDir => {
                inside.pop();
            }
            _ => {}
        }
    }
    inside
}

/// The deepest existing directory on the way from `root` to `root/relative` (`root` itself
/// when none below it exists), or `None` when `root` is no directory.
fn nearest_existing_dir(root: &Path, relative: &Path) -> Option<PathBuf> {
    if !root.is_dir() {
        return None;
    }
    let mut near = root.to_path_buf();
    let mut parts = relative.components().collect::<Vec<_>>();
    parts.pop();
    for part in parts {
        let next = near.join(part);
        if !next.is_dir() {
            break;
        }
        near = next;
    }
    Some(near)
}

fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

fn slash(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
        .replace("//", "/")
}
