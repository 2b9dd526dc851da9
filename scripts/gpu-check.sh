#!/usr/bin/env bash
# The prepared GPU check: compile here, run on a GPU machine with one command.
#
#   scripts/gpu-check.sh prepare      # here: needs the normal build (uop-opt,
#                                     # uop-translate, uop-run in $UOP_BUILD_DIR)
#   scripts/gpu-check.sh run [DIR]    # on the GPU machine: CUDA at
#                                     # /usr/local/cuda and g++, no MLIR
#
# `prepare` compiles the GEMM cases below for sm_90a into bench/gpu_gemm/out/
# (ignored by git): per case gemm.mlir, kernel.ptx, kernel.json, and
# manifest.tsv listing them with the multiply instructions the PTX uses
# (simt, wmma, mma.sync, wgmma with block copies, wgmma-tma: the one-role
# TMA ring, wgmma-ws: the warp-specialized ring), which the table shows next
# to the case name. `run` builds uop-run from source with one g++
# command (no CMake, no MLIR), prints the GPU, runs every case with --check
# (against cuBLAS on the same device inputs) and --bench (CUDA events, median
# after warm-up) in one process each, under `timeout`, and prints a markdown
# table; the table (table.md, results.json) and the full log (gpu-check.log)
# go to DIR, or $OUT when set, or bench/gpu_gemm/out/results. A failing case
# does not stop the others; cases still waiting when the time budget
# (UOP_GPU_BUDGET_S, default 200 s) is spent are reported as skipped.
# Exit codes of `run`: 0 all cases ok, 1 some case failed, 3 no GPU.
# UOP_GPU_OUT_DIR replaces bench/gpu_gemm/out, UOP_GPU_SIZES the sizes
# (test/Tools/uop-run-gpu-check.test runs both phases on 128^3).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${UOP_BUILD_DIR:-$root/build}"
out_dir="${UOP_GPU_OUT_DIR:-$root/bench/gpu_gemm/out}"
manifest="$out_dir/manifest.tsv"
sizes="${UOP_GPU_SIZES:-1024 2048 4096 8192}"
target=sm_90a

prepare() {
  set -e
  for tool in uop-opt uop-translate uop-run; do
    if [ ! -x "$build/bin/$tool" ]; then
      echo "error: $build/bin/$tool not built (cmake/ninja first)" >&2
      exit 1
    fi
  done
  rm -rf "$out_dir"
  mkdir -p "$out_dir"
  # name, input type, output type, --uop-compile options, B's layout (kn:
  # B stored K x N, the linalg.matmul default; nk: N x K, which TMA loads,
  # so the wgmma kernel is the warp-specialized TMA ring). f16 runs the
  # default tensor-core choice of the compiler for sm_90a; the table reports
  # what ran.
  local cases=(
    "f32 f32 f32 - kn"
    "f16 f16 f32 - kn"
    "f16nk f16 f32 - nk"
    "f16nk1role f16 f32 warp-specialize=false nk"
    "f16nkp132 f16 f32 persistent-blocks=132 nk"
    "bf16nk bf16 bf16 - nk"
    "f16nkout f16 f16 - nk"
    "bf16 bf16 f32 - kn"
    "f16out f16 f16 - kn"
    "f16mma f16 f32 mma=mma_sync kn"
    "f16wmma f16 f32 mma=wmma kn"
    "f16simt f16 f32 mma=simt kn"
  )
  # TF32 only where the compiler has the option.
  local probe="$out_dir/probe.mlir"
  printf '%s\n' 'func.func @main(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {' \
    '  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)' \
    '  return' '}' > "$probe"
  if "$build/bin/uop-opt" "$probe" --uop-compile="target=$target precision=tf32" \
      -o /dev/null 2>/dev/null; then
    cases+=("tf32 f32 f32 precision=tf32 kn")
  else
    echo "note: uop-opt has no precision=tf32 option: the tf32 case is skipped"
  fi
  rm -f "$probe"
  printf 'name\tm\tn\tk\tdtype\tout_dtype\toptions\tpath\tptx\tlaunch\tb\n' > "$manifest"
  for size in $sizes; do
    for c in "${cases[@]}"; do
      read -r kind dtype odtype options layout <<< "$c"
      [ "$options" = "-" ] && options=""
      local name="${kind}-${size}"
      local dir="$out_dir/$name"
      local transpose=()
      [ "$layout" = "nk" ] && transpose=(--transpose-b)
      "$build/bin/uop-run" --gemm "${size}x${size}x${size}" --dtype "$dtype" \
        --out-dtype "$odtype" --target="$target" --options="$options" \
        "${transpose[@]}" --keep "$dir" --compile-only > /dev/null
      rm -f "$dir/kernel.mlir"
      # The instructions that do the multiply, as the PTX shows them. The
      # warp-specialized ring is told by its setmaxnreg, which it has at
      # BM = 128 (GEMMs above 64 rows; at most 64 take BM = 64, one
      # consumer warpgroup that moves no registers).
      local path=simt
      if grep -q 'setmaxnreg' "$dir/kernel.ptx"; then path=wgmma-ws
      elif grep -q 'wgmma\.mma_async' "$dir/kernel.ptx" &&
          grep -q 'cp\.async\.bulk\.tensor' "$dir/kernel.ptx"; then path=wgmma-tma
      elif grep -q 'wgmma\.mma_async' "$dir/kernel.ptx"; then path=wgmma
      elif grep -q 'wmma\.mma' "$dir/kernel.ptx"; then path=wmma
      elif grep -q 'mma\.sync' "$dir/kernel.ptx"; then path=mma.sync
      fi
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$size" "$size" \
        "$size" "$dtype" "$odtype" "${options:--}" "$path" "$name/kernel.ptx" \
        "$name/kernel.json" "$layout" >> "$manifest"
      echo "prepared $name (${dtype} -> ${odtype}${options:+, $options}, B ${layout}; $path)"
    done
  done
  echo "manifest: $manifest ($(($(wc -l < "$manifest") - 1)) cases," \
    "$(du -sh "$out_dir" | cut -f1))"
}

