//! The JSON records failwise's subcommands write when they succeed and `--json` (or
//! `--format json`) was asked for: one record per run, on one line of stdout (`validate`'s and
//! `normalize`'s summaries on stderr, so that their stdout stays a stream of records of one
//! kind). These are wire types: their members are named and ordered here and only here, are
//! written in this order, and evolve additively (new members may appear; readers ignore the
//! members they do not know, as for envelopes). A member documented as optional is left out
//! when it has no value, never `null`.
//!
//! A record is never an envelope: none has `"error": true`. A subcommand that fails after
//! writing its record (`catalog lint --strict` with warnings, `catalog diff` with a breaking
//! change) writes the envelope on the line after it, last, as every failure is written.
//!
//! | subcommand | record |
//! |---|---|
//! | `explain CODE` | [`ExplainCatalog`] or [`ExplainBuiltin`], told apart by `origin` |
//! | `catalog lint FILE` | [`Lint`] |
//! | `catalog diff OLD NEW` | [`Diff`] |
//! | `catalog docs [FILE]` | the catalog itself, in the catalog file's JSON form (`schemas/catalog.v1.schema.json`), on one line |
//! | `schema`, `catalog schema` | the JSON Schema, as without `--json` |
//! | `suggest word`, `suggest lines`, `suggest path` | [`SuggestWord`], [`SuggestLines`], [`SuggestPath`] (also without `--json` when stdout is not a terminal) |
//! | `validate` | [`ValidateSummary`] on stderr, after the envelopes of the bad lines on stdout |
//! | `normalize` | [`NormalizeSummary`] on stderr, after the records on stdout |
//! | `state show`, `state clear` | [`StateEntry`] per record held, [`StateCleared`] |
//! | `completions`, `man`, `run` | no record: a script, a page, and the command's own output |

use std::collections::BTreeMap;

use failwise::Candidate;
use failwise::catalog::{CatalogEntry, Translation};
use serde::Serialize;

/// `failwise explain CODE --json` for a code of a catalog (the `--catalog` file's, or
/// failwise's own).
///
/// ```json
/// {"origin":"catalog","tool":"atomwrite","code":"FILE_NOT_FOUND","exit":4,"error_class":"permanent","retry":"no","message":"file not found: {path}","recovery":"verify that {path} exists and is spelled correctly","params":["path"],"doc":"The file to read or edit does not exist.","status":"stable"}
/// ```
#[derive(Debug, Serialize)]
pub struct ExplainCatalog {
    /// Always `"catalog"`.
    pub origin: &'static str,
    /// The catalog's `tool`.
    pub tool: String,
    /// The code.
    pub code: String,
    /// The exit status the catalog fixes for the code.
    pub exit: u8,
    /// The class: `transient`, `conflict`, `precondition_failed`, `permanent` or `ambiguous`.
    pub error_class: String,
    /// The default retry verdict: `yes`, `no` or `unknown`.
    pub retry: String,
    /// The message template in English, with `{param}` placeholders.
    pub message: String,
    /// The recovery template in English.
    pub recovery: String,
    /// The names of the params the code's envelopes carry; empty when none.
    pub params: Vec<String>,
    /// What the code means (Markdown); optional.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub doc: String,
    /// The version that introduced the code; optional.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
    /// `stable`, `deprecated` or `retired`.
    pub status: String,
    /// The code to use instead; optional.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaced_by: Option<String>,
    /// The catalog's templates in other languages, by BCP 47 tag; optional.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub translations: BTreeMap<String, Translation>,
    /// The templates in the reader's language (`--lang`, the config file, the locale), when
    /// it is not English and the code has them; optional.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub localized: Option<Localized>,
    /// The page that documents the code (the catalog's `doc_url` with `{code}` filled in);
    /// optional.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doc_url: Option<String>,
    /// The argv template of the command that tells whether a request that failed with this
    /// code landed (the envelope's `verify`), one `{param}` template per word; only on a code
    /// whose retry is `unknown`, optional.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub verify: Vec<String>,
}

