//! The fleet store: a Redis or Valkey server shared by many machines, each update a
//! `WATCH`/`MULTI`/`EXEC` transaction on one key that expires.

use std::sync::Mutex;
use std::time::Duration;

use redis::{Client, Connection, Value};

use super::store::{Entry, Store, StoreError, Write, without_password};

/// Every key failwise writes starts with this (the `v1` is the schema of the values).
const PREFIX: &str = "failwise:v1:";

/// How long connecting, and each command, may take before the store counts as unreachable:
/// a guard that cannot decide quickly lets the command run (fail-open).
const CONNECT_TIMEOUT: Duration = Duration::from_millis(500);
const IO_TIMEOUT: Duration = Duration::from_secs(2);

/// How many times an update is tried when other clients keep writing its key first.
const MAX_TRIES: usize = 64;

/// At most this many keys are listed by [`Store::entries`] and removed by a full
/// [`Store::clear`] per call.
const MAX_KEYS: usize = 100_000;

/// The guard's state in Redis: `failwise:v1:<key>` strings holding JSON records, each with an
/// absolute expiry (`PXAT`, Redis 6.2 or newer); an update `WATCH`es its key, reads it,
/// and writes the decision in `MULTI`/`EXEC`, trying again when another client wrote it first.
pub struct RedisStore {
    connection: Mutex<Connection>,
    location: String,
}

impl std::fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisStore")
            .field("location", &self.location)
            .finish_non_exhaustive()
    }
}

impl RedisStore {
    /// Connects to the server at `url` (`redis://[user:password@]host[:port][/db]`).
    ///
    /// # Errors
    ///
    /// [`StoreError::Unreachable`] when the URL does not parse or the server does not answer
    /// within half a second.
    pub fn open(url: &str) -> Result<Self, StoreError> {
        let location = without_password(url);
        let unreachable = |e: redis::RedisError| StoreError::Unreachable {
            location: location.clone(),
            reason: scrub(&e, url),
        };
        let client = Client::open(url).map_err(unreachable)?;
        let connection = client
            .get_connection_with_timeout(CONNECT_TIMEOUT)
            .map_err(unreachable)?;
        connection
            .set_read_timeout(Some(IO_TIMEOUT))
            .and_then(|()| connection.set_write_timeout(Some(IO_TIMEOUT)))
            .map_err(unreachable)?;
        Ok(Self {
            connection: Mutex::new(connection),
            location,
        })
    }

    fn failed(&self, error: &redis::RedisError) -> StoreError {
        StoreError::Failed {
            location: self.location.clone(),
            reason: error.to_string(),
        }
    }

    fn keys(&self, connection: &mut Connection) -> Result<Vec<String>, StoreError> {
        let pattern = format!("{PREFIX}*");
        let mut keys = Vec::new();
        let mut cursor: u64 = 0;
        loop {
            let (next, batch): (u64, Vec<String>) = redis::cmd("SCAN")
                .arg(cursor)
                .arg("MATCH")
                .arg(&pattern)
                .arg("COUNT")
                .arg(1000)
                .query(connection)
                .map_err(|e| self.failed(&e))?;
            keys.extend(batch);
            cursor = next;
            if cursor == 0 || keys.len() >= MAX_KEYS {
                break;
            }
        }
        keys.sort();
        keys.dedup();
        keys.truncate(MAX_KEYS);
        Ok(keys)
    }
}

/// The client's text for `error`, with the URL's password (if the client quoted it) masked.
fn scrub(error: &redis::RedisError, url: &str) -> String {
    let text = error.to_string();
    match url.split_once("://").and_then(|(_, rest)| {
        let authority = rest.split('/').next()?;
        let (userinfo, _) = authority.rsplit_once('@')?;
        let password = userinfo.split_once(':').map_or(userinfo, |(_, p)| p);
        (!password.is_empty()).then(|| password.to_owned())
    }) {
        Some(password) => text.replace(&password, "***"),
        None => text,
    }
}

