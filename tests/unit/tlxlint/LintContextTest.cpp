// LintContext: barrier operands traced through partition captures and
// memdesc_index to their allocation and slot; the CTA shape of the launch;
// the rules' findings and per-kernel verdicts.
#include <gtest/gtest.h>

#include "checks/tlxlint/LintContext.h"
#include "checks/tlxlint/TlxLint.h"
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

// The rules return checks::Finding located at the op's own byte offset (line
// and real column), and each kernel gets a typed verdict.
TEST(TlxLint, FindingsPointAtTheOpAndKernelsGetAVerdict) {
  const char *text = R"(module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @bad() {
    %c16 = arith.constant 16 : i32
    %c128 = arith.constant 128 : i32
      ttng.arrive_barrier_named %c16, %c128 : i32, i32
    tt.return
  }
  tt.func @clean() {
    tt.return
  }
})";
  support::Diagnostics diags;
  auto m = ir::parseModule(support::SourceBuffer::fromString("k.ttgir", text), diags);
  ASSERT_EQ(diags.errorCount(), 0u);
  checks::tlxlint::LintReport rep = checks::tlxlint::lintModule(*m);
  ASSERT_EQ(rep.findings.size(), 1u);
  const checks::Finding &f = rep.findings[0];
  EXPECT_EQ(f.check, "tlx-named-barrier-id");
  EXPECT_EQ(f.where.file, "k.ttgir");
  EXPECT_EQ(f.where.line, 5u);
  EXPECT_EQ(f.where.col, 7u);
  ASSERT_TRUE(f.where.offset);
  ASSERT_EQ(rep.kernels.size(), 2u);
  EXPECT_EQ(rep.kernels[0].kernel, "bad");
  EXPECT_EQ(rep.kernels[0].verdict, checks::tlxlint::LintVerdict::Errors);
  EXPECT_EQ(rep.kernels[0].findings, 1u);
  EXPECT_EQ(rep.kernels[1].verdict, checks::tlxlint::LintVerdict::Clean);
  EXPECT_STREQ(checks::tlxlint::lintVerdictName(rep.kernels[1].verdict), "clean");
}
