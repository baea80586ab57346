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
//! #                                     # retry-after, duration: see below)
//! # verdict_from = { capture = "status", table = "http" }  # http | sqlstate | jsonrpc | aws
//! #                                     # | curl | rsync | x509 | errno | grpc | mysql
//! #                                     # | sqlite | redis | elasticsearch | kafka | amqp
//! #                                     # | libgit2 | google | aadsts
//! #                                     # (a code of `{table}` is the table's name for it)
//! # code_from = { capture = "sqlstate", table = "sqlstate" }  # the code is the capture's
//! #                                     # name in the table (40P01 → DEADLOCK_DETECTED), else `code`;
//! #                                     # the table `sqlstate` also reads a condition name in any
//! #                                     # spelling, or a driver's class (`UniqueViolation`,
//! #                                     # asyncpg's `SerializationError`: [`sqlstate_of`])
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
//! output is not the server's). A wait in the unit `duration` is a duration as Go's
//! `time.Duration` prints it (go-github's `[rate reset in 5m52s]`). The `http` table is
//! [`http_verdict`].
//!
//! The tables `curl`, `rsync` and `x509` are a tool's numbered codes as data
//! ([`NumberedTable`]: `packs/curl-codes.tsv`, `packs/rsync-codes.tsv`, `packs/x509-verify.tsv`),
//! each row a number, its documented name (`CURLE_COULDNT_CONNECT`, `RSYNC_SOME_FILES_ATTRS_WERE_NOT_TRANSFERRED`,
//! `X509_V_ERR_CERT_HAS_EXPIRED`) and its verdict; a number the table lacks gives no finding.
//! The table `grpc` is a gRPC status code (`google/rpc/code.proto`) as gRPC libraries print it:
//! its name (grpcio's `StatusCode.DEADLINE_EXCEEDED`), grpc-go's `codes.Code` spelling
//! (`rpc error: code = DeadlineExceeded`; its `Canceled` is `CANCELLED`) or its number; the
//! verdict is the google-rpc dialect's for that code ([`crate::dialect::rules::grpc_verdict`]:
//! `UNAVAILABLE` and `RESOURCE_EXHAUSTED` `transient`/`yes`, `DEADLINE_EXCEEDED`
//! `transient`/`unknown`, …) and `{table}` the name in UPPER_SNAKE; `OK` or a name the proto
//! does not define gives no finding.
//! The tables `redis` and `elasticsearch` are a service's documented names as data
//! ([`NamedTable`]: `packs/redis-prefixes.tsv`, `packs/elasticsearch-types.tsv`), each row a
//! name as the service prints it (Redis's reply prefix `LOADING`, Elasticsearch's error type
//! `es_rejected_execution_exception`), its verdict and what it means; `{table}` is the name in
//! upper case. A name the table lacks takes the verdict of the HTTP status in the capture
//! `status` when the rule has one (an Elasticsearch type whose meaning depends on its cause),
//! else gives no finding (Redis's generic `ERR`). The tables `kafka` and `amqp` are named
//! tables too (`packs/kafka-errors.tsv`: Kafka's client exception classes by simple name,
//! `{table}` in UPPER_SNAKE; `packs/amqp-replies.tsv`: AMQP 0-9-1 reply names, amqplib's
//! `PRECONDITION-FAILED` read as `PRECONDITION_FAILED`); a name they lack gives no finding.
//! The table `libgit2` is numbered (`packs/libgit2-codes.tsv`, libgit2's `git_error_code`:
//! `-3` and `3` both read as `GIT_ENOTFOUND`).
//! else gives no finding (Redis's generic `ERR`). The tables `aws`, `google` and `aadsts` are
//! named tables too: `packs/aws-codes.tsv` (AWS error codes, read by the aws dialect as well),
//! `packs/google-reasons.tsv` (the legacy `errors[].reason` of Google APIs, read by the
//! google-rpc dialect as well; `{table}` is the reason in UPPER_SNAKE) and
//! `packs/aadsts-codes.tsv` (the Microsoft identity platform's `AADSTS<n>` codes).
//! A `verdict_from` (or `code_from`) capture named `exit` that the pattern does not define is
//! the command's exit status, for a rule on the status alone
//! (`match = '\A'`, `exit = [...]`, `verdict_from = { capture = "exit", table = "curl" }`).
//! The table `errno` (for `verdict_from` and `code_from`) reads a system error by its number
//! or name, the getaddrinfo codes included ([`errno_entry`]): pip's `[Errno 111]`, npm's
//! `code ECONNRESET`.
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
//! A `fallback` rule is for a wrapper's summary that says only that something it ran failed
//! (make's `*** [target] Error 2`, yarn's `Command failed with exit code 1.`): it is matched
//! apart ([`Packs::fallback_finding`]), after every other reader (the packs, the older Rust
//! readers, errno texts) has found nothing, so the failure the wrapped program printed wins.

