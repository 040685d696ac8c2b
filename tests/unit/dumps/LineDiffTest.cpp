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

TEST(LineDiff, TrimmedMiddlesAreWholeLinesAndKeepCounts) {
  std::vector<std::string> texts = {"",        "x",          "x\n",        "x\ny",       "x\nx\n",  "a\nb\nc\n",
                                    "a\nB\nc\n", "a\nb\nc",  "abc\n",      "abd\n",      "a\r\nb\n", "a\nb\n",
                                    "p\nq\nr\ns\nt\n", "p\nq\nX\ns\nt\n", "p\nq\ns\nt\n", "t\n",   "\n\n", "\n"};
  for (const std::string &a : texts)
    for (const std::string &b : texts) {
      auto [ma, mb] = trimCommonLines(a, b);
      // The middles are cut at line starts, and what is cut is the same on both sides.
      size_t pa = static_cast<size_t>(ma.data() - a.data()), pb = static_cast<size_t>(mb.data() - b.data());
      EXPECT_EQ(pa, pb);
      EXPECT_EQ(a.substr(0, pa), b.substr(0, pb));
      EXPECT_TRUE(pa == 0 || a[pa - 1] == '\n') << a << "|" << b;
      std::string ta = a.substr(pa + ma.size()), tb = b.substr(pb + mb.size());
      EXPECT_EQ(ta, tb) << a << "|" << b;
      EXPECT_TRUE(ta.empty() || ((pa + ma.size() == 0 || a[pa + ma.size() - 1] == '\n') &&
                                 (pb + mb.size() == 0 || b[pb + mb.size() - 1] == '\n')))
          << a << "|" << b;
      auto [added, removed] = lcsCounts(a, b);
      LineChanges c = countLineChanges(std::string_view(a), std::string_view(b));
      EXPECT_EQ(c.added, added) << a << "|" << b;
      EXPECT_EQ(c.removed, removed) << a << "|" << b;
    }
}
