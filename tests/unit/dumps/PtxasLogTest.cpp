// PtxasLog: entries, warnings held for the next entry, autotune configs.
#include <gtest/gtest.h>

#include "dumps/PtxasLog.h"

using namespace tscope::dumps;

TEST(PtxasLog, ReadsEntriesWithConfigsAndVerdict) {
  PtxasLog log = parsePtxasLog(
      "Autotuning kernel k with config BLOCK: 256, num_warps: 1, num_ctas: 1, num_stages: 3, maxnreg: None\n"
      "ptxas warning : Too many maxnreg specified for entry k, will be ignored\n"
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function 'k' for 'sm_90a'\n"
      "ptxas info    : Function properties for k\n"
      "    8 bytes stack frame, 12 bytes spill stores, 16 bytes spill loads\n"
      "ptxas info    : Used 168 registers, used 4 barriers\n"
      "ptxas info    : Compile time = 25.5 ms\n"
      "ptxas-blackwell info    : Compiling entry function 'b' for 'sm_100a'\n"
      "ptxas-blackwell info    : Used 40 registers, 384 bytes cmem[0]\n"
      "Triton autotuning for function k,\nwith key as (1,),\nfinished after 4.51s,\n"
      "best config selected: BLOCK: 256, num_warps: 1, num_ctas: 1, num_stages: 3, maxnreg: None;\n");
  ASSERT_EQ(log.entries.size(), 2u);
  const PtxasEntry &e = log.entries[0];
  EXPECT_EQ(e.function, "k");
  EXPECT_EQ(e.arch, "sm_90a");
  EXPECT_EQ(e.registers, 168);
  EXPECT_EQ(e.barriers, 4);
  EXPECT_EQ(e.stackFrame, 8);
  EXPECT_EQ(e.spillStores, 12);
  EXPECT_EQ(e.spillLoads, 16);
  EXPECT_EQ(e.gmem, 0);
  EXPECT_DOUBLE_EQ(e.compileMs, 25.5);
  ASSERT_EQ(e.warnings.size(), 1u);
  ASSERT_TRUE(e.config);
  EXPECT_EQ(*e.config->numWarps, 1);
  EXPECT_FALSE(e.config->maxnreg);
  const PtxasEntry &b = log.entries[1];
  EXPECT_EQ(b.tool, "ptxas-blackwell");
  EXPECT_EQ(b.registers, 40);
  EXPECT_EQ(b.barriers, -1);
  EXPECT_EQ(b.cmem0, 384);
  EXPECT_FALSE(b.config); // a config belongs to one compile
  ASSERT_EQ(log.results.size(), 1u);
  EXPECT_EQ(log.results[0].bestConfig, "BLOCK: 256, num_warps: 1, num_ctas: 1, num_stages: 3, maxnreg: None");
  EXPECT_DOUBLE_EQ(log.results[0].seconds, 4.51);
}

TEST(PtxasLog, GarbageIsSkipped) {
  PtxasLog log = parsePtxasLog("ptxas info    : Used 99999999999999999999 registers\nptxas\n\n");
  EXPECT_TRUE(log.entries.empty());
}
