//===- PromoteShared.cpp - uop-promote-shared pass ------------------------===//
//
// Stages the operand tiles of a GEMM's K loop in shared memory, the step that
// turns "every element of A fetched N times" into "fetched N / BN times"
// (seed 13.1). The pass owns the barrier placement: it knows which buffer is
// written and read in which step, so it puts a barrier exactly where a
// read-after-write or write-after-read between threads needs one, and no
// more.
//
//===----------------------------------------------------------------------===//

#include "Uop/Analysis/BankModel.h"
#include "Uop/Target/Targets.h"
#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir::uop {
#define GEN_PASS_DEF_UOPPROMOTESHARED
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

/// The most buffers per operand the ring has: with three tiles in flight
/// while a fourth is multiplied, the copies have three k-tiles of math to
/// hide their latency behind; a deeper ring costs shared memory (and
/// occupancy) for latency already hidden.
static constexpr int64_t kMaxStages = 4;

/// Returns true when `memref` lives in shared memory.
static bool isShared(Value memref) {
  return isWorkgroupMemRef(memref.getType());
}

/// A constant upper bound of the index `value`: constants, mins with a
/// bounded operand (how a tile's extent at the edge of a matrix is written),
/// else whatever the value-bounds analysis proves.
static FailureOr<int64_t> getUpperBound(Value value) {
  if (std::optional<int64_t> c = getConstantIntValue(value))
    return *c;
  if (auto min = value.getDefiningOp<arith::MinSIOp>()) {
    FailureOr<int64_t> l = getUpperBound(min.getLhs());
    FailureOr<int64_t> r = getUpperBound(min.getRhs());
    if (succeeded(l) && succeeded(r))
      return std::min(*l, *r);
    return succeeded(l) ? l : r;
  }
  return ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(value),
      /*stopCondition=*/nullptr, /*closedUB=*/true);
}

/// The constant upper bound of dimension `d` of `memref`.
static FailureOr<int64_t> getUpperBound(Value memref, int64_t d) {
  auto type = cast<MemRefType>(memref.getType());
  if (!type.isDynamicDim(d))
    return type.getDimSize(d);
  if (auto cast = memref.getDefiningOp<memref::CastOp>())
    return getUpperBound(cast.getSource(), d);
  if (auto subview = memref.getDefiningOp<memref::SubViewOp>()) {
    OpFoldResult size = subview.getMixedSizes()[d];
    if (std::optional<int64_t> c = getConstantIntValue(size))
      return *c;
    return getUpperBound(cast<Value>(size));
  }
  return ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(memref, d),
      /*stopCondition=*/nullptr, /*closedUB=*/true);
}

/// Number of distinct rows of operand `operand`'s tile that the lanes of a
/// warp read at one column in one step of the matmul: the rows of A are
/// strided by the threads along M (y), the rows of a transposed B by the
/// threads along N (x); a tile whose rows are the K dimension is read one
/// row at a time.
static int64_t rowsPerWarp(const BankModel &model, MatmulOp op,
                           unsigned operand) {
  int64_t block[2] = {op.getThreadsN(), op.getThreadsM()};
  if (operand == 0)
    return op.getTransposeA() ? 1 : model.getThreadIdsPerWarp(block, 1);
  return op.getTransposeB() ? model.getThreadIdsPerWarp(block, 0) : 1;
}

/// The padding (in elements) of a shared tile of `cols` columns that makes
/// the column walk of the matmul conflict-free, or 0 when it already is. A
/// row of an odd number of words spreads consecutive rows over all banks
/// (seed 13.6: a row of 33 floats). Padding costs the 16-byte copies into
/// the tile, so it is only added where the product's loads, TM or TN times
/// more frequent than the copy's stores, would conflict.
static int64_t choosePadding(const BankModel &model, MatmulOp op,
                             unsigned operand, int64_t cols, Type elem) {
  int64_t bytes = getElementBytes(elem);
  int64_t rows = rowsPerWarp(model, op, operand);
  if (model.getColumnConflictWays(rows, cols * bytes) == 1)
    return 0;
  for (int64_t pad = 1; pad <= 64 / bytes; ++pad)
    if (model.getColumnConflictWays(rows, (cols + pad) * bytes) == 1)
      return pad;
  return 0;
}

