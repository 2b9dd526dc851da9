//===- Simulator.h - uop-sim driver entry point -----------------*- C++ -*-===//
//
// The uop-sim driver: parses a file, fills the entry function's memref
// arguments with seeded inputs, runs it, optionally runs a reference file on
// the same inputs and compares, and maps the outcome to the exit codes of
// docs/sim.md (0 ok, 1 mismatch, 2 fault, 3 bad input).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_SIMULATOR_H
#define UOP_SIM_SIMULATOR_H

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::uop::sim {

/// Exit codes of uop-sim.
enum ExitCode : int {
  ExitOk = 0,
  ExitMismatch = 1,
  ExitFault = 2,
  ExitBadInput = 3,
};

/// Command-line options of uop-sim.
struct SimOptions {
  std::string input = "-";
  std::string entry = "main";
  uint64_t seed = 0;
  std::string compareWith;
  /// Entry of the reference file; defaults to `entry`.
  std::string refEntry;
  std::optional<double> atol, rtol;
  bool printOutputs = false;
  /// Print the elements kernels loaded and stored, by memory space.
  bool traffic = false;
  uint64_t maxMemory = uint64_t(4) << 30;
};

/// Runs the simulator; returns the process exit code. Results go to `out`,
/// diagnostics and fault reports to `err`.
int runSimulator(const SimOptions &options, llvm::raw_ostream &out,
                 llvm::raw_ostream &err);

} // namespace mlir::uop::sim

#endif // UOP_SIM_SIMULATOR_H
