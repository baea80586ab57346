# failwise's own texts in English (en). Every message id here exists in pt-BR.ftl too, and the
# reverse (a test fails otherwise). Variables are the envelope's `params`, by name.

## Labels of the human rendering.

render-error = error
render-warning = warning
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
render-verify = check whether it took effect

## Usage errors (clap parse errors, `Envelope::from_clap`): the recovery sentences `from_clap`
## chooses, and clap's messages by the code of their kind.

usage-help = run `{ $command } --help` for the accepted arguments
usage-replace-recovery = replace `{ $bad }` with `{ $best }`, or { $help }
usage-remove-recovery = remove `{ $bad }`, or { $help }
usage-run-instead-recovery = run `{ $command } { $best }` instead, or { $help }
usage-pass-value-recovery = pass `{ $best }` to `{ $flag }`, or another value listed in `nearby`
usage-pass-one-of-recovery = pass one of { $values } to `{ $flag }`
usage-pass-missing-recovery = pass `{ $missing }`, or { $help }
usage-run-subcommand-recovery = run `{ $command } { $best }`, or another subcommand listed in `nearby`
usage-drop-conflict-recovery = drop `{ $bad }` or the argument it conflicts with, or { $help }
usage-value-form-recovery = give `{ $flag }` a value of the form the message describes, or { $help }
usage-fallback-recovery = fix the command line: { $help }
usage-UNKNOWN_ARGUMENT-message = unexpected argument '{ $invalid_argument }' found
usage-INVALID_SUBCOMMAND-message = unrecognized subcommand '{ $invalid_subcommand }'
usage-INVALID_VALUE-message = invalid value '{ $invalid_value }' for '{ $invalid_argument }'
usage-VALUE_VALIDATION-message = invalid value '{ $invalid_value }' for '{ $invalid_argument }': { $reason }
usage-MISSING_REQUIRED_ARGUMENT-message = the following required arguments were not provided: { $invalid_argument }
usage-MISSING_SUBCOMMAND-message = '{ $command }' requires a subcommand
usage-ARGUMENT_CONFLICT-message = the argument '{ $invalid_argument }' cannot be used with '{ $prior_argument }'
## `failwise run`'s classification (crates/failwise/src/classify). Every message starts with
## the program's name (`$program`); the classifiers name these ids and their arguments, and a
## test renders every example classification in English and Portuguese.

exit-unknown-message = { $program }: exited { $status } for a reason its output does not state in a known form
exit-unknown-recovery = read `params.stderr` and `{ $program } --help` to find out why it exited { $status } and what it had already done, fix the cause, then run it again
exit-unknown-silent-recovery = run `{ $program }` again by hand or with its verbose flag to find out why it exited { $status }; it printed nothing on stderr
exit-shell-not-found-message = { $program }: exited { $status }, the status shells use for "command not found", without naming a program
exit-shell-not-found-recovery = run `{ $program }` again by hand to see which program it could not find, then install that program or fix PATH
exit-shell-cannot-execute-message = { $program }: exited { $status }, the status shells use for "found but cannot execute", without naming a program
exit-shell-cannot-execute-recovery = run `{ $program }` again by hand to see which program it could not execute, then check that program with `ls -l`
shell-not-found-message = { $program }: command not found: { $name }
shell-not-found-recovery = install `{ $name }` or fix PATH (check with `command -v { $name }`), then run the command again
shell-cannot-execute-message = { $program }: found but cannot execute: { $name }
shell-cannot-execute-recovery = check `ls -l { $name }`: make it executable with `chmod +x { $name }`, or pass a program rather than a directory
spawn-not-found-message = command not found: { $program }
spawn-not-found-recovery = { $nearby_count ->
    [0] install `{ $program }` or add its directory to PATH (check with `command -v { $program_word }`)
   *[other] run `{ $nearby }` if that is what you meant; otherwise install `{ $program }` or add its directory to PATH
}
spawn-directory-message = cannot execute { $program }: is a directory
spawn-directory-recovery = pass a program, not the directory { $program } (list it with `ls { $program_word }`)
spawn-exhausted-message = { $program }: could not be started: { $text }
spawn-cannot-execute-message = cannot execute { $program }: { $text }
spawn-cannot-execute-recovery = check `ls -l { $program_word }`: it must be a file with the execute bit (`chmod +x { $program_word }`) in a format this machine runs
interpreter-missing-message = cannot run { $program }: the interpreter named on its first line, { $interpreter }, does not exist
interpreter-missing-recovery = { $nearby_count ->
    [0] install { $interpreter }, or change the first line of { $script_word } to an interpreter that exists (`#!/usr/bin/env NAME` looks NAME up on PATH)
   *[other] change the first line of { $script_word } to `#!/usr/bin/env { $nearby }` if that is the interpreter it needs; otherwise install { $interpreter }
}
interpreter-crlf-message = cannot run { $program }: its first line names the interpreter { $interpreter } followed by a carriage return (the file has CRLF line endings)
interpreter-crlf-recovery = convert { $script_word } to LF line endings (`sed -i 's/\r$//' { $script_word }`), then run it again
TIMEOUT-message = { $program }: still running after the time limit of { $timeout_ms } ms and was stopped
TIMEOUT-recovery = verify what the command finished before running it again, or raise `--timeout`
classify-fallback-recovery = read `params.stderr` and run `{ $program } --help` to find out why it failed
recognize-fallback-recovery = read the command's output to find out why it failed

## Death by a signal (classify/signal.rs): killed by it, or a shell's exit status 128 + N.

signal-oom-message = { $program }: killed by { $signal }: stopped without warning, possibly by the kernel's out-of-memory killer
signal-oom-decoded-message = { $program }: exited { $exit } (128 + { $signal }): stopped without warning, possibly by the kernel's out-of-memory killer
signal-oom-recovery = check `journalctl -k` or `dmesg` for an out-of-memory kill, and verify what the command finished before running it again
signal-pipe-message = { $program }: killed by { $signal }: the reader of its output went away
signal-pipe-decoded-message = { $program }: exited { $exit } (128 + { $signal }): the reader of its output went away
signal-pipe-recovery = nothing to do if the reader stopped on purpose (as `head` does); otherwise keep the reading end of the pipe open until the command finishes
signal-crash-message = { $program }: killed by { $signal }: the program crashed
signal-crash-decoded-message = { $program }: exited { $exit } (128 + { $signal }): the program crashed
signal-crash-recovery = inspect the core dump with `coredumpctl info` and report the crash; verify what the command finished before running it again
signal-limit-message = { $program }: killed by { $signal }: it exceeded a resource limit
signal-limit-decoded-message = { $program }: exited { $exit } (128 + { $signal }): it exceeded a resource limit
signal-limit-recovery = raise the limit with `ulimit -t` (CPU time) or `ulimit -f` (file size), then run the command again
signal-stopped-message = { $program }: killed by { $signal }: stopped from outside before it finished
signal-stopped-decoded-message = { $program }: exited { $exit } (128 + { $signal }): stopped from outside before it finished
signal-stopped-recovery = find out who sent the signal (a timeout, a supervisor, a person) and verify what the command finished before running it again

