//! Recognition rules as data: rule packs, one TOML file per tool family, each rule a tool's
//! documented message (or a contract-stable form any tool prints) with the verdict it gives and
//! the real examples that prove it.
//!
//! # The pack format
//!
//! ```toml
//! name = "git"                          # the pack's name
//! summary = "git's fixed fatal: messages"
//! source = "git 2.47 builtin/*.c, setup.c"
//! programs = ["git"]                    # the programs its rules apply to (default: any)
//!
//! [[rules]]
//! code = "GIT_NOT_A_REPOSITORY"         # UPPER_SNAKE; `{name}` is replaced by a capture,
//!                                       # spelled in UPPER_SNAKE (`SlowDown` → `SLOW_DOWN`)
//! class = "precondition_failed"         # with `retry`: the verdict (DESIGN §3)
//! retry = "no"
//! match = '^fatal: not a git repository' # a regex over the stream, `^`/`$` at each line
//! # literal = "…"                       # or a fixed text, anywhere in the stream
//! stream = "stderr"                     # stderr | stdout | any (default)
//! exit = [128]                          # the exit statuses it applies to (default: any)
//! scope = "program"                     # program (default) | any: applies whatever runs,
//!                                       # for a message that names its tool
//! recovery = "git-not-a-repository-recovery"  # a Fluent id of the pack's texts
//! # message = "…"                       # a Fluent id; default: the tool's own line
//! # wait = { capture = "seconds", unit = "s" }   # the wait, from a capture (ms, s, min,
//! #                                     # retry-after: see below)
//! # verdict_from = { capture = "status", table = "http" }  # http | sqlstate | jsonrpc | aws
//! #                                     # | curl | rsync | x509
//! #                                     # (a code of `{table}` is the table's name for it)
//! # code_from = { capture = "sqlstate", table = "sqlstate" }  # the code is the capture's
//! #                                     # name in the table (40P01 → DEADLOCK_DETECTED), else `code`
//! # priority = 0                        # a higher one wins over other matches
//! #                                     # match = '\A' with `exit` reads the status alone
//! # fallback = true                     # only when nothing else knows (see Matching)
//! # nearby = { match = '^  npm run (?P<script>\S+) #', capture = "script" }
//! #                                     # did-you-mean values the tool printed: that capture
//! #                                     # of every match in the stream (`split = ", "` cuts
//! #                                     # each into several), in order
//! why = "the working tree is missing: fix the place, then run it again"
//!
//! [[rules.examples]]
//! source = "ran `git status` in an empty directory (git 2.47.3)"
//! argv = ["git", "status"]
//! exit = 128
//! stderr = "fatal: not a git repository (or any of the parent directories): .git\n"
//! ```
//!
//! A wait in the unit `retry-after` is an HTTP `Retry-After` value (RFC 9110 §10.2.3): a
//! number of seconds, or an HTTP-date (`Tue, 01 Dec 2026 10:03:42 GMT`), counted from the
//! capture `since` names (the `Date` header of the same response:
//! `wait = { capture = "retry_after", unit = "retry-after", since = "date" }`); an HTTP-date
//! without that capture, or before it, gives no wait (the clock of the machine reading the
//! output is not the server's). The `http` table is [`http_verdict`].
//!
//! The tables `curl`, `rsync` and `x509` are a tool's numbered codes as data
//! ([`NumberedTable`]: `packs/curl-codes.tsv`, `packs/rsync-codes.tsv`, `packs/x509-verify.tsv`),
//! each row a number, its documented name (`CURLE_COULDNT_CONNECT`, `RERR_PARTIAL`,
//! `X509_V_ERR_CERT_HAS_EXPIRED`) and its verdict; a number the table lacks gives no finding.
//! A `verdict_from` (or `code_from`) capture named `exit` that the pattern does not define is
//! the command's exit status, for a rule on the status alone
//! (`match = '\A'`, `exit = [...]`, `verdict_from = { capture = "exit", table = "curl" }`).
//!
//! A rule's named captures become `params` (a capture named `path` is also the envelope's
//! `path`, the file the failure is about); its message and recovery are Fluent messages whose
//! variables are those params and `program`. The texts of a built-in pack are the Fluent files
//! beside it (`packs/<name>.en.ftl`, `packs/<name>.pt-BR.ftl`).
//!
//! # Matching
//!
//! All rules of all packs are matched in one pass over each stream (a `RegexSet`), built once,
//! on the first failure read; a command that succeeds never builds it. A rule scoped to its
//! programs applies when one of them is among the programs the command runs
//! ([`programs_run`](super::programs_run): through wrappers and shell strings). Of the rules
//! that match, the one that wins has the highest `priority`, then is scoped to a program the
//! command runs, then names exit statuses, then is on stderr, then matches last in its stream
//! (the last failure printed is the one that ended the command).
//!
//! Both streams are read without their ANSI colour sequences (`ESC [ … m`), so a rule is
//! written for the words a tool prints, coloured or not (terraform colours its diagnostics
//! unless given `-no-color`).
//!
//! A `fallback` rule is for a wrapper's summary that says only that something it ran failed
//! (make's `*** [target] Error 2`, yarn's `Command failed with exit code 1.`): it is matched
//! apart ([`Packs::fallback_finding`]), after every other reader (the packs, the older Rust
//! readers, errno texts) has found nothing, so the failure the wrapped program printed wins.

