//! Bounds on how many, where [`Truncator`](super::Truncator)'s other limits bound how long:
//! every list keeps its first items, every object in `params` its first members, and the line
//! as a whole a size, each cut recorded in `truncated` like a cut text.
//!
//! A list or object that was cut is recorded under its own JSON Pointer (RFC 6901) with its
//! original size in bytes as JSON (what it would have taken on the line); the items kept keep
//! their positions, so a pointer to one of them still means what it meant. A line still over
//! its bound after every field was bounded is bounded again with every limit halved, until it
//! fits or the limits reach their floors (one item, [`MIN_FIELD_BYTES`](super::MIN_FIELD_BYTES)
//! per text).

use serde_json::Value;

use super::fields::escape;
use crate::envelope::Envelope;

/// Keeps the first `max` items of every list of `e` (`nearby`, `discarded_flags`,
/// `candidates`, `causes`, `items.results`) and of every array and object in `params` at any
/// depth; each cut goes into `cuts` as (pointer, original size in bytes).
pub(super) fn bound_counts(e: &mut Envelope, max: usize, cuts: &mut Vec<(String, u64)>) {
    let max = max.max(1);
    keep(&mut e.nearby, "/nearby", max, cuts);
    keep(&mut e.discarded_flags, "/discarded_flags", max, cuts);
    keep(&mut e.candidates, "/candidates", max, cuts);
    keep(&mut e.causes, "/causes", max, cuts);
    if let Some(items) = &mut e.items {
        keep(&mut items.results, "/items/results", max, cuts);
    }
    if e.params.len() > max {
        let original = json_len(&e.params);
        let keys: Vec<String> = e.params.keys().skip(max).cloned().collect();
        for key in keys {
            e.params.remove(&key);
        }
        cuts.push(("/params".to_owned(), original));
    }
    for (key, value) in &mut e.params {
        bound_value(&format!("/params/{}", escape(key)), value, max, cuts);
    }
}

fn keep<T: serde::Serialize>(
    list: &mut Vec<T>,
    pointer: &str,
    max: usize,
    cuts: &mut Vec<(String, u64)>,
) {
    if list.len() > max {
        let original = json_len(&*list);
        list.truncate(max);
        cuts.push((pointer.to_owned(), original));
    }
}

fn bound_value(pointer: &str, value: &mut Value, max: usize, cuts: &mut Vec<(String, u64)>) {
    match value {
        Value::Array(items) => {
            if items.len() > max {
                let original = json_len(&*items);
                items.truncate(max);
                cuts.push((pointer.to_owned(), original));
            }
            for (i, v) in items.iter_mut().enumerate() {
                bound_value(&format!("{pointer}/{i}"), v, max, cuts);
            }
        }
        Value::Object(map) => {
            if map.len() > max {
                let original = json_len(&*map);
                let keys: Vec<String> = map.keys().skip(max).cloned().collect();
                for key in keys {
                    map.remove(&key);
                }
                cuts.push((pointer.to_owned(), original));
            }
            for (k, v) in map.iter_mut() {
                bound_value(&format!("{pointer}/{}", escape(k)), v, max, cuts);
            }
        }
        _ => {}
    }
}

/// The size of `value` as JSON, in bytes, counted without keeping the text.
pub(super) fn json_len(value: &impl serde::Serialize) -> u64 {
    struct Count(u64);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len() as u64;
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Writing to a counter cannot fail, and neither can serializing these plain values.
    let _ = serde_json::to_writer(&mut count, value);
    count.0
}

/// A cheap upper-side estimate of `e`'s line, in bytes: its texts and `params` (keys, texts,
/// and a few bytes per value) with the fixed members; exact enough to skip measuring the lines
/// that are far below their bound.
pub(super) fn estimate(e: &Envelope) -> usize {
    fn value(v: &Value) -> usize {
        match v {
            Value::String(s) => s.len() + 8,
            Value::Array(items) => 2 + items.iter().map(value).sum::<usize>(),
            Value::Object(map) => {
                2 + map
                    .iter()
                    .map(|(k, v)| k.len() + 8 + value(v))
                    .sum::<usize>()
            }
            _ => 24,
        }
    }
    let texts: usize = [&e.message, &e.recovery].iter().map(|s| s.len() * 2).sum();
    let lists: usize = e
        .nearby
        .iter()
        .chain(&e.discarded_flags)
        .map(|s| s.len() + 8)
        .sum();
    let candidates: usize = e
        .candidates
        .iter()
        .map(|c| {
            c.text.len() + c.strategy.len() + c.diff_preview.as_ref().map_or(0, String::len) + 96
        })
        .sum();
    let causes: usize = e.causes.iter().map(|c| c.message.len() + 64).sum();
    let params: usize = e.params.iter().map(|(k, v)| k.len() + 8 + value(v)).sum();
    let truncated: usize = e.truncated.keys().map(|k| k.len() + 24).sum();
    let verify: usize = e.verify.as_ref().map_or(0, |v| {
        v.command().iter().map(|w| w.len() + 8).sum::<usize>() + 24
    });
    512 + texts
        + lists
        + candidates
        + causes
        + params
        + truncated
        + verify
        + e.items.as_ref().map_or(0, |i| i.results.len() * 64)
}
