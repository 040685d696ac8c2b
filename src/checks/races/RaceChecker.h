// RaceChecker: finds two conflicting buffer-slot accesses (at least one a
// write) from different partitions or async agents with no happens-before
// between them, over every interleaving of the model (checks/model), which it
// watches as an observer.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "checks/model/Results.h"

namespace tscope::checks::races {

/// One side of a race.
struct RaceAccess {
  std::string actor; // "partition0", "TMA for partition0", "tcgen05 for default"
  std::string what;  // "write (ttng.async_tma_copy_global_to_local)"
  bool write = false;
  const ir::Operation *op = nullptr;
  SourcePoint where;
};

/// Two conflicting accesses with no happens-before, and the trace to them.
struct Race {
  RaceAccess earlier, later;
  std::string slot;   // "smem[1]"
  std::string reason; // in words
  std::vector<TraceStep> trace;
  /// The weakest schedule that reaches a race (model/Schedule.h): in-order
  /// when the race is found again with each issuer's copies completing in
  /// issue order, reordered when that search was complete without one.
  Strength strength = Strength::Unclassified;
};

/// One exploration under one set of bindings.
struct RaceRun {
  std::string bindings;
  std::string verdict; // "race", "no-race", "unknown"
  std::string reason;  // for unknown
  RunStop stop;        // for unknown: what kind of gap, and where
  size_t states = 0;
  size_t stuckStates = 0; // states where nothing can move (see tscope deadlock)
  bool overArrival = false; // an interleaving over-arrives on an mbarrier (see tscope deadlock)
};

/// The verdict of one kernel.
struct KernelRaceResult {
  std::string kernel;
  std::string verdict; // "race", "no-race", "unknown"
  std::string reason;
  std::vector<RaceRun> runs;
  std::vector<std::string> unboundArgs;
  std::optional<Race> race;         // the evidence, with the run that found it
  std::optional<size_t> evidenceRun;
  std::vector<std::pair<std::string, SourcePoint>> redundantWaits; // notes
  std::optional<SourcePoint> entry; // the kernel's function op
  std::vector<ProvenFix> fixes;     // of the race, best first (checks/fix)
  FixSearchSummary fixSearch;
  /// The proof for every trip count (docs/Races.md, "Every trip count"),
  /// when attempted; when proved, its exploration is the only run.
  TripProofResult proof;
};

/// Checks one kernel for buffer races.
KernelRaceResult checkKernelRaces(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts);

/// Checks every kernel of `m` for buffer races (same bounds as checkDeadlocks).
std::vector<KernelRaceResult> checkRaces(const ir::Module &m, const DeadlockOptions &opts);
/// The same over kernels already built from `m`.
std::vector<KernelRaceResult> checkRaces(const ir::Module &m, const std::vector<kernel::Kernel> &kernels,
                                         const DeadlockOptions &opts);

/// Both searches of one kernel.
struct KernelModelResult {
  KernelDeadlockResult deadlock;
  KernelRaceResult races;
};

/// The deadlock and race checks of every kernel of `m` over one exploration
/// per run: the race search visits every reachable state and keeps the first
/// hang it meets. Verdicts are those of checkDeadlocks and checkRaces; a
/// deadlock run's state count is the race search's (its states carry
/// clocks), and after a hang it may also name an over-arrival that the plain
/// search's budget after a hang would not reach. Where the shared search cannot decide the deadlock
/// run (a race ended it first, or it gave up) that run is explored again
/// without clocks.
std::vector<KernelModelResult> checkDeadlocksAndRaces(const ir::Module &m, const DeadlockOptions &opts);
/// The same over kernels already built from `m`.
std::vector<KernelModelResult> checkDeadlocksAndRaces(const ir::Module &m, const std::vector<kernel::Kernel> &kernels,
                                                      const DeadlockOptions &opts);

} // namespace tscope::checks::races
