// ClockCanonTest: the canonical form of happens-before clocks
// (checks/model/ClockCanon.h) -- on random states it keeps every
// happens-before answer and the freshness of the next epoch, it is dense and
// idempotent, and two states that differ only in the magnitudes of their
// counters become equal (the explorer's seen-set then merges them).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "checks/model/ClockCanon.h"
#include "interp/Program.h"
#include "../kernel/KernelFixture.h"

using namespace tscope;
using namespace tscope::checks::model;

namespace {

const char *kEmptyKernel = R"(module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @k() {
    tt.return
  }
}
)";

constexpr size_t kProcs = 3;

/// Actors of the random states: each process's own entry, its tcgen05 agent,
/// two copy agents (the three share a counter), and its wgmma agent.
std::vector<size_t> actors() {
  std::vector<size_t> out;
  for (size_t p = 0; p < kProcs; ++p)
    for (size_t a : {actorOf(p), actorOf(p, kBarrierAgent), copyActor(p, 0), copyActor(p, 7), actorOf(p, kWgmmaAgent)})
      out.push_back(a);
  return out;
}

/// Every clock of `s`, in a fixed order (so two states' lists pair up).
std::vector<const VectorClock *> clocksOf(const State &s) {
  std::vector<const VectorClock *> out;
  for (const Proc &p : s.procs)
    out.push_back(&p.vc);
  for (const auto &[k, b] : *s.bars) {
    out.push_back(&b.acc);
    out.push_back(&b.done);
  }
  for (const auto &[id, n] : s.named) {
    out.push_back(&n.acc);
    out.push_back(&n.released);
  }
  for (const Async &a : s.async)
    out.push_back(&a.vc);
  return out;
}

/// A state with random clocks over actors(), random access epochs and
/// counters; each process's own entry and asyncTick / wgmma tick are the
/// largest of their counters (what the model keeps: ClockCanon.h).
State randomState(const interp::Program &prog, std::mt19937 &rng, uint32_t spread) {
  std::uniform_int_distribution<uint32_t> val(0, spread), coin(0, 2);
  std::vector<size_t> as = actors();
  auto randomClock = [&] {
    VectorClock c;
    for (size_t a : as)
      if (coin(rng))
        c.set(a, val(rng));
    return c;
  };
  State s;
  for (size_t p = 0; p < kProcs; ++p) {
    s.procs.push_back(Proc(interp::Process::start(prog, {})));
    s.procs.mut(s.procs.size() - 1).vc = randomClock();
  }
  for (uint64_t k = 0; k < 3; ++k) {
    s.bars.mut()[k].acc = randomClock();
    s.bars.mut()[k].done = randomClock();
  }
  s.named[1].acc = randomClock();
  s.named[1].released = randomClock();
  for (uint64_t k = 0; k < 2; ++k) {
    Async a;
    a.key = k;
    a.vc = randomClock();
    s.async.push_back(a);
  }
  auto alias = [](uint32_t a, int64_t sa, uint32_t b, int64_t sb) { return a == b && sa == sb; };
  for (int i = 0; i < 12; ++i) {
    Access e;
    e.actor = static_cast<uint32_t>(as[rng() % as.size()]);
    e.epoch = 1 + val(rng);
    e.write = coin(rng) == 0;
    e.alloc = static_cast<uint32_t>(rng() % 4);
    s.hist.record(e, VectorClock{}, alias);
  }
  s.procs.mut(0).joinedTicks.assign(kJoinedPerSlot * kProcs, 0);
  // Counters at least the largest value of their actors, as the model keeps them.
  std::map<uint32_t, uint32_t> top;
  auto note = [&](size_t a, uint32_t v) { top[counterOf(a)] = std::max(top[counterOf(a)], v); };
  for (const VectorClock *c : clocksOf(s))
    c->forEach(note);
  for (const Access &e : s.hist.accesses())
    note(e.actor, e.epoch);
  for (size_t p = 0; p < kProcs; ++p) {
    Proc &pr = s.procs.mut(p);
    pr.vc.set(actorOf(p), top[counterOf(actorOf(p))] + 1 + val(rng));
    pr.asyncTick = top[counterOf(actorOf(p, kBarrierAgent))] + val(rng);
    Proc::Groups &g = pr.groups[groupIndex(kWgmmaAgent)];
    g.tick = top[counterOf(actorOf(p, kWgmmaAgent))] + 1 + val(rng);
    g.pending = {g.tick};
    s.procs.mut(0).joinedTicks[joinedTickIndex(p, kBarrierAgent)] = pr.asyncTick;
  }
  return s;
}

