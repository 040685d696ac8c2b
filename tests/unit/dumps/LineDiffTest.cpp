// LineDiff: Myers counts and unified hunks.
#include <gtest/gtest.h>
#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

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

namespace {
// Reference counts: lines outside a longest common subsequence (O(nm) table).
std::pair<uint32_t, uint32_t> lcsCounts(const std::string &a, const std::string &b) {
  auto split = [](const std::string &t) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start < t.size()) {
      size_t nl = t.find('\n', start);
      std::string l = t.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
      if (!l.empty() && l.back() == '\r')
        l.pop_back();
      out.push_back(l);
      if (nl == std::string::npos)
        break;
      start = nl + 1;
    }
    return out;
  };
  std::vector<std::string> x = split(a), y = split(b);
  std::vector<std::vector<uint32_t>> t(x.size() + 1, std::vector<uint32_t>(y.size() + 1, 0));
  for (size_t i = 1; i <= x.size(); ++i)
    for (size_t j = 1; j <= y.size(); ++j)
      t[i][j] = x[i - 1] == y[j - 1] ? t[i - 1][j - 1] + 1 : std::max(t[i - 1][j], t[i][j - 1]);
  uint32_t l = t[x.size()][y.size()];
  return {static_cast<uint32_t>(y.size()) - l, static_cast<uint32_t>(x.size()) - l};
}
} // namespace

TEST(LineDiff, PreHashedLinesCountAsTheLcs) {
  // The path of `tscope passes` (each dump split once) and the text path
  // both give the lines outside a longest common subsequence.
  std::vector<std::string> texts = {"", "a", "a\nb\nc", "a\r\nb\nc\n", "c\nb\na", "a\nb\nb\nc\nd\ne",
                                    "x\ny\nz\na\nb", "a\nb\nc\n\n\n", "b\nc\nd\ne\nf\ng"};
  std::string big, bigEdited;
  for (int i = 0; i < 500; ++i) {
    big += "line " + std::to_string(i % 37) + "\n";
    bigEdited += (i % 11 == 0 ? "new " : "line ") + std::to_string(i % 37) + "\n";
  }
  texts.push_back(big);
  texts.push_back(bigEdited);
  for (const std::string &a : texts)
    for (const std::string &b : texts) {
      auto [added, removed] = lcsCounts(a, b);
      LineChanges text = countLineChanges(std::string_view(a), std::string_view(b));
      LineChanges got = countLineChanges(hashLines(a), hashLines(b));
      EXPECT_EQ(got.added, added) << a << "|" << b;
      EXPECT_EQ(got.removed, removed) << a << "|" << b;
      EXPECT_EQ(text.added, added);
      EXPECT_EQ(text.removed, removed);
      EXPECT_TRUE(got.exact);
    }
  EXPECT_EQ(hashLines("a\r\nb").size(), 2u);
  EXPECT_EQ(hashLines("a\r\nb")[0].text, "a");
}
