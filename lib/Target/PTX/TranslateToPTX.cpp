//===- TranslateToPTX.cpp - uop-translate --uop-to-ptx --------------------===//
//
// Emits PTX for the kernels of a compiled module through the NVVM target
// attribute (LLVM's NVPTX backend), and the launch configuration of each
// gpu.launch_func as JSON for a runner (uop-run): grid, block, shared memory
// and what each kernel argument is (a memref parameter of the host function,
// a scalar constant, or a TMA tensor map the runner encodes from a memref
// parameter), so the runner can supply it without reading MLIR. Sizes the
// host computes from dynamic memref sizes (a GEMM of dynamic shape's grid)
// are written as expressions over those sizes, which the runner evaluates
// once it is told them.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/TensorMap.h"
#include "Uop/Dialect/Uop/IR/UopDialect.h"
#include "Uop/Target/PTX.h"
#include "Uop/Target/Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace mlir::uop;

/// Returns the first op of `gpuModule` that is not LLVM or NVVM yet, if any.
static Operation *findUnloweredOp(gpu::GPUModuleOp gpuModule) {
  Operation *found = nullptr;
  gpuModule.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<LLVM::LLVMDialect, NVVM::NVVMDialect>(op->getDialect()))
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

FailureOr<std::string> mlir::uop::translateModuleToPTX(ModuleOp module) {
  SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
  if (gpuModules.empty()) {
    // A compiled module (its #uop.target) with no launch left: every GEMM
    // in it was empty (a static size of 0), so there is no kernel.
    bool launches = false;
    module.walk([&](Operation *op) {
      launches = isa<gpu::LaunchOp, gpu::LaunchFuncOp>(op);
      return launches ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (!launches && module->hasAttr(UopDialect::getTargetAttrName()))
      return mlir::emitError(module.getLoc(),
                             "no gpu.module to translate: the compiled "
                             "module launches no kernel (a GEMM with a "
                             "static size of 0 computes nothing, so "
                             "uop-compile leaves no kernel for it)");
    return mlir::emitError(module.getLoc(),
                           "no gpu.module to translate: compile the input "
                           "with uop-opt --uop-compile first");
  }
  if (gpuModules.size() != 1)
    return mlir::emitError(gpuModules[1].getLoc(),
                           "expected one gpu.module, found ")
           << gpuModules.size() << "; run uop-opt --uop-merge-kernel-modules";
  gpu::GPUModuleOp gpuModule = gpuModules.front();

  ArrayAttr targets = gpuModule.getTargetsAttr();
  if (!targets || targets.empty())
    return mlir::emitError(gpuModule.getLoc(),
                           "the gpu.module has no #nvvm.target: compile "
                           "it with uop-opt --uop-compile");
  if (targets.size() != 1 || !isa<NVVM::NVVMTargetAttr>(targets[0]))
    return mlir::emitError(gpuModule.getLoc(),
                           "expected exactly one #nvvm.target on the "
                           "gpu.module, got ")
           << targets;
  // LLVM only warns about a chip it does not know and then writes PTX no
  // ptxas accepts: refuse chips outside the table of targets.
  auto nvvmTarget = cast<NVVM::NVVMTargetAttr>(targets[0]);
  if (!lookupTarget(module.getContext(), nvvmTarget.getChip()))
    return mlir::emitError(gpuModule.getLoc(), "expected a chip of ")
           << getSupportedChips() << ", got '" << nvvmTarget.getChip() << "'";
  if (Operation *op = findUnloweredOp(gpuModule))
    return mlir::emitError(op->getLoc(),
                           "gpu.module is not lowered to LLVM/NVVM: found '")
           << op->getName() << "'; compile with --uop-compile=\"emit=llvm\"";

  // What passed --uop-compile passes here too; hand-written or edited IR
  // is checked before it can crash the backend.
  if (failed(verifyLoweredModule(module)))
    return failure();

  auto target = cast<gpu::TargetAttrInterface>(targets[0]);
  gpu::TargetOptions options(/*toolkitPath=*/{}, /*librariesToLink=*/{},
                             /*cmdOptions=*/{}, /*elfSection=*/{},
                             gpu::CompilationTarget::Assembly);
  std::optional<SmallVector<char, 0>> ptx =
      target.serializeToObject(gpuModule, options);
  if (!ptx)
    return mlir::emitError(gpuModule.getLoc(),
                           "NVPTX code generation failed for ")
           << targets[0];
  std::string text(ptx->begin(), ptx->end());
  // The serializer null-terminates the assembly.
  while (!text.empty() && text.back() == '\0')
    text.pop_back();
  return text;
}

/// Returns the three values as constants where they are constants.
static std::array<std::optional<int64_t>, 3> getConstants(Value x, Value y,
                                                          Value z) {
  return {getConstantIntValue(x), getConstantIntValue(y),
          getConstantIntValue(z)};
}

/// Returns `type` as MLIR prints it.
static std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// Describes a value of type `type` that is not known to be anything a
/// runner can supply: the reason goes into the JSON.
static LaunchValue unknownValue(Type type, StringRef reason) {
  LaunchValue value;
  value.kind = LaunchValue::Kind::Unknown;
  value.type = typeString(type);
  value.reason = reason.str();
  return value;
}

/// Describes a memref type with a static shape and a static strided layout,
/// or a dense row-major one (the identity layout) of any shape, whose
/// dynamic sizes and strides a runner fills in; anything else is Unknown.
static LaunchValue describeMemRefType(MemRefType type) {
  bool contiguous = type.getLayout().isIdentity();
  if (!type.hasStaticShape() && !contiguous)
    return unknownValue(type, "the memref has a dynamic shape and a layout "
                              "other than the identity");
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) ||
      (!contiguous && llvm::any_of(strides, ShapedType::isDynamic)))
    return unknownValue(type, "the memref has no static strided layout");
  if (type.getMemorySpace())
    return unknownValue(type, "the memref is not in global memory");
  LaunchValue value;
  value.kind = LaunchValue::Kind::MemRef;
  value.type = typeString(type.getElementType());
  value.shape.assign(type.getShape().begin(), type.getShape().end());
  // A dense row-major memref of static shape has the suffix products as
  // strides, a size of 0 included (MLIR leaves a stride over a dimension
  // of 0 dynamic, which a runner would take for a size still to give).
  if (contiguous && type.hasStaticShape()) {
    int64_t stride = 1;
    for (size_t i = strides.size(); i-- > 0;) {
      strides[i] = stride;
      stride *= type.getShape()[i];
    }
  }
  value.strides = strides;
  value.offset = offset;
  value.contiguous = contiguous;
  return value;
}