//!
//! # User packs
//!
//! A user adds packs of their own in the same format ([`Packs::with_user`]: `failwise run
//! --rules FILE`, and every `*.toml` of `$XDG_CONFIG_HOME/failwise/rules.d`, in file-name
//! order). Their rules join the built-in ones in the same single pass (one `RegexSet` over all
//! rules); a pack that cannot be used is left out whole, its [`PackError`] naming its file,
//! line and column, rule (index and code) and field, and the others still apply.
//!
//! A user rule wins over a built-in one on an equal standing: after priority, scope, exit
//! statuses and stream, matches are ranked by the line they end on (the later line wins, as
//! between built-in rules), then a user rule before a built-in one, then by where the match
//! ends. So a user rule for the same line a built-in rule reads is the one that answers, and a
//! `priority` above the built-in rule's makes it win wherever it matches.
//!
//! A user pack's `message` and `recovery` are each one of:
//!
//! - a Fluent id (a name such as `deploy-lock-recovery`) of the `.ftl` files beside the pack
//!   (`<file stem>.en.ftl`, `<file stem>.<lang>.ftl`), or of failwise's own texts;
//! - a template in English, `{name}` standing for a capture or `program` and `{{`/`}}` for a
//!   brace: `recovery = "run `make {target}` after the step that writes it"`;
//! - templates by language tag, English required:
//!   `recovery = { en = "…", pt-BR = "…" }`.
//!
//! Templates become Fluent messages (`rule-<n>-message`, `rule-<n>-recovery`) checked with
//! `fluent-syntax` when the pack is loaded; the phrases made from them carry the pack's texts
//! ([`crate::phrase::OwnTexts`]), so their ids never meet failwise's, and a language the pack
//! does not write is shown in English. The JSON Schema of the format is [`rule_pack_schema`]
//! (committed at `schemas/rule-pack.v1.schema.json`).

mod built_in;
mod compile;
mod format;
mod lint;
mod nearby;
mod plain;
mod rule;
mod source;
mod tables;
mod user;

use std::sync::LazyLock;

use regex::bytes::{RegexSet, RegexSetBuilder};

use built_in::BUILT_IN;

/// The TOML texts of the built-in packs, for the tests of tables that name the codes they give.
#[cfg(test)]
pub(crate) fn built_in_texts() -> impl Iterator<Item = &'static str> {
    BUILT_IN.iter().map(|(_, text)| *text)
}
use compile::Check;
pub use format::{Example, RULE_PACK_SCHEMA_ID, rule_pack_schema, rule_pack_schema_text};
use format::{Scope, StreamSel};
pub use lint::{LintFinding, LintKind};
use plain::plain;
use rule::Rule;
pub use source::{Origin, PackInfo, PackSource, PackText};
pub use tables::{
    NamedTable, NumberedTable, curl_codes, errno_entry, http_status_verdict, http_verdict,
    sqlstate_name, sqlstate_of, sqlstate_verdict,
};

use super::{Context, Ended, Failure, Finding, Termination};
use crate::phrase::Phrase;

/// The lazy DFA cache of the one-pass set, in bytes (32 MiB, against the regex crate's 2 MiB
/// default): hundreds of patterns run at once need many DFA states, and a cache that fills
/// makes the set fall back to a matcher some thousand times slower (64 KiB of stderr that no
/// rule knows took about 240 ms instead of 0.1 ms). Only the states a text reaches are built.
const SET_DFA_BYTES: usize = 32 << 20;

/// The longest stream tail the rules are matched against, in bytes (its end is kept).
pub const MATCHED_TAIL_BYTES: usize = 64 * 1024;

/// Why a pack cannot be used: its file, the rule (1-based) and the field, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", crate::phrase::english_text(&self.phrase()))]
pub struct PackError {
    /// The pack's file (a built-in pack's name), or the `.ftl` file that is wrong.
    pub file: String,
    /// The rule, 1-based (0 for the pack itself).
    pub rule: usize,
    /// The field (empty when the TOML cannot be read at all).
    pub field: String,
    /// What is wrong, in the words of the part that found it (TOML's, the regex compiler's).
    pub detail: String,
    /// The rule's code as written, when the rule has one.
    pub code: String,
    /// The 1-based line: of the TOML error, else of the rule's `[[rules]]` header.
    pub line: Option<u32>,
    /// The 1-based column (in characters) of a TOML error.
    pub column: Option<u32>,
}

