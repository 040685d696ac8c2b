// Observer: how a check watches the exploration without the explorer knowing
// which check asks. With an observer the explorer keeps happens-before clocks
// (model/HappensBefore.h), meets the buffer accesses between synchronizing
// ops, and reports every access, arrival and passed wait.
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
  /// Process `pi` passed a wait on mbarrier `key` in phase `phase` (the
  /// barrier's current phase: two waits that pass with the same one were
  /// served by the same completion). The observer may note it in `s.flow`.
  virtual void onWait(const Explorer &, State & /*s*/, size_t /*pi*/, uint64_t /*key*/, int64_t /*phase*/) {}
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
