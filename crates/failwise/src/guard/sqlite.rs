//! The local store: one SQLite file (the bundled library through `rusqlite`), in WAL mode with
//! a busy timeout, so many `failwise` processes on one machine share it safely.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use super::store::{Entry, Store, StoreError, Write};

/// The schema version this failwise writes (`PRAGMA user_version`).
const SCHEMA_VERSION: i64 = 1;

/// The WAL size past which a write checkpoints it and truncates it to nothing (`PRAGMA
/// wal_checkpoint(TRUNCATE)`), so opening the store never reads a long WAL.
const WAL_LIMIT: u64 = 256 * 1024;

/// How many times opening a new store tries again while another process holds the lock that
/// switching it to WAL needs (10 ms apart).
const LOCKED_TRIES: u32 = 500;

/// Whether `error` is SQLite's "database is locked" or "busy".
fn busy(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

/// How long a process waits for another's write lock before the store counts as failed.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The guard's state in a SQLite file: one table `entries(key, value, expires_at_ms)`, each
/// update one `BEGIN IMMEDIATE` transaction (the write lock taken before the read, so two
/// processes never decide on the same old value), a read alone without one, expired rows
/// deleted as writes pass.
#[derive(Debug)]
pub struct SqliteStore {
    connection: std::sync::Mutex<Connection>,
    path: PathBuf,
}

impl SqliteStore {
    /// Opens (or creates, with its folder) the store at `path`.
    ///
    /// # Errors
    ///
    /// [`StoreError::Unreachable`] when the folder or file cannot be made or opened;
    /// [`StoreError::NewerSchema`] when a newer failwise made the file.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let location = path.display().to_string();
        let unreachable = |reason: String| StoreError::Unreachable {
            location: location.clone(),
            reason,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| unreachable(e.to_string()))?;
        }
        let connection = Connection::open(path).map_err(|e| unreachable(e.to_string()))?;
        connection
            .busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| unreachable(e.to_string()))?;
        // WAL lets readers go on while one process writes; NORMAL synchronous is WAL's
        // recommended setting (a crash may lose the last update, never corrupt the file).
        // Switching a new file to WAL takes an exclusive lock that the busy timeout does not
        // wait for: many processes opening a new store at once try again, a bounded number of
        // times.
        let mut tries = 0;
        loop {
            let mode: String = connection
                .query_row("PRAGMA journal_mode", [], |row| row.get(0))
                .map_err(|e| unreachable(e.to_string()))?;
            if mode.eq_ignore_ascii_case("wal") {
                break;
            }
            match connection.pragma_update(None, "journal_mode", "WAL") {
                Ok(()) => break,
                Err(error) if busy(&error) && tries < LOCKED_TRIES => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(error) => return Err(unreachable(error.to_string())),
            }
        }
        connection
            .pragma_update(None, "synchronous", "NORMAL")
            .map_err(|e| unreachable(e.to_string()))?;
        // Every `failwise run` is the last connection to close, and SQLite checkpoints the WAL
        // into the database (with its fsyncs) when the last one closes: that would be paid on
        // every run. The WAL is truncated by `update` once it passes `WAL_LIMIT` instead: the
        // next process to open the file reads the whole WAL to rebuild its index, so it must
        // stay short.
        connection
            .set_db_config(
                rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE,
                true,
            )
            .map_err(|e| unreachable(e.to_string()))?;
        let store = Self {
            connection: std::sync::Mutex::new(connection),
            path: path.to_owned(),
        };
        store.migrate()?;
        Ok(store)
    }

    /// Creates the table on a new file, and refuses a file of a newer schema; a file of this
    /// schema is only read.
    fn migrate(&self) -> Result<(), StoreError> {
        let mut connection = self.lock();
        let version: i64 = connection
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(|e| self.failed(&e))?;
        if version == SCHEMA_VERSION {
            return Ok(());
        }
        let tx = connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.failed(&e))?;
        let version: i64 = tx
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(|e| self.failed(&e))?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::NewerSchema {
                location: self.location(),
                found: version,
                known: SCHEMA_VERSION,
            });
        }
        if version < SCHEMA_VERSION {
            tx.execute_batch(
                "CREATE TABLE IF NOT EXISTS entries (
                     key TEXT PRIMARY KEY NOT NULL,
                     value BLOB NOT NULL,
                     expires_at_ms INTEGER NOT NULL
                 ) WITHOUT ROWID;
                 CREATE INDEX IF NOT EXISTS entries_expiry ON entries (expires_at_ms);
                 PRAGMA user_version = 1;",
            )
            .map_err(|e| self.failed(&e))?;
        }
        tx.commit().map_err(|e| self.failed(&e))
    }

    fn wal_size(&self) -> u64 {
        let mut wal = self.path.clone().into_os_string();
        wal.push("-wal");
        std::fs::metadata(wal).map_or(0, |m| m.len())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.connection.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn failed(&self, error: &rusqlite::Error) -> StoreError {
        StoreError::Failed {
            location: self.location(),
            reason: error.to_string(),
        }
    }
}

