// Kernel model: operand roles in textual order, alias roots through
// warp_specialize captures and loop carries, slot/phase formulas.
#include <gtest/gtest.h>

#include "dialect/OpTable.h"
#include "kernel/IndexExpr.h"
#include "kernel/Kernel.h"
#include "KernelFixture.h"

using namespace tscope;

namespace {
struct Fixture : unittest::KernelFixture {
  using KernelFixture::KernelFixture;
  const ir::Operation *find(std::string_view name, int nth = 0) const {
    const ir::Operation *found = nullptr;
    kernels.at(0).walk([&](const ir::Operation *op, const kernel::Placement &) {
      if (op->is(name) && nth-- == 0)
        found = op;
    });
    return found;
  }
};

const char *kWs = R"(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @k(%desc: !tt.tensordesc<tensor<128x64xf16, #n>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %true = arith.constant true
    %ring = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #n, #smem, mutable>
    %full = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%desc, %ring, %full, %n)
    default {
      ttg.warp_yield
    }
    partition0(%d: !tt.tensordesc<tensor<128x64xf16, #n>>, %r: !ttg.memdesc<3x128x64xf16, #n, #smem, mutable>, %f: !ttg.memdesc<3x1xi64, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %c0_0 = arith.constant 0 : i32
      %c1_0 = arith.constant 1 : i32
      %c3_0 = arith.constant 3 : i32
      %t = arith.constant true
      scf.for %i = %c0_0 to %m step %c1_0 iter_args(%cur = %r) -> (!ttg.memdesc<3x128x64xf16, #n, #smem, mutable>) : i32 {
        %slot = arith.remsi %i, %c3_0 : i32
        %q = arith.divsi %i, %c3_0 : i32
        %ph = arith.andi %q, %c1_0 : i32
        %ph1 = arith.xori %ph, %c1_0 : i32
        %bar = ttg.memdesc_index %f[%slot] : !ttg.memdesc<3x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %bar, %ph1, %t deps %cur : !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<3x128x64xf16, #n, #smem, mutable>
        %buf = ttg.memdesc_index %cur[%slot] : !ttg.memdesc<3x128x64xf16, #n, #smem, mutable> -> !ttg.memdesc<128x64xf16, #n, #smem, mutable>
        ttng.async_tma_copy_global_to_local %d[%i, %c0_0] %buf, %bar, %t : !tt.tensordesc<tensor<128x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<128x64xf16, #n, #smem, mutable>
        ttng.tc_gen5_mma %buf, %buf, %buf[], %t, %t, %bar[%t] {is_async} : !ttg.memdesc<128x64xf16, #n, #smem, mutable>, !ttg.memdesc<128x64xf16, #n, #smem, mutable>, !ttg.memdesc<128x64xf16, #n, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>
        scf.yield %cur : !ttg.memdesc<3x128x64xf16, #n, #smem, mutable>
      }
      ttg.warp_return
    } : (!tt.tensordesc<tensor<128x64xf16, #n>>, !ttg.memdesc<3x128x64xf16, #n, #smem, mutable>, !ttg.memdesc<3x1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}
)";
} // namespace

TEST(Kernel, PartitionsAndPlacement) {
  Fixture f(kWs);
  ASSERT_EQ(f.diags.errorCount(), 0u);
  ASSERT_EQ(f.kernels.size(), 1u);
  const kernel::Kernel &k = f.kernels[0];
  EXPECT_EQ(k.name, "k");
  EXPECT_EQ(k.target, "cuda:100");
  ASSERT_EQ(k.warpSpecializes.size(), 1u);
  ASSERT_EQ(k.warpSpecializes[0].partitions.size(), 2u);
  EXPECT_EQ(k.warpSpecializes[0].partitions[1].numWarps, 1);
  EXPECT_EQ(k.partitionName(k.placementOf(f.find("ttng.wait_barrier"))), "partition0");
  EXPECT_EQ(k.partitionName(k.placementOf(f.find("ttg.local_alloc"))), "outside");
}