/// The XOR swizzle width (in elements) of a shared tile of `cols` columns:
/// the widest pattern the row admits (a power of two dividing it), up to one
/// column per bank; 0 when the row admits none.
static int64_t chooseSwizzle(const BankModel &model, int64_t cols) {
  int64_t width = std::min<int64_t>(
      model.banks, int64_t(1) << llvm::countr_zero(uint64_t(cols)));
  return width <= 1 ? 0 : width;
}

/// Clones into the current insertion point the ops of `loop`'s body that
/// `value` depends on, with the induction variable replaced by `iv`, and
/// returns the clone of `value`.
static Value cloneForIteration(ImplicitLocOpBuilder &b, scf::ForOp loop,
                               Value value, Value iv) {
  Block *body = loop.getBody();
  SetVector<Operation *> slice;
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != body || slice.contains(def))
      continue;
    slice.insert(def);
    for (Value operand : def->getOperands())
      worklist.push_back(operand);
  }
  IRMapping map;
  map.map(loop.getInductionVar(), iv);
  for (Operation &op : *body)
    if (slice.contains(&op))
      b.clone(op, map);
  return map.lookupOrDefault(value);
}

namespace {
/// One operand to stage: where it is read, its shared buffer and layout.
struct StagedOperand {
  unsigned operandIndex; // 0: A, 1: B
  Value tile;            // the global tile, defined in the loop body
  int64_t rows = 0, cols = 0;
  int64_t swizzle = 0;
  int64_t pad = 0;
  int64_t unit = 1, period = 1; // see #uop.shared_layout
  /// Stored transposed, K-major (rows x cols being the stored shape): the
  /// copy writes the transpose of the global tile.
  bool transposed = false;
  Value buffer; // the uop.alloc_shared result

  /// The layout the copy writes and the matmul reads; none for a plain
  /// row-major tile.
  SharedLayoutAttr getLayout(MLIRContext *context) const {
    if (pad == 0 && swizzle == 0)
      return nullptr;
    return SharedLayoutAttr::get(context, pad, swizzle, unit, period);
  }
};
} // namespace

/// Chooses the ldmatrix layout for a shared tile of `cols` 16-bit elements
/// per row read by a tensor-core uop.matmul (see #uop.shared_layout): the
/// 16-byte chunks of a row XOR-swizzled so that the 8 rows x 16 bytes of
/// every ldmatrix phase, 8 consecutive rows at one logical chunk, fall in 8
/// distinct 16-byte groups of the 128 bytes of the banks. A row of 64
/// bytes (BK = 32 f16) shares the banks with the next row: rows r and r + 2
/// would collide, so the pattern changes every 2 rows (period 2) over the
/// 4 chunks of a row. Returns false when the row is not whole chunks.
static bool chooseLdmatrixLayout(const BankModel &model, int64_t cols,
                                 int64_t elemBytes, StagedOperand &s) {
  int64_t lineBytes = model.banks * model.bankBytes;
  int64_t rowBytes = cols * elemBytes;
  if (elemBytes != 2 || rowBytes % 16 || lineBytes % 16)
    return false;
  int64_t chunks = rowBytes / 16;
  int64_t widest = int64_t(1) << llvm::countr_zero(uint64_t(chunks));
  s.swizzle = std::min<int64_t>(lineBytes / 16, widest);
  if (s.swizzle <= 1) {
    s.swizzle = 0;
    return false;
  }
  s.unit = 16 / elemBytes;
  s.period = rowBytes < lineBytes && lineBytes % rowBytes == 0
                 ? lineBytes / rowBytes
                 : 1;
  s.pad = 0;
  return true;
}