mod built_in;
mod format;
mod nearby;
mod plain;
mod tables;

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::{Regex, RegexSet};
use serde_json::Value;

use built_in::BUILT_IN;
pub use format::Example;
use format::{CodeFrom, NameTable, PackFile, Scope, StreamSel, Table, VerdictFrom, Wait};
use nearby::NearbyRule;
use plain::plain;
use tables::{EXIT_CAPTURE, capture_value, numbered, wait_ms};
pub use tables::{
    NumberedTable, curl_codes, http_status_verdict, http_verdict, sqlstate_name, sqlstate_verdict,
};

use super::{Failure, Finding, Termination};
use crate::code::Code;
use crate::phrase::Phrase;
use crate::verdict::{ErrorClass, Retry, Verdict};

/// The longest stream tail the rules are matched against, in bytes (its end is kept).
pub const MATCHED_TAIL_BYTES: usize = 64 * 1024;

/// A compiled rule.
#[derive(Debug)]
struct Rule {
    pack: usize,
    index: usize,
    code: String,
    verdict: Option<Verdict>,
    regex: Regex,
    stream: StreamSel,
    exits: Vec<u8>,
    programs: Vec<String>,
    scope: Scope,
    message: Option<String>,
    recovery: String,
    wait: Option<Wait>,
    verdict_from: Option<VerdictFrom>,
    code_from: Option<CodeFrom>,
    priority: i32,
    fallback: bool,
    nearby: Option<NearbyRule>,
    examples: Vec<Example>,
}

/// Why a pack cannot be used: its file, the rule (1-based) and the field, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", crate::phrase::english_text(&self.phrase()))]
pub struct PackError {
    /// The pack's file or name.
    pub file: String,
    /// The rule, 1-based (0 for the pack itself).
    pub rule: usize,
    /// The field.
    pub field: String,
    /// What is wrong, in the words of the part that found it (TOML's, the regex compiler's).
    pub detail: String,
}

impl PackError {
    /// The error as a phrase (`rule-pack-invalid`).
    pub fn phrase(&self) -> Phrase {
        Phrase::new("rule-pack-invalid")
            .arg("file", self.file.clone())
            .arg("rule", self.rule)
            .arg("field", self.field.clone())
            .arg("detail", self.detail.clone())
    }
}

/// Loaded and compiled rule packs, ready to match.
#[derive(Debug)]
pub struct Packs {
    names: Vec<String>,
    rules: Vec<Rule>,
    set: RegexSet,
}

