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
# to the case name; for the cases small enough to simulate (M N K up to
# UOP_GPU_SIM_MAX, default 2^24: the 256^3 cases, and the tests' small
# ones) also sim/arg2.bin, C as uop-sim computes
# it from the same seeded inputs with the same kernel (its kernel stage). `run` builds uop-run from source with one g++
# command (no CMake, no MLIR), prints the GPU, runs every case with --check
# (against cuBLAS on the same device inputs), --sim-output where the case
# has uop-sim's C (the simulator against the hardware) and --bench (CUDA
# events, median after warm-up) in one process each, under `timeout`, and prints a markdown
# table; the table (table.md, results.json) and the full log (gpu-check.log)
# go to DIR, or $OUT when set, or bench/gpu_gemm/out/results. A failing case
# does not stop the others; cases still waiting when the time budget
# (UOP_GPU_BUDGET_S, default 200 s) is spent are reported as skipped.
# Exit codes of `run`: 0 all cases ok, 1 some case failed, 3 no GPU.
# UOP_GPU_OUT_DIR replaces bench/gpu_gemm/out, UOP_GPU_CASES the cases
# to prepare (their names, space-separated: then no rectangle; all when
# unset), UOP_GPU_SIZES the sizes M = N = K, UOP_GPU_GOAL_SIZES those of
# them whose main f16 -> f16 cases run first (default 4096 8192),
# UOP_GPU_SHAPES the rectangular M x N x K shapes (empty: none). The cases
# f16nkoutdyn (mma.sync), f16nkoutdynwg (the wgmma ring) and
# f16nkoutdynwgp132ts (persistent, TMA store) are GEMMs of dynamic shape,
# compiled once per size as the others are but run with --shapes;
# f16nkoutb8 and f16nkoutb8p132ts (persistent blocks over the batch's
# tiles) are batches of 8 GEMMs (sizes up to 2048), refereed by cuBLAS's
# strided batched GEMM. f16nkoutrelu2 fuses an epilogue into the GEMM's
# writeback (f16(relu(2 * A * B)), the source epilogue_source writes): its
# table row times the fused kernel against cuBLAS's bare product, and its
# check is uop-sim's C (where simulated), as uop-run's cuBLAS check of an
# epilogue runs the source in uop-sim, which the GPU machine does not have.
# (test/Tools/uop-run-gpu-check.test runs both phases on 64^3 and one
# small rectangle).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${UOP_BUILD_DIR:-$root/build}"
out_dir="${UOP_GPU_OUT_DIR:-$root/bench/gpu_gemm/out}"
manifest="$out_dir/manifest.tsv"
# 256: small enough for uop-sim, so these cases compare the GPU with it.
sizes="${UOP_GPU_SIZES:-256 1024 2048 4096 8192}"
# Rectangular M x N x K shapes, run for the f16 cases of `rect_cases`: a GEMM
# of few rows (a small batch: the BM = 64 kernel) and a wide one.
shapes="${UOP_GPU_SHAPES-64x8192x8192 8192x2048x4096}"
target=sm_90a
sim_max="${UOP_GPU_SIM_MAX:-16777216}"

# A case's options (space-separated) that start with `KEY=VALUE`: sets
# the variable KEY to VALUE and `options` to the rest; otherwise KEY is
# empty. The keys: `batch=B` (a batch of B GEMMs), `epilogue=E` (a GEMM
# with the fused epilogue E; relu2 is the one there is).
split_leading() {
  local key="$1" value=""
  if [[ "$options" == "$key"=* ]]; then
    value="${options%% *}"
    value="${value#"$key"=}"
    options="${options#"$key"="$value"}"
    options="${options# }"
  fi
  printf -v "$key" '%s' "$value"
}

