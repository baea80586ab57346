//! Two real tools' catalogs as failwise catalogs: atomwrite's code list (its `ErrorOutput`
//! enum) declared with the derive, and sqlite-graphrag's exit table (from its error envelope
//! schema) written by hand in TOML. Both are exported to committed JSON, read back unchanged,
//! and pass `lint` without a finding.
//!
//! Exit statuses and classes come from the tools' schemas and the corpus samples where they
//! say so (`fixtures/corpus/1-seed` at the repository root); the rest are inferred and listed
//! in `tests/fixtures/catalogs/README.md`.

use failwise::catalog::{CatalogFile, lint::lint};
use failwise::{Catalog, Retired};

use super::{assert_committed, fixture};

/// atomwrite 0.1.35's codes: the 25 of its `ErrorOutput` enum, plus `MATCH_FAILED` and
/// `ARGUMENT_PARSE_ERROR` which the corpus shows in use although the enum lacks them.
#[derive(Catalog)]
#[catalog(tool = "atomwrite")]
#[allow(
    dead_code,
    reason = "the catalog is the point; variants are exported, not printed"
)]
enum Atomwrite {
    /// The file to read or edit does not exist. Observed: exit 4.
    #[catalog(
        code = "FILE_NOT_FOUND",
        exit = 4,
        class = "permanent",
        message = "file not found: {path}",
        recovery = "verify that {path} exists and is spelled correctly"
    )]
    FileNotFound { path: String },
    /// The input is malformed, such as an edit pair that does not apply. Observed: exit 65.
    #[catalog(
        code = "INVALID_INPUT",
        exit = 65,
        class = "permanent",
        message = "invalid input: {detail}",
        recovery = "fix the input, retry with --fuzzy aggressive, or pass --partial to apply the pairs that match"
    )]
    InvalidInput { detail: String },
    /// The OS refused access to the file. Observed: exit 13 (errno EACCES).
    #[catalog(
        code = "PERMISSION_DENIED",
        exit = 13,
        class = "permanent",
        message = "permission denied: {path}",
        recovery = "check the permissions of {path} with `ls -l`, or run as a user that may write it"
    )]
    PermissionDenied { path: String },
    /// The filesystem is full. Inferred: exit 28 (errno ENOSPC).
    #[catalog(
        code = "DISK_FULL",
        exit = 28,
        class = "precondition_failed",
        message = "no space left on the device holding {path}",
        recovery = "free space on the filesystem of {path} (see `df -h`), then run the command again"
    )]
    DiskFull { path: String },
    /// The user's disk quota is used up. Inferred: exit 122 (errno EDQUOT).
    #[catalog(
        code = "QUOTA_EXCEEDED",
        exit = 122,
        class = "precondition_failed",
        message = "disk quota exceeded writing {path}",
        recovery = "free space under your quota (see `quota -s`), then run the command again"
    )]
    QuotaExceeded { path: String },
    /// The temporary file and the target are on different filesystems. Inferred: exit 18 (errno EXDEV).
    #[catalog(
        code = "CROSS_DEVICE",
        exit = 18,
        class = "precondition_failed",
        message = "cannot rename across devices into {path}",
        recovery = "set TMPDIR to a directory on the filesystem of {path}"
    )]
    CrossDevice { path: String },
    /// A read or write failed in the OS. Inferred: exit 74 (EX_IOERR).
    #[catalog(
        code = "IO_ERROR",
        exit = 74,
        class = "transient",
        message = "i/o error on {path}: {detail}",
        recovery = "run the command again; if it repeats, check the device of {path} with `dmesg`"
    )]
    IoError { path: String, detail: String },
    /// The configuration file does not parse. Inferred: exit 78 (EX_CONFIG).
    #[catalog(
        code = "CONFIG_INVALID",
        exit = 78,
        class = "precondition_failed",
        message = "invalid configuration in {path}: {detail}",
        recovery = "fix {path}, or move it aside to use the defaults"
    )]
    ConfigInvalid { path: String, detail: String },
    /// The file changed on disk since atomwrite read it. Inferred: exit 73.
    #[catalog(
        code = "STATE_DRIFT",
        exit = 73,
        class = "conflict",
        message = "{path} changed since it was read",
        recovery = "read {path} again with `atomwrite read`, then redo the edit"
    )]
    StateDrift { path: String },
    /// The checksum after writing does not match. Inferred: exit 74 (EX_IOERR).
    #[catalog(
        code = "CHECKSUM_VERIFY_FAILED",
        exit = 74,
        class = "transient",
        message = "checksum of {path} does not match after writing",
        recovery = "run the command again; if it repeats, check the device of {path} with `dmesg`"
    )]
    ChecksumVerifyFailed { path: String },
    /// The file is larger than the limit. Inferred: exit 27 (errno EFBIG).
    #[catalog(
        code = "FILE_TOO_LARGE",
        exit = 27,
        class = "permanent",
        message = "{path} is {size} bytes, over the limit of {limit}",
        recovery = "raise --max-size above {size}, or edit a smaller file"
    )]
    FileTooLarge { path: String, size: u64, limit: u64 },
    /// The path is outside the workspace. Observed: exit 126.
    #[catalog(
        code = "WORKSPACE_JAIL",
        exit = 126,
        class = "precondition_failed",
        message = "path outside workspace jail: {path} (workspace: {workspace})",
        recovery = "use a path inside {workspace}, or set --workspace to a directory that holds {path}"
    )]
    WorkspaceJail { path: String, workspace: String },
    /// The path is a symbolic link, which atomwrite does not follow. Inferred: exit 126, like the jail.
    #[catalog(
        code = "SYMLINK_BLOCKED",
        exit = 126,
        class = "precondition_failed",
        message = "{path} is a symbolic link",
        recovery = "pass the link's target (see `readlink -f {path}`) instead of the link"
    )]
    SymlinkBlocked { path: String },
    /// The file has the immutable attribute. Inferred: exit 1 (errno EPERM).
    #[catalog(
        code = "IMMUTABLE_FILE",
        exit = 1,
        class = "precondition_failed",
        message = "{path} is immutable",
        recovery = "clear the attribute with `chattr -i {path}` (Unix) or `fsutil` (Windows), then run the command again"
    )]
    ImmutableFile { path: String },
    /// The file is binary. Inferred: exit 65 (EX_DATAERR).
    #[catalog(
        code = "BINARY_FILE",
        exit = 65,
        class = "permanent",
        message = "{path} is a binary file",
        recovery = "inspect it with `atomwrite read --stat {path}` instead"
    )]
    BinaryFile { path: String },
    /// The path is a named pipe. Inferred: exit 65.
    #[catalog(
        code = "FIFO_DETECTED",
        exit = 65,
        class = "permanent",
        message = "{path} is a named pipe",
        recovery = "pass a regular file instead of {path}"
    )]
    FifoDetected { path: String },
    /// The path is a device node. Inferred: exit 65.
    #[catalog(
        code = "DEVICE_FILE",
        exit = 65,
        class = "permanent",
        message = "{path} is a device file",
        recovery = "pass a regular file instead of {path}"
    )]
    DeviceFile { path: String },
    /// A search found nothing. Inferred: exit 65.
    #[catalog(
        code = "NO_MATCHES",
        exit = 65,
        class = "permanent",
        message = "no matches for {pattern} in {path}",
        recovery = "widen --pattern, or check {path} with `atomwrite read`"
    )]
    NoMatches { pattern: String, path: String },
    /// stdout was closed by the reader. Inferred: exit 141 (128 + SIGPIPE); atomwrite's schema gives no suggestion.
    #[catalog(
        code = "BROKEN_PIPE",
        exit = 141,
        class = "permanent",
        message = "output pipe closed by the reader",
        recovery = "keep the reading end open until atomwrite exits, e.g. drop `| head`"
    )]
    BrokenPipe,
    /// A bug in atomwrite. Inferred: exit 70 (EX_SOFTWARE).
    #[catalog(
        code = "INTERNAL_ERROR",
        exit = 70,
        class = "permanent",
        message = "internal error: {detail}",
        recovery = "report it with the output of `atomwrite --version` and this envelope"
    )]
    InternalError { detail: String },
    /// Another atomwrite holds the file's lock. Inferred: exit 75 (EX_TEMPFAIL).
    #[catalog(
        code = "LOCK_TIMEOUT",
        exit = 75,
        class = "transient",
        message = "lock on {path} not acquired within {timeout_ms} ms",
        recovery = "wait for the other writer, or raise --lock-timeout above {timeout_ms}"
    )]
    LockTimeout { path: String, timeout_ms: u64 },
    /// The edit would leave a syntax error. Inferred: exit 65.
    #[catalog(
        code = "SYNTAX_ERROR_DETECTED",
        exit = 65,
        class = "permanent",
        message = "the edit leaves a syntax error in {path} at line {line}",
        recovery = "fix the replacement text, or pass --no-syntax-check to write it anyway"
    )]
    SyntaxErrorDetected { path: String, line: u64 },
    /// A cross-device copy fallback is disabled. Inferred: exit 18 (errno EXDEV).
    #[catalog(
        code = "EXDEV_FALLBACK_DISABLED",
        exit = 18,
        class = "precondition_failed",
        message = "cross-device copy into {path} is disabled",
        recovery = "pass --allow-exdev-fallback, or set TMPDIR on the filesystem of {path}"
    )]
    ExdevFallbackDisabled { path: String },
    /// The BLAKE3 check of a copied-back file failed. Inferred: exit 74 (EX_IOERR).
    #[catalog(
        code = "COPY_BACK_BLAKE3_FAILED",
        exit = 74,
        class = "transient",
        message = "blake3 of the copy of {path} differs from the original",
        recovery = "run the command again; if it repeats, check the device of {path} with `dmesg`"
    )]
    CopyBackBlake3Failed { path: String },
    /// A journal from an interrupted write is still there. Inferred: exit 1.
    #[catalog(
        code = "ORPHAN_JOURNAL",
        exit = 1,
        class = "precondition_failed",
        message = "orphan journal {journal} from an interrupted write",
        recovery = "run `atomwrite recover {journal}` or delete {journal}"
    )]
    OrphanJournal { journal: String },
    /// The fuzzy cascade found no match. Observed: exit 65 (not in the `ErrorOutput` enum).
    #[catalog(
        code = "MATCH_FAILED",
        exit = 65,
        class = "permanent",
        message = "match failed: old string not found after fuzzy cascade in {path}",
        recovery = "inspect candidates in the envelope and adjust --old, or lower --fuzzy-threshold"
    )]
    MatchFailed { path: String },
    /// The command line does not parse. Observed: exit 2 (not in the `ErrorOutput` enum).
    #[catalog(
        code = "ARGUMENT_PARSE_ERROR",
        exit = 2,
        class = "permanent",
        message = "the command line does not parse: {detail}",
        recovery = "run `atomwrite --help` and fix the command line"
    )]
    ArgumentParseError { detail: String },
    /// Kept to show a retired code in the fixture: never printed again.
    #[catalog(
        code = "LEGACY_LOCKED",
        exit = 75,
        class = "transient",
        message = "legacy lock held",
        recovery = "use --lock-timeout",
        status = "retired",
        replaced_by = "LOCK_TIMEOUT",
        since = "0.1.0"
    )]
    LegacyLocked(Retired),
}

