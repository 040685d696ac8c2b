// BarTableTest: the mbarrier table's chunks (checks/model/State.h) -- sorted
// lookup and insertion across chunk splits, copies that share chunks until
// one changes (the original keeps its slots), equality and hash by content
// whatever the chunking, and forEachMut copying only what it changes.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "checks/model/State.h"

using namespace tscope::checks::model;

namespace {

BarTable build(const std::vector<uint64_t> &keys) {
  BarTable t;
  for (uint64_t k : keys)
    t[k].pending = static_cast<int64_t>(k * 3 + 1);
  return t;
}

TEST(BarTable, SortedAcrossChunks) {
  std::vector<uint64_t> keys;
  for (uint64_t k = 0; k < 70; ++k)
    keys.push_back(k * 7 % 71 + (k % 3) * 1000);
  std::mt19937 rng(1);
  std::shuffle(keys.begin(), keys.end(), rng);
  BarTable t = build(keys);
  std::vector<uint64_t> sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  ASSERT_EQ(t.size(), sorted.size());
  size_t i = 0;
  for (const auto &[k, b] : t) {
    EXPECT_EQ(k, sorted[i++]);
    EXPECT_EQ(b.pending, static_cast<int64_t>(k * 3 + 1));
  }
  for (uint64_t k : sorted)
    EXPECT_EQ(t.find(k)->first, k);
  EXPECT_EQ(t.find(999999), t.end());
  EXPECT_EQ(t.count(sorted.front()), 1u);
}

TEST(BarTable, EqualityAndHashIgnoreChunking) {
  std::vector<uint64_t> keys;
  for (uint64_t k = 0; k < 40; ++k)
    keys.push_back(k);
  BarTable ascending = build(keys);
  std::reverse(keys.begin(), keys.end());
  BarTable descending = build(keys); // other insertion order: other chunk splits
  EXPECT_TRUE(ascending == descending);
  EXPECT_EQ(ascending.hash(), descending.hash());
  descending[5].phase = 1;
  EXPECT_FALSE(ascending == descending);
}

TEST(BarTable, CopiesShareUntilChanged) {
  std::vector<uint64_t> keys;
  for (uint64_t k = 0; k < 30; ++k)
    keys.push_back(k);
  Shared<BarTable> a(build(keys));
  Shared<BarTable> b = a;
  b.mut()[17].phase = 5;
  EXPECT_EQ(a->find(17)->second.phase, 0);
  EXPECT_EQ(b->find(17)->second.phase, 5);
  EXPECT_EQ(b->find(3)->second.pending, 10);
  Shared<BarTable> c = b;
  c.mut().forEachMut([](uint64_t k, Bar &bar) {
    if (k == 2)
      bar.tx = 7;
  });
  EXPECT_EQ(b->find(2)->second.tx, 0);
  EXPECT_EQ(c->find(2)->second.tx, 7);
  EXPECT_EQ(c->find(17)->second.phase, 5);
}

} // namespace
