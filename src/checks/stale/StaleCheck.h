// StaleCheck: the data-flow protocol check (`stale-read`, `lost-write`) of
// every kernel, over the model's interleavings (checks/model) watched by a
// FlowObserver, each finding classified by the weakest schedule that
// reaches it (model/Schedule.h); and the expected GPU outcome it refines:
// in-order schedules that finish but read stale data give wrong results.
// docs/StaleRead.md.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "checks/model/Results.h"
#include "checks/stale/FlowObserver.h"

namespace tscope::ir {
class Module;
}

namespace tscope::checks::stale {

/// One stale read or lost write, with where it is and its evidence.
struct FlowFinding {
  FlowHit hit;
  std::optional<SourcePoint> accessAt, writeAt, waitAt;
  std::string bindings; // the run that found it
  /// in-order when the in-order search reaches it too, reordered when that
  /// search was complete without it.
  Strength strength = Strength::Unclassified;
};

/// One exploration under one set of bindings.
struct FlowRun {
  std::string bindings;
  std::string verdict; // "stale-read", "lost-write", "clean", "unknown"
  std::string reason;  // for unknown
  RunStop stop;
  size_t states = 0;
};

/// One kernel's result.
struct KernelFlowResult {
  std::string kernel;
  std::string verdict; // "findings", "clean", "unknown"
  std::string reason;
  bool rings = false; // the kernel has a ring buffer (else nothing was explored)
  std::vector<FlowRun> runs;
  std::vector<std::string> unboundArgs;
  std::optional<FlowFinding> stale, lost;
  std::optional<SourcePoint> entry;
};

/// The data-flow check of every kernel of `kernels` (built from `m`), with
/// the deadlock check's bounds.
std::vector<KernelFlowResult> checkDataFlow(const ir::Module &m, const std::vector<kernel::Kernel> &kernels,
                                            const DeadlockOptions &opts);

/// The first stale read or lost write of `k` in the in-order schedules of
/// its planned runs (a bounded search, model::inOrderOptions), as the words
/// of the expected GPU outcome ("a stale read of smem[1] (IR 120) in the
/// run N=4"); empty when none is reached (each run is capped at
/// `maxStates`: a cut search finds nothing).
std::string inOrderWrongResults(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts,
                                size_t maxStates);

/// The state budget of each run of the in-order data-flow search that
/// refines `d`'s expected GPU line: four times the states its deadlock
/// search explored (runs and proof), at least 10,000 and at most 100,000.
size_t expectedLineBudget(const KernelDeadlockResult &d);

/// Sets `d.inOrderWrong` from the in-order data-flow search of its kernel
/// and recomputes `d.expectedGpu` (model::expectedGpuLine). With `flow`,
/// the full data-flow check of the same kernels under the same options: a
/// kernel it found clean is not searched again, since the in-order
/// schedules are some of the schedules that check explored completely.
void refineExpectedGpu(const ir::Module &m, const std::vector<kernel::Kernel> &kernels, const DeadlockOptions &opts,
                       std::vector<KernelDeadlockResult> &results,
                       const std::vector<KernelFlowResult> *flow = nullptr);

} // namespace tscope::checks::stale
