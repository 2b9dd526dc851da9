//===- InternalError.h - one-line internal errors for the tools -*- C++ -*-===//
//
// What the tools do when MLIR or LLVM fails in a way no check of uop's
// caught (an `LLVM ERROR`, a crash inside upstream code): print one line,
// "<tool>: internal error[ in <where>]: <message>", and exit with the tool's
// internal-error code, instead of a stack dump (docs/ROBUSTNESS.md).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TOOLS_INTERNALERROR_H
#define UOP_TOOLS_INTERNALERROR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace mlir::uop {

namespace detail {
/// What the handlers print; set once by installInternalErrorHandlers.
struct InternalErrorConfig {
  const char *tool = "uop";
  int exitCode = 1;
  /// Where the tool was (a pass argument, a stage), read when the error
  /// happens; null: nowhere in particular.
  const std::atomic<const char *> *where = nullptr;
  const char *crashMessage = "crashed";
};

inline InternalErrorConfig &getInternalErrorConfig() {
  static InternalErrorConfig config;
  return config;
}

/// Writes the internal-error line with write(2), which is safe in a signal
/// handler, and ends the process.
[[noreturn]] inline void reportInternalError(const char *message) {
  auto put = [](const char *text) {
    ssize_t ignored = ::write(2, text, std::strlen(text));
    (void)ignored;
  };
  const InternalErrorConfig &config = getInternalErrorConfig();
  put(config.tool);
  put(": internal error");
  if (config.where) {
    put(" in ");
    put(config.where->load());
  }
  put(": ");
  put(message);
  put("\n");
  ::_exit(config.exitCode);
}
} // namespace detail

/// Makes LLVM's fatal errors and crash signals end `tool` with one line and
/// `exitCode`. Call first in main, before any driver installs its own
/// stack-trace printer.
inline void installInternalErrorHandlers(
    const char *tool, int exitCode, const char *crashMessage,
    const std::atomic<const char *> *where = nullptr) {
  detail::InternalErrorConfig &config = detail::getInternalErrorConfig();
  config.tool = tool;
  config.exitCode = exitCode;
  config.crashMessage = crashMessage;
  config.where = where;
  llvm::install_fatal_error_handler([](void *, const char *reason, bool) {
    detail::reportInternalError(reason);
  });
  llvm::sys::AddSignalHandler(
      [](void *) {
        detail::reportInternalError(
            detail::getInternalErrorConfig().crashMessage);
      },
      nullptr);
  // The handlers' own test: every crash uop knew how to reach is now
  // refused before it happens, so UOP_INTERNAL_ERROR_TEST=signal (a
  // SIGSEGV) or =fatal (an LLVM fatal error) makes one on purpose.
  if (const char *test = std::getenv("UOP_INTERNAL_ERROR_TEST")) {
    if (llvm::StringRef(test) == "signal")
      std::raise(SIGSEGV);
    if (llvm::StringRef(test) == "fatal")
      llvm::report_fatal_error("UOP_INTERNAL_ERROR_TEST asked for a fatal "
                               "error");
  }
}

} // namespace mlir::uop

#endif // UOP_TOOLS_INTERNALERROR_H
