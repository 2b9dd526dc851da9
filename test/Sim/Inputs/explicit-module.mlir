// A file holding one written module, without the entry uop-sim looks for.
module {
  func.func @f(%a: memref<4xf32>) {
    return
  }
}