impl ExplainCatalog {
    /// The record of `entry` of the catalog of `tool`.
    pub fn new(tool: &str, entry: &CatalogEntry) -> Self {
        Self {
            origin: "catalog",
            tool: tool.to_owned(),
            code: entry.code.as_str().to_owned(),
            exit: entry.exit.get(),
            error_class: entry.error_class.to_string(),
            retry: entry.retry.to_string(),
            message: entry.message.clone(),
            recovery: entry.recovery.clone(),
            params: entry.params.clone(),
            doc: entry.doc.clone(),
            since: entry.since.clone(),
            status: entry.status.to_string(),
            replaced_by: entry.replaced_by.as_ref().map(|c| c.as_str().to_owned()),
            translations: entry.translations.clone(),
            localized: None,
            doc_url: None,
            verify: entry.verify.clone(),
        }
    }
}

/// A code's templates in one language other than English.
#[derive(Debug, Serialize)]
pub struct Localized {
    /// The BCP 47 tag of the templates.
    pub lang: String,
    /// The message template.
    pub message: String,
    /// The recovery template.
    pub recovery: String,
}

/// `failwise explain CODE --json` for a code failwise's classifiers or command line give
/// (`TIMEOUT`, `ENOENT`, `EXIT_3`, `VALUE_VALIDATION`, ...).
///
/// ```json
/// {"origin":"builtin","tool":"failwise","code":"TIMEOUT","exit":124,"verdicts":[{"error_class":"transient","retry":"unknown"}],"description":"...","example":{"message":"...","recovery":"..."},"lang":"en"}
/// ```
#[derive(Debug, Serialize)]
pub struct ExplainBuiltin {
    /// Always `"builtin"`.
    pub origin: &'static str,
    /// Always `"failwise"`.
    pub tool: &'static str,
    /// The code.
    pub code: String,
    /// The exit status the code fixes; optional: absent when the envelope carries the
    /// command's own status.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit: Option<u8>,
    /// Every class and retry verdict the rules give the code, in first-seen order.
    pub verdicts: Vec<VerdictPair>,
    /// What the code means, in `lang`.
    pub description: String,
    /// The message and recovery of the plainest input that gives the code, in `lang`;
    /// optional.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<Example>,
    /// The BCP 47 tag of `description` and `example`.
    pub lang: String,
}

/// One class and retry verdict.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct VerdictPair {
    /// The class.
    pub error_class: String,
    /// The retry verdict.
    pub retry: String,
}

/// An example message and recovery.
#[derive(Debug, Serialize)]
pub struct Example {
    /// The message.
    pub message: String,
    /// The recovery.
    pub recovery: String,
}

/// `failwise catalog lint FILE --json`: the catalog's advisory findings. The findings are in
/// the record, not on stderr.
///
/// ```json
/// {"file":"catalog.toml","tool":"app","codes":2,"warnings":[{"rule":"DOC_MISSING","code":"APP_NO_CONFIG","detail":"..."}]}
/// ```
#[derive(Debug, Serialize)]
pub struct Lint {
    /// The catalog as named on the command line (`-` for standard input).
    pub file: String,
    /// The catalog's `tool`.
    pub tool: String,
    /// How many codes the catalog has.
    pub codes: usize,
    /// The findings, in the order the rules found them; empty when none.
    pub warnings: Vec<LintWarning>,
}

/// One finding of `catalog lint`.
#[derive(Debug, Serialize)]
pub struct LintWarning {
    /// The rule's stable name, such as `RECOVERY_NAMES_NOTHING`.
    pub rule: String,
    /// The code the finding is about.
    pub code: String,
    /// What is wrong and what to write instead, in English.
    pub detail: String,
}