/// Describes a host-function parameter of type `type`.
static LaunchValue describeParamType(Type type) {
  if (auto memref = dyn_cast<MemRefType>(type))
    return describeMemRefType(memref);
  if (type.isIntOrIndexOrFloat()) {
    LaunchValue value;
    value.kind = LaunchValue::Kind::Scalar;
    value.type = typeString(type);
    return value;
  }
  return unknownValue(type, "not a memref or a scalar");
}

/// Returns the host-function argument `value` is, looking through
/// memref.cast, or null.
static BlockArgument getHostArgument(Value value, FunctionOpInterface host) {
  while (auto cast = value.getDefiningOp<memref::CastOp>())
    value = cast.getSource();
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !host || arg.getOwner() != &host.getFunctionBody().front())
    return nullptr;
  return arg;
}

/// The SizeExpr of `value`, an integer or index computed in `host` from its
/// memref parameters' sizes and constants, or std::nullopt. Every value is
/// 64 bits wide (index or i64), so that the runner's arithmetic is the
/// host's; `budget` bounds the expression's nodes.
static std::optional<SizeExpr> getSizeExpr(Value value,
                                           FunctionOpInterface host,
                                           unsigned &budget) {
  auto is64 = [](Type type) {
    return type.isIndex() || type.isSignlessInteger(64);
  };
  if (budget == 0 || !is64(value.getType()))
    return std::nullopt;
  --budget;
  SizeExpr expr;
  if (std::optional<int64_t> constant = getConstantIntValue(value)) {
    expr.value = *constant;
    return expr;
  }
  if (auto dim = value.getDefiningOp<memref::DimOp>()) {
    BlockArgument arg = getHostArgument(dim.getSource(), host);
    std::optional<int64_t> index = dim.getConstantIndex();
    auto type = arg ? dyn_cast<MemRefType>(arg.getType()) : nullptr;
    if (!type || !index || *index < 0 || *index >= type.getRank())
      return std::nullopt;
    expr.kind = SizeExpr::Kind::Dim;
    expr.param = arg.getArgNumber();
    expr.dim = *index;
    return expr;
  }
  Operation *op = value.getDefiningOp();
  if (!op || !isa<arith::ArithDialect>(op->getDialect()) ||
      op->getNumResults() != 1)
    return std::nullopt;
  StringRef name = op->getName().stripDialect();
  static constexpr StringLiteral kBinary[] = {
      "addi",  "subi",  "muli",  "divui", "divsi", "ceildivui", "ceildivsi",
      "floordivsi", "remui", "remsi", "maxui", "minui", "maxsi", "minsi"};
  bool unary = name == "index_cast" || name == "index_castui";
  if (!unary && !llvm::is_contained(kBinary, name))
    return std::nullopt;
  if (op->getNumOperands() != (unary ? 1u : 2u))
    return std::nullopt;
  // A cast between index and i64 changes nothing.
  if (unary)
    return getSizeExpr(op->getOperand(0), host, budget);
  expr.kind = SizeExpr::Kind::Op;
  expr.op = name.str();
  for (Value operand : op->getOperands()) {
    std::optional<SizeExpr> e = getSizeExpr(operand, host, budget);
    if (!e)
      return std::nullopt;
    expr.operands.push_back(std::move(*e));
  }
  return expr;
}

