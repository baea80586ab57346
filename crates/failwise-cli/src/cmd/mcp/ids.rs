//! The request ids the relay keeps, each set bounded: the calls it answered in the server's
//! place (a late answer of the server to one is dropped and logged), and the client's other
//! requests still waiting for the server (answered with an error when the server exits, so a
//! client never waits for an answer that cannot come).

use std::collections::{HashMap, HashSet, VecDeque};

use serde_json::Value;

/// At most this many ids of calls the proxy answered itself are remembered; the oldest is
/// forgotten first.
const MAX_ANSWERED: usize = 4096;

/// At most this many of the client's requests are followed while they wait; a request past
/// that is passed on unfollowed.
const MAX_WAITING: usize = 65_536;

/// The ids of the calls the proxy answered itself, by their JSON text.
#[derive(Default)]
pub struct Answered {
    order: VecDeque<String>,
    set: HashSet<String>,
}

impl Answered {
    /// Remembers `key`, forgetting the oldest past [`MAX_ANSWERED`].
    pub fn insert(&mut self, key: String) {
        if self.set.insert(key.clone()) {
            self.order.push_back(key);
        }
        while self.order.len() > MAX_ANSWERED {
            if let Some(old) = self.order.pop_front() {
                self.set.remove(&old);
            }
        }
    }

    /// Whether the proxy answered the call whose id's JSON text is `key`.
    pub fn contains(&self, key: &str) -> bool {
        self.set.contains(key)
    }
}

/// The client's requests other than `tools/call` the server has not answered yet: each id
/// (by its JSON text) with the id itself and the request's method.
#[derive(Default)]
pub struct Waiting {
    open: HashMap<String, (Value, String)>,
}

impl Waiting {
    /// Follows the request `id` of `method`, unless [`MAX_WAITING`] are followed already.
    pub fn add(&mut self, id: &Value, method: &str) {
        if self.open.len() < MAX_WAITING {
            self.open
                .insert(id.to_string(), (id.clone(), method.to_owned()));
        }
    }

    /// The server answered the request whose id's JSON text is `key`.
    pub fn answered(&mut self, key: &str) {
        self.open.remove(key);
    }

    /// Every request still waiting (id and method), no longer followed.
    pub fn drain(&mut self) -> Vec<(Value, String)> {
        self.open.drain().map(|(_, request)| request).collect()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_oldest_answered_id_is_forgotten_first() {
        let mut answered = Answered::default();
        for n in 0..=MAX_ANSWERED {
            answered.insert(n.to_string());
        }
        assert!(!answered.contains("0"));
        assert!(answered.contains("1") && answered.contains(&MAX_ANSWERED.to_string()));
    }

    #[test]
    fn a_waiting_request_is_drained_until_answered() {
        let mut waiting = Waiting::default();
        waiting.add(&json!(1), "resources/read");
        waiting.add(&json!("a"), "prompts/get");
        waiting.answered("1");
        assert_eq!(
            waiting.drain(),
            vec![(json!("a"), "prompts/get".to_owned())]
        );
        assert!(waiting.drain().is_empty());
    }
}
