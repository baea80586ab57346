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

use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::code::{Code, ExitStatus};
use crate::envelope::Envelope;
use crate::verdict::Verdict;

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
                message = format!("'{}' requires a subcommand", path.join(" "));
            }
        }

        let invalid = context
            .one(ContextKind::InvalidArg)
            .or_else(|| context.one(ContextKind::InvalidSubcommand));
        let invalid_value = context.one(ContextKind::InvalidValue);
        let mut nearby = context.suggestions.clone();
        if let Some(word) = invalid_value.as_ref().or(invalid.as_ref()) {
            let pool: Vec<String> = if kind == ErrorKind::UnknownArgument {
                known_flags(command)
            } else {
                valid.clone()
            };
            nearby.extend(crate::suggest::nearby(
                word,
                pool.iter().map(String::as_str),
            ));
        }
        let suggested = !nearby.is_empty();
        nearby.extend(valid.iter().cloned());

        let discarded: Vec<String> = discarded_flags(command, &args, applied, invalid.as_deref());
        let best = nearby.first().filter(|_| suggested).cloned();
        let recovery = recovery(
            kind,
            &path,
            invalid.as_deref(),
            best.as_deref(),
            &valid,
            &context,
        );
        draft
            .message(message)
            .nearby(nearby)
            .discarded_flags(discarded)
            .with_recovery(recovery)
            .ok()
    }
}

/// clap's context, flattened: params by snake_case name, and the suggestions in clap's order.
struct Context {
    params: Vec<(String, serde_json::Value)>,
    suggestions: Vec<String>,
    usage: Option<String>,
    pieces: Vec<(ContextKind, Vec<String>)>,
}

impl Context {
    fn read(err: &clap::Error) -> Self {
        let missing_subcommand = err.kind() == ErrorKind::MissingSubcommand;
        let mut ctx = Context {
            params: Vec::new(),
            suggestions: Vec::new(),
            usage: None,
            pieces: Vec::new(),
        };
        for (kind, value) in err.context() {
            let values: Vec<String> = match value {
                ContextValue::String(s) => vec![s.clone()],
                ContextValue::Strings(v) => v.clone(),
                ContextValue::StyledStr(s) => vec![s.to_string()],
                ContextValue::StyledStrs(v) => v.iter().map(ToString::to_string).collect(),
                ContextValue::Number(n) => vec![n.to_string()],
                ContextValue::Bool(b) => vec![b.to_string()],
                _ => Vec::new(),
            };
            if kind == ContextKind::Usage {
                let usage = values.concat();
                let usage = usage.trim_start_matches("Usage:").trim().to_owned();
                ctx.params.push(("usage".into(), usage.clone().into()));
                ctx.usage = Some(usage);
                continue;
            }
            if is_suggestion(kind) {
                ctx.suggestions.extend(values.iter().cloned());
            }
            if values.is_empty() || (kind == ContextKind::InvalidSubcommand && missing_subcommand) {
                continue;
            }
            let name = context_name(kind);
            let json = match value {
                ContextValue::Number(n) => serde_json::Value::from(*n),
                ContextValue::Bool(b) => serde_json::Value::from(*b),
                ContextValue::Strings(_) | ContextValue::StyledStrs(_) => values.clone().into(),
                _ => values.concat().into(),
            };
            ctx.params.push((name.into(), json));
            ctx.pieces.push((kind, values));
        }
        ctx
    }

    /// clap suggests what scores at least 0.7 in Jaro similarity, looser than the rules of
    /// [`crate::suggest::nearby`] (its module docs say why: `nope` gets `openai`). Keeps the
    /// suggestions those rules accept for the offending word, and those that begin with the
    /// word's first two thirds (at least three characters; `complete` → `completions`, a
    /// longer edit than the rules allow after a beginning typed right), in `suggestions` and in
    /// the `suggested_*` params alike.
    fn keep_suggestions_nearby_accepts(&mut self) {
        let word = self
            .one(ContextKind::InvalidValue)
            .or_else(|| self.one(ContextKind::InvalidArg))
            .or_else(|| self.one(ContextKind::InvalidSubcommand));
        let Some(word) = word else { return };
        let mut accepted =
            crate::suggest::nearby(&word, self.suggestions.iter().map(String::as_str));
        accepted.extend(
            self.suggestions
                .iter()
                .filter(|s| begins_with_most_of(s, &word))
                .cloned(),
        );
        self.suggestions.retain(|s| accepted.contains(s));
        for (kind, values) in &mut self.pieces {
            if is_suggestion(*kind) {
                values.retain(|v| accepted.contains(v));
            }
        }
        let kept = &self.suggestions;
        self.params.retain_mut(|(name, value)| {
            if !name.starts_with("suggested_") {
                return true;
            }
            match value {
                serde_json::Value::String(s) => kept.contains(s),
                serde_json::Value::Array(items) => {
                    items.retain(|i| i.as_str().is_some_and(|s| kept.iter().any(|k| k == s)));
                    !items.is_empty()
                }
                _ => true,
            }
        });
    }

