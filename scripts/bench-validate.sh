#!/usr/bin/env bash
# End-to-end benchmark of `failwise validate` on a generated NDJSON stream (default 1 GiB, one
# line in ten invalid), against the baseline of the jsonschema crate alone
# (crates/failwise-cli/examples/validate_baseline.rs), in the same run. Each round runs both one
# after the other on the same file (read from stdin) and reports wall time, throughput, peak RSS
# and the ratio; the summary is the median ratio over the rounds, so a change in the machine's
# load falls on both sides. Every round checks that both count the same bad lines.
#
#   scripts/bench-validate.sh [BYTES]          # FAILWISE_BENCH_ROUNDS=3 by default
set -euo pipefail
cd "$(dirname "$0")/.."
bytes="${1:-1073741824}"
rounds="${FAILWISE_BENCH_ROUNDS:-3}"
cargo build --release -q -p failwise-cli --bin failwise --example envelope_stream --example validate_baseline
target="${CARGO_TARGET_DIR:-target}/release"
data="$(mktemp -t failwise-validate-XXXXXX.ndjson)"
trap 'rm -f "$data" "$data.rss" "$data.out" "$data.err"' EXIT
"$target/examples/envelope_stream" "$bytes" > "$data"
size=$(stat -c %s "$data")
lines=$(wc -l < "$data")
echo "stream: $size bytes, $lines lines, $rounds rounds"

measure() { # name, command... ; sets $secs
  local name="$1"; shift
  local t0 t1 rss
  t0=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$data.rss" "$@" < "$data" > "$data.out" 2> "$data.err" || true
  t1=$(date +%s.%N)
  rss=$(tail -1 "$data.rss")
  secs=$(echo "$t1 - $t0" | bc -l)
  printf '  %-22s %8.2f s  %8.1f MB/s  peak RSS %6d KiB\n' "$name" "$secs" "$(echo "$size / $secs / 1000000" | bc -l)" "$rss"
}

ratios=()
for round in $(seq "$rounds"); do
  echo "round $round/$rounds"
  measure failwise-validate "$target/failwise" validate --json
  failwise_secs=$secs
  failwise_bad=$(wc -l < "$data.out")
  measure baseline-jsonschema "$target/examples/validate_baseline"
  baseline_secs=$secs
  baseline_bad=$(tail -1 "$data.err")
  [ "$failwise_bad" = "$baseline_bad" ] || { echo "verdicts differ: failwise $failwise_bad, baseline $baseline_bad bad lines" >&2; exit 1; }
  ratio=$(echo "$baseline_secs / $failwise_secs" | bc -l)
  printf '  bad lines: %s (both)   speedup: %.2fx\n' "$failwise_bad" "$ratio"
  ratios+=("$ratio")
done
median=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
printf 'median speedup over %s rounds: %.2fx (target 3x)\n' "$rounds" "$median"
