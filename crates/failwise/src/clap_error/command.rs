//! Where on the command line and in the command tree a parse error is: the command path
//! (from the usage line, the arguments, or the one subcommand that declares the argument), the
//! flags the tree knows, and the flags a failed parse left unapplied.

/// The command path named by a usage line (`failwise catalog <COMMAND>` → `[failwise,
/// catalog]`), or just the program name.
pub(super) fn usage_path(usage: Option<&str>, name: &str) -> Vec<String> {
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

/// The command path the command line names up to the offending argument (`failwise run
/// --timeout x` → `[failwise, run]`): each argument that names a subcommand of the command
/// reached so far, up to `offending` (the flag clap stopped at, also as `--flag=value`) or `--`.
pub(super) fn args_path(
    command: &clap::Command,
    args: &[String],
    offending: Option<&str>,
) -> Vec<String> {
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
pub(super) fn owner_path(command: &clap::Command, shown: &str) -> Option<Vec<String>> {
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
pub(super) fn find<'c>(command: &'c clap::Command, path: &[String]) -> &'c clap::Command {
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
/// The long and short flags `command` marks global, which every subcommand takes too.
pub(super) fn global_flags(command: &clap::Command) -> Vec<String> {
    command
        .get_arguments()
        .filter(|a| a.is_global_set())
        .flat_map(spellings)
        .collect()
}

/// The flags an argument is typed as: its long name and visible aliases (`--name`), its short
/// ones (`-n`).
fn spellings(arg: &clap::Arg) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(longs) = arg.get_long_and_visible_aliases() {
        out.extend(longs.into_iter().map(|l| format!("--{l}")));
    }
    if let Some(shorts) = arg.get_short_and_visible_aliases() {
        out.extend(shorts.into_iter().map(|s| format!("-{s}")));
    }
    out
}

pub(super) fn known_flags(command: &clap::Command) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![command];
    while let Some(cmd) = stack.pop() {
        out.extend(cmd.get_arguments().flat_map(spellings));
        stack.extend(cmd.get_subcommands());
    }
    out.dedup();
    out
}

pub(super) fn discarded_flags<I, S>(
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

/// The flag of an argument display such as `--format <FORMAT>`.
pub(super) fn flag_of(arg: &str) -> &str {
    arg.split_whitespace()
        .find(|w| w.starts_with('-'))
        .unwrap_or(arg)
}