/// Milliseconds as SQLite's signed integer, saturating.
fn signed(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

impl Store for SqliteStore {
    fn update(
        &self,
        key: &str,
        now_ms: u64,
        decide: &mut dyn FnMut(Option<&[u8]>) -> Write,
    ) -> Result<(), StoreError> {
        let mut connection = self.lock();
        let tx = connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.failed(&e))?;
        let current: Option<Vec<u8>> = tx
            .query_row(
                "SELECT value FROM entries WHERE key = ?1 AND expires_at_ms > ?2",
                params![key, signed(now_ms)],
                |row| row.get(0),
            )
            .optional()
            .map_err(|e| self.failed(&e))?;
        let write = decide(current.as_deref());
        let wrote = write != Write::Keep;
        match write {
            Write::Keep => {}
            Write::Put {
                value,
                expires_at_ms,
            } => {
                tx.execute(
                    "INSERT INTO entries (key, value, expires_at_ms) VALUES (?1, ?2, ?3)
                     ON CONFLICT (key) DO UPDATE SET value = excluded.value,
                                                     expires_at_ms = excluded.expires_at_ms",
                    params![key, value, signed(expires_at_ms)],
                )
                .map_err(|e| self.failed(&e))?;
            }
            Write::Delete => {
                tx.execute("DELETE FROM entries WHERE key = ?1", params![key])
                    .map_err(|e| self.failed(&e))?;
            }
        }
        if wrote {
            tx.execute(
                "DELETE FROM entries WHERE expires_at_ms <= ?1",
                params![signed(now_ms)],
            )
            .map_err(|e| self.failed(&e))?;
        }
        tx.commit().map_err(|e| self.failed(&e))?;
        drop(connection);
        if wrote && self.wal_size() > WAL_LIMIT {
            let connection = self.lock();
            // Best effort: a reader holding an old snapshot makes it return busy, and the next
            // write tries again.
            let _ = connection.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        }
        Ok(())
    }

    fn get(&self, key: &str, now_ms: u64) -> Result<Option<Vec<u8>>, StoreError> {
        self.lock()
            .query_row(
                "SELECT value FROM entries WHERE key = ?1 AND expires_at_ms > ?2",
                params![key, signed(now_ms)],
                |row| row.get(0),
            )
            .optional()
            .map_err(|e| self.failed(&e))
    }

    fn entries(&self, now_ms: u64) -> Result<Vec<Entry>, StoreError> {
        let connection = self.lock();
        let mut statement = connection
            .prepare(
                "SELECT key, value, expires_at_ms FROM entries WHERE expires_at_ms > ?1
                 ORDER BY key",
            )
            .map_err(|e| self.failed(&e))?;
        let rows = statement
            .query_map(params![signed(now_ms)], |row| {
                Ok(Entry {
                    key: row.get(0)?,
                    value: row.get(1)?,
                    expires_at_ms: u64::try_from(row.get::<_, i64>(2)?).unwrap_or(0),
                })
            })
            .map_err(|e| self.failed(&e))?;
        rows.collect::<Result<Vec<_>, _>>()
            .map_err(|e| self.failed(&e))
    }

    fn clear(&self, key: Option<&str>) -> Result<u64, StoreError> {
        let connection = self.lock();
        let removed = match key {
            Some(key) => connection.execute("DELETE FROM entries WHERE key = ?1", params![key]),
            None => connection.execute("DELETE FROM entries", []),
        }
        .map_err(|e| self.failed(&e))?;
        Ok(removed as u64)
    }

    fn location(&self) -> String {
        self.path.display().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_survives_reopening_and_expires() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested/state.db");
        {
            let store = SqliteStore::open(&path).unwrap();
            store
                .update("k", 0, &mut |_| Write::Put {
                    value: b"v".to_vec(),
                    expires_at_ms: 100,
                })
                .unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        let keys: Vec<String> = store
            .entries(50)
            .unwrap()
            .into_iter()
            .map(|e| e.key)
            .collect();
        assert_eq!(keys, ["k"]);
        assert!(store.entries(100).unwrap().is_empty());
        assert_eq!(store.clear(None).unwrap(), 1);
    }

    #[test]
    fn the_wal_stays_short_across_many_processes() {
        // Each open stands for one `failwise run`: its own connection, one write, closed.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.db");
        for i in 0..200u64 {
            let store = SqliteStore::open(&path).unwrap();
            store
                .update(&format!("k{}", i % 7), 0, &mut |_| Write::Put {
                    value: vec![b'x'; 3000],
                    expires_at_ms: u64::MAX / 4,
                })
                .unwrap();
            assert!(
                store.wal_size() <= WAL_LIMIT + 8192,
                "the WAL grew to {}",
                store.wal_size()
            );
        }
        assert_eq!(
            SqliteStore::open(&path).unwrap().entries(1).unwrap().len(),
            7
        );
    }

    #[test]
    fn a_file_of_a_newer_schema_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.db");
        Connection::open(&path)
            .unwrap()
            .pragma_update(None, "user_version", 9)
            .unwrap();
        let error = SqliteStore::open(&path).unwrap_err();
        assert!(
            matches!(
                error,
                StoreError::NewerSchema {
                    found: 9,
                    known: 1,
                    ..
                }
            ),
            "{error:?}"
        );
    }
}
