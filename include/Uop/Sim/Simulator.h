//===- Simulator.h - the simulator as a library -----------------*- C++ -*-===//
//
// The simulator's API. `simulate` runs the entry function of a module that
// is already in memory on seeded inputs (docs/sim.md), optionally runs a
// reference module's entry on the same inputs and compares, and returns a
// structured report: the output buffers, the comparison, the faults and the
// memory traffic. Bad input (a missing entry, arguments the seeded inputs
// cannot fill, an unsupported operation, buffers over the memory cap) is
// reported through the module's MLIRContext diagnostics and gives a report
// with status BadInput.
//
// Around it, what a front end needs to behave like uop-sim: parsing a file
// with the source spelling of its SSA names (so that reports say `%sA`, not
// `%0`), printing diagnostics and reports in uop-sim's format, and the exit
// codes. tools/uop-sim and the Python module are thin layers over these.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_SIMULATOR_H
#define UOP_SIM_SIMULATOR_H

#include "Uop/Sim/BlockState.h"
#include "Uop/Sim/Fault.h"
#include "Uop/Sim/Memory.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::uop::sim {

/// The outcome of a run; the values are uop-sim's exit codes.
enum class SimStatus : int {
  /// Ran; when comparing, every element agreed.
  Ok = 0,
  /// Results differ from the reference.
  Mismatch = 1,
  /// A fault in the simulated program, in either module.
  Fault = 2,
  /// Bad input; the diagnostics say why.
  BadInput = 3,
};

/// Source spellings of SSA values ("%sA"), by value.
using ValueNames = llvm::DenseMap<Value, std::string>;

/// What to run and how.
struct SimOptions {
  /// The function to run (func.func with a body, memref arguments only).
  std::string entry = "main";
  /// The reference module's function; empty: `entry`.
  std::string refEntry;
  /// Argument i of both entries is filled from (seed, i), unless
  /// `inputs[i]` holds its elements.
  uint64_t seed = 0;
  /// Initial contents of the entry's arguments, by position (an argument
  /// past the end, or an empty entry, is seeded): the elements in row-major
  /// order in the storage format of SimOutput::bytes, exactly as many bytes
  /// as the memref holds. The bytes must outlive `simulate`.
  std::vector<std::optional<llvm::ArrayRef<uint8_t>>> inputs;
  /// The sizes of the entry's memref arguments, by position, for an entry
  /// of dynamic shape (`memref<?x?xf16>`): `argSizes[i]` gives argument
  /// i's sizes, one per dimension (a static one as the type has it), and
  /// its buffer is laid out densely in row-major order (a dynamic layout's
  /// strides and offset are those). Empty: every argument is of static
  /// shape. The reference's entry takes the same sizes.
  std::vector<std::vector<int64_t>> argSizes;
  /// The product A * B of the entry's one multiply-accumulate contraction
  /// (a linalg.matmul, batch_matmul or contraction generic), computed
  /// elsewhere (by cuBLAS: uop-run's check of a fused epilogue): that
  /// contraction adds these values to its output instead of computing
  /// them, and everything after it (the epilogue) runs as usual. f32, one
  /// per element of the contraction's output in its row-major order. Only
  /// the program takes it (not the reference); a program that runs no such
  /// contraction, or two, is refused. Must outlive `simulate`.
  std::optional<llvm::ArrayRef<float>> gemmProduct;
  /// Comparison tolerances for every element type; unset: by type
  /// (docs/sim.md). Must be finite and non-negative.
  std::optional<double> atol, rtol;
  /// The most bytes all buffers (and vector values) of a run may take.
  uint64_t maxMemory = kDefaultMaxMemory;
  /// The step budget of each run, in lane-operations (an operation executed
  /// for N lanes counts N; each block started counts kBlockStartSteps). A run past it ends
  /// with a step-limit fault naming where it was.
  uint64_t maxSteps = kDefaultMaxSteps;
  /// Set (by another thread) to end the run at its next operation with a
  /// step-limit fault that says it was interrupted (Python's Ctrl-C).
  const std::atomic<bool> *cancel = nullptr;
  /// 0: the paths of a block or cluster take turns only where one waits
  /// for something not yet done. N > 0: also where a wait is already
  /// satisfied, the path hands the turn on with probability 1/2, by a
  /// pseudo-random sequence seeded with N (other interleavings, as warps
  /// and blocks are scheduled on hardware; Paths.h).
  uint64_t preemptSeed = 0;
  /// Lanes per warp (at least 1); unset: the `warp_size` of the module's
  /// `uop.target` (of the default target when it has none).
  std::optional<unsigned> warpSize;
  /// Names of the values of both modules for reports (parseSimSource fills
  /// them); without them reports name values by location.
  const ValueNames *names = nullptr;
};

