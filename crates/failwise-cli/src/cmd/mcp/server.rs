//! The processes and pipes of `failwise mcp`: the server started with its stdin and stdout
//! piped and its stderr passed to failwise's own, one thread reading each side's lines into
//! one channel of [`Event`]s, and the server's stop (stdin closed, then SIGTERM, then SIGKILL,
//! as MCP's stdio transport asks of a client).

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use crossbeam_channel::Sender;
use rustix::process::{Pid, Signal, kill_process, kill_process_group};

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
    /// Whether it runs in a process group of its own (signals are forwarded to it).
    own_group: bool,
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
        // In a process group of its own, to which the signals sent to failwise are passed on
        // (`SIGINT`, `SIGTERM`, `SIGHUP`, `SIGQUIT`): the server stops as it would have without
        // the proxy, and the proxy answers what is pending and ends with its status.
        let forwarded = crate::cmd::run::forward::start();
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if forwarded {
            command.process_group(0);
        }
        let mut child = command.spawn()?;
        if forwarded {
            crate::cmd::run::forward::begin(Pid::from_child(&child));
        }
        let stdin = child.stdin.take();
        Ok(Self {
            child,
            stdin,
            generation,
            own_group: forwarded,
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

    /// Kills the server at once (SIGKILL), and what it started with it when it has a group.
    pub fn kill(&mut self) {
        self.stdin = None;
        self.signal(Signal::KILL);
    }

    /// Sends `signal` to the server's process group when it has one of its own, else to it.
    fn signal(&self, signal: Signal) {
        let pid = Pid::from_child(&self.child);
        // The group or the process may have just ended (ESRCH): nothing is left to tell.
        let _ = if self.own_group {
            kill_process_group(pid, signal)
        } else {
            kill_process(pid, signal)
        };
    }

    /// Waits for the server to exit (SIGTERM after [`GRACE`], SIGKILL after as long again) and
    /// returns its exit status: its own, or 128+N for signal N.
    pub fn stop(&mut self) -> u8 {
        self.stdin = None;
        for signal in [None, Some(Signal::TERM), Some(Signal::KILL)] {
            if let Some(signal) = signal {
                self.signal(signal);
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
