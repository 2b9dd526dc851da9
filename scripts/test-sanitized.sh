#!/usr/bin/env bash
# Builds uop with AddressSanitizer and UndefinedBehaviorSanitizer into
# build-sanitize/ (or $UOP_SANITIZE_BUILD_DIR) and runs the lit suite and the
# Python tests on it. Any sanitizer report fails the test that triggered it:
# undefined behaviour aborts (-fno-sanitize-recover), and ASan exits non-zero.
#
#   scripts/test-sanitized.sh [lit arguments, e.g. a test subdirectory]
#
# Only uop's code is instrumented; Debian's libMLIR.so and libLLVM.so are
# not, but ASan still replaces their malloc/free, so uop code that overruns a
# buffer MLIR allocated is caught.
#
# Leak checking is off (detect_leaks=0): MLIR and LLVM keep their pass,
# dialect and command-line registries in globals that are never freed, and
# the Python interpreter never frees its own; those reports would bury real
# ones. The goal here is memory errors and undefined behaviour.
#
# The Python tests load the instrumented _uop module into Debian's
# uninstrumented python3, so the ASan runtime must be the first library of
# the process: it (and libstdc++) is LD_PRELOADed for that run only.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${UOP_SANITIZE_BUILD_DIR:-$root/build-sanitize}"
sanitizers="${UOP_SANITIZE:-address,undefined}"
start=$SECONDS

if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DUOP_SANITIZE="$sanitizers" "${launcher[@]}" >&2
fi
ninja -C "$build" >&2
built=$SECONDS
echo "test-sanitized: build took $((built - start)) s" >&2

# abort_on_error=0 keeps ASan's exit status (1) instead of SIGABRT, so
# `not tool` in a RUN line cannot pass over a report: the tests that expect a
# failure match the diagnostic text, which a sanitizer report does not print.
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons new slabs in
# instrumented (uop) code only, and uninstrumented libMLIR then hands out
# pieces of such a slab without unpoisoning them: a false use-after-poison
# (include/Uop/Tools/SanitizerOptions.h, which makes it the tools' default;
# python3 needs it here).
export ASAN_OPTIONS="detect_leaks=0:allow_user_poisoning=0:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"

status=0
/usr/lib/llvm-22/bin/lit -sv "${@:-$build/test}" ||
  status=1
tested=$SECONDS
echo "test-sanitized: lit took $((tested - built)) s" >&2

# The Python tests, where the module was built (pybind11 found).
if [ $# -eq 0 ] && ls "$build"/python/uop/_uop*.so >/dev/null 2>&1; then
  # libstdc++ is preloaded too: ASan looks up the real __cxa_throw when it
  # starts, and python3 does not link libstdc++, so without it the first C++
  # exception (pybind11 turns every uop error into one) fails an ASan CHECK.
  preload="$(${CXX:-c++} -print-file-name=libasan.so)"
  preload+=" $(${CXX:-c++} -print-file-name=libstdc++.so)"
  (
    cd "$build"
    LD_PRELOAD="$preload" ctest --output-on-failure -R '^uop-python$'
  ) || status=1
  echo "test-sanitized: pytest took $((SECONDS - tested)) s" >&2
fi
echo "test-sanitized: total $((SECONDS - start)) s" >&2
exit $status
