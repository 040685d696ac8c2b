// ThreadGraph and TokenReach: loop entry/back/zero-trip edges, branch edges,
// warp_specialize workers as threads of their own, fences stopping tokens.
#include <gtest/gtest.h>

#include "FenceTestIr.h"
#include "checks/fences/ThreadGraph.h"
#include "checks/fences/TokenReach.h"

using namespace tscope;
using namespace tscope::checks::fences;
using tscope::testing::kernelIr;
using tscope::testing::ParsedIr;
namespace ops = tscope::testing::ops;

namespace {

uint32_t nodeOf(const ThreadGraph &g, const ir::Operation *op) {
  auto n = g.node(op);
  EXPECT_TRUE(n.has_value());
  return n.value_or(0);
}

bool hasEdge(const ThreadGraph &g, uint32_t a, uint32_t b, EdgeKind kind) {
  const Edge *e = g.edge(a, b);
  return e && e->kind == kind;
}

} // namespace

TEST(ThreadGraph, LoopHasEntryBackAndZeroTripEdges) {
  ParsedIr p(kernelIr(std::string("    scf.for %i = %c0 to %n step %c1 : i32 {\n") + ops::kTmaStoreX +
                      ops::kStoreX + "    }\n" + ops::kFence));
  ASSERT_EQ(p.diags.errorCount(), 0u);
  ThreadGraph g(p.kernels[0]);
  uint32_t loop = nodeOf(g, p.find("scf.for"));
  uint32_t tma = nodeOf(g, p.find("ttng.async_tma_copy_local_to_global"));
  uint32_t store = nodeOf(g, p.find("ttg.local_store"));
  uint32_t fence = nodeOf(g, p.find("ttng.fence_async_shared"));
  EXPECT_TRUE(hasEdge(g, loop, tma, EdgeKind::EnterLoop));
  EXPECT_TRUE(hasEdge(g, loop, fence, EdgeKind::SkipLoop));
  EXPECT_TRUE(hasEdge(g, tma, store, EdgeKind::Next));
  // The body ends without a printed scf.yield: its last op loops back and exits.
  EXPECT_TRUE(hasEdge(g, store, tma, EdgeKind::BackEdge));
  EXPECT_TRUE(hasEdge(g, store, fence, EdgeKind::ExitLoop));
  EXPECT_EQ(g.threads().size(), 1u);
  EXPECT_EQ(g.threadOf(store), 0);
}

TEST(ThreadGraph, IfWithoutElseCanBeSkipped) {
  ParsedIr p(kernelIr(std::string("    scf.if %cond {\n") + ops::kFence + "    }\n" + ops::kTmaStoreX));
  ASSERT_EQ(p.diags.errorCount(), 0u);
  ThreadGraph g(p.kernels[0]);
  uint32_t ifn = nodeOf(g, p.find("scf.if"));
  uint32_t fence = nodeOf(g, p.find("ttng.fence_async_shared"));
  uint32_t tma = nodeOf(g, p.find("ttng.async_tma_copy_local_to_global"));
  EXPECT_TRUE(hasEdge(g, ifn, fence, EdgeKind::EnterBranch));
  EXPECT_TRUE(hasEdge(g, ifn, tma, EdgeKind::SkipBranch));
  EXPECT_TRUE(hasEdge(g, fence, tma, EdgeKind::LeaveBranch));
  auto path = g.findPath(ifn, tma, [&](uint32_t n) { return n == fence; });
  ASSERT_EQ(path.size(), 2u); // the skip edge avoids the fence
}

TEST(ThreadGraph, WorkersAreThreadsOfTheirOwn) {
  std::string body = R"(    ttg.warp_specialize(%x, %ready)
    default {
      ttg.warp_yield
    }
    partition0(%px: !ttg.memdesc<64x64xf16, #n, #smem, mutable>, %pr: !ttg.memdesc<2x1xi64, #s, #smem, mutable>) num_warps(1) {
      %l = ttg.local_load %px : !ttg.memdesc<64x64xf16, #n, #smem, mutable> -> tensor<64x64xf16, #b>
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #n, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>) -> ()
)";
  ParsedIr p(kernelIr(body));
  ASSERT_EQ(p.diags.errorCount(), 0u);
  ThreadGraph g(p.kernels[0]);
  ASSERT_EQ(g.threads().size(), 2u);
  EXPECT_EQ(g.threads()[1].name, "partition0");
  uint32_t ws = nodeOf(g, p.find("ttg.warp_specialize"));
  uint32_t yield = nodeOf(g, p.find("ttg.warp_yield"));
  uint32_t load = nodeOf(g, p.find("ttg.local_load"));
  EXPECT_TRUE(hasEdge(g, ws, yield, EdgeKind::Fork));
  EXPECT_EQ(g.threadOf(yield), 0);
  EXPECT_EQ(g.threadOf(load), 1);
  EXPECT_EQ(g.threads()[1].entry, load);
  ASSERT_EQ(g.forks().size(), 1u);
  EXPECT_EQ(g.forks()[0].joinNode.value_or(0), yield);
  // The main thread never enters the worker region.
  EXPECT_TRUE(g.findPath(ws, load, [](uint32_t) { return false; }).empty());
}

TEST(TokenReach, FencesStopTokensAlongEveryPath) {
  // store; loop { fence; tma }; tma: inside the loop every path crosses the
  // fence, after it the zero-trip edge does not.
  ParsedIr p(kernelIr(std::string(ops::kStoreX) + "    scf.for %i = %c0 to %n step %c1 : i32 {\n" + ops::kFence +
                      ops::kTmaStoreX + "    }\n" + ops::kTmaStoreX));
  ASSERT_EQ(p.diags.errorCount(), 0u);
  ThreadGraph g(p.kernels[0]);
  uint32_t store = nodeOf(g, p.find("ttg.local_store"));
  uint32_t fence = nodeOf(g, p.find("ttng.fence_async_shared"));
  uint32_t inLoop = nodeOf(g, p.find("ttng.async_tma_copy_local_to_global", 0));
  uint32_t after = nodeOf(g, p.find("ttng.async_tma_copy_local_to_global", 1));
  TokenFlow flow;
  flow.tokens = 1;
  flow.genAfter.assign(g.size(), {});
  flow.genBefore.assign(g.size(), {});
  flow.killer.assign(g.size(), false);
  flow.killable = {true};
  flow.genAfter[store].push_back(0);
  flow.killer[fence] = true;
  auto in = reachingTokens(g, flow);
  EXPECT_FALSE(in[inLoop].contains(0));
  EXPECT_TRUE(in[after].contains(0)); // the loop may run zero times
  flow.killer[fence] = false;
  in = reachingTokens(g, flow);
  EXPECT_TRUE(in[inLoop].contains(0));
}

TEST(TokenSet, UniteFilterItems) {
  TokenSet a(130), b(130);
  a.insert(1);
  b.insert(1);
  b.insert(129);
  EXPECT_TRUE(a.unite(b));
  EXPECT_FALSE(a.unite(b));
  std::vector<bool> keep(130, true);
  keep[1] = false;
  a.filter(keep);
  EXPECT_EQ(a.items(), std::vector<uint32_t>{129});
}
