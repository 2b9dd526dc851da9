//===- uop-translate.cpp - uop translations -------------------------------===//
//
// mlir-translate with uop's --uop-to-ptx (and the upstream translations).
//
// An error inside MLIR or LLVM's NVPTX backend that no check caught (an
// `LLVM ERROR` or a crash) ends the run with one line, "uop-translate:
// internal error in code generation: <message>", and exit code 3 instead
// of a stack dump (docs/ROBUSTNESS.md).
//
//===----------------------------------------------------------------------===//

#include "Uop/Target/PTX.h"

#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"

#include <cstring>
#include <unistd.h>

/// The exit code of an internal error (a failure inside MLIR or LLVM).
static constexpr int kInternalErrorExitCode = 3;

/// Writes the internal-error line with write(2), which is safe in a signal
/// handler, and ends the process.
[[noreturn]] static void reportInternalError(const char *message) {
  auto put = [](const char *text) {
    ssize_t ignored = ::write(2, text, std::strlen(text));
    (void)ignored;
  };
  put("uop-translate: internal error in code generation: ");
  put(message);
  put("\n");
  ::_exit(kInternalErrorExitCode);
}

int main(int argc, char **argv) {
  // Registered before the driver's own stack-trace printer, so they run
  // first and end the process with one line.
  llvm::install_fatal_error_handler(
      [](void *, const char *reason, bool) { reportInternalError(reason); });
  llvm::sys::AddSignalHandler(
      [](void *) { reportInternalError("the compiler crashed"); }, nullptr);
  mlir::registerAllTranslations();
  mlir::uop::registerUopToPTXTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "uop translation driver\n"));
}
