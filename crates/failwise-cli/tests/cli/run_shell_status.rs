//! Exit 127 and 126 from a command that was started: the shell's "command not found" and
//! "cannot execute" are about a program the command ran, never the command itself.

use crate::support::{envelope, failwise};

#[test]
fn env_running_a_missing_program_names_that_program() {
    let run = failwise(&["run", "--", "env", "nosuchprog-failwise"]);
    let value = envelope(&run.stdout);
    assert_eq!(run.status, 127, "{}", run.stdout);
    assert_eq!(value["code"], "COMMAND_NOT_FOUND");
    assert_eq!(value["params"]["name"], "nosuchprog-failwise");
    let message = value["message"].as_str().unwrap_or_default();
    assert!(
        message.ends_with("command not found: nosuchprog-failwise"),
        "{message}"
    );
    assert!(
        !value["recovery"]
            .as_str()
            .unwrap_or_default()
            .contains("`env`")
    );
}

#[test]
fn a_program_missing_inside_a_shell_gets_nearby_names_from_path() {
    let run = failwise(&["run", "--", "sh", "-c", "ech hello"]);
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], "COMMAND_NOT_FOUND", "{}", run.stdout);
    assert_eq!(value["params"]["name"], "ech");
    let nearby = value["nearby"].as_array().cloned().unwrap_or_default();
    assert!(nearby.iter().any(|n| n == "echo"), "{nearby:?}");
}

#[test]
fn a_bare_status_127_or_126_is_reported_as_a_status_not_a_missing_command() {
    for (status, meaning) in [
        ("127", "command not found"),
        ("126", "found but cannot execute"),
    ] {
        let script = format!("exit {status}");
        let run = failwise(&["run", "--", "sh", "-c", &script]);
        let value = envelope(&run.stdout);
        assert_eq!(run.status.to_string(), status, "{}", run.stdout);
        assert_eq!(value["code"], format!("EXIT_{status}"));
        assert_eq!(value["error_class"], "ambiguous");
        assert_eq!(value["params"]["shell_meaning"], meaning);
        let message = value["message"].as_str().unwrap_or_default();
        assert!(message.contains(&format!("\"{meaning}\"")), "{message}");
        assert!(!message.contains("not found: sh"), "{message}");
        let recovery = value["recovery"].as_str().unwrap_or_default();
        assert!(!recovery.contains("chmod +x sh"), "{recovery}");
        assert!(!recovery.contains("install `sh`"), "{recovery}");
    }
}
