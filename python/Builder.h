//===- Builder.h - the uop Python module's shared pieces --------*- C++ -*-===//
//
// What the translation units of the uop Python module share: the exception
// that becomes uop.Error, and the bindings each file adds: uop.KernelBuilder's
// native half (Builder.cpp) and the GPU runtime (Runtime.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_PYTHON_BUILDER_H
#define UOP_PYTHON_BUILDER_H

#include "llvm/Support/CrashRecoveryContext.h"

#include <pybind11/pybind11.h>

#include <atomic>
#include <exception>
#include <stdexcept>
#include <string>

namespace mlir::uop::python {
/// Raised (as uop.Error) with the diagnostics of a failed step.
struct UopError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Runs `fn` so that a crash inside MLIR or LLVM that no check of uop's
/// caught (a signal, or the abort of an `LLVM ERROR`) raises uop.Error
/// naming `what` instead of ending the Python process, as the tools print
/// one line for it (include/Uop/Tools/InternalError.h). The crash happens
/// on the calling thread: the module's contexts run their passes on it.
/// Where `fn` runs with the GIL released, call this inside that scope, so
/// that the GIL is taken back whatever happens.
/// How many crashes runGuarded has recovered from in this process.
inline std::atomic<unsigned> &getCrashCountRef() {
  static std::atomic<unsigned> count{0};
  return count;
}
inline unsigned getCrashCount() { return getCrashCountRef().load(); }

template <typename Fn>
void runGuarded(const std::string &what, Fn &&fn) {
  llvm::CrashRecoveryContext crc;
  std::exception_ptr error;
  bool finished = crc.RunSafely([&] {
    try {
      fn();
    } catch (...) {
      error = std::current_exception();
    }
  });
  if (!finished) {
    ++getCrashCountRef();
    throw UopError(std::string("internal error: MLIR or LLVM crashed in ") +
                   what +
                   " (a defect no check of uop's caught; the input that "
                   "causes it is worth a report)");
  }
  if (error)
    std::rethrow_exception(error);
}

/// Adds IRValue, IRBuilder and matmul_problem to the module.
void bindBuilder(pybind11::module_ &m);

/// Adds the GPU runtime's entries (Runtime.cpp) to the module.
void bindRuntime(pybind11::module_ &m);
} // namespace mlir::uop::python

#endif // UOP_PYTHON_BUILDER_H