/// getSizeExpr with a budget of 64 nodes.
static std::optional<SizeExpr> getSizeExpr(Value value,
                                           FunctionOpInterface host) {
  unsigned budget = 64;
  return getSizeExpr(value, host, budget);
}

/// The conditions under which `host` runs `launch`: per scf.if around it,
/// a comparison of sizes (arith.cmpi of two SizeExprs, as the SizeExpr op
/// "cmpi_<predicate>") and whether the launch is in its then region.
/// Fails with the reason for control flow of any other form: a condition
/// that is not such a comparison, a launch in a block other than its
/// region's first (a branch of the cf dialect leads there), or inside
/// another op with regions (a loop, a switch), since a runner that took
/// its launches once each, unconditionally, could launch a kernel the
/// host would not.
static FailureOr<std::vector<std::pair<SizeExpr, bool>>>
getLaunchConditions(Operation *launch, FunctionOpInterface host,
                    std::string &why) {
  std::vector<std::pair<SizeExpr, bool>> conditions;
  for (Operation *op = launch; op && op != host.getOperation();
       op = op->getParentOp()) {
    Block *block = op->getBlock();
    if (block && !block->isEntryBlock()) {
      why = "it runs in a block that a branch leads to (control flow a "
            "runner cannot follow)";
      return failure();
    }
    if (op == launch)
      continue;
    auto ifOp = dyn_cast<scf::IfOp>(op);
    if (!ifOp) {
      why = ("it runs inside '" + op->getName().getStringRef() +
             "' (control flow a runner cannot follow)")
                .str();
      return failure();
    }
    auto cmp = ifOp.getCondition().getDefiningOp<arith::CmpIOp>();
    std::optional<SizeExpr> lhs, rhs;
    if (cmp) {
      lhs = getSizeExpr(cmp.getLhs(), host);
      rhs = getSizeExpr(cmp.getRhs(), host);
    }
    if (!lhs || !rhs) {
      why = "it runs under an scf.if whose condition is not a comparison "
            "of sizes computed from the host's parameters";
      return failure();
    }
    SizeExpr expr;
    expr.kind = SizeExpr::Kind::Op;
    expr.op = ("cmpi_" + arith::stringifyCmpIPredicate(cmp.getPredicate()))
                  .str();
    expr.operands = {std::move(*lhs), std::move(*rhs)};
    bool thenRegion = ifOp.getThenRegion().isAncestor(launch->getParentRegion());
    conditions.insert(conditions.begin(), {std::move(expr), thenRegion});
  }
  return conditions;
}

