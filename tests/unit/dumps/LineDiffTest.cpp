// LineDiff: Myers counts and unified hunks.
#include <gtest/gtest.h>
#include <sstream>

#include "dumps/LineDiff.h"

using namespace tscope::dumps;

TEST(LineDiff, CountsAddedAndRemoved) {
  LineChanges c = countLineChanges("a\nb\nc\nd", "a\nx\nc\nd\ne");
  EXPECT_EQ(c.added, 2u);
  EXPECT_EQ(c.removed, 1u);
  EXPECT_TRUE(c.exact);
  EXPECT_EQ(countLineChanges("same", "same").added, 0u);
  LineChanges all = countLineChanges("", "a\nb");
  EXPECT_EQ(all.added, 2u);
  EXPECT_EQ(all.removed, 0u);
}

TEST(LineDiff, UnifiedDiffUsesLogLines) {
  std::ostringstream os;
  writeUnifiedDiff(os, "a\nb\nc\nd\ne\nf\ng\nh", "a\nb\nc\nd\nE\nf\ng\nh", "before", "after", 100, 200, 1);
  EXPECT_EQ(os.str(), "--- before\n+++ after\n@@ -103,3 +203,3 @@\n d\n-e\n+E\n f\n");
}

TEST(LineDiff, ScriptIsMinimalOnReorders) {
  std::ostringstream os;
  writeUnifiedDiff(os, "x\ny\nz", "y\nz\nx", "a", "b", 1, 1, 0);
  // One line moved: one removal and one addition.
  EXPECT_EQ(os.str(), "--- a\n+++ b\n@@ -1,1 +0,0 @@\n-x\n@@ -3,0 +3,1 @@\n+x\n");
}
