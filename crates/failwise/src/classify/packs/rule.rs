//! A compiled rule, and what it says of the text it matched: its code (captures spelled in
//! UPPER_SNAKE, a table's name), verdict (fixed or a standard's table), wait, path and params.

use std::collections::BTreeMap;

use std::sync::OnceLock;

use regex::Regex;
use serde_json::Value;

use super::format::{CodeFrom, Example, NameTable, Scope, StreamSel, Table, VerdictFrom, Wait};
use super::nearby::NearbyRule;
use super::tables::{capture_value, errno_entry, grpc_name, named, numbered, wait_ms};
use super::{http_verdict, sqlstate_name, sqlstate_of, sqlstate_verdict};
use crate::classify::Finding;
use crate::code::Code;
use crate::phrase::Phrase;
use crate::verdict::{Retry, Verdict};

/// A compiled rule.
#[derive(Debug, Clone)]
pub(super) struct Rule {
    pub(super) pack: usize,
    pub(super) index: usize,
    pub(super) code: String,
    pub(super) verdict: Option<Verdict>,
    pub(super) regex: Pattern,
    pub(super) stream: StreamSel,
    pub(super) exits: Vec<u8>,
    pub(super) programs: Vec<String>,
    pub(super) scope: Scope,
    pub(super) message: Option<Phrase>,
    pub(super) recovery: Phrase,
    pub(super) wait: Option<Wait>,
    pub(super) verdict_from: Option<VerdictFrom>,
    pub(super) code_from: Option<CodeFrom>,
    pub(super) priority: i32,
    pub(super) fallback: bool,
    pub(super) nearby: Option<NearbyRule>,
    pub(super) user: bool,
    pub(super) examples: Vec<Example>,
}

