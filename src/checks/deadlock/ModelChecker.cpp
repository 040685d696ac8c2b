// ModelChecker: tscope deadlock's driver over the shared exploration of
// Explorer.h. A state in which nothing can move while some partition has not
// finished is a deadlock; the BFS parent chain is its shortest counterexample.
#include "checks/deadlock/ModelChecker.h"

#include "checks/deadlock/Explorer.h"

namespace tscope::checks {

const char *const kOverArrivalOnGpu =
    "on the H200 an arrive on a phase whose arrivals are complete faults the kernel: CUDA error 719 "
    "(cudaErrorLaunchFailure, \"unspecified launch failure\"); compute-sanitizer reports \"Unknown Error\" at "
    "the arrive (fixtures mbar_overarrive, mbar_overarrive_expect)";

std::string overArrivalMessage(const std::string &kernel, const OverArrival &o) {
  return "kernel " + kernel + " faults: " + o.actor + "'s " + o.what;
}

std::vector<KernelDeadlockResult> checkDeadlocks(const ir::Module &m, const DeadlockOptions &opts) {
  std::vector<KernelDeadlockResult> out;
  std::vector<kernel::Kernel> kernels = kernel::Kernel::build(m);
  for (const kernel::Kernel &k : kernels) {
    KernelDeadlockResult res;
    res.kernel = k.name;
    model::Checker checker(m, k, opts);
    std::vector<std::string> unbound;
    std::vector<std::pair<interp::Bindings, std::string>> runs = model::planRuns(m, k, opts, unbound);
    res.unboundArgs = unbound;
    for (auto &[b, label] : runs) {
      res.runs.push_back(checker.run(b, label));
      if (res.runs.back().verdict == "deadlock" || res.runs.back().overArrival)
        break;
    }
    bool allClean = true;
    for (size_t i = 0; i < res.runs.size(); ++i) {
      if (res.runs[i].verdict == "deadlock" && !res.evidenceRun)
        res.evidenceRun = i;
      if (res.runs[i].overArrival && !res.trapRun)
        res.trapRun = i;
      allClean &= res.runs[i].verdict == "no-deadlock";
    }
    if (res.evidenceRun) {
      res.verdict = "deadlock";
    } else if (res.trapRun) {
      res.verdict = "trap";
    } else if (allClean) {
      res.verdict = "no-deadlock";
    } else {
      res.verdict = "unknown";
      for (const DeadlockRun &r : res.runs)
        if (r.verdict == "unknown") {
          res.reason = r.reason;
          break;
        }
    }
    out.push_back(std::move(res));
  }
  return out;
}

} // namespace tscope::checks