    fn one(&self, kind: ContextKind) -> Option<String> {
        self.pieces
            .iter()
            .find(|(k, _)| *k == kind)
            .and_then(|(_, v)| v.first().cloned())
    }

    fn list(&self, kind: ContextKind) -> Vec<String> {
        self.pieces
            .iter()
            .filter(|(k, _)| *k == kind)
            .flat_map(|(_, v)| v.iter().cloned())
            .collect()
    }
}

/// The code of an [`ErrorKind`]: its name in UPPER_SNAKE.
fn kind_code(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::InvalidValue => "INVALID_VALUE",
        ErrorKind::UnknownArgument => "UNKNOWN_ARGUMENT",
        ErrorKind::InvalidSubcommand => "INVALID_SUBCOMMAND",
        ErrorKind::NoEquals => "NO_EQUALS",
        ErrorKind::ValueValidation => "VALUE_VALIDATION",
        ErrorKind::TooManyValues => "TOO_MANY_VALUES",
        ErrorKind::TooFewValues => "TOO_FEW_VALUES",
        ErrorKind::WrongNumberOfValues => "WRONG_NUMBER_OF_VALUES",
        ErrorKind::ArgumentConflict => "ARGUMENT_CONFLICT",
        ErrorKind::MissingRequiredArgument => "MISSING_REQUIRED_ARGUMENT",
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            "MISSING_SUBCOMMAND"
        }
        ErrorKind::InvalidUtf8 => "INVALID_UTF8",
        ErrorKind::Io => "IO",
        ErrorKind::Format => "FORMAT",
        _ => "USAGE",
    }
}

/// The snake_case param name of a piece of clap's context.
fn context_name(kind: ContextKind) -> &'static str {
    match kind {
        ContextKind::InvalidSubcommand => "invalid_subcommand",
        ContextKind::InvalidArg => "invalid_argument",
        ContextKind::PriorArg => "prior_argument",
        ContextKind::ValidSubcommand => "valid_subcommands",
        ContextKind::ValidValue => "valid_values",
        ContextKind::InvalidValue => "invalid_value",
        ContextKind::ActualNumValues => "actual_values",
        ContextKind::ExpectedNumValues => "expected_values",
        ContextKind::MinValues => "min_values",
        ContextKind::SuggestedCommand => "suggested_command",
        ContextKind::SuggestedSubcommand => "suggested_subcommand",
        ContextKind::SuggestedArg => "suggested_argument",
        ContextKind::SuggestedValue => "suggested_value",
        ContextKind::TrailingArg => "trailing_argument",
        ContextKind::Suggested => "tip",
        ContextKind::Usage => "usage",
        _ => "detail",
    }
}

/// The command path named by a usage line (`failwise catalog <COMMAND>` → `[failwise,
/// catalog]`), or just the program name.
fn usage_path(usage: Option<&str>, name: &str) -> Vec<String> {
    let path: Vec<String> = usage
        .unwrap_or_default()
        .split_whitespace()
        .take_while(|w| !w.starts_with(['[', '<', '-']))
        .map(str::to_owned)
        .collect();
    if path.is_empty() {
        vec![name.to_owned()]
    } else {
        path
    }
}

/// Whether `entry` begins with the first two thirds of `word` (at least three characters),
/// both folded as the near-miss rules fold them ([`crate::suggest::distance::fold`]).
fn begins_with_most_of(entry: &str, word: &str) -> bool {
    use crate::suggest::distance::fold;
    let word = fold(word);
    let shared = word
        .iter()
        .zip(fold(entry))
        .take_while(|(a, b)| **a == *b)
        .count();
    shared >= 3 && shared * 3 >= word.len() * 2
}

