// Entries with assorted signatures, for the set-up checks of
// test/Sim/setup-errors.test.
func.func @f4(%a: memref<4xf32>) {
  return
}

func.func @f8(%a: memref<8xf32>) {
  return
}

func.func @i4(%a: memref<4xi4>) {
  return
}

func.func private @declared(memref<4xf32>)
