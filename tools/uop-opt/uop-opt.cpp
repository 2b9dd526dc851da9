//===- uop-opt.cpp - the uop pass driver ----------------------------------===//
//
// mlir-opt with the uop dialect, passes and the --uop-compile pipeline. An
// input that holds no IR at all (an empty file, only comments) is an error:
// compiling nothing is almost always a wrong path or a failed generator.
//
//===----------------------------------------------------------------------===//

#include "Uop/InitAllUop.h"

#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

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
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
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
