//===- GemmRecord.cpp - what a host function's GEMM computes --------------===//

#include "Uop/Dialect/Uop/IR/GemmRecord.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::uop;

DictionaryAttr GemmRecord::toAttr(MLIRContext *context) const {
  Builder b(context);
  SmallVector<NamedAttribute> entries = {
      b.getNamedAttr("a", b.getI64IntegerAttr(a)),
      b.getNamedAttr("b", b.getI64IntegerAttr(this->b)),
      b.getNamedAttr("c", b.getI64IntegerAttr(c)),
      b.getNamedAttr("transpose_a", b.getBoolAttr(transposeA)),
      b.getNamedAttr("transpose_b", b.getBoolAttr(transposeB)),
      b.getNamedAttr("accumulate", b.getBoolAttr(accumulate)),
      b.getNamedAttr("epilogue", b.getBoolAttr(epilogue)),
  };
  if (!dims.empty()) {
    SmallVector<StringRef> names(dims.begin(), dims.end());
    entries.push_back(b.getNamedAttr("dims", b.getStrArrayAttr(names)));
  }
  return b.getDictionaryAttr(entries);
}

FailureOr<GemmRecord> GemmRecord::fromAttr(Attribute attr, unsigned numArgs,
                                           std::string &whyNot,
                                           ArrayRef<Type> argTypes) {
  auto dict = dyn_cast<DictionaryAttr>(attr);
  if (!dict || dict.size() != 7 + (dict.contains("dims") ? 1 : 0)) {
    whyNot = "expected a dictionary of a, b, c, transpose_a, transpose_b, "
             "accumulate and epilogue";
    return failure();
  }
  GemmRecord r;
  for (auto [key, index] : {std::pair<StringRef, int64_t *>{"a", &r.a},
                            {"b", &r.b},
                            {"c", &r.c}}) {
    auto value = dict.getAs<IntegerAttr>(key);
    if (!value ||
        !(value.getType().isSignlessInteger() || value.getType().isIndex()) ||
        value.getValue().getSignificantBits() > 64 ||
        value.getInt() < 0 || value.getInt() >= numArgs) {
      whyNot = llvm::formatv("expected '{0}' to be the index of one of the "
                             "function's {1} arguments",
                             key, numArgs);
      return failure();
    }
    *index = value.getInt();
  }
  if (r.c == r.a || r.c == r.b) {
    whyNot = llvm::formatv("expected c to be another argument than a and b "
                           "(which may be one), got {0}, {1} and {2}",
                           r.a, r.b, r.c);
    return failure();
  }
  for (auto [key, flag] :
       {std::pair<StringRef, bool *>{"transpose_a", &r.transposeA},
        {"transpose_b", &r.transposeB},
        {"accumulate", &r.accumulate},
        {"epilogue", &r.epilogue}}) {
    auto value = dict.getAs<BoolAttr>(key);
    if (!value) {
      whyNot = llvm::formatv("expected '{0}' to be true or false", key);
      return failure();
    }
    *flag = value.getValue();
  }
  if (Attribute dims = dict.get("dims")) {
    auto array = dyn_cast<ArrayAttr>(dims);
    if (!r.epilogue || !array || array.size() != numArgs) {
      whyNot = llvm::formatv("expected 'dims' only with an epilogue, one "
                             "string per argument of the function's {0}",
                             numArgs);
      return failure();
    }
    for (auto [i, entry] : llvm::enumerate(array)) {
      auto text = dyn_cast<StringAttr>(entry);
      auto memref = i < argTypes.size() ? dyn_cast<MemRefType>(argTypes[i])
                                        : nullptr;
      if (!text ||
          text.getValue().find_first_not_of("bmnk1") != StringRef::npos ||
          (memref && !text.getValue().empty() &&
           static_cast<int64_t>(text.size()) != memref.getRank())) {
        whyNot = llvm::formatv("expected 'dims' entry {0} to be \"\" or one "
                               "of 'b', 'm', 'n', 'k' and '1' per dimension "
                               "of the argument",
                               i);
        return failure();
      }
      r.dims.push_back(text.getValue().str());
    }
  }
  return r;
}