#[test]
fn atomwrite_exports_to_the_committed_json_and_reads_back() {
    let file = Atomwrite::catalog();
    assert_eq!(file.codes.len(), 28);
    let mut json_file = file.clone();
    json_file.version = None;
    let json = json_file.to_json_pretty();
    assert_committed(&fixture("atomwrite.json"), &json);
    let back = CatalogFile::from_json(&json).unwrap();
    assert_eq!(back, json_file);
    let toml_back = CatalogFile::from_toml(&back.to_toml()).unwrap();
    assert_eq!(toml_back, json_file);
}

#[test]
fn atomwrite_passes_lint() {
    let findings = lint(&Atomwrite::catalog());
    assert!(findings.is_empty(), "{findings:#?}");
}

#[test]
fn atomwrite_keeps_the_observed_exit_statuses() {
    let file = Atomwrite::catalog();
    let exit = |code: &str| file.entry(code).map(|e| e.exit.get());
    for (code, status) in [
        ("FILE_NOT_FOUND", 4),
        ("INVALID_INPUT", 65),
        ("MATCH_FAILED", 65),
        ("PERMISSION_DENIED", 13),
        ("WORKSPACE_JAIL", 126),
        ("ARGUMENT_PARSE_ERROR", 2),
    ] {
        assert_eq!(exit(code), Some(status), "{code}");
    }
}

#[test]
fn sqlite_graphrag_toml_round_trips_through_json() {
    let text = std::fs::read_to_string(fixture("sqlite-graphrag.toml")).unwrap();
    let file = CatalogFile::from_toml(&text).unwrap();
    let json = file.to_json_pretty();
    assert_committed(&fixture("sqlite-graphrag.json"), &json);
    assert_eq!(CatalogFile::from_json(&json).unwrap(), file);
    let exits: Vec<u8> = file.codes.iter().map(|e| e.exit.get()).collect();
    assert_eq!(
        exits,
        [4, 9, 10, 11, 75, 75, 78],
        "sqlite-graphrag's exit table"
    );
}

#[test]
fn sqlite_graphrag_passes_lint() {
    let text = std::fs::read_to_string(fixture("sqlite-graphrag.toml")).unwrap();
    let findings = lint(&CatalogFile::from_toml(&text).unwrap());
    assert!(findings.is_empty(), "{findings:#?}");
}