/// A rule whose example does not give what the rule says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The pack.
    pub pack: String,
    /// The rule's code as written.
    pub rule: String,
    /// The example's source.
    pub example: String,
    /// What was expected and what came: (code, class, retry) each.
    pub expected: (String, String, String),
    /// What the example gave.
    pub got: (String, String, String),
}

impl Packs {
    /// Compiles packs given as (file or name, TOML text).
    ///
    /// # Errors
    ///
    /// [`PackError`] naming the first pack, rule and field that cannot be used.
    pub fn compile<'a>(
        files: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, PackError> {
        let mut names = Vec::new();
        let mut rules = Vec::new();
        for (pack, (file, text)) in files.into_iter().enumerate() {
            let err = |rule: usize, field: &str, detail: String| PackError {
                file: file.to_owned(),
                rule,
                field: field.to_owned(),
                detail,
            };
            let parsed: PackFile =
                toml::from_str(text).map_err(|e| err(0, "", e.message().to_owned()))?;
            let _ = (&parsed.summary, &parsed.source);
            names.push(parsed.name.clone());
            for (i, r) in parsed.rules.into_iter().enumerate() {
                let n = i + 1;
                let pattern = match (&r.pattern, &r.literal) {
                    (Some(p), None) => format!("(?m){p}"),
                    (None, Some(l)) => regex::escape(l),
                    _ => {
                        return Err(err(
                            n,
                            "match",
                            "give one of `match` and `literal`".to_owned(),
                        ));
                    }
                };
                let regex = Regex::new(&pattern).map_err(|e| err(n, "match", e.to_string()))?;
                let verdict = match (&r.class, &r.retry, &r.verdict_from) {
                    (Some(c), Some(rt), None) => {
                        let class =
                            ErrorClass::parse(c).ok_or_else(|| err(n, "class", c.clone()))?;
                        let retry = match rt.as_str() {
                            "yes" => Retry::Yes,
                            "no" => Retry::No,
                            "unknown" => Retry::Unknown,
                            other => return Err(err(n, "retry", other.to_owned())),
                        };
                        Some(
                            Verdict::new(class, retry)
                                .map_err(|e| err(n, "retry", e.to_string()))?,
                        )
                    }
                    (None, None, Some(_)) => None,
                    _ => {
                        return Err(err(
                            n,
                            "class",
                            "give `class` and `retry`, or `verdict_from`".to_owned(),
                        ));
                    }
                };
                let names_in = regex.capture_names().flatten().collect::<Vec<_>>();
                let status_capture =
                    |c: &&String| *c == EXIT_CAPTURE && !names_in.contains(&c.as_str());
                for capture in r
                    .wait
                    .iter()
                    .flat_map(|w| std::iter::once(&w.capture).chain(w.since.as_ref()))
                    .chain(r.verdict_from.iter().map(|v| &v.capture))
                    .chain(r.code_from.iter().map(|c| &c.capture))
                {
                    if !names_in.contains(&capture.as_str()) && !status_capture(&capture) {
                        return Err(err(n, "capture", format!("no capture named {capture}")));
                    }
                }
                let nearby = r
                    .nearby
                    .map(NearbyRule::compile)
                    .transpose()
                    .map_err(|detail| err(n, "nearby", detail))?;
                if r.examples.is_empty() {
                    return Err(err(n, "examples", "a rule needs a real example".to_owned()));
                }
                rules.push(Rule {
                    pack,
                    index: n,
                    code: r.code,
                    verdict,
                    regex,
                    stream: r.stream,
                    exits: r.exit,
                    programs: r.programs.unwrap_or_else(|| parsed.programs.clone()),
                    scope: r.scope,
                    message: r.message,
                    recovery: r.recovery,
                    wait: r.wait,
                    verdict_from: r.verdict_from,
                    code_from: r.code_from,
                    priority: r.priority,
                    fallback: r.fallback,
                    nearby,
                    examples: r.examples,
                });
            }
        }
        let set = RegexSet::new(rules.iter().map(|r| r.regex.as_str())).map_err(|e| PackError {
            file: String::new(),
            rule: 0,
            field: "match".to_owned(),
            detail: e.to_string(),
        })?;
        Ok(Self { names, rules, set })
    }

