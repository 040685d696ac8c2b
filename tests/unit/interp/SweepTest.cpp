// Sweep over real fixtures: the TMA coordinates the interpreter computes for
// every program id and loop iteration agree with the kernels' Python source
// (tools/corpus/*.py), and a persistent kernel stores every tile exactly once.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "InterpTestUtil.h"
#include "interp/Sweep.h"

using namespace tscope::interptest;
namespace ir = tscope::ir;

namespace {

bool named(const ir::Operation &op, std::string_view n) { return op.opName() == n; }

} // namespace

// gluon_ws_tma.py: partition0 loads A[off_m, kt*64] and B[kt*64, off_n] for
// kt < ceil(K/64), off_m = pid_x*128, off_n = pid_y*64; the function stores
// C[off_m, off_n] after the warp_specialize.
TEST(Sweep, GluonWsTmaCoordinatesForEveryProgramAndIteration) {
  auto c = compileFixture("gluon_ws_tma");
  ASSERT_TRUE(c->prog);
  const ir::Operation *ws = findOp(*c->m, "ttg.warp_specialize");
  ASSERT_TRUE(ws && ws->numRegions == 2);
  Bindings b;
  b.set("K", 256);
  b.numPrograms = {{3, 2, 1}};
  EventSet loads = c->prog->select(
      [](const ir::Operation &op) { return named(op, "ttng.async_tma_copy_global_to_local"); });
  using Coord = std::tuple<int64_t, int64_t, uint32_t, int64_t, int64_t>;
  std::vector<Coord> got;
  SweepSummary s = sweepGrid(*c->prog, b, ws->region(1), loads,
                             [&](const Process &p, const ir::Operation &op, const Dim3 &pid) {
                               got.emplace_back(pid[0], pid[1], op.line, p.operand(1).sext(),
                                                p.operand(2).sext());
                               return true;
                             });
  EXPECT_EQ(s.programs, 6u);
  EXPECT_EQ(s.regionRuns, 6u);
  EXPECT_EQ(s.unknownPrograms, 0u);
  std::vector<Coord> want;
  uint32_t lineA = findOp(*c->m, "ttng.async_tma_copy_global_to_local", 0)->line;
  uint32_t lineB = findOp(*c->m, "ttng.async_tma_copy_global_to_local", 1)->line;
  for (int64_t y = 0; y < 2; ++y)
    for (int64_t x = 0; x < 3; ++x)
      for (int64_t kt = 0; kt < 4; ++kt) {
        want.emplace_back(x, y, lineA, x * 128, kt * 64);
        want.emplace_back(x, y, lineB, kt * 64, y * 64);
      }
  EXPECT_EQ(got, want);
  EXPECT_EQ(s.events, want.size());

  // The store runs in the function body, after the regions.
  EventSet stores = c->prog->select(
      [](const ir::Operation &op) { return named(op, "ttng.async_tma_copy_local_to_global"); });
  std::vector<std::pair<int64_t, int64_t>> st;
  s = sweepGrid(*c->prog, b, nullptr, stores,
                [&](const Process &p, const ir::Operation &, const Dim3 &) {
                  st.emplace_back(p.operand(1).sext(), p.operand(2).sext());
                  return true;
                });
  EXPECT_EQ(s.events, 6u);
  EXPECT_EQ(st, (std::vector<std::pair<int64_t, int64_t>>{
                    {0, 0}, {128, 0}, {256, 0}, {0, 64}, {128, 64}, {256, 64}}));
}

