// Program and Process on regions of several blocks (cf.br / cf.cond_br, as
// convert-scf-to-cf writes loops): block arguments, loops from back edges,
// liveness across branches, unknown conditions, the block layout, and what
// stops the interpreter (cf.switch, a non-event loop that never ends).
#include <gtest/gtest.h>

#include "InterpTestUtil.h"

using namespace tscope::interptest;
using Strings = std::vector<std::string>;

namespace {

/// for (i = 0; i < n; ++i) { s += i; probe } as convert-scf-to-cf lowers
/// it: a header block with the counter and the sum as arguments, the test
/// and a conditional branch, the body, a branch back.
const char *kLoop = R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%c0, %c0 : i32, i32)
^bb1(%i: i32, %s: i32):  // 2 preds: ^bb0, ^bb2
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^bb2, ^bb3
^bb2:  // pred: ^bb1
  test.iter %i, %s : i32, i32
  %s2 = arith.addi %s, %i : i32
  %i2 = arith.addi %i, %c1 : i32
  cf.br ^bb1(%i2, %s2 : i32, i32)
^bb3:  // pred: ^bb1
  test.out %i, %s : i32, i32
  tt.return
}
)";

} // namespace

TEST(Branch, LoopFromBackEdgeCountsAndCarriesBlockArguments) {
  auto c = compile(kLoop);
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", 4)), (Strings{"0,0", "1,0", "2,1", "3,3", "4,6", "done"}));
  EXPECT_EQ(probe(*c, Bindings().set("n", 0)), (Strings{"0,0", "done"}));
  EXPECT_EQ(probe(*c, Bindings().set("n", -3)), (Strings{"0,0", "done"}));
}

TEST(Branch, ConditionalBranchPassesEachSideItsOwnArguments) {
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c7 = arith.constant 7 : i32
  %c0 = arith.constant 0 : i32
  %neg = arith.cmpi slt, %n, %c0 : i32
  %m = arith.subi %c0, %n : i32
  cf.cond_br %neg, ^bb1(%m, %c7 : i32, i32), ^bb1(%n, %c0 : i32, i32)
^bb1(%abs: i32, %tag: i32):
  test.out %abs, %tag : i32, i32
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", -5)), (Strings{"5,7", "done"}));
  EXPECT_EQ(probe(*c, Bindings().set("n", 5)), (Strings{"5,0", "done"}));
}

TEST(Branch, BlockArgumentsAreAParallelCopy) {
  // Swapping two carried values: each argument takes the value the branch
  // read, not one written by the branch itself.
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  cf.br ^bb1(%c0, %c1, %c2 : i32, i32, i32)
^bb1(%i: i32, %a: i32, %b: i32):
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^bb2, ^bb3
^bb2:
  %i2 = arith.addi %i, %c1 : i32
  cf.br ^bb1(%i2, %b, %a : i32, i32, i32)
^bb3:
  test.out %a, %b : i32, i32
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", 3)), (Strings{"2,1", "done"}));
  EXPECT_EQ(probe(*c, Bindings().set("n", 4)), (Strings{"1,2", "done"}));
}