/// Whether clap's context `kind` carries its did-you-mean values.
fn is_suggestion(kind: ContextKind) -> bool {
    matches!(
        kind,
        ContextKind::SuggestedArg
            | ContextKind::SuggestedSubcommand
            | ContextKind::SuggestedValue
            | ContextKind::SuggestedCommand
    )
}

/// The command path the command line names up to the offending argument (`failwise run
/// --timeout x` → `[failwise, run]`): each argument that names a subcommand of the command
/// reached so far, up to `offending` (the flag clap stopped at, also as `--flag=value`) or `--`.
fn args_path(command: &clap::Command, args: &[String], offending: Option<&str>) -> Vec<String> {
    let mut path = vec![command.get_name().to_owned()];
    let mut reached = vec![command];
    let mut value_next = false;
    for arg in args.iter().skip(1) {
        let at_offending = offending.is_some_and(|o| {
            arg == o
                || arg
                    .strip_prefix(o)
                    .is_some_and(|rest| rest.starts_with('='))
        });
        if arg == "--" || at_offending {
            break;
        }
        if std::mem::take(&mut value_next) {
            // The value of the flag before it (`--lang run`), not a subcommand.
            continue;
        }
        if arg.starts_with('-') {
            value_next = !arg.contains('=') && takes_a_value(&reached, arg);
            continue;
        }
        let at = reached.last().copied().unwrap_or(command);
        if let Some(sub) = at.find_subcommand(arg) {
            path.push(sub.get_name().to_owned());
            reached.push(sub);
        }
    }
    path
}

/// The path of the one subcommand that declares the argument clap names in its message
/// (`--chunk-kib <CHUNK_KIB>`, `-n`, `<FILE>`), when the command line itself is not known;
/// `None` when no subcommand or several declare it (a global flag stays the program's).
fn owner_path(command: &clap::Command, shown: &str) -> Option<Vec<String>> {
    let flag = flag_of(shown);
    let declares = |cmd: &clap::Command| {
        cmd.get_arguments().any(|a| {
            let long = flag.strip_prefix("--").is_some_and(|l| {
                a.get_long_and_visible_aliases()
                    .is_some_and(|ls| ls.contains(&l))
            });
            let short = flag
                .strip_prefix('-')
                .filter(|s| s.chars().count() == 1)
                .and_then(|s| s.chars().next())
                .is_some_and(|c| {
                    a.get_short_and_visible_aliases()
                        .is_some_and(|ss| ss.contains(&c))
                });
            let positional = a.is_positional()
                && a.get_value_names()
                    .is_some_and(|names| names.iter().any(|n| shown.trim() == format!("<{n}>")));
            !a.is_global_set() && (long || short || positional)
        })
    };
    let mut found: Vec<Vec<String>> = Vec::new();
    let mut stack = vec![(command, vec![command.get_name().to_owned()])];
    // A command tree is finite and built by the tool; the bound guards a pathological one.
    let mut visited = 0;
    while let Some((cmd, path)) = stack.pop() {
        visited += 1;
        if visited > 10_000 || found.len() > 1 {
            return None;
        }
        if declares(cmd) {
            found.push(path.clone());
        }
        for sub in cmd.get_subcommands() {
            let mut p = path.clone();
            p.push(sub.get_name().to_owned());
            stack.push((sub, p));
        }
    }
    match found.as_slice() {
        [one] if one.len() > 1 => found.pop(),
        _ => None,
    }
}

/// Whether `flag` (`--long` or `-s`, as typed) names an argument of one of `commands` that
/// takes a value.
fn takes_a_value(commands: &[&clap::Command], flag: &str) -> bool {
    let long = flag.strip_prefix("--");
    let short = flag
        .strip_prefix('-')
        .filter(|s| !s.starts_with('-'))
        .and_then(|s| s.chars().last());
    commands.iter().any(|cmd| {
        cmd.get_arguments().any(|a| {
            let named = match (long, short) {
                (Some(l), _) => a
                    .get_long_and_visible_aliases()
                    .is_some_and(|ls| ls.contains(&l)),
                (None, Some(c)) => a
                    .get_short_and_visible_aliases()
                    .is_some_and(|ss| ss.contains(&c)),
                _ => false,
            };
            named && a.get_action().takes_values()
        })
    })
}