impl Store for RedisStore {
    fn update(
        &self,
        key: &str,
        now_ms: u64,
        decide: &mut dyn FnMut(Option<&[u8]>) -> Write,
    ) -> Result<(), StoreError> {
        let full = format!("{PREFIX}{key}");
        let mut connection = self.connection.lock().unwrap_or_else(|p| p.into_inner());
        for _ in 0..MAX_TRIES {
            redis::cmd("WATCH")
                .arg(&full)
                .query::<()>(&mut *connection)
                .map_err(|e| self.failed(&e))?;
            let current: Option<Vec<u8>> = redis::cmd("GET")
                .arg(&full)
                .query(&mut *connection)
                .map_err(|e| self.failed(&e))?;
            let mut pipe = redis::pipe();
            pipe.atomic();
            match decide(current.as_deref()) {
                Write::Keep => {
                    redis::cmd("UNWATCH")
                        .query::<()>(&mut *connection)
                        .map_err(|e| self.failed(&e))?;
                    return Ok(());
                }
                Write::Put {
                    value,
                    expires_at_ms,
                } => {
                    // An expiry already past would make SET fail; such a value is gone at once.
                    let at = expires_at_ms.max(now_ms.saturating_add(1));
                    pipe.cmd("SET").arg(&full).arg(value).arg("PXAT").arg(at);
                }
                Write::Delete => {
                    pipe.cmd("DEL").arg(&full);
                }
            }
            let done: Option<Value> = pipe.query(&mut *connection).map_err(|e| self.failed(&e))?;
            if done.is_some() {
                return Ok(());
            }
        }
        Err(StoreError::Failed {
            location: self.location.clone(),
            reason: format!("{key} kept changing under {MAX_TRIES} tries"),
        })
    }

    fn get(&self, key: &str, _now_ms: u64) -> Result<Option<Vec<u8>>, StoreError> {
        let mut connection = self.connection.lock().unwrap_or_else(|p| p.into_inner());
        redis::cmd("GET")
            .arg(format!("{PREFIX}{key}"))
            .query(&mut *connection)
            .map_err(|e| self.failed(&e))
    }

    fn entries(&self, now_ms: u64) -> Result<Vec<Entry>, StoreError> {
        let mut connection = self.connection.lock().unwrap_or_else(|p| p.into_inner());
        let keys = self.keys(&mut connection)?;
        let mut entries = Vec::with_capacity(keys.len());
        for key in keys {
            let (value, ttl): (Option<Vec<u8>>, i64) = redis::pipe()
                .cmd("GET")
                .arg(&key)
                .cmd("PTTL")
                .arg(&key)
                .query(&mut *connection)
                .map_err(|e| self.failed(&e))?;
            let (Some(value), Ok(ttl)) = (value, u64::try_from(ttl)) else {
                continue;
            };
            entries.push(Entry {
                key: key.trim_start_matches(PREFIX).to_owned(),
                value,
                expires_at_ms: now_ms.saturating_add(ttl),
            });
        }
        Ok(entries)
    }

    fn clear(&self, key: Option<&str>) -> Result<u64, StoreError> {
        let mut connection = self.connection.lock().unwrap_or_else(|p| p.into_inner());
        let keys = match key {
            Some(key) => vec![format!("{PREFIX}{key}")],
            None => self.keys(&mut connection)?,
        };
        let mut removed = 0u64;
        for chunk in keys.chunks(500) {
            let n: u64 = redis::cmd("DEL")
                .arg(chunk)
                .query(&mut *connection)
                .map_err(|e| self.failed(&e))?;
            removed += n;
        }
        Ok(removed)
    }

    fn location(&self) -> String {
        self.location.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unreachable_server_is_an_error_without_its_password() {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let error = RedisStore::open("redis://:hunter2@127.0.0.1:1/0").unwrap_err();
        let text = error.to_string();
        assert!(matches!(error, StoreError::Unreachable { .. }), "{error:?}");
        assert!(!text.contains("hunter2"), "{text}");
        assert!(text.contains("127.0.0.1:1"), "{text}");
    }
}
