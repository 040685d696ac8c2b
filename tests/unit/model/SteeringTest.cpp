// SteeringTest: which values a fold compares (checks/model/Periodicity.h,
// steeringValues) -- a TMA coordinate carried through a loop and the values
// it is computed from do not steer; a value that reaches a buffer index, a
// branch, a loop bound or a barrier op does, through arithmetic and the
// loop's iter_args alike.
#include <gtest/gtest.h>

#include <string>

#include "checks/model/Periodicity.h"
#include "interp/Program.h"
#include "interp/Scalar.h"
#include "../kernel/KernelFixture.h"

using namespace tscope;

namespace {

const char *kKernel = R"(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @k(%desc: !tt.tensordesc<tensor<64x64xf16, #nv>>, %n: i32, %h: i32, %m: i32) {
    %z = arith.constant 0 : i32
    %o = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %s64 = arith.constant 64 : i32
    %true = arith.constant true
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #nv, #smem, mutable>
    %base = arith.muli %n, %h : i32
    %base2 = arith.addi %m, %o : i32
    %end:2 = scf.for %j = %z to %n step %s64 iter_args(%off = %base, %sel = %base2) -> (i32, i32) : i32 {
      %slot = arith.remsi %sel, %two : i32
      %fb = ttg.memdesc_index %bars[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      %dst = ttg.memdesc_index %buf[%slot] : !ttg.memdesc<2x64x64xf16, #nv, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
      %row = arith.addi %off, %s64 : i32
      ttng.async_tma_copy_global_to_local %desc[%row, %z] %dst, %fb, %true : !tt.tensordesc<tensor<64x64xf16, #nv>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
      %next = arith.addi %off, %s64 : i32
      %sel2 = arith.addi %sel, %o : i32
      scf.yield %next, %sel2 : i32, i32
    }
    tt.return
  }
}
)";

TEST(Steering, CoordinatesDoNotSteerIndicesDo) {
  unittest::KernelFixture f(kKernel);
  ASSERT_EQ(f.kernels.size(), 1u);
  interp::Program prog(*f.m, *f.kernels[0].func);
  std::vector<uint8_t> steer = checks::model::steeringValues(*f.m, prog);
  ASSERT_EQ(steer.size(), prog.numDynamicValues() + 1);
  auto steers = [&](const std::string &name) {
    for (uint32_t id = 1; id <= prog.numDynamicValues(); ++id)
      if (interp::valueName(*f.m, *prog.dynamicValue(id)) == name)
        return steer[id] != 0;
    ADD_FAILURE() << "no value " << name;
    return false;
  };
  // Only TMA coordinates, through the iter_arg and its init.
  EXPECT_FALSE(steers("%row"));
  EXPECT_FALSE(steers("%off"));
  EXPECT_FALSE(steers("%next"));
  EXPECT_FALSE(steers("%base"));
  EXPECT_FALSE(steers("%h"));
  // A buffer index, through the iter_arg, the yield and the init.
  EXPECT_TRUE(steers("%slot"));
  EXPECT_TRUE(steers("%sel"));
  EXPECT_TRUE(steers("%sel2"));
  EXPECT_TRUE(steers("%base2"));
  EXPECT_TRUE(steers("%m"));
  // The loop bound.
  EXPECT_TRUE(steers("%n"));
}

} // namespace
