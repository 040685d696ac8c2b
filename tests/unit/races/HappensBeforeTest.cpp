// HappensBeforeTest: vector clocks and the access history of the race checker.
#include <gtest/gtest.h>

#include "checks/model/HappensBefore.h"

using namespace tscope::checks::model;

namespace {

bool sameSlot(uint32_t a, int64_t sa, uint32_t b, int64_t sb) {
  return a == b && (sa < 0 || sb < 0 || sa == sb);
}

Access acc(uint32_t actor, uint32_t epoch, bool write, int64_t slot = 0) {
  Access a;
  a.actor = actor;
  a.epoch = epoch;
  a.write = write;
  a.slot = slot;
  return a;
}

} // namespace

TEST(VectorClock, JoinTickAndTrailingZeros) {
  VectorClock a, b;
  a.set(0, 3);
  b.set(2, 5);
  a.join(b);
  EXPECT_EQ(a.get(0), 3u);
  EXPECT_EQ(a.get(2), 5u);
  EXPECT_EQ(a.get(7), 0u);
  a.tick(0);
  EXPECT_EQ(a.get(0), 4u);
  VectorClock c, d;
  c.set(4, 1);
  c.set(4, 0); // equal clocks compare and hash equal whatever their history
  EXPECT_EQ(c, d);
  EXPECT_EQ(c.hash(), d.hash());
}

// Sparse: far actors (copy lanes of a late partition) cost one entry each; a
// join merges entry-wise maxima; zero entries are never kept.
TEST(VectorClock, SparseJoinKeepsOnlyKnownEntries) {
  VectorClock a, b;
  a.set(1000, 2);
  a.set(3, 7);
  b.set(3, 9);
  b.set(500, 1);
  a.join(b);
  EXPECT_EQ(a.get(3), 9u);
  EXPECT_EQ(a.get(500), 1u);
  EXPECT_EQ(a.get(1000), 2u);
  EXPECT_EQ(a.get(4), 0u);
  VectorClock c;
  c.set(500, 1);
  c.set(1000, 2);
  c.set(3, 9);
  EXPECT_EQ(a, c); // the order entries were set in does not matter
  EXPECT_EQ(a.hash(), c.hash());
  c.set(500, 0);
  EXPECT_NE(a, c);
  EXPECT_EQ(c.get(500), 0u);
}

// Two copies in flight on two lanes: acquiring the later copy's barrier
// (lane 1) does not order a read of the earlier copy's buffer (lane 0).
TEST(AccessHistory, OneEpochPerCopy) {
  AccessHistory h;
  const uint32_t lane0 = 5, lane1 = 6, consumer = 21;
  VectorClock copy0, copy1, c;
  copy0.set(lane0, 1);
  copy1.set(lane1, 1);
  c.set(consumer, 1);
  EXPECT_FALSE(h.record(acc(lane0, 1, true, 0), copy0, sameSlot));
  EXPECT_FALSE(h.record(acc(lane1, 1, true, 1), copy1, sameSlot));
  c.join(copy1); // the wait on the later copy's barrier
  EXPECT_FALSE(h.record(acc(consumer, 1, false, 1), c, sameSlot));
  EXPECT_TRUE(h.record(acc(consumer, 1, false, 0), c, sameSlot));
}

// A write released by an arrive and acquired by a wait orders the read.
TEST(AccessHistory, ReleaseAcquireOrdersTheRead) {
  AccessHistory h;
  VectorClock producer, consumer;
  producer.set(0, 1);
  consumer.set(2, 1);
  EXPECT_FALSE(h.record(acc(0, producer.get(0), true), producer, sameSlot));
  VectorClock released = producer; // arrive: release, then tick
  producer.tick(0);
  consumer.join(released); // wait: acquire
  EXPECT_FALSE(h.record(acc(2, consumer.get(2), false), consumer, sameSlot));
}

