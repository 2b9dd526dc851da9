#!/usr/bin/env bash
# Installs dependencies, builds, and runs the whole uop test suite (lit +
# FileCheck through ctest).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${UOP_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh"
cd "$build"
ctest --output-on-failure --no-tests=error -V "$@"