/// The L2 promotion of a tensor map in bytes (0 for none).
static int64_t getL2PromoBytes(nvgpu::TensorMapL2PromoKind kind) {
  switch (kind) {
  case nvgpu::TensorMapL2PromoKind::L2PROMO_NONE:
    return 0;
  case nvgpu::TensorMapL2PromoKind::L2PROMO_64B:
    return 64;
  case nvgpu::TensorMapL2PromoKind::L2PROMO_128B:
    return 128;
  case nvgpu::TensorMapL2PromoKind::L2PROMO_256B:
    return 256;
  }
  llvm_unreachable("every L2 promotion kind has a size");
}

/// The interleave of a tensor map as nvgpu spells it without its prefix.
static StringRef getInterleaveName(nvgpu::TensorMapInterleaveKind kind) {
  switch (kind) {
  case nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE:
    return "none";
  case nvgpu::TensorMapInterleaveKind::INTERLEAVE_16B:
    return "16b";
  case nvgpu::TensorMapInterleaveKind::INTERLEAVE_32B:
    return "32b";
  }
  llvm_unreachable("every interleave kind has a name");
}

/// Describes tensor-map operand `operand` of a launch inside `host`: the
/// result of an nvgpu.tma.create.descriptor whose tensor is a memref
/// parameter of the host function (through memref.cast) and whose box is
/// constant. The runner encodes the map from that parameter's buffer.
static LaunchValue describeTensorMap(Value operand,
                                     nvgpu::TensorMapDescriptorType type,
                                     FunctionOpInterface host) {
  auto create = operand.getDefiningOp<nvgpu::TmaCreateDescriptorOp>();
  if (!create)
    return unknownValue(type, "the tensor map is not made by "
                              "nvgpu.tma.create.descriptor in the host "
                              "function");
  BlockArgument arg = getHostArgument(create.getTensor(), host);
  if (!arg || !isa<MemRefType>(arg.getType()))
    return unknownValue(type, "the tensor of the tensor map is not a memref "
                              "parameter of the host function (reached "
                              "through memref.cast; a runner cannot supply "
                              "it)");
  LaunchValue tensor = describeMemRefType(cast<MemRefType>(arg.getType()));
  if (tensor.kind != LaunchValue::Kind::MemRef)
    return unknownValue(type, "the tensor of the tensor map: " +
                                  tensor.reason);
  Type element = type.getTensor().getElementType();
  if (tensor.type != typeString(element))
    return unknownValue(type, "the tensor map's element type " +
                                  typeString(element) +
                                  " is not its tensor's, " + tensor.type);
  LaunchValue value;
  value.kind = LaunchValue::Kind::TensorMap;
  value.type = tensor.type;
  value.hostArg = arg.getArgNumber();
  for (Value size : create.getBoxDimensions()) {
    std::optional<int64_t> constant = getConstantIntValue(size);
    if (!constant)
      return unknownValue(type, "the box of the tensor map is not constant");
    value.box.push_back(*constant);
  }
  value.swizzleBytes = uop::getTensorMapSwizzleBytes(type.getSwizzle());
  value.l2PromoBytes = getL2PromoBytes(type.getL2promo());
  value.oobFill =
      type.getOob() == nvgpu::TensorMapOOBKind::OOB_NAN ? "nan" : "zero";
  value.interleave = getInterleaveName(type.getInterleave()).str();
  return value;
}

