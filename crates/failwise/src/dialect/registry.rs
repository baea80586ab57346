//! The dialect registry: one row per dialect (its names, how a record in it is recognised, its
//! reader, its writer if it has one, the text forms it is found in, what it loses, a one-line
//! description), read by [`super::detect`], [`Dialect::from_name`], the text scanner, the
//! command line's `--from`/`--to` values and completions, and the dialect reference alike.
//!
//! A row's texts (what it is, how it is detected, what it loses) are Fluent ids,
//! `dialect-<name>-summary`, `-detected-by` and `-loses`, whose English is in `i18n/en.ftl` and
//! translations beside it; [`english`] renders them once per process.
//!
//! Adding a dialect is adding its module, its [`Dialect`] variant, one row here and its three
//! texts in every `i18n/*.ftl`: the rows
//! are in the order detection tries them, and each row's `claims` only sees records that the
//! rows above it left unclaimed. Lists shown to people ([`Dialect::ALL`],
//! [`Dialect::READ_ONLY`], the command line's values, the reference) follow the variants'
//! declaration order instead, and are computed from this table when the crate is compiled.

use std::sync::OnceLock;

use serde_json::{Map, Value};

use super::cargo_json;
use super::http_api::{anthropic, aws, declared, github, kubernetes, openai, slack, stripe};
use super::{
    Context, Dialect, DialectError, atomwrite, eval_mock, failwise, google_rpc, json_rpc,
    mcp_tool_result, problem_json, sprawling, sqlite_graphrag,
};
use crate::envelope::Envelope;
use crate::phrase::{Phrase, english_text};

/// One dialect's entry in the registry.
pub(crate) struct Row {
    /// The dialect this row describes.
    pub dialect: Dialect,
    /// Its name, as `source.dialect` and `--from`/`--to` spell it.
    pub name: &'static str,
    /// The other names it is known by (case is ignored when names are looked up).
    pub aliases: &'static [&'static str],
    /// The Fluent id of what it is, in a few words (the command line's `--help` and
    /// completions show it).
    pub summary: &'static str,
    /// The Fluent id of how a record in it is recognised, in one line (what `claims` checks).
    pub detected_by: &'static str,
    /// Whether a JSON object is a record in this dialect, given that no row above claimed it.
    pub claims: fn(&Map<String, Value>) -> bool,
    /// Reads a record in this dialect.
    pub read: fn(&Value, &Context) -> Result<Envelope, DialectError>,
    /// Writes an envelope in this dialect; `None` for a dialect failwise only reads.
    pub write: Option<fn(&Envelope) -> Value>,
    /// A form other than JSON in which the dialect is found in text, if any.
    pub text_form: Option<TextForm>,
    /// The Fluent id of what writing an envelope in this dialect loses (for a read-only
    /// dialect, what reading one leaves behind).
    pub loses: &'static str,
}

/// A row's texts in English, rendered from `en.ftl`.
pub(crate) struct English {
    /// What the dialect is.
    pub summary: String,
    /// How a record in it is recognised.
    pub detected_by: String,
    /// What writing it loses.
    pub loses: String,
}

/// A dialect's rendering as text rather than a JSON record (a command-line client's one-line
/// summary, an XML body, a human form), which the text scanner looks for in every block.
pub(crate) struct TextForm {
    /// Whether the form is looked for before the JSON records of the block or after them.
    pub scan: Scan,
    /// The record the form stands for, as the row's reader takes it; `None` when the text
    /// holds no such form.
    pub find: fn(&str) -> Option<Value>,
    /// For a form that spans lines, whether a line opens one (the indented lines after it
    /// continue it, [`super::records::text_extent`]); `None` for a form of one line or one
    /// block.
    pub opens: Option<fn(&str) -> bool>,
}

/// When a [`TextForm`] is looked for, relative to the JSON records in a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scan {
    /// Before: the form is distinctive enough that a JSON object beside it does not say more.
    BeforeJson,
    /// After: the form is a fallback for text that holds no JSON record.
    AfterJson,
}

/// `error: true`: the marker of the tools' envelopes (failwise, sqlite-graphrag, atomwrite).
fn flagged(obj: &Map<String, Value>) -> bool {
    obj.get("error") == Some(&Value::Bool(true))
}

/// None of the markers that settle a record's family before its other members are looked at:
/// `error: true`, a `jsonrpc` member, `isError: true`.
fn unmarked(obj: &Map<String, Value>) -> bool {
    !flagged(obj) && !obj.contains_key("jsonrpc") && obj.get("isError") != Some(&Value::Bool(true))
}

