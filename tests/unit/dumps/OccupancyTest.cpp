// Occupancy: the register, shared-memory, warp and TMEM limits on sm_90/sm_100.
#include <gtest/gtest.h>

#include "dumps/Occupancy.h"
#include "dumps/WarpBudget.h"

using namespace tscope::dumps;

static Occupancy occ(int cc, int warps, int regs, int64_t smem, int64_t tmem = 0) {
  return computeOccupancy(*smLimits(cc), {warps, regs, smem, tmem});
}

TEST(Occupancy, RegistersRoundToWarpUnitsAndSubPartitions) {
  // 38 regs -> 1216 per warp -> 1280; 16384 / 1280 = 12 warps per partition.
  Occupancy o = occ(90, 8, 38, 0);
  EXPECT_EQ(o.byRegisters, 6);
  EXPECT_EQ(o.ctasPerSm, 6);
  EXPECT_EQ(o.limiter, "registers");
  EXPECT_EQ(o.regsPerThreadAllocated, 40);
  // 255 registers x 8 warps is exactly the 64K file: one CTA.
  Occupancy ws = occ(90, 8, 255, 32884);
  EXPECT_TRUE(ws.launchable);
  EXPECT_EQ(ws.ctasPerSm, 1);
  // 255 registers x 12 warps does not fit at all.
  Occupancy no = occ(90, 12, 255, 0);
  EXPECT_FALSE(no.launchable);
}

TEST(Occupancy, SharedMemoryCountsTheReservedKilobyte) {
  // 73752 + 1024 -> 74752 bytes per CTA; 233472 / 74752 = 3.
  Occupancy o = occ(90, 4, 90, 73752);
  EXPECT_EQ(o.bySharedMemory, 3);
  EXPECT_EQ(o.limiter, "shared memory");
  EXPECT_FALSE(occ(90, 4, 32, 232449).launchable);
}

TEST(Occupancy, WarpsCtaSlotsAndTmem) {
  EXPECT_EQ(occ(90, 1, 30, 0).limiter, "CTA slots");
  EXPECT_EQ(occ(90, 16, 16, 0).limiter, "warps");
  Occupancy t = occ(100, 4, 32, 0, 200); // 200 columns allocate 256 of 512
  EXPECT_EQ(t.byTmem, 2);
  EXPECT_EQ(t.limiter, "TMEM");
  EXPECT_FALSE(occ(90, 4, 32, 0, 64).launchable); // no TMEM on sm_90
  EXPECT_EQ(smLimits(80), nullptr);
}

TEST(WarpBudget, MatchesTritonsAllocationForTwoComputeGroups) {
  // tl_persistent_matmul_ws on sm_90: default 4 warps, two 4-warp partitions
  // asking for 232; the PTX has .maxnreg 168, setmaxnreg.dec 40 / inc 232.
  WarpSpecBudget b = modelBudget(4, {4, 4}, {232, 232}, 0, 8);
  EXPECT_EQ(b.totalWarps, 12);
  EXPECT_EQ(b.maxnreg, 168);
  ASSERT_EQ(b.groups.size(), 3u);
  EXPECT_EQ(b.groups[0].registers, 40);
  EXPECT_EQ(b.groups[1].registers, 232);
  EXPECT_EQ(b.totalRegisters, 4 * 32 * 40 + 2 * 4 * 32 * 232);
}

TEST(WarpBudget, PadsAOneWarpLoaderToAWarpGroup) {
  // Gluon loader of 1 warp asking for 24: padded with 2 + 1 warps (16 each);
  // the PTX has setmaxnreg.dec 24 and inc 256.
  WarpSpecBudget b = modelBudget(4, {1}, {24}, 0, 1);
  EXPECT_EQ(b.totalWarps, 8);
  ASSERT_EQ(b.groups.size(), 4u);
  EXPECT_EQ(b.groups[2].name, "padding");
  EXPECT_EQ(b.groups[2].warps, 2);
  EXPECT_EQ(b.groups[1].registers, 24);
  EXPECT_EQ(b.groups[0].registers, 256);
  EXPECT_FALSE(b.note.empty()); // 488 left over, above setmaxnreg's 256
}