# Runs the cases into the directory $1 (made by the caller).
run() {
  local results="$1"
  local cuda="${CUDA_HOME:-/usr/local/cuda}"
  if [ ! -f "$manifest" ]; then
    echo "error: $manifest missing: run 'scripts/gpu-check.sh prepare' first" >&2
    exit 1
  fi
  local bin="$results/bin"
  mkdir -p "$bin"
  echo "== build: g++ uop-run"
  if ! g++ -O2 -std=c++17 -I "$root/include" -I "$cuda/include" \
      "$root/tools/uop-run/uop-run.cpp" "$root/lib/Runtime/Cuda.cpp" \
      "$root/lib/Runtime/Executor.cpp" "$root/lib/Runtime/LaunchConfig.cpp" \
      -o "$bin/uop-run" -ldl; then
    echo "error: building uop-run failed" >&2
    exit 1
  fi
  export LD_LIBRARY_PATH="$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  echo "== GPU"
  nvidia-smi -L 2>&1 || echo "nvidia-smi: not available"
  local budget="${UOP_GPU_BUDGET_S:-200}"
  local start=$SECONDS rows="$results/rows.tsv" failed=0 first=1
  : > "$rows"
  while IFS=$'\t' read -r name m n k dtype odtype options path ptx launch layout; do
    [ "$name" = "name" ] && continue
    if [ $((SECONDS - start)) -ge "$budget" ]; then
      printf '%s\t%s\tskipped (time budget)\n' "$name ($path)" "$m" >> "$rows"
      echo "== $name: skipped, the ${budget}s budget is spent"
      continue
    fi
    # A case takes seconds; the limits bound a hung kernel so that the whole
    # run stays under 5 minutes (budget + one 8192 limit + the build).
    local iters=10 limit=30
    if [ "$m" -ge 8192 ]; then iters=5; limit=60; fi
    [ "$options" = "-" ] && options=""
    echo "== $name: ${m}x${n}x${k} ${dtype} -> ${odtype}${options:+ ($options)}, B ${layout}, $path"
    local text rc
    local transpose=()
    [ "$layout" = "nk" ] && transpose=(--transpose-b)
    text="$(timeout "$limit" "$bin/uop-run" --ptx "$out_dir/$ptx" \
      --launch "$out_dir/$launch" --options="$options" "${transpose[@]}" \
      --check --bench --warmup 3 --iters "$iters" 2>&1)"
    rc=$?
    echo "$text"
    if [ "$rc" -eq 3 ] && [ "$first" -eq 1 ]; then
      echo "error: no GPU on this machine (uop-run exit 3)"
      exit 3
    fi
    first=0
    local check bench ms tf blas ratio err ok
    check="$(grep '^uop-run: check ' <<< "$text" | tail -1)"
    bench="$(grep '^uop-run: bench ' <<< "$text" | tail -1)"
    field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<< "$2"; }
    ms="$(field ms "$bench")"
    tf="$(field tflops "$bench")"
    blas="$(field cublas_tflops "$bench")"
    ratio="$(field ratio "$bench")"
    err="$(field max_abs_err "$check")"
    case "$rc" in
      0) ok=yes ;;
      2) ok="NO (mismatch)" ;;
      124) ok="NO (timeout ${limit}s)" ;;
      *) ok="NO (exit $rc)" ;;
    esac
    [ "$rc" -ne 0 ] && failed=1
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name ($path)" "$m" "${ms:--}" \
      "${tf:--}" "${blas:--}" "${ratio:--}" "${err:--}" "$ok" >> "$rows"
  done < "$manifest"

  local table="$results/table.md"
  {
    echo "GPU: $(nvidia-smi -L 2>/dev/null | head -1 || echo unknown), $(date -u +%Y-%m-%d)"
    echo
    echo "| case | M=N=K | ms | TFLOP/s | cuBLAS TFLOP/s | ratio | max error | check ok |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
    while IFS=$'\t' read -r name m ms tf blas ratio err ok; do
      if [ -z "${tf:-}" ]; then
        echo "| $name | $m | $ms | | | | | |"
      else
        echo "| $name | $m | $ms | $tf | $blas | $ratio | $err | $ok |"
      fi
    done < "$rows"
  } > "$table"
  python3 - "$rows" > "$results/results.json" <<'PY' || true
import json, sys
keys = ["case", "size", "ms", "tflops", "cublas_tflops", "ratio",
        "max_abs_err", "check_ok"]
rows = [dict(zip(keys, line.rstrip("\n").split("\t")))
        for line in open(sys.argv[1]) if line.strip()]
print(json.dumps(rows, indent=1))
PY
  echo "== table ($table, $(($SECONDS - start)) s)"
  cat "$table"
  return "$failed"
}

case "${1:-}" in
  prepare) prepare ;;
  run)
    results="${2:-${OUT:-$out_dir/results}}"
    mkdir -p "$results"
    # The log is complete when the script ends (tee is waited for).
    run "$results" 2>&1 | tee "$results/gpu-check.log"
    exit "${PIPESTATUS[0]}" ;;
  *) echo "usage: scripts/gpu-check.sh prepare | run [DIR]" >&2; exit 1 ;;
esac
