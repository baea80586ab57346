//! The process exit status tells the truth: it equals the `exit` of the envelope that explains
//! it, and lost output is never a success.

use std::process::{Command, Stdio};

use crate::support::{envelope, failwise};

#[test]
fn an_unreadable_input_exits_with_its_envelopes_status() {
    for args in [
        &["validate", "/no/such/input.ndjson"][..],
        &["validate", "/"][..],
    ] {
        let run = failwise(args);
        let e = envelope(&run.stdout);
        assert_eq!(e["code"], "INPUT_UNREADABLE", "{args:?}");
        assert_eq!(
            i64::from(run.status),
            e["exit"].as_i64().unwrap(),
            "{args:?}: {}",
            run.stdout
        );
    }
}

#[test]
fn a_mistyped_run_flag_is_a_usage_error_not_the_command() {
    let run = failwise(&["run", "--retires", "3", "--", "true"]);
    assert_eq!(run.status, 2, "{}", run.stdout);
    let e = envelope(&run.stdout);
    assert_eq!(e["code"], "UNKNOWN_ARGUMENT");
    assert_eq!(e["nearby"][0], "--retries");
}

#[test]
fn the_command_may_still_take_flags_after_its_name() {
    let run = failwise(&["run", "ls", "-d", "/"]);
    assert_eq!((run.status, run.stdout.as_str()), (0, "/\n"));
}

#[test]
fn a_failed_write_to_stdout_is_not_a_success() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        panic!("/dev/full is needed to test a full disk");
    };
    for args in [&["schema"][..], &["--help"][..]] {
        let out = Command::new(env!("CARGO_BIN_EXE_failwise"))
            .args(args)
            .stdout(Stdio::from(full.try_clone().unwrap()))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(74), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("cannot write to stdout"),
            "{args:?}: {stderr}"
        );
    }
}
