//===- uop-translate.cpp - uop translations -------------------------------===//
//
// mlir-translate with uop's --uop-to-ptx (and the upstream translations).
//
//===----------------------------------------------------------------------===//

#include "Uop/Target/PTX.h"

#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::registerAllTranslations();
  mlir::uop::registerUopToPTXTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "uop translation driver\n"));
}
