#!/usr/bin/env bash
# Configures (once) and builds uop into build/ (or $UOP_BUILD_DIR).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${UOP_BUILD_DIR:-$root/build}"
"$root/scripts/install-deps.sh" >&2
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >&2
fi
ninja -C "$build" >&2
