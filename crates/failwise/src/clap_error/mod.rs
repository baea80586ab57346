//! clap's parse errors as envelopes (feature `clap`): a command line that does not parse
//! fails like every other failure, with a code, exit status 2, the offending argument as data,
//! and the arguments the caller probably meant.
//!
//! | envelope field | from clap |
//! |---|---|
//! | `code` | the [`ErrorKind`] in UPPER_SNAKE (`UNKNOWN_ARGUMENT`, `INVALID_VALUE`, …) |
//! | `exit` | 2, clap's own usage status ([`ExitStatus::USAGE`]) |
//! | `error_class`, `retry` | `permanent`, `no`: the same command line fails the same way |
//! | `message` | clap's first line, without `error: ` |
//! | `params` | `kind` (snake_case [`ErrorKind`]) and every piece of clap's context under a snake_case name: `invalid_argument`, `invalid_value`, `invalid_subcommand`, `valid_values`, `valid_subcommands`, `suggested_argument`, `prior_argument`, `usage`, … |
//! | `nearby` | clap's suggestion first (its `tip:`), then close entries among the valid values, subcommands or flags ([`crate::suggest::nearby`]), then the other valid values |
//! | `discarded_flags` | the flags the caller typed that the command knows but could not apply, because parsing stopped ([`Envelope::from_clap_args`]) |
//! | `recovery` | names the flag, value or subcommand to use, or the `--help` to read |
//!
//! Help and version requests are not failures: [`Envelope::from_clap`] returns `None` for
//! them, and the caller prints clap's text and exits 0 as usual (`err.print()`).

mod command;
mod context;

use clap::error::{ContextKind, ErrorKind};

use crate::code::{Code, ExitStatus};
use crate::envelope::Envelope;
use crate::phrase::Phrase;
use crate::verdict::Verdict;
use command::{
    args_path, discarded_flags, find, flag_of, global_flags, known_flags, owner_path, usage_path,
};
use context::{Context, kind_code};

impl Envelope {
    /// The envelope of a clap parse error, or `None` when `err` is a help or version display
    /// (print it with `err.print()` and exit 0). `command` is the application's top-level
    /// command (`Cli::command()` with the derive API); it names the program in the recovery
    /// sentence and lists the subcommands when one is missing.
    ///
    /// # Examples
    ///
    /// ```
    /// let cmd = clap::Command::new("app").arg(clap::Arg::new("color").long("color"));
    /// let err = cmd.clone().try_get_matches_from(["app", "--colr", "auto"]).unwrap_err();
    /// let envelope = failwise::Envelope::from_clap(&err, &cmd).expect("a parse error");
    /// assert_eq!(envelope.code().as_str(), "UNKNOWN_ARGUMENT");
    /// assert_eq!(envelope.exit().get(), 2);
    /// assert_eq!(envelope.params()["invalid_argument"], "--colr");
    /// assert_eq!(envelope.nearby()[0], "--color");
    /// ```
    pub fn from_clap(err: &clap::Error, command: &clap::Command) -> Option<Envelope> {
        Self::from_clap_args(err, command, std::iter::empty::<&str>(), &[])
    }

    /// As [`Envelope::from_clap`], and also lists in `discarded_flags` every flag in `args`
    /// (the command line, program name first) that `command` or one of its subcommands knows,
    /// as the caller typed it, except the offending one and those named in `applied` (flags
    /// the application honoured anyway, such as an output format read before parsing failed).
    pub fn from_clap_args<I, S>(
        err: &clap::Error,
        command: &clap::Command,
        args: I,
        applied: &[&str],
    ) -> Option<Envelope>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let args: Vec<String> = args.into_iter().map(|a| a.as_ref().to_owned()).collect();
        let kind = err.kind();
        if matches!(kind, ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
            return None;
        }
        let name = command.get_name().to_owned();
        let mut context = Context::read(err);
        context.keep_suggestions_nearby_accepts();
        let code = Code::new(kind_code(kind)).unwrap_or_else(|_| Code::normalize("usage", ""));
        let mut message = first_line(&err.render().to_string());
        let mut draft = Envelope::draft(code, ExitStatus::USAGE, "")
            .verdict(Verdict::permanent())
            .param("kind", kind_code(kind).to_ascii_lowercase())
            .params(context.params.clone());
        // A value parser's own reason (the text after the value in clap's message), so the
        // message can be spelled again in another language around it.
        if let Some(reason) = std::error::Error::source(err) {
            draft = draft.param("reason", reason.to_string());
        }

