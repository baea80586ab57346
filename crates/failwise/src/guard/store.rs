//! Where the guard keeps its state: the [`Store`] trait (one atomic read-modify-write of one
//! key per decision, with an expiry), [`StoreSpec`] (which store a `--state` value names), and
//! a store in memory for one process.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;

/// What an update writes back for its key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Write {
    /// Leave the value as it was.
    Keep,
    /// Store this value, to be forgotten at `expires_at_ms` (ms since the Unix epoch).
    Put {
        /// The value (a record as JSON).
        value: Vec<u8>,
        /// When the store may forget it.
        expires_at_ms: u64,
    },
    /// Forget the key.
    Delete,
}

/// One key and its value, as [`Store::entries`] lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The key: `call:<fingerprint>` or `upstream:<fingerprint>`.
    pub key: String,
    /// The value (a record as JSON).
    pub value: Vec<u8>,
    /// When the store forgets it, in ms since the Unix epoch.
    pub expires_at_ms: u64,
}

/// A store the guard's state lives in, shared by every process that opens the same one.
///
/// Each method is one atomic step: an [`update`](Store::update) reads a key, lets the caller
/// decide, and writes the decision back, with no other process's write between the read and
/// the write (SQLite: one `BEGIN IMMEDIATE` transaction; Redis: `WATCH`, then `MULTI`/`EXEC`,
/// tried again when another client wrote the key first). An expired value reads as absent.
pub trait Store: Send + Sync {
    /// Reads `key` at `now_ms`, passes its value (or `None`) to `decide`, and writes what it
    /// returns. `decide` may be called more than once when the store had to try again; only
    /// the last call's answer is written.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the store cannot be reached, read or written.
    fn update(
        &self,
        key: &str,
        now_ms: u64,
        decide: &mut dyn FnMut(Option<&[u8]>) -> Write,
    ) -> Result<(), StoreError>;

    /// The value of `key` at `now_ms`, read without taking the write lock (a decision that only
    /// reads needs no transaction).
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the store cannot be reached or read.
    fn get(&self, key: &str, now_ms: u64) -> Result<Option<Vec<u8>>, StoreError> {
        let mut value = None;
        self.update(key, now_ms, &mut |v| {
            value = v.map(<[u8]>::to_vec);
            Write::Keep
        })?;
        Ok(value)
    }

    /// Every key the store holds at `now_ms` with its value, in key order.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the store cannot be reached or read.
    fn entries(&self, now_ms: u64) -> Result<Vec<Entry>, StoreError>;

    /// Forgets `key`, or every key when `None`; returns how many were held.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the store cannot be reached or written.
    fn clear(&self, key: Option<&str>) -> Result<u64, StoreError>;

    /// Where the store is, for a person (`/home/a/.local/state/failwise/state.db`,
    /// `redis://cache:6379/0`); a password in a URL is never part of it.
    fn location(&self) -> String;
}

/// Why a store could not be used. The reason is the store library's own text (SQLite's or the
/// Redis client's); the location never holds a password. `Display` is
/// [`phrase`](StoreError::phrase) in English.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", crate::phrase::english_text(&self.phrase()))]
pub enum StoreError {
    /// The store could not be opened or reached.
    Unreachable {
        /// Where the store is.
        location: String,
        /// What the store library said.
        reason: String,
    },
    /// A read or a write failed once the store was open.
    Failed {
        /// Where the store is.
        location: String,
        /// What the store library said.
        reason: String,
    },
    /// The store was written by a newer failwise, whose schema this one does not know.
    NewerSchema {
        /// Where the store is.
        location: String,
        /// The version the store has.
        found: i64,
        /// The version this failwise writes.
        known: i64,
    },
}

impl StoreError {
    /// What went wrong, without where: the store library's own text, or for
    /// [`StoreError::NewerSchema`] the versions.
    pub fn reason(&self) -> String {
        match self {
            Self::Unreachable { reason, .. } | Self::Failed { reason, .. } => reason.clone(),
            Self::NewerSchema { found, known, .. } => format!("schema version {found} > {known}"),
        }
    }

    /// The error as a phrase (`store-unreachable`, `store-failed`, `store-newer-schema`), for
    /// a reader in another language.
    pub fn phrase(&self) -> crate::Phrase {
        use crate::Phrase;
        match self {
            Self::Unreachable { location, reason } => Phrase::new("store-unreachable")
                .arg("location", location.clone())
                .arg("reason", reason.clone()),
            Self::Failed { location, reason } => Phrase::new("store-failed")
                .arg("location", location.clone())
                .arg("reason", reason.clone()),
            Self::NewerSchema {
                location,
                found,
                known,
            } => Phrase::new("store-newer-schema")
                .arg("location", location.clone())
                .arg("found", *found)
                .arg("known", *known),
        }
    }
}

/// The stores a `--state` value (or `FAILWISE_STATE`) can name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreSpec {
    /// A local SQLite file, created with its folder when missing.
    Sqlite(PathBuf),
    /// A Redis or Valkey server: `redis://[user:password@]host[:port][/db]` (or `rediss://`).
    Redis(String),
}

