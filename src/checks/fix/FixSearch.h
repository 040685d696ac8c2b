// FixSearch: root cause of a hang, an over-arrival or a race as a small
// single edit of the kernel's synchronization that the model proves removes
// every finding. Candidates (flip a wait's parity, change an init count, an
// expect's bytes, a warp_group_dot_wait's pendings, drop an arrive or a
// predicate, add an arrive after the last use of a slot, move an arrive
// before the wait ahead of it) are applied as an overlay the model interprets
// (model/Edits.h) and checked against every goal: the deadlock check's proof
// or bounded runs, the race check, and whatever check registers one
// (FixGoal). Bounded by a candidate count, a state cap per run and a time
// budget; docs/Fix.md states the rules.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "checks/model/Edits.h"
#include "checks/model/Results.h"
#include "checks/races/RaceChecker.h"
#include "kernel/Kernel.h"

namespace tscope::checks::fix {

/// Candidates checked at most per kernel.
constexpr size_t kMaxCandidates = 48;
/// States each run of a candidate may explore.
constexpr size_t kCandidateStates = 200'000;
/// Wall time the whole search of one kernel may take.
constexpr int kSearchSeconds = 20;
/// Fixes reported at most per finding.
constexpr size_t kMaxFixes = 3;

/// One candidate edit: what the overlay changes, in the user's words.
struct SyncEdit {
  enum class Kind : uint8_t {
    FlipParity,
    InitCount,
    ExpectBytes,
    DropArrive,
    AddArrive,
    MoveArrive,
    Pendings,
    DropPredicate,
  };
  Kind kind = Kind::FlipParity;
  /// The ops it changes (every op of one Python line: an unrolled
  /// static_range gives several).
  std::vector<const ir::Operation *> ops;
  model::EditOverlay overlay;
  std::string words;   ///< "flip the parity of the wait on empty (phase -> phase ^ 1)"
  SourcePoint where;   ///< the op to change (the primary location)
  std::optional<SourcePoint> other; ///< a second place it names (the wait an arrive moves before)
  int rank = 0;        ///< lower first (more likely the intended fix)
};

/// One goal's verdict on a candidate: holds, and what it was proved for.
struct GoalResult {
  bool holds = false;
  std::string what;  ///< "no hang, no over-arrival"
  std::string scope; ///< "every interleaving, every trip count of the loops at ..."
};

/// A check a fix must leave clean. The deadlock and race goals are built in
/// (defaultGoals); another model check (stale reads) adds its own.
struct FixGoal {
  std::string name;
  std::function<GoalResult(const ir::Module &, const kernel::Kernel &, const DeadlockOptions &)> check;
};

/// The deadlock check (no hang, no over-arrival) and the race check.
std::vector<FixGoal> defaultGoals();

/// What the search is for: the finding's kind and the bindings of the run
/// that showed it (a candidate that still fails there is dropped first).
struct FixSymptom {
  std::string check;           ///< "deadlock", "mbarrier-overarrive", "race"
  std::string evidenceBindings; ///< the label of the evidence run
};

/// The candidate edits of `k`, best first (rank, then worker partitions
/// before the default one, then IR order); searchFixes checks at most
/// kMaxCandidates of them.
std::vector<SyncEdit> candidateEdits(const ir::Module &m, const kernel::Kernel &k);

/// Searches the candidates; `out` gets the proven fixes and the search's
/// words (ProvenFix, FixSearchSummary in model/Results.h).
void searchFixes(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts, const FixSymptom &symptom,
                 const std::vector<FixGoal> &goals, std::vector<ProvenFix> &fixes, FixSearchSummary &summary);

/// Each result with a hang or an over-arrival gets the proven fixes of it
/// (when opts.searchFixes), searched with defaultGoals().
void addFixes(const ir::Module &m, const std::vector<kernel::Kernel> &kernels, const DeadlockOptions &opts,
              std::vector<KernelDeadlockResult> &results);
/// Each result with a race gets the proven fixes of it.
void addFixes(const ir::Module &m, const std::vector<kernel::Kernel> &kernels, const DeadlockOptions &opts,
              std::vector<races::KernelRaceResult> &results);
/// Both, over the shared exploration's results: a kernel with a hang or an
/// over-arrival and a race searches once (every fix satisfies both goals).
void addFixes(const ir::Module &m, const std::vector<kernel::Kernel> &kernels, const DeadlockOptions &opts,
              std::vector<races::KernelModelResult> &results);

} // namespace tscope::checks::fix
