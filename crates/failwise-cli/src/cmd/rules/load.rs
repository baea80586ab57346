//! The user's rule packs read from disk: each `--rules FILE` and every `*.toml` of
//! `$XDG_CONFIG_HOME/failwise/rules.d` (default `~/.config/failwise/rules.d`, in file-name
//! order), each with the `<stem>.<lang>.ftl` files beside it, loaded beside the built-in packs
//! ([`Packs::with_user`]). A file that cannot be read or a pack that cannot be used is an
//! envelope (`INPUT_UNREADABLE`, `RULE_PACK_INVALID`, `RULE_INVALID`); the others still load.

use std::path::{Path, PathBuf};

use failwise::classify::Packs;
use failwise::classify::packs::{Origin, PackError, PackSource, PackText};
use failwise::{Catalog, Envelope};

use crate::errors::CliError;
use crate::input;

/// The packs loaded, and what could not be.
pub struct Loaded {
    /// The built-in packs and the user's that could be used.
    pub packs: Packs,
    /// An envelope for each file that could not be read and each pack that could not be used.
    pub problems: Vec<Envelope>,
}

impl Loaded {
    /// The index (in [`Packs::packs`]) of the pack loaded from `file`, if it loaded.
    pub fn index_of(&self, file: &Path) -> Option<usize> {
        let shown = file.to_string_lossy();
        self.packs
            .packs()
            .iter()
            .position(|p| p.origin != Origin::BuiltIn && p.file == shown)
    }
}

/// The `rules.d` folder: beside the config file ([`failwise::i18n::config_path`]).
pub fn rules_dir() -> Option<PathBuf> {
    let config = failwise::i18n::config_path(&|k| std::env::var(k).ok())?;
    Some(config.parent()?.join("rules.d"))
}

/// Loads the packs of `rules.d` and then of `files` (given with `--rules`, or named to `rules
/// test`/`rules lint`) beside the built-in ones. A `rules.d` file also given by name is read
/// once, as given.
pub fn load(files: &[PathBuf]) -> Loaded {
    let mut problems = Vec::new();
    let mut sources = Vec::new();
    let named: Vec<PathBuf> = files.iter().filter_map(|f| f.canonicalize().ok()).collect();
    for file in in_rules_dir() {
        if file.canonicalize().is_ok_and(|c| named.contains(&c)) {
            continue;
        }
        match source(&file, Origin::ConfigDir) {
            Ok(s) => sources.push(s),
            Err(e) => problems.push(*e),
        }
    }
    for file in files {
        match source(file, Origin::Flag) {
            Ok(s) => sources.push(s),
            Err(e) => problems.push(*e),
        }
    }
    let (packs, errors) = Packs::with_user(&sources);
    problems.extend(errors.iter().map(pack_error_envelope));
    Loaded { packs, problems }
}

/// The `*.toml` files of `rules.d`, sorted by file name; none when it does not exist.
fn in_rules_dir() -> Vec<PathBuf> {
    let Some(dir) = rules_dir() else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
        .collect();
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    files
}

/// The pack at `path` and the `.ftl` files beside it, or the envelope of what cannot be read.
fn source(path: &Path, origin: Origin) -> Result<PackSource, Box<Envelope>> {
    let shown = path.to_string_lossy().into_owned();
    let toml =
        input::read_to_string(path).map_err(|e| Box::new(input::error_envelope(&shown, &e)))?;
    let mut texts = Vec::new();
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if let (Some(stem), Ok(entries)) = (stem, std::fs::read_dir(dir)) {
        let mut found: Vec<(String, PathBuf)> = entries
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let lang = name
                    .strip_prefix(&format!("{stem}."))?
                    .strip_suffix(".ftl")?;
                (!lang.is_empty() && !lang.contains('.')).then(|| (lang.to_owned(), e.path()))
            })
            .collect();
        found.sort();
        for (lang, file) in found {
            let shown = file.to_string_lossy().into_owned();
            let ftl = input::read_to_string(&file)
                .map_err(|e| Box::new(input::error_envelope(&shown, &e)))?;
            texts.push(PackText {
                lang,
                file: shown,
                ftl,
            });
        }
    }
    Ok(PackSource {
        origin,
        file: shown,
        toml,
        texts,
    })
}

/// The envelope of a pack that cannot be used: `RULE_INVALID` naming the rule, else
/// `RULE_PACK_INVALID`; the file with its line and column when known.
pub fn pack_error_envelope(e: &PackError) -> Envelope {
    let at = match (e.line, e.column) {
        (Some(l), Some(c)) => format!("{}:{l}:{c}", e.file),
        (Some(l), None) => format!("{}:{l}", e.file),
        _ => e.file.clone(),
    };
    let field = if e.field.is_empty() {
        "toml".to_owned()
    } else {
        e.field.clone()
    };
    if e.rule == 0 {
        CliError::RulePackInvalid {
            path: e.file.clone(),
            at,
            field,
            detail: e.detail.clone(),
        }
        .to_envelope()
    } else {
        CliError::RuleInvalid {
            path: e.file.clone(),
            at,
            rule: e.rule as u64,
            code: e.code.clone(),
            field,
            detail: e.detail.clone(),
        }
        .to_envelope()
    }
}
