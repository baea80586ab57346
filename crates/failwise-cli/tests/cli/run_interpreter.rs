//! `failwise run` on a script whose `#!` interpreter is missing: the script was found, so the
//! envelope says which interpreter is missing instead of "command not found".

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use crate::support::{envelope, failwise};

fn script(path: &Path, text: &str) {
    std::fs::write(path, text).expect("write");
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

#[test]
fn a_missing_interpreter_is_named_with_the_nearest_on_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    let spaced = dir.path().join("my scripts");
    std::fs::create_dir(&spaced).expect("mkdir");
    let path = spaced.join("deploy");
    script(&path, "#!/usr/bin/no-such-shelll\necho hi\n");
    let program = path.to_str().expect("utf-8");
    let run = failwise(&["run", "--", program]);
    assert_eq!(run.status, 126, "{}", run.stdout);
    let v = envelope(&run.stdout);
    assert_eq!(v["code"], "INTERPRETER_NOT_FOUND");
    assert_eq!(v["params"]["interpreter"], "/usr/bin/no-such-shelll");
    assert_eq!(v["params"]["script"], program);
    let recovery = v["recovery"].as_str().expect("recovery");
    // The path has a space: it is one shell word in the recovery.
    assert!(recovery.contains(&format!("'{program}'")), "{recovery}");
    let message = v["message"].as_str().expect("message");
    assert!(message.contains("/usr/bin/no-such-shelll"), "{message}");
}

#[test]
fn crlf_line_endings_are_said_as_such() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("run.sh");
    script(&path, "#!/bin/sh\r\necho hi\r\n");
    let run = failwise(&["run", "--", path.to_str().expect("utf-8")]);
    assert_eq!(run.status, 126);
    let v = envelope(&run.stdout);
    assert_eq!(v["code"], "INTERPRETER_NOT_FOUND");
    assert_eq!(v["params"]["crlf"], true);
    assert!(
        v["recovery"]
            .as_str()
            .is_some_and(|r| r.contains("LF line endings")),
        "{}",
        run.stdout
    );
}

#[test]
fn a_program_that_does_not_exist_is_still_command_not_found() {
    let run = failwise(&["run", "--", "./no such program"]);
    assert_eq!(run.status, 127);
    let v = envelope(&run.stdout);
    assert_eq!(v["code"], "COMMAND_NOT_FOUND");
}

/// An executable file that is a binary of the wrong format (an ELF header and garbage) is not
/// run as a shell script: it is `CANNOT_EXECUTE` with ENOEXEC's advice, not "command not
/// found" (a text file with no `#!` line still runs with `/bin/sh`).
#[test]
fn a_binary_the_kernel_refuses_is_not_run_as_a_script() {
    let dir = tempfile::tempdir().expect("a directory");
    let bin = dir.path().join("bin.dat");
    std::fs::write(&bin, b"\x7fELF\x02\x01\x01garbage").expect("write");
    std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let path = bin.to_str().expect("UTF-8");
    let run = failwise(&["run", "--", path]);
    assert_eq!(run.status, 126, "{}", run.stdout);
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], "CANNOT_EXECUTE");
    assert_eq!(value["params"]["errno"], "ENOEXEC");
    assert!(
        value["recovery"]
            .as_str()
            .unwrap_or_default()
            .contains("file "),
        "{value}"
    );
}

/// An executable text file with no `#!` line found through `PATH` runs with `/bin/sh` given
/// the file's resolved path, as `execvp` does on ENOEXEC: never the bare name, which `sh`
/// would look up in the current directory (there it finds nothing, or a different file).
#[test]
fn a_script_without_shebang_found_on_path_runs_by_its_resolved_path() {
    let dir = tempfile::tempdir().expect("a directory");
    let bin = dir.path().join("bin");
    let cwd = dir.path().join("cwd");
    std::fs::create_dir(&bin).expect("mkdir bin");
    std::fs::create_dir(&cwd).expect("mkdir cwd");
    script(&bin.join("nsx"), "echo hi; exit 4\n");
    // A file of the same name in the working directory, not executable: it must not run.
    std::fs::write(cwd.join("nsx"), "echo WRONG FILE RAN FROM CWD; exit 9\n").expect("write");
    let path = std::env::join_paths(std::iter::once(bin.clone()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .expect("a PATH");
    for from in [dir.path(), cwd.as_path()] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_failwise"))
            .args(["run", "--", "nsx"])
            .current_dir(from)
            .env("PATH", &path)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG")
            .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
            .output()
            .expect("the binary runs");
        let stdout = String::from_utf8(out.stdout).expect("UTF-8");
        let stderr = String::from_utf8(out.stderr).expect("UTF-8");
        assert_eq!(
            out.status.code(),
            Some(4),
            "from {from:?}: {stdout}{stderr}"
        );
        assert!(stdout.starts_with("hi\n"), "from {from:?}: {stdout}");
        assert!(!stdout.contains("WRONG FILE"), "from {from:?}: {stdout}");
        assert_eq!(envelope(&stdout)["code"], "EXIT_4", "{stdout}");
        assert!(stderr.is_empty(), "from {from:?}: {stderr}");
    }
}
