//! A rule's did-you-mean values (`nearby = { match, capture, split }`): what the tool printed
//! beside its message as the names it meant (npm's `npm run build # run the "build" package
//! script`, pip's `(from versions: 1.0, 1.1)`), read into the envelope's `nearby`.

use regex::Regex;

use super::format::Nearby;

/// A rule's did-you-mean values, compiled: the regex, its capture and the separator.
#[derive(Debug, Clone)]
pub(super) struct NearbyRule {
    regex: Regex,
    capture: String,
    split: Option<String>,
}

impl NearbyRule {
    /// Compiles `nearby` as written; the error is what is wrong with it.
    pub(super) fn compile(nearby: Nearby) -> Result<Self, String> {
        let regex = Regex::new(&format!("(?m){}", nearby.pattern)).map_err(|e| e.to_string())?;
        if !regex.capture_names().flatten().any(|c| c == nearby.capture) {
            return Err(format!("no capture named {}", nearby.capture));
        }
        Ok(Self {
            regex,
            capture: nearby.capture,
            split: nearby.split,
        })
    }

    /// The values in `text`: the capture of every match, split, trimmed, in order, each once.
    pub(super) fn values(&self, text: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for caps in self.regex.captures_iter(text) {
            let Some(m) = caps.name(&self.capture) else {
                continue;
            };
            let parts: Vec<&str> = match &self.split {
                Some(sep) => m.as_str().split(sep.as_str()).collect(),
                None => vec![m.as_str()],
            };
            for part in parts.into_iter().map(str::trim) {
                if !part.is_empty() && !out.iter().any(|v| v == part) {
                    out.push(part.to_owned());
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearby_values_are_split_trimmed_and_kept_once_in_order() {
        let rule = NearbyRule::compile(Nearby {
            pattern: r"\(from versions: (?P<v>[0-9][^)\n]*)\)".to_owned(),
            capture: "v".to_owned(),
            split: Some(",".to_owned()),
        })
        .expect("compiles");
        let text = "x (from versions: 1.0, 1.1, 1.0)\ny (from versions: none)\n";
        assert_eq!(rule.values(text), ["1.0", "1.1"]);
        let bad = NearbyRule::compile(Nearby {
            pattern: "(?P<a>x)".to_owned(),
            capture: "b".to_owned(),
            split: None,
        });
        assert_eq!(bad.err().as_deref(), Some("no capture named b"));
    }
}
