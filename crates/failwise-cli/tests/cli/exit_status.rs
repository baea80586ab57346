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

/// `validate` whose reports cannot be written exits 74 (`EX_IOERR`) as every subcommand does,
/// not 1 (its report is lost, so "invalid lines" is not what happened), and stops reading
/// when the write fails instead of checking every line that follows.
#[test]
fn validate_that_cannot_write_its_reports_exits_74_and_stops_reading() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        panic!("/dev/full is needed to test a full disk");
    };
    let dir = tempfile::tempdir().expect("a directory");
    let one = dir.path().join("one.ndjson");
    std::fs::write(&one, "{\"error\":true}\n").expect("write");
    let good = r#"{"error":true,"code":"X","exit":1,"message":"m","error_class":"permanent","retry":"no","retryable":false,"recovery":"do it"}"#;
    let lines = 200_000;
    let big_text: String = (0..lines)
        .map(|i| {
            if i % 50 == 0 {
                "{}\n".to_owned()
            } else {
                format!("{good}\n")
            }
        })
        .collect();
    let big = dir.path().join("big.ndjson");
    std::fs::write(&big, big_text).expect("write");
    for (file, read_all) in [(&one, true), (&big, false)] {
        let out = Command::new(env!("CARGO_BIN_EXE_failwise"))
            .args(["--json", "validate"])
            .arg(file)
            .arg(&one)
            .env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests")
            .stdout(Stdio::from(full.try_clone().expect("a clone")))
            .output()
            .expect("it runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(74), "{file:?}: {stderr}");
        assert!(stderr.contains("cannot write to stdout"), "{stderr}");
        let summary: serde_json::Value = stderr
            .lines()
            .find_map(|l| serde_json::from_str(l).ok())
            .unwrap_or_else(|| panic!("a summary: {stderr}"));
        let read = summary["lines"].as_u64().expect("lines");
        if read_all {
            assert_eq!(read, 1, "{summary}");
        } else {
            // Stopped: neither the rest of the big file nor the next file was read.
            assert!(read < lines / 2, "{summary}");
        }
    }
}