/// `failwise catalog diff OLD NEW --json`: every change from OLD to NEW.
///
/// ```json
/// {"old":"old.toml","new":"catalog.toml","breaking":1,"compatible":1,"changes":[{"kind":"CODE_REMOVED","breaking":true,"code":"APP_GONE","detail":"..."},{"kind":"CODE_ADDED","breaking":false,"code":"APP_NEW","detail":"..."}]}
/// ```
#[derive(Debug, Serialize)]
pub struct Diff {
    /// OLD as named on the command line.
    pub old: String,
    /// NEW as named on the command line.
    pub new: String,
    /// How many changes break consumers of OLD.
    pub breaking: usize,
    /// How many changes do not.
    pub compatible: usize,
    /// Every change, in the order the rules found them; empty when the catalogs agree.
    pub changes: Vec<DiffChange>,
}

/// One change found by `catalog diff`.
#[derive(Debug, Serialize)]
pub struct DiffChange {
    /// The rule's stable name, such as `CODE_REMOVED` or `PARAM_ADDED`.
    pub kind: String,
    /// Whether it breaks consumers of OLD.
    pub breaking: bool,
    /// The code concerned (OLD's spelling when renamed).
    pub code: String,
    /// What changed, from what to what, in English.
    pub detail: String,
}

/// `failwise suggest word WORD --vocabulary FILE`: the entries closest to the word, best
/// first. Members in alphabetical order, at every depth, as in every `suggest` record.
///
/// ```json
/// {"nearby":["exec","exit"],"word":"exet"}
/// ```
#[derive(Debug, Serialize)]
pub struct SuggestWord<'a> {
    /// The entries, best first; empty when nothing is close.
    pub nearby: Vec<&'a str>,
    /// The word as given.
    pub word: &'a str,
}

/// `failwise suggest lines --needle FILE --haystack FILE`: the regions of the haystack the
/// needle most nearly matches, best first, each with the members of an envelope's
/// `candidates` (in alphabetical order here too).
///
/// ```json
/// {"candidates":[{"column":1,"diff_preview":"...","line":3,"similarity":0.84,"strategy":"fuzzy","text":"fn save(path: &str, text: &str) {"}],"complete":true,"floor":0.5,"path":"src/lib.rs"}
/// ```
#[derive(Debug, Serialize)]
pub struct SuggestLines {
    /// The regions, best first; empty when none reaches `floor`.
    pub candidates: Vec<Candidate>,
    /// `false` when the fuzzy search stopped at its work budget
    /// (`failwise::suggest::SEARCH_BUDGET`) before it was certain: a region it did not score
    /// may be closer than those listed.
    pub complete: bool,
    /// The least similarity a fuzzy region is listed with (`failwise::suggest::SIMILARITY_FLOOR`).
    pub floor: f64,
    /// The haystack as named on the command line (`-` for standard input).
    pub path: String,
}

/// `failwise suggest path PATH --root DIR`: the existing paths closest to a missing one.
///
/// ```json
/// {"complete":true,"nearby":["src/main.rs"],"path":"src/mian.rs","root":".","visited":12}
/// ```
#[derive(Debug, Serialize)]
pub struct SuggestPath {
    /// `false` when the walk stopped before it saw every entry under the root.
    pub complete: bool,
    /// The paths, best first, spelled as the missing one was (relative or absolute).
    pub nearby: Vec<String>,
    /// The missing path as given.
    pub path: String,
    /// The root as given.
    pub root: String,
    /// How many entries the walk visited.
    pub visited: usize,
}

/// `failwise validate --json`: what the run found, one line on stderr after the last report
/// (stdout carries only the `LINE_INVALID` and `INPUT_UNREADABLE` envelopes, so `validate |
/// jq` sees envelopes alone).
///
/// ```json
/// {"lines":4,"valid":1,"invalid":2,"blank":1,"problems":{"INVALID_JSON":1,"NOT_AN_OBJECT":1},"inputs":1,"unreadable":0}
/// ```
#[derive(Debug, Default, Serialize, PartialEq, Eq)]
pub struct ValidateSummary {
    /// Lines read, blank ones included, over every input.
    pub lines: u64,
    /// Lines that hold (a valid envelope, in the catalog if one was given).
    pub valid: u64,
    /// Lines that do not: one `LINE_INVALID` envelope each.
    pub invalid: u64,
    /// Blank lines, which are skipped.
    pub blank: u64,
    /// The invalid lines by `params.problem` (such as `INVALID_JSON`,
    /// `CATALOG_EXIT_MISMATCH`), in alphabetical order; empty when none.
    pub problems: BTreeMap<String, u64>,
    /// Inputs named (standard input counting as one).
    pub inputs: u64,
    /// Inputs that could not be opened or read to their end: one `INPUT_UNREADABLE`
    /// envelope each.
    pub unreadable: u64,
}

