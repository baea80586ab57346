# recourse's own texts in English (en). Every message id here exists in pt-BR.ftl too, and the
# reverse (a test fails otherwise). Variables are the envelope's `params`, by name.

## Labels of the human rendering.

render-error = error
render-location = at
render-did-you-mean = did you mean
render-candidates = near matches
render-candidate = line { $line }, column { $column } · { $similarity }% similar · { $strategy }
render-help = help
render-exit = exit { $exit }
render-retry-yes = retry: yes
render-retry-yes-after = retry: yes, after { $ms } ms
render-retry-no = retry: no
render-retry-unknown = retry: unknown (check whether it took effect before resending)
render-class-transient = transient
render-class-conflict = conflict
render-class-precondition_failed = precondition failed
render-class-permanent = permanent
render-class-ambiguous = ambiguous
render-redacted = { $count ->
    [one] one secret was redacted
   *[other] { $count } secrets were redacted
}
render-truncated = cut to fit: { $pointer } (was { $bytes } bytes)
render-discarded-flags = not applied
render-docs = docs

## recourse's own command-line errors (clap parse errors, `Envelope::from_clap`). The English
## text the code writes is the reference; these entries mirror it for translators.

UNKNOWN_ARGUMENT-message = unexpected argument '{ $invalid_argument }' found
UNKNOWN_ARGUMENT-recovery = { $nearby_count ->
    [0] remove `{ $invalid_argument }`, or run `recourse --help` for the accepted arguments
   *[other] replace `{ $invalid_argument }` with `{ $nearby }`, or run `recourse --help` for the accepted arguments
}
INVALID_SUBCOMMAND-message = unrecognized subcommand '{ $invalid_subcommand }'
INVALID_SUBCOMMAND-recovery = { $nearby_count ->
    [0] run `recourse --help` for the accepted arguments
   *[other] run `recourse { $nearby }` instead, or run `recourse --help` for the accepted arguments
}
INVALID_VALUE-message = invalid value '{ $invalid_value }' for '{ $invalid_argument }'
INVALID_VALUE-recovery = pass `{ $nearby }` to `{ $invalid_argument }`, or another value listed in `nearby`
MISSING_REQUIRED_ARGUMENT-message = the following required arguments were not provided: { $invalid_argument }
MISSING_REQUIRED_ARGUMENT-recovery = pass `{ $invalid_argument }`, or run `recourse --help` for the accepted arguments
MISSING_SUBCOMMAND-message = '{ $command }' requires a subcommand
MISSING_SUBCOMMAND-recovery = run `{ $command } { $nearby }`, or another subcommand listed in `nearby`
ARGUMENT_CONFLICT-message = the argument '{ $invalid_argument }' cannot be used with '{ $prior_argument }'
ARGUMENT_CONFLICT-recovery = drop `{ $invalid_argument }` or the argument it conflicts with, or run `recourse --help` for the accepted arguments

## `recourse run`'s secret flags.

SECRET_NOT_REGISTERED-message = { $reason ->
    [too_short] cannot mask the value given with { $flag }: it has fewer than { $min_chars } characters besides whitespace
    [number_like] cannot mask the value given with { $flag }: it is made only of number characters
   *[other] cannot mask the value given with { $flag }: it occurs in the envelope's own vocabulary
}
SECRET_NOT_REGISTERED-recovery = give { $flag } a value of at least { $min_chars } characters with letters or symbols besides digits, or drop the flag
SECRET_ENV_UNSET-message = --secret-env names { $variable }, which is not set
SECRET_ENV_UNSET-recovery = export { $variable } before running, or drop `--secret-env { $variable }`

## `recourse run`'s classification (crates/recourse/src/classify): errno findings carry
## `program` and `path` (or `address`), signals their name as the code, a timeout `timeout_ms`.

