// MbarrierRules: phase completion and its effect in words (PTX ISA 9.7.13.15).
#include "checks/model/MbarrierRules.h"

namespace tscope::checks::model {

void initBarrier(Bar &b, int64_t count) {
  b = Bar{};
  b.inited = true;
  b.expected = b.pending = count;
}

ArrivalEffect applyArrivals(Bar &b, int64_t arrive, int64_t tx) {
  ArrivalEffect e;
  e.phaseBefore = b.phase;
  e.pendingBefore = b.pending;
  e.txBefore = b.tx;
  e.touchesTx = tx || b.tx;
  b.tx += tx;
  b.pending -= arrive;
  // An uninitialised barrier never completes: its arrivals only count down.
  if (b.inited && b.pending <= 0 && b.tx == 0) {
    e.overCount = b.pending < 0;
    ++b.phase;
    b.pending = b.expected;
    e.completed = true;
    b.done = b.acc;
    b.acc.clear();
  }
  e.pendingAfter = e.completed ? 0 : b.pending;
  e.txAfter = e.completed ? 0 : b.tx;
  return e;
}

std::string effectText(const ArrivalEffect &e) {
  std::string s = "(pending " + std::to_string(e.pendingBefore) + " -> " + std::to_string(e.pendingAfter);
  if (e.touchesTx)
    s += ", tx " + std::to_string(e.txBefore) + " -> " + std::to_string(e.txAfter);
  if (e.completed)
    s += ", phase " + std::to_string(e.phaseBefore) + " completes";
  return s + ")" + (e.overCount ? "; more arrivals than the init count" : "");
}

} // namespace tscope::checks::model