impl PackError {
    /// The error as a phrase (`rule-pack-invalid`, or `rule-pack-invalid-pack` for the pack
    /// itself), the file given with its line and column when known (`rules.toml:12:3`).
    pub fn phrase(&self) -> Phrase {
        let at = match (self.line, self.column) {
            (Some(l), Some(c)) => format!("{}:{l}:{c}", self.file),
            (Some(l), None) => format!("{}:{l}", self.file),
            _ => self.file.clone(),
        };
        let field = if self.field.is_empty() {
            "toml".to_owned()
        } else {
            self.field.clone()
        };
        let id = if self.rule == 0 {
            "rule-pack-invalid-pack"
        } else {
            "rule-pack-invalid"
        };
        Phrase::new(id)
            .arg("file", at)
            .arg("rule", self.rule)
            .arg("code", self.code.clone())
            .arg("field", field)
            .arg("detail", self.detail.clone())
    }
}

/// Loaded and compiled rule packs, ready to match.
#[derive(Debug)]
pub struct Packs {
    names: Vec<String>,
    summaries: Vec<String>,
    origins: Vec<(Origin, String)>,
    rules: Vec<Rule>,
    set: RegexSet,
}

/// A rule whose example does not give what the rule says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The pack.
    pub pack: String,
    /// The pack's file (a built-in pack's name).
    pub file: String,
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
    /// Compiles packs given as (file or name, TOML text), as built-in packs: their texts are
    /// ids of failwise's own resources.
    ///
    /// # Errors
    ///
    /// [`PackError`] naming the first pack, rule and field that cannot be used.
    pub fn compile<'a>(
        files: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, PackError> {
        Self::compile_checked(files, Check::Patterns)
    }

    /// [`Packs::compile`], each pattern compiled when a failure first needs it (the one-pass
    /// set is built now): what [`Packs::built_in`] does, since the built-in packs' tests
    /// compile and check every pattern.
    ///
    /// # Errors
    ///
    /// As [`Packs::compile`], for what is checked without compiling the patterns.
    pub fn compile_lazily<'a>(
        files: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, PackError> {
        Self::compile_checked(files, Check::Lazily)
    }

    fn compile_checked<'a>(
        files: impl IntoIterator<Item = (&'a str, &'a str)>,
        check: Check,
    ) -> Result<Self, PackError> {
        let mut packs = Self::empty();
        for (pack, (file, text)) in files.into_iter().enumerate() {
            let compiled = compile::compile_pack(pack, file, text, None, check)?;
            packs.names.push(compiled.name);
            packs.summaries.push(compiled.summary);
            packs.origins.push((Origin::BuiltIn, file.to_owned()));
            packs.rules.extend(compiled.rules);
        }
        packs.build_set()?;
        Ok(packs)
    }

    /// Builds the one-pass set over every rule's pattern: with ASCII classes (`\w`, `\d`,
    /// case folding), which builds several times faster than Unicode ones, as a prefilter only
    /// (each flagged rule's own pattern decides); with Unicode classes when a pattern needs
    /// them (`\p{…}`).
    fn build_set(&mut self) -> Result<(), PackError> {
        let patterns = || self.rules.iter().map(|r| r.regex.as_str());
        let ascii = RegexSetBuilder::new(patterns())
            .unicode(false)
            .dfa_size_limit(SET_DFA_BYTES)
            .build();
        self.set = match ascii {
            Ok(set) => set,
            Err(_) => RegexSetBuilder::new(patterns())
                .dfa_size_limit(SET_DFA_BYTES)
                .build()
                .map_err(|e| PackError {
                    file: String::new(),
                    rule: 0,
                    field: "match".to_owned(),
                    detail: e.to_string(),
                    code: String::new(),
                    line: None,
                    column: None,
                })?,
        };
        Ok(())
    }

    /// The TOML texts of the packs that ship with failwise, as (name, text), in their order:
    /// what [`Packs::built_in`] compiles (a benchmark compiles them anew).
    pub fn built_in_sources() -> impl Iterator<Item = (&'static str, &'static str)> {
        BUILT_IN.iter().copied()
    }

    /// The packs that ship with failwise, compiled once.
    pub fn built_in() -> &'static Self {
        static PACKS: LazyLock<Packs> = LazyLock::new(|| {
            // Every built-in pack compiles: `built_in_packs_compile_and_replay` holds it.
            Packs::compile_lazily(BUILT_IN.iter().copied()).unwrap_or_else(|_| Packs::empty())
        });
        &PACKS
    }

    fn empty() -> Self {
        Self {
            names: Vec::new(),
            summaries: Vec::new(),
            origins: Vec::new(),
            rules: Vec::new(),
            set: RegexSet::empty(),
        }
    }

    /// Each pack's name, with how many rules and real examples it holds, in order.
    pub fn stats(&self) -> Vec<(String, usize, usize)> {
        self.packs()
            .into_iter()
            .map(|p| (p.name, p.rules, p.examples))
            .collect()
    }

    /// Each pack, where it came from, and how many rules and real examples it holds, in order.
    pub fn packs(&self) -> Vec<PackInfo> {
        let mut out: Vec<PackInfo> = self
            .names
            .iter()
            .zip(&self.summaries)
            .zip(&self.origins)
            .map(|((name, summary), (origin, file))| PackInfo {
                name: name.clone(),
                summary: summary.clone(),
                origin: *origin,
                file: file.clone(),
                rules: 0,
                examples: 0,
            })
            .collect();
        for rule in &self.rules {
            out[rule.pack].rules += 1;
            out[rule.pack].examples += rule.examples.len();
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
        let (i, on_stderr) = self.winner(failure, fallback)?;
        self.finding_of(&self.rules[i], failure, on_stderr)
    }

    /// What `rule` says of the stream of `failure` it matched (stderr when `on_stderr`), read
    /// as the rules read it (its tail, without colour sequences).
    fn finding_of(&self, rule: &Rule, failure: &Failure<'_>, on_stderr: bool) -> Option<Finding> {
        let text = if on_stderr {
            failure.stderr
        } else {
            failure.stdout
        };
        let programs = super::programs_run(failure.command);
        let program = programs.first().map(String::as_str);
        rule.finding(&plain(tail(text)), exit_of(failure), program)
    }

    /// The rule that wins on `failure` (among the `fallback` rules or the others), and whether
    /// the stream it matched is stderr.
    fn winner(&self, failure: &Failure<'_>, fallback: bool) -> Option<(usize, bool)> {
        if self.rules.is_empty() {
            return None;
        }
        let programs = super::programs_run(failure.command);
        let exit = exit_of(failure);
        let mut best: Option<(Rank, usize, bool)> = None;
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
            for i in self.set.matches(text.as_bytes()).iter() {
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
                let Some(last) = rule.regex.get().and_then(|r| r.find_iter(text).last()) else {
                    continue;
                };
                let line_end = text[last.end()..]
                    .find('\n')
                    .map_or(text.len(), |n| last.end() + n);
                let key = (
                    rule.priority,
                    scoped,
                    !rule.exits.is_empty(),
                    on_stderr,
                    line_end,
                    rule.user,
                    last.end(),
                );
                if best.as_ref().is_none_or(|(k, _, _)| key > *k) {
                    best = Some((key, i, on_stderr));
                }
            }
        }
        best.map(|(_, i, on_stderr)| (i, on_stderr))
    }

    /// Replays every example of every rule through [`super::meaning`] with these packs (the
    /// call `failwise run` makes) and lists those that do not give their rule's code, class
    /// and retry.
    pub fn replay(&self) -> Vec<Mismatch> {
        self.replay_packs(&|_| true)
    }

    /// [`Packs::replay`] of the packs `keep` accepts (by their index in [`Packs::packs`]).
    pub fn replay_packs(&self, keep: &dyn Fn(usize) -> bool) -> Vec<Mismatch> {
        let mut out = Vec::new();
        for rule in self.rules.iter().filter(|r| keep(r.pack)) {
            for example in &rule.examples {
                let envelope = example.replay(self);
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
                        file: self.origins[rule.pack].1.clone(),
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

impl Example {
    /// The failure this example shows (exit 1 when it names none).
    fn failure(&self) -> Failure<'_> {
        let exit =
            crate::ExitStatus::new(self.exit.unwrap_or(1)).unwrap_or(crate::ExitStatus::FAILURE);
        Failure {
            command: &self.argv,
            termination: Termination::Exited(exit),
            stdout: &self.stdout,
            stderr: &self.stderr,
            stderr_bytes: self.stderr.len() as u64,
        }
    }

    /// What `failwise run` with `packs` says of this example.
    fn replay(&self, packs: &Packs) -> crate::Envelope {
        let context = Context {
            packs: Some(packs),
            ..Context::default()
        };
        super::meaning(&Ended::Failed(self.failure()), &context).envelope
    }
}

/// How a match ranks against the others: priority, scoped to a program run, names exit
/// statuses, on stderr, the end of the line it ends on, a user rule, where it ends in its
/// stream; the greatest wins.
type Rank = (i32, bool, bool, bool, usize, bool, usize);

/// The end of `text` the rules read: its last [`MATCHED_TAIL_BYTES`], from a character
/// boundary.
/// The exit status of `failure` as the rules' `exit` reads it (`None` when a signal ended it).
fn exit_of(failure: &Failure<'_>) -> Option<u8> {
    match failure.termination {
        Termination::Exited(status) => Some(status.get()),
        Termination::Succeeded => Some(0),
        Termination::Signaled(_) => None,
    }
}

fn tail(text: &str) -> &str {
    let mut start = text.len().saturating_sub(MATCHED_TAIL_BYTES);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    &text[start..]
}

#[cfg(test)]
mod tests;
