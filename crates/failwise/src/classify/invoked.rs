//! The programs a command line runs, as a rule pack scopes its rules: the program itself and,
//! looking through wrappers, the program each wrapper runs (`env FOO=1 timeout 5 git fetch` runs
//! `env`, `timeout` and `git`), and every program a shell string runs (`sh -c 'cd x && make'`
//! runs `sh`, `cd` and `make`).
//!
//! Wrappers are read by their documented options (coreutils `env`, `timeout`, `nice`, `nohup`,
//! `stdbuf`, `setsid`; `sudo`; util-linux `runuser`; findutils `xargs`; npm's `npx`; the shells' `command`, `exec`,
//! `time`). An option a wrapper takes a value for skips that value too; the first word that is
//! no option is the program it runs. The looking is bounded: at most [`MAX_PROGRAMS`] programs,
//! and a shell string of at most [`MAX_SCRIPT_BYTES`] is read.

/// The most programs one command line is said to run.
pub const MAX_PROGRAMS: usize = 32;

/// The longest shell string (`sh -c STRING`) read for the programs it runs, in bytes.
pub const MAX_SCRIPT_BYTES: usize = 16 * 1024;

/// A wrapper: its name, the options that take a value (as separate words), and how many bare
/// words come before the program (`timeout`'s duration).
struct Wrapper {
    name: &'static str,
    valued: &'static [&'static str],
    leading_words: usize,
}

const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        name: "env",
        valued: &["-u", "--unset", "-C", "--chdir", "-S", "--split-string"],
        leading_words: 0,
    },
    Wrapper {
        name: "timeout",
        valued: &["-s", "--signal", "-k", "--kill-after"],
        leading_words: 1,
    },
    Wrapper {
        name: "nice",
        valued: &["-n", "--adjustment"],
        leading_words: 0,
    },
    Wrapper {
        name: "nohup",
        valued: &[],
        leading_words: 0,
    },
    Wrapper {
        name: "stdbuf",
        valued: &["-i", "-o", "-e"],
        leading_words: 0,
    },
    Wrapper {
        name: "setsid",
        valued: &[],
        leading_words: 0,
    },
    Wrapper {
        name: "sudo",
        valued: &[
            "-u",
            "--user",
            "-g",
            "--group",
            "-C",
            "-D",
            "--chdir",
            "-h",
            "--host",
            "-p",
            "--prompt",
            "-r",
            "--role",
            "-t",
            "--type",
            "-U",
            "--other-user",
        ],
        leading_words: 0,
    },
    Wrapper {
        name: "runuser",
        valued: &[
            "-u",
            "--user",
            "-g",
            "--group",
            "-G",
            "--supp-group",
            "-s",
            "--shell",
            "-w",
            "--whitelist-environment",
        ],
        leading_words: 0,
    },
    Wrapper {
        name: "xargs",
        valued: &[
            "-a",
            "--arg-file",
            "-d",
            "--delimiter",
            "-E",
            "-I",
            "-L",
            "--max-lines",
            "-n",
            "--max-args",
            "-P",
            "--max-procs",
            "-s",
            "--max-chars",
        ],
        leading_words: 0,
    },
    Wrapper {
        name: "npx",
        valued: &["-p", "--package", "-c", "--call"],
        leading_words: 0,
    },
    Wrapper {
        name: "command",
        valued: &[],
        leading_words: 0,
    },
    Wrapper {
        name: "exec",
        valued: &["-a"],
        leading_words: 0,
    },
    Wrapper {
        name: "time",
        valued: &["-f", "--format", "-o", "--output"],
        leading_words: 0,
    },
];

/// Shells whose `-c STRING` is read for the programs the string runs.
const SHELLS: &[&str] = &["sh", "bash", "dash", "zsh", "ksh", "ash"];

/// The programs `command` runs, by name (the last component of each path), the outermost
/// first, each once.
///
/// # Examples
///
/// ```
/// use failwise::classify::programs_run;
/// let argv = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
/// assert_eq!(programs_run(&argv("env FOO=1 timeout -s KILL 5 /usr/bin/git fetch")), ["env", "timeout", "git"]);
/// let sh = ["bash".to_owned(), "-lc".to_owned(), "cd repo && make -j4 | tee log".to_owned()];
/// assert_eq!(programs_run(&sh), ["bash", "cd", "make", "tee"]);
/// ```
pub fn programs_run(command: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    walk(command, &mut found, 0);
    found
}