/// The object under `"error"`, when the record wraps one there.
fn wrapped(obj: &Map<String, Value>) -> Option<&Map<String, Value>> {
    obj.get("error").and_then(Value::as_object)
}

fn string_code(obj: &Map<String, Value>) -> bool {
    obj.get("code").is_some_and(Value::is_string)
}

fn hint_or_location(obj: &Map<String, Value>) -> bool {
    obj.contains_key("hint") || obj.contains_key("location")
}

/// Every dialect, in the order detection tries them.
pub(crate) static REGISTRY: [Row; 19] = [
    Row {
        dialect: Dialect::Failwise,
        name: "failwise",
        aliases: &["recourse"],
        summary: "dialect-failwise-summary",
        detected_by: "dialect-failwise-detected-by",
        claims: |obj| {
            flagged(obj)
                && string_code(obj)
                && obj.contains_key("retry")
                && obj.contains_key("recovery")
        },
        read: failwise::read,
        write: Some(failwise::write),
        text_form: None,
        loses: "dialect-failwise-loses",
    },
    Row {
        dialect: Dialect::SqliteGraphrag,
        name: "sqlite-graphrag",
        aliases: &["sqlite_graphrag"],
        summary: "dialect-sqlite-graphrag-summary",
        detected_by: "dialect-sqlite-graphrag-detected-by",
        claims: |obj| flagged(obj) && obj.get("code").is_some_and(Value::is_number),
        read: sqlite_graphrag::read,
        write: Some(sqlite_graphrag::write),
        text_form: None,
        loses: "dialect-sqlite-graphrag-loses",
    },
    Row {
        dialect: Dialect::Atomwrite,
        name: "atomwrite",
        aliases: &["atomwrite@ErrorJson"],
        summary: "dialect-atomwrite-summary",
        detected_by: "dialect-atomwrite-detected-by",
        claims: |obj| flagged(obj) && string_code(obj),
        read: atomwrite::read,
        write: Some(atomwrite::write),
        text_form: None,
        loses: "dialect-atomwrite-loses",
    },
    Row {
        dialect: Dialect::GoogleRpc,
        name: "google-rpc",
        aliases: &["google_rpc"],
        summary: "dialect-google-rpc-summary",
        detected_by: "dialect-google-rpc-detected-by",
        claims: |obj| {
            unmarked(obj)
                && match wrapped(obj) {
                    Some(inner) => google_rpc::is_status(inner) || http_coded(inner),
                    None => google_rpc::is_status(obj) && google_rpc::has_status_name(obj),
                }
        },
        read: google_rpc::read,
        write: Some(google_rpc::write),
        text_form: None,
        loses: "dialect-google-rpc-loses",
    },
    Row {
        dialect: Dialect::GoogleRpcStatus,
        name: "google-rpc-status",
        aliases: &["google_rpc_status"],
        summary: "dialect-google-rpc-status-summary",
        detected_by: "dialect-google-rpc-status-detected-by",
        claims: |obj| unmarked(obj) && wrapped(obj).is_none() && google_rpc::is_status(obj),
        read: google_rpc::read_status,
        write: Some(google_rpc::write_status),
        text_form: None,
        loses: "dialect-google-rpc-status-loses",
    },
    Row {
        dialect: Dialect::JsonRpc,
        name: "json-rpc",
        aliases: &["json_rpc"],
        summary: "dialect-json-rpc-summary",
        detected_by: "dialect-json-rpc-detected-by",
        claims: |obj| {
            if flagged(obj) {
                false
            } else if obj.contains_key("jsonrpc") {
                json_rpc::is_failure(obj)
            } else {
                obj.get("isError") != Some(&Value::Bool(true))
                    && wrapped(obj).is_some_and(|inner| {
                        inner.get("code").is_some_and(Value::is_number)
                            && inner.contains_key("message")
                            && !http_coded(inner)
                    })
            }
        },
        read: json_rpc::read,
        write: Some(json_rpc::write),
        text_form: None,
        loses: "dialect-json-rpc-loses",
    },
    Row {
        dialect: Dialect::McpToolResult,
        name: "mcp-tool-result",
        aliases: &["mcp_tool_result"],
        summary: "dialect-mcp-tool-result-summary",
        detected_by: "dialect-mcp-tool-result-detected-by",
        claims: |obj| {
            !flagged(obj) && !obj.contains_key("jsonrpc") && mcp_tool_result::is_failed_result(obj)
        },
        read: mcp_tool_result::read,
        write: Some(mcp_tool_result::write),
        text_form: None,
        loses: "dialect-mcp-tool-result-loses",
    },
    Row {
        dialect: Dialect::ProblemJson,
        name: "problem+json",
        aliases: &["problem-json", "problem_json"],
        summary: "dialect-problem-json-summary",
        detected_by: "dialect-problem-json-detected-by",
        claims: |obj| unmarked(obj) && wrapped(obj).is_none() && problem_json::is_problem(obj),
        read: problem_json::read,
        write: Some(problem_json::write),
        text_form: None,
        loses: "dialect-problem-json-loses",
    },
    Row {
        dialect: Dialect::Sprawling,
        name: "sprawling",
        aliases: &[],
        summary: "dialect-sprawling-summary",
        detected_by: "dialect-sprawling-detected-by",
        claims: |obj| {
            unmarked(obj)
                && wrapped(obj).is_none()
                && string_code(obj)
                && obj.contains_key("recovery")
                && (obj.contains_key("retry") || obj.contains_key("retriable"))
        },
        read: sprawling::read,
        write: Some(sprawling::write),
        text_form: None,
        loses: "dialect-sprawling-loses",
    },
    Row {
        dialect: Dialect::EvalMock,
        name: "eval-mock",
        aliases: &["eval_mock"],
        summary: "dialect-eval-mock-summary",
        detected_by: "dialect-eval-mock-detected-by",
        claims: |obj| {
            unmarked(obj)
                && match wrapped(obj) {
                    Some(inner) => {
                        string_code(inner)
                            && inner.contains_key("message")
                            && hint_or_location(inner)
                    }
                    None => string_code(obj) && hint_or_location(obj),
                }
        },
        read: eval_mock::read,
        write: Some(eval_mock::write),
        text_form: Some(TextForm {
            scan: Scan::BeforeJson,
            find: eval_mock::from_human,
            opens: Some(eval_mock::opens_human),
        }),
        loses: "dialect-eval-mock-loses",
    },
    Row {
        dialect: Dialect::Kubernetes,
        name: "kubernetes",
        aliases: &[],
        summary: "dialect-kubernetes-summary",
        detected_by: "dialect-kubernetes-detected-by",
        claims: kubernetes::is_status,
        read: kubernetes::read,
        write: None,
        text_form: Some(TextForm {
            scan: Scan::AfterJson,
            find: |text| text.lines().find_map(kubernetes::from_kubectl_line),
            opens: None,
        }),
        loses: "dialect-kubernetes-loses",
    },
    Row {
        dialect: Dialect::Anthropic,
        name: "anthropic",
        aliases: &[],
        summary: "dialect-anthropic-summary",
        detected_by: "dialect-anthropic-detected-by",
        claims: anthropic::is_error,
        read: anthropic::read,
        write: None,
        text_form: None,
        loses: "dialect-anthropic-loses",
    },
    Row {
        dialect: Dialect::Slack,
        name: "slack",
        aliases: &[],
        summary: "dialect-slack-summary",
        detected_by: "dialect-slack-detected-by",
        claims: slack::is_failure,
        read: slack::read,
        write: None,
        text_form: None,
        loses: "dialect-slack-loses",
    },
    Row {
        dialect: Dialect::Aws,
        name: "aws",
        aliases: &[],
        summary: "dialect-aws-summary",
        detected_by: "dialect-aws-detected-by",
        claims: aws::is_error,
        read: aws::read,
        write: None,
        text_form: Some(TextForm {
            scan: Scan::AfterJson,
            find: aws::from_xml,
            opens: None,
        }),
        loses: "dialect-aws-loses",
    },
    Row {
        dialect: Dialect::Stripe,
        name: "stripe",
        aliases: &[],
        summary: "dialect-stripe-summary",
        detected_by: "dialect-stripe-detected-by",
        claims: |obj| stripe::is_error(obj) || wrapped(obj).is_some_and(stripe::is_error),
        read: stripe::read,
        write: None,
        text_form: None,
        loses: "dialect-stripe-loses",
    },
    Row {
        dialect: Dialect::OpenAi,
        name: "openai",
        aliases: &[],
        summary: "dialect-openai-summary",
        detected_by: "dialect-openai-detected-by",
        claims: |obj| wrapped(obj).is_some_and(openai::is_error),
        read: openai::read,
        write: None,
        text_form: None,
        loses: "dialect-openai-loses",
    },
    Row {
        dialect: Dialect::GitHub,
        name: "github",
        aliases: &[],
        summary: "dialect-github-summary",
        detected_by: "dialect-github-detected-by",
        claims: github::is_error,
        read: github::read,
        write: None,
        text_form: None,
        loses: "dialect-github-loses",
    },
    Row {
        dialect: Dialect::CargoJson,
        name: "cargo-json",
        aliases: &["rustc-json"],
        summary: "dialect-cargo-json-summary",
        detected_by: "dialect-cargo-json-detected-by",
        claims: cargo_json::is_error,
        read: cargo_json::read,
        write: None,
        text_form: None,
        loses: "dialect-cargo-json-loses",
    },
    Row {
        dialect: Dialect::ApiError,
        name: "api-error",
        aliases: &[],
        summary: "dialect-api-error-summary",
        detected_by: "dialect-api-error-detected-by",
        claims: declared::is_failure,
        read: declared::read,
        write: None,
        text_form: None,
        loses: "dialect-api-error-loses",
    },
];

