// LintContext: barrier operands traced through partition captures and
// memdesc_index to their allocation and slot; the CTA shape of the launch.
#include <gtest/gtest.h>

#include "checks/tlxlint/LintContext.h"
#include "ir/Parser.h"

using namespace tscope;
using checks::tlxlint::BarrierRef;
using checks::tlxlint::LintContext;

namespace {

const char *kText = R"(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.cluster-dim-x" = 1 : i32} {
  tt.func @k(%n: i32) {
    %c1 = arith.constant 1 : i32
    %bars = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #s, #smem, mutable>
    %b1 = ttg.memdesc_index %bars[%c1] : !ttg.memdesc<3x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %b1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%bars, %n)
    default {
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<3x1xi64, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %one = arith.constant 1 : i32
      %v = ttg.memdesc_index %b[%one] : !ttg.memdesc<3x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %v, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %w = ttg.memdesc_index %b[%m] : !ttg.memdesc<3x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %w, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<3x1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
})";

} // namespace

TEST(LintContext, BarrierRefThroughCaptureAndIndex) {
  support::Diagnostics diags;
  auto m = ir::parseModule(support::SourceBuffer::fromString("k.ttgir", kText), diags);
  ASSERT_EQ(diags.errorCount(), 0u);
  auto kernels = kernel::Kernel::build(*m);
  ASSERT_EQ(kernels.size(), 1u);
  LintContext ctx(*m, kernels[0]);
  EXPECT_TRUE(ctx.singleCta);
  std::vector<BarrierRef> refs; // init, constant arrive, dynamic arrive
  for (const auto &p : ctx.ops)
    if (p.op->is("ttng.init_barrier") || p.op->is("ttng.arrive_barrier"))
      refs.push_back(ctx.barrierRef(p.op->operands[0]));
  ASSERT_EQ(refs.size(), 3u);
  for (const BarrierRef &r : refs) {
    ASSERT_NE(r.root, nullptr);
    EXPECT_EQ(r.root->name, "bars");
    EXPECT_TRUE(r.exact);
  }
  ASSERT_TRUE(refs[0].slot().constant);
  EXPECT_EQ(*refs[0].slot().constant, 1);
  EXPECT_TRUE(refs[0].same(refs[1]));  // slot 1 seen from the outside and the partition
  EXPECT_FALSE(refs[1].same(refs[2])); // a run-time slot is not known to be slot 1
  EXPECT_FALSE(refs[2].slot().constant);
  EXPECT_EQ(ctx.describe(refs[1]), "bars[1]");
}