/// Every happens-before answer the model can ask of `s`: each recorded
/// access against each clock and each join of two clocks, and how a
/// process's next own epoch and next async epoch compare with each clock.
std::vector<bool> answers(const State &s) {
  std::vector<bool> out;
  std::vector<const VectorClock *> cs = clocksOf(s);
  for (const Access &e : s.hist.accesses())
    for (const VectorClock *c : cs) {
      out.push_back(ordered(e, *c));
      for (const VectorClock *d : cs) {
        VectorClock j = *c;
        j.join(*d);
        out.push_back(ordered(e, j));
      }
    }
  for (size_t p = 0; p < s.procs.size(); ++p) {
    VectorClock next = s.procs[p].vc;
    next.tick(actorOf(p));
    Access own{static_cast<uint32_t>(actorOf(p)), next.get(actorOf(p))};
    Access copy{static_cast<uint32_t>(copyActor(p, 7)), s.procs[p].asyncTick + 1};
    Access group{static_cast<uint32_t>(actorOf(p, kWgmmaAgent)), s.procs[p].groups[0].tick};
    for (const VectorClock *c : cs) {
      out.push_back(ordered(own, *c));
      out.push_back(ordered(copy, *c));
      out.push_back(ordered(group, *c));
    }
    out.push_back(s.procs[p].groups[0].pending.back() == s.procs[p].groups[0].tick);
  }
  return out;
}

/// Every counter's values in `s`, per counter.
std::map<uint32_t, std::vector<uint32_t>> valuesOf(const State &s) {
  std::map<uint32_t, std::vector<uint32_t>> out;
  auto note = [&](size_t a, uint32_t v) { out[counterOf(a)].push_back(v); };
  for (const VectorClock *c : clocksOf(s))
    c->forEach(note);
  for (const Access &e : s.hist.accesses())
    note(e.actor, e.epoch);
  for (size_t p = 0; p < s.procs.size(); ++p)
    note(actorOf(p, kBarrierAgent), s.procs[p].asyncTick);
  for (auto &[c, vs] : out) {
    std::sort(vs.begin(), vs.end());
    vs.erase(std::unique(vs.begin(), vs.end()), vs.end());
  }
  return out;
}

} // namespace

TEST(ClockCanon, CountersGroupTheActorsThatShareEpochs) {
  EXPECT_EQ(counterOf(actorOf(1, kBarrierAgent)), counterOf(copyActor(1, 0)));
  EXPECT_EQ(counterOf(copyActor(1, 0)), counterOf(copyActor(1, kCopyAgents - 1)));
  EXPECT_NE(counterOf(actorOf(1)), counterOf(actorOf(1, kBarrierAgent)));
  EXPECT_NE(counterOf(actorOf(1, kWgmmaAgent)), counterOf(actorOf(1, kCpAsyncAgent)));
  EXPECT_NE(counterOf(copyActor(0, 3)), counterOf(copyActor(1, 3)));
  EXPECT_NE(counterOf(actorOf(0, kCpAsyncAgent)), counterOf(actorOf(1)));
}

TEST(ClockCanon, KeepsEveryHappensBeforeAnswerOnRandomClocks) {
  unittest::KernelFixture f(kEmptyKernel);
  ASSERT_EQ(f.kernels.size(), 1u);
  interp::Program prog(*f.m, *f.kernels[0].func);
  std::mt19937 rng(17);
  size_t changed = 0;
  for (int round = 0; round < 300; ++round) {
    State s = randomState(prog, rng, round % 2 ? 9 : 100000);
    State c = s;
    changed += canonicalizeClocks(c);
    ASSERT_EQ(answers(s), answers(c)) << "round " << round;
    // Dense: each counter's values are 1..n.
    for (auto &[counter, vs] : valuesOf(c))
      for (size_t i = 0; i < vs.size(); ++i)
        ASSERT_EQ(vs[i], i + 1) << "counter " << counter << ", round " << round;
    // Idempotent.
    State again = c;
    EXPECT_FALSE(canonicalizeClocks(again));
    EXPECT_TRUE(again == c);
  }
  EXPECT_GT(changed, 250u); // the random states were not already canonical
}

