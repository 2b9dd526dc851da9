#!/usr/bin/env bash
# Runs uop-fuzz in each mode (parse, compile, translate, sim) for a bounded
# time on the seed corpus (every .mlir under test/ and examples/), and prints
# per mode the inputs run, crashes, hangs and the distinct crash classes.
# Crashing and hanging inputs, each with the command that reproduces it, go
# to $OUT/<mode>/.
#
#   bench/fuzz/run.sh [SECONDS_PER_MODE] [SEED]
#
# Environment: UOP_BUILD_DIR (default build/; build-sanitize/ fuzzes the
# sanitized tools), OUT (default $UOP_BUILD_DIR/fuzz-out), JOBS (modes run
# at once, default 2), MODES (default "parse compile translate sim"),
# TIMEOUT (CPU seconds before an input counts as a hang, default 5), MINIMIZE=1
# (reduce each crash line by line after the run).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${UOP_BUILD_DIR:-$root/build}"
seconds="${1:-300}"
seed="${2:-1}"
out="${OUT:-$build/fuzz-out}"
jobs="${JOBS:-2}"
modes="${MODES:-parse compile translate sim}"
fuzz="$build/bin/uop-fuzz"
if [ ! -x "$fuzz" ]; then
  echo "run.sh: error: expected $fuzz, got none (ninja -C $build uop-fuzz)" >&2
  exit 1
fi
extra=()
[ "${MINIMIZE:-0}" = 1 ] && extra+=(--minimize)
mkdir -p "$out"
echo "# uop-fuzz: ${seconds} s per mode, seed ${seed}, ${jobs} at once," \
     "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
running=0
for mode in $modes; do
  # Runs: no limit; the time bounds the run. Each mode logs to its own file
  # and the summaries are printed in order at the end.
  "$fuzz" --mode="$mode" --runs=0 --max-time="$seconds" --seed="$seed" \
    --timeout="${TIMEOUT:-5}" --out="$out/$mode" "${extra[@]}" \
    "$root/test" "$root/examples" >"$out/$mode.summary" 2>"$out/$mode.log" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait
total=0 crashes=0 hangs=0
for mode in $modes; do
  cat "$out/$mode.summary"
  line="$(head -1 "$out/$mode.summary")"
  n="$(sed -n 's/.* inputs=\([0-9]*\).*/\1/p' <<<"$line")"
  c="$(sed -n 's/.* crashes=\([0-9]*\).*/\1/p' <<<"$line")"
  h="$(sed -n 's/.* hangs=\([0-9]*\).*/\1/p' <<<"$line")"
  total=$((total + n)) crashes=$((crashes + c)) hangs=$((hangs + h))
done
echo "total: inputs=$total crashes=$crashes hangs=$hangs (details: $out)"
