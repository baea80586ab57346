//! Writes a deterministic NDJSON stream of envelope lines to stdout, one in ten invalid, until
//! at least BYTES bytes are written: `cargo run --release --example envelope_stream -- BYTES`.
//! Used by `scripts/bench-validate.sh`.

#[path = "../tests/cli/stream.rs"]
#[allow(
    dead_code,
    reason = "shared with the tests; not every helper is used here"
)]
mod stream;

use std::io::{BufWriter, Write};

fn main() -> std::io::Result<()> {
    let bytes: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1 << 30);
    let mut out = BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
    let mut rng = stream::Rng::new(42);
    let (mut written, mut n) = (0u64, 0u64);
    while written < bytes {
        n += 1;
        let (line, _) = stream::line(&mut rng, n, 10);
        out.write_all(line.as_bytes())?;
        out.write_all(b"\n")?;
        written += line.len() as u64 + 1;
    }
    out.flush()
}
