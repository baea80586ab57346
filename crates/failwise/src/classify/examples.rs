//! One failure per form of every classification rule: the inputs that reach every code the
//! classifiers can give and every fixed message. [`every`] is what `failwise explain` shows a
//! built-in code by ([`super::explain`]), and what the tests drive every rule and both
//! languages with.

use std::time::Duration;

use super::{Failure, Termination, clap, errno, exit, packs, spawn_failure, sqlite};
use crate::{Envelope, ExitStatus};

fn run(command: &[&str], termination: Termination, stdout: &str, stderr: &str) -> Envelope {
    let command: Vec<String> = command.iter().map(|s| (*s).to_owned()).collect();
    Failure {
        command: &command,
        termination,
        stdout,
        stderr,
        stderr_bytes: stderr.len() as u64,
    }
    .envelope()
}

fn exited(status: u8) -> Termination {
    Termination::Exited(ExitStatus::new(status).unwrap_or(ExitStatus::FAILURE))
}

pub(super) fn failed(program: &str, status: u8, stderr: &str) -> Envelope {
    run(&[program, "arg"], exited(status), "", stderr)
}

/// The first example's input, exiting `status`, as the rule for a status nothing else knows
/// reads it (whatever rule would claim that status first).
pub(super) fn unknown_status(status: ExitStatus) -> Envelope {
    let command = ["tool".to_owned(), "arg".to_owned()];
    let stderr = UNKNOWN_STDERR;
    let failure = Failure {
        command: &command,
        termination: Termination::Exited(status),
        stdout: "",
        stderr,
        stderr_bytes: stderr.len() as u64,
    };
    failure.assemble(exit::unknown(&failure))
}

/// What a command that fails for a reason no rule knows prints.
const UNKNOWN_STDERR: &str = "something odd happened\n";

const RUSTC_JSON: &str = r#"{"reason":"compiler-message","message":{"level":"error","message":"cannot find value `x` in this scope","code":{"code":"E0425"},"spans":[{"file_name":"src/main.rs","line_start":2,"column_start":5,"is_primary":true}],"children":[]}}"#;