TEST(Branch, ValueDefinedBeforeTheLoopStaysLiveAcrossTheBackEdge) {
  // %base's last use in the layout is early in the body; the temporaries
  // after it must not take its slot, since the next iteration reads it again.
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c100 = arith.constant 100 : i32
  %base = arith.addi %n, %c100 : i32
  cf.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %lt = arith.cmpi slt, %i, %c3 : i32
  cf.cond_br %lt, ^bb2, ^bb3
^bb2:
  %x = arith.addi %base, %i : i32
  %t1 = arith.muli %x, %c3 : i32
  %t2 = arith.addi %t1, %c1 : i32
  %t3 = arith.addi %t2, %t1 : i32
  test.iter %i, %x, %t3 : i32, i32, i32
  %i2 = arith.addi %i, %c1 : i32
  cf.br ^bb1(%i2 : i32)
^bb3:
  test.out %i : i32
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", 5)),
            (Strings{"0,105,631", "1,106,637", "2,107,643", "3", "done"}));
  const Program &P = *c->prog;
  uint32_t base = P.handle(findValue(*c->m, "%base")).id;
  uint32_t t3 = P.handle(findValue(*c->m, "%t3")).id;
  ASSERT_NE(base, 0u);
  ASSERT_NE(t3, 0u);
  uint32_t backEdge = P.indexOf(findOp(*c->m, "cf.br", 1));
  uint32_t header = P.indexOf(findOp(*c->m, "arith.cmpi"));
  uint32_t exitOp = P.indexOf(findOp(*c->m, "test.out"));
  EXPECT_TRUE(P.liveAt(base, backEdge));
  EXPECT_TRUE(P.liveAt(base, header));
  EXPECT_FALSE(P.liveAt(base, exitOp)); // not used after the loop
  EXPECT_FALSE(P.liveAt(t3, header));   // a body temporary is dead at the header
}

TEST(Branch, UnknownConditionStopsAndResolvesEitherWay) {
  auto c = compile(R"(
tt.func @f(%flag: i1, %n: i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  cf.cond_br %flag, ^bb1(%c1 : i32), ^bb2
^bb1(%v: i32):
  test.then %v, %n : i32, i32
  cf.br ^bb3(%v : i32)
^bb2:
  test.else %n : i32
  cf.br ^bb3(%c2 : i32)
^bb3(%w: i32):
  test.out %w : i32
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  Strings stop = probe(*c, Bindings().set("n", 9));
  ASSERT_EQ(stop.size(), 1u);
  EXPECT_EQ(stop[0].rfind("unknown: cf.cond_br at line 5: branch condition is unknown", 0), 0u) << stop[0];
  for (bool taken : {true, false}) {
    Process p = Process::start(*c->prog, Bindings().set("n", 9));
    StepResult r = p.step(isProbe);
    ASSERT_TRUE(r.isUnknown());
    EXPECT_EQ(r.cause, StepResult::Cause::Condition);
    ASSERT_TRUE(p.resolveCondition(taken));
    Strings seen;
    for (r = p.step(isProbe); r.isEvent(); r = p.step(isProbe))
      seen.push_back(std::string(r.op->opName()) + ":" + p.operand(0).str());
    EXPECT_TRUE(r.isDone());
    EXPECT_EQ(seen, taken ? (Strings{"test.then:1", "test.out:1"}) : (Strings{"test.else:9", "test.out:2"}));
  }
}

TEST(Branch, BlocksPrintedOutOfOrderRunInDominanceOrder) {
  // The exit block comes first in the text and the header last; a value of
  // the header is used in the body and in the exit.
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^bb3(%c0 : i32)
^bb1:
  test.out %v : i32
  tt.return
^bb2:
  test.iter %v : i32
  %j = arith.addi %i, %c1 : i32
  cf.br ^bb3(%j : i32)
^bb3(%i: i32):
  %v = arith.muli %i, %n : i32
  %lt = arith.cmpi slt, %i, %c1 : i32
  cf.cond_br %lt, ^bb2, ^bb1
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", 10)), (Strings{"0", "10", "done"}));
  const Program &P = *c->prog;
  const Program::RegionCode *body = P.body();
  ASSERT_TRUE(body);
  ASSERT_EQ(body->numBlocks, 4u);
  // Entry, header, then the others.
  EXPECT_EQ(P.block(body->firstBlock + 1).block, findValue(*c->m, "%i")->ownerBlock());
  EXPECT_TRUE(P.block(body->firstBlock + 1).inCycle);
  EXPECT_FALSE(P.block(body->firstBlock).inCycle);
  EXPECT_TRUE(P.branchesInCycle(P.indexOf(findOp(*c->m, "cf.cond_br"))));
}

TEST(Branch, NestedScfLoopInsideABranchLoop) {
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %k = arith.addi %n, %c1 : i32
  cf.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %lt = arith.cmpi slt, %i, %c2 : i32
  cf.cond_br %lt, ^bb2, ^bb3
^bb2:
  scf.for %j = %c0 to %c2 step %c1 : i32 {
    %x = arith.addi %k, %j : i32
    test.iter %i, %j, %x : i32, i32, i32
  }
  %i2 = arith.addi %i, %c1 : i32
  cf.br ^bb1(%i2 : i32)
^bb3:
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", 4)), (Strings{"0,0,5", "0,1,6", "1,0,5", "1,1,6", "done"}));
}

TEST(Branch, StatesAtTheSamePointWithTheSameLiveValuesAreEqual) {
  // Iteration 2 of a run with n = 5 and of one with n = 6 stop at the body
  // probe with the same counter and sum; %n is live (the test reads it), so
  // they differ -- but two runs with the same n that reach the probe by the
  // same path are equal, and a copy resumed in lock-step stays equal.
  auto c = compile(kLoop);
  auto at = [&](int64_t n, int hits) {
    Process p = Process::start(*c->prog, Bindings().set("n", n));
    for (int h = 0; h < hits; ++h)
      p.step(isProbe);
    return p;
  };
  Process a = at(5, 3), b = at(5, 3), d = at(6, 3);
  EXPECT_TRUE(a == b);
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_FALSE(a == d);
  EXPECT_EQ(a.loops().size(), 0u); // no LoopFrame: the counter is a block argument
}

TEST(Branch, SwitchAndMismatchedBranchesStopAsUnstructured) {
  auto c = compile(R"(
tt.func @f(%n: i32) {
  cf.switch %n : i32, [
    default: ^bb1,
    4: ^bb2
  ]
^bb1:
  tt.return
^bb2:
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  Strings s = probe(*c, Bindings().set("n", 4));
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0], "unknown: cf.switch at line 3: a branch the interpreter does not follow (only cf.br and "
                  "cf.cond_br between blocks of one region are interpreted)");
  // A branch passing fewer operands than its target has arguments.
  auto m = compile(R"(
tt.func @f(%n: i32) {
  "cf.br"()[^bb1] : () -> ()
^bb1(%x: i32):
  tt.return
}
)");
  Strings t = probe(*m, Bindings().set("n", 1));
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].rfind("unknown: cf.br at line 3: a branch the interpreter does not follow", 0), 0u) << t[0];
}

