//! Fault injection for testing how an agent copes with failures: which faults to inject and
//! how often ([`InjectSpec`], as `--inject` spells it), and a seeded decision per call
//! ([`Injector`]), so the same seed gives the same faults in the same calls on every run.
//!
//! `failwise mcp --inject` answers a tool call with the fault drawn for it, and
//! `failwise run --inject` an attempt of a command; the envelope of each injected fault carries
//! `params.injected` (the fault's name), so a test report can tell injected failures from real
//! ones.

use std::fmt;
use std::time::Duration;

use crate::phrase::Phrase;
use crate::{Code, Envelope, ExitStatus, Provider, ProviderKind, Verdict};

/// The wait an injected rate limit asks for (`retry_after_ms`).
pub const RATE_LIMIT_WAIT: Duration = Duration::from_secs(1);

/// At most this many rules in one spec.
const MAX_RULES: usize = 256;

/// A fault that can be injected into a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fault {
    /// `rate_limit`: the call is not sent; it is answered as an HTTP 429 with a wait
    /// ([`rate_limited`]): `transient`, `retry: yes`, `retry_after_ms`.
    RateLimit,
    /// `timeout`: the call is sent and its answer held past the call timeout, so the caller
    /// sees a timeout (`retry: unknown`: the effect may have landed).
    Timeout,
    /// `unknown`: the call is sent and its answer dropped: the effect landed, the caller
    /// learns nothing of it (`retry: unknown`).
    Unknown,
    /// `crash`: the call is sent and the server is killed before it answers, then started
    /// again (`retry: unknown`).
    Crash,
}

impl Fault {
    /// Every fault, in the order a draw walks them.
    pub const ALL: [Self; 4] = [Self::RateLimit, Self::Timeout, Self::Unknown, Self::Crash];

    /// The fault's name in a spec and in `params.injected`: `rate_limit`, `timeout`,
    /// `unknown`, `crash`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::RateLimit => "rate_limit",
            Self::Timeout => "timeout",
            Self::Unknown => "unknown",
            Self::Crash => "crash",
        }
    }

    /// The fault named `name` (as [`Fault::name`] spells it).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.name() == name)
    }

    /// `envelope` marked as this fault's doing: `params.injected` is the fault's name.
    pub fn mark(self, envelope: Envelope) -> Envelope {
        envelope
            .into_draft()
            .param("injected", self.name())
            .with_current_recovery()
            .expect("the recovery came from a finished envelope, so it is not empty")
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One rule of a spec: inject `fault` with `probability` into calls of `tool` (every tool when
/// `None`).
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    /// The tool the rule is for; `None` for every tool.
    pub tool: Option<String>,
    /// The fault.
    pub fault: Fault,
    /// The chance per call, 0 to 1.
    pub probability: f64,
}

/// Which faults to inject, how often: `--inject`'s value.
///
/// The grammar: rules separated by commas, each `[TOOL:]FAULT=P`, where `FAULT` is one of
/// [`Fault::name`]'s and `P` a chance per call from 0 to 1 (`rate_limit=0.1,timeout=0.05`,
/// `create_event:unknown=0.5`). A rule for a tool replaces the rule for every tool of the same
/// fault, for that tool; the chances a tool ends up with add up to at most 1, and a later rule
/// for the same tool and fault replaces an earlier one.
///
/// # Examples
///
/// ```
/// use failwise::inject::{Fault, InjectSpec};
/// let spec = InjectSpec::parse("rate_limit=0.1,crash=0.01,create_event:rate_limit=0.5")?;
/// assert_eq!(spec.chance("create_event", Fault::RateLimit), 0.5);
/// assert_eq!(spec.chance("list_events", Fault::RateLimit), 0.1);
/// assert_eq!(spec.chance("create_event", Fault::Crash), 0.01);
/// assert!(InjectSpec::parse("rate_limit=0.7,timeout=0.6").is_err());
/// # Ok::<(), failwise::inject::InjectSpecError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct InjectSpec {
    rules: Vec<Rule>,
}