    /// The packs that ship with failwise, compiled once.
    pub fn built_in() -> &'static Self {
        static PACKS: LazyLock<Packs> = LazyLock::new(|| {
            // Every built-in pack compiles: `built_in_packs_compile_and_replay` holds it.
            Packs::compile(BUILT_IN.iter().copied()).unwrap_or_else(|_| Packs::empty())
        });
        &PACKS
    }

    fn empty() -> Self {
        Self {
            names: Vec::new(),
            rules: Vec::new(),
            set: RegexSet::empty(),
        }
    }

    /// Each pack's name, with how many rules and real examples it holds, in order.
    pub fn stats(&self) -> Vec<(String, usize, usize)> {
        let mut out: Vec<(String, usize, usize)> =
            self.names.iter().map(|n| (n.clone(), 0, 0)).collect();
        for rule in &self.rules {
            out[rule.pack].1 += 1;
            out[rule.pack].2 += rule.examples.len();
        }
        out
    }

    /// The names of the packs, in order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// How many rules the packs hold.
    pub fn len(&self) -> usize {
        self.rules.len()
    }

    /// Whether the packs hold no rule.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// What the rule that wins says of `failure`, if one matches (`fallback` rules left out).
    pub fn finding(&self, failure: &Failure<'_>) -> Option<Finding> {
        self.matched(failure, false)
    }

    /// What the `fallback` rule that wins says of `failure`, if one matches: asked only when
    /// no other reader knows.
    pub fn fallback_finding(&self, failure: &Failure<'_>) -> Option<Finding> {
        self.matched(failure, true)
    }

    fn matched(&self, failure: &Failure<'_>, fallback: bool) -> Option<Finding> {
        if self.rules.is_empty() {
            return None;
        }
        let programs = super::programs_run(failure.command);
        let exit = match failure.termination {
            Termination::Exited(status) => Some(status.get()),
            Termination::Succeeded => Some(0),
            Termination::Signaled(_) => None,
        };
        let mut best: Option<(Rank, usize, &str)> = None;
        let streams = [
            (true, plain(tail(failure.stderr))),
            (false, plain(tail(failure.stdout))),
        ];
        for (on_stderr, text) in &streams {
            let (on_stderr, text) = (*on_stderr, text.as_ref());
            // An empty stderr is still read once, so that a rule on the exit status alone
            // (`match = '\A'`, `timeout`'s 124) holds when the command printed nothing.
            if text.is_empty() && !on_stderr {
                continue;
            }
            for i in self.set.matches(text).iter() {
                let rule = &self.rules[i];
                let admitted = match rule.stream {
                    StreamSel::Any => true,
                    StreamSel::Stderr => on_stderr,
                    StreamSel::Stdout => !on_stderr,
                };
                if !admitted
                    || rule.fallback != fallback
                    || (!rule.exits.is_empty() && !exit.is_some_and(|e| rule.exits.contains(&e)))
                {
                    continue;
                }
                let scoped = rule.programs.iter().any(|p| programs.contains(p));
                if !scoped && rule.scope == Scope::Program && !rule.programs.is_empty() {
                    continue;
                }
                let Some(last) = rule.regex.find_iter(text).last() else {
                    continue;
                };
                let key = (
                    rule.priority,
                    scoped,
                    !rule.exits.is_empty(),
                    on_stderr,
                    last.end(),
                );
                if best.as_ref().is_none_or(|(k, _, _)| key > *k) {
                    best = Some((key, i, text));
                }
            }
        }
        let (_, i, text) = best?;
        self.rules[i].finding(text, exit, programs.first().map(String::as_str))
    }

    /// Replays every example of every rule through [`Failure::envelope`] (the call `failwise
    /// run` makes) and lists those that do not give their rule's code, class and retry.
    pub fn replay(&self) -> Vec<Mismatch> {
        let mut out = Vec::new();
        for rule in &self.rules {
            for example in &rule.examples {
                let exit = crate::ExitStatus::new(example.exit.unwrap_or(1))
                    .unwrap_or(crate::ExitStatus::FAILURE);
                let failure = Failure {
                    command: &example.argv,
                    termination: Termination::Exited(exit),
                    stdout: &example.stdout,
                    stderr: &example.stderr,
                    stderr_bytes: example.stderr.len() as u64,
                };
                let envelope = failure.envelope();
                let got = (
                    envelope.code().as_str().to_owned(),
                    envelope.error_class().as_str().to_owned(),
                    envelope.retry().as_str().to_owned(),
                );
                let code = example.code.clone().unwrap_or_else(|| rule.code.clone());
                let (class, retry) = match rule.verdict {
                    Some(v) => (v.class().as_str().to_owned(), v.retry().as_str().to_owned()),
                    None => (got.1.clone(), got.2.clone()),
                };
                let expected = (code, class, retry);
                if got != expected {
                    out.push(Mismatch {
                        pack: self.names[rule.pack].clone(),
                        rule: format!("{} (rule {})", rule.code, rule.index),
                        example: example.source.clone(),
                        expected,
                        got,
                    });
                }
            }
        }
        out
    }
}

