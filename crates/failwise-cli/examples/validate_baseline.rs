//! The baseline of `failwise validate`'s benchmark: the `jsonschema` crate alone. Streams
//! NDJSON from stdin, parses each line to a `serde_json::Value`, and checks it with a compiled
//! validator of `schemas/envelope.v1.schema.json`; prints the count of bad lines and exits 1
//! when there is any. Used by `scripts/bench-validate.sh`.

use std::io::{BufRead, BufReader};

fn main() -> std::process::ExitCode {
    let schema_path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../schemas/envelope.v1.schema.json"
    );
    let schema: serde_json::Value = match std::fs::read_to_string(schema_path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
    {
        Some(s) => s,
        None => return std::process::ExitCode::from(2),
    };
    let Ok(validator) = jsonschema::draft202012::new(&schema) else {
        return std::process::ExitCode::from(2);
    };
    let mut reader = BufReader::with_capacity(1 << 16, std::io::stdin().lock());
    let mut line = String::new();
    let mut bad = 0u64;
    loop {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let text = line.trim_end_matches(['\n', '\r']);
        if text.trim().is_empty() {
            continue;
        }
        let ok =
            serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| validator.is_valid(&v));
        bad += u64::from(!ok);
    }
    let report = format!("{bad}\n");
    let _ = std::io::Write::write_all(&mut std::io::stderr(), report.as_bytes());
    std::process::ExitCode::from(u8::from(bad > 0))
}
