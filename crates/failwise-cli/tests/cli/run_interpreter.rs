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
