//! Whether the human form is coloured: `--color auto|always|never`, and for `auto` the rules of
//! `anstream` (which reads `anstyle-query`), so failwise colours exactly when the tools built on
//! clap do.
//!
//! `always` and `never` are the caller's own word for this one run and override the
//! environment (no-color.org: a flag given on the command line wins over `NO_COLOR`). `auto`,
//! the default, asks `anstream` about the stream, in its order: `NO_COLOR` set and not empty
//! means no colour; else `CLICOLOR_FORCE` set and not empty means colour, even into a pipe;
//! else `CLICOLOR=0` means no colour; else colour only on a terminal whose `TERM` is set and is
//! not `dumb` (or with `CLICOLOR` set to anything but `0`, or under CI).
//!
//! The choice is read from the raw command line, as `--lang` is
//! ([`crate::presentation::Presentation::new`]), so even the usage envelope of a line that
//! does not parse follows it; clap still checks the value of a line that does. Colour never
//! carries meaning: the words say everything without it.

use std::io;

/// `--color`: when the human form may be coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ColorWhen {
    /// Colour on a terminal, as `NO_COLOR`, `CLICOLOR` and `CLICOLOR_FORCE` allow.
    #[default]
    Auto,
    /// Always colour, whatever the stream and the environment.
    Always,
    /// Never colour.
    Never,
}

impl ColorWhen {
    /// The last `--color WHEN` or `--color=WHEN` of a raw command line (the program's name
    /// first), up to `--`; `auto` when there is none, or when its value names no choice (clap
    /// refuses that line with a usage envelope, coloured as `auto` allows).
    pub fn from_args(args: &[String]) -> Self {
        let mut when = Self::Auto;
        let mut words = args.iter().skip(1).take_while(|a| *a != "--");
        while let Some(arg) = words.next() {
            let value = match arg.split_once('=') {
                Some(("--color", value)) => Some(value),
                _ if arg == "--color" => words.next().map(String::as_str),
                _ => None,
            };
            if let Some(parsed) = value.and_then(|v| clap::ValueEnum::from_str(v, true).ok()) {
                when = parsed;
            }
        }
        when
    }

    /// Whether text written to stdout is coloured.
    pub fn stdout(self) -> bool {
        self.decide(|| anstream::AutoStream::choice(&io::stdout()))
    }

    /// Whether text written to stderr is coloured.
    pub fn stderr(self) -> bool {
        self.decide(|| anstream::AutoStream::choice(&io::stderr()))
    }

    /// `always` and `never` as they say; `auto` as `anstream` chooses for the stream (its
    /// global choice is never written, so it applies its rules to the stream and the
    /// environment).
    fn decide(self, auto: impl FnOnce() -> anstream::ColorChoice) -> bool {
        match self {
            Self::Always => true,
            Self::Never => false,
            Self::Auto => auto() != anstream::ColorChoice::Never,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn the_choice_is_read_from_a_raw_command_line() {
        let cases = [
            ("failwise run -- ls", ColorWhen::Auto),
            ("failwise --color never explain X", ColorWhen::Never),
            ("failwise explain X --color=always", ColorWhen::Always),
            ("failwise --color=ALWAYS --color never x", ColorWhen::Never),
            ("failwise --color=nope x", ColorWhen::Auto),
            ("failwise --color", ColorWhen::Auto),
            ("failwise run -- ls --color=always", ColorWhen::Auto),
        ];
        for (line, when) in cases {
            assert_eq!(ColorWhen::from_args(&words(line)), when, "{line}");
        }
    }

    #[test]
    fn always_and_never_override_what_auto_would_choose() {
        let forced = || anstream::ColorChoice::Always;
        let refused = || anstream::ColorChoice::Never;
        assert!(ColorWhen::Always.decide(refused));
        assert!(!ColorWhen::Never.decide(forced));
        assert!(ColorWhen::Auto.decide(forced));
        assert!(!ColorWhen::Auto.decide(refused));
    }
}
