// ModelChecker: tscope deadlock's driver over the model's exploration
// (checks/model/Explorer.h). A state in which nothing can move while some
// partition has not finished is a deadlock; the BFS parent chain is its
// shortest counterexample.
#include "checks/deadlock/ModelChecker.h"

#include "checks/model/Schedule.h"

#include "checks/model/Explorer.h"

namespace tscope::checks {

const char *const kOverArrivalOnGpu =
    "on the H200 an arrive on a phase whose arrivals are complete faults the kernel: CUDA error 719 "
    "(cudaErrorLaunchFailure, \"unspecified launch failure\"); compute-sanitizer reports \"Unknown Error\" at "
    "the arrive (fixtures mbar_overarrive, mbar_overarrive_expect)";

std::string overArrivalMessage(const std::string &kernel, const OverArrival &o) {
  return "kernel " + kernel + " faults: " + o.actor + "'s " + o.what;
}

std::vector<KernelDeadlockResult> checkDeadlocks(const ir::Module &m, const DeadlockOptions &opts) {
  return checkDeadlocks(m, kernel::Kernel::build(m), opts);
}

KernelDeadlockResult checkKernelDeadlocks(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts) {
  KernelDeadlockResult res;
  res.kernel = k.name;
  res.entry = pointOf(k, k.func);
  model::Explorer explorer(m, k, opts);
  std::vector<std::string> unbound;
  auto runs = model::planRuns(m, k, opts, unbound);
  res.unboundArgs = unbound;
  DeadlockRun proofRun;
  if (opts.proveTrips)
    proofRun = model::proveEveryTripCount(explorer, m, k, opts, res.proof);
  if (res.proof.proved) {
    res.runs.push_back(std::move(proofRun));
    runs.clear(); // the proof covers every value the runs would try
  }
  model::addWitnessRun(m, k, opts, res.proof, runs);
  // The sweep goes on past a hang: a larger value may fault (an
  // over-arrival), which the GPU shows instead of the hang.
  model::DeadlockSweep sweep;
  model::SweepGrowth growth;
  for (auto &[b, label] : runs) {
    if (std::string why = growth.skip(b, label, sweep.nextCap() ? sweep.nextCap() : opts.maxStates); !why.empty()) {
      res.runs.push_back(runNotMade<DeadlockRun>(label, std::move(why)));
      break;
    }
    res.runs.push_back(explorer.run(b, label, sweep.nextCap()));
    growth.ran(b, label, res.runs.back().states);
    if (sweep.stopsAfter(res.runs.back()))
      break;
  }
  model::summarizeDeadlock(res);
  model::classifySchedules(m, k, opts, runs, res);
  return res;
}

std::vector<KernelDeadlockResult> checkDeadlocks(const ir::Module &m, const std::vector<kernel::Kernel> &kernels,
                                                 const DeadlockOptions &opts) {
  std::vector<KernelDeadlockResult> out;
  for (const kernel::Kernel &k : kernels)
    if (k.entry) // a device function: its caller's tt.call is what is not verified
      out.push_back(checkKernelDeadlocks(m, k, opts));
  return out;
}

} // namespace tscope::checks