// tl_persistent_matmul.py with warp specialization: 132 persistent programs
// walk the 128x64 tiles in grouped order (GROUP_M = 8); two partitions each
// store one 64x64 half. Over the whole grid every half-tile of C must be
// stored exactly once.
TEST(Sweep, PersistentMatmulStoresEveryTileExactlyOnce) {
  auto c = compileFixture("tl_persistent_matmul_ws");
  ASSERT_TRUE(c->prog);
  const ir::Operation *ws = findOp(*c->m, "ttg.warp_specialize");
  ASSERT_TRUE(ws);
  const int64_t M = 4096, N = 2048, K = 128;
  Bindings b;
  b.set("M", M).set("N", N).set("K", K);
  b.numPrograms = {{132, 1, 1}};
  EventSet stores = c->prog->select(
      [](const ir::Operation &op) { return named(op, "ttng.async_tma_copy_local_to_global"); });
  std::map<std::pair<int64_t, int64_t>, int> count;
  uint64_t events = 0;
  for (uint32_t r = 1; r < ws->numRegions; ++r) {
    SweepSummary s =
        sweepGrid(*c->prog, b, ws->region(r), stores,
                  [&](const Process &p, const ir::Operation &, const Dim3 &) {
                    ++count[{p.operand(1).sext(), p.operand(2).sext()}];
                    return true;
                  });
    EXPECT_EQ(s.unknownPrograms, 0u);
    events += s.events;
  }
  EXPECT_EQ(events, static_cast<uint64_t>((M / 64) * (N / 64)));
  for (int64_t m = 0; m < M; m += 64)
    for (int64_t n = 0; n < N; n += 64)
      EXPECT_EQ((count[{m, n}]), 1) << m << "," << n;
  EXPECT_EQ(count.size(), static_cast<size_t>((M / 64) * (N / 64)));
}

TEST(Sweep, UnknownBoundIsReportedOncePerProgram) {
  auto c = compileFixture("gluon_ws_tma");
  const ir::Operation *ws = findOp(*c->m, "ttg.warp_specialize");
  Bindings b;
  b.numPrograms = {{2, 2, 1}};
  SweepSummary s = sweepGrid(*c->prog, b, ws->region(1), c->prog->select(isProbe),
                             [](const Process &, const ir::Operation &, const Dim3 &) {
                               return true;
                             });
  EXPECT_EQ(s.programs, 4u);
  EXPECT_EQ(s.unknownPrograms, 4u);
  ASSERT_TRUE(s.firstUnknown);
  EXPECT_EQ(s.firstUnknown->cause, StepResult::Cause::UpperBound);
  EXPECT_EQ(s.firstUnknown->value.reason(), Reason::Unbound);
  EXPECT_EQ(s.firstUnknownPid, (Dim3{0, 0, 0}));
}

TEST(Sweep, CallbackCanStopTheSweep) {
  auto c = compileFixture("gluon_ws_tma");
  const ir::Operation *ws = findOp(*c->m, "ttg.warp_specialize");
  Bindings b;
  b.set("K", 1024);
  b.numPrograms = {{10, 10, 1}};
  int seen = 0;
  SweepSummary s = sweepGrid(
      *c->prog, b, ws->region(1),
      c->prog->select([](const ir::Operation &op) { return op.is("ttng.wait_barrier"); }),
      [&](const Process &, const ir::Operation &, const Dim3 &) { return ++seen < 5; });
  EXPECT_TRUE(s.stoppedByCallback);
  EXPECT_EQ(s.events, 5u);
  EXPECT_EQ(s.programs, 1u);
}

// A handle looked up once reads the same value as value(const Value *).
TEST(Sweep, HandlesReadLikeValues) {
  auto c = compileFixture("gluon_ws_tma");
  const ir::Value *kt = findValue(*c->m, "%k_tiles_14");
  ASSERT_TRUE(kt);
  ValueHandle h = c->prog->handle(kt);
  Process p = Process::start(*c->prog, Bindings().set("K", 640));
  ASSERT_TRUE(p.step([](const ir::Operation &op) { return op.is("ttg.warp_specialize"); })
                  .isEvent());
  EXPECT_EQ(p.value(h).sext(), 10);
  EXPECT_EQ(p.value(kt).sext(), 10);
}