impl StoreSpec {
    /// Reads a `--state` value: a Redis URL (`redis://`, `rediss://`, `redis+unix://`,
    /// `unix://`; `valkey://` and `valkeys://` read as `redis://` and `rediss://`), else
    /// `sqlite:PATH` or a path. `None` for an empty value or one [`StoreSpec::read`] refuses.
    pub fn parse(text: &str) -> Option<Self> {
        Self::read(text).ok().flatten()
    }

    /// [`StoreSpec::parse`], saying why a value is refused: a URL of another scheme
    /// (`store-unknown-scheme`), which would otherwise be taken for a relative file name and
    /// share nothing. `Ok(None)` for an empty value (`sqlite:` included).
    ///
    /// # Errors
    ///
    /// The phrase of the refusal, with the scheme as `$scheme`.
    pub fn read(text: &str) -> Result<Option<Self>, crate::Phrase> {
        let text = text.trim();
        if let Some((scheme, rest)) = text.split_once("://")
            && !scheme.is_empty()
            && scheme
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+.-".contains(&b))
        {
            let lower = scheme.to_ascii_lowercase();
            let scheme = match lower.as_str() {
                "redis" | "rediss" | "redis+unix" | "unix" => lower.clone(),
                "valkey" => "redis".to_owned(),
                "valkeys" => "rediss".to_owned(),
                _ => {
                    return Err(
                        crate::Phrase::new("store-unknown-scheme").arg("scheme", scheme.to_owned())
                    );
                }
            };
            return Ok(Some(Self::Redis(format!("{scheme}://{rest}"))));
        }
        let path = text.strip_prefix("sqlite:").unwrap_or(text);
        Ok((!path.is_empty()).then(|| Self::Sqlite(PathBuf::from(path))))
    }

    /// The default store: `$XDG_STATE_HOME/failwise/state.db`, else
    /// `$HOME/.local/state/failwise/state.db` (the XDG Base Directory Specification's default);
    /// `None` when neither variable is set to an absolute path.
    pub fn default_sqlite(xdg_state_home: Option<&str>, home: Option<&str>) -> Option<Self> {
        let base = match xdg_state_home.filter(|p| p.starts_with('/')) {
            Some(state) => PathBuf::from(state),
            None => PathBuf::from(home.filter(|p| p.starts_with('/'))?).join(".local/state"),
        };
        Some(Self::Sqlite(base.join("failwise").join("state.db")))
    }

    /// The password of a Redis URL's userinfo (RFC 3986 §3.2.1; a lone userinfo is the
    /// password, as the Redis client reads it), so a caller can mask it wherever it could
    /// appear (a child process inherits `FAILWISE_STATE`).
    pub fn password(&self) -> Option<String> {
        let Self::Redis(url) = self else {
            return None;
        };
        let (_, rest) = url.split_once("://")?;
        let authority = rest.split('/').next()?;
        let (userinfo, _) = authority.rsplit_once('@')?;
        let password = userinfo.split_once(':').map_or(userinfo, |(_, p)| p);
        (!password.is_empty()).then(|| password.to_owned())
    }

    /// Where the store is, for a person: the path, or the URL with any password replaced by
    /// `***`.
    pub fn location(&self) -> String {
        match self {
            Self::Sqlite(path) => path.display().to_string(),
            Self::Redis(url) => without_password(url),
        }
    }

    /// Opens the store.
    ///
    /// # Errors
    ///
    /// [`StoreError::Unreachable`] when it cannot be opened, or when this build has no support
    /// for its kind (the `sqlite` and `redis` features).
    pub fn open(&self) -> Result<Box<dyn Store>, StoreError> {
        match self {
            #[cfg(feature = "sqlite")]
            Self::Sqlite(path) => Ok(Box::new(super::sqlite::SqliteStore::open(path)?)),
            #[cfg(feature = "redis")]
            Self::Redis(url) => Ok(Box::new(super::redis::RedisStore::open(url)?)),
            #[allow(unreachable_patterns, reason = "reached only without a store feature")]
            _ => Err(StoreError::Unreachable {
                location: self.location(),
                reason: crate::phrase::english_text(&crate::Phrase::new("store-not-built")),
            }),
        }
    }
}

/// `url` with the password of its userinfo (RFC 3986 §3.2.1) replaced by `***`.
pub(super) fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => {
            let user = userinfo.split_once(':').map_or(userinfo, |(user, _)| user);
            if userinfo.contains(':') || user.is_empty() {
                format!("{scheme}://{user}:***@{host}{path}")
            } else {
                // `redis://password@host`: the Redis client reads a lone userinfo as the
                // password.
                format!("{scheme}://***@{host}{path}")
            }
        }
        None => url.to_owned(),
    }
}

