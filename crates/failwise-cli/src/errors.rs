//! failwise's own error codes, declared with `#[derive(Catalog)]`: the binary's own failures
//! are envelopes too. The reference generated from this enum is committed at
//! `docs/errors.md`, and a test fails when it is stale.
//!
//! A new failure of the binary gets a variant here (code, exit status, class, a doc comment)
//! with its message and recovery in `i18n/en.ftl` as `<CODE>-message` and `<CODE>-recovery`
//! (read at compile time by `#[catalog(ftl = …)]`, variables the variant's fields) and their
//! translation in `i18n/pt-BR.ftl`, and is turned into an envelope with
//! [`failwise::Catalog::to_envelope`]; never a hand-built `Envelope::draft` in a command.

use failwise::Catalog;

/// Every code the `failwise` binary prints about itself.
#[derive(Debug, Clone, Catalog)]
#[catalog(tool = "failwise", ftl = "src/i18n/en.ftl")]
pub enum CliError {
    /// An input file named on the command line cannot be opened or read.
    #[catalog(
        code = "INPUT_UNREADABLE",
        exit = 66,
        class = "precondition_failed",
        since = "0.1.0"
    )]
    InputUnreadable { path: String, reason: String },
    /// Standard input, named `-` (or read when no file is named), cannot be read: it is
    /// redirected from a directory, or from something else that cannot be read.
    #[catalog(
        code = "STDIN_UNREADABLE",
        exit = 66,
        class = "precondition_failed",
        since = "0.1.0"
    )]
    StdinUnreadable { path: String, reason: String },
    /// A file read whole (a catalog, a vocabulary, a needle, a haystack) is larger than the
    /// most failwise reads of one file; it is not held.
    #[catalog(
        code = "INPUT_TOO_LARGE",
        exit = 66,
        class = "precondition_failed",
        since = "0.1.0"
    )]
    InputTooLarge { path: String, max: u64 },
    /// A catalog file does not parse, or breaks a rule every catalog keeps (unique codes, a
    /// class that admits the default retry, templates that parse, valid param names).
    #[catalog(
        code = "CATALOG_INVALID",
        exit = 65,
        class = "permanent",
        since = "0.1.0"
    )]
    CatalogInvalid { path: String, reason: String },
    /// `failwise explain` was asked about a code the catalog does not have.
    #[catalog(code = "UNKNOWN_CODE", exit = 1, class = "permanent", since = "0.1.0")]
    UnknownCode { code: String, tool: String },
    /// A line of the stream given to `failwise validate` is not a valid v1 envelope, or does
    /// not agree with the catalog. `problem` is the reader's code for it (such as
    /// `INVARIANT_CLASS_BOUNDS_RETRY` or `CATALOG_EXIT_MISMATCH`), `pointer` the JSON Pointer.
    #[catalog(code = "LINE_INVALID", exit = 1, class = "permanent", since = "0.1.0")]
    LineInvalid {
        path: String,
        line: u64,
        problem: String,
        pointer: String,
        detail: String,
    },
    /// A value given with `--secret` cannot be masked: too short, made only of number
    /// characters, or inside a word every envelope prints. The run stops before it starts, so
    /// a secret the caller asked to hide is never shown. `reason` is `too_short`,
    /// `number_like` or `wire_vocabulary`.
    #[catalog(
        code = "SECRET_NOT_REGISTERED",
        exit = 2,
        class = "permanent",
        since = "0.1.0"
    )]
    SecretNotRegistered {
        flag: String,
        reason: String,
        detail: String,
        min_chars: u64,
    },
    /// The value of a variable named with `--secret-env` cannot be masked, for one of the
    /// reasons of `SECRET_NOT_REGISTERED`. The run stops before it starts.
    #[catalog(
        code = "SECRET_ENV_NOT_REGISTERED",
        exit = 2,
        class = "permanent",
        since = "0.1.0"
    )]
    SecretEnvNotRegistered {
        flag: String,
        variable: String,
        reason: String,
        detail: String,
        min_chars: u64,
    },
    /// `--secret-env` names a variable that is not set, so there is no value to mask.
    #[catalog(
        code = "SECRET_ENV_UNSET",
        exit = 2,
        class = "permanent",
        since = "0.1.0"
    )]
    SecretEnvUnset { flag: String, variable: String },
    /// `failwise rules test` replayed a rule pack's real example and it did not give the
    /// code, class and retry verdict its rule says: the rule or the example is wrong.
    #[catalog(
        code = "RULE_EXAMPLE_MISMATCH",
        exit = 1,
        class = "permanent",
        since = "0.1.0"
    )]
    RuleExampleMismatch {
        pack: String,
        rule: String,
        example: String,
        expected: String,
        got: String,
    },
    /// A rule pack (`--rules FILE`, a file of `rules.d`, a file named to `rules test` or
    /// `rules lint`) or a Fluent file beside it cannot be used as a whole: its TOML does not
    /// parse or names an unknown key, a text file does not parse. `at` is the file with the
    /// line and column when known; the pack is left out and the other packs still apply.
    #[catalog(
        code = "RULE_PACK_INVALID",
        exit = 65,
        class = "permanent",
        since = "0.1.0"
    )]
    RulePackInvalid {
        path: String,
        at: String,
        field: String,
        detail: String,
    },
    /// A rule of a rule pack cannot be used: a bad regex, a capture `wait`, `verdict_from` or
    /// `code_from` names that the pattern lacks, an invalid code, a class and retry verdict
    /// outside DESIGN §3's bounds, a text id that does not exist, a template that does not
    /// parse, no example or an empty source. The pack is left out and the others still apply.
    #[catalog(code = "RULE_INVALID", exit = 65, class = "permanent", since = "0.1.0")]
    RuleInvalid {
        path: String,
        at: String,
        rule: u64,
        code: String,
        field: String,
        detail: String,
    },
    /// `failwise rules lint`: two rules of the same scope, streams, exit statuses and priority
    /// each read the other's examples, so which answers depends on where they match (a
    /// warning).
    #[catalog(code = "RULE_OVERLAP", exit = 1, class = "permanent", since = "0.1.0")]
    RuleOverlap {
        path: String,
        rule: u64,
        code: String,
        other_path: String,
        other_rule: u64,
        other_code: String,
    },
    /// `failwise rules lint`: on each of a rule's examples another rule wins, so it never
    /// answers.
    #[catalog(
        code = "RULE_NEVER_WINS",
        exit = 1,
        class = "permanent",
        since = "0.1.0"
    )]
    RuleNeverWins {
        path: String,
        rule: u64,
        code: String,
        other_path: String,
        other_rule: u64,
        other_code: String,
    },
    /// `failwise rules lint`: on each of a rule's examples another rule wins and reads it the
    /// same (code and verdict), so the rule is redundant there (a warning).
    #[catalog(code = "RULE_SHADOWED", exit = 1, class = "permanent", since = "0.1.0")]
    RuleShadowed {
        path: String,
        rule: u64,
        code: String,
        other_path: String,
        other_rule: u64,
        other_code: String,
    },
    /// `failwise rules lint`: a rule's pattern does not match one of its own examples.
    #[catalog(
        code = "RULE_PATTERN_MISSES_EXAMPLE",
        exit = 1,
        class = "permanent",
        since = "0.1.0"
    )]
    RulePatternMissesExample {
        path: String,
        rule: u64,
        code: String,
        example: String,
    },
    /// `failwise rules lint`: a rule's message or recovery uses a variable that neither the
    /// pattern's captures nor the envelope give, so it cannot be rendered.
    #[catalog(
        code = "RULE_TEXT_UNKNOWN_VARIABLE",
        exit = 1,
        class = "permanent",
        since = "0.1.0"
    )]
    RuleTextUnknownVariable {
        path: String,
        rule: u64,
        code: String,
        variable: String,
    },
    /// `failwise catalog lint --strict` found advisory warnings.
    #[catalog(code = "LINT_WARNINGS", exit = 1, class = "permanent", since = "0.1.0")]
    LintWarnings { path: String, count: u64 },
    /// `failwise catalog diff` found a change that breaks consumers of the old catalog.
    #[catalog(
        code = "BREAKING_CHANGE",
        exit = 1,
        class = "permanent",
        since = "0.1.0"
    )]
    BreakingChange {
        old: String,
        new: String,
        count: u64,
    },
    /// `failwise run` was given an empty string as the command to run.
    #[catalog(code = "EMPTY_COMMAND", exit = 2, class = "permanent", since = "0.1.0")]
    EmptyCommand,
    /// Two arguments of one command line name standard input (`-`), which can be read only
    /// once. `first` and `second` are the arguments as `--help` names them (`--needle`, `OLD`),
    /// a repeated one by its place (`FILE 2`), and `FILE` alone when no file was given and
    /// standard input is read by default.
    #[catalog(
        code = "STDIN_NAMED_TWICE",
        exit = 2,
        class = "permanent",
        since = "0.1.0"
    )]
    StdinNamedTwice {
        command: String,
        first: String,
        second: String,
    },
    /// `failwise state` could not open or use the guard's store (a SQLite file that cannot be
    /// made, a Redis server that does not answer). `reason` is the store library's own text;
    /// `store` never holds a password.
    #[catalog(
        code = "STATE_UNAVAILABLE",
        exit = 75,
        class = "transient",
        since = "0.1.0"
    )]
    StateUnavailable { store: String, reason: String },
    /// `failwise state --call` was given something that is not a call's fingerprint (32
    /// hexadecimal digits, as `REPEATED_FAILURE` gives it in `params.call`).
    #[catalog(
        code = "CALL_FINGERPRINT_INVALID",
        exit = 2,
        class = "permanent",
        since = "0.1.0"
    )]
    CallFingerprintInvalid { value: String },
    /// `failwise mcp --inject` names the `timeout` fault, which holds a call's answer past
    /// `--call-timeout`, but no `--call-timeout` is given.
    #[catalog(
        code = "INJECT_NEEDS_CALL_TIMEOUT",
        exit = 2,
        class = "permanent",
        since = "0.1.0"
    )]
    InjectNeedsCallTimeout {},
}
