// DependenceTest: the dependence relation of the partial-order reduction
// (checks/model/Dependence.h) clause by clause, and the explorer with and
// without reduction on small kernels: the same verdicts (no hang, a hang, a
// race), fewer states with it where steps commute.
#include <gtest/gtest.h>

#include "checks/model/Dependence.h"
#include "checks/model/Explorer.h"
#include "checks/races/RaceObserver.h"
#include "../kernel/KernelFixture.h"

using namespace tscope;
using namespace tscope::checks;
using model::Footprint;

namespace {

Footprint bar(uint32_t alloc, int64_t slot, bool write) {
  Footprint f;
  f.bars.push_back({alloc, slot, write});
  return f;
}

Footprint buffer(uint32_t cls, bool write) {
  Footprint f;
  f.access(cls, write);
  return f;
}

TEST(Dependence, SameBarrierSlotWithAChangeIsDependent) {
  EXPECT_TRUE(model::dependent(bar(1, 0, true), bar(1, 0, false)));  // arrive vs wait
  EXPECT_TRUE(model::dependent(bar(1, 0, false), bar(1, 0, true)));  // symmetric
  EXPECT_TRUE(model::dependent(bar(1, 0, true), bar(1, 0, true)));   // two arrivals
  EXPECT_FALSE(model::dependent(bar(1, 0, false), bar(1, 0, false))); // two waits consume nothing
}

TEST(Dependence, OtherSlotsAndBarriersCommute) {
  EXPECT_FALSE(model::dependent(bar(1, 0, true), bar(1, 1, true)));
  EXPECT_FALSE(model::dependent(bar(1, 0, true), bar(2, 0, true)));
}

TEST(Dependence, AnySlotCoversEverySlot) {
  // A process's future names whole allocations.
  EXPECT_TRUE(model::dependent(bar(1, 3, false), bar(1, model::kAnySlot, true)));
  EXPECT_TRUE(model::dependent(bar(1, model::kAnySlot, true), bar(1, 0, false)));
  EXPECT_FALSE(model::dependent(bar(1, model::kAnySlot, false), bar(1, 0, false)));
}

TEST(Dependence, BuffersNeedAWrite) {
  EXPECT_TRUE(model::dependent(buffer(4, true), buffer(4, false)));
  EXPECT_TRUE(model::dependent(buffer(4, true), buffer(4, true)));
  EXPECT_FALSE(model::dependent(buffer(4, false), buffer(4, false)));
  EXPECT_FALSE(model::dependent(buffer(4, true), buffer(5, true)));
}

TEST(Dependence, SharedStateFlags) {
  Footprint named, choices, trips, global, empty;
  named.named = true;
  choices.choices = true;
  trips.trips = true;
  global.global = true;
  EXPECT_TRUE(model::dependent(named, named));
  EXPECT_FALSE(model::dependent(named, empty));
  EXPECT_TRUE(model::dependent(choices, choices));
  EXPECT_FALSE(model::dependent(choices, named));
  EXPECT_TRUE(model::dependent(trips, trips));
  EXPECT_TRUE(model::dependent(global, empty)); // fork, join, init
  EXPECT_TRUE(model::dependent(empty, global));
  EXPECT_FALSE(model::dependent(empty, empty));
}

TEST(Dependence, InOrderQueue) {
  Footprint a = bar(1, 0, true), b = bar(2, 0, true);
  a.queue = b.queue = 7; // one issuer's tcgen05 work: retires in order
  EXPECT_TRUE(model::dependent(a, b));
  b.queue = 8;
  EXPECT_FALSE(model::dependent(a, b));
}

struct Fixture : unittest::KernelFixture {
  using KernelFixture::KernelFixture;
};

/// Two producer/consumer pairs on barriers of their own: partition0 arrives
/// on a0..a2 for the default partition; partition2 arrives on b0..b2 for
/// partition1, which waits on `lastB` last (b2, or `nobody`: a hang).
std::string pairsKernel(const std::string &lastB) {
  std::string bars;
  for (const char *n : {"a0", "a1", "a2", "b0", "b1", "b2", "nobody"})
    bars += std::string("    %") + n + " = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>\n" +
            "    ttng.init_barrier %" + n + ", 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>\n";
  const std::string t = "!ttg.memdesc<1xi64, #s, #smem, mutable>";
  auto wait = [&](const std::string &b) { return "      ttng.wait_barrier %" + b + ", %c0 : " + t + "\n"; };
  auto arrive = [&](const std::string &b) { return "      ttng.arrive_barrier %" + b + ", 1 : " + t + "\n"; };
  auto args = [&](const std::string &p) {
    std::string s;
    for (const char *n : {"a0", "a1", "a2", "b0", "b1", "b2", "nobody"})
      s += std::string(s.empty() ? "" : ", ") + "%" + p + n + ": " + t;
    return s + ", %" + p + "z: i32";
  };
  std::string types;
  for (int i = 0; i < 7; ++i)
    types += t + ", ";
  types += "i32";
  return R"(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @k() {
    %c0 = arith.constant 0 : i32
)" + bars +
         R"(    ttg.warp_specialize(%a0, %a1, %a2, %b0, %b1, %b2, %nobody, %c0)
    default {
)" + wait("a0") + wait("a1") + wait("a2") +
         R"(      ttg.warp_yield
    }
    partition0()" + args("p") + R"() num_warps(1) {
)" + arrive("pa0") + arrive("pa1") + arrive("pa2") +
         R"(      ttg.warp_return
    }
    partition1()" + args("q") + R"() num_warps(1) {
      %c0 = arith.constant 0 : i32
)" + wait("qb0") + wait("qb1") + wait("q" + lastB) +
         R"(      ttg.warp_return
    }
    partition2()" + args("r") + R"() num_warps(1) {
)" + arrive("rb0") + arrive("rb1") + arrive("rb2") +
         R"(      ttg.warp_return
    } : ()" + types + R"() -> ()
    tt.return
  }
}
)";
}

