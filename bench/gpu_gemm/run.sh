#!/usr/bin/env bash
# The GPU GEMM benchmark: scripts/gpu-check.sh (prepare | run [DIR]).
exec "$(cd "$(dirname "$0")/../.." && pwd)/scripts/gpu-check.sh" "$@"
