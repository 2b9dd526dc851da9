// The reference of test/Sim/paths.mlir: Out = 2 In, the slot holds the
// last value.
func.func @main(%In: memref<8xf32>, %Out: memref<8xf32>,
                %Slot: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %In[%i] : memref<8xf32>
    %d = arith.addf %v, %v : f32
    memref.store %d, %Out[%i] : memref<8xf32>
  }
  %last = memref.load %In[%c7] : memref<8xf32>
  memref.store %last, %Slot[%c0] : memref<1xf32>
  return
}