/// Describes kernel operand `operand` of a launch inside `host`: a memref
/// argument of the host function, a tensor map of one, or a scalar
/// constant.
static LaunchValue describeLaunchOperand(Value operand,
                                         FunctionOpInterface host) {
  Type type = operand.getType();
  if (auto map = dyn_cast<nvgpu::TensorMapDescriptorType>(type))
    return describeTensorMap(operand, map, host);
  if (auto memref = dyn_cast<MemRefType>(type)) {
    auto arg = dyn_cast<BlockArgument>(operand);
    if (!arg || !host || arg.getOwner() != &host.getFunctionBody().front())
      return unknownValue(type, "the memref is not an argument of the host "
                                "function (a runner cannot supply it)");
    LaunchValue value = describeMemRefType(memref);
    if (value.kind == LaunchValue::Kind::MemRef)
      value.hostArg = arg.getArgNumber();
    return value;
  }
  if (!type.isIntOrIndexOrFloat())
    return unknownValue(type, "not a memref or a scalar");
  Attribute attr;
  if (!matchPattern(operand, m_Constant(&attr))) {
    std::optional<SizeExpr> expr =
        host ? getSizeExpr(operand, host) : std::nullopt;
    if (!expr)
      return unknownValue(type, "the scalar is neither a constant nor "
                                "computed from the host parameters' sizes");
    LaunchValue value;
    value.kind = LaunchValue::Kind::Scalar;
    value.type = typeString(type);
    value.expr = std::move(expr);
    return value;
  }
  LaunchValue value;
  value.kind = LaunchValue::Kind::Scalar;
  value.type = typeString(type);
  if (auto intAttr = dyn_cast<IntegerAttr>(attr))
    value.intValue = type.isInteger(1)
                         ? (int64_t)intAttr.getValue().getBoolValue()
                         : intAttr.getValue().getSExtValue();
  else if (auto floatAttr = dyn_cast<FloatAttr>(attr))
    value.floatValue = floatAttr.getValueAsDouble();
  else
    return unknownValue(type, "the scalar constant is neither an integer "
                              "nor a float");
  return value;
}

/// Returns the number of parameters of kernel `name` lowered to an llvm.func
/// in a gpu.module of `module`, if there is one.
static std::optional<int64_t> getKernelParams(ModuleOp module, StringRef name) {
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
    if (auto func = gpuModule.lookupSymbol<LLVM::LLVMFuncOp>(name))
      return func.getNumArguments();
  return std::nullopt;
}

SmallVector<KernelLaunch, 2> mlir::uop::collectLaunches(ModuleOp module) {
  SmallVector<KernelLaunch, 2> launches;
  module.walk([&](gpu::LaunchFuncOp launch) {
    KernelLaunch info;
    auto host = launch->getParentOfType<FunctionOpInterface>();
    if (host)
      info.hostFunction = host.getName().str();
    info.kernel = launch.getKernelName().str();
    info.grid = getConstants(launch.getGridSizeX(), launch.getGridSizeY(),
                             launch.getGridSizeZ());
    Value gridSizes[] = {launch.getGridSizeX(), launch.getGridSizeY(),
                         launch.getGridSizeZ()};
    for (int d = 0; d < 3; ++d)
      if (!info.grid[d] && host)
        info.gridExpr[d] = getSizeExpr(gridSizes[d], host);
    info.block = getConstants(launch.getBlockSizeX(), launch.getBlockSizeY(),
                              launch.getBlockSizeZ());
    if (Value dyn = launch.getDynamicSharedMemorySize())
      info.dynamicSharedBytes = getConstantIntValue(dyn);
    else
      info.dynamicSharedBytes = 0;
    if (launch.hasClusterSize())
      info.cluster = getConstants(launch.getClusterSizeX(),
                                  launch.getClusterSizeY(),
                                  launch.getClusterSizeZ());
    for (Value operand : launch.getKernelOperands())
      info.args.push_back(describeLaunchOperand(operand, host));
    info.kernelParams = getKernelParams(module, info.kernel);
    if (host) {
      FailureOr<std::vector<std::pair<SizeExpr, bool>>> conditions =
          getLaunchConditions(launch, host, info.unknownCondition);
      if (succeeded(conditions))
        info.conditions = std::move(*conditions);
    }
    launches.push_back(std::move(info));
  });
  return launches;
}