DeadlockRun explore(const Fixture &f, bool reduction, model::Observer *obs = nullptr) {
  DeadlockOptions opts;
  opts.reduction = reduction;
  model::Explorer x(*f.m, f.kernels[0], opts, obs);
  return x.run(opts.bindings, "(no integer arguments)");
}

TEST(Reduction, IndependentPairsTakeFewerStates) {
  Fixture f(pairsKernel("b2"));
  ASSERT_EQ(f.diags.errorCount(), 0u);
  ASSERT_EQ(f.kernels.size(), 1u);
  DeadlockRun full = explore(f, false), reduced = explore(f, true);
  EXPECT_EQ(full.verdict, "no-deadlock") << full.reason;
  EXPECT_EQ(reduced.verdict, "no-deadlock") << reduced.reason;
  EXPECT_TRUE(reduced.finishes);
  // The pairs share nothing: one order of their steps is enough.
  EXPECT_LT(2 * reduced.states, full.states) << reduced.states << " vs " << full.states;
}

TEST(Reduction, KeepsTheHang) {
  Fixture f(pairsKernel("nobody"));
  ASSERT_EQ(f.diags.errorCount(), 0u);
  DeadlockRun full = explore(f, false), reduced = explore(f, true);
  ASSERT_EQ(full.verdict, "deadlock") << full.reason;
  ASSERT_EQ(reduced.verdict, "deadlock") << reduced.reason;
  ASSERT_FALSE(reduced.stuck.empty());
  EXPECT_EQ(reduced.stuck[0].partition, full.stuck[0].partition);
  EXPECT_EQ(reduced.trace.size(), full.trace.size()); // the same steps, in another order at most
}

/// partition0 and partition1 both store into %buf; `sync` orders the
/// second store after the first through %bar.
std::string racingKernel(bool sync) {
  std::string waitBar = sync ? "      ttng.wait_barrier %q, %z1 : !ttg.memdesc<1xi64, #s, #smem, mutable>\n" : "";
  return R"(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @k() {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %other = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %other, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%bar, %other, %buf)
    default {
      ttng.arrive_barrier %other, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%p: !ttg.memdesc<1xi64, #s, #smem, mutable>, %po: !ttg.memdesc<1xi64, #s, #smem, mutable>, %pb: !ttg.memdesc<32xf32, #s, #smem, mutable>) num_warps(1) {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      ttg.local_store %v, %pb : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      ttng.arrive_barrier %p, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_return
    }
    partition1(%q: !ttg.memdesc<1xi64, #s, #smem, mutable>, %qo: !ttg.memdesc<1xi64, #s, #smem, mutable>, %qb: !ttg.memdesc<32xf32, #s, #smem, mutable>) num_warps(1) {
      %z1 = arith.constant 0 : i32
      %w = arith.constant dense<2.000000e+00> : tensor<32xf32, #bl>
      ttng.wait_barrier %qo, %z1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
)" + waitBar + R"(      ttg.local_store %w, %qb : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<32xf32, #s, #smem, mutable>) -> ()
    tt.return
  }
}
)";
}

TEST(Reduction, KeepsTheRace) {
  for (bool sync : {false, true}) {
    Fixture f(racingKernel(sync));
    ASSERT_EQ(f.diags.errorCount(), 0u);
    for (bool reduction : {false, true}) {
      races::RaceObserver obs(f.kernels[0]);
      DeadlockRun r = explore(f, reduction, &obs);
      EXPECT_EQ(r.verdict, sync ? "no-deadlock" : "race")
          << "sync " << sync << " reduction " << reduction << ": " << r.reason;
      EXPECT_EQ(obs.hit.has_value(), !sync);
    }
  }
}

} // namespace
