//===- Runtime.cpp - the GPU runtime from Python --------------------------===//
//
// uop.run's native half: the CUDA driver and the launch executor of
// lib/Runtime (the library uop-run uses), loaded at run time, so that the
// module imports and reports "no GPU" plainly where there is no driver.
// lib/Runtime lives in namespace ::uop, which `using namespace mlir` would
// make ambiguous with mlir::uop: it has this file to itself.
//
//===----------------------------------------------------------------------===//

#include "Builder.h"

#include "Uop/Runtime/Cuda.h"

#include <string>

namespace py = pybind11;

void mlir::uop::python::bindRuntime(py::module_ &m) {
  m.def(
      "gpu_unavailable_reason",
      [] {
        ::uop::runtime::CudaDriver driver;
        std::string reason;
        return driver.open(reason) ? std::string() : reason;
      },
      "Why no GPU can be used (no driver, no device), or '' when one can.");
}