SmallVector<HostFunction> mlir::uop::collectHostFunctions(ModuleOp module) {
  SmallVector<HostFunction> functions;
  for (auto func : module.getOps<FunctionOpInterface>()) {
    if (func.isExternal())
      continue;
    bool launches = false;
    func->walk([&](gpu::LaunchFuncOp) {
      launches = true;
      return WalkResult::interrupt();
    });
    if (!launches)
      continue;
    HostFunction host;
    host.name = func.getName().str();
    for (Type type : func.getArgumentTypes())
      host.params.push_back(describeParamType(type));
    // The dialect verifier checked the record; one that does not read is
    // left out rather than guessed at.
    std::string whyNot;
    if (Attribute record = func->getAttr(GemmRecord::kAttrName))
      if (FailureOr<GemmRecord> gemm = GemmRecord::fromAttr(
              record, func.getNumArguments(), whyNot);
          succeeded(gemm))
        host.gemm = *gemm;
    functions.push_back(std::move(host));
  }
  return functions;
}

/// Writes `expr` as JSON: an integer, {"dim": [param, dim]} or
/// {"op": name, "args": [...]}.
static void writeSizeExpr(llvm::json::OStream &json, const SizeExpr &expr) {
  switch (expr.kind) {
  case SizeExpr::Kind::Constant:
    json.value(expr.value);
    return;
  case SizeExpr::Kind::Dim:
    json.object([&] {
      json.attributeArray("dim", [&] {
        json.value((int64_t)expr.param);
        json.value(expr.dim);
      });
    });
    return;
  case SizeExpr::Kind::Op:
    json.object([&] {
      json.attribute("op", expr.op);
      json.attributeArray("args", [&] {
        for (const SizeExpr &operand : expr.operands)
          writeSizeExpr(json, operand);
      });
    });
    return;
  }
}

/// Writes `value` as one JSON object (see writeLaunchConfigJSON).
static void writeValue(llvm::json::OStream &json, const LaunchValue &value) {
  // A dynamic size or stride is null.
  auto writeList = [&](StringRef key, ArrayRef<int64_t> list) {
    json.attributeArray(key, [&] {
      for (int64_t x : list)
        ShapedType::isDynamic(x) ? json.value(nullptr) : json.value(x);
    });
  };
  json.object([&] {
    switch (value.kind) {
    case LaunchValue::Kind::MemRef:
      json.attribute("kind", "memref");
      if (value.hostArg)
        json.attribute("host_arg", (int64_t)*value.hostArg);
      json.attribute("element", value.type);
      writeList("shape", value.shape);
      json.attribute("offset", value.offset);
      writeList("strides", value.strides);
      json.attribute("contiguous", value.contiguous);
      break;
    case LaunchValue::Kind::Scalar:
      json.attribute("kind", "scalar");
      json.attribute("type", value.type);
      if (value.expr) {
        json.attributeBegin("expr");
        writeSizeExpr(json, *value.expr);
        json.attributeEnd();
      } else if (value.intValue)
        json.attribute("value", *value.intValue);
      else if (value.floatValue)
        json.attribute("value", *value.floatValue);
      break;
    case LaunchValue::Kind::TensorMap:
      json.attribute("kind", "tensor_map");
      json.attribute("host_arg", (int64_t)*value.hostArg);
      json.attribute("element", value.type);
      writeList("box", value.box);
      json.attribute("swizzle", value.swizzleBytes);
      json.attribute("l2promo", value.l2PromoBytes);
      json.attribute("oob", value.oobFill);
      json.attribute("interleave", value.interleave);
      json.attribute("params", 1);
      break;
    case LaunchValue::Kind::Unknown:
      json.attribute("kind", "unknown");
      json.attribute("type", value.type);
      json.attribute("reason", value.reason);
      break;
    }
  });
}

