//! Command lines that do not parse end in a usage envelope (exit 2); help and version print
//! as usual and exit 0.

use crate::support::{envelope, recourse};

/// Each case: the command line, and what must hold besides the snapshot.
fn check(name: &str, args: &[&str], code: &str, nearby_first: Option<&str>) {
    let run = recourse(args);
    assert_eq!(run.status, 2, "{args:?}: {}", run.stderr);
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], code);
    assert_eq!(value["exit"], 2);
    assert_eq!(value["nearby"][0].as_str(), nearby_first);
    insta::assert_snapshot!(
        name,
        format!(
            "$ recourse {}\nexit {}\n{}",
            args.join(" "),
            run.status,
            run.stdout
        )
    );
}

#[test]
fn unknown_subcommand() {
    check(
        "unknown_subcommand",
        &["shcema"],
        "INVALID_SUBCOMMAND",
        Some("schema"),
    );
}

#[test]
fn unknown_flag_with_suggestion() {
    check(
        "unknown_flag_with_suggestion",
        &["--jsn", "schema"],
        "UNKNOWN_ARGUMENT",
        Some("--json"),
    );
}

#[test]
fn invalid_value_with_possible_values() {
    check(
        "invalid_value_with_possible_values",
        &["completions", "fsh"],
        "INVALID_VALUE",
        Some("fish"),
    );
    check(
        "invalid_value_without_a_close_one",
        &["--format", "xml", "schema"],
        "INVALID_VALUE",
        Some("json"),
    );
}

#[test]
fn missing_required_argument() {
    check(
        "missing_required_argument",
        &["completions"],
        "MISSING_REQUIRED_ARGUMENT",
        None,
    );
}

#[test]
fn missing_subcommand() {
    // Not a snapshot: the list of subcommands grows with the binary.
    let run = recourse(&[]);
    assert_eq!(run.status, 2);
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], "MISSING_SUBCOMMAND");
    let nearby = value["nearby"].as_array().expect("subcommands in nearby");
    assert!(nearby.contains(&"schema".into()) && nearby.contains(&"completions".into()));
    assert_eq!(value["params"]["valid_subcommands"], value["nearby"]);
}

#[test]
fn human_format_is_honoured_on_a_parse_error() {
    let run = recourse(&["--format", "human", "shcema"]);
    assert_eq!(run.status, 2);
    assert!(
        run.stdout.starts_with("error[INVALID_SUBCOMMAND]"),
        "{}",
        run.stdout
    );
    insta::assert_snapshot!("unknown_subcommand_human", run.stdout);
}

#[test]
fn help_and_version_print_and_exit_zero() {
    let help = recourse(&["--help"]);
    assert_eq!(help.status, 0);
    assert!(help.stdout.contains("Usage: recourse"), "{}", help.stdout);
    let version = recourse(&["--version"]);
    assert_eq!(version.status, 0);
    assert_eq!(
        version.stdout.trim(),
        concat!("recourse ", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn an_empty_command_is_a_usage_error_not_a_missing_program() {
    let run = recourse(&["run", "--", ""]);
    assert_eq!(run.status, 2, "{}", run.stdout);
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], "EMPTY_COMMAND");
    assert_eq!(value["message"], "the command to run is empty");
    assert!(
        !value["recovery"]
            .as_str()
            .unwrap_or_default()
            .contains("install"),
        "{}",
        value["recovery"]
    );
}
