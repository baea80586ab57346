//! The rule-pack format as written in TOML (see the parent module for the format by example):
//! what serde reads before `Packs::compile` checks and compiles it, and what schemars makes the
//! format's JSON Schema from ([`super::rule_pack_schema`], committed at
//! `schemas/rule-pack.v1.schema.json`).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;

/// The `$id` of the rule-pack schema.
pub const RULE_PACK_SCHEMA_ID: &str = "urn:failwise:schema:rule-pack:v1";

/// A rule pack: one TOML file per tool family, each rule a tool's documented message (or a
/// contract-stable form any tool prints) with the verdict it gives and the real examples that
/// prove it.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "failwise rule pack v1", extend("$id" = RULE_PACK_SCHEMA_ID))]
pub(super) struct PackFile {
    /// The pack's name.
    pub(super) name: String,
    /// One line on what the pack reads.
    pub(super) summary: String,
    /// Where its messages come from: the tool's version and source files, its documentation.
    pub(super) source: String,
    /// The programs its rules apply to (empty: any).
    #[serde(default)]
    pub(super) programs: Vec<String>,
    /// The rules.
    #[serde(default)]
    pub(super) rules: Vec<RuleFile>,
}

/// A rule as written.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct RuleFile {
    /// The code, UPPER_SNAKE; `{name}` is replaced by the capture `name` spelled in
    /// UPPER_SNAKE, `{table}` by the name `verdict_from`'s table gives the capture.
    pub(super) code: String,
    /// The error class (DESIGN §3), with `retry`; or give `verdict_from`.
    pub(super) class: Option<String>,
    /// The retry verdict: yes, no or unknown, within the class's bounds.
    pub(super) retry: Option<String>,
    /// A regex over the stream (`^`/`$` at each line); its named captures become `params`.
    #[serde(rename = "match")]
    pub(super) pattern: Option<String>,
    /// A fixed text, anywhere in the stream (instead of `match`).
    pub(super) literal: Option<String>,
    /// The stream read.
    #[serde(default)]
    pub(super) stream: StreamSel,
    /// The exit statuses the rule applies to (empty: any).
    #[serde(default)]
    pub(super) exit: Vec<u8>,
    /// The programs the rule applies to, instead of the pack's.
    pub(super) programs: Option<Vec<String>>,
    /// `program`: only when one of the programs runs; `any`: whatever runs.
    #[serde(default)]
    pub(super) scope: Scope,
    /// The message: a Fluent id, or a template over the captures and `program` (default:
    /// the tool's own line).
    pub(super) message: Option<Text>,
    /// The recovery: a Fluent id, or a template over the captures and `program`.
    pub(super) recovery: Text,
    /// The wait, read from a capture.
    pub(super) wait: Option<Wait>,
    /// The verdict, read from a capture through a standard's table.
    pub(super) verdict_from: Option<VerdictFrom>,
    /// The code, read from a capture through a table of names.
    pub(super) code_from: Option<CodeFrom>,
    /// A higher one wins over other matches.
    #[serde(default)]
    pub(super) priority: i32,
    /// Only when nothing else knows: a wrapper's summary that says only that something failed.
    #[serde(default)]
    pub(super) fallback: bool,
    /// Did-you-mean values the tool printed beside its message.
    pub(super) nearby: Option<Nearby>,
    /// The argument for the verdict, read by people.
    #[allow(dead_code, reason = "the argument for the verdict, read by people")]
    pub(super) why: Option<String>,
    /// The real examples that prove the rule (at least one).
    #[serde(default)]
    pub(super) examples: Vec<Example>,
}

/// A text of a rule: a Fluent id (of the pack's `.ftl` files, or failwise's own), a template
/// in the default language (English), or templates by language tag (`{ en = "…", pt-BR = "…" }`).
/// A template writes a variable as `{name}` and a brace as `{{` or `}}`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub(super) enum Text {
    /// A Fluent id, or an English template.
    One(String),
    /// Templates by BCP 47 language tag; `en` is required.
    ByLang(BTreeMap<String, String>),
}

/// The streams a rule reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum StreamSel {
    /// Standard error.
    Stderr,
    /// Standard output.
    Stdout,
    /// Either.
    #[default]
    Any,
}

/// Whether a rule applies only when one of its programs runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum Scope {
    /// Only when one of the rule's programs runs.
    #[default]
    Program,
    /// Whatever runs: for a message that names its tool.
    Any,
}

