//===- uop-opt.cpp - the uop pass driver ----------------------------------===//
//
// mlir-opt with the uop dialect, passes and the --uop-compile pipeline. An
// input that holds no IR at all (an empty file, only comments) is an error:
// compiling nothing is almost always a wrong path or a failed generator.
//
//===----------------------------------------------------------------------===//

#include "Uop/InitAllUop.h"
#include "Uop/Support/ParserGuards.h"
#include "Uop/Tools/InternalError.h"
#include "Uop/Tools/SanitizerOptions.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <atomic>

/// The exit code of an internal error (a failure inside MLIR or LLVM).
static constexpr int kInternalErrorExitCode = 3;

/// The argument of the pass running last (a null-terminated literal), for
/// the internal-error line.
static std::atomic<const char *> currentPass{"uop-opt"};

namespace {
/// Records the pass about to run, so that an internal error can name it.
struct PassTracker : public mlir::PassInstrumentation {
  void runBeforePass(mlir::Pass *pass, mlir::Operation *) override {
    llvm::StringRef arg = pass->getArgument();
    if (!arg.empty())
      currentPass = arg.data();
  }
};

/// The driver's configuration with the pass tracker added to every pass
/// manager it sets up. Errors of building the pipeline (a bad option of
/// --uop-compile) concern the command line, not a place in the input:
/// mlir-opt's driver reports them at an unknown location, which prints as
/// `<unknown>:0: error:`; they print as `uop-opt: error: <message>` instead.
struct UopOptConfig : public mlir::MlirOptMainConfig {
  explicit UopOptConfig(mlir::MlirOptMainConfig config)
      : mlir::MlirOptMainConfig(std::move(config)) {
    auto inner = passPipelineCallback;
    passPipelineCallback = [inner](mlir::PassManager &pm) {
      pm.addInstrumentation(std::make_unique<PassTracker>());
      if (!inner)
        return mlir::success();
      mlir::ScopedDiagnosticHandler commandLineErrors(
          pm.getContext(), [](mlir::Diagnostic &diag) {
            if (!llvm::isa<mlir::UnknownLoc>(diag.getLocation()) ||
                diag.getSeverity() != mlir::DiagnosticSeverity::Error)
              return mlir::failure();
            llvm::WithColor::error(llvm::errs(), "uop-opt")
                << llvm::StringRef(diag.str()).rtrim() << "\n";
            return mlir::success();
          });
      return inner(pm);
    };
  }
};
} // namespace

/// Returns true when `text` has something besides whitespace and `//`
/// comments.
static bool hasContent(llvm::StringRef text) {
  while (!text.empty()) {
    text = text.ltrim();
    if (text.starts_with("//")) {
      text = text.drop_until([](char c) { return c == '\n'; });
      continue;
    }
    return !text.empty();
  }
  return false;
}

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::uop::registerAllUopDialects(registry);
  mlir::uop::registerAllUopPasses();

  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "uop optimizer driver\n", registry);
  UopOptConfig config(mlir::MlirOptMainConfig::createFromCLOptions());
  // Internal errors: LLVM's fatal errors and crash signals end in one line
  // naming the pass.
  mlir::uop::installInternalErrorHandlers("uop-opt", kInternalErrorExitCode,
                                          "the compiler crashed",
                                          &currentPass);
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &error);
  if (!input) {
    llvm::WithColor::error(llvm::errs(), "uop-opt") << error << "\n";
    return 1;
  }
  if (!hasContent(input->getBuffer())) {
    llvm::WithColor::error(llvm::errs(), "uop-opt")
        << "'" << inputFilename << "' holds no IR (the input is empty)\n";
    return 1;
  }
  // Text MLIR's parser would crash on is refused at its location.
  if (mlir::uop::reportKnownParserCrash(*input, llvm::errs()))
    return 1;
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::WithColor::error(llvm::errs(), "uop-opt") << error << "\n";
    return 1;
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
