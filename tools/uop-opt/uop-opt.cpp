//===- uop-opt.cpp - the uop pass driver ----------------------------------===//
//
// mlir-opt with the uop dialect, passes and the --uop-compile pipeline.
//
//===----------------------------------------------------------------------===//

#include "Uop/InitAllUop.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::uop::registerAllUopDialects(registry);
  mlir::uop::registerAllUopPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "uop optimizer driver\n", registry));
}
