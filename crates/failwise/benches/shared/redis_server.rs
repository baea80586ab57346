//! A Redis server on a free loopback port for the benches that measure the guard's Redis
//! store, started when `redis-server` is on PATH and stopped when dropped.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `redis-server`, without persistence.
pub struct RedisServer {
    child: Child,
    /// `redis://127.0.0.1:PORT/0`.
    pub url: String,
}

impl RedisServer {
    /// Starts one, or `None` when `redis-server` cannot be started or does not answer within
    /// five seconds.
    pub fn start() -> Option<Self> {
        let port = TcpListener::bind("127.0.0.1:0")
            .ok()?
            .local_addr()
            .ok()?
            .port();
        let child = Command::new("redis-server")
            .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let server = Self {
            child,
            url: format!("redis://127.0.0.1:{port}/0"),
        };
        for _ in 0..50 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Some(server);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        None
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