/// Returns the view of stage `stage` of `buffer` (rows x cols of a row that
/// may be padded).
static Value stageView(ImplicitLocOpBuilder &b, const StagedOperand &s,
                       Value stage, int64_t stages) {
  auto type = cast<MemRefType>(s.buffer.getType());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  if (stages > 1) {
    offsets.push_back(stage ? OpFoldResult(stage) : b.getIndexAttr(0));
    sizes.push_back(b.getIndexAttr(1));
    strides.push_back(b.getIndexAttr(1));
  }
  for (int64_t size : {s.rows, s.cols}) {
    offsets.push_back(b.getIndexAttr(0));
    sizes.push_back(b.getIndexAttr(size));
    strides.push_back(b.getIndexAttr(1));
  }
  if (stages == 1 && type.getDimSize(1) == s.cols)
    return s.buffer;
  MemRefType viewType = memref::SubViewOp::inferRankReducedResultType(
      {s.rows, s.cols}, type, offsets, sizes, strides);
  return memref::SubViewOp::create(b, viewType, s.buffer, offsets, sizes,
                                   strides);
}

LogicalResult
mlir::uop::verifyPromoteOptions(const UopPromoteSharedOptions &options,
                                std::string &whyNot) {
  if (options.stages < 0 || options.stages > kMaxStages) {
    whyNot = "expected stages to be 0 (automatic) or between 1 and " +
             std::to_string(kMaxStages) + ", got " +
             std::to_string(options.stages);
    return failure();
  }
  // A pad beyond 2^20 elements per row is no padding but a typo; it would
  // also overflow the byte counts below.
  if (options.pad < -1 || options.pad > (int64_t(1) << 20)) {
    whyNot = "expected pad to be -1 (automatic) or between 0 and 1048576, "
             "got " +
             std::to_string(options.pad);
    return failure();
  }
  return success();
}

/// The number of iterations of `loop` when its bounds and step are
/// constants.
static std::optional<int64_t> getConstantTripCount(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lb || !ub || !step || *step <= 0)
    return std::nullopt;
  return *ub <= *lb ? 0 : llvm::divideCeil(*ub - *lb, *step);
}