/// A store in this process's memory: the guard of one long-lived process (an MCP face with no
/// shared store), and the tests'.
#[derive(Debug, Default)]
pub struct MemoryStore {
    entries: Mutex<BTreeMap<String, (Vec<u8>, u64)>>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }
}

impl Store for MemoryStore {
    fn update(
        &self,
        key: &str,
        now_ms: u64,
        decide: &mut dyn FnMut(Option<&[u8]>) -> Write,
    ) -> Result<(), StoreError> {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let current = entries
            .get(key)
            .filter(|(_, expires)| *expires > now_ms)
            .map(|(value, _)| value.as_slice());
        match decide(current) {
            Write::Keep => {}
            Write::Put {
                value,
                expires_at_ms,
            } => {
                entries.insert(key.to_owned(), (value, expires_at_ms));
            }
            Write::Delete => {
                entries.remove(key);
            }
        }
        Ok(())
    }

    fn entries(&self, now_ms: u64) -> Result<Vec<Entry>, StoreError> {
        let entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        Ok(entries
            .iter()
            .filter(|(_, (_, expires))| *expires > now_ms)
            .map(|(key, (value, expires))| Entry {
                key: key.clone(),
                value: value.clone(),
                expires_at_ms: *expires,
            })
            .collect())
    }

    fn clear(&self, key: Option<&str>) -> Result<u64, StoreError> {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        Ok(match key {
            Some(key) => u64::from(entries.remove(key).is_some()),
            None => {
                let n = entries.len() as u64;
                entries.clear();
                n
            }
        })
    }

    fn location(&self) -> String {
        "memory".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_value_names_its_store() {
        assert_eq!(
            StoreSpec::parse("redis://127.0.0.1:6379/2"),
            Some(StoreSpec::Redis("redis://127.0.0.1:6379/2".into()))
        );
        assert_eq!(
            StoreSpec::parse("sqlite:/tmp/s.db"),
            Some(StoreSpec::Sqlite("/tmp/s.db".into()))
        );
        assert_eq!(
            StoreSpec::parse("./s.db"),
            Some(StoreSpec::Sqlite("./s.db".into()))
        );
        assert_eq!(StoreSpec::parse(" "), None);
        assert_eq!(StoreSpec::parse("sqlite:"), None);
        assert_eq!(
            StoreSpec::parse("valkey://cache:6379/1"),
            Some(StoreSpec::Redis("redis://cache:6379/1".into()))
        );
        assert_eq!(
            StoreSpec::parse("redis+unix:///run/redis.sock"),
            Some(StoreSpec::Redis("redis+unix:///run/redis.sock".into()))
        );
        for other in ["http://cache:6379", "file:///tmp/s.db", "memcache://x"] {
            let refusal = StoreSpec::read(other).expect_err(other);
            assert_eq!(refusal.id(), "store-unknown-scheme");
        }
    }

    #[test]
    fn a_password_in_a_url_is_never_shown() {
        for (url, shown) in [
            ("redis://:hunter2@cache:6379/0", "redis://:***@cache:6379/0"),
            ("redis://app:hunter2@cache/1", "redis://app:***@cache/1"),
            ("rediss://hunter2@cache", "rediss://***@cache"),
            ("redis://cache:6379", "redis://cache:6379"),
            ("redis://a:b@c@host/0", "redis://a:***@host/0"),
        ] {
            let spec = StoreSpec::parse(url).expect("a redis URL");
            let location = spec.location();
            if url.contains("hunter2") {
                assert_eq!(spec.password().as_deref(), Some("hunter2"));
            }
            assert_eq!(location, shown);
            assert!(!location.contains("hunter2") && !location.contains("b@c"));
        }
    }

    #[test]
    fn the_default_store_follows_xdg() {
        assert_eq!(
            StoreSpec::default_sqlite(Some("/s"), Some("/h")),
            Some(StoreSpec::Sqlite("/s/failwise/state.db".into()))
        );
        assert_eq!(
            StoreSpec::default_sqlite(Some("relative"), Some("/h")),
            Some(StoreSpec::Sqlite(
                "/h/.local/state/failwise/state.db".into()
            ))
        );
        assert_eq!(StoreSpec::default_sqlite(None, None), None);
    }

    #[test]
    fn an_expired_value_reads_as_absent() {
        let store = MemoryStore::new();
        let put = |value: &[u8]| Write::Put {
            value: value.to_vec(),
            expires_at_ms: 10,
        };
        store.update("k", 0, &mut |_| put(b"v")).unwrap();
        let mut seen = None;
        store
            .update("k", 5, &mut |v| {
                seen = Some(v.map(<[u8]>::to_vec));
                Write::Keep
            })
            .unwrap();
        assert_eq!(seen, Some(Some(b"v".to_vec())));
        store
            .update("k", 10, &mut |v| {
                seen = Some(v.map(<[u8]>::to_vec));
                Write::Keep
            })
            .unwrap();
        assert_eq!(seen, Some(None));
        assert!(store.entries(10).unwrap().is_empty());
    }
}