impl InjectSpec {
    /// Reads a spec; see the type's docs for the grammar.
    ///
    /// # Errors
    ///
    /// [`InjectSpecError`] naming the rule that cannot be read and why: no `=`, an unknown
    /// fault (with the nearest name), a chance that is not a number from 0 to 1, an empty
    /// tool name, chances that add up to more than 1, more than 256 rules.
    pub fn parse(text: &str) -> Result<Self, InjectSpecError> {
        let mut rules: Vec<Rule> = Vec::new();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let error = |phrase: Phrase| InjectSpecError {
                rule: item.to_owned(),
                reason: phrase,
            };
            if rules.len() == MAX_RULES {
                return Err(error(
                    Phrase::new("inject-too-many-rules").arg("max", MAX_RULES),
                ));
            }
            let (target, chance) = item
                .split_once('=')
                .ok_or_else(|| error(Phrase::new("inject-no-equals")))?;
            let (tool, name) = match target.rsplit_once(':') {
                Some((tool, name)) => (Some(tool.trim()), name.trim()),
                None => (None, target.trim()),
            };
            if tool.is_some_and(str::is_empty) {
                return Err(error(Phrase::new("inject-empty-tool")));
            }
            let fault = Fault::from_name(name).ok_or_else(|| {
                let names = Fault::ALL.map(Fault::name);
                let near = crate::suggest::nearby(name, names).into_iter().next();
                error(match near {
                    Some(near) => Phrase::new("inject-unknown-fault-near")
                        .arg("fault", name)
                        .arg("near", near),
                    None => Phrase::new("inject-unknown-fault")
                        .arg("fault", name)
                        .arg("faults", names.join(", ")),
                })
            })?;
            let probability = chance
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|p| (0.0..=1.0).contains(p))
                .ok_or_else(|| {
                    error(Phrase::new("inject-bad-chance").arg("chance", chance.trim()))
                })?;
            let tool = tool.map(str::to_owned);
            rules.retain(|r| !(r.tool == tool && r.fault == fault));
            rules.push(Rule {
                tool,
                fault,
                probability,
            });
            let spec = Self {
                rules: rules.clone(),
            };
            let total = spec.total(rules.last().and_then(|r| r.tool.as_deref()));
            if total > 1.0 + 1e-9 {
                return Err(error(
                    Phrase::new("inject-over-one").arg("total", format!("{total:.3}")),
                ));
            }
        }
        Ok(Self { rules })
    }

    /// The rules, in the order given (a replaced one left out).
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// Whether the spec injects nothing.
    pub fn is_empty(&self) -> bool {
        self.rules.iter().all(|r| r.probability == 0.0)
    }

    /// Whether some rule can inject `fault` into some call.
    pub fn may_inject(&self, fault: Fault) -> bool {
        self.rules
            .iter()
            .any(|r| r.fault == fault && r.probability > 0.0)
    }

    /// The chance of `fault` per call of `tool`: its own rule, else the rule for every tool,
    /// else 0.
    pub fn chance(&self, tool: &str, fault: Fault) -> f64 {
        let own = self
            .rules
            .iter()
            .find(|r| r.fault == fault && r.tool.as_deref() == Some(tool));
        let all = || {
            self.rules
                .iter()
                .find(|r| r.fault == fault && r.tool.is_none())
        };
        own.or_else(all).map_or(0.0, |r| r.probability)
    }

    /// The chances of every fault for `tool` (every tool without a rule of its own when
    /// `None`), added up.
    fn total(&self, tool: Option<&str>) -> f64 {
        let tools: Vec<Option<&str>> = match tool {
            Some(tool) => vec![Some(tool)],
            None => std::iter::once(None)
                .chain(
                    self.rules
                        .iter()
                        .filter_map(|r| r.tool.as_deref().map(Some)),
                )
                .collect(),
        };
        tools
            .into_iter()
            .map(|tool| {
                Fault::ALL
                    .iter()
                    .map(|f| match tool {
                        Some(t) => self.chance(t, *f),
                        None => self
                            .rules
                            .iter()
                            .find(|r| r.fault == *f && r.tool.is_none())
                            .map_or(0.0, |r| r.probability),
                    })
                    .sum::<f64>()
            })
            .fold(0.0, f64::max)
    }
}

/// Why a spec cannot be read: the rule as given and the reason as a phrase
/// (`inject-*` in the Fluent files).
#[derive(Debug, Clone, PartialEq)]
pub struct InjectSpecError {
    /// The rule that cannot be read, as given.
    pub rule: String,
    /// Why.
    pub reason: Phrase,
}

impl fmt::Display for InjectSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = crate::phrase::render_english(&self.reason, &Default::default());
        write!(f, "{}: {reason}", self.rule)
    }
}

impl std::error::Error for InjectSpecError {}

/// The seeded decision of which fault, if any, a call gets.
///
/// Each call to [`Injector::decide`] draws one number from a SplitMix64 generator seeded with
/// the seed (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014),
/// whatever the spec and the tool, so the n-th call of a run gets the same fault on every run
/// with the same seed and spec, and a rule for one tool does not move the faults of another.
///
/// # Examples
///
/// ```
/// use failwise::inject::{InjectSpec, Injector};
/// let spec = InjectSpec::parse("rate_limit=0.3,unknown=0.2")?;
/// let draws = |seed| {
///     let mut injector = Injector::new(spec.clone(), seed);
///     (0..50).map(|_| injector.decide("search")).collect::<Vec<_>>()
/// };
/// assert_eq!(draws(7), draws(7));
/// assert_ne!(draws(7), draws(8));
/// # Ok::<(), failwise::inject::InjectSpecError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Injector {
    spec: InjectSpec,
    state: u64,
}

impl Injector {
    /// An injector of `spec`'s faults, drawing from `seed`.
    pub fn new(spec: InjectSpec, seed: u64) -> Self {
        Self { spec, state: seed }
    }

    /// The spec.
    pub fn spec(&self) -> &InjectSpec {
        &self.spec
    }

    /// The fault the next call, a call of `tool`, gets, if any.
    pub fn decide(&mut self, tool: &str) -> Option<Fault> {
        let draw = self.next_unit();
        let mut bound = 0.0;
        for fault in Fault::ALL {
            bound += self.spec.chance(tool, fault);
            if draw < bound {
                return Some(fault);
            }
        }
        None
    }

