//! An onion of records: a record whose message is itself a failure record (a JSON-RPC or HTTP
//! error whose `message` is the upstream's JSON error body, double-encoded). The inner layer
//! is more specific: it decides, and the outer layer goes to `causes`, outermost first
//! (DESIGN §6). The peeling is bounded: at most [`MAX_LAYERS`] layers.

use serde_json::Value;

use super::{Context, Dialect, detect};
use crate::envelope::{Cause, Envelope, SourceCode};

/// The most layers peeled from one record.
pub const MAX_LAYERS: usize = 4;

/// `outer` as read, or the innermost record its message holds, with each outer layer as a
/// cause.
pub(super) fn peel(outer: Envelope, context: &Context) -> Envelope {
    let mut current = outer;
    for _ in 0..MAX_LAYERS {
        let Some(inner) = inner_record(&current, context) else {
            break;
        };
        let source = current.source();
        let code = source
            .and_then(|s| s.code.as_ref())
            .map(|c| match c {
                SourceCode::Text(t) => t.clone(),
                SourceCode::Number(n) => n.to_string(),
            })
            .unwrap_or_else(|| current.code().as_str().to_owned());
        let cause = Cause {
            code: Some(code.clone()),
            message: code,
            source: source.map(|s| s.dialect.clone()),
        };
        let mut causes = vec![cause];
        causes.extend(current.causes().iter().cloned());
        causes.extend(inner.causes().iter().cloned());
        let Ok(joined) = inner
            .into_draft()
            .clear_causes()
            .causes(causes)
            .with_current_recovery()
        else {
            break;
        };
        current = joined;
    }
    current
}

/// The record that `envelope`'s message holds, read in its own dialect.
fn inner_record(envelope: &Envelope, context: &Context) -> Option<Envelope> {
    let text = envelope.message().trim();
    if !text.starts_with('{') {
        return None;
    }
    let value: Value = crate::read::parse_unique(text).ok()?;
    let dialect: Dialect = detect(&value)?;
    // The row's reader itself: the loop in `peel` takes the next layer, so no recursion.
    (super::registry::row(dialect).read)(&value, context).ok()
}
