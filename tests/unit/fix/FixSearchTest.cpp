// FixSearchTest: the edit overlay changes what the model runs (a flipped
// parity, an added arrive), and the search finds the one edit that removes
// a hang and rejects the ones that only move it or let a read through early.
#include <gtest/gtest.h>

#include "checks/deadlock/ModelChecker.h"
#include "checks/fix/FixSearch.h"
#include "checks/model/Explorer.h"
#include "../kernel/KernelFixture.h"

using namespace tscope;
using namespace tscope::checks;

namespace {

// One-slot hand-off: default writes buf and arrives on full; partition0
// waits full, reads buf, arrives on empty. `PE` is the producer's parity
// of its empty wait, `ARRIVE` the consumer's arrive on empty.
std::string handoff(bool producerXor, bool consumerArrives) {
  std::string s = R"(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @handoff(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %buf, %n)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        %pe = arith.xori %ph, %c1 : i32
        ttng.wait_barrier %empty, PE : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.local_store %v, %buf : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.arrive_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %w = arith.constant dense<2.000000e+00> : tensor<32xf32, #bl>
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        ttng.wait_barrier %f, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %d : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        %y = arith.addf %x, %w : tensor<32xf32, #bl>
ARRIVE      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<32xf32, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}
)";
  s.replace(s.find("PE"), 2, producerXor ? "%pe" : "%ph");
  s.replace(s.find("ARRIVE"), 6,
            consumerArrives ? "        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>\n" : "");
  return s;
}

DeadlockOptions small() {
  DeadlockOptions o;
  o.tryValues = {1, 2, 3};
  return o;
}

const ir::Operation *firstOp(const kernel::Kernel &k, dialect::OpKind kind, int partition) {
  const ir::Operation *found = nullptr;
  k.walk([&](const ir::Operation *op, const kernel::Placement &pl) {
    if (!found && dialect::kindOf(op) == kind && pl.partition == partition)
      found = op;
  });
  return found;
}

TEST(FixSearch, OverlayFlipsAParity) {
  unittest::KernelFixture f(handoff(false, true));
  ASSERT_EQ(f.diags.errorCount(), 0u);
  DeadlockOptions o = small();
  EXPECT_EQ(checkKernelDeadlocks(*f.m, f.kernels[0], o).verdict, "deadlock");
  model::EditOverlay edit;
  edit.flipParity.insert(firstOp(f.kernels[0], dialect::OpKind::WaitBarrier, kernel::kDefault));
  o.edits = &edit;
  EXPECT_EQ(checkKernelDeadlocks(*f.m, f.kernels[0], o).verdict, "no-deadlock");
}

TEST(FixSearch, FindsTheParityOfTheProducersWait) {
  unittest::KernelFixture f(handoff(false, true));
  ASSERT_EQ(f.diags.errorCount(), 0u);
  DeadlockOptions o = small();
  std::vector<KernelDeadlockResult> res{checkKernelDeadlocks(*f.m, f.kernels[0], o)};
  fix::addFixes(*f.m, f.kernels, o, res);
  ASSERT_FALSE(res[0].fixes.empty());
  const ProvenFix &x = res[0].fixes.front();
  EXPECT_EQ(x.kind, "flip-parity");
  EXPECT_EQ(x.where.irLine, firstOp(f.kernels[0], dialect::OpKind::WaitBarrier, kernel::kDefault)->line);
  EXPECT_NE(x.proven.find("no race"), std::string::npos);
  // The consumer's wait flipped would let its read through before the
  // first write: not a fix, so never the first one.
  for (const ProvenFix &y : res[0].fixes)
    EXPECT_NE(y.where.irLine, firstOp(f.kernels[0], dialect::OpKind::WaitBarrier, 0)->line);
}

TEST(FixSearch, AddsTheMissingArriveAfterTheLastUse) {
  unittest::KernelFixture f(handoff(true, false));
  ASSERT_EQ(f.diags.errorCount(), 0u);
  DeadlockOptions o = small();
  std::vector<KernelDeadlockResult> res{checkKernelDeadlocks(*f.m, f.kernels[0], o)};
  ASSERT_EQ(res[0].verdict, "deadlock");
  fix::addFixes(*f.m, f.kernels, o, res);
  ASSERT_FALSE(res[0].fixes.empty());
  EXPECT_EQ(res[0].fixes.front().kind, "add-arrive");
  // After the local_load (the last use of buf), before the addf.
  EXPECT_EQ(res[0].fixes.front().where.irLine, firstOp(f.kernels[0], dialect::OpKind::LocalLoad, 0)->line);
  EXPECT_EQ(res[0].fixSearch.gaveUp, "");
}

TEST(FixSearch, NoSearchWhenTurnedOff) {
  unittest::KernelFixture f(handoff(false, true));
  DeadlockOptions o = small();
  o.searchFixes = false;
  std::vector<KernelDeadlockResult> res{checkKernelDeadlocks(*f.m, f.kernels[0], o)};
  fix::addFixes(*f.m, f.kernels, o, res);
  EXPECT_TRUE(res[0].fixes.empty());
  EXPECT_FALSE(res[0].fixSearch.ran);
}

} // namespace
