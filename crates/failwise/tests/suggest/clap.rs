//! clap parse errors as envelopes (feature `clap`): codes, params, nearby, discarded flags.

use clap::{Arg, ArgAction, Command};
use failwise::Envelope;

fn app() -> Command {
    Command::new("tool")
        .arg(
            Arg::new("verbose")
                .long("verbose")
                .short('v')
                .action(ArgAction::SetTrue)
                .global(true),
        )
        .arg(
            Arg::new("color")
                .long("color")
                .value_parser(["auto", "always", "never"])
                .global(true),
        )
        .subcommand(Command::new("deploy").arg(Arg::new("target").required(true)))
        .subcommand(Command::new("status"))
}

fn envelope(line: &[&str], applied: &[&str]) -> Envelope {
    let err = app()
        .try_get_matches_from(line)
        .expect_err("the line does not parse");
    Envelope::from_clap_args(&err, &app(), line, applied).expect("a failure, not a display")
}

#[test]
fn unknown_flag_names_the_flag_its_kind_and_the_suggestion_first() {
    let e = envelope(&["tool", "-v", "--colr", "auto", "status"], &[]);
    assert_eq!(e.code().as_str(), "UNKNOWN_ARGUMENT");
    assert_eq!(e.exit().get(), 2);
    assert_eq!(e.retry(), failwise::Retry::No);
    assert_eq!(e.params()["invalid_argument"], "--colr");
    assert_eq!(e.params()["kind"], "unknown_argument");
    assert_eq!(e.nearby()[0], "--color");
    assert_eq!(e.discarded_flags(), ["-v"]);
    assert!(e.recovery().contains("`--color`"), "{}", e.recovery());
}

#[test]
fn applied_flags_are_not_discarded_and_values_are_not_flags() {
    let e = envelope(
        &["tool", "--verbose", "--color=never", "stats"],
        &["--verbose"],
    );
    assert_eq!(e.code().as_str(), "INVALID_SUBCOMMAND");
    assert_eq!(e.discarded_flags(), ["--color=never"]);
    assert_eq!(e.nearby()[0], "status");
}

#[test]
fn invalid_value_lists_the_valid_values_with_the_closest_first() {
    let e = envelope(&["tool", "--color", "nevr", "status"], &[]);
    assert_eq!(e.code().as_str(), "INVALID_VALUE");
    assert_eq!(e.params()["invalid_value"], "nevr");
    assert_eq!(e.nearby(), ["never", "auto", "always"]);
    let e = envelope(&["tool", "--color", "purple", "status"], &[]);
    assert_eq!(e.nearby(), ["auto", "always", "never"]);
    assert_eq!(
        e.recovery(),
        "pass one of `auto`, `always`, `never` to `--color`"
    );
}

#[test]
fn missing_required_argument_and_missing_subcommand() {
    let e = envelope(&["tool", "deploy"], &[]);
    assert_eq!(e.code().as_str(), "MISSING_REQUIRED_ARGUMENT");
    assert_eq!(
        e.params()["invalid_argument"],
        serde_json::json!(["<target>"])
    );
    assert!(e.message().ends_with("<target>"), "{}", e.message());
    let cmd = app().subcommand_required(true);
    let err = cmd.clone().try_get_matches_from(["tool"]).unwrap_err();
    let e = Envelope::from_clap(&err, &cmd).expect("a failure");
    assert_eq!(e.code().as_str(), "MISSING_SUBCOMMAND");
    assert!(e.nearby().contains(&"deploy".to_owned()));
}

#[test]
fn help_and_version_are_not_failures() {
    let cmd = app().version("1.0");
    for line in [["tool", "--help"], ["tool", "--version"]] {
        let err = cmd.clone().try_get_matches_from(line).unwrap_err();
        assert!(Envelope::from_clap(&err, &cmd).is_none(), "{line:?}");
    }
}
