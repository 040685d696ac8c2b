// ClockCanon: renaming each happens-before counter's values to their dense
// rank (docs/Races.md, "Clocks are canonical", states why it is exact).
#include "checks/model/ClockCanon.h"

#include <algorithm>

namespace tscope::checks::model {

namespace {

/// Counters per process: its own, its barrier/copy agents', three group agents'.
constexpr uint32_t kCountersPerProc = 5;

/// The counter of the value Proc::joinedTicks keeps at `index`.
uint32_t joinedCounter(size_t index) {
  size_t slot = index / kJoinedPerSlot, k = index % kJoinedPerSlot;
  return counterOf(actorOf(slot, k == 0 ? kBarrierAgent : static_cast<Agent>(kWgmmaAgent + k - 1)));
}

/// Replaces every counter value v that `s` holds (0s included) by
/// f(counter, v): every clock entry, access epoch and counter.
template <class F> void eachValue(State &s, F f) {
  auto clock = [&](VectorClock &vc) { vc.renumber([&](uint32_t a, uint32_t v) { return f(counterOf(a), v); }); };
  for (size_t i = 0; i < s.procs.size(); ++i) {
    Proc &p = s.procs[i];
    clock(p.vc);
    p.asyncTick = f(counterOf(actorOf(i, kBarrierAgent)), p.asyncTick);
    for (size_t g = 0; g < kGroupAgents; ++g) {
      uint32_t c = counterOf(actorOf(i, static_cast<Agent>(kWgmmaAgent + g)));
      p.groups[g].tick = f(c, p.groups[g].tick);
      for (uint32_t &e : p.groups[g].pending)
        e = f(c, e);
    }
    for (size_t j = 0; j < p.joinedTicks.size(); ++j)
      p.joinedTicks[j] = f(joinedCounter(j), p.joinedTicks[j]);
  }
  for (auto &[key, b] : s.bars) {
    clock(b.acc);
    clock(b.done);
  }
  for (auto &[id, n] : s.named) {
    clock(n.acc);
    clock(n.released);
  }
  for (Async &a : s.async)
    clock(a.vc);
  s.hist.renumber([&](uint32_t a, uint32_t e) { return f(counterOf(a), e); });
}

uint64_t entry(uint32_t counter, uint32_t v) { return static_cast<uint64_t>(counter) << 32 | v; }

} // namespace

uint32_t counterOf(size_t actor) {
  size_t p = actor / kActorsPerProc, r = actor % kActorsPerProc;
  size_t c = r == kSelf ? 0 : r == kBarrierAgent || r >= kCpAsyncAgent + 1 ? 1 : r;
  return static_cast<uint32_t>(kCountersPerProc * p + c);
}

bool canonicalizeClocks(State &s) {
  // Every (counter, value) present, sorted: a value's rank is its place
  // among its counter's values.
  thread_local std::vector<uint64_t> vals; // reused: this runs for every new state
  vals.clear();
  eachValue(s, [&](uint32_t c, uint32_t v) {
    if (v)
      vals.push_back(entry(c, v));
    return v;
  });
  if (vals.empty())
    return false;
  std::sort(vals.begin(), vals.end());
  vals.erase(std::unique(vals.begin(), vals.end()), vals.end());
  bool dense = true;
  for (size_t i = 0, first = 0; i < vals.size() && dense; ++i) {
    if (i && vals[i] >> 32 != vals[i - 1] >> 32)
      first = i;
    dense = static_cast<uint32_t>(vals[i]) == i - first + 1;
  }
  if (dense)
    return false;
  eachValue(s, [&](uint32_t c, uint32_t v) -> uint32_t {
    if (!v)
      return 0;
    auto base = std::lower_bound(vals.begin(), vals.end(), entry(c, 0));
    auto at = std::lower_bound(base, vals.end(), entry(c, v));
    return static_cast<uint32_t>(at - base) + 1;
  });
  return true;
}

} // namespace tscope::checks::model
