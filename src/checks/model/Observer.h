// Observer: how a check watches the exploration without the explorer knowing
// which check asks. With an observer the explorer meets the buffer accesses
// between synchronizing ops and reports every access, arrival and passed
// wait; it keeps happens-before clocks (model/HappensBefore.h) when the
// observer reads them (usesClocks).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "checks/model/HappensBefore.h"
#include "checks/model/State.h"

namespace tscope::checks::model {

class Explorer;

/// Callbacks of one exploration; the state passed is the one being built.
class Observer {
public:
  virtual ~Observer() = default;
  /// Access `a` to a buffer location, made with clock `vc`. The observer may
  /// record it in `s.hist` (part of the state's identity). True ends the
  /// exploration here: Explorer::stopTrace() then holds the path to it.
  virtual bool onAccess(const Explorer &x, State &s, const Access &a, const VectorClock &vc) = 0;
  /// Process `pi` arrived on mbarrier `key` (arrive, expect, or an async
  /// completion issued by it). The observer may note it in `s.flow`.
  virtual void onArrive(const Explorer &, State & /*s*/, size_t /*pi*/, uint64_t /*key*/) {}
  /// True when onArrive may change `s.flow` rows of the writes process `pi`
  /// made (the data-flow check publishes them). The partial-order reduction
  /// then counts, in the future of an async completion, every buffer its
  /// issuer may still write; otherwise a completion touches only its barrier.
  virtual bool rowsChangeOnArrive() const { return false; }
  /// Process `pi` passed a wait on mbarrier `key` in phase `phase` (the
  /// barrier's current phase: two waits that pass with the same one were
  /// served by the same completion). The observer may note it in `s.flow`.
  virtual void onWait(const Explorer &, State & /*s*/, size_t /*pi*/, uint64_t /*key*/, int64_t /*phase*/) {}
  /// True when the observer reads the happens-before clocks (the race
  /// check). An observer that does not (the data-flow check reads phases
  /// and actors only) leaves them out of the states: states that differ only
  /// in who knows of whose work merge, so its search is smaller.
  virtual bool usesClocks() const { return true; }
  /// Every process of `s` finished. True ends the exploration here:
  /// Explorer::stopTrace() then holds the path to `s`.
  virtual bool onFinish(const Explorer &, const State & /*s*/) { return false; }
  /// The buffer allocations whose rows in State::flow differ between
  /// `before` and `after` (the partial-order reduction counts them as
  /// written by the step). False when the observer cannot tell: the step
  /// is then dependent with every other.
  virtual bool flowChanges(const State & /*before*/, const State & /*after*/,
                           std::vector<uint32_t> & /*allocs*/) const {
    return false;
  }
};

} // namespace tscope::checks::model