ENOENT-message = { $program }: no such file or directory: { $path }
ENOENT-recovery = check the path with `ls -ld { $path }` and pass one that exists
EACCES-message = { $program }: permission denied: { $path }
EACCES-recovery = check the permissions with `ls -ld { $path }`, then grant access with `chmod` or run as a user who has it
EPERM-message = { $program }: operation not permitted: { $path }
EPERM-recovery = run the command as a user allowed to act on { $path }, or change its ownership with `chown`
ENOTDIR-message = { $program }: not a directory: { $path }
ENOTDIR-recovery = check each component of { $path } with `ls -ld`; one of them is a file, not a directory
EISDIR-message = { $program }: is a directory: { $path }
EISDIR-recovery = pass a file, not the directory { $path }
EEXIST-message = { $program }: file exists: { $path }
EEXIST-recovery = choose another name, or remove { $path } first if it is no longer needed
ENOSPC-message = { $program }: no space left on device: { $path }
ENOSPC-recovery = free space on the file system (check with `df -h`), then run the command again
EROFS-message = { $program }: read-only file system: { $path }
EROFS-recovery = write to a writable file system, or remount it read-write (check with `findmnt`)
ECONNREFUSED-message = { $program }: connection refused: { $address }
ECONNREFUSED-recovery = check that the service at { $address } is running and listening (for example with `ss -ltn`), then run the command again
ETIMEDOUT-message = { $program }: connection timed out: { $address }
ETIMEDOUT-recovery = check that { $address } is reachable (for example with `nc -vz`), and verify whether the request landed before sending it again
SIGKILL-message = { $program }: killed by SIGKILL: stopped without warning, possibly by the kernel's out-of-memory killer
SIGKILL-recovery = check `journalctl -k` or `dmesg` for an out-of-memory kill, and verify what the command finished before running it again
SIGTERM-message = { $program }: killed by SIGTERM: stopped from outside before it finished
SIGTERM-recovery = find out who sent the signal (a timeout, a supervisor, a person) and verify what the command finished before running it again
SIGINT-message = { $program }: killed by SIGINT: stopped from outside before it finished
SIGINT-recovery = find out who sent the signal (a timeout, a supervisor, a person) and verify what the command finished before running it again
SIGSEGV-message = { $program }: killed by SIGSEGV: the program crashed
SIGSEGV-recovery = inspect the core dump with `coredumpctl info` and report the crash; verify what the command finished before running it again
SIGABRT-message = { $program }: killed by SIGABRT: the program crashed
SIGABRT-recovery = inspect the core dump with `coredumpctl info` and report the crash; verify what the command finished before running it again
SIGPIPE-message = { $program }: killed by SIGPIPE: the reader of its output went away
SIGPIPE-recovery = nothing to do if the reader stopped on purpose (as `head` does); otherwise keep the reading end of the pipe open until the command finishes
TIMEOUT-message = { $program }: still running after the time limit of { $timeout_ms } ms and was stopped
TIMEOUT-recovery = verify what the command finished before running it again, or raise `--timeout`

## recourse's own catalog (crates/recourse-cli/src/errors.rs); a test checks these match it.

INPUT_UNREADABLE-message = cannot read { $path }: { $reason }
INPUT_UNREADABLE-recovery = check that { $path } exists and is readable, or pass `-` to read stdin
CATALOG_INVALID-message = catalog { $path } is not usable: { $reason }
CATALOG_INVALID-recovery = fix { $path } as the message says; the format is schemas/catalog.v1.schema.json
UNKNOWN_CODE-message = no code { $code } in the { $tool } catalog
UNKNOWN_CODE-recovery = run `recourse explain` with one of the codes in nearby, or pass --catalog with the tool's catalog
LINE_INVALID-message = { $path } line { $line }: { $detail }
LINE_INVALID-recovery = fix the writer of { $path } so line { $line } satisfies schemas/envelope.v1.schema.json and the catalog, then run `recourse validate` again
LINT_WARNINGS-message = { $count } lint warning(s) in { $path }
LINT_WARNINGS-recovery = fix the warnings printed above, or run `recourse catalog lint` without --strict
BREAKING_CHANGE-message = { $count } breaking change(s) from { $old } to { $new }
BREAKING_CHANGE-recovery = undo the breaking changes listed above, or release them in a new major version
