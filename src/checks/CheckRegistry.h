// CheckRegistry: the explicit table of analyses `tscope check` runs, the check
// ids each can report (with a one-line description for --list-checks), and
// the adapter that turns the analysis's own results into checks::Finding.
// Adding a check is one row in analyses() plus one adapter function
// (docs/Check.md).
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "checks/Finding.h"
#include "checks/deadlock/ModelChecker.h"
#include "checks/fences/Lowering.h"
#include "checks/races/RaceChecker.h"
#include "checks/stale/StaleCheck.h"
#include "checks/tma/TmaFindings.h"
#include "ir/Module.h"

namespace tscope::checks {

/// One check id and what it reports.
struct CheckId {
  std::string id;
  std::string description;
};

/// What an analysis gets: the parsed file and the run's options.
struct CheckContext {
  const ir::Module &module;
  /// The file's kernels, built once per file: every analysis reads these facts.
  const std::vector<kernel::Kernel> &kernels;
  /// Launches to replay for the TMA check; empty when no launch record was given or found.
  const std::vector<TmaLaunch> &launches;
  /// Bounds of the deadlock model checker.
  const DeadlockOptions &deadlock;
  /// Check ids the user disabled (`--disable`).
  const std::set<std::string> &disabled;
  /// The model checker's results when both the deadlock and the race check
  /// run: the first of them to run explores once for both (races watching
  /// the deadlock search) and leaves the results here for the other.
  std::optional<std::vector<races::KernelModelResult>> *shared = nullptr;
  /// The data-flow check's results, computed once when it runs: the
  /// deadlock analysis's expected GPU line reads them (a kernel clean there
  /// needs no in-order search of its own).
  std::optional<std::vector<stale::KernelFlowResult>> *flow = nullptr;
  /// Which Triton lowers the IR, for the fence check (`--lowering`).
  fences::LoweringChoice lowering = fences::LoweringChoice::Auto;
};

/// What one analysis did on one file.
struct AnalysisOutcome {
  bool ran = true;
  std::string skipped;               ///< why it did not run (e.g. "no launch record")
  std::vector<std::string> verdicts; ///< one line per kernel ("ws_pipeline_kernel: deadlock")
  std::vector<KernelVerdict> kernels; ///< the typed verdicts behind those lines, where the analysis has them
  std::vector<Finding> findings;     ///< disabled ids already removed
};

/// The adapter of an analysis: runs it and converts its results.
using AnalysisRun = AnalysisOutcome (*)(const CheckContext &ctx);

/// One row of the registry.
struct Analysis {
  std::string_view name;        ///< "deadlock", "fences", "tma", "lint"
  std::string_view description; ///< one line
  std::vector<CheckId> (*ids)(); ///< the check ids it can report
  AnalysisRun run;
};

/// Every analysis, in the order `tscope check` runs them and lists them.
const std::vector<Analysis> &analyses();

/// Every check id of every analysis, in registry order.
std::vector<CheckId> allCheckIds();

/// True when `id` is a check id of some analysis.
bool isCheckId(const std::string &id);

// The adapters, one per analysis (CheckRegistry.cpp).
/// `tscope deadlock`: deadlock (error, with the trace), redundant-wait (note),
/// and an undecided kernel as a deadlock note.
AnalysisOutcome runDeadlockCheck(const CheckContext &ctx);
/// `tscope fences`: missing-fence, fence-at-lowering, spurious-fence.
AnalysisOutcome runFenceCheck(const CheckContext &ctx);
/// `tscope tma`: tma-out-of-bounds per launch; skipped without launches.
AnalysisOutcome runTmaCheck(const CheckContext &ctx);
/// `tscope lint`: the TLX rules.
AnalysisOutcome runLintCheck(const CheckContext &ctx);
/// `tscope races`: race (error, with the pair of accesses and the trace).
AnalysisOutcome runRaceCheck(const CheckContext &ctx);
/// The data-flow protocol: stale-read and lost-write (errors, with the trace
/// and the schedule strength).
AnalysisOutcome runDataFlowCheck(const CheckContext &ctx);
/// `tscope barriers` sections 6-7: tmem-packed-order (error), tmem-redundant-init (warning).
AnalysisOutcome runTmemCheck(const CheckContext &ctx);

} // namespace tscope::checks