## git's fixed messages (classify/git.rs).

GIT_NOT_A_REPOSITORY-message = { $program }: not a git repository (or any of the parent directories)
GIT_NOT_A_REPOSITORY-recovery = run the command inside a git repository (or pass `git -C <repo>`), or create one with `git init`
GIT_REPOSITORY_NOT_FOUND-message = { $program }: repository not found: { $repository }
GIT_REPOSITORY_NOT_FOUND-recovery = check the repository URL or path (list remotes with `git remote -v`), and your access to it
GIT_AUTHENTICATION_FAILED-message = { $program }: authentication failed for { $url }
GIT_AUTHENTICATION_FAILED-recovery = fix the credentials for the remote (see `git credential fill` or the SSH key), then run the command again
GIT_UNKNOWN_REVISION-message = { $program }: unknown revision or path not in the working tree: { $revision }
GIT_UNKNOWN_REVISION-recovery = list revisions with `git branch -a` and `git tag`, or separate paths from revisions with `--`
GIT_LOCK_EXISTS-message = { $program }: lock file exists: { $path }
GIT_LOCK_EXISTS-recovery = check for a running git with `pgrep -a git`; if there is none, remove { $path } and run the command again
GIT_PUSH_REJECTED-message = { $program }: the remote rejected some refs
GIT_PUSH_REJECTED-recovery = { $non_fast_forward ->
    [true] run `git pull --rebase`, resolve any conflicts, then push again
   *[other] read the `! [rejected]` lines in `params.stderr`, fix the cause, then push again
}
GIT_MERGE_CONFLICT-message = { $program }: automatic merge failed with conflicts
GIT_MERGE_CONFLICT-recovery = resolve the conflicts listed by `git status`, `git add` them, then `git commit` (or `git merge --abort`)
GIT_LOCAL_CHANGES_WOULD_BE_OVERWRITTEN-message = { $program }: local changes would be overwritten
GIT_LOCAL_CHANGES_WOULD_BE_OVERWRITTEN-recovery = commit your changes or stash them with `git stash`, then run the command again
GIT_REMOTE_REF_NOT_FOUND-message = { $program }: couldn't find remote ref { $ref }
GIT_REMOTE_REF_NOT_FOUND-recovery = list the remote's refs with `git ls-remote`, then pass one that exists


## cargo and rustc (classify/cargo.rs): a rustc error's message is rustc's own text.

rustc-message = { $program }: { $detail }
rustc-recovery = fix the code at the location given, and read `rustc --explain { $rustc_code }` for examples
CARGO_NO_SUCH_COMMAND-message = { $program }: no such command: { $subcommand }
CARGO_NO_SUCH_COMMAND-recovery = list the installed commands with `cargo --list`, then run one of them
CARGO_MANIFEST_NOT_FOUND-message = { $program }: could not find `Cargo.toml` in { $path } or any parent directory
CARGO_MANIFEST_NOT_FOUND-recovery = run the command inside a Cargo package, or pass `--manifest-path PATH/Cargo.toml`
CARGO_COULD_NOT_COMPILE-message = { $program }: could not compile { $crate }
CARGO_COULD_NOT_COMPILE-recovery = fix the errors rustc printed above (see `params.stderr`), then build again
CARGO_TEST_FAILED-message = { $program }: tests failed
CARGO_TEST_FAILED-recovery = read the failing tests in the output, fix them, then run `cargo test { $rerun_flag }`

## Programs built with clap (classify/clap.rs): the message is clap's own first line.

clap-message = { $program }: { $detail }
clap-recovery = run `{ $program } --help` for the accepted arguments, then fix the command line


## errno (classify/errno.rs): the strerror text of each name, lowercased as the message
## shows it, and the recovery; `$subject` is the path or address read, or `errno-no-subject`.