LogicalResult
mlir::uop::promoteToShared(RewriterBase &rewriter, MatmulOp op,
                           const UopPromoteSharedOptions &options) {
  std::string whyNot;
  if (failed(verifyPromoteOptions(options, whyNot)))
    return op.emitOpError("uop-promote-shared: ") << whyNot;
  // The K loop the matmul is the body of; none when it runs once (a K of
  // one tile, whose loop canonicalization removed).
  auto loop = dyn_cast<scf::ForOp>(op->getParentOp());
  Operation *kernel = getEnclosingKernel(op);

  SmallVector<StagedOperand> staged;
  for (unsigned i = 0; i < 2; ++i) {
    Value tile = op->getOperand(i);
    if (isShared(tile))
      continue;
    // Dominance puts `tile` in the loop body or above the loop: both are
    // staged (cloneForIteration recomputes a body value for the next step).
    StagedOperand s;
    s.operandIndex = i;
    s.tile = tile;
    FailureOr<int64_t> rows = getUpperBound(tile, 0);
    FailureOr<int64_t> cols = getUpperBound(tile, 1);
    if (failed(rows) || failed(cols))
      return op.emitOpError("cannot bound the size of operand #")
             << i << " by a constant, so it cannot be staged in shared memory";
    s.rows = *rows;
    s.cols = *cols;
    // uop-tensorcore reads whole block tiles without bounds checks: the
    // M (of A) and N (of B) extents of a tensor-core operand's shared tile
    // are the block tile's, and its K extent whole k steps of the
    // instruction; both zero-filled past a smaller matrix (a zero in A or B
    // adds nothing to the product).
    if (op.isTensorCore()) {
      bool mRows = i == 0 ? !op.getTransposeA() : op.getTransposeB();
      int64_t block = i == 0 ? op.getBlockTileM() : op.getBlockTileN();
      int64_t &mn = mRows ? s.rows : s.cols;
      int64_t &k = mRows ? s.cols : s.rows;
      int64_t kStep = op.getInstructionShape()[2];
      mn = std::max(mn, block);
      k = llvm::alignTo(k, kStep);
    }
    // The banks of the module's target.
    BankModel bankModel = BankModel::get(getTargetOrDefault(op));
    s.pad =
        options.pad >= 0
            ? options.pad
            : choosePadding(bankModel, op, i, s.cols,
                            cast<MemRefType>(tile.getType()).getElementType());
    if (options.swizzle)
      s.swizzle = chooseSwizzle(bankModel, s.cols);
    // Tensor-core operands of 16-bit elements are read by ldmatrix, 16
    // bytes per row and lane: unless a layout was asked for, swizzle their
    // 16-byte chunks so that every ldmatrix is one pass.
    Type elem = cast<MemRefType>(tile.getType()).getElementType();
    if (op.getKind() == MatmulKind::wmma) {
      // wmma.load reads a fragment through a leading dimension: plain
      // (padded) rows only, of whole 16-byte units, each fragment at a
      // 32-byte boundary (16 rows of such a stride always are). The default
      // skew of 8 elements (16 bytes) moves consecutive rows to other banks.
      if (options.swizzle)
        return op.emitOpError("expected no swizzle for a wmma matmul (its "
                              "fragments are read with a leading dimension), "
                              "got swizzle=true");
      s.swizzle = 0;
      s.pad = options.pad >= 0 ? options.pad : 8;
      if ((s.cols + s.pad) * getElementBytes(elem) % 16)
        return op.emitOpError("expected shared rows of whole 16-byte units "
                              "for a wmma matmul (wmma.load's leading "
                              "dimension), got ")
               << s.cols << " + " << s.pad << " (pad) elements";
    } else if (op.isTensorCore() && options.pad < 0 && !options.swizzle) {
      chooseLdmatrixLayout(bankModel, s.cols, getElementBytes(elem), s);
    } else if (!op.isTensorCore() && !options.swizzle) {
      // A SIMT thread reads its register tile in groups of 4 consecutive
      // rows of A (columns of B) at one k: one 16-byte ld.shared.v4 each
      // when the tile is stored K-major. A (M x K) and a transposed B
      // (N x K) are stored transposed, K x M and K x N; the copy writes the
      // transpose (16-byte global loads along K, 4-byte stores down the
      // columns, consecutive threads in consecutive words). A K-major row
      // is read as a broadcast (A) or as consecutive 16-byte vectors (B):
      // conflict-free unpadded. Its M (N) extent is the block tile's,
      // zero-filled past a smaller matrix, so that the edge tiles are read
      // with the same unguarded vectors.
      bool kInCols = i == 0 ? !op.getTransposeA() : op.getTransposeB();
      int64_t group = getSimtGroup(i == 0 ? op.getThreadTileM()
                                          : op.getThreadTileN());
      if (group > 1) {
        int64_t block = i == 0 ? op.getBlockTileM() : op.getBlockTileN();
        int64_t &mn = kInCols ? s.rows : s.cols;
        mn = std::max(mn, block);
        if (kInCols) {
          s.transposed = true;
          std::swap(s.rows, s.cols);
        }
        s.pad = options.pad >= 0 ? options.pad : 0;
      }
    }
    staged.push_back(s);
  }
  if (staged.empty())
    return success();

  // Static shared memory stops at the target's limit (48 KiB per block);
  // tiles of which not even one stage fits there take dynamic shared
  // memory (convert-uop-to-gpu moves a kernel's buffers there once they
  // exceed the static limit), up to the chip's per-block limit: refuse
  // beyond it here, naming the tiles, rather than in a later conversion.
  TargetAttr target = getTargetOrDefault(op);
  int64_t maxStaticBytes = target.getMaxStaticShared();
  int64_t maxSharedBytes = std::max(maxStaticBytes, target.getMaxShared());
  // Every sum and product is checked: an overflowing count saturates at
  // INT64_MAX, above the limit, where a wrapped one could pass it.
  static constexpr int64_t kSaturated = std::numeric_limits<int64_t>::max();
  auto add = [](int64_t a, int64_t b) {
    return llvm::checkedAdd(a, b).value_or(kSaturated);
  };
  auto mul = [](int64_t a, int64_t b) {
    return llvm::checkedMul(a, b).value_or(kSaturated);
  };
  // Each buffer is counted up to a multiple of the largest alignment among
  // them: a bound of what laying them out aligned takes (as
  // convert-uop-to-gpu does in dynamic shared memory).
  SmallVector<AllocSharedOp> others;
  kernel->walk([&](AllocSharedOp alloc) { others.push_back(alloc); });
  int64_t alignment = op.getKind() == MatmulKind::wmma ? 32 : 16;
  for (AllocSharedOp alloc : others)
    alignment = std::max<int64_t>(
        alignment, std::max<int64_t>(
                       int64_t(alloc.getAlignment().value_or(0)),
                       getElementBytes(alloc.getType().getElementType())));
  auto aligned = [&](int64_t bytes) {
    return bytes == kSaturated
               ? kSaturated
               : add(bytes, (alignment - bytes % alignment) % alignment);
  };
  int64_t otherBytes = 0;
  for (AllocSharedOp alloc : others)
    otherBytes = add(otherBytes, aligned(getBufferBytes(alloc.getType())));
  // uop-tensorcore gives a wmma matmul a 16x16 f32 tile per warp, through
  // which its accumulator fragments enter and leave the register map.
  if (op.getKind() == MatmulKind::wmma)
    otherBytes = add(otherBytes, aligned(mul(op.getWarpsM() * op.getWarpsN(),
                                             kWmmaScratchBytes)));
  SmallVector<int64_t> tileBytes;
  for (StagedOperand &s : staged)
    tileBytes.push_back(
        mul(mul(s.rows, add(s.cols, s.pad)),
            getElementBytes(
                cast<MemRefType>(s.tile.getType()).getElementType())));
  // One buffer of n tiles per operand.
  auto bytesFor = [&](int64_t n) {
    int64_t bytes = otherBytes;
    for (int64_t tile : tileBytes)
      bytes = add(bytes, aligned(mul(n, tile)));
    return bytes;
  };

  // The number of buffers per operand. A matmul outside a loop runs once:
  // one buffer. Automatic (0): with synchronous copies two (double
  // buffering: one barrier per step; a deeper ring hides nothing, as each
  // thread's loads complete before its stores into the ring), with
  // asynchronous copies the deepest ring up to kMaxStages; never more
  // buffers than the loop has tiles, and the deepest that fits the
  // target's static shared memory, or, where one stage does not, its
  // dynamic shared memory.
  // A tensor-core matmul is always staged with cp.async (every chip of the
  // table has it, sm_80 on): its ldmatrix/mma.sync steps are short, so the
  // ring's loads must be in flight while they run.
  bool async = options.async || op.isTensorCore();
  int64_t stages;
  bool automatic = options.stages == 0;
  if (!loop) {
    stages = 1;
  } else if (!automatic) {
    stages = options.stages;
  } else {
    int64_t deepest = async ? kMaxStages : 2;
    if (std::optional<int64_t> trips = getConstantTripCount(loop))
      deepest = std::max<int64_t>(1, std::min(deepest, *trips));
    // The deepest ring within the static shared memory; where not even
    // one stage fits it, the deepest within the dynamic.
    auto deepestWithin = [&](int64_t limit) {
      int64_t n = deepest;
      while (n > 1 && bytesFor(n) > limit)
        --n;
      return n;
    };
    stages = deepestWithin(maxStaticBytes);
    if (bytesFor(stages) > maxStaticBytes)
      stages = deepestWithin(maxSharedBytes);
  }
  int64_t bytes = bytesFor(stages);
  StringRef advice = automatic || stages == 1
                         ? "; use smaller tiles"
                         : "; use smaller tiles or fewer stages";
  auto limit = [&](InFlightDiagnostic diag) -> InFlightDiagnostic {
    diag << maxSharedBytes << " bytes of ";
    if (maxSharedBytes > maxStaticBytes)
      diag << target.getChip() << "'s shared memory per block (dynamic "
           << "beyond its " << maxStaticBytes << " static bytes)";
    else
      diag << "static shared memory";
    return diag;
  };
  if (bytes == kSaturated)
    return limit(op.emitOpError("staging its tiles needs more than 2^63 "
                                "bytes of shared memory per block, above "
                                "the limit of "))
           << advice;
  if (bytes > maxSharedBytes)
    return limit(op.emitOpError("staging its tiles needs ")
                 << bytes
                 << " bytes of shared memory per block, above the limit of ")
           << advice;

  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  // The buffers: one per operand, `stages` tiles each, at the top of the
  // kernel (their scope is the block).
  Block *kernelBody = getKernelBody(kernel);
  b.setInsertionPointToStart(kernelBody);
  for (StagedOperand &s : staged) {
    Type elem = cast<MemRefType>(s.tile.getType()).getElementType();
    SmallVector<int64_t> shape;
    if (stages > 1)
      shape.push_back(stages);
    shape.push_back(s.rows);
    shape.push_back(s.cols + s.pad);
    auto type =
        MemRefType::get(shape, elem, MemRefLayoutAttrInterface(),
                        gpu::AddressSpaceAttr::get(
                            b.getContext(), gpu::AddressSpace::Workgroup));
    // 16-byte aligned: the copies store 16-byte vectors into the tiles;
    // 32 for wmma.load, whose fragments start at 256-bit boundaries.
    int64_t alignment = op.getKind() == MatmulKind::wmma ? 32 : 16;
    s.buffer = AllocSharedOp::create(b, type, b.getI64IntegerAttr(alignment));
  }

  auto copyInto = [&](ArrayRef<Value> tiles, Value stage) {
    for (auto [s, tile] : llvm::zip(staged, tiles)) {
      Value view = stageView(b, s, stage, stages);
      if (!s.transposed) {
        CopyOp::create(b, tile, view, s.getLayout(b.getContext()), async);
        continue;
      }
      // The copy writes the tile through the transposed view of the
      // K-major buffer (its rows strided by the buffer's row): a strided
      // view states no layout, and cp.async, which moves contiguous bytes,
      // cannot transpose (uop-lower-tiles copies it synchronously).
      Value t = memref::TransposeOp::create(
          b, view,
          AffineMapAttr::get(AffineMap::getPermutationMap(
              ArrayRef<unsigned>{1, 0}, b.getContext())));
      CopyOp::create(b, tile, t, SharedLayoutAttr(), async);
    }
  };
  auto rewireMatmul = [&](Value stage) {
    for (StagedOperand &s : staged) {
      Value view = stageView(b, s, stage, stages);
      op->setOperand(s.operandIndex, view);
      // A K-major tile is K x M for A (transpose_a), K x N for B (not
      // transpose_b).
      if (s.operandIndex == 0) {
        op.setALayoutAttr(s.getLayout(b.getContext()));
        if (s.transposed)
          op.setTransposeA(true);
      } else {
        op.setBLayoutAttr(s.getLayout(b.getContext()));
        if (s.transposed)
          op.setTransposeB(false);
      }
    }
  };
  SmallVector<Value> tiles;
  for (StagedOperand &s : staged)
    tiles.push_back(s.tile);
  // The tiles of the iteration whose induction variable is `iv`.
  auto tilesAt = [&](Value iv) {
    SmallVector<Value> at;
    for (Value tile : tiles)
      at.push_back(tile.getParentBlock() == loop.getBody()
                       ? cloneForIteration(b, loop, tile, iv)
                       : tile);
    return at;
  };

  if (stages == 1) {
    // copy; barrier (RAW); matmul; barrier (WAR with the next step's copy),
    // unless the matmul runs once per block, at the top level of the kernel.
    b.setInsertionPoint(op);
    copyInto(tiles, Value());
    if (async) {
      // The thread's copies complete before the barrier that publishes
      // them.
      CpAsyncCommitOp::create(b);
      CpAsyncWaitOp::create(b, /*pending=*/uint32_t(0));
    }
    BarrierOp::create(b);
    rewireMatmul(Value());
    if (op->getBlock() != getKernelBody(kernel)) {
      b.setInsertionPointAfter(op);
      BarrierOp::create(b);
    }
    return success();
  }

  // The ring of S = `stages` buffers. Prologue: tiles 0 .. S-2 into buffers
  // 0 .. S-2 (a tile past the end of the loop is not copied), then a
  // barrier; asynchronous copies instead commit one group per tile (an
  // empty one for a tile not copied) and leave the barrier to step 0.
  std::optional<int64_t> trips = getConstantTripCount(loop);
  b.setInsertionPoint(loop);
  for (int64_t j = 0; j + 1 < stages; ++j) {
    if (trips && j >= *trips) {
      if (async)
        CpAsyncCommitOp::create(b);
      continue;
    }
    Value stage = arith::ConstantIndexOp::create(b, j);
    Value ivJ = j == 0 ? loop.getLowerBound()
                       : arith::AddIOp::create(
                             b, loop.getLowerBound(),
                             arith::MulIOp::create(b, loop.getStep(), stage))
                             .getResult();
    // Tile 0 is copied even by a loop that runs zero times (its tiles are
    // then empty views, whose copy is a zero fill); a later tile only when
    // the loop reaches it.
    if (j == 0 || trips) {
      copyInto(tilesAt(ivJ), stage);
    } else {
      Value exists = arith::CmpIOp::create(b, arith::CmpIPredicate::slt, ivJ,
                                           loop.getUpperBound());
      auto guard = scf::IfOp::create(b, exists, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(guard.thenBlock());
      copyInto(tilesAt(ivJ), stage);
    }
    if (async)
      CpAsyncCommitOp::create(b);
  }
  if (!async)
    BarrierOp::create(b);

  // Step i: copy tile i+S-1 into buffer (i+S-1) mod S, multiply tile i out
  // of buffer i mod S, one barrier: after the matmul for synchronous
  // copies, before the copy for asynchronous ones, after the wait for tile
  // i (of the i+S-1 groups the thread committed so far, group i holds tile
  // i; at most S-2 pending means groups 0 .. i are complete).
  b.setInsertionPoint(op);
  if (async) {
    CpAsyncWaitOp::create(b, /*pending=*/uint32_t(stages - 2));
    BarrierOp::create(b);
  }
  Value iv = loop.getInductionVar();
  Value step = loop.getStep();
  Value iter = arith::DivUIOp::create(
      b, arith::SubIOp::create(b, iv, loop.getLowerBound()), step);
  Value ring = arith::ConstantIndexOp::create(b, stages);
  Value cur = arith::RemUIOp::create(b, iter, ring);
  Value distance = arith::ConstantIndexOp::create(b, stages - 1);
  Value nxt =
      arith::RemUIOp::create(b, arith::AddIOp::create(b, iter, distance), ring);
  Value ahead = stages == 2
                    ? step
                    : arith::MulIOp::create(b, step, distance).getResult();
  Value aheadIv = arith::AddIOp::create(b, iv, ahead);
  Value hasAhead = arith::CmpIOp::create(b, arith::CmpIPredicate::slt, aheadIv,
                                         loop.getUpperBound());
  auto prefetch = scf::IfOp::create(b, hasAhead, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(prefetch.thenBlock());
    copyInto(tilesAt(aheadIv), nxt);
  }
  // A group per step, empty past the last tile, keeps the count of the
  // wait above uniform.
  if (async)
    CpAsyncCommitOp::create(b);
  rewireMatmul(cur);
  if (!async) {
    b.setInsertionPointAfter(op);
    BarrierOp::create(b);
  }
  return success();
}

namespace {
struct UopPromoteSharedPass
    : public mlir::uop::impl::UopPromoteSharedBase<UopPromoteSharedPass> {
  using Base::Base;

  void runOnOperation() override {
    UopPromoteSharedOptions options;
    options.stages = stages;
    options.pad = pad;
    options.swizzle = swizzle;
    options.async = async;
    std::string whyNot;
    if (failed(verifyPromoteOptions(options, whyNot))) {
      mlir::emitError(getOperation()->getLoc(), "uop-promote-shared: ")
          << whyNot;
      return signalPassFailure();
    }
    SmallVector<MatmulOp> ops;
    getOperation()->walk([&](MatmulOp op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (MatmulOp op : ops)
      if (failed(promoteToShared(rewriter, op, options)))
        return signalPassFailure();
  }
};
} // namespace
