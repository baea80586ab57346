//! When the human form is coloured: `--color always|never` as they say, and for `auto`
//! anstream's rules (`NO_COLOR`, `CLICOLOR_FORCE`, `CLICOLOR`, a terminal whose `TERM` is set
//! and not `dumb`). Each combination is run into a pipe with `--format human`, and the ones
//! that depend on a terminal on a pseudo-terminal that `script` (util-linux) opens.

use std::process::{Command, Stdio};

/// Runs `failwise ARGS` with stdout a pipe, in a neutral environment plus `vars`; returns its
/// stdout.
fn into_a_pipe(args: &[&str], vars: &[(&str, &str)]) -> String {
    let mut cmd = neutral(Command::new(env!("CARGO_BIN_EXE_failwise")));
    cmd.args(args).envs(vars.iter().copied());
    let out = cmd.output().expect("the binary runs");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Runs `failwise ARGS` on a pseudo-terminal (stdout and stderr), with `TERM=xterm` unless
/// `vars` says otherwise; returns what the terminal showed.
fn on_a_terminal(args: &str, vars: &[(&str, &str)]) -> String {
    let mut cmd = neutral(Command::new("script"));
    cmd.args(["-qec", &format!("\"$FAILWISE\" {args}"), "/dev/null"])
        .env("FAILWISE", env!("CARGO_BIN_EXE_failwise"))
        .env("TERM", "xterm")
        .stdin(Stdio::null());
    for (k, v) in vars {
        match *v {
            "<unset>" => cmd.env_remove(k),
            _ => cmd.env(k, v),
        };
    }
    let out = cmd.output().expect("script (util-linux) runs");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// No colour variables, no CI (anstream colours a terminal without `TERM` under CI), no locale.
fn neutral(mut cmd: Command) -> Command {
    for var in [
        "NO_COLOR",
        "CLICOLOR",
        "CLICOLOR_FORCE",
        "CI",
        "LANG",
        "LC_ALL",
        "LC_MESSAGES",
    ] {
        cmd.env_remove(var);
    }
    cmd.env("XDG_CONFIG_HOME", "/nonexistent/failwise-tests");
    cmd
}

fn coloured(text: &str) -> bool {
    text.contains("\u{1b}[")
}

/// Environment variables to set (`<unset>` removes one).
type Vars<'a> = &'a [(&'a str, &'a str)];

/// An unknown code: a failure, so an envelope in the human form.
const FAILING: [&str; 4] = ["--format", "human", "explain", "NO_SUCH_CODE"];

#[test]
fn into_a_pipe_each_combination() {
    let cases: [(&[&str], Vars, bool); 11] = [
        (&[], &[], false),
        (&[], &[("NO_COLOR", "1")], false),
        (&[], &[("CLICOLOR_FORCE", "1")], true),
        (&[], &[("CLICOLOR_FORCE", "")], false),
        (&[], &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")], false),
        (&[], &[("CLICOLOR_FORCE", "1"), ("CLICOLOR", "0")], true),
        (&[], &[("CLICOLOR", "1")], false),
        (&["--color", "always"], &[], true),
        (&["--color=always"], &[("NO_COLOR", "1")], true),
        (&["--color", "never"], &[("CLICOLOR_FORCE", "1")], false),
        (&["--color", "auto"], &[("CLICOLOR_FORCE", "1")], true),
    ];
    for (flags, vars, expected) in cases {
        let mut args = flags.to_vec();
        args.extend(FAILING);
        let out = into_a_pipe(&args, vars);
        assert_eq!(coloured(&out), expected, "{flags:?} {vars:?}: {out:?}");
        // The words are the same with and without colour.
        let plain = strip_ansi(&out);
        assert!(
            plain.starts_with("error[UNKNOWN_CODE]: no code NO_SUCH_CODE"),
            "{plain}"
        );
    }
}

/// `--color` is read even from a command line that does not parse: its usage envelope is
/// coloured as asked.
#[test]
fn a_line_that_does_not_parse_is_coloured_as_asked() {
    let always = into_a_pipe(&["--format", "human", "--color", "always", "shcema"], &[]);
    assert!(coloured(&always), "{always}");
    let never = into_a_pipe(
        &["--format", "human", "--color=never", "shcema"],
        &[("CLICOLOR_FORCE", "1")],
    );
    assert!(
        !coloured(&never) && never.starts_with("error[INVALID_SUBCOMMAND]"),
        "{never}"
    );
    // A value that names no choice is a usage envelope listing them.
    let bad = into_a_pipe(&["--json", "--color", "sometimes", "schema"], &[]);
    let value = crate::support::envelope(&bad);
    assert_eq!(value["code"], "INVALID_VALUE");
    assert_eq!(
        value["params"]["valid_values"],
        serde_json::json!(["auto", "always", "never"])
    );
}

#[test]
fn on_a_terminal_each_combination() {
    let cases: [(&str, Vars, bool); 8] = [
        ("", &[], true),
        ("", &[("NO_COLOR", "1")], false),
        ("", &[("NO_COLOR", "")], true),
        ("", &[("CLICOLOR", "0")], false),
        ("", &[("TERM", "dumb")], false),
        ("", &[("TERM", "<unset>")], false),
        ("", &[("TERM", "<unset>"), ("CLICOLOR", "1")], true),
        ("--color never", &[], false),
    ];
    for (flags, vars, expected) in cases {
        let shown = on_a_terminal(&format!("{flags} explain NO_SUCH_CODE"), vars);
        assert!(
            strip_ansi(&shown).starts_with("error[UNKNOWN_CODE]: no code NO_SUCH_CODE"),
            "{flags} {vars:?}: the human form on a terminal: {shown:?}"
        );
        assert_eq!(coloured(&shown), expected, "{flags} {vars:?}: {shown:?}");
    }
}

/// `text` without its ANSI escapes (`ESC [ … m`).
fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}
