// ClockCanon: renaming each happens-before counter's values to their dense
// rank (docs/Races.md, "Clocks are canonical", states why it is exact).
#include "checks/model/ClockCanon.h"

#include <algorithm>
#include <bit>
#include <type_traits>

namespace tscope::checks::model {

namespace {

/// Counters per process: its own, its barrier/copy agents', three group agents'.
constexpr uint32_t kCountersPerProc = 5;

/// The counter of the value Proc::joinedTicks keeps at `index`.
uint32_t joinedCounter(size_t index) {
  size_t slot = index / kJoinedPerSlot, k = index % kJoinedPerSlot;
  return counterOf(actorOf(slot, k == 0 ? kBarrierAgent : static_cast<Agent>(kWgmmaAgent + k - 1)));
}

/// Calls f(counter, value) on every counter value of process `p` in slot
/// `i`: its clock's entries, async tick, group ticks and pending epochs and
/// joined ticks. With a mutable `p`, f returns the value's replacement.
template <class P, class F> void procValues(P &p, size_t i, F f) {
  constexpr bool write = !std::is_const_v<P>;
  auto one = [&](uint32_t c, auto &v) {
    if constexpr (write)
      v = f(c, v);
    else
      f(c, v);
  };
  if constexpr (write)
    p.vc.renumber([&](uint32_t a, uint32_t v) { return f(counterOf(a), v); });
  else
    p.vc.forEach([&](uint32_t a, uint32_t v) { f(counterOf(a), v); });
  one(counterOf(actorOf(i, kBarrierAgent)), p.asyncTick);
  for (size_t g = 0; g < kGroupAgents; ++g) {
    uint32_t c = counterOf(actorOf(i, static_cast<Agent>(kWgmmaAgent + g)));
    one(c, p.groups[g].tick);
    for (auto &e : p.groups[g].pending)
      one(c, e);
  }
  for (size_t j = 0; j < p.joinedTicks.size(); ++j)
    one(joinedCounter(j), p.joinedTicks[j]);
}

/// Replaces every counter value v that `s` holds (0s included) by
/// f(counter, v): every clock entry, access epoch and counter. A process
/// none of whose values changes is left shared (State.h, Shared).
template <class F> void eachValue(State &s, F f) {
  auto clock = [&](VectorClock &vc) { vc.renumber([&](uint32_t a, uint32_t v) { return f(counterOf(a), v); }); };
  for (size_t i = 0; i < s.procs.size(); ++i) {
    bool moves = false;
    procValues(s.procs[i], i, [&](uint32_t c, uint32_t v) { moves |= f(c, v) != v; });
    if (moves)
      procValues(s.procs.mut(i), i, f);
  }
  bool barsMove = false;
  for (const auto &[key, b] : *s.bars)
    for (const VectorClock *vc : {&b.acc, &b.done})
      vc->forEach([&](uint32_t a, uint32_t v) { barsMove |= f(counterOf(a), v) != v; });
  if (barsMove) // a table none of whose clocks changes stays shared
    s.bars.mut().forEachMut([&](uint64_t, Bar &b) {
      clock(b.acc);
      clock(b.done);
    });
  for (auto &[id, n] : s.named) {
    clock(n.acc);
    clock(n.released);
  }
  for (Async &a : s.async)
    clock(a.vc);
  s.hist.renumber([&](uint32_t a, uint32_t e) { return f(counterOf(a), e); });
}

/// Calls f(counter, value) on every counter value `s` holds (reads only).
template <class F> void eachValueRead(const State &s, F f) {
  auto clock = [&](const VectorClock &vc) { vc.forEach([&](uint32_t a, uint32_t v) { f(counterOf(a), v); }); };
  for (size_t i = 0; i < s.procs.size(); ++i)
    procValues(s.procs[i], i, f);
  for (auto &[key, b] : *s.bars) {
    clock(b.acc);
    clock(b.done);
  }
  for (auto &[id, n] : s.named) {
    clock(n.acc);
    clock(n.released);
  }
  for (const Async &a : s.async)
    clock(a.vc);
  for (const Access &a : s.hist.accesses())
    f(counterOf(a.actor), a.epoch);
}

uint64_t entry(uint32_t counter, uint32_t v) { return static_cast<uint64_t>(counter) << 32 | v; }

} // namespace

uint32_t counterOf(size_t actor) {
  size_t p = actor / kActorsPerProc, r = actor % kActorsPerProc;
  size_t c = r == kSelf ? 0 : r == kBarrierAgent || r >= kCpAsyncAgent + 1 ? 1 : r;
  return static_cast<uint32_t>(kCountersPerProc * p + c);
}

bool canonicalizeClocks(State &s) {
  // The values each counter holds, as a bit set while they are all below
  // 64 (the common case: canonical values are ranks, and few are live): a
  // value's rank is the number of smaller ones present, plus one.
  thread_local std::vector<uint64_t> present; // reused: this runs for every new state
  present.clear();
  bool small = true, any = false;
  eachValueRead(s, [&](uint32_t c, uint32_t v) {
    if (!v)
      return;
    any = true;
    if (v >= 64) {
      small = false;
      return;
    }
    if (c >= present.size())
      present.resize(c + 1, 0);
    present[c] |= uint64_t(1) << v;
  });
  if (!any)
    return false;
  if (small) {
    // Dense: every counter holds exactly 1..max (bits 1..max set).
    if (std::all_of(present.begin(), present.end(), [](uint64_t m) { return ((m >> 1) & ((m >> 1) + 1)) == 0; }))
      return false;
    eachValue(s, [&](uint32_t c, uint32_t v) -> uint32_t {
      return v ? static_cast<uint32_t>(std::popcount(present[c] & ((uint64_t(1) << v) - 1))) + 1 : 0;
    });
    return true;
  }
  // Some value is 64 or more: every (counter, value) present, sorted.
  thread_local std::vector<uint64_t> vals;
  vals.clear();
  eachValueRead(s, [&](uint32_t c, uint32_t v) {
    if (v)
      vals.push_back(entry(c, v));
  });
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