TEST(Branch, LoopWithoutEventsHitsTheStepLimitAndResumes) {
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%n : i32)
^bb1(%i: i32):
  %j = arith.addi %i, %c1 : i32
  cf.br ^bb1(%j : i32)
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  Process p = Process::start(*c->prog, Bindings().set("n", 0));
  p.setStepLimit(1000);
  StepResult r = p.step(isProbe);
  ASSERT_TRUE(r.isUnknown());
  EXPECT_EQ(r.cause, StepResult::Cause::StepLimit);
  uint32_t pc = p.pc();
  r = p.step(isProbe); // resumable: it goes on from where it stopped
  EXPECT_EQ(r.cause, StepResult::Cause::StepLimit);
  EXPECT_EQ(p.pc(), pc); // two instructions per trip, 1000 per step
}

TEST(Branch, BlockThatReturnsEndsTheRegion) {
  // A block other than the last one ends in tt.return: the body is done
  // there, it does not fall into the next block.
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  cf.cond_br %z, ^bb1, ^bb2
^bb1:
  test.zero %n : i32
  tt.return
^bb2:
  test.other %n : i32
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", 0)), (Strings{"0", "done"}));
  EXPECT_EQ(probe(*c, Bindings().set("n", 3)), (Strings{"3", "done"}));
}
