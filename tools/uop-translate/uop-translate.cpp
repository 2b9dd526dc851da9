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
#include "Uop/Tools/InternalError.h"
#include "Uop/Tools/SanitizerOptions.h"

#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

#include <atomic>

/// The exit code of an internal error (a failure inside MLIR or LLVM).
static constexpr int kInternalErrorExitCode = 3;

/// Where an internal error happens: uop-translate's work is code generation.
static std::atomic<const char *> stage{"code generation"};

int main(int argc, char **argv) {
  // Registered before the driver's own stack-trace printer, so they run
  // first and end the process with one line.
  mlir::uop::installInternalErrorHandlers(
      "uop-translate", kInternalErrorExitCode, "the compiler crashed", &stage);
  mlir::registerAllTranslations();
  mlir::uop::registerUopToPTXTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "uop translation driver\n"));
}