/// A wait read from a capture.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct Wait {
    /// The capture holding the wait.
    pub(super) capture: String,
    /// The capture's unit.
    pub(super) unit: Unit,
    /// With `unit = "retry-after"`: the capture holding the response's `Date` header, from
    /// which an HTTP-date is counted.
    pub(super) since: Option<String>,
}

/// The unit of a wait's capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(super) enum Unit {
    /// Milliseconds.
    Ms,
    /// Seconds.
    S,
    /// Minutes.
    Min,
    /// A `Retry-After` value (RFC 9110 §10.2.3): seconds, or an HTTP-date counted from the
    /// capture `since` names (the response's `Date`); without that capture, no wait.
    RetryAfter,
    /// A duration as Go's `time.Duration` prints it (`5m52s`, `1h2m0s`, `42s`, `1.5s`,
    /// `300ms`): hours, minutes, seconds, milliseconds, in that order, each optional.
    Duration,
}

/// Did-you-mean values the tool printed beside its message (npm's `npm run build # run the
/// "build" package script`, pip's `(from versions: 1.0, 1.1)`): the capture `capture` of every
/// match of `match` in the stream the rule matched, in order, each split at `split` when given,
/// trimmed, blanks and repeats left out.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct Nearby {
    /// The pattern (a regex) of a line that names the values.
    #[serde(rename = "match")]
    pub(super) pattern: String,
    /// The capture of that pattern that holds them.
    pub(super) capture: String,
    /// A separator that cuts the capture into several values.
    pub(super) split: Option<String>,
}

/// A verdict read from a capture through a table of a standard.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct VerdictFrom {
    /// The capture read.
    pub(super) capture: String,
    /// The table it is read through.
    pub(super) table: Table,
}

/// The table of a standard a verdict is read through.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum Table {
    /// An HTTP status (RFC 9110): 408, 425, 429 and 5xx transient, other 4xx by their meaning.
    Http,
    /// A SQLSTATE (ISO/IEC 9075, PostgreSQL's Appendix A), by its class.
    Sqlstate,
    /// A JSON-RPC 2.0 error code (its reserved codes, §5.1, and MCP's).
    Jsonrpc,
    /// An AWS error name (`ThrottlingException`, `ResourceInUseException`), by its row of
    /// `packs/aws-codes.tsv` (the AWS SDKs' retry classes and the services' documented errors);
    /// a name it does not know takes the verdict of the HTTP status in the capture `status`,
    /// when the rule has one.
    Aws,
    /// A curl exit code (`curl: (N)`), by its row of `packs/curl-codes.tsv` (libcurl's
    /// `CURLE_` names): `{table}` in a code is the `CURLE_` name.
    Curl,
    /// An rsync exit value (`rsync error: … (code N)`), by its row of `packs/rsync-codes.tsv`
    /// (`RSYNC_` and the words rsync prints for the value).
    Rsync,
    /// An OpenSSL certificate verification error number (`verify error:num=N`), by its row of
    /// `packs/x509-verify.tsv` (OpenSSL's `X509_V_ERR_` names).
    X509,
    /// A MySQL or MariaDB error number (`pymysql.err.IntegrityError: (1062, …)`, Go's
    /// `Error 1062 (23000):`) or symbol (`ER_DUP_ENTRY`), by its row of `packs/mysql-codes.tsv`:
    /// `{table}` in a code is the `ER_`/`CR_` symbol.
    Mysql,
    /// A SQLite result code, primary or extended, by its number (`5`, `2067`) or name
    /// (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`), by its row of `packs/sqlite-codes.tsv` (an
    /// extended code without a row reads as its primary code): `{table}` in a code is the row's
    /// name.
    Sqlite,
    /// A system error given by its number (`111`, Python's `[Errno -3]` for getaddrinfo) or its
    /// name (`ECONNRESET`, `EAI_AGAIN`), by the errno table and getaddrinfo's codes
    /// ([`super::errno_entry`]): `{table}` in a code is the error's name.
    Errno,
    /// A gRPC status code (`google/rpc/code.proto`), by the google-rpc dialect's verdicts: its
    /// name as gRPC libraries print it (`UNAVAILABLE`, grpc-go's `DeadlineExceeded`) or its
    /// number; `{table}` in a code is the name in UPPER_SNAKE (`DEADLINE_EXCEEDED`).
    Grpc,
    /// A Redis error reply's prefix (`WRONGTYPE`, `LOADING`), by its row of
    /// `packs/redis-prefixes.tsv`, as every Redis client passes it on: `{table}` in a code is
    /// the prefix; a prefix the table lacks (the generic `ERR`) gives no finding.
    Redis,
    /// An Elasticsearch error `type` (`es_rejected_execution_exception`), by its row of
    /// `packs/elasticsearch-types.tsv`; a type the table lacks takes the verdict of the HTTP
    /// status in the capture `status`, when the rule has one. `{table}` in a code is the type
    /// in UPPER_SNAKE (`ES_REJECTED_EXECUTION_EXCEPTION`).
    Elasticsearch,
    /// An Apache Kafka client exception's simple class name (`NotLeaderOrFollowerException`), by
    /// its row of `packs/kafka-errors.tsv` (`org.apache.kafka.common.errors`, retriable when it
    /// extends `RetriableException`); `{table}` in a code is the name in UPPER_SNAKE
    /// (`NOT_LEADER_OR_FOLLOWER_EXCEPTION`, DESIGN §6's simple name); a class the table lacks
    /// gives no finding.
    Kafka,
    /// An AMQP 0-9-1 reply code's name as a broker's reply text starts (RabbitMQ's
    /// `PRECONDITION_FAILED - …`; amqplib's `PRECONDITION-FAILED` reads the same), by its row of
    /// `packs/amqp-replies.tsv`; `{table}` in a code is the name with underscores.
    Amqp,
    /// A libgit2 error code (`git_error_code`, `code=NotFound (-3)` as git2-rs prints it), by
    /// its number (negative, or its absolute value) in `packs/libgit2-codes.tsv`: `{table}` in
    /// a code is the `GIT_E` name.
    Libgit2,
    /// A Google API error reason of the legacy `error.errors[]` list (`rateLimitExceeded`,
    /// `quotaExceeded`, `backendError`), by its row of `packs/google-reasons.tsv`; a reason the
    /// table lacks takes the verdict of the HTTP status in the capture `status`, when the rule
    /// has one. `{table}` in a code is the reason in UPPER_SNAKE (`RATE_LIMIT_EXCEEDED`).
    Google,
    /// A Microsoft identity platform (Entra ID) error code (`AADSTS700082`), by its row of
    /// `packs/aadsts-codes.tsv`: `{table}` in a code is the code; a code the table lacks gives no
    /// finding.
    Aadsts,
}

