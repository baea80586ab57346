//! clap's error context, flattened: each piece under a snake_case param name, the usage line,
//! and clap's did-you-mean values kept only where the near-miss rules accept them.

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// clap's context, flattened: params by snake_case name, and the suggestions in clap's order.
pub(super) struct Context {
    pub(super) params: Vec<(String, serde_json::Value)>,
    pub(super) suggestions: Vec<String>,
    pub(super) usage: Option<String>,
    pieces: Vec<(ContextKind, Vec<String>)>,
}

impl Context {
    pub(super) fn read(err: &clap::Error) -> Self {
        let missing_subcommand = err.kind() == ErrorKind::MissingSubcommand;
        let mut ctx = Context {
            params: Vec::new(),
            suggestions: Vec::new(),
            usage: None,
            pieces: Vec::new(),
        };
        for (kind, value) in err.context() {
            let values: Vec<String> = match value {
                ContextValue::String(s) => vec![s.clone()],
                ContextValue::Strings(v) => v.clone(),
                ContextValue::StyledStr(s) => vec![s.to_string()],
                ContextValue::StyledStrs(v) => v.iter().map(ToString::to_string).collect(),
                ContextValue::Number(n) => vec![n.to_string()],
                ContextValue::Bool(b) => vec![b.to_string()],
                _ => Vec::new(),
            };
            if kind == ContextKind::Usage {
                let usage = values.concat();
                let usage = usage.trim_start_matches("Usage:").trim().to_owned();
                ctx.params.push(("usage".into(), usage.clone().into()));
                ctx.usage = Some(usage);
                continue;
            }
            if is_suggestion(kind) {
                ctx.suggestions.extend(values.iter().cloned());
            }
            if values.is_empty() || (kind == ContextKind::InvalidSubcommand && missing_subcommand) {
                continue;
            }
            let name = context_name(kind);
            let json = match value {
                ContextValue::Number(n) => serde_json::Value::from(*n),
                ContextValue::Bool(b) => serde_json::Value::from(*b),
                ContextValue::Strings(_) | ContextValue::StyledStrs(_) => values.clone().into(),
                _ => values.concat().into(),
            };
            ctx.params.push((name.into(), json));
            ctx.pieces.push((kind, values));
        }
        ctx
    }

    /// clap suggests what scores at least 0.7 in Jaro similarity, looser than the rules of
    /// [`crate::suggest::nearby`] (its module docs say why: `nope` gets `openai`). Keeps the
    /// suggestions those rules accept for the offending word, and those that begin with the
    /// word's first two thirds (at least three characters; `complete` → `completions`, a
    /// longer edit than the rules allow after a beginning typed right), in `suggestions` and in
    /// the `suggested_*` params alike.
    pub(super) fn keep_suggestions_nearby_accepts(&mut self) {
        let word = self
            .one(ContextKind::InvalidValue)
            .or_else(|| self.one(ContextKind::InvalidArg))
            .or_else(|| self.one(ContextKind::InvalidSubcommand));
        let Some(word) = word else { return };
        let mut accepted =
            crate::suggest::nearby(&word, self.suggestions.iter().map(String::as_str));
        accepted.extend(
            self.suggestions
                .iter()
                .filter(|s| begins_with_most_of(s, &word))
                .cloned(),
        );
        self.suggestions.retain(|s| accepted.contains(s));
        for (kind, values) in &mut self.pieces {
            if is_suggestion(*kind) {
                values.retain(|v| accepted.contains(v));
            }
        }
        let kept = &self.suggestions;
        self.params.retain_mut(|(name, value)| {
            if !name.starts_with("suggested_") {
                return true;
            }
            match value {
                serde_json::Value::String(s) => kept.contains(s),
                serde_json::Value::Array(items) => {
                    items.retain(|i| i.as_str().is_some_and(|s| kept.iter().any(|k| k == s)));
                    !items.is_empty()
                }
                _ => true,
            }
        });
    }

    pub(super) fn one(&self, kind: ContextKind) -> Option<String> {
        self.pieces
            .iter()
            .find(|(k, _)| *k == kind)
            .and_then(|(_, v)| v.first().cloned())
    }

    pub(super) fn list(&self, kind: ContextKind) -> Vec<String> {
        self.pieces
            .iter()
            .filter(|(k, _)| *k == kind)
            .flat_map(|(_, v)| v.iter().cloned())
            .collect()
    }
}

/// The code of an [`ErrorKind`]: its name in UPPER_SNAKE.
pub(super) fn kind_code(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::InvalidValue => "INVALID_VALUE",
        ErrorKind::UnknownArgument => "UNKNOWN_ARGUMENT",
        ErrorKind::InvalidSubcommand => "INVALID_SUBCOMMAND",
        ErrorKind::NoEquals => "NO_EQUALS",
        ErrorKind::ValueValidation => "VALUE_VALIDATION",
        ErrorKind::TooManyValues => "TOO_MANY_VALUES",
        ErrorKind::TooFewValues => "TOO_FEW_VALUES",
        ErrorKind::WrongNumberOfValues => "WRONG_NUMBER_OF_VALUES",
        ErrorKind::ArgumentConflict => "ARGUMENT_CONFLICT",
        ErrorKind::MissingRequiredArgument => "MISSING_REQUIRED_ARGUMENT",
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            "MISSING_SUBCOMMAND"
        }
        ErrorKind::InvalidUtf8 => "INVALID_UTF8",
        ErrorKind::Io => "IO",
        ErrorKind::Format => "FORMAT",
        _ => "USAGE",
    }
}

/// The snake_case param name of a piece of clap's context.
fn context_name(kind: ContextKind) -> &'static str {
    match kind {
        ContextKind::InvalidSubcommand => "invalid_subcommand",
        ContextKind::InvalidArg => "invalid_argument",
        ContextKind::PriorArg => "prior_argument",
        ContextKind::ValidSubcommand => "valid_subcommands",
        ContextKind::ValidValue => "valid_values",
        ContextKind::InvalidValue => "invalid_value",
        ContextKind::ActualNumValues => "actual_values",
        ContextKind::ExpectedNumValues => "expected_values",
        ContextKind::MinValues => "min_values",
        ContextKind::SuggestedCommand => "suggested_command",
        ContextKind::SuggestedSubcommand => "suggested_subcommand",
        ContextKind::SuggestedArg => "suggested_argument",
        ContextKind::SuggestedValue => "suggested_value",
        ContextKind::TrailingArg => "trailing_argument",
        ContextKind::Suggested => "tip",
        ContextKind::Usage => "usage",
        _ => "detail",
    }
}

/// Whether `entry` begins with the first two thirds of `word` (at least three characters),
/// both folded as the near-miss rules fold them ([`failwise_spelling::fold`]).
fn begins_with_most_of(entry: &str, word: &str) -> bool {
    use failwise_spelling::fold;
    let word = fold(word);
    let shared = word
        .iter()
        .zip(fold(entry))
        .take_while(|(a, b)| **a == *b)
        .count();
    shared >= 3 && shared * 3 >= word.len() * 2
}

/// Whether clap's context `kind` carries its did-you-mean values.
fn is_suggestion(kind: ContextKind) -> bool {
    matches!(
        kind,
        ContextKind::SuggestedArg
            | ContextKind::SuggestedSubcommand
            | ContextKind::SuggestedValue
            | ContextKind::SuggestedCommand
    )
}