/// How a match ranks against the others: priority, scoped to a program run, names exit
/// statuses, on stderr, where it ends in its stream; the greatest wins.
type Rank = (i32, bool, bool, bool, usize);

/// The end of `text` the rules read: its last [`MATCHED_TAIL_BYTES`], from a character
/// boundary.
fn tail(text: &str) -> &str {
    let mut start = text.len().saturating_sub(MATCHED_TAIL_BYTES);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    &text[start..]
}

impl Rule {
    /// The finding of this rule on `text`, from its last match there; `exit` is the command's
    /// exit status (`None` when a signal ended it), `program` the program it runs (the tool's
    /// line is said without a `program: ` it starts with, which the message adds).
    fn finding(&self, text: &str, exit: Option<u8>, program: Option<&str>) -> Option<Finding> {
        let caps = self.regex.captures_iter(text).last()?;
        let whole = caps.get(0)?;
        let mut params: BTreeMap<String, Value> = BTreeMap::new();
        for name in self.regex.capture_names().flatten() {
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
                Table::Sqlstate => format!("SQLSTATE_{value}"),
                Table::Aws => value.clone(),
                Table::Curl | Table::Rsync | Table::X509 => {
                    numbered(from.table)?.get(&value)?.0.to_owned()
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
                NameTable::Sqlstate => sqlstate_name(&value),
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
                    Table::Sqlstate => sqlstate_verdict(&value)?,
                    Table::Jsonrpc => crate::dialect::rules::jsonrpc_code(value.parse().ok()?)?.1,
                    Table::Aws => {
                        crate::dialect::http_api::aws::code_verdict(&value).or_else(|| {
                            let status = params.get("status")?.as_str()?.parse().ok()?;
                            crate::dialect::rules::http_verdict(status)
                        })?
                    }
                    Table::Curl | Table::Rsync | Table::X509 => {
                        numbered(from.table)?.get(&value)?.1
                    }
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
        let said = text[line_start..line_end.max(whole.end())].trim();
        let said = program
            .and_then(|p| said.strip_prefix(p)?.strip_prefix(": "))
            .unwrap_or(said)
            .to_owned();
        let message = match &self.message {
            Some(id) => Phrase::new(id.clone()),
            None => Phrase::new("rule-tool-said").arg("said", said),
        };
        let code = Code::new(&code_text).unwrap_or_else(|_| Code::normalize(&code_text, "E"));
        let mut finding = Finding::new(code, verdict, message, Phrase::new(self.recovery.clone()));
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

#[cfg(test)]
mod tests;
