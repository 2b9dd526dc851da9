//===- UopAttrs.td - uop dialect attributes ----------------*- tablegen -*-===//
//
// Attributes of the uop dialect: the target a module is compiled for, and
// the layout of a tile staged in shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPATTRS_TD
#define UOP_DIALECT_UOP_IR_UOPATTRS_TD

include "Uop/Dialect/Uop/IR/UopDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class Uop_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Uop_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// TensorCoreKind
//===----------------------------------------------------------------------===//

def Uop_TensorCoreKind : I32EnumAttr<"TensorCoreKind",
    "the newest tensor-core instruction family of a chip", [
      I32EnumAttrCase<"none", 0>,
      I32EnumAttrCase<"wmma", 1>,
      I32EnumAttrCase<"mma_sync", 2>,
      I32EnumAttrCase<"wgmma", 3>,
      I32EnumAttrCase<"tcgen05", 4>
    ]> {
  let cppNamespace = "::mlir::uop";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// MatmulKind
//===----------------------------------------------------------------------===//

def Uop_MatmulKind : I32EnumAttr<"MatmulKind",
    "the units a uop.matmul runs on", [
      I32EnumAttrCase<"simt", 0>,
      I32EnumAttrCase<"mma_sync", 1>,
      I32EnumAttrCase<"wmma", 2>
    ]> {
  let cppNamespace = "::mlir::uop";
  let genSpecializedAttr = 0;
}

def Uop_MatmulKindAttr : EnumAttr<Uop_Dialect, Uop_MatmulKind, "matmul_kind"> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

def Uop_TargetAttr : Uop_Attr<"Target", "target"> {
  let summary = "the GPU a module is compiled for, with the facts passes read";
  let description = [{
    Attached to a `builtin.module` as `uop.target` by the first stage of
    `--uop-compile` (`uop-attach-target`), and read by every pass that
    chooses by hardware: the tensor-core rewrite picks its instruction family
    from `tensor_core`, shared-memory promotion checks its buffers against
    `max_static_shared`, padding selection and the bank-conflict analysis use
    `banks` x `bank_bytes`, the simulator groups lanes into warps of
    `warp_size`, and the NVVM stage takes `chip` and `ptx`.

    The values come from one table (lib/Target/Targets.cpp); the attribute
    spells them out so that a module says everything it was compiled under
    and a test can state a hypothetical chip.

    - `chip`: the name LLVM's NVPTX backend and ptxas use (`sm_90a`).
    - `ptx`: the PTX ISA version emitted, major * 10 + minor (80 is PTX 8.0),
      the oldest that can express the chip.
    - `tensor_core`: the newest tensor-core family the chip has (`wmma`,
      `mma_sync`, `wgmma`, `tcgen05`; `none` for CUDA cores only).
    - `max_static_shared`: bytes of static `.shared` memory per block
      (48 KiB on every chip uop knows).
    - `max_shared`: bytes of shared memory per block a kernel may opt in to
      with dynamic shared memory.
    - `banks`, `bank_bytes`: the shared-memory bank model (32 banks of 4
      bytes; a bank serves one word per cycle).
    - `warp_size`: threads that execute in lockstep.
    - `max_threads`: threads per block (1024).
    - `max_block`: the largest block along x, y, z (1024, 1024, 64).
    - `max_grid`: the largest grid along x, y, z (2^31 - 1, 65535, 65535).

    Derived from these: `getMaxCluster()`, the portable thread-block
    cluster size (8 blocks from sm_90 on, none before).

    ```mlir
    module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80,
        tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448,
        banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024,
        max_block = [1024, 1024, 64],
        max_grid = [2147483647, 65535, 65535]>} {}
    ```
  }];
  let parameters = (ins
    StringRefParameter<"the chip, as NVPTX and ptxas name it">:$chip,
    "int64_t":$ptx,
    EnumParameter<Uop_TensorCoreKind>:$tensor_core,
    "int64_t":$max_static_shared,
    "int64_t":$max_shared,
    "int64_t":$banks,
    "int64_t":$bank_bytes,
    "int64_t":$warp_size,
    "int64_t":$max_threads,
    "::mlir::DenseI64ArrayAttr":$max_block,
    "::mlir::DenseI64ArrayAttr":$max_grid
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The PTX feature string of the NVPTX backend for `ptx` ("+ptx80").
    std::string getPtxFeature() const;
    /// True when the chip has the tensor-core family `kind` (each family
    /// includes the ones before it, except wgmma: see hasWgmma). For
    /// `wgmma` it says "sm_90a or newer" (TMA, mbarrier.try_wait).
    bool hasTensorCore(TensorCoreKind kind) const {
      return static_cast<uint32_t>(getTensorCore()) >=
             static_cast<uint32_t>(kind);
    }
    /// True when the chip has the wgmma instructions: sm_90a alone (sm_100a
    /// replaced them by tcgen05).
    bool hasWgmma() const { return getTensorCore() == TensorCoreKind::wgmma; }
    /// The compute capability in the chip's name times ten plus its minor
    /// ("sm_90a" -> 90, "sm_120" -> 120); 0 for a name not of the form
    /// sm_<digits>.
    int64_t getComputeCapability() const;
    /// True when the chip has the asynchronous data movement and
    /// synchronization that came with compute capability 9.0: TMA,
    /// mbarrier transaction counts and try_wait, elect.sync, stmatrix,
    /// thread-block clusters and the async-proxy fence (sm_90, sm_90a,
    /// sm_100a, sm_120; not wgmma, which is sm_90a's alone).
    bool hasSm90Async() const {
      return getComputeCapability() >= 90 ||
             hasTensorCore(TensorCoreKind::wgmma);
    }
    /// The most blocks of a thread-block cluster a kernel may launch
    /// without opting in to more: 8 on sm_90 and newer (the portable
    /// cluster size, also on sm_120), 1 before (no clusters).
    int64_t getMaxCluster() const { return hasSm90Async() ? 8 : 1; }
  }];
}