fn push(found: &mut Vec<String>, word: &str) {
    let name = word.rsplit('/').next().unwrap_or(word);
    if !name.is_empty() && found.len() < MAX_PROGRAMS && !found.iter().any(|f| f == name) {
        found.push(name.to_owned());
    }
}

fn walk(words: &[String], found: &mut Vec<String>, depth: usize) {
    let Some(first) = words.first() else {
        return;
    };
    if depth > 8 || found.len() >= MAX_PROGRAMS {
        return;
    }
    push(found, first);
    let name = first.rsplit('/').next().unwrap_or(first);
    let rest = &words[1..];
    if SHELLS.contains(&name) {
        if let Some(script) = shell_string(rest) {
            for command in simple_commands(script) {
                walk(&command, found, depth + 1);
            }
        }
        return;
    }
    let Some(wrapper) = WRAPPERS.iter().find(|w| w.name == name) else {
        return;
    };
    let mut i = 0;
    let mut leading = wrapper.leading_words;
    while i < rest.len() {
        let word = rest[i].as_str();
        if word == "--" {
            i += 1;
            break;
        }
        if name == "env" && !word.starts_with('-') && word.contains('=') {
            i += 1;
            continue;
        }
        if word.starts_with('-') && word.len() > 1 {
            i += if wrapper.valued.contains(&word) { 2 } else { 1 };
            continue;
        }
        if leading > 0 {
            leading -= 1;
            i += 1;
            continue;
        }
        break;
    }
    if i < rest.len() {
        walk(&rest[i..], found, depth + 1);
    }
}

/// The string a shell runs with `-c` (given alone or among its flags, as `-lc` or `-ec`).
fn shell_string(args: &[String]) -> Option<&str> {
    let mut words = args.iter();
    while let Some(word) = words.next() {
        match word.strip_prefix('-') {
            Some(flags) if !flags.starts_with('-') && flags.contains('c') => {
                return words.next().map(String::as_str);
            }
            Some(_) => {}
            None => return None,
        }
    }
    None
}

/// The simple commands of a shell string, split at `;`, `&`, `|`, `&&`, `||` and newlines,
/// each with its leading assignments (`FOO=1`) left out; words as the shell would split them
/// (POSIX quoting, read with `shlex`).
fn simple_commands(script: &str) -> Vec<Vec<String>> {
    let mut end = script.len().min(MAX_SCRIPT_BYTES);
    while !script.is_char_boundary(end) {
        end -= 1;
    }
    let mut out = Vec::new();
    for piece in script[..end].split(['\n', ';', '&', '|']) {
        let Some(words) = shlex::split(piece) else {
            continue;
        };
        let words: Vec<String> = words
            .into_iter()
            .skip_while(|w| w.contains('=') && !w.starts_with('-') && !w.starts_with('='))
            .collect();
        let first = words.first().map(String::as_str).unwrap_or_default();
        if !first.is_empty()
            && !matches!(first, "(" | ")" | "{" | "}" | "!" | "then" | "do" | "else")
        {
            out.push(words);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &[&str]) -> Vec<String> {
        programs_run(&line.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>())
    }

    #[test]
    fn wrappers_and_shell_strings_are_looked_through() {
        assert_eq!(run(&["git", "push"]), ["git"]);
        assert_eq!(
            run(&["sudo", "-u", "app", "psql", "-c", "select 1"]),
            ["sudo", "psql"]
        );
        assert_eq!(
            run(&["runuser", "-u", "nobody", "--", "git", "status"]),
            ["runuser", "git"]
        );
        assert_eq!(
            run(&["nice", "-n", "10", "xargs", "-n", "1", "curl", "-sS"]),
            ["nice", "xargs", "curl"]
        );
        assert_eq!(run(&["npx", "-y", "tsc"]), ["npx", "tsc"]);
        assert_eq!(
            run(&["sh", "-c", "FOO=1 cargo build; echo done"]),
            ["sh", "cargo", "echo"]
        );
        assert_eq!(
            run(&["bash", "-ec", "timeout 5 ssh host 'ls'"]),
            ["bash", "timeout", "ssh"]
        );
        // A shell without -c runs a script: only the shell is known.
        assert_eq!(run(&["bash", "build.sh"]), ["bash"]);
        assert_eq!(run(&["env"]), ["env"]);
    }

    #[test]
    fn the_looking_is_bounded() {
        let script = "a; ".repeat(10_000);
        assert_eq!(run(&["sh", "-c", &script]).len(), 2);
        let many: String = (0..100).map(|i| format!("p{i}; ")).collect();
        assert_eq!(run(&["sh", "-c", &many]).len(), MAX_PROGRAMS);
    }
}
