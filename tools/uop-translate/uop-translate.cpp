//===- uop-translate.cpp - uop translations -------------------------------===//
//
// mlir-translate with uop's --uop-to-ptx (and the upstream translations).
//
// An error inside MLIR or LLVM's NVPTX backend that no check caught (an
// `LLVM ERROR` or a crash) ends the run with one line, "uop-translate:
// internal error in code generation: <message>", and exit code 3 instead
// of a stack dump (docs/ROBUSTNESS.md). Input MLIR's parser is known to
// crash on (Uop/Support/ParserGuards.h) is refused before the driver
// parses it.
//
//===----------------------------------------------------------------------===//

#include "Uop/Support/ParserGuards.h"
#include "Uop/Target/PTX.h"
#include "Uop/Tools/InternalError.h"
#include "Uop/Tools/SanitizerOptions.h"

#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

#include "llvm/Support/MemoryBuffer.h"

#include <atomic>
#include <thread>
#include <unistd.h>

/// The exit code of an internal error (a failure inside MLIR or LLVM).
static constexpr int kInternalErrorExitCode = 3;

/// Where an internal error happens: uop-translate's work is code generation.
static std::atomic<const char *> stage{"code generation"};

/// The input file of the command line (`-` for standard input): the first
/// argument that is not an option or the value of `-o`.
static llvm::StringRef findInputArgument(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "--" && i + 1 < argc)
      return argv[i + 1];
    if (arg == "-o" || arg == "--o") {
      ++i;
      continue;
    }
    if (arg == "-" || !arg.starts_with("-"))
      return arg;
  }
  return "-";
}

/// Refuses, before mlirTranslateMain parses it, input that MLIR's parser is
/// known to crash on. A file is read here and again by the driver; standard
/// input is read here and handed to the driver through a pipe on fd 0.
/// Returns false when the input was refused (after printing why).
static bool guardInput(int argc, char **argv) {
  llvm::StringRef name = findInputArgument(argc, argv);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> input =
      llvm::MemoryBuffer::getFileOrSTDIN(name);
  if (!input)
    return true; // the driver reports a missing file in its own words
  if (mlir::uop::reportKnownParserCrash(**input, llvm::errs()))
    return false;
  if (name != "-")
    return true;
  int fds[2];
  if (pipe(fds) != 0) {
    llvm::errs() << "uop-translate: error: cannot pass standard input on\n";
    return false;
  }
  // The writer runs beside the driver, which reads the other end; a pipe
  // holds only so much.
  std::thread([fd = fds[1], buffer = std::move(*input)] {
    llvm::StringRef text = buffer->getBuffer();
    while (!text.empty()) {
      ssize_t n = write(fd, text.data(), text.size());
      if (n <= 0)
        break;
      text = text.drop_front(n);
    }
    close(fd);
  }).detach();
  dup2(fds[0], 0);
  close(fds[0]);
  return true;
}

int main(int argc, char **argv) {
  // Registered before the driver's own stack-trace printer, so they run
  // first and end the process with one line.
  mlir::uop::installInternalErrorHandlers(
      "uop-translate", kInternalErrorExitCode, "the compiler crashed", &stage);
  if (!guardInput(argc, argv))
    return 1;
  mlir::registerAllTranslations();
  mlir::uop::registerUopToPTXTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "uop translation driver\n"));
}