/// A memref argument of the entry after the run.
struct SimOutput {
  /// The argument's SSA name in the source ("%C"), or "%argN".
  std::string name;
  MemRefType type;
  ElemKind kind;
  /// The elements in row-major order, each in the storage format of the
  /// element type (IEEE bits for floats, two's complement integers, one byte
  /// per i1, 8 bytes per index).
  std::vector<uint8_t> bytes;

  int64_t getNumElements() const { return type.getNumElements(); }
  /// Element `i` as a lane word (`.f` for floats, `.i` for integers).
  Word getElement(int64_t i) const;
  /// Element `i` as a double.
  double getAsDouble(int64_t i) const;
};

/// The comparison of one memref argument with the reference's.
struct ArgumentComparison {
  std::string name;
  /// The tolerances used: an element mismatches when
  /// |x - ref| > atol + rtol * |ref|, or exactly one of them is NaN.
  double atol = 0, rtol = 0;
  /// Largest |x - ref|, and largest |x - ref| / |ref| over non-zero
  /// references; both infinite when a NaN mismatches.
  double maxAbsErr = 0, maxRelErr = 0;
  int64_t mismatches = 0, elements = 0;
  bool passed() const { return mismatches == 0; }
};

/// One mismatching element.
struct Mismatch {
  unsigned argument;
  int64_t element;
  double got, expected;
};

/// The comparison of every memref argument with the reference's.
struct Comparison {
  std::vector<ArgumentComparison> arguments;
  /// The first mismatching elements (at most kMaxListed), in argument and
  /// element order.
  std::vector<Mismatch> firstMismatches;
  static constexpr unsigned kMaxListed = 5;

  /// Totals over all arguments.
  double maxAbsErr() const;
  double maxRelErr() const;
  int64_t mismatches() const;
  int64_t elements() const;
  bool passed() const { return mismatches() == 0; }
};

/// The result of `simulate`. With status BadInput the fields hold what the
/// runs that completed produced.
struct SimReport {
  SimStatus status = SimStatus::BadInput;
  /// Whether the main run completed; the fields below are empty otherwise.
  bool ran = false;
  /// The entry's memref arguments after the run, in order.
  std::vector<SimOutput> outputs;
  /// Faults of the main run and of the reference run, in the order found.
  std::vector<Fault> faults;
  std::vector<Fault> referenceFaults;
  /// Present when a reference ran.
  std::optional<Comparison> comparison;
  /// Elements the main run's kernels moved.
  TrafficStats traffic;
  /// Lane-operations the main run executed (the --max-steps count).
  uint64_t steps = 0;

  int getExitCode() const { return int(status); }
};

/// Runs `options.entry` of `module` on seeded inputs; with a `reference`,
/// runs its `options.refEntry` on the same inputs and compares every memref
/// argument. Verifies both modules and checks, before anything runs, that
/// every operation reachable from the entries has a handler and that the
/// statically sized buffers fit in `options.maxMemory`. Diagnostics go to
/// the modules' context.
SimReport simulate(ModuleOp module, const SimOptions &options,
                   ModuleOp reference = nullptr);

/// Parses buffer `bufferId` of `sourceMgr` as one module (written or
/// implied), recording the source spelling of its SSA names in `names`.
/// Returns null after a diagnostic when it does not parse. The module is not
/// verified (`simulate` does that). Keep every source of a run in one
/// SourceMgr, the one a SimDiagnosticHandler prints from.
OwningOpRef<ModuleOp> parseSimSource(const llvm::SourceMgr &sourceMgr,
                                     unsigned bufferId, MLIRContext *context,
                                     ValueNames &names);

/// What `printReport` prints besides the faults and the comparison.
struct PrintOptions {
  /// Every memref argument after the main run (--print-outputs).
  bool outputs = false;
  /// The elements the kernels moved (--traffic).
  bool traffic = false;
  /// The lane-operations the main run executed (--print-steps).
  bool steps = false;
};

/// Prints `report` as uop-sim does: faults and mismatching elements to
/// `err`; traffic, outputs and the comparison line to `out`.
void printReport(const SimReport &report, const PrintOptions &options,
                 llvm::raw_ostream &out, llvm::raw_ostream &err);

/// While alive, prints the diagnostics of a context as uop-sim does: those
/// located in a buffer of `sourceMgr` with the source line; those about a
/// whole source (located at line 0, as an implied module is) as
/// `uop-sim: error: SOURCE: message`; those with no location as
/// `uop-sim: error: message`.
class SimDiagnosticHandler : public SourceMgrDiagnosticHandler {
public:
  SimDiagnosticHandler(llvm::SourceMgr &sourceMgr, MLIRContext *context,
                       llvm::raw_ostream &os);

private:
  /// Prints `diag` and its notes.
  void handle(Diagnostic &diag);
};

} // namespace mlir::uop::sim

#endif // UOP_SIM_SIMULATOR_H