impl Rule {
    /// The finding of this rule on `text`, from its last match there; `exit` is the command's
    /// exit status (`None` when a signal ended it), `program` the program it runs (the tool's
    /// line is said without a `program: ` it starts with, which the message adds).
    pub(super) fn finding(
        &self,
        text: &str,
        exit: Option<u8>,
        program: Option<&str>,
    ) -> Option<Finding> {
        let regex = self.regex.get()?;
        let caps = regex.captures_iter(text).last()?;
        let whole = caps.get(0)?;
        let mut params: BTreeMap<String, Value> = BTreeMap::new();
        for name in regex.capture_names().flatten() {
            if let Some(m) = caps.name(name) {
                params.insert(name.to_owned(), Value::from(m.as_str()));
            }
        }
        let value_of = |name: &str| capture_value(&params, name, exit);
        let mut code_text = self.code.clone();
        // `{table}`: the name the verdict's table gives the capture (`HTTP_429`,
        // `INVALID_PARAMS`).
        if let Some(from) = &self.verdict_from
            && code_text.contains("{table}")
        {
            let value = value_of(&from.capture)?;
            let name = match from.table {
                Table::Http => crate::dialect::rules::http_code(value.parse().ok()?)
                    .as_str()
                    .to_owned(),
                Table::Jsonrpc => crate::dialect::rules::jsonrpc_code(value.parse().ok()?)?
                    .0
                    .to_owned(),
                Table::Sqlstate => format!("SQLSTATE_{}", sqlstate_of(&value).unwrap_or(&value)),
                Table::Aws => value.clone(),
                Table::Grpc => grpc_name(&value)?.to_owned(),
                Table::Curl
                | Table::Rsync
                | Table::X509
                | Table::Mysql
                | Table::Sqlite
                | Table::Libgit2 => numbered(from.table)?.get(&value)?.0.to_owned(),
                Table::Errno => errno_entry(&value)?.0.to_owned(),
                Table::Redis | Table::Elasticsearch | Table::Google | Table::Aadsts => {
                    let table = named(from.table)?;
                    if table.get(&value).is_none() && !params.contains_key("status") {
                        return None;
                    }
                    match from.table {
                        Table::Google => failwise_spelling::upper_snake(&value, "")
                            .trim_start_matches('_')
                            .to_owned(),
                        _ => value.to_ascii_uppercase(),
                    }
                }
                // A class name in UPPER_SNAKE; a reply name with `-` (amqplib) as with `_`.
                Table::Kafka | Table::Amqp => {
                    let (name, _) = named(from.table)?.get(&value)?;
                    failwise_spelling::upper_snake(name, "")
                }
            };
            code_text = code_text.replace("{table}", &name);
        }
        for (name, value) in &params {
            let spelled = failwise_spelling::upper_snake(value.as_str().unwrap_or_default(), "");
            code_text = code_text.replace(&format!("{{{name}}}"), spelled.trim_start_matches('_'));
        }
        if let Some(from) = &self.code_from
            && let Some(value) = value_of(&from.capture)
            && let Some(name) = match from.table {
                NameTable::Sqlstate => sqlstate_name(sqlstate_of(&value).unwrap_or(&value)),
                NameTable::Errno => errno_entry(&value).map(|(name, _)| name),
            }
        {
            code_text = name.to_ascii_uppercase();
        }
        let mut verdict = match (&self.verdict, &self.verdict_from) {
            (Some(v), _) => *v,
            (None, Some(from)) => {
                let value = value_of(&from.capture)?;
                match from.table {
                    Table::Http => http_verdict(value.parse().ok()?)?,
                    Table::Sqlstate => sqlstate_verdict(sqlstate_of(&value).unwrap_or(&value))?,
                    Table::Jsonrpc => crate::dialect::rules::jsonrpc_code(value.parse().ok()?)?.1,
                    Table::Aws => {
                        crate::dialect::http_api::aws::code_verdict(&value).or_else(|| {
                            let status = params.get("status")?.as_str()?.parse().ok()?;
                            crate::dialect::rules::http_verdict(status)
                        })?
                    }
                    Table::Grpc => crate::dialect::rules::grpc_verdict(grpc_name(&value)?),
                    Table::Curl
                    | Table::Rsync
                    | Table::X509
                    | Table::Mysql
                    | Table::Sqlite
                    | Table::Libgit2 => numbered(from.table)?.get(&value)?.1,
                    Table::Errno => errno_entry(&value)?.1,
                    Table::Redis | Table::Elasticsearch | Table::Google | Table::Aadsts => {
                        match named(from.table)?.get(&value) {
                            Some((_, verdict)) => verdict,
                            None => {
                                let status = params.get("status")?.as_str()?.parse().ok()?;
                                http_verdict(status)?
                            }
                        }
                    }
                    Table::Kafka | Table::Amqp => named(from.table)?.get(&value)?.1,
                }
            }
            (None, None) => return None,
        };
        if let Some(wait) = &self.wait
            && verdict.retry() == Retry::Yes
            && let Some(ms) = wait_ms(wait, &params)
        {
            let ms = ms.clamp(0.0, 1e15);
            #[allow(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "clamped to 0..1e15"
            )]
            {
                verdict = verdict.after_ms(ms as u64);
            }
        }
        let line_start = text[..whole.start()].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[whole.end()..]
            .find('\n')
            .map_or(text.len(), |i| whole.end() + i);
        // The lines the match spans, said on one line (a message is one line).
        let said: String = text[line_start..line_end.max(whole.end())]
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let said = program
            .and_then(|p| said.strip_prefix(p)?.strip_prefix(": "))
            .unwrap_or(&said)
            .to_owned();
        let message = match &self.message {
            Some(phrase) => phrase.clone(),
            None => Phrase::new("rule-tool-said").arg("said", said),
        };
        let code = Code::new(&code_text).unwrap_or_else(|_| Code::normalize(&code_text, "E"));
        let mut finding = Finding::new(code, verdict, message, self.recovery.clone());
        finding.path = params
            .get("path")
            .and_then(Value::as_str)
            .map(str::to_owned);
        finding.params = params.into_iter().collect();
        if let Some(nearby) = &self.nearby {
            finding.nearby = nearby.values(text);
        }
        Some(finding)
    }
}

/// A rule's pattern: its text, and the regex compiled from it when first asked for (a built-in
/// pack's patterns are compiled only for the rules the one-pass set flags, so the first
/// failure of a process pays for those alone; a user pack's are compiled and checked when it
/// loads).
#[derive(Debug, Clone)]
pub(super) struct Pattern {
    text: String,
    regex: OnceLock<Option<Regex>>,
}

impl Pattern {
    /// A pattern compiled now.
    ///
    /// # Errors
    ///
    /// The regex crate's error when `text` is no pattern it compiles.
    pub(super) fn compiled(text: String) -> Result<Self, regex::Error> {
        let regex = Regex::new(&text)?;
        Ok(Self {
            text,
            regex: OnceLock::from(Some(regex)),
        })
    }

    /// A pattern compiled when first used (a pattern that does not compile then matches
    /// nothing; the built-in packs' tests compile every one).
    pub(super) fn lazy(text: String) -> Self {
        Self {
            text,
            regex: OnceLock::new(),
        }
    }

    /// The compiled regex, compiling it on first use.
    pub(super) fn get(&self) -> Option<&Regex> {
        self.regex
            .get_or_init(|| Regex::new(&self.text).ok())
            .as_ref()
    }

    /// The pattern's text.
    pub(super) fn as_str(&self) -> &str {
        &self.text
    }
}
