#!/usr/bin/env bash
# The main job: compile a uop GEMM (default examples/smem_gemm.mlir) to PTX for
# a target, assemble it with ptxas, and print the PTX path and the launch
# configuration of its kernels.
#
#   scripts/compile-example.sh [sm_80|sm_86|sm_89|sm_90|sm_90a|sm_100a|sm_120] [FILE.mlir]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${UOP_BUILD_DIR:-$root/build}"
target="${1:-sm_90a}"
input="${2:-$root/examples/smem_gemm.mlir}"
name="$(basename "$input" .mlir)"
out="${UOP_OUT_DIR:-$build/out}"

"$root/scripts/build.sh"
mkdir -p "$out"
bin="$build/bin"
"$bin/uop-opt" "$input" --uop-compile="target=$target" -o "$out/$name.$target.mlir"
"$bin/uop-translate" --uop-to-ptx "$out/$name.$target.mlir" \
  -o "$out/$name.$target.ptx" --uop-launch-config="$out/$name.$target.json"

ptxas="$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)"
if [ -x "$ptxas" ]; then
  "$ptxas" -arch="$target" -v "$out/$name.$target.ptx" -o "$out/$name.$target.cubin" 2>&1 | sed 's/^/  /'
  if "$ptxas" -arch="$target" -v "$out/$name.$target.ptx" -o /dev/null 2>&1 | grep -q "[1-9][0-9]* bytes spill"; then
    echo "error: ptxas reports register spills" >&2; exit 1
  fi
  echo "ptxas: ok ($target)"
else
  echo "error: ptxas not found (expected /usr/local/cuda/bin/ptxas or on PATH); the PTX is not checked" >&2
  exit 1
fi
if [ -x "$bin/uop-sim" ] && [ -z "${UOP_NO_SIM:-}" ]; then
  # Run the kernel stage on the CPU and compare it with the input.
  "$bin/uop-opt" "$input" --uop-compile="target=$target emit=kernel" -o "$out/$name.kernel.mlir"
  echo -n "uop-sim (kernel stage vs input): "
  "$bin/uop-sim" "$out/$name.kernel.mlir" --compare-with "$input"
fi
echo "ptx: $out/$name.$target.ptx"
echo "launch configuration ($out/$name.$target.json):"
cat "$out/$name.$target.json"