TEST(Kernel, OperandRolesFollowTextualOrder) {
  Fixture f(kWs);
  const ir::Operation *tma = f.find("ttng.async_tma_copy_global_to_local");
  dialect::OperandRoles r = dialect::operandRoles(*f.m, tma);
  ASSERT_EQ(r.coords.size(), 2u);
  EXPECT_EQ(f.m->str(r.buffer->name), "%buf");
  EXPECT_EQ(f.m->str(r.barrier->name), "%bar");
  EXPECT_EQ(f.m->str(r.pred->name), "%t");
  dialect::OperandRoles w = dialect::operandRoles(*f.m, f.find("ttng.wait_barrier"));
  EXPECT_EQ(f.m->str(w.phase->name), "%ph1");
  ASSERT_EQ(w.reads.size(), 1u); // deps %cur
  dialect::OperandRoles mma = dialect::operandRoles(*f.m, f.find("ttng.tc_gen5_mma"));
  ASSERT_EQ(mma.barriers.size(), 1u);
  EXPECT_EQ(f.m->str(mma.barriers[0]->name), "%bar");
  dialect::OpSyntax syn = dialect::scanOpSyntax(*f.m, f.find("ttng.tc_gen5_mma"));
  EXPECT_EQ(syn.slots[5].bracketOf, -1);
  EXPECT_EQ(syn.slots[6].bracketOf, 5); // %bar[%t]
}

TEST(Kernel, AliasRootsThroughCapturesAndLoopCarries) {
  Fixture f(kWs);
  const kernel::Kernel &k = f.kernels[0];
  dialect::OperandRoles r = dialect::operandRoles(*f.m, f.find("ttng.async_tma_copy_global_to_local"));
  auto buf = k.rootsOf(r.buffer);
  ASSERT_EQ(buf.size(), 1u);
  EXPECT_EQ(buf[0]->name, "ring");
  EXPECT_EQ(buf[0]->slots(), 3);
  auto bar = k.rootsOf(r.barrier);
  ASSERT_EQ(bar.size(), 1u);
  EXPECT_EQ(bar[0]->name, "full");
  EXPECT_TRUE(bar[0]->isBarrier);
  EXPECT_EQ(*buf[0]->type->bytes(), 3u * 128 * 64 * 2);
}

TEST(Kernel, AliasRootsThroughBranchArguments) {
  // convert-scf-to-cf: a barrier view carried by a loop is a block argument
  // of the loop header, fed by the branch into the loop and the back edge.
  Fixture f(R"(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @k(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %v0 = ttg.memdesc_index %a[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    cf.br ^bb1(%c0, %v0 : i32, !ttg.memdesc<1xi64, #s, #smem, mutable>)
  ^bb1(%i: i32, %bar: !ttg.memdesc<1xi64, #s, #smem, mutable>):
    %lt = arith.cmpi slt, %i, %n : i32
    cf.cond_br %lt, ^bb2, ^bb3
  ^bb2:
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %i2 = arith.addi %i, %c1 : i32
    cf.br ^bb1(%i2, %b : i32, !ttg.memdesc<1xi64, #s, #smem, mutable>)
  ^bb3:
    tt.return
  }
}
)");
  ASSERT_EQ(f.diags.errorCount(), 0u);
  const kernel::Kernel &k = f.kernels.at(0);
  auto roots = k.rootsOf(dialect::operandRoles(*f.m, f.find("ttng.wait_barrier")).barrier);
  ASSERT_EQ(roots.size(), 2u);
  EXPECT_EQ(roots[0]->name, "a");
  EXPECT_EQ(roots[1]->name, "b");
  EXPECT_EQ(dialect::kindOf(f.find("cf.br")), dialect::OpKind::Branch);
  EXPECT_EQ(dialect::kindOf(f.find("cf.cond_br")), dialect::OpKind::CondBranch);
  // The wait sits in the loop's body block (on a cycle of branches); the
  // allocation before the loop does not.
  EXPECT_EQ(kernel::inBranchLoop(f.find("ttng.wait_barrier")), f.find("ttng.wait_barrier"));
  EXPECT_EQ(kernel::inBranchLoop(f.find("ttg.local_alloc")), nullptr);
  EXPECT_EQ(kernel::inBranchLoop(f.find("tt.return")), nullptr);
}

TEST(Kernel, SlotAndPhaseFormulas) {
  Fixture f(kWs);
  const kernel::Kernel &k = f.kernels[0];
  dialect::OperandRoles w = dialect::operandRoles(*f.m, f.find("ttng.wait_barrier"));
  kernel::IndexExpr ph = kernel::indexExpr(k, w.phase);
  EXPECT_EQ(ph.text, "phase(i,3) ^ 1");
  EXPECT_EQ(ph.raw, "((i / 3) & 1) ^ 1");
  const ir::Operation *idx = f.find("ttg.memdesc_index");
  EXPECT_EQ(kernel::indexExpr(k, idx->operands[1]).text, "slot(i,3)");
}