errno-message = { $program }: { $text }: { $subject }
errno-bare-message = { $program }: { $text }
errno-no-subject = the path
errno-EPERM = operation not permitted
errno-EPERM-recovery = run the command as a user allowed to act on { $subject }, or change its ownership with `chown`
errno-ENOENT = no such file or directory
errno-ENOENT-recovery = check the path with `{ $ls_ld }` and pass one that exists
errno-ESRCH = no such process
errno-ESRCH-recovery = list the running processes with `ps -ef` and pass one that exists
errno-EINTR = interrupted system call
errno-EINTR-recovery = run the command again
errno-EIO = input/output error
errno-EIO-recovery = check the device with `dmesg` and verify what was written before running the command again
errno-ENXIO = no such device or address
errno-ENXIO-recovery = check that the device { $subject } exists with `ls -l`
errno-E2BIG = argument list too long
errno-E2BIG-recovery = pass fewer arguments, for example through `xargs`
errno-ENOEXEC = exec format error
errno-ENOEXEC-recovery = check the file's type with `file { $subject }`: it must be a binary for this machine or start with `#!`
errno-EBADF = bad file descriptor
errno-EBADF-recovery = read `params.stderr` to find which descriptor was closed, and report it to the program's authors
errno-ECHILD = no child processes
errno-ECHILD-recovery = read `params.stderr` and report it to the program's authors
errno-EAGAIN = resource temporarily unavailable
errno-EAGAIN-recovery = wait a moment, then run the command again
errno-ENOMEM = cannot allocate memory
errno-ENOMEM-recovery = free memory (check with `free -h`) or raise the limit, then run the command again
errno-EACCES = permission denied
errno-EACCES-recovery = check the permissions with `{ $ls_ld }`, then grant access with `chmod` or run as a user who has it
errno-EFAULT = bad address
errno-EFAULT-recovery = report the failure to the program's authors with `params.stderr`
errno-EBUSY = device or resource busy
errno-EBUSY-recovery = find what holds { $subject } with `fuser -v { $subject }`, wait for it to finish, then run the command again
errno-EEXIST = file exists
errno-EEXIST-recovery = choose another name, or remove { $subject } first if it is no longer needed
errno-EXDEV = invalid cross-device link
errno-EXDEV-recovery = copy the file with `cp` and remove the original instead of renaming across file systems
errno-ENODEV = no such device
errno-ENODEV-recovery = check that the device exists with `lsblk`
errno-ENOTDIR = not a directory
errno-ENOTDIR-recovery = check each component of { $subject } with `ls -ld`; one of them is a file, not a directory
errno-EISDIR = is a directory
errno-EISDIR-recovery = pass a file, not the directory { $subject }
errno-EINVAL = invalid argument
errno-EINVAL-recovery = check the arguments against the program's `--help`
errno-ENFILE = too many open files in system
errno-ENFILE-recovery = wait for other programs to close files (see `cat /proc/sys/fs/file-nr`), then run the command again
errno-EMFILE = too many open files
errno-EMFILE-recovery = raise the open-file limit with `ulimit -n`, then run the command again
errno-ENOTTY = inappropriate ioctl for device
errno-ENOTTY-recovery = run the command on a terminal, or pass the flag that makes it non-interactive
errno-ETXTBSY = text file busy
errno-ETXTBSY-recovery = wait for the running program { $subject } to exit, then run the command again
errno-EFBIG = file too large
errno-EFBIG-recovery = raise the limit with `ulimit -f` or write to a file system that allows larger files
errno-ENOSPC = no space left on device
errno-ENOSPC-recovery = free space on the file system (check with `df -h`), then run the command again
errno-ESPIPE = illegal seek
errno-ESPIPE-recovery = pass a regular file instead of a pipe
errno-EROFS = read-only file system
errno-EROFS-recovery = write to a writable file system, or remount it read-write (check with `findmnt`)
errno-EMLINK = too many links
errno-EMLINK-recovery = remove unused hard links or subdirectories, then run the command again
errno-EPIPE = broken pipe
errno-EPIPE-recovery = check that the reader at the other end stayed open, and verify what was sent before sending it again
errno-EDOM = numerical argument out of domain
errno-EDOM-recovery = pass a value within the accepted range
errno-ERANGE = numerical result out of range
errno-ERANGE-recovery = pass a value within the accepted range
errno-EDEADLK = resource deadlock avoided
errno-EDEADLK-recovery = run the command again
errno-ENAMETOOLONG = file name too long
errno-ENAMETOOLONG-recovery = pass a shorter path
errno-ENOLCK = no locks available
errno-ENOLCK-recovery = wait for other programs to release their locks, then run the command again
errno-ENOSYS = function not implemented
errno-ENOSYS-recovery = run the command on a kernel or file system that supports the operation
errno-ENOTEMPTY = directory not empty
errno-ENOTEMPTY-recovery = remove the contents of { $subject } first (check with `ls -A`), or choose another directory
errno-ELOOP = too many levels of symbolic links
errno-ELOOP-recovery = resolve the symbolic link loop at { $subject } (inspect it with `namei -l`)
errno-ENODATA = no data available
errno-ENODATA-recovery = check that the attribute or data asked for exists
errno-ETIME = timer expired
errno-ETIME-recovery = verify whether the operation completed before running the command again
errno-ENOLINK = link has been severed
errno-ENOLINK-recovery = check the remote mount, and verify what was written before running the command again
errno-EPROTO = protocol error
errno-EPROTO-recovery = check that both ends speak the same protocol version
errno-EOVERFLOW = value too large for defined data type
errno-EOVERFLOW-recovery = use a build of the program with large-file support
errno-EILSEQ = invalid or incomplete multibyte or wide character
errno-EILSEQ-recovery = check the input's encoding (for example with `file -i`) and convert it with `iconv`
errno-EUSERS = too many users
errno-EUSERS-recovery = wait for other users to log out, then run the command again
errno-ENOTSOCK = socket operation on non-socket
errno-ENOTSOCK-recovery = pass a socket, not a file
errno-EMSGSIZE = message too long
errno-EMSGSIZE-recovery = send a smaller message
errno-EPROTONOSUPPORT = protocol not supported
errno-EPROTONOSUPPORT-recovery = use a protocol this machine supports
errno-EOPNOTSUPP = operation not supported
errno-EOPNOTSUPP-recovery = run the command on a file system or device that supports the operation
errno-EAFNOSUPPORT = address family not supported by protocol
errno-EAFNOSUPPORT-recovery = use an address family this machine supports (check IPv6 with `ip -6 addr`)
errno-EADDRINUSE = address already in use
errno-EADDRINUSE-recovery = find the process holding the port with `ss -ltnp`, stop it or choose another port
errno-EADDRNOTAVAIL = cannot assign requested address
errno-EADDRNOTAVAIL-recovery = bind to an address this machine has (list them with `ip addr`)
errno-ENETDOWN = network is down
errno-ENETDOWN-recovery = bring the network up (check with `ip link`), then run the command again
errno-ENETUNREACH = network is unreachable
errno-ENETUNREACH-recovery = check the route with `ip route`, then run the command again
errno-ENETRESET = network dropped connection on reset
errno-ENETRESET-recovery = verify whether the request landed before sending it again
errno-ECONNABORTED = software caused connection abort
errno-ECONNABORTED-recovery = verify whether the request landed before sending it again
errno-ECONNRESET = connection reset by peer
errno-ECONNRESET-recovery = verify whether the request landed on { $subject } before sending it again
errno-ENOBUFS = no buffer space available
errno-ENOBUFS-recovery = wait a moment, then run the command again
errno-EISCONN = transport endpoint is already connected
errno-EISCONN-recovery = report the failure to the program's authors with `params.stderr`
errno-ENOTCONN = transport endpoint is not connected
errno-ENOTCONN-recovery = check the connection or the mount (for FUSE: `fusermount -u`), then run the command again
errno-ESHUTDOWN = cannot send after transport endpoint shutdown
errno-ESHUTDOWN-recovery = verify whether the request landed before sending it again
errno-ETIMEDOUT = connection timed out
errno-ETIMEDOUT-recovery = check that { $subject } is reachable (for example with `nc -vz`), and verify whether the request landed before sending it again
errno-ECONNREFUSED = connection refused
errno-ECONNREFUSED-recovery = check that the service at { $subject } is running and listening (for example with `ss -ltn`), then run the command again
errno-EHOSTDOWN = host is down
errno-EHOSTDOWN-recovery = check that the host { $subject } is up, then run the command again
errno-EHOSTUNREACH = no route to host
errno-EHOSTUNREACH-recovery = check the route to { $subject } with `ip route get`, then run the command again
errno-EALREADY = operation already in progress
errno-EALREADY-recovery = wait for the operation in progress to finish, then run the command again
errno-EINPROGRESS = operation now in progress
errno-EINPROGRESS-recovery = wait for the operation in progress to finish, then run the command again
errno-ESTALE = stale file handle
errno-ESTALE-recovery = remount the network file system or reopen { $subject }, then run the command again
errno-EDQUOT = disk quota exceeded
errno-EDQUOT-recovery = free space within your quota (check with `quota -s`), then run the command again
errno-ECANCELED = operation canceled
errno-ECANCELED-recovery = verify what the command finished before running it again
errno-EOWNERDEAD = owner died
errno-EOWNERDEAD-recovery = verify the state the previous owner left before running the command again

## The sysexits of <sysexits.h> (classify/exit.rs).

