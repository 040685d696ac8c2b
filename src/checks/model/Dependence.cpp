// Dependence: the footprints of the model's steps and the dependence relation
// between them. Each clause says which rule makes two steps fail to commute.
#include "checks/model/Dependence.h"

#include <algorithm>
#include <tuple>

namespace tscope::checks::model {

void Footprint::merge(const Footprint &o) {
  bars.insert(bars.end(), o.bars.begin(), o.bars.end());
  buffers.insert(buffers.end(), o.buffers.begin(), o.buffers.end());
  named |= o.named;
  choices |= o.choices;
  trips |= o.trips;
  global |= o.global;
  if (o.queue != ~uint64_t(0))
    queue = o.queue;
}

void Footprint::normalize() {
  auto barKey = [](const BarrierUse &u) { return std::tie(u.alloc, u.slot, u.write); };
  std::sort(bars.begin(), bars.end(), [&](const BarrierUse &x, const BarrierUse &y) { return barKey(x) < barKey(y); });
  bars.erase(std::unique(bars.begin(), bars.end(),
                         [&](const BarrierUse &x, const BarrierUse &y) { return barKey(x) == barKey(y); }),
             bars.end());
  auto bufKey = [](const BufferUse &u) { return std::tie(u.cls, u.write); };
  std::sort(buffers.begin(), buffers.end(),
            [&](const BufferUse &x, const BufferUse &y) { return bufKey(x) < bufKey(y); });
  buffers.erase(std::unique(buffers.begin(), buffers.end(),
                            [&](const BufferUse &x, const BufferUse &y) { return bufKey(x) == bufKey(y); }),
                buffers.end());
}

bool dependent(const Footprint &a, const Footprint &b) {
  // A fork or join changes which processes exist; an init also resets other
  // processes' record of the phases they waited for (Transitions.cpp).
  if (a.global || b.global)
    return true;
  // Named barriers: bar.sync releases every waiter of a generation at once,
  // and ids are values (the same id may be computed differently): any two
  // named-barrier steps of different processes may interfere.
  if (a.named && b.named)
    return true;
  // A decision on an unbound input (stepDecide / stepBranch) fixes the side
  // every later branch on it takes; a read of it must see the same side.
  if (a.choices && b.choices)
    return true;
  // A symbolic loop's choice fixes a trip count other loops of the same
  // parameter and the shift test (readsMove) read.
  if (a.trips && b.trips)
    return true;
  // tcgen05 work (and, in-order, copies) of one issuer retires in issue
  // order: completing the head enables the next (AsyncAgents.h retireAsync).
  if (a.queue != ~uint64_t(0) && a.queue == b.queue)
    return true;
  // One mbarrier slot, at least one change: arrivals move its phase and
  // pending count (PTX ISA 9.7.13.15, mbarrier phase completion), a wait passes
  // or blocks on its phase parity (test_wait/try_wait), an init resets it.
  // Two waits commute: waiting consumes nothing.
  for (const BarrierUse &x : a.bars)
    for (const BarrierUse &y : b.bars)
      if (x.alloc == y.alloc && (x.write || y.write) &&
          (x.slot == kAnySlot || y.slot == kAnySlot || x.slot == y.slot))
        return true;
  // One buffer (alias class), at least one write: a read-write or
  // write-write pair is what the race and data-flow checks look for, and
  // their access histories depend on the order. Two reads commute.
  for (const BufferUse &x : a.buffers)
    for (const BufferUse &y : b.buffers)
      if (x.cls == y.cls && (x.write || y.write))
        return true;
  return false;
}

} // namespace tscope::checks::model
