//===- SanitizerOptions.h - ASan defaults of the uop tools ------*- C++ -*-===//
//
// Built with -DUOP_SANITIZE=address, uop's code is instrumented but Debian's
// libMLIR.so is not, and the two share allocators through LLVM's headers:
// llvm::BumpPtrAllocator poisons a new slab and unpoisons each allocation
// only in instrumented code. When uop code (an attribute storage's
// `construct`, inlined from MLIR's headers) opens a slab of the context's
// storage allocator, the whole slab is poisoned; the allocations libMLIR
// then takes from it are never unpoisoned, and the first intercepted
// memmove into one (StringAttr::get copying a name) is reported as a
// use-after-poison that is not a bug of either. Manual poisoning is
// therefore turned off (`allow_user_poisoning=0`): heap overflows and
// use-after-free of real allocations are still caught. Leak checking is off
// for the reason scripts/test-sanitized.sh gives.
//
// Include in exactly one file of each tool (its main file). ASAN_OPTIONS
// still overrides these defaults.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TOOLS_SANITIZEROPTIONS_H
#define UOP_TOOLS_SANITIZEROPTIONS_H

#if defined(__SANITIZE_ADDRESS__)
#define UOP_ASAN_DEFAULT_OPTIONS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UOP_ASAN_DEFAULT_OPTIONS 1
#endif
#endif

#ifdef UOP_ASAN_DEFAULT_OPTIONS
/// Read by the ASan runtime when the process starts.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0:detect_leaks=0";
}
#endif

#endif // UOP_TOOLS_SANITIZEROPTIONS_H