/// A code read from a capture through a table of names: the capture's value named as its
/// standard names it, in UPPER_SNAKE (`40P01` → `DEADLOCK_DETECTED`); a value the table does not
/// know keeps the rule's `code`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct CodeFrom {
    /// The capture read.
    pub(super) capture: String,
    /// The table of names it is read through.
    pub(super) table: NameTable,
}

/// A table of names a code is read through.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum NameTable {
    /// A SQLSTATE's condition name, from PostgreSQL's `errcodes.txt` (`packs/sqlstate.tsv`).
    Sqlstate,
    /// A system error's name (`ECONNREFUSED`, `EAI_AGAIN`), from its number or name
    /// ([`super::errno_entry`]).
    Errno,
}

/// A real example of a rule: what the tool printed, and how it was got.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// Where it comes from: the command run to capture it, an issue thread, the tool's docs.
    pub source: String,
    /// The command as run.
    pub argv: Vec<String>,
    /// Its exit status (1 when not given).
    pub exit: Option<u8>,
    /// What it printed on stdout.
    #[serde(default)]
    pub stdout: String,
    /// What it printed on stderr.
    #[serde(default)]
    pub stderr: String,
    /// The code expected, when the rule's code is made from a capture.
    pub code: Option<String>,
}

/// The JSON Schema (draft 2020-12) of the rule-pack format, generated from the serde structs
/// the TOML is read into (a TOML pack read as JSON: the same keys and values).
pub fn rule_pack_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let mut schema = generator.into_root_schema_for::<PackFile>().to_value();
    crate::schema::drop_null(&mut schema);
    crate::schema::plain_descriptions(&mut schema);
    schema
}

/// The schema as pretty JSON with a trailing newline: the exact bytes of the committed
/// `schemas/rule-pack.v1.schema.json`.
pub fn rule_pack_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&rule_pack_schema()).unwrap_or_default();
    text.push('\n');
    text
}