        let missing_subcommand = matches!(
            kind,
            ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
        );
        let mut valid = context.list(ContextKind::ValidValue);
        valid.extend(context.list(ContextKind::ValidSubcommand));
        let mut path = usage_path(context.usage.as_deref(), &name);
        if path.len() == 1 {
            let offending = context
                .one(ContextKind::InvalidArg)
                .or_else(|| context.one(ContextKind::InvalidSubcommand));
            path = args_path(command, &args, offending.as_deref().map(flag_of));
            if path.len() == 1
                && let Some(owner) = offending.as_deref().and_then(|o| owner_path(command, o))
            {
                path = owner;
            }
        }
        draft = draft.param("command", path.join(" "));
        if missing_subcommand {
            let sub = find(command, &path);
            let names: Vec<String> = sub
                .get_subcommands()
                .filter(|s| !s.is_hide_set())
                .map(|s| s.get_name().to_owned())
                .collect();
            if valid.is_empty() {
                draft = draft.param("valid_subcommands", names.clone());
                valid.extend(names);
            }
            if message.is_empty() || kind == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                message.clear();
            }
        }

        let invalid = context
            .one(ContextKind::InvalidArg)
            .or_else(|| context.one(ContextKind::InvalidSubcommand));
        let invalid_value = context.one(ContextKind::InvalidValue);
        let mut nearby = context.suggestions.clone();
        if let Some(word) = invalid_value.as_ref().or(invalid.as_ref()) {
            let pool: Vec<String> = if kind == ErrorKind::UnknownArgument {
                // The flags the command that failed takes (its own and its subcommands'), not
                // those of its siblings: a flag another subcommand takes is no alternative.
                known_flags(find(command, &path))
                    .into_iter()
                    .chain(global_flags(command))
                    .collect()
            } else {
                valid.clone()
            };
            let word_flag = flag_of(word);
            nearby.extend(
                crate::suggest::nearby(word, pool.iter().map(String::as_str))
                    .into_iter()
                    .filter(|n| n != word && *n != word_flag),
            );
        }
        let suggested = !nearby.is_empty();
        nearby.extend(valid.iter().cloned());

        let discarded: Vec<String> = discarded_flags(command, &args, applied, invalid.as_deref());
        let best = nearby.first().filter(|_| suggested).cloned();
        let recovery = recovery(kind, invalid.as_deref(), best.as_deref(), &valid, &context);
        // clap's own words, spelled again from the code's message where failwise's Fluent files
        // have it (and the params fill it), so the message reads in the reader's language.
        let draft = draft
            .message(message)
            .message_phrase(Phrase::new(format!("usage-{}-message", kind_code(kind))))
            .nearby(nearby)
            .discarded_flags(discarded);
        Some(draft.with_recovery_phrase(recovery))
    }
}

/// clap's message as one line: the first line without `error: `, and when it ends with a
/// colon, the indented lines that follow it joined by commas.
fn first_line(rendered: &str) -> String {
    let mut lines = rendered.lines();
    let mut message = lines
        .next()
        .unwrap_or_default()
        .trim_start_matches("error: ")
        .trim()
        .to_owned();
    if message.ends_with(':') {
        let items: Vec<&str> = lines
            .take_while(|l| l.starts_with(' '))
            .map(str::trim)
            .collect();
        message = format!("{} {}", message, items.join(", "));
    }
    message
}

