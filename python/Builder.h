//===- Builder.h - the uop Python module's shared pieces --------*- C++ -*-===//
//
// What the translation units of the uop Python module share: the exception
// that becomes uop.Error, and the bindings each file adds: uop.KernelBuilder's
// native half (Builder.cpp) and the GPU runtime (Runtime.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_PYTHON_BUILDER_H
#define UOP_PYTHON_BUILDER_H

#include <pybind11/pybind11.h>

#include <stdexcept>

namespace mlir::uop::python {
/// Raised (as uop.Error) with the diagnostics of a failed step.
struct UopError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Adds IRValue, IRBuilder and matmul_problem to the module.
void bindBuilder(pybind11::module_ &m);

/// Adds the GPU runtime's entries (Runtime.cpp) to the module.
void bindRuntime(pybind11::module_ &m);
} // namespace mlir::uop::python

#endif // UOP_PYTHON_BUILDER_H
