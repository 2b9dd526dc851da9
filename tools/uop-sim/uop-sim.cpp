//===- uop-sim.cpp - run MLIR kernels on the CPU --------------------------===//
//
// Command line of the simulator; everything else lives in lib/Sim.
//
//   uop-sim FILE [--entry NAME] [--seed N] [--compare-with REF.mlir
//                [--ref-entry NAME]] [--atol X] [--rtol Y] [--print-outputs] [--traffic]
//                [--max-memory BYTES]
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/Simulator.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

int main(int argc, char **argv) {
  cl::OptionCategory cat("uop-sim options");
  cl::opt<std::string> input(cl::Positional, cl::desc("<input file>"),
                             cl::init("-"), cl::cat(cat));
  cl::opt<std::string> entry("entry", cl::desc("entry function"),
                             cl::init("main"), cl::cat(cat));
  cl::opt<uint64_t> seed("seed", cl::desc("input seed"), cl::init(0),
                         cl::cat(cat));
  cl::opt<std::string> compareWith(
      "compare-with", cl::desc("reference file run on the same inputs"),
      cl::init(""), cl::cat(cat));
  cl::opt<std::string> refEntry(
      "ref-entry", cl::desc("entry of the reference (default: --entry)"),
      cl::init(""), cl::cat(cat));
  cl::opt<double> atol("atol",
                       cl::desc("absolute tolerance (default: by type)"),
                       cl::init(-1.0), cl::cat(cat));
  cl::opt<double> rtol("rtol",
                       cl::desc("relative tolerance (default: by type)"),
                       cl::init(-1.0), cl::cat(cat));
  cl::opt<bool> printOutputs("print-outputs",
                             cl::desc("print every memref argument after "
                                      "the run"),
                             cl::init(false), cl::cat(cat));
  cl::opt<bool> traffic(
      "traffic",
      cl::desc("print the elements the kernels loaded and stored from global "
               "and shared memory"),
      cl::init(false));
  cl::opt<uint64_t> maxMemory("max-memory",
                              cl::desc("refuse programs whose buffers need "
                                       "more bytes than this"),
                              cl::init(uint64_t(4) << 30), cl::cat(cat));
  cl::HideUnrelatedOptions(cat);
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "uop-sim: run MLIR kernels on the CPU\n",
                                   &errs()))
    return mlir::uop::sim::ExitBadInput;

  mlir::uop::sim::SimOptions opts;
  opts.input = input;
  opts.entry = entry;
  opts.seed = seed;
  opts.compareWith = compareWith;
  opts.refEntry = refEntry;
  if (atol >= 0)
    opts.atol = atol;
  if (rtol >= 0)
    opts.rtol = rtol;
  opts.printOutputs = printOutputs;
  opts.traffic = traffic;
  opts.maxMemory = maxMemory;
  int rc = mlir::uop::sim::runSimulator(opts, outs(), errs());
  outs().flush();
  return rc;
}
