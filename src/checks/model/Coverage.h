// Coverage: a run the sweep of unbound inputs does not make but a bug may
// need: a second use of every mbarrier slot a wait reads (docs/Deadlock.md,
// "A second use of every barrier slot").
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "checks/model/Results.h"
#include "interp/Bindings.h"
#include "ir/Module.h"
#include "kernel/Kernel.h"

namespace tscope::checks::model {

/// Appends to `runs` (the sweep planned by planRuns over `unbound`) one run
/// whose inputs make a wait use a barrier slot `opts.coverageUses` times
/// when no planned run does: a persistent loop with a constant stride (`NUM_SMS`)
/// gives each program one tile at every swept value, so a phase that goes
/// wrong on the second lap of a ring was never reached. Inputs grow by
/// doubling past the sweep's largest value until every such wait is covered
/// (or the scalar runs pass their event cap), then each input is lowered
/// back to the smallest swept value that keeps the waits covered.
void addCoverageRun(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts,
                    const std::vector<std::string> &unbound, const std::vector<std::string> &descFields,
                    std::vector<std::pair<interp::Bindings, std::string>> &runs);

/// True for the label of the run addCoverageRun adds (its inputs are not a
/// point of the sweep, whose growth SweepGrowth projects).
bool isCoverageRun(const std::string &label);

} // namespace tscope::checks::model
