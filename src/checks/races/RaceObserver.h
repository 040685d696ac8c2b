// RaceObserver: the race check's view of the model's exploration. It keeps
// each state's access history (model/HappensBefore.h), finds the first two
// conflicting accesses with no happens-before between them, and says why in
// words (docs/Races.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "checks/model/Observer.h"
#include "checks/model/Results.h"

namespace tscope::checks::races {

/// The first two conflicting accesses found with no happens-before.
struct RaceHit {
  model::Conflict conflict;
  std::string earlierActor, laterActor; // "partition0", "TMA for default", ...
  std::string slot;                     // "smem[1]"
  std::string reason;                   // in words
  std::vector<TraceStep> trace;         // the BFS path to the later access
};

/// Records every access in the state's history; the first conflict ends the
/// exploration.
class RaceObserver : public model::Observer {
public:
  /// `k`: the kernel explored; aliasing of two allocations comes from
  /// kernel::mayAlias.
  explicit RaceObserver(const kernel::Kernel &k);
  bool onAccess(const model::Explorer &x, model::State &s, const model::Access &a,
                const model::VectorClock &vc) override;
  /// The race of the last run (its trace is filled by the caller from
  /// Explorer::stopTrace()).
  std::optional<RaceHit> hit;

private:
  model::AccessHistory::AliasFn alias_;
};

} // namespace tscope::checks::races
