// WarpSpecializeResultsTest: the results of a ttg.warp_specialize -- unknown
// when the op is stepped over, the given values after leaveRegionOp, and
// leaveRegionOp refused where the process is not stopped at such an op.
#include <gtest/gtest.h>

#include "InterpTestUtil.h"

using namespace tscope::interptest;

namespace {

const char *kText = R"(
tt.func @f(%n: i32) {
  %c1 = arith.constant 1 : i32
  %r:2 = ttg.warp_specialize(%n)
  default {
    %x = arith.addi %n, %c1 : i32
    ttg.warp_yield %x, %n : i32, i32
  }
  partition0(%a: i32) num_warps(1) {
    ttg.warp_return
  } : (i32) -> (i32, i32)
  %s = arith.addi %r#0, %r#1 : i32
  test.after %s : i32
  tt.return
}
)";

TEST(WarpSpecializeResults, SteppedOverTheResultsAreUnknown) {
  auto c = compile(kText);
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", 5)), (std::vector<std::string>{"?", "done"}));
}

TEST(WarpSpecializeResults, LeaveRegionOpWritesTheResults) {
  auto c = compile(kText);
  ASSERT_EQ(c->diags.errorCount(), 0u);
  auto stopAt = [](const tscope::ir::Operation &op) { return isProbe(op) || op.is("ttg.warp_specialize"); };
  Process p = Process::start(*c->prog, Bindings().set("n", 5));
  Scalar vals[2] = {Scalar::known(6, 32), Scalar::known(5, 32)};
  EXPECT_FALSE(p.leaveRegionOp(vals)) << "not stopped at the op yet";
  StepResult r = p.step(stopAt);
  ASSERT_TRUE(r.isEvent());
  ASSERT_TRUE(r.op->is("ttg.warp_specialize"));
  ASSERT_TRUE(p.leaveRegionOp(vals));
  r = p.step(stopAt);
  ASSERT_TRUE(r.isEvent());
  EXPECT_EQ(p.operand(0).str(), "11");
  // Fewer values than results: the rest stay unknown.
  Process q = Process::start(*c->prog, Bindings().set("n", 5));
  ASSERT_TRUE(q.step(stopAt).isEvent());
  ASSERT_TRUE(q.leaveRegionOp(std::span<const Scalar>(vals, 1)));
  ASSERT_TRUE(q.step(stopAt).isEvent());
  EXPECT_FALSE(q.operand(0).isKnown());
  // At an op without regions it is refused.
  ASSERT_TRUE(q.step(stopAt).isDone());
  EXPECT_FALSE(q.leaveRegionOp(vals));
}

} // namespace