//===----------------------------------------------------------------------===//
// SharedLayoutAttr
//===----------------------------------------------------------------------===//

def Uop_SharedLayoutAttr : Uop_Attr<"SharedLayout", "shared_layout"> {
  let summary = "how a tile is laid out in shared memory: row padding and XOR swizzle";
  let description = [{
    Describes how the rows of a 2-D tile are stored in a shared buffer, so
    that the op writing the tile (`uop.copy`) and the ops reading it
    (`uop.matmul`) agree on it:

    - `pad`: elements left unused after each row. The tile's row stride is
      its row length plus `pad` (a row of 33 floats spreads a column walk
      over all 32 banks).
    - `swizzle`: when non-zero, element `[r][c]` is stored at column
      `c xor (r mod swizzle)`; a power of two dividing the row length. It
      spreads a column walk over the banks without wasting memory.
    - `unit` (default 1): the swizzle permutes chunks of `unit` elements
      (a power of two) instead of single elements, and
    - `period` (default 1): `period` consecutive rows share one pattern.
      In general element `[r][c]` is stored at column
      `c xor (((r / period) mod swizzle) * unit)`; `swizzle * unit` divides
      the row length. With 16-byte chunks (`unit = 8` for f16) the tile
      keeps 16-byte copies, and the 8 rows x 16 bytes one `ldmatrix` reads
      at a time fall in 8 different groups of 4 banks when the pattern
      spans the 128 bytes of the banks (`period = max(1, 128 / row bytes)`,
      `swizzle = min(8, chunks per row)`): every ldmatrix is one pass.

    ```mlir
    uop.copy %tile, %sB {layout = #uop.shared_layout<swizzle = 8>}
        : memref<?x?xf16, strided<[64, 1], offset: ?>>
       to memref<8x64xf16, #gpu.address_space<workgroup>>
    uop.copy %tile, %sA {layout = #uop.shared_layout<swizzle = 4, unit = 8, period = 2>}
        : memref<?x?xf16, strided<[512, 1], offset: ?>>
       to memref<128x32xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let parameters = (ins
    DefaultValuedParameter<"int64_t", "0", "elements after each row">:$pad,
    DefaultValuedParameter<"int64_t", "0", "XOR swizzle width (0: none)">:$swizzle,
    DefaultValuedParameter<"int64_t", "1", "elements per swizzled chunk">:$unit,
    DefaultValuedParameter<"int64_t", "1", "rows sharing one pattern">:$period
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // UOP_DIALECT_UOP_IR_UOPATTRS_TD