/// Every row, in the order detection tries them.
pub(crate) fn rows() -> &'static [Row] {
    &REGISTRY
}

/// The row of `dialect`.
pub(crate) const fn row(dialect: Dialect) -> &'static Row {
    &REGISTRY[index(dialect)]
}

/// The position of `dialect`'s row in the registry.
const fn index(dialect: Dialect) -> usize {
    let mut i = 0;
    while i < REGISTRY.len() {
        if REGISTRY[i].dialect as usize == dialect as usize {
            return i;
        }
        i += 1;
    }
    panic!("a Dialect variant has no row in the registry")
}

/// The texts of `dialect`'s row in English, every row's rendered once per process and kept
/// (immutable data), so that [`Dialect::summary`] and its siblings lend them as `&'static str`.
pub(crate) fn english(dialect: Dialect) -> &'static English {
    static ENGLISH: OnceLock<Vec<English>> = OnceLock::new();
    let texts = ENGLISH.get_or_init(|| {
        REGISTRY
            .iter()
            .map(|row| English {
                summary: english_text(&Phrase::new(row.summary)),
                detected_by: english_text(&Phrase::new(row.detected_by)),
                loses: english_text(&Phrase::new(row.loses)),
            })
            .collect()
    });
    &texts[index(dialect)]
}

