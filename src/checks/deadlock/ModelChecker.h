// ModelChecker: proves or refutes a hang of a warp-specialized kernel by
// exploring every interleaving of its partitions under the mbarrier phase
// model (checks/model; docs/Deadlock.md states the rules and their PTX ISA
// sections).
#pragma once

#include <string>
#include <vector>

#include "checks/model/Results.h"

namespace tscope::checks {

/// "kernel K faults: partition0's expect 8192 bytes + arrive on ready[0]: ...".
std::string overArrivalMessage(const std::string &kernel, const OverArrival &o);
/// What the H200 did at such an arrive (tests/fixtures/mbar_overarrive*).
extern const char *const kOverArrivalOnGpu;

/// Checks one kernel (a device function gets an empty result).
KernelDeadlockResult checkKernelDeadlocks(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts);

/// Checks every kernel of `m`.
std::vector<KernelDeadlockResult> checkDeadlocks(const ir::Module &m, const DeadlockOptions &opts);
/// The same over kernels already built from `m` (facts built once per file).
std::vector<KernelDeadlockResult> checkDeadlocks(const ir::Module &m, const std::vector<kernel::Kernel> &kernels,
                                                 const DeadlockOptions &opts);

} // namespace tscope::checks
