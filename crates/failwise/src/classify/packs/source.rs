//! Where packs come from: [`PackSource`] (a user pack as read, with the `.ftl` files beside it),
//! its [`Origin`], and [`PackInfo`], one loaded pack for a listing. Reading the files is the
//! caller's (the binary's): the library opens no file.

/// Where a pack was loaded from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// It ships with failwise.
    BuiltIn,
    /// A file given with `--rules`.
    Flag,
    /// A file of the `rules.d` folder of the config directory.
    ConfigDir,
}

impl Origin {
    /// `built-in`, `--rules` or `rules.d`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::BuiltIn => "built-in",
            Self::Flag => "--rules",
            Self::ConfigDir => "rules.d",
        }
    }
}

/// A Fluent file beside a user pack: `<stem>.<lang>.ftl`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackText {
    /// Its language tag (BCP 47), from its name.
    pub lang: String,
    /// Its path, for errors.
    pub file: String,
    /// Its text.
    pub ftl: String,
}

/// A user pack as read: where from, its path, its TOML text and the `.ftl` files beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackSource {
    /// Where it was found.
    pub origin: Origin,
    /// Its path, as given or found.
    pub file: String,
    /// Its TOML text.
    pub toml: String,
    /// The Fluent files beside it.
    pub texts: Vec<PackText>,
}

/// One loaded pack, for a listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackInfo {
    /// Its name.
    pub name: String,
    /// Its one-line summary.
    pub summary: String,
    /// Where it came from.
    pub origin: Origin,
    /// Its file (a built-in pack's name).
    pub file: String,
    /// How many rules it holds.
    pub rules: usize,
    /// How many real examples its rules hold.
    pub examples: usize,
}
