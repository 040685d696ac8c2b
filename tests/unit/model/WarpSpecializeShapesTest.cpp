// WarpSpecializeShapesTest: the explorer on the warp_specialize shapes Triton
// emits -- results handed out by the default region, a fork per trip of a
// tile loop (the state after a join has the shape it had before the fork),
// several warp_specialize ops named apart -- and the kernel facts behind the
// names.
#include <gtest/gtest.h>

#include "checks/model/Explorer.h"
#include "../kernel/KernelFixture.h"

using namespace tscope;
using namespace tscope::checks;

namespace {

/// A tile loop of `tiles` trips; each trip initialises `done`, forks a
/// default region that arrives on it and yields `%dp xor 1`, joins, and
/// waits on `done` with parity `WAIT` ("%c0": correct, "%dp": the parity
/// carried across trips although `done` is initialised again).
std::string tileKernel(const std::string &wait) {
  return R"(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tiles(%tiles: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %done = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %fin = scf.for %t = %c0 to %tiles step %c1 iter_args(%dp = %c0) -> (i32) : i32 {
      ttng.init_barrier %done, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %nd = ttg.warp_specialize(%done)
      default {
        %x = arith.xori %dp, %c1 : i32
        ttg.warp_yield %x : i32
      }
      partition0(%d: !ttg.memdesc<1xi64, #s, #smem, mutable>) num_warps(1) {
        ttng.arrive_barrier %d, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.warp_return
      } : (!ttg.memdesc<1xi64, #s, #smem, mutable>) -> i32
      ttng.wait_barrier %done, )" + wait + R"( : !ttg.memdesc<1xi64, #s, #smem, mutable>
      scf.yield %nd : i32
    }
    tt.return
  }
}
)";
}

DeadlockRun runTiles(const std::string &wait, int64_t tiles) {
  unittest::KernelFixture f(tileKernel(wait));
  EXPECT_EQ(f.diags.errorCount(), 0u);
  DeadlockOptions opts;
  opts.bindings.set("tiles", tiles);
  model::Explorer x(*f.m, f.kernels.at(0), opts);
  return x.run(opts.bindings, "tiles=" + std::to_string(tiles));
}

TEST(WarpSpecializeShapes, ForkPerTripLeavesNoProcessesBehind) {
  // Every trip adds the same number of states: the join drops the partition
  // processes, so nothing accumulates from trip to trip.
  DeadlockRun r1 = runTiles("%c0", 1), r2 = runTiles("%c0", 2), r4 = runTiles("%c0", 4),
              r8 = runTiles("%c0", 8);
  for (const DeadlockRun *r : {&r1, &r2, &r4, &r8})
    EXPECT_EQ(r->verdict, "no-deadlock") << r->reason;
  size_t perTrip = r2.states - r1.states;
  EXPECT_GT(perTrip, 0u);
  EXPECT_EQ(r4.states - r2.states, 2 * perTrip);
  EXPECT_EQ(r8.states - r4.states, 4 * perTrip);
}

TEST(WarpSpecializeShapes, ParityCarriedAcrossReinitialisedBarrierHangs) {
  // One trip is fine (the fresh barrier's phase 0 completes, parity 0 is
  // waited for); in the second the carried parity 1 names the open phase.
  EXPECT_EQ(runTiles("%dp", 1).verdict, "no-deadlock");
  DeadlockRun r = runTiles("%dp", 2);
  ASSERT_EQ(r.verdict, "deadlock") << r.reason;
  ASSERT_FALSE(r.stuck.empty());
  EXPECT_EQ(r.stuck[0].partition, "outside");
}

TEST(WarpSpecializeShapes, SeveralWarpSpecializeOpsAreNamedApart) {
  unittest::KernelFixture f(R"(module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @two() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(1) {
      ttg.warp_return
    } : () -> ()
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(2) {
      ttg.warp_return
    }
    partition1() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
)");
  ASSERT_EQ(f.diags.errorCount(), 0u);
  const kernel::Kernel &k = f.kernels.at(0);
  ASSERT_EQ(k.warpSpecializes.size(), 2u);
  EXPECT_EQ(k.warpSpecializeOps(), 2u);
  const kernel::WarpSpecialize &a = k.warpSpecializes[0], &b = k.warpSpecializes[1];
  EXPECT_EQ(k.warpSpecializeOf(a.op), &a);
  EXPECT_EQ(k.warpSpecializeOf(b.op), &b);
  EXPECT_EQ(k.partitionName({&a, 0}), "ws3.partition0");
  EXPECT_EQ(k.partitionName({&b, 1}), "ws10.partition1");
  EXPECT_EQ(k.partitionName({&b, kernel::kDefault}), "ws10.default");
  EXPECT_EQ(k.partitionName({}), "outside");
  // The explorer names and sizes a process by its own warp_specialize.
  DeadlockOptions opts;
  model::Explorer x(*f.m, k, opts);
  interp::Program prog(*f.m, *k.func);
  model::Proc p(interp::Process::start(prog, {}));
  p.ws = &b;
  p.partition = 0;
  EXPECT_EQ(x.partName(p), "ws10.partition0");
  EXPECT_EQ(x.warpsOf(p), 2);
  p.ws = &a;
  EXPECT_EQ(x.warpsOf(p), 1);
  DeadlockRun r = x.run(opts.bindings, "(no integer arguments)");
  EXPECT_EQ(r.verdict, "no-deadlock") << r.reason;
}

TEST(WarpSpecializeShapes, OneWarpSpecializeKeepsPlainNames) {
  unittest::KernelFixture f(tileKernel("%c0"));
  const kernel::Kernel &k = f.kernels.at(0);
  ASSERT_EQ(k.warpSpecializeOps(), 1u);
  EXPECT_EQ(k.partitionName({&k.warpSpecializes[0], 0}), "partition0");
}

} // namespace
