//! The processes and pipes of `failwise mcp`: the server started with its stdin and stdout
//! piped and its stderr passed to failwise's own, one thread reading each side's lines into
//! one channel of [`Event`]s, and the server's stop (stdin closed, then SIGTERM, then SIGKILL,
//! as MCP's stdio transport asks of a client).

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use crossbeam_channel::Sender;
use rustix::process::{Pid, Signal, kill_process};

/// How long a server is given to exit after its stdin closed, and again after SIGTERM.
pub const GRACE: Duration = Duration::from_secs(2);

/// What the relay waits on.
pub enum Event {
    /// A line from the client (its newline kept, when it had one).
    Client(Vec<u8>),
    /// The client closed failwise's stdin.
    ClientClosed,
    /// A line from the server of this generation.
    Server(u32, Vec<u8>),
    /// The server of this generation closed its stdout.
    ServerClosed(u32),
}

/// A running server.
pub struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    generation: u32,
}

impl Server {
    /// Starts `argv` (program first), generation 0.
    ///
    /// # Errors
    ///
    /// The error of starting it (not found, not executable).
    pub fn start(argv: &[OsString]) -> io::Result<Self> {
        Self::spawn(argv, 0)
    }

    fn spawn(argv: &[OsString], generation: u32) -> io::Result<Self> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdin = child.stdin.take();
        Ok(Self {
            child,
            stdin,
            generation,
        })
    }

    /// A new server from `argv`, of the next generation, after this one was stopped.
    ///
    /// # Errors
    ///
    /// The error of starting it.
    pub fn restart(&self, argv: &[OsString]) -> io::Result<Self> {
        Self::spawn(argv, self.generation.wrapping_add(1))
    }

    /// Which start of the server this is (0 for the first).
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// Starts the thread that reads the server's stdout into `events`.
    pub fn read_into(&mut self, events: Sender<Event>) {
        let Some(stdout) = self.child.stdout.take() else {
            return;
        };
        let generation = self.generation;
        std::thread::spawn(move || {
            let send = |line| events.send(Event::Server(generation, line)).is_ok();
            read_lines(stdout, send);
            let _ = events.send(Event::ServerClosed(generation));
        });
    }

    /// Writes one message to the server's stdin. A server that no longer reads is not an error
    /// here: its death is seen on its stdout.
    pub fn send(&mut self, bytes: &[u8]) {
        if let Some(stdin) = &mut self.stdin
            && stdin.write_all(bytes).and_then(|()| stdin.flush()).is_err()
        {
            self.stdin = None;
        }
    }

    /// Closes the server's stdin: the end of the session for a stdio server.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Kills the server at once (SIGKILL).
    pub fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
    }

    /// Waits for the server to exit (SIGTERM after [`GRACE`], SIGKILL after as long again) and
    /// returns its exit status: its own, or 128+N for signal N.
    pub fn stop(&mut self) -> u8 {
        self.stdin = None;
        let pid = Pid::from_child(&self.child);
        for signal in [None, Some(Signal::TERM), Some(Signal::KILL)] {
            if let Some(signal) = signal {
                let _ = kill_process(pid, signal);
            }
            let deadline = Instant::now() + GRACE;
            while Instant::now() < deadline {
                match self.child.try_wait() {
                    Ok(Some(status)) => return exit_code(status),
                    Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                    Err(_) => return 1,
                }
            }
        }
        self.child.wait().map_or(1, exit_code)
    }
}

/// An exit status as a shell gives it: the code, or 128+N for signal N.
fn exit_code(status: std::process::ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => u8::try_from(code & 0xff).unwrap_or(1),
        (None, Some(signal)) => u8::try_from((128 + signal).min(255)).unwrap_or(255),
        (None, None) => 1,
    }
}

/// Starts the thread that reads failwise's stdin (the client's messages) into `events`.
pub fn read_client(events: Sender<Event>) {
    std::thread::spawn(move || {
        let send = |line| events.send(Event::Client(line)).is_ok();
        read_lines(io::stdin(), send);
        let _ = events.send(Event::ClientClosed);
    });
}

/// Reads `input` line by line, handing each (with its newline) to `send` until it refuses
/// one or the input ends.
fn read_lines(input: impl Read, mut send: impl FnMut(Vec<u8>) -> bool) {
    let mut reader = BufReader::with_capacity(1 << 16, input);
    loop {
        let mut line = Vec::new();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if !send(line) {
                    return;
                }
            }
        }
    }
}