/// The subcommand at `path` (the first element is the program itself).
fn find<'c>(command: &'c clap::Command, path: &[String]) -> &'c clap::Command {
    let mut at = command;
    for name in path.iter().skip(1) {
        match at.find_subcommand(name) {
            Some(sub) => at = sub,
            None => break,
        }
    }
    at
}

/// Every flag `command` and its subcommands know, as `--long` and `-s`, aliases included.
fn known_flags(command: &clap::Command) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![command];
    while let Some(cmd) = stack.pop() {
        for arg in cmd.get_arguments() {
            if let Some(longs) = arg.get_long_and_visible_aliases() {
                out.extend(longs.into_iter().map(|l| format!("--{l}")));
            }
            if let Some(shorts) = arg.get_short_and_visible_aliases() {
                out.extend(shorts.into_iter().map(|s| format!("-{s}")));
            }
        }
        stack.extend(cmd.get_subcommands());
    }
    out.dedup();
    out
}

fn discarded_flags<I, S>(
    command: &clap::Command,
    args: I,
    applied: &[&str],
    invalid: Option<&str>,
) -> Vec<String>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let known = known_flags(command);
    let mut out = Vec::new();
    for arg in args.into_iter().skip(1) {
        let typed = arg.as_ref();
        if typed == "--" {
            break;
        }
        let flag = typed.split_once('=').map_or(typed, |(f, _)| f);
        let is_invalid = invalid.is_some_and(|i| i == typed || i == flag);
        if !flag.starts_with('-') || is_invalid || applied.contains(&flag) {
            continue;
        }
        if known.iter().any(|k| k == flag) && !out.iter().any(|o| o == typed) {
            out.push(typed.to_owned());
        }
    }
    out
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

/// The flag of an argument display such as `--format <FORMAT>`.
fn flag_of(arg: &str) -> &str {
    arg.split_whitespace()
        .find(|w| w.starts_with('-'))
        .unwrap_or(arg)
}

fn recovery(
    kind: ErrorKind,
    path: &[String],
    invalid: Option<&str>,
    best: Option<&str>,
    valid: &[String],
    context: &Context,
) -> String {
    let program = path.join(" ");
    let help = format!("run `{program} --help` for the accepted arguments");
    let arg = context.one(ContextKind::InvalidArg).unwrap_or_default();
    let arg = flag_of(&arg);
    if matches!(kind, ErrorKind::InvalidValue | ErrorKind::ValueValidation)
        && best.is_none()
        && !valid.is_empty()
    {
        let list: Vec<String> = valid.iter().map(|v| format!("`{v}`")).collect();
        return format!("pass one of {} to `{arg}`", list.join(", "));
    }
    let best = best.or(valid.first().map(String::as_str));
    match (kind, invalid, best) {
        (ErrorKind::UnknownArgument, Some(bad), Some(best)) => {
            format!("replace `{bad}` with `{best}`, or {help}")
        }
        (ErrorKind::UnknownArgument, Some(bad), None) => format!("remove `{bad}`, or {help}"),
        (ErrorKind::InvalidSubcommand, Some(_), Some(best)) => {
            format!("run `{program} {best}` instead, or {help}")
        }
        (ErrorKind::InvalidValue | ErrorKind::ValueValidation, _, Some(best)) => {
            format!("pass `{best}` to `{arg}`, or another value listed in `nearby`")
        }
        (ErrorKind::MissingRequiredArgument, Some(missing), _) => {
            format!("pass `{missing}`, or {help}")
        }
        (
            ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand,
            _,
            Some(best),
        ) => format!("run `{program} {best}`, or another subcommand listed in `nearby`"),
        (ErrorKind::ArgumentConflict, Some(bad), _) => {
            format!("drop `{bad}` or the argument it conflicts with, or {help}")
        }
        (ErrorKind::InvalidValue | ErrorKind::ValueValidation, _, None) if !arg.is_empty() => {
            format!("give `{arg}` a value of the form the message describes, or {help}")
        }
        _ => format!("fix the command line: {help}"),
    }
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