TEST(ClockCanon, StatesDifferingOnlyInMagnitudesBecomeEqual) {
  unittest::KernelFixture f(kEmptyKernel);
  interp::Program prog(*f.m, *f.kernels[0].func);
  std::mt19937 rng(4);
  for (int round = 0; round < 50; ++round) {
    State s = randomState(prog, rng, 50);
    // The same state after more trips: every value of a counter moved up by
    // an order-preserving map of its own (scaled and shifted per counter).
    auto grow = [](uint32_t counter, uint32_t v) { return v ? v * (2 + counter % 3) + 1000 * (counter + 1) : 0; };
    State t = s;
    for (size_t p = 0; p < t.procs.size(); ++p) {
      Proc &pr = t.procs.mut(p);
      pr.vc.renumber([&](uint32_t a, uint32_t v) { return grow(counterOf(a), v); });
      pr.asyncTick = grow(counterOf(actorOf(p, kBarrierAgent)), pr.asyncTick);
      for (size_t g = 0; g < kGroupAgents; ++g) {
        uint32_t counter = counterOf(actorOf(p, static_cast<Agent>(kWgmmaAgent + g)));
        pr.groups[g].tick = grow(counter, pr.groups[g].tick);
        for (uint32_t &e : pr.groups[g].pending)
          e = grow(counter, e);
      }
      t.procs.mut(0).joinedTicks[joinedTickIndex(p, kBarrierAgent)] = pr.asyncTick;
    }
    t.bars.mut().forEachMut([&](uint64_t, Bar &b) {
      b.acc.renumber([&](uint32_t a, uint32_t v) { return grow(counterOf(a), v); });
      b.done.renumber([&](uint32_t a, uint32_t v) { return grow(counterOf(a), v); });
    });
    for (auto &[id, n] : t.named) {
      n.acc.renumber([&](uint32_t a, uint32_t v) { return grow(counterOf(a), v); });
      n.released.renumber([&](uint32_t a, uint32_t v) { return grow(counterOf(a), v); });
    }
    for (Async &a : t.async)
      a.vc.renumber([&](uint32_t x, uint32_t v) { return grow(counterOf(x), v); });
    t.hist.renumber([&](uint32_t a, uint32_t e) { return grow(counterOf(a), e); });
    ASSERT_FALSE(s == t);
    canonicalizeClocks(s);
    canonicalizeClocks(t);
    EXPECT_TRUE(s == t) << "round " << round;
    EXPECT_EQ(StateHash{}(s), StateHash{}(t));
  }
}

TEST(ClockCanon, AClockThatOrdersDiffersFromOneThatDoesNot) {
  // Canonical forms stay apart where an answer differs: a reader that has
  // acquired the write (clock 5 >= epoch 5) and one that has not (4 < 5).
  unittest::KernelFixture f(kEmptyKernel);
  interp::Program prog(*f.m, *f.kernels[0].func);
  auto make = [&](uint32_t known) {
    State s;
    s.procs.push_back(Proc(interp::Process::start(prog, {})));
    s.procs.push_back(Proc(interp::Process::start(prog, {})));
    s.procs.mut(0).vc.set(actorOf(0), 9);
    s.procs.mut(1).vc.set(actorOf(1), 3);
    s.procs.mut(1).vc.set(actorOf(0), known);
    Access w{static_cast<uint32_t>(actorOf(0)), 5, true};
    s.hist.record(w, s.procs[0].vc, [](uint32_t, int64_t, uint32_t, int64_t) { return true; });
    canonicalizeClocks(s);
    return s;
  };
  EXPECT_FALSE(make(5) == make(4));
  EXPECT_TRUE(make(6) == make(7)); // both above the write's epoch, below 9
}
