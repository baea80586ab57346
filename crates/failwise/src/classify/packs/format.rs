//! The rule-pack format as written in TOML (see the parent module for the format by example):
//! what serde reads before `Packs::compile` checks and compiles it.

use serde::Deserialize;

/// A pack as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PackFile {
    pub(super) name: String,
    pub(super) summary: String,
    pub(super) source: String,
    #[serde(default)]
    pub(super) programs: Vec<String>,
    #[serde(default)]
    pub(super) rules: Vec<RuleFile>,
}

/// A rule as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RuleFile {
    pub(super) code: String,
    pub(super) class: Option<String>,
    pub(super) retry: Option<String>,
    #[serde(rename = "match")]
    pub(super) pattern: Option<String>,
    pub(super) literal: Option<String>,
    #[serde(default)]
    pub(super) stream: StreamSel,
    #[serde(default)]
    pub(super) exit: Vec<u8>,
    pub(super) programs: Option<Vec<String>>,
    #[serde(default)]
    pub(super) scope: Scope,
    pub(super) message: Option<String>,
    pub(super) recovery: String,
    pub(super) wait: Option<Wait>,
    pub(super) verdict_from: Option<VerdictFrom>,
    pub(super) code_from: Option<CodeFrom>,
    #[serde(default)]
    pub(super) priority: i32,
    #[serde(default)]
    pub(super) fallback: bool,
    pub(super) nearby: Option<Nearby>,
    #[allow(dead_code, reason = "the argument for the verdict, read by people")]
    pub(super) why: Option<String>,
    #[serde(default)]
    pub(super) examples: Vec<Example>,
}

/// The streams a rule reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum StreamSel {
    Stderr,
    Stdout,
    #[default]
    Any,
}

/// Whether a rule applies only when one of its programs runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Scope {
    #[default]
    Program,
    Any,
}

/// A wait read from a capture.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Wait {
    pub(super) capture: String,
    pub(super) unit: Unit,
    /// With `unit = "retry-after"`: the capture holding the response's `Date` header, from
    /// which an HTTP-date is counted.
    pub(super) since: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum Unit {
    Ms,
    S,
    Min,
    /// A `Retry-After` value (RFC 9110 §10.2.3): seconds, or an HTTP-date counted from the
    /// capture `since` names (the response's `Date`); without that capture, no wait.
    RetryAfter,
}

/// Did-you-mean values the tool printed beside its message (npm's `npm run build # run the
/// "build" package script`, pip's `(from versions: 1.0, 1.1)`): the capture `capture` of every
/// match of `match` in the stream the rule matched, in order, each split at `split` when given,
/// trimmed, blanks and repeats left out.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Nearby {
    #[serde(rename = "match")]
    pub(super) pattern: String,
    pub(super) capture: String,
    pub(super) split: Option<String>,
}

/// A verdict read from a capture through a table of a standard.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct VerdictFrom {
    pub(super) capture: String,
    pub(super) table: Table,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Table {
    /// An HTTP status (RFC 9110), by [`super::http_verdict`].
    Http,
    /// A SQLSTATE (ISO/IEC 9075, PostgreSQL's Appendix A), by [`super::sqlstate_verdict`].
    Sqlstate,
    /// A JSON-RPC 2.0 error code (its reserved codes, §5.1, and MCP's), by
    /// [`crate::dialect::rules::jsonrpc_code`].
    Jsonrpc,
    /// An AWS error name (`ThrottlingException`, `ResourceInUseException`), by
    /// [`crate::dialect::http_api::aws::code_verdict`]; a name it does not know takes the
    /// verdict of the HTTP status in the capture `status`, when the rule has one.
    Aws,
    /// A curl exit code (`curl: (N)`), by its row of `packs/curl-codes.tsv` (libcurl's
    /// `CURLE_` names): `{table}` in a code is the `CURLE_` name.
    Curl,
    /// An rsync exit value (`rsync error: … (code N)`), by its row of `packs/rsync-codes.tsv`
    /// (rsync's `RERR_` names).
    Rsync,
    /// An OpenSSL certificate verification error number (`verify error:num=N`), by its row of
    /// `packs/x509-verify.tsv` (OpenSSL's `X509_V_ERR_` names).
    X509,
}

/// A code read from a capture through a table of names: the capture's value named as its
/// standard names it, in UPPER_SNAKE (`40P01` → `DEADLOCK_DETECTED`); a value the table does not
/// know keeps the rule's `code`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CodeFrom {
    pub(super) capture: String,
    pub(super) table: NameTable,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum NameTable {
    /// A SQLSTATE's condition name, from PostgreSQL's `errcodes.txt` (`packs/sqlstate.tsv`), by
    /// [`super::sqlstate_name`].
    Sqlstate,
}

/// A real example of a rule: what the tool printed, and how it was got.
#[derive(Debug, Clone, Deserialize)]
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