EX_USAGE-message = { $program }: the command was used incorrectly
EX_USAGE-recovery = run `{ $program } --help` and fix the command line
EX_DATAERR-message = { $program }: the input data was incorrect
EX_DATAERR-recovery = fix the input data named in `params.stderr`, then run the command again
EX_NOINPUT-message = { $program }: an input file did not exist or was not readable
EX_NOINPUT-recovery = check the input file named in `params.stderr` with `ls -l`, then pass one that exists
EX_NOUSER-message = { $program }: the user named does not exist
EX_NOUSER-recovery = check the user name with `getent passwd`, then pass one that exists
EX_NOHOST-message = { $program }: the host named does not exist
EX_NOHOST-recovery = check the host name with `getent hosts`, then pass one that resolves
EX_UNAVAILABLE-message = { $program }: a service or a program it needs is unavailable
EX_UNAVAILABLE-recovery = read `params.stderr` to find which service is unavailable, start it, then run the command again
EX_SOFTWARE-message = { $program }: an internal software error
EX_SOFTWARE-recovery = report the failure to the program's authors with `params.stderr`
EX_OSERR-message = { $program }: an operating system error (such as cannot fork)
EX_OSERR-recovery = check the system's resources (`free -h`, `ulimit -a`) and verify what the command finished before running it again
EX_OSFILE-message = { $program }: a system file is missing or wrong
EX_OSFILE-recovery = restore the system file named in `params.stderr`, then run the command again
EX_CANTCREAT-message = { $program }: an output file cannot be created
EX_CANTCREAT-recovery = check that the output directory exists and is writable (`ls -ld`), then run the command again
EX_IOERR-message = { $program }: an input/output error
EX_IOERR-recovery = check the device with `dmesg` and verify what was written before running the command again
EX_TEMPFAIL-message = { $program }: a temporary failure
EX_TEMPFAIL-recovery = wait a moment, then run the command again
EX_PROTOCOL-message = { $program }: the remote end broke the protocol
EX_PROTOCOL-recovery = check that both ends run compatible versions, then run the command again
EX_NOPERM-message = { $program }: insufficient permission
EX_NOPERM-recovery = run the command as a user with the permission named in `params.stderr`
EX_CONFIG-message = { $program }: a configuration error
EX_CONFIG-recovery = fix the configuration named in `params.stderr`, then run the command again

## SQLite result codes (classify/sqlite.rs): the message is SQLite's own text.

sqlite-message = { $program }: { $detail }
SQLITE_ERROR-recovery = fix the SQL statement named in `params.stderr` (check the schema with `.schema`)
SQLITE_INTERNAL-recovery = report the failure to SQLite's authors with `params.stderr`
SQLITE_PERM-recovery = check the database file's permissions with `ls -l`
SQLITE_ABORT-recovery = verify what the transaction committed before running it again
SQLITE_BUSY-recovery = wait for the other connection to finish its transaction (or set `.timeout MS`), then run the command again
SQLITE_LOCKED-recovery = wait for the conflicting statement on the same connection to finish, then run the command again
SQLITE_NOMEM-recovery = free memory, then run the command again
SQLITE_READONLY-recovery = make the database file and its directory writable (`ls -l`), then run the command again
SQLITE_INTERRUPT-recovery = verify what the statement committed before running it again
SQLITE_IOERR-recovery = check the disk with `dmesg`, and verify the database with `PRAGMA integrity_check`
SQLITE_CORRUPT-recovery = run `PRAGMA integrity_check` and restore the database from a backup (or `.recover`)
SQLITE_FULL-recovery = free space on the file system (check with `df -h`), then run the command again
SQLITE_CANTOPEN-recovery = check that the database path and its directory exist and are readable (`ls -ld`)
SQLITE_PROTOCOL-recovery = run the command again
SQLITE_SCHEMA-recovery = run the statement again; it will be prepared against the new schema
SQLITE_TOOBIG-recovery = insert a smaller value, or raise SQLITE_MAX_LENGTH
SQLITE_CONSTRAINT-recovery = read the constraint named in `params.stderr`, then change the row or update the existing one
SQLITE_MISMATCH-recovery = pass a value of the column's type
SQLITE_MISUSE-recovery = report the misuse to the program's authors
SQLITE_AUTH-recovery = run the statement as a user the authorizer allows
SQLITE_RANGE-recovery = bind parameters within the statement's range
SQLITE_NOTADB-recovery = pass a SQLite database file (check with `file`)

## failwise's own sentences in envelopes read from other dialects (dialect/*: fallback
## recoveries and the like); the rest of such an envelope is the source's own text.

dialect-no-text-message = the tool reported an error without text
dialect-cannot-on-message = cannot { $action } on { $subject }
dialect-cannot-message = cannot { $action }
dialect-fallback-unknown-recovery = check whether the request took effect before sending it again; resend only if it is idempotent
dialect-fallback-transient-recovery = wait, then send the same request again
dialect-fallback-conflict-recovery = read the current state again, then send a changed request
dialect-fallback-precondition-recovery = fix the condition the message names, then send the request again
dialect-fallback-ambiguous-recovery = check the message and the state it names before deciding what to send next
dialect-fallback-permanent-recovery = change the request as the message says; sent unchanged it fails the same way
dialect-calendar-quota-recovery = wait for the quota's period to reset (the `retry_after_ms_hint` in params, when given), or raise the quota or the plan; resending now spends more of an exhausted budget
catalog-fallback-recovery = see the tool's error catalog for this code
dialect-open-doc-recovery = open { $url }
dialect-open-doc-described-recovery = open { $url } ({ $description })
dialect-slack-message = slack API error: { $code }
dialect-stripe-message = stripe { $type }
UNREADABLE_RECORD-message = line { $line } of { $input } is not a record failwise can read: { $reason }
UNREADABLE_RECORD-recovery = fix line { $line } of { $input } so it holds one JSON record, or pass --from to name its dialect

## `failwise explain`: the one-line descriptions of the codes failwise's own
## classifiers and command line give (classify/explain.rs); `$code` is the code.
builtin-exit-description = The command exited with status { $status } and nothing failwise recognises says why.
builtin-sysexit-description = The command exited with the <sysexits.h> status { $code }.
builtin-signal-description = The command was killed by { $code }, or a shell reported it as 128 + the signal's number.
builtin-errno-description = The command reported the errno { $code } ({ $text }).
builtin-curl-description = curl exited with { $code }.
builtin-sqlite-description = SQLite reported the result code { $code }.
builtin-timeout-description = The command was still running at the time limit of `failwise run --timeout` and was stopped.
builtin-spawn-description = The command could not be started: { $code }.
builtin-tool-description = A fixed, documented message of a known tool, recognised by `failwise run`: { $code }.
builtin-secret-description = A secret given to `failwise run` to mask cannot be masked: { $code }.
builtin-usage-description = A usage error on failwise's own command line (clap's { $code }).

