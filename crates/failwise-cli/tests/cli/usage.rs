//! Command lines that do not parse end in a usage envelope (exit 2); help and version print
//! as usual and exit 0.

use crate::support::{envelope, failwise};

/// Each case: the command line, and what must hold besides the snapshot.
fn check(name: &str, args: &[&str], code: &str, nearby_first: Option<&str>) {
    let run = failwise(args);
    assert_eq!(run.status, 2, "{args:?}: {}", run.stderr);
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], code);
    assert_eq!(value["exit"], 2);
    assert_eq!(value["nearby"][0].as_str(), nearby_first);
    insta::assert_snapshot!(
        name,
        format!(
            "$ failwise {}\nexit {}\n{}",
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
    let run = failwise(&[]);
    assert_eq!(run.status, 2);
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], "MISSING_SUBCOMMAND");
    let nearby = value["nearby"].as_array().expect("subcommands in nearby");
    assert!(nearby.contains(&"schema".into()) && nearby.contains(&"completions".into()));
    assert_eq!(value["params"]["valid_subcommands"], value["nearby"]);
}

#[test]
fn human_format_is_honoured_on_a_parse_error() {
    let run = failwise(&["--format", "human", "shcema"]);
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
    let help = failwise(&["--help"]);
    assert_eq!(help.status, 0);
    assert!(help.stdout.contains("Usage: failwise"), "{}", help.stdout);
    let version = failwise(&["--version"]);
    assert_eq!(version.status, 0);
    assert_eq!(
        version.stdout.trim(),
        concat!("failwise ", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn an_empty_command_is_a_usage_error_not_a_missing_program() {
    let run = failwise(&["run", "--", ""]);
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

/// clap's own suggestion (Jaro similarity 0.7) is dropped when the did-you-mean rules would
/// not make it: `nope` is nothing like `openai`, so no value is put forward as meant.
#[test]
fn a_far_off_value_gets_no_suggestion() {
    let run = failwise(&["normalize", "--from", "nope", "-"]);
    assert_eq!(run.status, 2, "{}", run.stderr);
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], "INVALID_VALUE");
    assert!(value["params"].get("suggested_value").is_none(), "{value}");
    let recovery = value["recovery"].as_str().unwrap_or_default();
    assert!(
        recovery.starts_with("pass one of `auto`, `failwise`"),
        "{recovery}"
    );
    assert_eq!(
        value["nearby"][0], "auto",
        "the accepted values, in clap's order"
    );

    let close = envelope(&failwise(&["normalize", "--from", "atomwrit", "-"]).stdout);
    assert_eq!(close["nearby"][0], "atomwrite");
    assert_eq!(close["params"]["suggested_value"], "atomwrite");
}

/// A value the parser refuses is fixed in the subcommand it belongs to: the recovery names
/// the flag and that subcommand's help, and a negative count is a bad value, not a flag.
#[test]
fn a_refused_value_names_its_flag_and_subcommand_help() {
    for (args, flag) in [
        (&["run", "--timeout", "abc", "--", "true"][..], "--timeout"),
        (&["run", "--retries", "-1", "--", "true"][..], "--retries"),
    ] {
        let run = failwise(args);
        assert_eq!(run.status, 2, "{args:?}: {}", run.stderr);
        let value = envelope(&run.stdout);
        assert_eq!(value["code"], "VALUE_VALIDATION", "{args:?}: {value}");
        let recovery = value["recovery"].as_str().unwrap_or_default();
        assert!(recovery.contains(&format!("`{flag}`")), "{recovery}");
        assert!(recovery.contains("`failwise run --help`"), "{recovery}");
    }
}

/// The command path is read from the command line without taking a flag's value for a
/// subcommand (`--lang run` is a language, not `failwise run`).
#[test]
fn a_flag_value_that_spells_a_subcommand_is_not_the_command_path() {
    let value = envelope(&failwise(&["--json", "--lang", "run", "valdate"]).stdout);
    assert_eq!(value["params"]["command"], "failwise");
    assert_eq!(
        value["recovery"],
        "run `failwise validate` instead, or run `failwise --help` for the accepted arguments"
    );
    let value =
        envelope(&failwise(&["--json", "catalog", "--lang", "lint", "docs", "--to", "pdf"]).stdout);
    assert_eq!(
        value["params"]["command"], "failwise catalog docs",
        "{value}"
    );
}

/// clap's suggestion survives when the word typed begins as the suggestion does for two
/// thirds of its length (`complete` → `completions`), though the edit is longer than the
/// near-miss rules allow.
#[test]
fn a_suggestion_that_shares_most_of_the_beginning_is_kept() {
    let value = envelope(&failwise(&["--json", "complete"]).stdout);
    assert_eq!(value["nearby"][0], "completions", "{value}");
}

/// A flag given no value: the recovery says to give it one, in pt-BR as in English, and names
/// the subcommand's help.
#[test]
fn a_flag_without_its_value_is_fixed_in_both_languages() {
    for (lang, expected) in [
        (
            "en",
            "give `--retries` a value of the form the message describes, or run `failwise run --help` for the accepted arguments",
        ),
        (
            "pt-BR",
            "dê a `--retries` um valor na forma que a mensagem descreve, ou rode `failwise run --help` para ver os argumentos aceitos",
        ),
    ] {
        let run = failwise(&["--json", "--lang", lang, "run", "--retries"]);
        assert_eq!(run.status, 2);
        assert_eq!(envelope(&run.stdout)["recovery"], expected, "{lang}");
    }
}

/// A value with no close one: pt-BR lists the accepted values as the English does, and does not
/// put the first of them forward as if it were meant.
#[test]
fn a_value_with_no_close_one_lists_the_accepted_values_in_both_languages() {
    for (lang, start) in [
        ("en", "pass one of `failwise`, `sqlite-graphrag`,"),
        ("pt-BR", "passe um de `failwise`, `sqlite-graphrag`,"),
    ] {
        let run = failwise(&["--json", "--lang", lang, "normalize", "--to", "openai", "-"]);
        assert_eq!(run.status, 2);
        let value = envelope(&run.stdout);
        let recovery = value["recovery"].as_str().unwrap_or_default();
        assert!(recovery.starts_with(start), "{lang}: {recovery}");
    }
    let close = envelope(
        &failwise(&[
            "--json",
            "--lang",
            "pt-BR",
            "normalize",
            "--from",
            "atomwrit",
            "-",
        ])
        .stdout,
    );
    assert_eq!(
        close["recovery"],
        "passe `atomwrite` para `--from`, ou outro valor listado em `nearby`"
    );
}

/// A refused duration says why in the chosen language, inside clap's message spelled again;
/// `params.reason` keeps the English.
#[test]
fn a_refused_duration_says_why_in_the_chosen_language() {
    let args = [
        "--json",
        "--lang",
        "pt-BR",
        "run",
        "--timeout",
        "0s",
        "--",
        "true",
    ];
    let value = envelope(&failwise(&args).stdout);
    assert_eq!(value["lang"], "pt-BR", "{value}");
    assert_eq!(
        value["message"],
        "valor inválido '0s' para '--timeout <DURATION>': `0s` é zero: um limite de tempo deve ser maior que zero, como 500ms ou 30s; omita a opção para não ter limite"
    );
    assert_eq!(
        value["params"]["reason"],
        "`0s` is zero: a time limit must be longer than zero, such as 500ms or 30s; leave the flag out for no limit"
    );
}

/// A negative duration is read as the flag's value and refused as negative, not taken for an
/// unknown flag.
#[test]
fn a_negative_duration_is_refused_as_negative() {
    for flag in ["--timeout", "--kill-after", "--retry-budget"] {
        let run = failwise(&["--json", "run", flag, "-1s", "--", "true"]);
        assert_eq!(run.status, 2, "{flag}");
        let value = envelope(&run.stdout);
        assert_eq!(value["code"], "VALUE_VALIDATION", "{flag}");
        assert_eq!(value["params"]["invalid_value"], "-1s", "{flag}");
        let reason = value["params"]["reason"].as_str().unwrap_or_default();
        assert!(reason.contains("is negative"), "{flag}: {reason}");
    }
}

/// Durations are read as humantime reads them: days, several spans in a row, milliseconds; a
/// unit it does not know is still a usage envelope that names the accepted form.
#[test]
fn durations_read_as_humantime_reads_them() {
    for (flag, value) in [
        ("--timeout", "1d"),
        ("--timeout", "1m30s"),
        ("--kill-after", "250ms"),
        ("--retry-budget", "2h 5m"),
    ] {
        let run = failwise(&["--json", "run", flag, value, "--", "true"]);
        assert_eq!(
            (run.status, run.stdout.as_str()),
            (0, ""),
            "{flag} {value}: {}",
            run.stdout
        );
    }
    let run = failwise(&["--json", "run", "--timeout", "5 fortnights", "--", "true"]);
    assert_eq!(run.status, 2);
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], "VALUE_VALIDATION");
    assert_eq!(
        value["params"]["reason"],
        "`5 fortnights` has an unknown unit: write numbers each followed by a unit (ms, s, m, h, d, w), such as 250ms, 1m30s or 1d"
    );
}

