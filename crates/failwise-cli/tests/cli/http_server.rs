//! A local HTTP/1.1 server for the guard's tests: it answers each request as the test says and
//! logs when each one arrived, so a test asserts on the requests the server saw, not on sleeps.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// One request the server saw: its path and when it arrived.
#[derive(Debug, Clone)]
pub struct Seen {
    pub path: String,
    pub at: Instant,
}

/// How the server answers the n-th request (0-based) for `path`: a status and extra headers.
pub type Answer = dyn Fn(usize, &str) -> (u16, Vec<(&'static str, String)>) + Send + Sync;

/// A server on a free loopback port, running until the test process ends.
pub struct HttpServer {
    pub port: u16,
    log: Arc<Mutex<Vec<Seen>>>,
}

impl HttpServer {
    /// Starts a server that answers with `answer`.
    pub fn start(answer: Box<Answer>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free loopback port");
        Self::serve(listener, answer)
    }

    /// Serves on `listener` (bound by the test, for a port it chose).
    pub fn serve(listener: TcpListener, answer: Box<Answer>) -> Self {
        let port = listener.local_addr().expect("bound").port();
        let log = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&log);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let at = Instant::now();
                if let Some(path) = request_path(&stream) {
                    let n = {
                        let mut log = seen.lock().expect("the log");
                        log.push(Seen {
                            path: path.clone(),
                            at,
                        });
                        log.len() - 1
                    };
                    let (status, headers) = answer(n, &path);
                    respond(stream, status, &headers);
                }
            }
        });
        Self { port, log }
    }

    /// The requests seen so far, in the order they arrived.
    pub fn requests(&self) -> Vec<Seen> {
        self.log.lock().expect("the log").clone()
    }

    /// `http://127.0.0.1:PORT/path`.
    pub fn url(&self, path: &str) -> String {
        format!(
            "http://127.0.0.1:{}/{}",
            self.port,
            path.trim_start_matches('/')
        )
    }
}

/// The request line's path, reading the head (at most 64 KiB).
fn request_path(mut stream: &TcpStream) -> Option<String> {
    let mut head = Vec::new();
    let mut buf = [0u8; 4096];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 65536 {
        let n = stream.read(&mut buf).ok()?;
        if n == 0 {
            break;
        }
        head.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&head);
    text.lines().next()?.split(' ').nth(1).map(str::to_owned)
}

fn respond(mut stream: TcpStream, status: u16, headers: &[(&str, String)]) {
    let mut text =
        format!("HTTP/1.1 {status} Status\r\nContent-Length: 2\r\nConnection: close\r\n");
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text.push_str("\r\nno");
    let _ = stream.write_all(text.as_bytes());
}
