// Coverage: a run the sweep of unbound inputs does not make but a bug may
// need: a second use of every mbarrier slot a wait reads (docs/Deadlock.md,
// "A second use of every barrier slot").
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checks/model/Results.h"
#include "interp/Bindings.h"
#include "ir/Module.h"
#include "kernel/Kernel.h"

namespace tscope::checks::model {

/// The coverage runs worked out for one module, by kernel and inputs. The
/// plan is a scalar search of its own that grows the inputs until every
/// wait meets a slot twice (on a persistent kernel, most of a `check`), and
/// the deadlock, race and data-flow checks of one module each plan the same
/// runs: the first works it out, the others read it. Its keys are op
/// addresses, so whoever sets DeadlockOptions::coverage keeps one to one
/// module. Safe to share between threads.
class CoveragePlans {
public:
  using Run = std::optional<std::pair<interp::Bindings, std::string>>;
  /// The run planned under `key` (which may be none), or null when not planned yet.
  const Run *find(const std::string &key) const;
  void put(const std::string &key, Run run);

private:
  mutable std::mutex mu_;
  std::map<std::string, Run> runs_;
};

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