/// A flag another subcommand takes is no alternative: `normalize --secret` (a flag of `run`)
/// is told to drop it, not to "replace `--secret` with `--secret`".
#[test]
fn a_flag_of_another_subcommand_is_not_put_forward() {
    let run = failwise(&["--json", "normalize", "--secret", "x"]);
    assert_eq!(run.status, 2);
    let value = envelope(&run.stdout);
    assert_eq!(value["code"], "UNKNOWN_ARGUMENT");
    let nearby: Vec<&str> = value["nearby"]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str()).collect())
        .unwrap_or_default();
    assert!(!nearby.contains(&"--secret"), "{nearby:?}");
    assert!(
        value["recovery"]
            .as_str()
            .is_some_and(|r| r.starts_with("remove `--secret`"))
    );
}

/// `catalog docs --format md|html` is read as `--to`; given with `--to` too, the conflict names
/// `--format`, the argument as typed, never "`--to` cannot be used with `--to`".
#[test]
fn a_conflict_with_the_format_alias_names_format() {
    for args in [
        &["catalog", "docs", "X", "--format", "html", "--to", "md"][..],
        &["catalog", "docs", "X", "--format", "md", "--to", "md"][..],
        &["catalog", "docs", "X", "--to", "md", "--format=html"][..],
    ] {
        let run = crate::support::failwise(args);
        assert_eq!(run.status, 2, "{args:?}: {}", run.stdout);
        let value = crate::support::envelope(&run.stdout);
        assert_eq!(value["code"], "ARGUMENT_CONFLICT", "{args:?}");
        assert_eq!(
            value["params"]["invalid_argument"], "--format <FORMAT>",
            "{args:?}"
        );
        assert_eq!(value["params"]["prior_argument"], "--to <TO>", "{args:?}");
        let message = value["message"].as_str().expect("a message");
        assert!(
            message.contains("'--format <FORMAT>'"),
            "{args:?}: {message}"
        );
        let recovery = value["recovery"].as_str().expect("a recovery");
        assert!(
            recovery.contains("drop `--format <FORMAT>`"),
            "{args:?}: {recovery}"
        );
    }
}
