#!/usr/bin/env bash
# End-to-end benchmark of `recourse validate` on a generated NDJSON stream (default 1 GiB, one
# line in ten invalid), against the baseline of the jsonschema crate alone
# (crates/recourse-cli/examples/validate_baseline.rs), in the same run. Reports wall time,
# throughput, peak RSS of each, and the ratio; checks that both count the same bad lines.
#
#   scripts/bench-validate.sh [BYTES]
set -euo pipefail
cd "$(dirname "$0")/.."
bytes="${1:-1073741824}"
cargo build --release -q -p recourse-cli --bin recourse --example envelope_stream --example validate_baseline
target="${CARGO_TARGET_DIR:-target}/release"
data="$(mktemp -t recourse-validate-XXXXXX.ndjson)"
trap 'rm -f "$data"' EXIT
"$target/examples/envelope_stream" "$bytes" > "$data"
size=$(stat -c %s "$data")
lines=$(wc -l < "$data")
echo "stream: $size bytes, $lines lines"

measure() { # name, command...
  local name="$1"; shift
  local t0 t1 rss
  t0=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$data.rss" "$@" < "$data" > "$data.out" 2> "$data.err" || true
  t1=$(date +%s.%N)
  rss=$(tail -1 "$data.rss")
  local secs; secs=$(echo "$t1 - $t0" | bc -l)
  printf '%-28s %8.2f s  %8.1f MB/s  peak RSS %6d KiB\n' "$name" "$secs" "$(echo "$size / $secs / 1000000" | bc -l)" "$rss"
  eval "${name//-/_}_secs=$secs"
}

measure recourse-validate "$target/recourse" validate --json
recourse_bad=$(wc -l < "$data.out")
measure baseline-jsonschema "$target/examples/validate_baseline"
baseline_bad=$(tail -1 "$data.err")
echo "bad lines: recourse $recourse_bad, baseline $baseline_bad"
[ "$recourse_bad" = "$baseline_bad" ] || { echo "verdicts differ" >&2; exit 1; }
printf 'speedup: %.2fx\n' "$(echo "$baseline_jsonschema_secs / $recourse_validate_secs" | bc -l)"
rm -f "$data.rss" "$data.out" "$data.err"
