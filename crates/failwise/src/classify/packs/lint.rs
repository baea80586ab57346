//! What `failwise rules lint` finds in loaded packs beyond what stops one from loading: rules
//! that overlap, a rule that never wins on its own examples, a pattern that misses one of its
//! own examples, a text that uses a variable the rule never gives.

use super::format::{Scope, StreamSel};
use super::{Packs, Rule, tail};

/// What kind of thing a lint found, and how grave it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LintKind {
    /// Two rules of the same scope, streams, exit statuses and priority, each of whose examples
    /// the other's pattern matches too: which one answers depends on where they match (a
    /// warning: a user rule meant to override a built-in one does this).
    Overlap,
    /// On each of its examples another rule wins and reads it otherwise (another code or
    /// verdict): the rule can never answer (an error).
    NeverWins,
    /// On each of its examples another rule wins, reading it the same (code and verdict): the
    /// rule is redundant there (a warning).
    Shadowed,
    /// The rule's pattern does not match one of its own examples (an error).
    MissesExample,
    /// A text of the rule uses a variable that neither the pattern's captures nor the
    /// envelope give (an error: the text cannot be rendered).
    UnknownVariable,
}

impl LintKind {
    /// Whether the finding is an error (else a warning).
    pub fn is_error(self) -> bool {
        !matches!(self, Self::Overlap | Self::Shadowed)
    }
}

/// One thing a lint found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintFinding {
    /// What it is.
    pub kind: LintKind,
    /// The pack's file (a built-in pack's name).
    pub file: String,
    /// The rule, 1-based.
    pub rule: usize,
    /// The rule's code as written.
    pub code: String,
    /// The other rule, for an overlap or a rule that never wins: `file`, rule and code.
    pub other: Option<(String, usize, String)>,
    /// The example's source (a miss), or the variable (an unknown variable).
    pub detail: String,
}

/// The variables every envelope of a failed command gives a rule's texts beside its captures:
/// the params `Failure::envelope` sets and those [`crate::phrase`] adds.
const ENVELOPE_VARIABLES: &[&str] = &[
    "program",
    "command",
    "exit",
    "signal",
    "stderr",
    "code",
    "nearby",
    "nearby_count",
    "suggested_count",
];

impl Packs {
    /// Lints the rules of the packs `keep` accepts (by their index in [`Packs::packs`]),
    /// against every loaded rule.
    pub fn lint(&self, keep: &dyn Fn(usize) -> bool) -> Vec<LintFinding> {
        let mut out = Vec::new();
        let name = |r: &Rule| (self.origins[r.pack].1.clone(), r.index, r.code.clone());
        for (i, rule) in self.rules.iter().enumerate() {
            if !keep(rule.pack) {
                continue;
            }
            let found = |kind, other, detail: String| LintFinding {
                kind,
                file: self.origins[rule.pack].1.clone(),
                rule: rule.index,
                code: rule.code.clone(),
                other,
                detail,
            };
            for example in &rule.examples {
                if !reads(rule, example) {
                    out.push(found(LintKind::MissesExample, None, example.source.clone()));
                }
            }
            for var in unknown_variables(rule) {
                out.push(found(LintKind::UnknownVariable, None, var));
            }
            let winners: Vec<Option<(usize, bool)>> = rule
                .examples
                .iter()
                .map(|e| {
                    let failure = e.failure();
                    let (w, on_stderr) = self.winner(&failure, rule.fallback)?;
                    let theirs = self
                        .finding_of(&self.rules[w], &failure, on_stderr)
                        .map(|f| (f.code, f.verdict));
                    let ours = [true, false]
                        .into_iter()
                        .find_map(|on_stderr| self.finding_of(rule, &failure, on_stderr))
                        .map(|f| (f.code, f.verdict));
                    Some((w, theirs == ours))
                })
                .collect();
            if let Some(Some((w, _))) = winners.first()
                && winners.iter().all(|x| x.is_some_and(|(x, _)| x != i))
            {
                let same = winners.iter().all(|x| x.is_some_and(|(_, same)| same));
                let kind = if same {
                    LintKind::Shadowed
                } else {
                    LintKind::NeverWins
                };
                out.push(found(kind, Some(name(&self.rules[*w])), String::new()));
            }
            for (j, other) in self.rules.iter().enumerate() {
                // Each pair once: both kept, the first; else the kept one.
                if j == i || (keep(other.pack) && j < i) || !overlap(rule, other) {
                    continue;
                }
                out.push(found(LintKind::Overlap, Some(name(other)), String::new()));
            }
        }
        out
    }
}

/// Whether `rule`'s pattern matches `example` on a stream the rule reads, as the rules read a
/// stream (its tail, without colour sequences).
fn reads(rule: &Rule, example: &super::Example) -> bool {
    let on = |text: &str| {
        rule.regex
            .get()
            .is_some_and(|r| r.is_match(&super::plain::plain(tail(text))))
    };
    match rule.stream {
        StreamSel::Stderr => on(&example.stderr),
        StreamSel::Stdout => on(&example.stdout),
        StreamSel::Any => on(&example.stderr) || on(&example.stdout),
    }
}

/// Whether `a` and `b` stand equal (scope, programs, streams, exit statuses, priority, both or
/// neither a fallback) and each one's examples are all read by the other's pattern.
fn overlap(a: &Rule, b: &Rule) -> bool {
    let programs = |r: &Rule| {
        let mut p = r.programs.clone();
        p.sort();
        p
    };
    let streams = |x: StreamSel, y: StreamSel| x == y || x == StreamSel::Any || y == StreamSel::Any;
    let exits =
        a.exits.is_empty() || b.exits.is_empty() || a.exits.iter().any(|e| b.exits.contains(e));
    a.scope == b.scope
        && (a.scope == Scope::Any || programs(a) == programs(b))
        && streams(a.stream, b.stream)
        && exits
        && a.priority == b.priority
        && a.fallback == b.fallback
        && a.examples.iter().all(|e| reads(b, e))
        && b.examples.iter().all(|e| reads(a, e))
}

/// The variables `rule`'s texts use that neither its captures nor the envelope give.
fn unknown_variables(rule: &Rule) -> Vec<String> {
    let captures: Vec<&str> = rule
        .regex
        .get()
        .map(|r| r.capture_names().flatten().collect())
        .unwrap_or_default();
    let mut out: Vec<String> = rule
        .message
        .iter()
        .chain(std::iter::once(&rule.recovery))
        .filter_map(crate::phrase::variables)
        .flatten()
        .filter(|v| !captures.contains(&v.as_str()) && !ENVELOPE_VARIABLES.contains(&v.as_str()))
        .collect();
    out.sort();
    out.dedup();
    out
}
