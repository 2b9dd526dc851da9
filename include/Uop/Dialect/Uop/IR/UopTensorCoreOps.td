//===- UopTensorCoreOps.td - uop tensor-core ops ------------*- tablegen -*-===//
//
// Tensor-core ops: the warp-level WMMA fragments (load, mma, store, fill;
// sm_70+), ldmatrix and mma.sync (sm_80), stmatrix (sm_90 and newer), the
// warpgroup wgmma (sm_90a) and tcgen05 with tensor memory (sm_100a). Each
// lowers to the nvgpu / gpu op of its instruction (convert-uop-to-nvgpu;
// stmatrix, which nvgpu lacks, to nvvm.stmatrix in convert-uop-to-nvvm);
// its fragment types live in
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
// StMatrixOp
//===----------------------------------------------------------------------===//

def Uop_StMatrixOp : Uop_Op<"stmatrix", [
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "warp-collective store of 8x8 b16 matrices to shared memory "
                "(stmatrix.sync.aligned.m8n8, sm_90 and newer)";
  let description = [{
    The inverse of `uop.ldmatrix`: the 32 lanes of a warp together store
    `num` (1, 2 or 4) matrices of 8 x 8 16-bit elements from registers to
    shared memory: `stmatrix.sync.aligned.m8n8.x{num}.shared.b16`.

    Values: `vector<num x 2 x T>`. Lane `l` holds in row `q` of its vector
    the elements of matrix `q` at row `l / 4`, columns `2 * (l % 4)` and
    `2 * (l % 4) + 1`: the layout of an mma.sync or wgmma accumulator
    fragment's pairs, so a fragment converted to 16 bits is stored whole.

    Addresses: lane `l < 8 * num` supplies, through `indices` into `dest`,
    the address of row `l % 8` of matrix `l / 8` (8 contiguous elements, 16
    bytes, which must be 16-byte aligned); the other lanes' indices are not
    read. Rows may lie anywhere in shared memory, so a tile stored with a
    128-byte swizzle takes one address per row.

    The op is warp-collective: all 32 lanes of the warp must execute it
    together (converged). It lowers to `nvvm.stmatrix` (convert-uop-to-nvvm);
    the chip must be sm_90a or newer.

    ```mlir
    uop.stmatrix %v, %sC[%box, %row, %col] {num = 4 : i32}
        : vector<4x2xf16>, memref<2x128x64xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins
    AnyVectorOfNonZeroRank:$value,
    Arg<AnyMemRef, "the shared tile written", [MemWrite<DefaultResource>]>:$dest,
    Variadic<Index>:$indices,
    I32Attr:$num);
  let assemblyFormat = [{
    $value `,` $dest `[` $indices `]` attr-dict `:` type($value) `,` type($dest)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::MemRefType getDestType() {
      return ::llvm::cast<::mlir::MemRefType>(getDest().getType());
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

//===----------------------------------------------------------------------===//
// WMMA: WmmaLoadOp, WmmaMmaOp, WmmaStoreOp, WmmaFillOp
//===----------------------------------------------------------------------===//

def Uop_WmmaLoadOp : Uop_Op<"wmma_load", [
    MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "warp-collective load of a WMMA fragment (wmma.load.sync)";
  let description = [{
    The 32 lanes of a warp together load the 16 x 16 tile whose top-left
    element is `source[indices]` into a fragment:
    `wmma.load.{a,b,c}.sync.aligned.{row,col}.m16n16k16`. The tile's rows
    (columns, for a `col` fragment) are the rows of the 2-D `source`, whose
    row stride is the instruction's leading dimension; it must be static, and
    the innermost dimension contiguous. `source` is in global or shared
    memory. Which lane receives which element is opaque (see
    `!uop.fragment`).

    Every lane must pass the same `indices` and all 32 must execute the op
    together. Lowers to `gpu.subgroup_mma_load_matrix` {leadDimension,
    transpose for `col`}.

    ```mlir
    %a = uop.wmma_load %sA[%r, %k]
        : memref<64x32xf16, #gpu.address_space<workgroup>>
          -> !uop.fragment<matrix_a, 16x16xf16, row>
    ```
  }];
  let arguments = (ins
    Arg<MemRefRankOf<[AnyType], [2]>, "the tile read",
        [MemRead<DefaultResource>]>:$source,
    Variadic<Index>:$indices);
  let results = (outs Uop_FragmentType:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Uop_WmmaMmaOp : Uop_Op<"wmma_mma", [
    NoMemoryEffect,
    AllTypesMatch<["c", "result"]>]> {
  let summary = "warp-collective m16n16k16 multiply-accumulate on fragments "
                "(wmma.mma.sync)";
  let description = [{
    `result = a * b + c` for a 16 x 16 `matrix_a`, a 16 x 16 `matrix_b` (of
    one element type, f16 or bf16) and an `accumulator` (f32, or f16 for f16
    inputs): `wmma.mma.sync.aligned.{alayout}.{blayout}.m16n16k16`, the
    layouts being those of `a` and `b`. Products are exact; the sum is
    rounded to the accumulator's type. All 32 lanes of the warp execute it
    together. Lowers to `gpu.subgroup_mma_compute`.

    ```mlir
    %d = uop.wmma_mma %a, %b, %c
        : !uop.fragment<matrix_a, 16x16xf16, row>,
          !uop.fragment<matrix_b, 16x16xf16, row>
          -> !uop.fragment<accumulator, 16x16xf32, row>
    ```
  }];
  let arguments = (ins Uop_FragmentType:$a, Uop_FragmentType:$b,
                       Uop_FragmentType:$c);
  let results = (outs Uop_FragmentType:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Uop_WmmaStoreOp : Uop_Op<"wmma_store", [
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "warp-collective store of an accumulator fragment "
                "(wmma.store.d.sync)";
  let description = [{
    The 32 lanes of a warp together store the `accumulator` fragment `value`
    into the 16 x 16 tile whose top-left element is `dest[indices]`:
    `wmma.store.d.sync.aligned.{row,col}.m16n16k16`, the layout being the
    fragment's. `dest` is a 2-D memref in global or shared memory with a
    static row stride (the leading dimension), contiguous innermost, of the
    fragment's element type. Lowers to `gpu.subgroup_mma_store_matrix`.

    ```mlir
    uop.wmma_store %d, %C[%r, %c]
        : !uop.fragment<accumulator, 16x16xf32, row>, memref<256x128xf32>
    ```
  }];
  let arguments = (ins
    Uop_FragmentType:$value,
    Arg<MemRefRankOf<[AnyType], [2]>, "the tile written",
        [MemWrite<DefaultResource>]>:$dest,
    Variadic<Index>:$indices);
  let assemblyFormat = [{
    $value `,` $dest `[` $indices `]` attr-dict `:` type($value) `,` type($dest)
  }];
  let hasVerifier = 1;
}

def Uop_WmmaFillOp : Uop_Op<"wmma_fill", [
    NoMemoryEffect,
    TypesMatchWith<"value has the fragment's element type", "result", "value",
                   "::llvm::cast<::mlir::uop::FragmentType>($_self)"
                   ".getElementType()">]> {
  let summary = "a WMMA fragment with every element equal to `value`";
  let description = [{
    Every element of the fragment is `value` (a zero accumulator, say); no
    memory is read. All 32 lanes must pass the same value. Lowers to
    `gpu.subgroup_mma_constant_matrix`.

    ```mlir
    %zero = arith.constant 0.0 : f32
    %c = uop.wmma_fill %zero : !uop.fragment<accumulator, 16x16xf32, row>
    ```
  }];
  let arguments = (ins AnyType:$value);
  let results = (outs Uop_FragmentType:$result);
  let assemblyFormat = "$value attr-dict `:` type($result)";
  let hasVerifier = 1;
}

#endif // UOP_DIALECT_UOP_IR_UOPTENSORCOREOPS_TD