# The source of the epilogue case: out = f16(relu(2 * A * B)) with A of
# M x K and B of N x K (f16), the product in an f32 temporary that the
# fusion removes.
epilogue_source() {
  local m="$1" n="$2" k="$3"
  cat <<MLIR
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<${m}x${k}xf16>, %B: memref<${n}x${k}xf16>, %out: memref<${m}x${n}xf16>) {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %acc = memref.alloc() : memref<${m}x${n}xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<${m}x${n}xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<${m}x${k}xf16>, memref<${n}x${k}xf16>) outs(%acc : memref<${m}x${n}xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<${m}x${n}xf32>) outs(%out : memref<${m}x${n}xf16>) {
  ^bb0(%x: f32, %y: f16):
    %s = arith.mulf %x, %two : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %acc : memref<${m}x${n}xf32>
  return
}
MLIR
}

prepare() {
  set -e
  for tool in uop-opt uop-translate uop-run uop-sim; do
    if [ ! -x "$build/bin/$tool" ]; then
      echo "error: $build/bin/$tool not built (cmake/ninja first)" >&2
      exit 1
    fi
  done
  rm -rf "$out_dir"
  mkdir -p "$out_dir"
  # name, input type, output type, --uop-compile options (joined by +),
  # B's layout (kn: B stored K x N, the linalg.matmul default, which TMA
  # loads as boxes of 64 columns that wgmma reads N-major; nk: N x K, read
  # K-major; either way the wgmma kernel is the warp-specialized TMA ring).
  # f16 runs the default tensor-core choice of the compiler for sm_90a; the
  # table reports what ran.
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
    # mma.sync with a ring of 4 stages of 128 x 128 x 64 (128 KiB of
    # dynamic shared memory; the default ring is 3 x 16 KiB, static).
    "f16mmak64s4 f16 f32 mma=mma_sync+tile=128,128,64+stages=4 kn"
    "f16wmma f16 f32 mma=wmma kn"
    "f16simt f16 f32 mma=simt kn"
    "f16nkts f16 f32 tma-store=true nk"
    "f16nkoutp132ts f16 f16 persistent-blocks=132+tma-store=true nk"
    "f16nkpp132 f16 f32 persistent-blocks=132+pingpong=true nk"
    "f16nkoutpp132 f16 f16 persistent-blocks=132+pingpong=true nk"
    "f16nkoutpp132n256 f16 f16 persistent-blocks=132+pingpong=true+tile=64,256,64 nk"
    "f16nkoutpp132m128ts f16 f16 persistent-blocks=132+pingpong=true+tile=128,128,64+tma-store=true nk"
    "f16nk256 f16 f32 tile=128,256,64 nk"
    # The 128 x 256 tile with an f16 C (each consumer an m64n256k16
    # wgmma: the least shared-memory traffic per MMA); in 1 x 2 clusters
    # and persistent in them among the cluster cases below.
    "f16nkoutn256 f16 f16 tile=128,256,64 nk"
    # What the defaults of the wgmma kernel do since 2026-12-04 (groups of
    # 8 tile rows, a TMA store of a 16-bit C), one at a time: the kernel
    # of the earlier defaults (row-major tiles, the register epilogue),
    # each default alone, groups of 16, and the 128 x 256 tile with the
    # register epilogue (4 stages, where the TMA store's box leaves 3) and
    # persistent (with the defaults: the fastest kernel of 2026-12-04).
    "f16nkoutrm f16 f16 group-m=1+tma-store=false nk"
    "f16nkoutregs f16 f16 tma-store=false nk"
    "f16nkoutg1 f16 f16 group-m=1 nk"
    "f16nkoutg16 f16 f16 group-m=16 nk"
    "f16nkoutn256regs f16 f16 tile=128,256,64+tma-store=false nk"
    "f16nkoutp132n256 f16 f16 persistent-blocks=132+tile=128,256,64 nk"
    "f16outpp132 f16 f16 persistent-blocks=132+pingpong=true kn"
    "f16nkc2 f16 f32 cluster-m=2 nk"
    "f16nkoutc2ts f16 f16 cluster-m=2+tma-store=true nk"
    "f16nkoutc2n256 f16 f16 cluster-m=2+tile=128,256,64 nk"
    "f16outc2 f16 f16 cluster-m=2+tile=128,128,64 kn"
    "f16nkoutp132c2g8ts f16 f16 persistent-blocks=132+cluster-m=2+group-m=8+tma-store=true nk"
    "f16nkoutp132c2n256 f16 f16 persistent-blocks=132+cluster-m=2+tile=128,256,64 nk"
    "f16nkoutcn2ts f16 f16 cluster-n=2+tma-store=true nk"
    "f16nkoutc2x2ts f16 f16 cluster-m=2+cluster-n=2+tma-store=true nk"
    "f16nkoutp132c2x2g8ts f16 f16 persistent-blocks=132+cluster-m=2+cluster-n=2+group-m=8+tma-store=true nk"
    "f16nkoutpp132m128c2ts f16 f16 persistent-blocks=132+pingpong=true+tile=128,128,64+cluster-m=2+tma-store=true nk"
    # GEMMs of dynamic shape (memref<?x?>, `uop-run --shapes`): the
    # options field starts with `dynamic`; the kernels are mma.sync and the
    # wgmma ring, their grids computed from the sizes at run time (mma=auto
    # launches the ring at these sizes, whose rows are aligned).
    "f16nkoutdyn f16 f16 dynamic+mma=mma_sync nk"
    "f16nkoutdynwg f16 f16 dynamic+mma=wgmma nk"
    "f16nkoutdynwgp132ts f16 f16 dynamic+mma=wgmma+persistent-blocks=132+tma-store=true nk"
    # Batches of 8 GEMMs (linalg.batch_matmul, `uop-run --gemm 8xMxNxK`,
    # refereed by cublasGemmStridedBatchedEx): the options field starts
    # with `batch=B`; at the sizes up to 2048.
    "f16nkoutb8 f16 f16 batch=8 nk"
    "f16nkoutb8p132ts f16 f16 batch=8+persistent-blocks=132+tma-store=true nk"
    # A fused epilogue (f16(relu(2 * A * B))): the options field starts
    # with `epilogue=relu2`.
    "f16nkoutrelu2 f16 f16 epilogue=relu2 nk"
  )
  # TF32 only where the compiler has the option.
  local probe="$out_dir/probe.mlir"
  printf '%s\n' 'func.func @main(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {' \
    '  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)' \
    '  return' '}' > "$probe"
  if "$build/bin/uop-opt" "$probe" --uop-compile="target=$target precision=tf32" \
      -o /dev/null 2>/dev/null; then
    # B K x N runs mma.sync's tf32; B N x K the wgmma kernel of tf32
    # (m64nNk8, K-major tiles of 32 f32 a row), alone and persistent.
    cases+=("tf32 f32 f32 precision=tf32 kn"
            "tf32nk f32 f32 precision=tf32 nk"
            "tf32nkp132ts f32 f32 precision=tf32+persistent-blocks=132+tma-store=true nk")
  else
    echo "note: uop-opt has no precision=tf32 option: the tf32 case is skipped"
  fi
  rm -f "$probe"
  # The cases also run on the rectangular shapes.
  # With 64 x 64 tiles and with K split in two as well: a 64-row GEMM has
  # N / 128 tiles of the default 64 x 128, fewer than the GPU's SMs at
  # N = 8192.
  local rect_cases=("${cases[1]}" "${cases[2]}" "${cases[9]}"
                    "f16nkt64 f16 f32 tile=64,64,64 nk"
                    "f16nkk2 f16 f32 split-k=2 nk")
  printf 'name\tm\tn\tk\tdtype\tout_dtype\toptions\tpath\tptx\tlaunch\tb\tsim\n' > "$manifest"
  # The issue's bar first (f16 in, f32 accumulate, f16 out at 4096^3 and
  # 8192^3, the main wgmma variants), so that the time budget, should it
  # run out, cuts the small sizes and the variants instead: the run order is
  # the manifest's.
  local goal_sizes=" ${UOP_GPU_GOAL_SIZES-4096 8192} "
  local goal_cases=" f16nkout f16nkoutrm f16nkoutregs f16nkoutg1 f16nkoutn256 f16nkoutn256regs f16nkoutp132n256 f16nkoutp132ts f16nkoutpp132m128ts f16nkoutc2n256 f16nkoutp132c2n256 f16out "
  local jobs=() label
  # UOP_GPU_CASES: the labels to prepare (space-separated; all if unset).
  if [ -n "${UOP_GPU_CASES:-}" ]; then
    local kept=() only=" $UOP_GPU_CASES "
    for c in "${cases[@]}"; do
      [[ "$only" == *" ${c%% *} "* ]] && kept+=("$c")
    done
    cases=("${kept[@]}")
    rect_cases=()
  fi
  for size in $sizes; do
    [[ "$goal_sizes" == *" $size "* ]] || continue
    for c in "${cases[@]}"; do
      label="${c%% *}"
      [[ "$goal_cases" == *" $label "* ]] && jobs+=("${size}x${size}x${size} $size $c")
    done
  done
  for size in $sizes; do
    for c in "${cases[@]}"; do
      label="${c%% *}"
      [[ "$goal_sizes" == *" $size "* && "$goal_cases" == *" $label "* ]] && continue
      [[ "$c" == *" batch="* && "$size" -gt 2048 ]] && continue
      jobs+=("${size}x${size}x${size} $size $c")
    done
  done
  for shape in $shapes; do
    for c in "${rect_cases[@]}"; do
      # Split K needs two k-tiles of 64.
      [[ "$c" == f16nkk2\ * && "${shape##*x}" -le 64 ]] && continue
      jobs+=("$shape $shape $c")
    done
  done
  local rows=() notes=() tma_launches=()
  for job in "${jobs[@]}"; do
    local gemm label kind dtype odtype options layout
    read -r gemm label kind dtype odtype options layout <<< "$job"
    [ "$options" = "-" ] && options=""
    options="${options//+/ }"
    local m n k
    IFS=x read -r m n k <<< "$gemm"
    # A batch of GEMMs: its count leads the options and the sizes.
    local shown="$options" batch epilogue
    split_leading batch
    split_leading epilogue
    [ -n "$batch" ] && gemm="${batch}x${gemm}"
    local name="${kind}-${label}"
    local dir="$out_dir/$name"
    local transpose=()
    [ "$layout" = "nk" ] && transpose=(--transpose-b)
    if [[ "$options" == dynamic* ]]; then
      local rest="${options#dynamic}"
      "$build/bin/uop-run" --shapes "$gemm" --dtype "$dtype" \
        --out-dtype "$odtype" --target="$target" --options="${rest# }" \
        "${transpose[@]}" --keep "$dir" --compile-only > /dev/null
    elif [ -n "$epilogue" ]; then
      mkdir -p "$dir"
      epilogue_source "$m" "$n" "$k" > "$dir/gemm.mlir"
      "$build/bin/uop-run" "$dir/gemm.mlir" --target="$target" \
        --options="$options" --keep "$dir" --compile-only > /dev/null
    else
      "$build/bin/uop-run" --gemm "$gemm" --dtype "$dtype" \
        --out-dtype "$odtype" --target="$target" --options="$options" \
        "${transpose[@]}" --keep "$dir" --compile-only > /dev/null
    fi
    rm -f "$dir/kernel.mlir"
    # uop-sim's C: the kernel stage of the same GEMM on the seeded inputs
    # uop-run uses (seed 0); a fault in the simulation stops the
    # preparation. (Not compared with gemm.mlir here: its linalg.matmul into
    # an f16 or bf16 C sums in that type, the kernel in f32 as cuBLAS does;
    # the lit suite checks the kernels against f32 references.) A GEMM of
    # dynamic shape has no static entry for uop-sim here.
    local sim=-
    if [ $((${batch:-1} * m * n * k)) -le "$sim_max" ] &&
        [[ "$options" != dynamic* ]]; then
      "$build/bin/uop-opt" "$dir/gemm.mlir" \
        --uop-compile="emit=kernel target=$target${options:+ $options}" \
        -o "$dir/sim.mlir"
      "$build/bin/uop-sim" "$dir/sim.mlir" --write-outputs "$dir/sim" \
        > "$dir/sim.log"
      rm -f "$dir/sim.mlir" "$dir/sim/arg0.bin" "$dir/sim/arg1.bin"
      sim="$name/sim/arg2.bin"
    fi
    # The instructions that do the multiply, as the PTX shows them. A
    # wgmma kernel fed by TMA is the warp-specialized ring when its block
    # has a warpgroup more than its consumers, two per 128 rows of A's
    # box (the tensor map of host argument 0 in the launch JSON; the launch
    # that has one: a split-K GEMM fills C in a launch before), which one
    # Python run reads for all such cases after the loop (@PATH@ until
    # then).
    local path=simt
    if grep -q 'wgmma\.mma_async' "$dir/kernel.ptx" &&
        grep -q 'cp\.async\.bulk\.tensor' "$dir/kernel.ptx"; then
      path=@PATH@
      tma_launches+=("$dir/kernel.json")
    elif grep -q 'wgmma\.mma_async' "$dir/kernel.ptx"; then path=wgmma
    elif grep -q 'wmma\.mma' "$dir/kernel.ptx"; then path=wmma
    elif grep -q 'mma\.sync' "$dir/kernel.ptx"; then path=mma.sync
    fi
    rows+=("$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s' \
      "$name" "$m" "$n" "$k" "$dtype" "$odtype" "${shown:--}" "$path" \
      "$name/kernel.ptx" "$name/kernel.json" "$layout" "$sim")")
    notes+=("prepared $name (${dtype} -> ${odtype}${shown:+, $shown}, B ${layout}; $path)")
  done
  local tma_paths=()
  if [ ${#tma_launches[@]} -gt 0 ]; then
    mapfile -t tma_paths < <(python3 - "${tma_launches[@]}" <<'PY'
import json, sys
for name in sys.argv[1:]:
    path = "wgmma-tma"
    for launch in json.load(open(name))["launches"]:
        block = launch["block"]
        threads = block[0] * block[1] * block[2]
        rows = [a["box"][0] for a in launch["args"]
                if a.get("kind") == "tensor_map" and a.get("host_arg") == 0]
        if rows:
            path = "wgmma-ws" if threads > 2 * rows[0] else "wgmma-tma"
    print(path)
PY
)
    if [ ${#tma_paths[@]} -ne ${#tma_launches[@]} ]; then
      echo "error: could not read the launches of the TMA cases" >&2
      exit 1
    fi
  fi
  local i t=0 row note
  for i in "${!rows[@]}"; do
    row="${rows[$i]}"
    note="${notes[$i]}"
    if [[ "$row" == *@PATH@* ]]; then
      row="${row//@PATH@/${tma_paths[$t]}}"
      note="${note//@PATH@/${tma_paths[$t]}}"
      t=$((t + 1))
    fi
    printf '%s\n' "$row" >> "$manifest"
    echo "$note"
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
  while IFS=$'\t' read -r name m n k dtype odtype options path ptx launch layout sim; do
    [ "$name" = "name" ] && continue
    [ "$options" = "-" ] && options=""
    options="${options//+/ }"
    # A batch's count, shown with the sizes (the launch JSON has it).
    local batch epilogue
    split_leading batch
    split_leading epilogue
    local shape="${batch:+${batch}x}${m}x${n}x${k}"
    if [ $((SECONDS - start)) -ge "$budget" ]; then
      printf '%s\t%s\tskipped (time budget)\n' "$name ($path)" "$shape" >> "$rows"
      echo "== $name: skipped, the ${budget}s budget is spent"
      continue
    fi
    # A case takes seconds; the limits bound a hung kernel so that the whole
    # run stays under 5 minutes (budget + one 8192 limit + the build).
    local iters=20 limit=30
    if [ $((m * n * k)) -ge $((1 << 38)) ]; then limit=60; fi
    echo "== $name: ${shape} ${dtype} -> ${odtype}${options:+ ($options)}, B ${layout}, $path"
    local text rc
    local transpose=() simcheck=() shapes=() check=(--check)
    # A fused epilogue's cuBLAS check runs its source in uop-sim, which
    # is not here: uop-sim's C is its check.
    [ -n "$epilogue" ] && check=()
    [ "$layout" = "nk" ] && transpose=(--transpose-b)
    # A GEMM of dynamic shape runs at the case's sizes.
    if [[ "$options" == dynamic* ]]; then
      options=""
      shapes=(--shapes "${m}x${n}x${k}")
    fi
    [ -n "${sim:-}" ] && [ "$sim" != "-" ] &&
      simcheck=(--sim-output "$out_dir/$sim")
    text="$(timeout "$limit" "$bin/uop-run" --ptx "$out_dir/$ptx" \
      --launch "$out_dir/$launch" --options="$options" "${transpose[@]}" \
      "${shapes[@]}" "${simcheck[@]}" "${check[@]}" --bench --warmup 3 \
      --iters "$iters" 2>&1)"
    rc=$?
    echo "$text"
    if [ "$rc" -eq 3 ] && [ "$first" -eq 1 ]; then
      echo "error: no GPU on this machine (uop-run exit 3)"
      exit 3
    fi
    first=0
    local check bench ms tf blas ratio err ok simok
    check="$(grep '^uop-run: check ' <<< "$text" | tail -1)"
    # The simulator against the hardware: ok, MISMATCH, or - (not run).
    simok="$(sed -n 's/^uop-run: sim-check .*: \([A-Za-z]*\)$/\1/p' <<< "$text" | tail -1)"
    bench="$(grep '^uop-run: bench ' <<< "$text" | tail -1)"
    field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<< "$2"; }
    ms="$(field ms "$bench")"
    tf="$(field tflops "$bench")"
    blas="$(field cublas_tflops "$bench")"
    ratio="$(field ratio "$bench")"
    err="$(field max_abs_err "$check")"
    case "$rc" in
      0) if [ -n "$epilogue" ]; then ok="- (epilogue)"; else ok=yes; fi ;;
      # Exit 2 is either comparison: "check ok" is cuBLAS's, the last
      # column uop-sim's.
      2) if [[ "$check" == *": ok" ]]; then ok=yes; else ok="NO (mismatch)"; fi ;;
      124) ok="NO (timeout ${limit}s)" ;;
      *) ok="NO (exit $rc)" ;;
    esac
    [ "$rc" -ne 0 ] && failed=1
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name ($path)" "$shape" "${ms:--}" \
      "${tf:--}" "${blas:--}" "${ratio:--}" "${err:--}" "$ok" "${simok:--}" >> "$rows"
  done < "$manifest"

  local table="$results/table.md"
  {
    echo "GPU: $(nvidia-smi -L 2>/dev/null | head -1 || echo unknown), $(date -u +%Y-%m-%d)"
    echo
    echo "| case | [B x] M x N x K | ms | TFLOP/s | cuBLAS TFLOP/s | ratio | max error | check ok | uop-sim agrees |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    while IFS=$'\t' read -r name m ms tf blas ratio err ok simok; do
      if [ -z "${tf:-}" ]; then
        echo "| $name | $m | $ms | | | | | | |"
      else
        echo "| $name | $m | $ms | $tf | $blas | $ratio | $err | $ok | $simok |"
      fi
    done < "$rows"
  } > "$table"
  python3 - "$rows" > "$results/results.json" <<'PY' || true
import json, sys
keys = ["case", "shape", "ms", "tflops", "cublas_tflops", "ratio",
        "max_abs_err", "check_ok", "sim_check"]
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