/// The recovery sentence for a usage error of `kind`: what the command line needs, named
/// with the offending word, the best alternative and the command's `--help`.
fn recovery(
    kind: ErrorKind,
    invalid: Option<&str>,
    best: Option<&str>,
    valid: &[String],
    context: &Context,
) -> Phrase {
    let arg = context.one(ContextKind::InvalidArg).unwrap_or_default();
    let flag = flag_of(&arg).to_owned();
    if matches!(kind, ErrorKind::InvalidValue | ErrorKind::ValueValidation)
        && best.is_none()
        && !valid.is_empty()
    {
        let list: Vec<String> = valid.iter().map(|v| format!("`{v}`")).collect();
        return Phrase::new("usage-pass-one-of-recovery")
            .arg("values", list.join(", "))
            .arg("flag", flag);
    }
    let best = best.or(valid.first().map(String::as_str));
    let phrase = match (kind, invalid, best) {
        (ErrorKind::UnknownArgument, Some(bad), Some(best)) => {
            Phrase::new("usage-replace-recovery")
                .arg("bad", bad)
                .arg("best", best)
        }
        (ErrorKind::UnknownArgument, Some(bad), None) => {
            Phrase::new("usage-remove-recovery").arg("bad", bad)
        }
        (ErrorKind::InvalidSubcommand, Some(_), Some(best)) => {
            Phrase::new("usage-run-instead-recovery").arg("best", best)
        }
        (ErrorKind::InvalidValue | ErrorKind::ValueValidation, _, Some(best)) => {
            Phrase::new("usage-pass-value-recovery")
                .arg("best", best)
                .arg("flag", flag)
        }
        (ErrorKind::MissingRequiredArgument, Some(missing), _) => {
            Phrase::new("usage-pass-missing-recovery").arg("missing", missing)
        }
        (
            ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand,
            _,
            Some(best),
        ) => Phrase::new("usage-run-subcommand-recovery").arg("best", best),
        (ErrorKind::ArgumentConflict, Some(bad), _) => {
            Phrase::new("usage-drop-conflict-recovery").arg("bad", bad)
        }
        (ErrorKind::InvalidValue | ErrorKind::ValueValidation, _, None) if !flag.is_empty() => {
            Phrase::new("usage-value-form-recovery").arg("flag", flag)
        }
        _ => Phrase::new("usage-fallback-recovery"),
    };
    phrase.phrase("help", Phrase::new("usage-help"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code `from_clap` can write is an entry of the usage catalog, with clap's usage
    /// status and the verdict the envelope carries, and the catalog itself is sound.
    #[test]
    fn every_usage_code_is_in_the_usage_catalog() {
        let catalog = crate::catalog::file::usage_catalog();
        assert!(catalog.problems().is_empty(), "{:?}", catalog.problems());
        let kinds = [
            ErrorKind::InvalidValue,
            ErrorKind::UnknownArgument,
            ErrorKind::InvalidSubcommand,
            ErrorKind::NoEquals,
            ErrorKind::ValueValidation,
            ErrorKind::TooManyValues,
            ErrorKind::TooFewValues,
            ErrorKind::WrongNumberOfValues,
            ErrorKind::ArgumentConflict,
            ErrorKind::MissingRequiredArgument,
            ErrorKind::MissingSubcommand,
            ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand,
            ErrorKind::InvalidUtf8,
            ErrorKind::Io,
            ErrorKind::Format,
        ];
        for kind in kinds {
            let code = kind_code(kind);
            let entry = catalog
                .entry(code)
                .unwrap_or_else(|| panic!("{code} missing"));
            assert_eq!(entry.exit, ExitStatus::USAGE, "{code}");
            assert_eq!(entry.verdict().ok(), Some(Verdict::permanent()), "{code}");
        }
        assert!(catalog.entry("USAGE").is_some());
    }

    /// A value error in a subcommand names that subcommand even when the command line is not
    /// given (`from_clap`), so its recovery points at the subcommand's `--help`.
    #[test]
    fn a_subcommand_value_error_keeps_the_subcommand_path() {
        let cmd = clap::Command::new("filetool")
            .arg(clap::Arg::new("lang").long("lang").global(true))
            .subcommand(
                clap::Command::new("upload").arg(
                    clap::Arg::new("chunk")
                        .long("chunk")
                        .value_parser(clap::value_parser!(u32)),
                ),
            )
            .subcommand(clap::Command::new("list"));
        let err = cmd
            .clone()
            .try_get_matches_from(["filetool", "upload", "--chunk", "abc"])
            .unwrap_err();
        let envelope = Envelope::from_clap(&err, &cmd).expect("a parse error");
        assert_eq!(envelope.params()["command"], "filetool upload");
        assert!(
            envelope.recovery().contains("filetool upload --help"),
            "{}",
            envelope.recovery()
        );
    }
}
