// InputsTest: inputs the model explores rather than gives up on -- the number
// of programs without --grid (planRuns) and unbound i1 arguments taken both
// ways, one argument taking one side per path.
#include <gtest/gtest.h>

#include "checks/model/Explorer.h"
#include "../kernel/KernelFixture.h"

using namespace tscope;
using namespace tscope::checks;

namespace {

struct Fixture : unittest::KernelFixture {
  using KernelFixture::KernelFixture;
};

const char *kPersistent = R"(module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @k(%n: i32) {
    %g = tt.get_num_programs x : i32
    %c0 = arith.constant 0 : i32
    scf.for %t = %c0 to %n step %g : i32 {
    }
    tt.return
  }
}
)";

TEST(Inputs, NumProgramsIsTriedWithTheOtherArguments) {
  Fixture f(kPersistent);
  ASSERT_EQ(f.diags.errorCount(), 0u);
  DeadlockOptions opts;
  opts.tryValues = {1, 2, 4};
  std::vector<std::string> unbound;
  auto runs = model::planRuns(*f.m, f.kernels[0], opts, unbound);
  ASSERT_EQ(unbound.size(), 2u);
  EXPECT_EQ(unbound[1], "num_programs");
  // Each grid at most the others' value: (1,1) (2,1) (2,2) (4,1) (4,2) (4,4).
  ASSERT_EQ(runs.size(), 6u);
  EXPECT_EQ(runs[0].second, "others=1, num_programs=1");
  EXPECT_EQ(runs[4].second, "others=4, num_programs=2");
  ASSERT_TRUE(runs[4].first.numPrograms);
  EXPECT_EQ((*runs[4].first.numPrograms)[0], 2);
  model::Explorer x(*f.m, f.kernels[0], opts);
  for (auto &[b, label] : runs)
    EXPECT_EQ(x.run(b, label).verdict, "no-deadlock") << label;
}

TEST(Inputs, GridGivenMeansNoSweepOfIt) {
  Fixture f(kPersistent);
  DeadlockOptions opts;
  opts.tryValues = {1, 2};
  opts.bindings.numPrograms = std::array<int64_t, 3>{3, 1, 1};
  std::vector<std::string> unbound;
  auto runs = model::planRuns(*f.m, f.kernels[0], opts, unbound);
  EXPECT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[1].second, "others=2");
}

/// %flag guards an arrive in one partition and a wait in the other; %x, a
/// second argument, guards a wait with nothing behind it.
std::string flagKernel(const std::string &waitGuard) {
  return R"(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @k(%flag: i1, %x: i1) {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%bar, %flag)
    default {
      scf.if %)" + waitGuard + R"( {
        ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<1xi64, #s, #smem, mutable>, %f: i1) num_warps(1) {
      scf.if %f {
        ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, i1) -> ()
    tt.return
  }
}
)";
}

TEST(Inputs, OneArgumentTakesOneSidePerPath) {
  Fixture f(flagKernel("flag"));
  ASSERT_EQ(f.diags.errorCount(), 0u);
  DeadlockOptions opts;
  model::Explorer x(*f.m, f.kernels[0], opts);
  DeadlockRun r = x.run(opts.bindings, "");
  EXPECT_EQ(r.verdict, "no-deadlock") << r.reason;
}

TEST(Inputs, TwoArgumentsAreIndependent) {
  Fixture f(flagKernel("x"));
  ASSERT_EQ(f.diags.errorCount(), 0u);
  DeadlockOptions opts;
  model::Explorer x(*f.m, f.kernels[0], opts);
  DeadlockRun r = x.run(opts.bindings, "");
  EXPECT_EQ(r.verdict, "deadlock") << r.reason;
  bool tookTrue = false;
  for (const TraceStep &st : r.trace)
    tookTrue |= st.action.find("takes the true side of scf.if on unbound %x") != std::string::npos;
  EXPECT_TRUE(tookTrue);
}

} // namespace