void mlir::uop::writeLaunchConfigJSON(ArrayRef<KernelLaunch> launches,
                                      ArrayRef<HostFunction> functions,
                                      raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/2);
  auto writeDims = [&](StringRef key,
                       const std::array<std::optional<int64_t>, 3> &dims,
                       const std::array<std::optional<SizeExpr>, 3> *exprs =
                           nullptr) {
    json.attributeArray(key, [&] {
      for (int d = 0; d < 3; ++d) {
        if (dims[d])
          json.value(*dims[d]);
        else if (exprs && (*exprs)[d])
          writeSizeExpr(json, *(*exprs)[d]);
        else
          json.value(nullptr);
      }
    });
  };
  json.object([&] {
    json.attributeArray("launches", [&] {
      for (const KernelLaunch &launch : launches) {
        json.object([&] {
          json.attribute("host", launch.hostFunction);
          json.attribute("kernel", launch.kernel);
          writeDims("grid", launch.grid, &launch.gridExpr);
          writeDims("block", launch.block);
          if (launch.dynamicSharedBytes)
            json.attribute("dynamic_shared_bytes", *launch.dynamicSharedBytes);
          else
            json.attribute("dynamic_shared_bytes", nullptr);
          if (launch.cluster)
            writeDims("cluster", *launch.cluster);
          if (launch.kernelParams)
            json.attribute("kernel_params", *launch.kernelParams);
          else
            json.attribute("kernel_params", nullptr);
          json.attributeArray("args", [&] {
            for (const LaunchValue &arg : launch.args)
              writeValue(json, arg);
          });
          if (!launch.unknownCondition.empty())
            json.attribute("when_unknown", launch.unknownCondition);
          else if (!launch.conditions.empty())
            json.attributeArray("when", [&] {
              for (const auto &[expr, holds] : launch.conditions)
                json.object([&] {
                  json.attributeBegin("expr");
                  writeSizeExpr(json, expr);
                  json.attributeEnd();
                  json.attribute("holds", holds);
                });
            });
        });
      }
    });
    json.attributeArray("functions", [&] {
      for (const HostFunction &host : functions) {
        json.object([&] {
          json.attribute("name", host.name);
          json.attributeArray("params", [&] {
            for (const LaunchValue &param : host.params)
              writeValue(json, param);
          });
          if (const std::optional<GemmRecord> &g = host.gemm)
            json.attributeObject("gemm", [&] {
              json.attribute("a", g->a);
              json.attribute("b", g->b);
              json.attribute("c", g->c);
              json.attribute("transpose_a", g->transposeA);
              json.attribute("transpose_b", g->transposeB);
              json.attribute("accumulate", g->accumulate);
              json.attribute("epilogue", g->epilogue);
              if (!g->dims.empty())
                json.attributeArray("dims", [&] {
                  for (const std::string &d : g->dims)
                    json.value(d);
                });
            });
        });
      }
    });
  });
  os << "\n";
}

void mlir::uop::registerUopToPTXTranslation() {
  static llvm::cl::opt<std::string> launchConfigFile(
      "uop-launch-config",
      llvm::cl::desc("with --uop-to-ptx: also write the launch configuration "
                     "of every kernel (grid, block, dynamic shared bytes, "
                     "arguments) and the host functions' parameters as "
                     "JSON to this file"),
      llvm::cl::value_desc("filename"), llvm::cl::init(""));

  TranslateFromMLIRRegistration registration(
      "uop-to-ptx", "emit PTX for the kernels of a uop-compiled module",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return mlir::emitError(op->getLoc(),
                                 "expected a builtin.module, got '")
                 << op->getName() << "'";
        // Open the launch configuration first: a path that cannot be
        // written fails before code generation, and nothing is left behind
        // when code generation fails.
        std::unique_ptr<llvm::ToolOutputFile> launchConfig;
        if (!launchConfigFile.empty()) {
          std::error_code ec;
          launchConfig = std::make_unique<llvm::ToolOutputFile>(
              launchConfigFile, ec, llvm::sys::fs::OF_Text);
          if (ec)
            return module.emitError("cannot write the launch configuration "
                                    "to '")
                   << launchConfigFile << "': " << ec.message();
        }
        FailureOr<std::string> ptx = translateModuleToPTX(module);
        if (failed(ptx))
          return failure();
        if (launchConfig) {
          writeLaunchConfigJSON(collectLaunches(module),
                                collectHostFunctions(module),
                                launchConfig->os());
          launchConfig->keep();
        }
        os << *ptx;
        return success();
      },
      [](DialectRegistry &registry) {
        registerAllDialects(registry);
        registry.insert<UopDialect>();
        NVVM::registerNVVMTargetInterfaceExternalModels(registry);
        registerAllToLLVMIRTranslations(registry);
      });
}
