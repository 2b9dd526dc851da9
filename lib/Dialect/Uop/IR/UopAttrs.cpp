//===- UopAttrs.cpp - uop dialect attributes ------------------------------===//
//
// Verifiers and helpers of #uop.target and #uop.shared_layout.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopAttrs.h"
#include "Uop/Dialect/Uop/IR/UopDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::uop;

#include "Uop/Dialect/Uop/IR/UopEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Uop/Dialect/Uop/IR/UopAttrs.cpp.inc"

void UopDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Uop/Dialect/Uop/IR/UopAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

LogicalResult
TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                   StringRef chip, int64_t ptx, TensorCoreKind tensorCore,
                   int64_t maxStaticShared, int64_t maxShared, int64_t banks,
                   int64_t bankBytes, int64_t warpSize, int64_t maxThreads,
                   DenseI64ArrayAttr maxBlock, DenseI64ArrayAttr maxGrid) {
  if (!chip.starts_with("sm_"))
    return emitError() << "expected a chip name of the form sm_<N>, got '"
                       << chip << "'";
  if (ptx < 60 || ptx > 999)
    return emitError() << "expected a PTX ISA version major * 10 + minor "
                          "of at least 60, got "
                       << ptx;
  if (maxStaticShared <= 0 || maxStaticShared > maxShared)
    return emitError() << "expected 0 < max_static_shared <= max_shared, got "
                       << maxStaticShared << " and " << maxShared;
  if (maxShared > (int64_t(1) << 30))
    return emitError() << "expected max_shared of at most 1 GiB, got "
                       << maxShared;
  if (banks <= 0 || !llvm::isPowerOf2_64(banks) || banks > 1024)
    return emitError() << "expected a power-of-two bank count up to 1024, got "
                       << banks;
  if (bankBytes <= 0 || !llvm::isPowerOf2_64(bankBytes) || bankBytes > 64)
    return emitError() << "expected a power-of-two bank width up to 64 "
                          "bytes, got "
                       << bankBytes;
  if (warpSize <= 0 || !llvm::isPowerOf2_64(warpSize) || warpSize > 1024)
    return emitError() << "expected a power-of-two warp size up to 1024, got "
                       << warpSize;
  if (maxThreads < warpSize || maxThreads > (int64_t(1) << 20))
    return emitError() << "expected max_threads between the warp size and "
                          "2^20, got "
                       << maxThreads;
  for (auto [name, dims] : {std::pair{"max_block", maxBlock},
                            std::pair{"max_grid", maxGrid}}) {
    if (!dims || dims.size() != 3)
      return emitError() << "expected " << name
                         << " to hold three sizes x, y, z, got "
                         << (dims ? dims.size() : 0);
    for (int64_t d : dims.asArrayRef())
      if (d <= 0 || d > (int64_t(1) << 31))
        return emitError() << "expected " << name
                           << " sizes between 1 and 2^31, got " << d;
  }
  return success();
}

std::string TargetAttr::getPtxFeature() const {
  return "+ptx" + std::to_string(getPtx());
}

int64_t TargetAttr::getComputeCapability() const {
  StringRef digits = getChip();
  if (!digits.consume_front("sm_"))
    return 0;
  digits = digits.take_while(llvm::isDigit);
  int64_t cc = 0;
  if (digits.empty() || digits.size() > 4 || digits.getAsInteger(10, cc))
    return 0;
  return cc;
}

//===----------------------------------------------------------------------===//
// SharedLayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
SharedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         int64_t pad, int64_t swizzle, int64_t unit,
                         int64_t period) {
  if (pad < 0 || pad > (int64_t(1) << 20))
    return emitError() << "expected a pad between 0 and 2^20 elements, got "
                       << pad;
  if (swizzle < 0 || (swizzle != 0 && !llvm::isPowerOf2_64(swizzle)) ||
      swizzle > (int64_t(1) << 20))
    return emitError() << "expected a swizzle of 0 or a power of two, got "
                       << swizzle;
  for (auto [name, value] :
       {std::pair{"unit", unit}, std::pair{"period", period}})
    if (value <= 0 || !llvm::isPowerOf2_64(value) || value > (int64_t(1) << 20))
      return emitError() << "expected a power-of-two " << name
                         << " up to 2^20, got " << value;
  if (swizzle <= 1 && (unit != 1 || period != 1))
    return emitError() << "expected unit = 1 and period = 1 without a "
                          "swizzle, got unit = "
                       << unit << " and period = " << period;
  return success();
}
