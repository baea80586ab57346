//! The built-in packs with a user's beside them ([`Packs::with_user`]): each user pack compiled
//! and checked alone, then all matched in one pass; a pack that does not fit in that pass is
//! left out, named, and the others still apply.

use regex::bytes::RegexSet;

use super::compile::{self, Check};
use super::{PackError, PackSource, Packs};

impl Packs {
    /// The built-in packs and the user packs `sources`, in that order, matched in one pass:
    /// each source compiled alone, one that cannot be used left out with its [`PackError`]
    /// (the others still apply). A user rule wins over a built-in one on an equal standing
    /// (see the module docs).
    pub fn with_user(sources: &[PackSource]) -> (Self, Vec<PackError>) {
        let built_in = Self::built_in();
        let mut packs = Self {
            names: built_in.names.clone(),
            summaries: built_in.summaries.clone(),
            origins: built_in.origins.clone(),
            rules: built_in.rules.clone(),
            set: RegexSet::empty(),
        };
        let mut errors = Vec::new();
        let mut added = Vec::new();
        for source in sources {
            let pack = packs.names.len() + added.len();
            let texts = Some(source.texts.as_slice());
            match compile::compile_pack(pack, &source.file, &source.toml, texts, Check::Patterns) {
                Ok(compiled) => added.push((source, compiled)),
                Err(e) => errors.push(e),
            }
        }
        let all_fit = {
            let mut together = packs.clone_without_set();
            for (source, compiled) in &added {
                together.add(source, compiled.clone());
            }
            together.build_set().map(|()| together)
        };
        if let Ok(together) = all_fit {
            return (together, errors);
        }
        // Too large a set together (each pack compiled alone): the user packs are added one by
        // one, and one that does not fit beside those before it is left out, named.
        for (source, compiled) in added {
            let mut next = packs.clone_without_set();
            next.add(source, compiled);
            match next.build_set() {
                Ok(()) => packs = next,
                Err(mut e) => {
                    e.file.clone_from(&source.file);
                    errors.push(e);
                }
            }
        }
        if packs.build_set().is_err() {
            packs = built_in.clone_without_set();
            let _ = packs.build_set();
        }
        (packs, errors)
    }

    /// These packs without their one-pass set (to add packs to, then build it).
    fn clone_without_set(&self) -> Self {
        Self {
            names: self.names.clone(),
            summaries: self.summaries.clone(),
            origins: self.origins.clone(),
            rules: self.rules.clone(),
            set: RegexSet::empty(),
        }
    }

    /// Adds the compiled user pack read from `source`.
    fn add(&mut self, source: &PackSource, compiled: compile::Compiled) {
        let pack = self.names.len();
        self.names.push(compiled.name);
        self.summaries.push(compiled.summary);
        self.origins.push((source.origin, source.file.clone()));
        self.rules.extend(compiled.rules.into_iter().map(|mut r| {
            r.pack = pack;
            r
        }));
    }
}