// Without the acquire the read races with the write; a read after read is
// never a race, and a different slot is apart.
TEST(AccessHistory, UnorderedConflictsAreFound) {
  AccessHistory h;
  VectorClock p, c;
  p.set(0, 1);
  c.set(2, 1);
  EXPECT_FALSE(h.record(acc(0, 1, true, 0), p, sameSlot));
  EXPECT_FALSE(h.record(acc(2, 1, false, 1), c, sameSlot)); // other slot
  auto hit = h.record(acc(2, 1, false, 0), c, sameSlot);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->earlier.actor, 0u);
  EXPECT_TRUE(hit->earlier.write);
  AccessHistory r;
  EXPECT_FALSE(r.record(acc(0, 1, false), p, sameSlot));
  EXPECT_FALSE(r.record(acc(2, 1, false), c, sameSlot));
  // A write after both unordered reads races with the first one kept.
  VectorClock w;
  w.set(4, 1);
  w.set(0, 1); // ordered after actor 0's read only
  auto war = r.record(acc(4, 1, true), w, sameSlot);
  ASSERT_TRUE(war);
  EXPECT_EQ(war->earlier.actor, 2u);
}

// The async agent's access (TMA write) is ordered only through the
// completion that carries its clock, not by its issuer's program order.
TEST(AccessHistory, AsyncAgentNeedsItsCompletion) {
  AccessHistory h;
  VectorClock issuer;
  issuer.set(0, 1);
  VectorClock agent = issuer;
  agent.set(1, 1);
  EXPECT_FALSE(h.record(acc(1, 1, true), agent, sameSlot));
  issuer.tick(0);
  EXPECT_TRUE(h.record(acc(0, issuer.get(0), false), issuer, sameSlot)); // no wait yet
  AccessHistory h2;
  EXPECT_FALSE(h2.record(acc(1, 1, true), agent, sameSlot));
  VectorClock waited = issuer;
  waited.join(agent); // the completion's barrier phase, acquired
  EXPECT_FALSE(h2.record(acc(0, waited.get(0), false), waited, sameSlot));
}

// A write ordered after everything at its slot replaces the history, which
// stays bounded however many rounds run.
TEST(AccessHistory, OrderedWriteReplacesHistory) {
  AccessHistory h;
  VectorClock all;
  for (uint32_t round = 1; round <= 50; ++round) {
    all.set(0, round);
    all.set(2, round);
    EXPECT_FALSE(h.record(acc(0, round, true), all, sameSlot));
    EXPECT_FALSE(h.record(acc(2, round, false), all, sameSlot));
  }
  EXPECT_LE(h.accesses().size(), 2u);
}

// Column-packed TMEM: accesses of one owner conflict only where their column
// ranges overlap; an access with no known columns covers them all. Siblings
// at different buffer.offset that still overlap (a 64-column view at 0 and
// one at 32) conflict.
TEST(AccessHistory, PackedTmemColumnsDecide) {
  auto cols = [](Access a, int64_t c0, int64_t c1) {
    a.col0 = c0;
    a.col1 = c1;
    return a;
  };
  VectorClock p, c;
  p.set(0, 1);
  c.set(2, 1);
  AccessHistory apart;
  EXPECT_FALSE(apart.record(cols(acc(0, 1, true, -1), 0, 64), p, sameSlot));
  EXPECT_FALSE(apart.record(cols(acc(2, 1, true, -1), 64, 65), c, sameSlot));
  AccessHistory overlap;
  EXPECT_FALSE(overlap.record(cols(acc(0, 1, true, -1), 0, 64), p, sameSlot));
  auto hit = overlap.record(cols(acc(2, 1, false, -1), 32, 96), c, sameSlot);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->earlier.col0, 0);
  AccessHistory whole;
  EXPECT_FALSE(whole.record(cols(acc(0, 1, true, -1), 64, 65), p, sameSlot));
  EXPECT_TRUE(whole.record(acc(2, 1, false, -1), c, sameSlot)); // no columns: all of it
}