/// `failwise normalize --json`: what became of the records, one line on stderr after the last
/// record. Members in alphabetical order, as they always were.
///
/// ```json
/// {"dropped":0,"normalized":1,"passed_through":1,"read":2,"rejected":0}
/// ```
#[derive(Debug, Serialize)]
pub struct NormalizeSummary {
    /// Records left out (`--drop-non-failures`).
    pub dropped: u64,
    /// Failures found in text blocks (a log, a traceback), each an envelope written after
    /// the lines that hold it; those lines are counted as passed through or dropped.
    pub found: u64,
    /// Failure records written as envelopes.
    pub normalized: u64,
    /// Records that are not failures, copied unchanged.
    pub passed_through: u64,
    /// Records read.
    pub read: u64,
    /// Records that could not be read, each replaced by an `UNREADABLE_RECORD` envelope.
    pub rejected: u64,
}

/// `failwise state show --json`: one record per call or upstream the guard's store holds, in
/// key order. The store keeps fingerprints, codes, counts and times, never a call's arguments
/// or output, so a call and an upstream are named by their fingerprints (`--upstream HOST`
/// shows the one of that host).
///
/// ```json
/// {"kind":"call","fingerprint":"5c0e…","expires_at":"2026-12-01T22:40:00Z","count":3,"first_failed_at":"2026-12-01T21:39:58Z","last_failed_at":"2026-12-01T21:40:00Z","last_code":"EXIT_3","last_exit":3,"refused":true}
/// {"kind":"upstream","fingerprint":"9a1f…","expires_at":"2026-12-01T21:50:31Z","circuit":"open","open_until":"2026-12-01T21:40:31Z","recent_failures":0,"retry_tokens":5.0}
/// ```
#[derive(Debug, Serialize)]
pub struct StateEntry {
    /// `call` or `upstream`.
    pub kind: &'static str,
    /// The call's fingerprint (`params.call` of `REPEATED_FAILURE`), or the upstream's.
    pub fingerprint: String,
    /// The upstream's name, when `--upstream` named it; optional.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upstream: Option<String>,
    /// When the store forgets the record (RFC 3339, UTC).
    pub expires_at: String,
    /// A call's failures in a row; optional (calls only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// When the first of them happened; optional (calls only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_failed_at: Option<String>,
    /// When the last of them happened; optional (calls only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_failed_at: Option<String>,
    /// The last failure's code; optional (calls only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_code: Option<String>,
    /// The last failure's exit status; optional (calls only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_exit: Option<u8>,
    /// Whether the call is refused now (`REPEATED_FAILURE`); optional (calls only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<bool>,
    /// An upstream's circuit: `closed`, `open` or `half_open`; optional (upstreams only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub circuit: Option<&'static str>,
    /// Until when the circuit is open; optional.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open_until: Option<String>,
    /// Until when the upstream asked its callers to wait; optional.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wait_until: Option<String>,
    /// Transport failures counted toward the circuit; optional (upstreams only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recent_failures: Option<usize>,
    /// The retry budget's tokens left; optional (upstreams only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_tokens: Option<f64>,
}

/// `failwise state clear --json`: how many records were forgotten, and from which store.
///
/// ```json
/// {"cleared":2,"store":"/home/a/.local/state/failwise/state.db"}
/// ```
#[derive(Debug, Serialize)]
pub struct StateCleared {
    /// Records forgotten.
    pub cleared: u64,
    /// Where the store is (a password in a URL never shown).
    pub store: String,
}