## `failwise validate`: the reader's description of a line's problem (`params.problem` of
## LINE_INVALID; read.rs `ReadError`), `$at` the JSON Pointer or `problem-at-line`.
## `$detail` of INVALID_JSON is the parser's own text, as is serde's in `bad-value-shape`.
problem-at-line = line
problem-INVARIANT_RECOVERY_PRESENT = { $at } breaks invariant recovery_present: { invariant-recovery_present }
problem-INVARIANT_RETRYABLE_FOLLOWS_RETRY = { $at } breaks invariant retryable_follows_retry: { invariant-retryable_follows_retry }
problem-INVARIANT_WAIT_ONLY_WITH_YES = { $at } breaks invariant wait_only_with_yes: { invariant-wait_only_with_yes }
problem-INVARIANT_CLASS_BOUNDS_RETRY = { $at } breaks invariant class_bounds_retry: { invariant-class_bounds_retry }
problem-INVARIANT_GATE_COMPLETE = { $at } breaks invariant gate_complete: { invariant-gate_complete }
problem-INVARIANT_LISTS_NON_EMPTY = { $at } breaks invariant lists_non_empty: { invariant-lists_non_empty }
problem-INVARIANT_ABSENT_MEANS_OMITTED = { $at } breaks invariant absent_means_omitted: { invariant-absent_means_omitted }
problem-INVARIANT_ITEM_INDEX_IN_RANGE = { $at } breaks invariant item_index_in_range: { invariant-item_index_in_range }
problem-INVARIANT_VERIFY_ONLY_WITH_UNKNOWN = { $at } breaks invariant verify_only_with_unknown: { invariant-verify_only_with_unknown }
problem-INVALID_JSON = not JSON at column { $column }: { $detail }
problem-DUPLICATE_KEY = { $at } appears twice in one object; member names must be unique (RFC 7493 §2.3)
problem-NOT_AN_OBJECT = line is JSON but not an object
problem-NOT_AN_ENVELOPE = object has no "error": true, so it is not a failure record
problem-MISSING_FIELD = required field { $at } is missing
problem-WRONG_TYPE = { $at } must be { $expected }
problem-BAD_VALUE = { $at }: { $detail }
problem-INVALID_UTF8 = line is not UTF-8

## The envelope's invariants (read.rs `Invariant::rule`), each one sentence.
invariant-recovery_present = every envelope carries a non-empty recovery sentence
invariant-retryable_follows_retry = retryable is true exactly when retry is "yes"
invariant-wait_only_with_yes = retry_after_ms appears only with retry "yes"
invariant-class_bounds_retry = transient takes retry yes|unknown, conflict yes|no, precondition_failed and permanent no, ambiguous unknown|no
invariant-gate_complete = gate has rule, violation and alternative, and the alternative is a directive
invariant-lists_non_empty = nearby, candidates, discarded_flags, causes and verify.command are never empty lists
invariant-absent_means_omitted = an absent optional field is omitted, never null or ""
invariant-item_index_in_range = items.failed_index and every items.results[].index are 1-based positions within items.total
invariant-verify_only_with_unknown = verify appears only with retry "unknown": it tells whether a request whose effect is unknown landed

## What a field of a line must be (`$expected` of problem-WRONG_TYPE and bad-value-shape).
expected-string = a string
expected-array-of-strings = an array of strings
expected-exit-status = an integer in 1..=255
expected-boolean = a boolean
expected-non-negative-integer = a non-negative integer
expected-object = an object
expected-retry-verdict = one of "yes", "no", "unknown"
expected-array-of-candidates = an array of candidates
expected-location = an object with path, line, column
expected-items = an object with total, failed_index, results
expected-gate = an object with rule, violation, alternative
expected-provider = an object with kind and status
expected-truncated = an object of sizes in bytes
expected-source = an object with dialect and code
expected-array-of-causes = an array of causes
expected-verify = an object with command, an array of strings

## What is wrong with a field's value (`$detail` of problem-BAD_VALUE); a quoted value is the
## line's own text.
bad-value-shape = { $expected }: { $detail }
bad-value-exit-range = exit status { $status } is outside 1..=255
bad-value-error-class = unknown class { $class }; expected transient, conflict, precondition_failed, permanent or ambiguous
bad-value-retry = unknown verdict { $retry }; expected yes, no or unknown
bad-value-lang = { $tag } is not a BCP 47 language tag such as en or pt-BR
bad-value-one-based = line and column are 1-based
bad-value-similarity = similarity must be in 0..=1
bad-value-candidate-text = text is longer than { $max } characters
bad-value-http-status = an HTTP status is in 100..=599
bad-value-cause-message = a cause's message is never blank
bad-value-verify-program = the verify command's first element, the program, is never empty

## The guard (guard/refusal.rs): a call answered without being sent. `$count` failures in a
## row, `$call` the call's fingerprint, `$last_code` and `$last_recovery` the last failure's code
## and recovery as its envelope gave them, `$upstream` a host (and port), `$until` an RFC 3339
## time, `$wait` and `$window` durations.
REPEATED_FAILURE-message = this call failed { $count } times in a row with { $last_code }, the same way each time, so it was not run again
REPEATED_FAILURE-recovery = { $last_recovery }; the same call is not run again after the same failure: change the call, or clear what the guard holds for it with `failwise state clear --call { $call }`
REPEATED_FAILURE-recovery-tool = { $last_recovery }; the same tool call is not sent again after the same failure: change an argument, or send it anyway with `"failwise/force": true` in the request's `_meta`
CIRCUIT_OPEN-message = { $upstream } failed to answer { $failures } times within { $window }, so calls to it are held back until { $until }; the call was not run
CIRCUIT_OPEN-recovery = wait { $wait }, after which one call goes through to probe { $upstream }, or check that it is reachable; `failwise state clear --upstream { $upstream }` closes the circuit
UPSTREAM_WAIT-message = { $upstream } asked its callers to wait until { $until }; the call was not run
UPSTREAM_WAIT-recovery = run the call again after { $wait }

