// MbarrierRulesTest: the phase arithmetic of PTX ISA 9.7.13.15 as the model
// states it (waits consume nothing, completion needs arrivals and bytes,
// a fresh barrier passes parity 1, over-arrival), and the named-barrier rule.
#include <gtest/gtest.h>

#include "checks/model/MbarrierRules.h"
#include "checks/model/NamedBarrier.h"

using namespace tscope::checks::model;

namespace {

TEST(MbarrierRules, FreshBarrierIsInPhaseZeroAndPassesParityOne) {
  Bar b;
  initBarrier(b, 2);
  EXPECT_EQ(b.phase, 0);
  EXPECT_EQ(b.pending, 2);
  EXPECT_TRUE(waitPasses(b, 1));
  EXPECT_FALSE(waitPasses(b, 0));
}

TEST(MbarrierRules, WaitsConsumeNothing) {
  Bar b;
  initBarrier(b, 1);
  applyArrivals(b, 1, 0);
  Bar before = b;
  // Any number of waits on parity 0 pass once phase 0 completed; none moves the barrier.
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(waitPasses(b, 0));
  EXPECT_EQ(b, before);
}

TEST(MbarrierRules, PhaseCompletesWhenArrivalsReachZero) {
  Bar b;
  initBarrier(b, 2);
  ArrivalEffect e = applyArrivals(b, 1, 0);
  EXPECT_FALSE(e.completed);
  EXPECT_EQ(b.pending, 1);
  EXPECT_EQ(effectText(e), "(pending 2 -> 1)");
  e = applyArrivals(b, 1, 0);
  EXPECT_TRUE(e.completed);
  EXPECT_EQ(b.phase, 1);
  EXPECT_EQ(b.pending, 2); // reset to the expected count
  EXPECT_EQ(effectText(e), "(pending 1 -> 0, phase 0 completes)");
  EXPECT_TRUE(waitPasses(b, 0));
  EXPECT_FALSE(waitPasses(b, 1));
}

TEST(MbarrierRules, PhaseWaitsForTransactionBytesToDrain) {
  Bar b;
  initBarrier(b, 1);
  // expect 8192 bytes + arrive: arrivals are complete, the bytes are not.
  ArrivalEffect e = applyArrivals(b, 1, 8192);
  EXPECT_FALSE(e.completed);
  EXPECT_EQ(b.pending, 0);
  EXPECT_EQ(b.tx, 8192);
  EXPECT_EQ(effectText(e), "(pending 1 -> 0, tx 0 -> 8192)");
  // The TMA's complete_tx delivers them.
  e = applyArrivals(b, 0, -8192);
  EXPECT_TRUE(e.completed);
  EXPECT_EQ(b.phase, 1);
  EXPECT_EQ(effectText(e), "(pending 0 -> 0, tx 8192 -> 0, phase 0 completes)");
}

TEST(MbarrierRules, BytesMayLandBeforeTheExpect) {
  Bar b;
  initBarrier(b, 1);
  EXPECT_FALSE(applyArrivals(b, 0, -4096).completed);
  EXPECT_EQ(b.tx, -4096);
  EXPECT_TRUE(applyArrivals(b, 1, 4096).completed);
}

TEST(MbarrierRules, OverArrival) {
  Bar b;
  initBarrier(b, 1);
  EXPECT_FALSE(overArrives(b, 1));
  EXPECT_TRUE(overArrives(b, 2));
  applyArrivals(b, 1, 8192); // arrivals complete; the phase waits for bytes
  EXPECT_TRUE(overArrives(b, 1));
  EXPECT_FALSE(overArrives(b, 0)); // bytes alone are not an arrival
  Bar raw;                         // never initialised: not judged
  EXPECT_FALSE(overArrives(raw, 1));
}

TEST(MbarrierRules, CompletionHandsTheReleasesToTheWaits) {
  Bar b;
  initBarrier(b, 1);
  b.acc.set(0, 3);
  applyArrivals(b, 1, 0);
  EXPECT_TRUE(b.acc.empty());
  EXPECT_EQ(b.done.get(0), 3u);
}

TEST(MbarrierRules, KeysHoldAllocationAndSlot) {
  uint64_t k = keyOf({7, 2});
  EXPECT_EQ(allocOfKey(k), 7u);
  EXPECT_EQ(slotOfKey(k), 2);
}

TEST(NamedBarrier, ReleasesWhenThreadCountIsReached) {
  Named nb;
  EXPECT_FALSE(arriveNamed(nb, 128, 256, true, nullptr, 0));
  EXPECT_EQ(nb.arrived, 128);
  EXPECT_TRUE(arriveNamed(nb, 128, 256, false, nullptr, 5));
  EXPECT_EQ(nb.arrived, 0);
  EXPECT_EQ(nb.generation, 1);
}

TEST(NamedBarrier, ASyncAcquiresTheGenerationsReleases) {
  Named nb;
  VectorClock a, b;
  a.set(0, 1);
  b.set(5, 1);
  arriveNamed(nb, 128, 256, false, &a, 0);
  EXPECT_TRUE(arriveNamed(nb, 128, 256, true, &b, 5));
  EXPECT_EQ(b.get(0), 1u); // b acquired a's release
  EXPECT_EQ(a.get(0), 2u); // the arrival ticked a
}

} // namespace
