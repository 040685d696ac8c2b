// Unit tests of `tscope passes --check`'s timeline logic: which pass a
// finding appears or disappears after, how undecided and unreadable
// snapshots weaken that, a finding's identity across snapshots, and the
// diff excerpt around a finding's lines.
#include <gtest/gtest.h>

#include "driver/PassCheck.h"

using namespace tscope;
using driver::FindingEvent;
using driver::StepKeys;

namespace {
StepKeys step(std::vector<std::string> keys, bool decided = true, bool informative = true) {
  StepKeys s;
  s.keys = std::move(keys);
  s.decided = decided;
  s.informative = informative;
  return s;
}
} // namespace

TEST(PassCheckEvents, FirstAppearanceAndRemoval) {
  auto ev = driver::findingEvents({step({}), step({}), step({"deadlock a.py:3"}), step({"deadlock a.py:3"}), step({})});
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_TRUE(ev[0].appears);
  EXPECT_EQ(ev[0].step, 2u);
  EXPECT_EQ(ev[0].previous, 1u);
  EXPECT_FALSE(ev[0].fromStart);
  EXPECT_FALSE(ev[0].uncertain);
  EXPECT_FALSE(ev[1].appears);
  EXPECT_EQ(ev[1].step, 4u);
}

TEST(PassCheckEvents, PresentFromTheStartNamesNoPass) {
  auto ev = driver::findingEvents({step({"race a.py:9"}), step({"race a.py:9"})});
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_TRUE(ev[0].fromStart);
  EXPECT_EQ(ev[0].step, 0u);
}

TEST(PassCheckEvents, UnreadableSnapshotIsSkippedAndMakesTheEventUncertain) {
  // An unparsed snapshot between: the finding is compared with the last one read.
  auto ev = driver::findingEvents({step({}), step({}, true, false), step({"deadlock a.py:3"})});
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].step, 2u);
  EXPECT_EQ(ev[0].previous, 0u);
  EXPECT_TRUE(ev[0].uncertain);
  // A leading unparsed snapshot: the first read one is the start.
  ev = driver::findingEvents({step({}, true, false), step({"deadlock a.py:3"})});
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_TRUE(ev[0].fromStart);
}

TEST(PassCheckEvents, NotVerifiedNeighbourMakesTheEventUncertain) {
  auto ev = driver::findingEvents({step({}), step({}, false), step({"race a.py:9"})});
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_TRUE(ev[0].uncertain);
  EXPECT_FALSE(ev[0].fromStart);
  ev = driver::findingEvents({step({}), step({"race a.py:9"})});
  EXPECT_FALSE(ev[0].uncertain);
}

TEST(PassCheckEvents, AfterOnlyUndecidedSnapshotsIsFromTheStart) {
  // The first snapshots were not verified: the finding may have been there
  // from the start, so no pass is named.
  auto ev = driver::findingEvents({step({}, false), step({}, false), step({"deadlock a.py:3"})});
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_TRUE(ev[0].fromStart);
  EXPECT_TRUE(ev[0].uncertain);
  EXPECT_EQ(ev[0].step, 2u);
}

TEST(PassCheckEvents, CleanTimelineHasNoEvents) {
  EXPECT_TRUE(driver::findingEvents({step({}), step({}), step({})}).empty());
  EXPECT_TRUE(driver::findingEvents({}).empty());
}

TEST(PassCheckKey, PythonLineOrMessageWithoutNumbers) {
  checks::Finding f;
  f.check = "deadlock";
  f.message = "wait on %bar_12 at IR 40 never completes";
  f.where.pyFile = "/x/y/k.py";
  f.where.pyLine = 31;
  EXPECT_EQ(driver::findingKey(f), "deadlock k.py:31");
  checks::Finding g = f;
  g.where.pyFile.clear();
  g.where.pyLine = 0;
  checks::Finding h = g;
  h.message = "wait on %bar_7 at IR 1234 never completes";
  EXPECT_EQ(driver::findingKey(g), driver::findingKey(h));
  h.check = "race";
  EXPECT_NE(driver::findingKey(g), driver::findingKey(h));
}

TEST(PassCheckExcerpt, HunkTouchingTheLinesOrTheNearest) {
  std::string a, b;
  for (int i = 1; i <= 40; ++i) {
    a += "line " + std::to_string(i) + "\n";
    b += (i == 5 ? std::string("changed 5") : i == 30 ? std::string("changed 30") : "line " + std::to_string(i)) + "\n";
  }
  dumps::Snapshot sa, sb;
  sa.ir = a;
  sb.ir = b;
  sa.irLine = 101; // log lines of the first IR line
  sb.irLine = 201;
  bool nearest = true;
  // Log line 230 is IR line 30 of `b`: only the second hunk.
  std::string x = driver::diffExcerpt(sa, sb, {230}, true, nearest);
  EXPECT_FALSE(nearest);
  EXPECT_NE(x.find("+changed 30"), std::string::npos);
  EXPECT_EQ(x.find("changed 5"), std::string::npos);
  // Nothing near IR line 18: the nearest hunk (line 5's is 13 lines away, line 30's 9).
  x = driver::diffExcerpt(sa, sb, {218}, true, nearest);
  EXPECT_TRUE(nearest);
  EXPECT_NE(x.find("changed 30"), std::string::npos);
  // The before side: log line 105 is IR line 5 of `a`.
  x = driver::diffExcerpt(sa, sb, {105}, false, nearest);
  EXPECT_FALSE(nearest);
  EXPECT_NE(x.find("-line 5"), std::string::npos);
  EXPECT_TRUE(driver::diffExcerpt(sa, sa, {105}, false, nearest).empty());
  // A hunk longer than a screen is cut to the lines near the finding's.
  std::string c, d;
  for (int i = 1; i <= 80; ++i) {
    c += "old " + std::to_string(i) + "\n";
    d += "new " + std::to_string(i) + "\n";
  }
  dumps::Snapshot sc, sd;
  sc.ir = c;
  sd.ir = d;
  sc.irLine = sd.irLine = 1;
  x = driver::diffExcerpt(sc, sd, {40}, true, nearest);
  EXPECT_FALSE(nearest);
  EXPECT_NE(x.find("+new 40\n"), std::string::npos);
  EXPECT_EQ(x.find("+new 10\n"), std::string::npos);
  EXPECT_NE(x.find("..."), std::string::npos);
}

TEST(PassCheckLocation, FindingMovedIntoTheLog) {
  std::string log = "header\nmodule {\n  op\n}\n";
  dumps::Snapshot s;
  s.ir = std::string_view(log).substr(7);
  s.irLine = 2;
  checks::Finding f;
  f.where.line = 2;
  f.where.offset = 9;
  f.trace.push_back({"default", "wait", {}});
  f.trace.back().where.line = 1;
  checks::Finding g = driver::findingInLog(f, s, log);
  EXPECT_EQ(g.where.line, 3u);
  EXPECT_EQ(*g.where.offset, 16u);
  EXPECT_EQ(log.substr(*g.where.offset, 4), "  op");
  EXPECT_EQ(g.trace[0].where.line, 2u);
}