## The guard's state store (guard/store.rs `StoreError`); `$reason` is SQLite's or the Redis
## client's own text, and `$location` never holds a password.
store-unreachable = cannot open the state store { $location }: { $reason }
store-failed = the state store { $location } failed: { $reason }
store-newer-schema = the state store { $location } has schema version { $found }, newer than the { $known } this failwise knows; upgrade failwise or name another store with --state
store-unknown-scheme = a store is a SQLite file (a path, or sqlite:PATH) or a Redis server (redis://, redis+unix://, unix://, valkey://), not a { $scheme }:// URL
store-not-built = this build of failwise has no support for this kind of store

## The library's own errors (code.rs `InvalidCode`, draft.rs `EmptyRecovery`, verdict.rs
## `InvalidVerdict`, redact.rs `RefusedSecret`, i18n `I18nError`); a quoted value is the
## caller's own text, and Fluent's parse errors stay as Fluent wrote them.
code-invalid = invalid code { $text }: { $reason }; write UPPER_SNAKE such as `FILE_NOT_FOUND`
code-rule-empty = it is empty
code-rule-first-letter = it must start with A-Z
code-rule-characters = only A-Z, 0-9 and _ may follow the first letter
draft-empty-recovery = the recovery sentence is empty: write one imperative sentence that names a command, flag, key or file
verdict-invalid = error_class { $class } does not admit retry { $retry }: transient takes yes|unknown, conflict yes|no, precondition_failed and permanent no, ambiguous unknown|no
secret-too-short = the secret has { $chars } characters besides whitespace; register values of at least { $min } (shorter ones would mask ordinary text)
secret-number-like = the secret is made only of number characters, which the envelope's own numbers could spell; register a value with other characters
secret-wire-vocabulary = the secret occurs inside a word of the envelope's own vocabulary (a member name, an enum value, a marker or a label), which every envelope prints, so it cannot be hidden
secret-wire-syntax = the secret holds a quotation mark beside JSON punctuation, which the syntax of a JSON line around its fields could spell, so it cannot be hidden
secret-syntax-like = the secret is made only of what a JSON line writes outside its strings (digits, punctuation, parts of true, false and null), so it cannot be hidden
i18n-invalid-tag = { $tag } is not a BCP 47 language tag; write one such as `en`, `pt-BR`
i18n-invalid-resource = the Fluent resource for { $lang } does not parse: { $errors }

## Catalogs (catalog/{file,template,lint,diff}.rs): why a catalog cannot be used, its advisory
## findings and the changes between two versions. Codes, field names, statuses and classes stay
## as the catalog spells them; a quoted value is the catalog's own text.
catalog-error-syntax = the catalog does not parse as { $format }: { $detail }
catalog-error-invalid = the catalog breaks { $count } rule(s)
catalog-problem-duplicate-code = the code appears twice; give every entry its own code
catalog-problem-empty-recovery = the recovery is empty; write one imperative sentence that names a command, flag, key or path
catalog-problem-line-break = the { $field } holds a line break; write it as one line
catalog-problem-template = { $field } template: { $error }
catalog-problem-param-name = param { $param } is not a valid name; write [a-z_][a-z0-9_]* such as `path`
catalog-problem-param-twice = param { $param } is listed twice
catalog-problem-replaced-by-stable = replaced_by { $replaced_by } on a stable code; set status "deprecated" or drop replaced_by
catalog-problem-replaced-by-unknown = replaced_by names { $replaced_by }, which is not in the catalog
catalog-problem-replaced-by-self = replaced_by names the code itself
catalog-problem-verify-retry = verify on a code whose retry is { $retry }: a verify command tells whether a request whose effect is unknown landed; set retry "unknown" or drop verify
catalog-problem-verify-program = the first word of verify, the program, is empty; write the program's name first, such as ["app", "status", "{"{"}id{"}"}"]
template-error = { $reason } at byte { $offset }; write placeholders as {"{"}name{"}"} and literal braces as {"{{"} or {"}}"}
template-fault-unclosed = unclosed `{"{"}`
template-fault-name = a placeholder name must match [a-z_][a-z0-9_]*
template-fault-lone-close = a lone `{"}"}`
lint-warning = warning[{ $rule }] { $code }: { $detail }
lint-RECOVERY_NAMES_NOTHING = recovery { $recovery } names no command, flag, key or path; name one, e.g. "run `tool init`" or "pass --force"
lint-PARAM_MISSING = placeholder {"{"}{ $name }{"}"} is not in params; add "{ $name }" to params
lint-DUPLICATE_MESSAGE = same message as { $first }; say what differs between them
lint-EXIT_SHARED_ACROSS_CLASSES = exit { $exit } is also { $first_code }'s, which is { $first_class } while this is { $class }; give one of them its own exit status
lint-DEPRECATED_WITHOUT_REPLACEMENT = deprecated without replaced_by; name the code callers should move to
lint-MESSAGE_STYLE = write the message as a lowercase fragment without a trailing period
lint-DOC_MISSING = no doc text; say what the code means and when it happens
diff-breaking = breaking
diff-compatible = compatible
diff-code-renamed = renamed to { $to } (same exit status and message)
diff-code-removed = removed; keep it, or mark it "retired" so it is never reused
diff-code-added = added (exit { $exit }, { $class })
diff-retired-code-reused = retired code is { $status } again; retired codes are never reused
diff-exit-changed = exit status { $old } -> { $new }
diff-class-changed = error_class { $old } -> { $new }
diff-retry-changed = retry { $old } -> { $new }
diff-param-removed = param { $param } removed
diff-param-added = param { $param } added
diff-translation-added = translation { $lang } added
diff-translation-removed = translation { $lang } removed
diff-translation-reworded = translation { $lang } reworded
diff-doc-changed = doc text changed
diff-message-changed = message { $old } -> { $new }
diff-recovery-changed = recovery { $old } -> { $new }
diff-status-changed = status { $old } -> { $new }
diff-status-replaced = status { $old } -> { $new } (replaced_by { $replaced_by })
diff-since-changed = since { $old } -> { $new }
diff-since-none = (none)

## Sources of the language that were set but unusable (i18n/resolve.rs), shown on stderr as
## `warning-line`; a parser's or the OS's own text (`$reason`) stays as read.
lang-skipped-flag = --lang: { $reason }
lang-skipped-config-unreadable = { $path }: cannot read: { $reason }
lang-skipped-config-toml = { $path }: not TOML: { $reason }
lang-skipped-config-tag = { $path }: { $reason }
lang-skipped-config-type = { $path }: `lang` must be a string such as "pt-BR", not { $reason }
lang-skipped-env = { $var }={ $value } is not a locale name; using English

## `failwise normalize`: why a line is an UNREADABLE_RECORD (`$reason`, dialect/normalize.rs);
## serde's text and the member that declares the failure stay as read.
rejection-not-utf8 = not UTF-8 at byte { $byte }
rejection-not-json = not JSON: { $detail }
rejection-duplicate-member = it names the member { $pointer } twice, which I-JSON (RFC 7493) forbids: readers disagree on which value counts
rejection-recovery-too-long = make the writer of { $input } put each record on a line of at most { $max } bytes
rejection-recovery-duplicate = make the writer of { $input } name each member of line { $line } once, keeping the value it means
rejection-too-long = longer than { $max } bytes, the most a record may hold; its bytes were skipped, not read
rejection-unknown-shape = it declares a failure ({ $marker }) in a shape no dialect reader knows

## Why a record that claims a dialect cannot be read in it (dialect/mod.rs `DialectError`); the
## dialect's name and the member's JSON Pointer stay as they are.
dialect-unreadable = not a readable { $dialect } record: { $reason }
dialect-unreadable-at = not a readable { $dialect } record: { $pointer } { $reason }
dialect-not-an-object = is not an object
dialect-not-a-string = is not a string
dialect-not-an-integer = is not an integer
dialect-not-a-code = has no `code`
dialect-api-error-message = API error { $code }
dialect-api-error-summary = Generic HTTP API error bodies that declare a failure (Cloudflare-style `success: false` with `errors`, Twilio-style `status` with `code`)
dialect-api-error-detected-by = `success: false` with an `errors` array of objects, a `status` of 400 or more with a `code` and a `message`, or an `error` whose integer `code` is an HTTP error status
dialect-api-error-loses = not written; reading keeps the first error's code and message, the others as causes, `more_info` as doc_url
dialect-cargo-json-summary = cargo's and rustc's JSON diagnostics (`--message-format json`) of level `error`
dialect-cargo-json-detected-by = `reason` is `compiler-message` and the diagnostic's `level` is `error` (not rustc's closing `aborting due to` summary)
dialect-cargo-json-loses = not written; reading keeps the error code, the message, the primary span as location and the suggested replacements as nearby; the other spans, the children's texts and `rendered` are lost
dialect-cargo-json-explain-recovery = fix the source at { $at } as the message says (`rustc --explain { $code }` explains the error), then build again
dialect-cargo-json-recovery = fix the source at { $at } as the message says, then build again
dialect-absent-and-so-is = is absent, and so is { $other }
dialect-not-a-retry-word = is not `yes`, `no`, `unknown` or a bool
dialect-absent-without-is-error = is absent and isError is not true

