//===- UopTensorCoreOps.td - uop tensor-core ops ------------*- tablegen -*-===//
//
// Tensor-core ops: the warp-level WMMA fragments (load, mma, store, fill;
// sm_70+), ldmatrix and mma.sync (sm_80), the warpgroup wgmma (sm_90a) and
// tcgen05 with tensor memory (sm_100a). Each lowers to the nvgpu / gpu op
// of its instruction (convert-uop-to-nvgpu); its fragment types live in
// UopTypes.td, its verifiers in lib/Dialect/Uop/IR/TensorCoreOps.cpp and its
// per-lane semantics in lib/Sim/Uop/.
//
// The register operands of ldmatrix and mma.sync have exactly the types of
// upstream nvgpu.ldmatrix / nvgpu.mma.sync, so that the conversion is one to
// one and the simulator gives both one semantics.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPTENSORCOREOPS_TD
#define UOP_DIALECT_UOP_IR_UOPTENSORCOREOPS_TD

include "Uop/Dialect/Uop/IR/UopAttrs.td"
include "Uop/Dialect/Uop/IR/UopDialect.td"
include "Uop/Dialect/Uop/IR/UopTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"

//===----------------------------------------------------------------------===//
// LdMatrixOp
//===----------------------------------------------------------------------===//

def Uop_LdMatrixOp : Uop_Op<"ldmatrix", [
    MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "warp-collective load of 8x8 b16 matrices from shared memory "
                "(ldmatrix.sync.aligned.m8n8)";
  let description = [{
    The 32 lanes of a warp together load `num` (1, 2 or 4) matrices of 8 x 8
    16-bit elements from shared memory into registers, distributed the way
    `mma.sync` expects its fragments:
    `ldmatrix.sync.aligned.m8n8.x{num}[.trans].shared.b16`.

    Addresses: lane `l` supplies, through `indices` into `source`, the address
    of row `l % 8` of matrix `l / 8` (8 contiguous elements, 16 bytes, which
    must be 16-byte aligned). Lanes `l >= 8 * num` supply nothing the
    hardware reads. Rows may lie anywhere in shared memory, which is what
    lets an XOR-swizzled tile be read without bank conflicts.

    Result: `vector<num x 2 x T>`. Lane `l` receives in row `q` of its
    vector, from matrix `q`, the elements at row `l / 4`, columns
    `2 * (l % 4)` and `2 * (l % 4) + 1`. With `transpose` (`.trans`) each
    matrix is transposed on the way: lane `l` receives elements
    (`2 * (l % 4)`, `l / 4`) and (`2 * (l % 4) + 1`, `l / 4`) of the matrix
    as stored.

    The op is warp-collective: all 32 lanes of the warp must execute it
    together (converged), or the result is undefined. It lowers to
    `nvgpu.ldmatrix` {numTiles = num, transpose}.

    ```mlir
    %a = uop.ldmatrix %sA[%row, %col] {num = 4 : i32}
        : memref<128x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %b = uop.ldmatrix %sB[%k, %n] {num = 2 : i32, transpose}
        : memref<32x128xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    ```
  }];
  let arguments = (ins
    Arg<AnyMemRef, "the shared tile read", [MemRead<DefaultResource>]>:$source,
    Variadic<Index>:$indices,
    I32Attr:$num,
    UnitAttr:$transpose);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::MemRefType getSourceType() {
      return ::llvm::cast<::mlir::MemRefType>(getSource().getType());
    }
  }];
}

//===----------------------------------------------------------------------===//
// MmaSyncOp
//===----------------------------------------------------------------------===//

def Uop_MmaSyncOp : Uop_Op<"mma_sync", [
    NoMemoryEffect,
    AllTypesMatch<["c", "result"]>]> {
  let summary = "warp-collective m16n8 matrix multiply-accumulate "
                "(mma.sync.aligned)";
  let description = [{
    The 32 lanes of a warp together compute `D = A * B + C` for a 16 x K
    matrix A, a K x 8 matrix B and 16 x 8 matrices C and D, each spread over
    the lanes' registers:
    `mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32`, or
    with `shape = [16, 8, 8]` and f32 operands
    `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32` (the f32 inputs are
    rounded to tf32, 10 mantissa bits, by the hardware). Products of f16 /
    bf16 inputs are exact; the sum is accumulated in f32.

    Fragments of lane `l` (`g = l / 4`, `t = l % 4`; PTX ISA figures of
    `mma.m16n8k16`), for f16 / bf16:

    - `a : vector<4x2xT>`: row 0 = A(g, 2t..2t+1), row 1 = A(g+8, 2t..2t+1),
      row 2 = A(g, 2t+8..2t+9), row 3 = A(g+8, 2t+8..2t+9);
    - `b : vector<2x2xT>`: row 0 = B(2t..2t+1, g), row 1 = B(2t+8..2t+9, g);
    - `c`, result `: vector<2x2xf32>`: row 0 = C(g, 2t..2t+1),
      row 1 = C(g+8, 2t..2t+1).

    For tf32 (m16n8k8): `a : vector<4x1xf32>` holds A(g, t), A(g+8, t),
    A(g, t+4), A(g+8, t+4); `b : vector<2x1xf32>` holds B(t, g), B(t+4, g);
    `c` as above.

    These are the types of upstream `nvgpu.mma.sync`, to which the op lowers.
    The op is warp-collective: all 32 lanes must execute it together.

    ```mlir
    %d = uop.mma_sync %a, %b, %c {shape = array<i64: 16, 8, 16>}
        : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    ```
  }];
  let arguments = (ins
    AnyVectorOfNonZeroRank:$a,
    AnyVectorOfNonZeroRank:$b,
    AnyVectorOfNonZeroRank:$c,
    ConfinedAttr<DenseI64ArrayAttr, [DenseArrayCount<3>]>:$shape);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict
    `:` `(` type($a) `,` type($b) `,` type($c) `)` `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// True for the m16n8k8 form on f32 operands rounded to tf32.
    bool isTf32() {
      return ::llvm::cast<::mlir::VectorType>(getA().getType())
          .getElementType().isF32();
    }
  }];
}

#endif // UOP_DIALECT_UOP_IR_UOPTENSORCOREOPS_TD
