//===- UopDialect.td - uop dialect definition --------------*- tablegen -*-===//
//
// The uop dialect: the operations a GPU matrix kernel needs beyond what the
// upstream gpu / scf / memref dialects already say. The ops come in families,
// one file each (UopTileOps.td, UopTensorCoreOps.td, UopSyncOps.td), with
// their attributes in UopAttrs.td and their types in UopTypes.td.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPDIALECT_TD
#define UOP_DIALECT_UOP_IR_UOPDIALECT_TD

include "mlir/IR/OpBase.td"

def Uop_Dialect : Dialect {
  let name = "uop";
  let cppNamespace = "::mlir::uop";
  let summary = "Block-level building blocks of GPU matrix kernels";
  let description = [{
    The `uop` dialect holds the operations of a GPU matrix-multiply kernel that
    upstream dialects cannot express with the meaning uop needs: block-wide
    shared-memory buffers whose lifetime is the thread block wherever they are
    written, block-wide barriers that are checked to be reached by every thread,
    and (in later layers) tensor-core operations.

    A kernel is written with upstream forms: a `func.func` on memrefs holds a
    `gpu.launch` whose body is the code of one thread; `uop` ops appear inside
    that body.

    The GPU a module is compiled for is a fact of the IR: the module carries a
    `uop.target` attribute (`#uop.target<...>`, see UopAttrs.td) that every
    pass choosing by hardware reads.
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::nvgpu::NVGPUDialect"
  ];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the module attribute that holds the `#uop.target`.
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("uop.target");
    }

  private:
    /// Registers the attributes of UopAttrs.td (in UopAttrs.cpp, next to
    /// their storage classes).
    void registerAttributes();
    /// Registers the types of UopTypes.td (in UopTypes.cpp).
    void registerTypes();

  public:
  }];
}

class Uop_Op<string mnemonic, list<Trait> traits = []>
    : Op<Uop_Dialect, mnemonic, traits>;

#endif // UOP_DIALECT_UOP_IR_UOPDIALECT_TD
