// ExplorerTest: the explorer on two small kernels -- a producer/consumer pair
// that never hangs, and one whose consumer waits on a barrier nobody arrives
// on (the shortest trace and the cause) -- and an observer seeing accesses.
#include <gtest/gtest.h>

#include "checks/model/Explorer.h"
#include "../kernel/KernelFixture.h"

using namespace tscope;
using namespace tscope::checks;

namespace {

struct Fixture : unittest::KernelFixture {
  using KernelFixture::KernelFixture;
};

/// A producer arrives on %full once; the consumer waits for it. `WAIT_ON`
/// names the barrier the consumer waits on.
std::string kernelText(const std::string &waitOn) {
  return R"(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @k() {
    %c0 = arith.constant 0 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %other = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64xf16, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %other, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %other, %buf, %c0)
    default {
      ttng.wait_barrier %)" + waitOn + R"(, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %o: !ttg.memdesc<1xi64, #s, #smem, mutable>, %b: !ttg.memdesc<64xf16, #s, #smem, mutable>, %z: i32) num_warps(1) {
      ttng.arrive_barrier %f, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<64xf16, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}
)";
}

TEST(Explorer, ProducerConsumerDoesNotHang) {
  Fixture f(kernelText("full"));
  ASSERT_EQ(f.diags.errorCount(), 0u);
  ASSERT_EQ(f.kernels.size(), 1u);
  DeadlockOptions opts;
  model::Explorer x(*f.m, f.kernels[0], opts);
  DeadlockRun r = x.run(opts.bindings, "(no integer arguments)");
  EXPECT_EQ(r.verdict, "no-deadlock") << r.reason;
  EXPECT_GT(r.states, 1u);
  EXPECT_FALSE(r.overArrival);
}

TEST(Explorer, WaitWithoutProducerHangsWithShortestTrace) {
  Fixture f(kernelText("other"));
  ASSERT_EQ(f.diags.errorCount(), 0u);
  DeadlockOptions opts;
  model::Explorer x(*f.m, f.kernels[0], opts);
  DeadlockRun r = x.run(opts.bindings, "(no integer arguments)");
  ASSERT_EQ(r.verdict, "deadlock") << r.reason;
  EXPECT_NE(r.cause.find("no producer for that phase: nothing arrives on"), std::string::npos) << r.cause;
  ASSERT_FALSE(r.stuck.empty());
  EXPECT_EQ(r.stuck[0].partition, "default");
  // init, init, fork: the hang needs no step after the fork.
  ASSERT_GE(r.trace.size(), 3u);
  EXPECT_EQ(r.trace[2].action, "starts 2 partitions"); // default and partition0
}

/// Counts the accesses and arrivals the explorer reports.
struct Counter : model::Observer {
  size_t accesses = 0, arrivals = 0, waits = 0;
  bool onAccess(const model::Explorer &, model::State &, const model::Access &,
                const model::VectorClock &) override {
    ++accesses;
    return false;
  }
  void onArrive(const model::Explorer &, model::State &, size_t, uint64_t) override { ++arrivals; }
  void onWait(const model::Explorer &, model::State &, size_t, uint64_t, int64_t) override { ++waits; }
};

TEST(Explorer, ObserverSeesArrivalsAndWaits) {
  Fixture f(kernelText("full"));
  DeadlockOptions opts;
  Counter c;
  model::Explorer x(*f.m, f.kernels[0], opts, &c, /*recordHangs=*/true);
  DeadlockRun r = x.run(opts.bindings, "(no integer arguments)");
  EXPECT_EQ(r.verdict, "no-deadlock") << r.reason;
  EXPECT_GE(c.arrivals, 1u);
  EXPECT_GE(c.waits, 1u);
  EXPECT_FALSE(x.hang());
}

TEST(Explorer, RecordsTheHangForAnObserver) {
  Fixture f(kernelText("other"));
  DeadlockOptions opts;
  Counter c;
  model::Explorer x(*f.m, f.kernels[0], opts, &c, /*recordHangs=*/true);
  DeadlockRun r = x.run(opts.bindings, "(no integer arguments)");
  EXPECT_EQ(r.verdict, "no-deadlock"); // with an observer a hang only ends its interleaving
  EXPECT_GE(x.stuckStates(), 1u);
  ASSERT_TRUE(x.hang());
  EXPECT_EQ(x.hang()->verdict, "deadlock");
}

} // namespace