/// The English of `auto`, the choice of no dialect (each record's detected), rendered once.
pub(crate) fn auto_summary() -> &'static str {
    static ENGLISH: OnceLock<String> = OnceLock::new();
    ENGLISH.get_or_init(|| english_text(&Phrase::new(AUTO_SUMMARY)))
}

/// The Fluent id of [`auto_summary`].
pub(crate) const AUTO_SUMMARY: &str = "dialect-auto-summary";

/// The dialects with a writer (`writable`) or without one, in declaration order. `N` must be
/// their number; compilation fails otherwise, as it does when two rows name one dialect or a
/// discriminant has no row.
pub(crate) const fn listed<const N: usize>(writable: bool) -> [Dialect; N] {
    let mut out = [Dialect::Failwise; N];
    let mut n = 0;
    let mut discriminant = 0;
    while discriminant < REGISTRY.len() {
        let mut found = 0;
        let mut i = 0;
        while i < REGISTRY.len() {
            let row = &REGISTRY[i];
            if row.dialect as usize == discriminant {
                found += 1;
                if row.write.is_some() == writable {
                    assert!(n < N, "more rows than the list's length");
                    out[n] = row.dialect;
                    n += 1;
                }
            }
            i += 1;
        }
        assert!(found == 1, "every dialect has exactly one row");
        discriminant += 1;
    }
    assert!(n == N, "fewer rows than the list's length");
    out
}

/// Whether an `{"error": {...}}` without a `jsonrpc` member carries an HTTP status as its
/// `code` (100–599, a message string): Google's JSON error form without its `status` name
/// (`{"error": {"code": 503, "message": "…"}}`), read as google-rpc, whose HTTP mapping
/// reads the status; JSON-RPC's own codes are negative or below 100.
fn http_coded(inner: &Map<String, Value>) -> bool {
    inner
        .get("code")
        .and_then(Value::as_i64)
        .is_some_and(|c| (100..600).contains(&c))
        && inner.get("message").is_some_and(Value::is_string)
}

/// The first row that claims `obj`, among all rows or only the read-only ones.
pub(crate) fn detect(obj: &Map<String, Value>, read_only: bool) -> Option<Dialect> {
    rows()
        .iter()
        .filter(|row| !read_only || row.write.is_none())
        .find(|row| (row.claims)(obj))
        .map(|row| row.dialect)
}

#[cfg(test)]
mod tests;