## How a record declares a failure in a shape no reader knows (`$marker` of
## rejection-unknown-shape); a JSON member is shown as written.
marker-error-object = an "error" object
marker-error-string = an "error" string

## The dialect registry (dialect/registry.rs): what each dialect is, how a record in it is
## detected and what writing it loses, one line each (`failwise normalize --help`, the
## completions and docs/dialects.md show them); member names and values stay as written.
dialect-auto-summary = Detect each record's dialect
dialect-failwise-summary = The canonical v1 envelope
dialect-failwise-detected-by = `error: true` with a string `code`, `retry` and `recovery`
dialect-failwise-loses = nothing
dialect-sqlite-graphrag-summary = sqlite-graphrag's error envelope
dialect-sqlite-graphrag-detected-by = `error: true` with an integer `code`
dialect-sqlite-graphrag-loses = the string code (`exit` is the code), the `conflict` and `precondition_failed` classes (written `permanent`) and a `transient`/`unknown` verdict (written `ambiguous`), `retry_after_ms`, `action`, `subject`, `params`, `nearby`, `candidates`, `location`, `path`, `workspace`, `items`, `gate`, `provider`, the sizes in `truncated` (written `true`), `doc_url`, `lang`, `source`, `causes`, `verify`: the object is closed
dialect-atomwrite-summary = atomwrite's ErrorJson envelope (also read: ErrorOutput)
dialect-atomwrite-detected-by = `error: true` with a string `code` (and not both `retry` and `recovery`)
dialect-atomwrite-loses = `retry_after_ms`, `action`, `subject`, `params`, `nearby`, candidates after the first, a `location` other than the first candidate's, `discarded_flags`, `gate`, `provider`, `truncated`, `doc_url`, `lang`, `source`, `causes`, `verify`; `ambiguous` is written as another class
dialect-atomwrite-erroroutput-summary = atomwrite's ErrorOutput envelope (its draft-07 schema, whose code and class are closed enums)
dialect-atomwrite-erroroutput-loses = what `atomwrite` loses; a code outside the schema's enum is written as the member of its class (`INVALID_INPUT`, `CONFIG_INVALID`, `LOCK_TIMEOUT`, `STATE_DRIFT`, `IO_ERROR`), the code kept in `failwise_code`
dialect-google-rpc-summary = google.rpc.Status in its HTTP JSON mapping (`code` the HTTP status)
dialect-google-rpc-detected-by = an integer `code` with a `details` array or a canonical `status` name under `error`, or bare with a canonical `status` name
dialect-google-rpc-loses = `source`; for readers other than failwise, what only ErrorInfo.metadata carries (the verdict beyond the status name, the exit status, param names outside the key rule, non-string params, an upstream status without a google.rpc code)
dialect-google-rpc-status-summary = The bare google.rpc.Status (`code` the google.rpc.Code)
dialect-google-rpc-status-detected-by = a bare integer `code` with a `details` array and no canonical `status` name
dialect-google-rpc-status-loses = `source`; for readers other than failwise, what only ErrorInfo.metadata carries (the verdict beyond the code, the exit status, param names outside the key rule, non-string params, the upstream's HTTP status)
dialect-json-rpc-summary = JSON-RPC 2.0 error responses, and responses with a failed MCP tool result
dialect-json-rpc-detected-by = `jsonrpc` with an `error` object or a `result` with `isError: true`; an `error` object with an integer `code` and a `message`
dialect-json-rpc-loses = nothing: `error.data` carries every member of the envelope; the request id is `params.id`
dialect-mcp-tool-result-summary = MCP tool results that report a failure (CallToolResult with isError)
dialect-mcp-tool-result-detected-by = `isError: true` without `jsonrpc`
dialect-mcp-tool-result-loses = nothing: `structuredContent` is the envelope, and a text block its JSON
dialect-problem-json-summary = RFC 9457 problem details
dialect-problem-json-detected-by = a string `type` with `title`, `status` or `detail`, or a string `title` with `status`
dialect-problem-json-loses = nothing: extension members carry every member of the envelope; `status` only when the source had an HTTP status
dialect-sprawling-summary = The sprawling agent kernel's AxError
dialect-sprawling-detected-by = a string `code` with `recovery` and `retry` (or the legacy `retriable`)
dialect-sprawling-loses = `exit`, `message`, the `conflict` and `precondition_failed` classes (read back `permanent`), a `transient`/`unknown` verdict (read back `ambiguous`), `params`, `candidates`, `location`, `path`, `workspace`, `discarded_flags`, `items`, `provider.status`, `truncated`, `doc_url`, `lang`, `source`, `causes`, `verify`; a code without `E_` is written with it, the code kept in `failwise_code`
dialect-eval-mock-summary = eval-mock's error record (also read: its human form)
dialect-eval-mock-detected-by = a string `code` with `hint` or `location` (under `error`, also a `message`); the human form `error [CODE]: message`
dialect-eval-mock-loses = the verdict (it reads back from the code's table), `exit`, `params`, `nearby`, `candidates`, `action`, `subject`, `workspace`, `discarded_flags`, `items`, `gate`, `provider`, `truncated`, `doc_url`, `lang`, `source`, `causes`, `verify`; an unknown line or column is written 1
dialect-eval-mock-human-summary = eval-mock's human form: `error [CODE]: message`, `at: file:line:col`, `hint: recovery`
dialect-eval-mock-human-loses = what `eval-mock` loses; a line break inside a text is written as a space
dialect-kubernetes-summary = Kubernetes API Status and kubectl's error line
dialect-kubernetes-detected-by = `kind: Status` with `status: Failure`; the kubectl line
dialect-kubernetes-loses = not written; reading leaves `apiVersion` and `metadata`
dialect-anthropic-summary = Anthropic (Claude) API error bodies
dialect-anthropic-detected-by = `type: error` with an `error` object that has a string `type`
dialect-anthropic-loses = not written; reading keeps the documented members its module lists
dialect-slack-summary = Slack Web API failures
dialect-slack-detected-by = `ok: false` with a string `error`
dialect-slack-loses = not written; reading keeps the documented members its module lists
dialect-aws-summary = AWS API errors, JSON or XML
dialect-aws-detected-by = a string `__type`; an XML `<Error>` with a `<Code>`
dialect-aws-loses = not written; reading keeps the documented members its module lists
dialect-stripe-summary = Stripe API error objects
dialect-stripe-detected-by = a `type` from Stripe's list with a Stripe-only member, bare or under `error`
dialect-stripe-loses = not written; reading leaves the embedded `payment_intent`, `payment_method`, `setup_intent` and `source` objects
dialect-openai-summary = OpenAI and Azure OpenAI API error bodies
dialect-openai-detected-by = an `error` object with a string `message`, a `type`, and `param` or a string `code`
dialect-openai-loses = not written; reading keeps the documented members its module lists
dialect-github-summary = GitHub REST API error bodies
dialect-github-detected-by = a `message` with a `documentation_url` on docs.github.com, or `errors[]` of `{"{"}resource, code{"}"}`
dialect-github-loses = not written; reading keeps the documented members its module lists

## Writers' and previews' own words: the description of a google.rpc.Help link
## (dialect/google_rpc.rs) and the last line of a cut diff preview (suggest/candidates.rs).
dialect-google-rpc-doc-link = documentation of this error
candidates-preview-more = … { $more } more diff lines

## A policy refusal missing a part (envelope/parts.rs `IncompleteGate`), and a record no dialect claims.
gate-incomplete = gate `{ $part }` is { $problem }: a refusal names its rule, the violation, and an alternative the caller can act on
gate-problem-empty = empty
gate-problem-only-a-refusal = only a refusal
dialect-not-a-failure = not a failure record in any known dialect

## A verify command without a program (envelope/parts.rs `NoProgram`).
verify-no-program = a verify command names a program: its argv has at least one element, and the first is not empty

## The reference of a catalog (`failwise catalog docs`, catalog/docs.rs): the Markdown one in English, the HTML
## page in the reader's language.
docs-title = { $tool } error codes
docs-version = Version { $version }.
docs-intro = Every failure prints one JSON envelope whose `code` is one of these.
docs-table-head = | code | exit | class | retry | status |
docs-filter = filter codes
docs-list-item = exit { $exit }, { $class }
docs-exit-status = exit status
docs-error-class = error class
docs-retry = retry
docs-message = message
docs-recovery = recovery
docs-verify = verify
docs-params = params
docs-since = since
docs-status = status
docs-replaced-by = replaced by
docs-translations = translations

## Rule packs (classify/packs): a rule that gives no message of its own shows the tool's line
## (`$said`, kept as the tool wrote it); a pack that cannot be used names its file, rule, field.
rule-tool-said = { $program }: { $said }
rule-pack-invalid = { $file }: rule { $rule } ({ $code }): { $field }: { $detail }
rule-pack-invalid-pack = { $file }: pack: { $field }: { $detail }
docs-code = code
docs-contents = contents
docs-index = Index
docs-example-rule = Each example envelope is the line the tool prints for its code, every param set to its name in angle brackets (`path` is `<path>`).
docs-example = Example envelope
docs-no-example = A retired code is never printed again, so it has no example.
docs-agent = What an agent may do
docs-inactive = Deprecated and retired codes
docs-inactive-intro = These codes are left out of the index above. A deprecated code is still printed, but a consumer should move to the code that replaces it; a retired code is never printed again, and never reused.
docs-badge-deprecated = deprecated
docs-badge-retired = retired
docs-deprecated-note = Still printed; use { $code } instead.
docs-deprecated-note-alone = Still printed, with no replacement named.
docs-retired-note = Never printed again; use { $code } instead.
docs-retired-note-alone = Never printed again.
docs-agent-class-transient = The same request can succeed later with the same input (a busy lock, a rate limit, a server restarting): wait `retry_after_ms`, or back off, then send it again; with `retry` `unknown`, verify first.
docs-agent-class-conflict = The request collided with the current state of a resource (it already exists, or it changed since it was read): read the state again, then send a changed request, or the same one when `retry` is `yes`.
docs-agent-class-precondition_failed = Something outside the request must change first (a permission, a missing setting, a file in the wrong place): do what the recovery says, then send the request again.
docs-agent-class-permanent = The request itself is wrong and fails the same way every time: change the request; never send it again unchanged.
docs-agent-class-ambiguous = Nobody can tell from here whether the effect landed or why it failed: find out first, as the recovery says.
docs-agent-retry-yes = The effect did not land: wait `retry_after_ms` (or back off with jitter), then send the same request again.
docs-agent-retry-no = The same request fails the same way until something changes: follow the recovery, and never send the request again unchanged.
docs-agent-retry-unknown = The request may have taken effect: verify first (the recovery says how), and send it again only when the action is idempotent.

## The MCP face (mcp.rs): what `failwise mcp` answers a tool call with when the server did
## not. `$tool` the tool's name, `$server` the server's command line, `$exit` its exit status.
MCP_SERVER_EXITED-message = the MCP server { $server } exited with status { $exit } before it answered the call of { $tool }
MCP_SERVER_EXITED-recovery = check whether the call of { $tool } took effect before sending it again, since the server may have run it, and read the server's stderr for why it exited
MCP_CALL_TIMEOUT-message = the MCP server did not answer the call of { $tool } within { $after }
MCP_CALL_TIMEOUT-recovery = check whether the call of { $tool } took effect before sending it again; if the tool is slow, raise --call-timeout
MCP_ANSWER_LOST-message = the answer to the call of { $tool } was lost after the call was sent
MCP_ANSWER_LOST-recovery = check whether the call of { $tool } took effect before sending it again; send it unchanged only if it is idempotent
## The line added to a failed tool result for the model: `$code`, `$error_class`, `$retry`,
## `$wait_ms` the envelope's, `$recovery` its recovery as rendered.
mcp-model-line = failwise: { $code } ({ $error_class }, retry: { $retry }). { $recovery }
mcp-model-line-wait = failwise: { $code } ({ $error_class }, retry: yes after { $wait_ms } ms). { $recovery }

## Fault injection (inject.rs): an injected fault's envelope, and why a spec cannot be read.
inject-rate-limit-message = the call of { $tool } was answered as rate limited (HTTP 429 Too Many Requests) by an injected fault, without being sent
inject-rate-limit-recovery = wait { $wait_ms } ms (`retry_after_ms`), then send the same call again
inject-result-lost-message = { $tool } ran, and its result was lost by an injected fault: whether it took effect is unknown
inject-result-lost-recovery = check whether { $tool } took effect before running it again, or run it again if it is idempotent
inject-no-equals = expected FAULT=CHANCE or TOOL:FAULT=CHANCE, such as rate_limit=0.1
inject-empty-tool = the tool's name before `:` is empty
inject-unknown-fault = { $fault } is not a fault; the faults are { $faults }
inject-unknown-fault-near = { $fault } is not a fault; did you mean { $near }?
inject-bad-chance = { $chance } is not a chance from 0 to 1
inject-over-one = the chances of one tool add up to { $total }, more than 1
inject-too-many-rules = more than { $max } rules

## A line that disagrees with its tool's catalog (catalog/agree.rs `Disagreement`, the
## `$detail` of `failwise validate`'s LINE_INVALID): `$code` is the line's code; `$exit` and
## `$class` are the line's, `$catalog_exit` and `$catalog_class` the catalog's.
validate-unknown-code = code { $code } is not in the { $tool } catalog
validate-retired-code = code { $code } is retired and must not be printed
validate-exit-mismatch = exit { $exit } but the catalog gives { $code } exit { $catalog_exit }
validate-lang-untranslated = lang { $lang } but the catalog has no { $lang } translation of { $code }; add one under the entry's `translations`, or print the English text
validate-class-mismatch = error_class { $class } but the catalog gives { $code } { $catalog_class }