/// One envelope per form of every rule, in a fixed order (the first envelope of a code is its
/// plainest example).
pub fn every() -> Vec<Envelope> {
    let mut out = vec![
        failed("tool", 3, UNKNOWN_STDERR),
        failed("tool", 255, ""),
        failed("sh", 127, "sh: 1: deploy-tool: not found\n"),
        failed("sh", 126, "sh: 1: ./run.sh: Permission denied\n"),
        failed("sh", 127, ""),
        failed("python3", 126, "Traceback\n"),
        failed(
            "env",
            127,
            "env: \u{2018}nosuchprog\u{2019}: No such file or directory\n",
        ),
        spawn_failure(
            &["deplyo".to_owned()],
            &std::io::Error::from_raw_os_error(2),
            vec!["deploy".to_owned()],
        ),
        spawn_failure(
            &["deplyo".to_owned()],
            &std::io::Error::from_raw_os_error(2),
            Vec::new(),
        ),
        spawn_failure(
            &["/tmp".to_owned()],
            &std::io::Error::from_raw_os_error(13),
            Vec::new(),
        ),
        spawn_failure(
            &["./script.sh".to_owned()],
            &std::io::Error::from_raw_os_error(8),
            Vec::new(),
        ),
        spawn_failure(
            &["./my tools/it's.sh".to_owned()],
            &std::io::Error::from_raw_os_error(13),
            Vec::new(),
        ),
        spawn_failure(
            &["my tool".to_owned()],
            &std::io::Error::from_raw_os_error(2),
            Vec::new(),
        ),
    ];
    for (crlf, nearby) in [
        (false, vec!["python3".to_owned()]),
        (false, Vec::new()),
        (true, Vec::new()),
    ] {
        out.push(super::interpreter_missing(
            &["./my scripts/deploy.py".to_owned()],
            "./my scripts/deploy.py",
            &super::Shebang {
                interpreter: "/usr/bin/python9".to_owned(),
                crlf,
            },
            nearby,
        ));
    }
    let sleeper = ["sleep".to_owned(), "60".to_owned()];
    out.push(
        Failure {
            command: &sleeper,
            termination: Termination::Signaled(15),
            stdout: "",
            stderr: "",
            stderr_bytes: 0,
        }
        .timed_out(Duration::from_millis(1500)),
    );
    for n in 1..=super::signal::SIGRTMAX {
        out.push(run(&["worker"], Termination::Signaled(n), "", ""));
        out.push(run(&["worker"], exited(128 + n), "", ""));
    }
    for e in exit::SYSEXITS {
        out.push(failed("tool", e.status, ""));
    }
    for e in errno::TABLE {
        out.push(failed(
            "tool",
            1,
            &format!("tool: /srv/data file: {}\n", e.text),
        ));
        out.push(failed(
            "tool",
            1,
            &format!("tool failed: code {}\n", e.name),
        ));
    }
    out.push(failed("node", 1, "connect ECONNREFUSED 127.0.0.1:5432\n"));
    out.push(failed("node", 1, "Error: connect ETIMEDOUT 10.0.0.1:443\n"));
    for (n, _, _) in packs::curl_codes() {
        out.push(failed("curl", n, ""));
        out.push(failed(
            "curl",
            n,
            &format!("curl: ({n}) Something went wrong here\n"),
        ));
    }
    for text in [
        "curl: (6) Could not resolve host: api.example.invalid",
        "curl: (7) Failed to connect to localhost port 9 after 0 ms: Couldn't connect to server",
        "curl: (22) The requested URL returned error: 404",
        "curl: (22) The requested URL returned error: 403",
        "curl: (22) The requested URL returned error: 503",
        "curl: (22) The requested URL returned error: 418",
        "curl: (28) Operation timed out after 5001 milliseconds with 0 bytes received",
        "curl: (52) Empty reply from server",
        "curl: (60) SSL certificate problem: unable to get local issuer certificate",
    ] {
        out.push(failed("curl", 1, &format!("{text}\n")));
    }
    for stderr in [
        "fatal: not a git repository (or any of the parent directories): .git",
        "fatal: unable to access 'https://h.invalid/r.git/': Could not resolve host: h.invalid",
        "fatal: repository 'https://example.com/none.git/' not found",
        "fatal: Authentication failed for 'https://example.com/r.git/'",
        "error: pathspec 'nope' did not match any file(s) known to git",
        "fatal: ambiguous argument 'v9': unknown revision or path not in the working tree.",
        "fatal: Unable to create '/r/.git/index.lock': File exists.",
        "fatal: Unable to create '/r/.git/shallow.lock': File exists.",
        "fatal: destination path 'repo' already exists and is not an empty directory.",
        " ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs to 'origin'",
        " ! [remote rejected] main -> main (hook declined)\nerror: failed to push some refs to 'origin'",
        "CONFLICT (content): Merge conflict in a.txt\nAutomatic merge failed; fix conflicts and then commit the result.",
        "error: Your local changes to the following files would be overwritten by merge:",
        "fatal: couldn't find remote ref feature-x",
    ] {
        out.push(failed("git", 128, &format!("{stderr}\n")));
    }
    let arm = "(ResourceGroupNotFound) Resource group 'rg' could not be found.\nCode: ResourceGroupNotFound\nMessage: Resource group 'rg' could not be found.\n";
    out.push(failed("az", 3, arm));
    out.push(failed("az", 1, arm));
    for stderr in [
        "ssh: connect to host h.example port 22: Connection refused",
        "ssh: Could not resolve hostname nohost: Name or service not known",
        "u@h: Permission denied (publickey).",
        "Host key verification failed.",
        "kex_exchange_identification: read: Connection reset",
    ] {
        out.push(failed("ssh", 255, &format!("{stderr}\n")));
    }
    for &(n, _, text, _) in sqlite::CODES {
        out.push(failed("sqlite3", 1, &format!("Error: {text} ({n})\n")));
    }
    out.push(failed(
        "sqlite3",
        1,
        "Error: in prepare, no such table: users\n",
    ));
    for npm in [
        "npm error Missing script: \"buld\"\nnpm error\nnpm error Did you mean this?\nnpm error   npm run build # run the \"build\" package script",
        "npm ERR! code ECONNREFUSED\nnpm ERR! syscall connect\nnpm ERR! errno ECONNREFUSED\nnpm ERR! request to https://registry.npmjs.org/x failed, reason: connect ECONNREFUSED 127.0.0.1:443",
        "npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/nope - Not found",
        "npm ERR! code ETARGET\nnpm ERR! notarget No matching version found for left-pad@99.0.0.",
        "npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree",
        "npm ERR! code E401\nnpm ERR! 401 Unauthorized - GET https://registry.npmjs.org/x",
        "npm ERR! code EINTEGRITY\nnpm ERR! EINTEGRITY sha512 integrity checksum failed",
        "npm ERR! code ELIFECYCLE\nnpm ERR! ELIFECYCLE Exit status 1",
        "npm ERR! code ENOTFOUND\nnpm ERR! ENOTFOUND request to https://registry.npmjs.org failed",
        "npm ERR! code EUSAGE\nnpm ERR! EUSAGE Unknown command",
        "npm ERR! code E500\nnpm ERR! 500 Internal Server Error - GET https://registry.npmjs.org/x",
        "npm ERR! code EWEIRD",
    ] {
        out.push(failed("npm", 1, &format!("{npm}\n")));
    }
    for pip in [
        "ERROR: Could not find a version that satisfies the requirement nope==9 (from versions: 1.0, 2.0)\nERROR: No matching distribution found for nope==9",
        "ERROR: Invalid requirement: 'a b'",
        "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io",
        "error: externally-managed-environment",
        "ERROR: HTTP error 503 while getting https://pypi.org/simple/x/",
    ] {
        out.push(failed("pip", 1, &format!("{pip}\n")));
    }
    out.push(run(&["cargo", "build"], exited(101), RUSTC_JSON, ""));
    out.push(failed(
        "cargo",
        101,
        "error[E0599]: no method named `foo` found for struct `S`\n  --> src/lib.rs:4:7\n",
    ));
    for cargo in [
        "error: no such command: `buidl`\n\n\tDid you mean `build`?",
        "error: could not find `Cargo.toml` in `/tmp/x` or any parent directory",
        "error: could not compile `app` (bin \"app\") due to 1 previous error",
        "error: test failed, to rerun pass `--lib`",
    ] {
        out.push(failed("cargo", 101, &format!("{cargo}\n")));
    }
    for (phrase, _) in clap::KINDS {
        out.push(failed(
            "mytool",
            2,
            &format!("{phrase}'--x' found\n\nUsage: mytool [OPTIONS]\n\nFor more information, try '--help'.\n"),
        ));
    }
    out
}

#[cfg(test)]
mod tests;