    /// A number in `[0, 1)` with 53 random bits.
    fn next_unit(&mut self) -> f64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The envelope of an injected rate limit on a call of `tool` (a tool's name, or a command's
/// program): `HTTP_429`, `transient`, `retry: yes`, `retry_after_ms` the wait,
/// `provider: {kind: quota, status: 429}`, exit 75, `params.status` (429), `tool`, `injected`
/// (`rate_limit`). The call was not sent.
///
/// # Examples
///
/// ```
/// use failwise::inject::{rate_limited, RATE_LIMIT_WAIT};
/// let envelope = rate_limited("create_event", RATE_LIMIT_WAIT);
/// assert_eq!(envelope.code().as_str(), "HTTP_429");
/// assert_eq!(envelope.retry_after_ms(), Some(1000));
/// assert_eq!(envelope.params()["injected"], "rate_limit");
/// ```
pub fn rate_limited(tool: &str, wait: Duration) -> Envelope {
    let wait_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX);
    Envelope::draft(
        Code::new("HTTP_429").expect("an UPPER_SNAKE code"),
        ExitStatus::TEMPFAIL,
        "",
    )
    .verdict(Verdict::transient().after(wait))
    .provider(Provider {
        kind: ProviderKind::Quota,
        status: Some(429),
    })
    .param("status", 429)
    .param("tool", tool)
    .param("injected", Fault::RateLimit.name())
    .message_phrase(Phrase::new("inject-rate-limit-message").arg("tool", tool))
    .with_recovery_phrase(Phrase::new("inject-rate-limit-recovery").arg("wait_ms", wait_ms))
}

/// The envelope of an injected lost result of a call of `tool` (a command's program): the
/// call ran, and what it answered never reached the caller. `RESULT_LOST`, `transient`,
/// `retry: unknown` (the effect may have landed), `provider: {kind: cut}`, exit 75,
/// `params.tool` and `injected` (`unknown`).
///
/// # Examples
///
/// ```
/// use failwise::inject::result_lost;
/// let envelope = result_lost("./place-order.sh");
/// assert_eq!(envelope.code().as_str(), "RESULT_LOST");
/// assert_eq!(envelope.retry().as_str(), "unknown");
/// assert_eq!(envelope.params()["injected"], "unknown");
/// ```
pub fn result_lost(tool: &str) -> Envelope {
    Envelope::draft(
        Code::new("RESULT_LOST").expect("an UPPER_SNAKE code"),
        ExitStatus::TEMPFAIL,
        "",
    )
    .verdict(Verdict::transient().effect_unknown())
    .provider(Provider {
        kind: ProviderKind::Cut,
        status: None,
    })
    .param("tool", tool)
    .param("injected", Fault::Unknown.name())
    .message_phrase(Phrase::new("inject-result-lost-message").arg("tool", tool))
    .with_recovery_phrase(Phrase::new("inject-result-lost-recovery").arg("tool", tool))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_draws_follow_the_chances() {
        let spec = InjectSpec::parse("rate_limit=0.25,timeout=0.25,crash=0.5").unwrap();
        let mut injector = Injector::new(spec, 42);
        let mut counts = std::collections::BTreeMap::new();
        for _ in 0..20_000 {
            *counts.entry(injector.decide("t")).or_insert(0u32) += 1;
        }
        assert_eq!(counts.get(&None), None, "the chances add up to 1");
        assert_eq!(counts.get(&Some(Fault::Unknown)), None);
        let crash = counts[&Some(Fault::Crash)];
        assert!((9_500..10_500).contains(&crash), "{counts:?}");
    }

    #[test]
    fn a_tool_rule_replaces_the_general_one_for_that_tool_only() {
        let spec = InjectSpec::parse("unknown=0,create_event:unknown=1").unwrap();
        let mut injector = Injector::new(spec, 1);
        assert_eq!(injector.decide("create_event"), Some(Fault::Unknown));
        assert_eq!(injector.decide("list_events"), None);
        assert!(
            !InjectSpec::parse("unknown=0")
                .unwrap()
                .may_inject(Fault::Unknown)
        );
    }

    #[test]
    fn bad_rules_are_named() {
        for (text, rule, id) in [
            ("rate_limit", "rate_limit", "inject-no-equals"),
            (
                "ratelimit=0.1",
                "ratelimit=0.1",
                "inject-unknown-fault-near",
            ),
            ("boom=0.1", "boom=0.1", "inject-unknown-fault"),
            ("crash=1.5", "crash=1.5", "inject-bad-chance"),
            ("crash=x", "crash=x", "inject-bad-chance"),
            (":crash=0.1", ":crash=0.1", "inject-empty-tool"),
            ("t:crash=0.6, timeout=0.5", "timeout=0.5", "inject-over-one"),
        ] {
            let error = InjectSpec::parse(text).unwrap_err();
            assert_eq!(
                (error.rule.as_str(), error.reason.id()),
                (rule, id),
                "{text}"
            );
        }
    }
}
