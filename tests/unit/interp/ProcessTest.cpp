// Process: scf.for with iter_args, nested loops, scf.if, scf.while, events,
// unknown decisions, entering warp_specialize regions, and the state's
// copy / equality / hash behaviour.
#include <gtest/gtest.h>

#include <unordered_set>

#include "InterpTestUtil.h"

using namespace tscope::interptest;
using Strings = std::vector<std::string>;

TEST(Process, ForLoopWithIterArgs) {
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0, %t = %c10) -> (i32, i64) : i32 {
    test.iter %i, %s, %t : i32, i32, i64
    %s2 = arith.addi %s, %i : i32
    %t2 = arith.subi %t, %c10 : i64
    scf.yield %s2, %t2 : i32, i64
  }
  test.out %r#0, %r#1 : i32, i64
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", 4)),
            (Strings{"0,0,10", "1,0,0", "2,1,-10", "3,3,-20", "6,-30", "done"}));
  // No iteration: the results are the initial values.
  EXPECT_EQ(probe(*c, Bindings().set("n", 0)), (Strings{"0,10", "done"}));
  EXPECT_EQ(probe(*c, Bindings().set("n", -5)), (Strings{"0,10", "done"}));
}

TEST(Process, LoopWithoutYieldNegativeBoundsAndLargeSteps) {
  auto c = compile(R"(
tt.func @f(%lb: i32, %ub: i32, %st: i32) {
  scf.for %i = %lb to %ub step %st : i32 {
    test.iter %i : i32
  }
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  Bindings b;
  b.set("lb", -3).set("ub", 3).set("st", 2);
  EXPECT_EQ(probe(*c, b), (Strings{"-3", "-1", "1", "done"}));
  // The induction variable does not wrap: the loop ends when it would pass
  // the bound.
  Bindings big;
  big.set("lb", 2147483640).set("ub", 2147483647).set("st", 5);
  EXPECT_EQ(probe(*c, big), (Strings{"2147483640", "2147483645", "done"}));
  // A zero step runs for ever, as its lowering does (iv + 0 < ub stays
  // true): the same iteration again and again.
  Bindings zero;
  zero.set("lb", 0).set("ub", 3).set("st", 0);
  Strings z = probe(*c, zero);
  ASSERT_GT(z.size(), 3u);
  EXPECT_EQ(z[0], "0");
  EXPECT_EQ(z[1], "0");
  EXPECT_EQ(z[2], "0");
  // A negative step that would run has no such reading.
  Bindings neg;
  neg.set("lb", 0).set("ub", 3).set("st", -1);
  Strings n = probe(*c, neg);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0], "unknown: scf.for at line 3: loop step is not positive: -1");
}

TEST(Process, UnsignedLoopComparesUnsigned) {
  auto c = compile(R"(
tt.func @f(%ub: i8) {
  %c0 = arith.constant 0 : i8
  %c100 = arith.constant 100 : i8
  scf.for unsigned %i = %c0 to %ub step %c100 : i8 {
    test.iter %i : i8
  }
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  // 255 as unsigned i8: 0, 100, 200 (printed signed: -56).
  EXPECT_EQ(probe(*c, Bindings().set("ub", 255)), (Strings{"0", "100", "-56", "done"}));
}

TEST(Process, NestedLoopsCarryValuesThroughBothLevels) {
  auto c = compile(R"(
tt.func @f(%n: i32, %m: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %outer = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    %inner = scf.for %j = %c0 to %m step %c1 iter_args(%b = %a) -> (i32) : i32 {
      %ij = arith.muli %i, %m : i32
      %k = arith.addi %ij, %j : i32
      test.iter %i, %j, %k, %b : i32, i32, i32, i32
      %b2 = arith.addi %b, %c1 : i32
      scf.yield %b2 : i32
    }
    scf.yield %inner : i32
  }
  test.out %outer : i32
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", 2).set("m", 3)),
            (Strings{"0,0,0,0", "0,1,1,1", "0,2,2,2", "1,0,3,3", "1,1,4,4", "1,2,5,5", "6",
                     "done"}));
}

TEST(Process, IfTakesOneBranchAndBindsItsResults) {
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %odd = arith.remsi %i, %c2 : i32
    %p = arith.cmpi ne, %odd, %c0 : i32
    %r = scf.if %p -> (i32) {
      test.then %i : i32
      %x = arith.muli %i, %c2 : i32
      scf.yield %x : i32
    } else {
      test.else %i : i32
      scf.yield %c0 : i32
    }
    scf.if %p {
      test.only_odd %r : i32
    }
    test.after %r : i32
  }
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", 3)),
            (Strings{"0", "0", "1", "2", "2", "2", "0", "done"}));
  // Which probes fired, in order.
  Process p = Process::start(*c->prog, Bindings().set("n", 2));
  std::string names;
  for (StepResult r = p.step(isProbe); r.isEvent(); r = p.step(isProbe))
    names += std::string(r.op->name->opName()) + " ";
  EXPECT_EQ(names, "else after then only_odd after ");
}

TEST(Process, WhileLoopPrettyAndGeneric) {
  const char *pretty = R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%a = %c0, %b = %c1) : (i32, i32) -> (i32, i32) {
    %p = arith.cmpi slt, %a, %n : i32
    scf.condition(%p) %a, %b : i32, i32
  } do {
  ^bb0(%a2: i32, %b2: i32):
    test.body %a2, %b2 : i32, i32
    %a3 = arith.addi %a2, %c1 : i32
    %b3 = arith.addi %b2, %b2 : i32
    scf.yield %a3, %b3 : i32, i32
  }
  test.out %r#0, %r#1 : i32, i32
  tt.return
}
)";
  // The same loop as mlir-opt --mlir-print-op-generic prints it.
  const char *generic = R"(
"builtin.module"() ({
  "tt.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %2:2 = "scf.while"(%0, %1) ({
    ^bb0(%arg1: i32, %arg2: i32):
      %3 = "arith.cmpi"(%arg1, %arg0) <{predicate = 2 : i64}> : (i32, i32) -> i1
      "scf.condition"(%3, %arg1, %arg2) : (i1, i32, i32) -> ()
    }, {
    ^bb0(%arg3: i32, %arg4: i32):
      "test.body"(%arg3, %arg4) : (i32, i32) -> ()
      %4 = "arith.addi"(%arg3, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %5 = "arith.addi"(%arg4, %arg4) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%4, %5) : (i32, i32) -> ()
    }) : (i32, i32) -> (i32, i32)
    "test.out"(%2#0, %2#1) : (i32, i32) -> ()
    "tt.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
)";
  Strings want{"0,1", "1,2", "2,4", "3,8", "done"};
  auto cp = compile(pretty);
  ASSERT_EQ(cp->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*cp, Bindings().set("n", 3)), want);
  auto cg = compile(generic);
  ASSERT_EQ(cg->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*cg, Bindings().set("%arg0", 3)), want);
}

// `arith.constant true` prints no type: a loop flag it initialises (scf.while
// before-region argument, scf.for iter_arg) is still an i1 the loop computes.
TEST(Process, LoopFlagFromUntypedTrue) {
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%valid = %true, %j = %c0) : (i1, i32) -> i32 {
    scf.condition(%valid) %j : i32
  } do {
  ^bb0(%k: i32):
    test.body %k : i32
    %k1 = arith.addi %k, %c1 : i32
    %more = arith.cmpi slt, %k1, %n : i32
    scf.yield %more, %k1 : i1, i32
  }
  %f = scf.for %i = %c0 to %n step %c1 iter_args(%g = %true) -> (i1) : i32 {
    test.flag %g : i1
    scf.yield %false : i1
  }
  test.out %r, %f : i32, i1
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", 2)), (Strings{"0", "1", "true", "false", "2,false", "done"}));
}

TEST(Process, GenericForAndIf) {
  auto c = compile(R"(
"builtin.module"() ({
  "tt.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %2 = "scf.for"(%0, %arg0, %1, %0) ({
    ^bb0(%arg1: i32, %arg2: i32):
      %3 = "arith.addi"(%arg2, %arg1) : (i32, i32) -> i32
      "scf.yield"(%3) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %4 = "arith.cmpi"(%2, %arg0) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %5 = "scf.if"(%4) ({
      "scf.yield"(%1) : (i32) -> ()
    }, {
      "scf.yield"(%0) : (i32) -> ()
    }) : (i1) -> i32
    "test.out"(%2, %5) : (i32, i32) -> ()
    "tt.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("%arg0", 5)), (Strings{"10,1", "done"}));
  EXPECT_EQ(probe(*c, Bindings().set("%arg0", 1)), (Strings{"0,0", "done"}));
}

TEST(Process, UnknownDecisionsStopWithTheCause) {
  auto c = compile(R"(
tt.func @f(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t = "tt.load"(%p) : (!tt.ptr<i32>) -> i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    test.iter %i : i32
  }
  %q = arith.cmpi sgt, %t, %c0 : i32
  scf.if %q {
    test.then : i32
  }
  scf.for %j = %c0 to %t step %c1 : i32 {
    test.never : i32
  }
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  Process p = Process::start(*c->prog, {});
  StepResult r = p.step(isProbe);
  ASSERT_TRUE(r.isUnknown());
  EXPECT_EQ(r.cause, StepResult::Cause::UpperBound);
  EXPECT_TRUE(r.op->is("scf.for"));
  EXPECT_EQ(r.value.reason(), Reason::Unbound);
  EXPECT_EQ(r.describe(*c->m), "scf.for at line 6: loop upper bound is unknown: ? (function "
                               "argument has no binding: %n at line 2)");
  // Stuck: stepping again gives the same answer.
  EXPECT_EQ(p.step(isProbe).describe(*c->m), r.describe(*c->m));
  EXPECT_FALSE(p.resolveCondition(true)) << "a loop bound is not a condition";

  Process q = Process::start(*c->prog, Bindings().set("n", 1));
  EXPECT_TRUE(q.step(isProbe).isEvent());
  r = q.step(isProbe);
  ASSERT_TRUE(r.isUnknown());
  EXPECT_EQ(r.cause, StepResult::Cause::Condition);
  EXPECT_EQ(r.describe(*c->m),
            "scf.if at line 10: branch condition is unknown: ? (result of an op the "
            "interpreter does not model: %t = tt.load at line 5)");
  // The caller may choose a side and go on.
  Process q2 = q;
  ASSERT_TRUE(q.resolveCondition(true));
  r = q.step(isProbe);
  ASSERT_TRUE(r.isEvent());
  EXPECT_TRUE(r.op->is("test.then"));
  r = q.step(isProbe);
  ASSERT_TRUE(r.isUnknown());
  EXPECT_EQ(r.cause, StepResult::Cause::UpperBound);
  EXPECT_EQ(r.value.origin(), findValue(*c->m, "%t"));
  ASSERT_TRUE(q2.resolveCondition(false));
  EXPECT_EQ(q2.step(isProbe).cause, StepResult::Cause::UpperBound);
}

TEST(Process, StepLimitIsResumable) {
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    %b = arith.addi %a, %c1 : i32
    scf.yield %b : i32
  }
  test.out %r : i32
  tt.return
}
)");
  Process p = Process::start(*c->prog, Bindings().set("n", 1000));
  p.setStepLimit(500);
  int limits = 0;
  StepResult r = p.step(isProbe);
  while (r.isUnknown() && r.cause == StepResult::Cause::StepLimit) {
    ++limits;
    r = p.step(isProbe);
  }
  EXPECT_GE(limits, 4);
  ASSERT_TRUE(r.isEvent());
  EXPECT_EQ(p.operand(0).sext(), 1000);
}

TEST(Process, EventsMayBeAnyOpAndValuesReadAtThem) {
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m = arith.muli %n, %n : i32
  scf.for %i = %c0 to %m step %c1 : i32 {
    %k = arith.addi %i, %n : i32
    test.iter %k : i32
  }
  tt.return
}
)");
  Process p = Process::start(*c->prog, Bindings().set("n", 3));
  auto isFor = [](const tscope::ir::Operation &op) { return op.is("scf.for"); };
  StepResult r = p.step(isFor);
  ASSERT_TRUE(r.isEvent());
  EXPECT_EQ(p.op(), r.op);
  EXPECT_EQ(p.operand(1).sext(), 9);
  EXPECT_EQ(p.value(findValue(*c->m, "%m")).sext(), 9);
  EXPECT_EQ(p.value(findValue(*c->m, "%c1")).sext(), 1);
  // %k is not computed yet: unknown, not a stale value.
  EXPECT_EQ(p.value(findValue(*c->m, "%k")).reason(), Reason::Undefined);
  EXPECT_EQ(p.operand(7).reason(), Reason::Undefined);
  // An EventSet selects the same ops without calling a predicate per op.
  EventSet ev = c->prog->select(isProbe);
  r = p.step(ev);
  ASSERT_TRUE(r.isEvent());
  EXPECT_EQ(p.operand(0).sext(), 3);
  ASSERT_EQ(p.loops().size(), 1u);
  EXPECT_EQ(p.loops()[0].iv, 0);
  EXPECT_EQ(p.loops()[0].ub, 9);
  EXPECT_EQ(p.value(findValue(*c->m, "%i")).sext(), 0);
}

// Partitions of a warp_specialize: entered from the op, arguments bound to
// its operands; the default region sees the function's values directly.
TEST(Process, EnterWarpSpecializeRegions) {
  const char *pretty = R"(
tt.func @f(%n: i32) {
  %c2 = arith.constant 2 : i32
  %x = arith.muli %n, %c2 : i32
  ttg.warp_specialize(%x, %n)
  default {
    test.default %x : i32
    ttg.warp_yield
  }
  partition0(%a: i32, %b: i32) num_warps(1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %a step %c1 : i32 {
      test.p0 %i, %b : i32, i32
    }
    ttg.warp_return
  }
  partition1(%a: i32, %b: i32) num_warps(1) {
    test.p1 %a, %b : i32, i32
    ttg.warp_return
  } : (i32, i32) -> ()
  test.after %x : i32
  tt.return
}
)";
  const char *generic = R"(
"builtin.module"() ({
  "tt.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
  ^bb0(%n: i32):
    %c2 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %x = "arith.muli"(%n, %c2) : (i32, i32) -> i32
    "ttg.warp_specialize"(%x, %n) ({
      "test.default"(%x) : (i32) -> ()
      "ttg.warp_yield"() : () -> ()
    }, {
      "ttg.warp_specialize.partitions"() ({
      ^bb0(%a: i32, %b: i32):
        %c0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        "scf.for"(%c0, %a, %c1) ({
        ^bb0(%i: i32):
          "test.p0"(%i, %b) : (i32, i32) -> ()
          "scf.yield"() : () -> ()
        }) : (i32, i32, i32) -> ()
        "ttg.warp_return"() : () -> ()
      }, {
      ^bb0(%a1: i32, %b1: i32):
        "test.p1"(%a1, %b1) : (i32, i32) -> ()
        "ttg.warp_return"() : () -> ()
      }) : () -> ()
    }) {partitionNumWarps = array<i32: 1, 1>} : (i32, i32) -> ()
    "test.after"(%x) : (i32) -> ()
    "tt.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
)";
  for (const char *text : {pretty, generic}) {
    auto c = compile(text);
    ASSERT_EQ(c->diags.errorCount(), 0u);
    const tscope::ir::Operation *ws = findOp(*c->m, "ttg.warp_specialize");
    ASSERT_TRUE(ws);
    std::vector<const tscope::ir::Region *> regions{ws->region(0)};
    if (const tscope::ir::Operation *holder = findOp(*c->m, "ttg.warp_specialize.partitions")) {
      regions.push_back(holder->region(0));
      regions.push_back(holder->region(1));
    } else {
      regions.push_back(ws->region(1));
      regions.push_back(ws->region(2));
    }
    auto stopAt = [](const tscope::ir::Operation &op) {
      return isProbe(op) || op.is("ttg.warp_specialize");
    };
    Process fn = Process::start(*c->prog, Bindings().set("n", 2));
    EXPECT_FALSE(fn.enterRegion(*regions[1])) << "not stopped at the op yet";
    StepResult r = fn.step(stopAt);
    ASSERT_TRUE(r.isEvent());
    ASSERT_EQ(r.op, ws);
    auto run = [&](Process p) {
      Strings out;
      for (StepResult s = p.step(stopAt); s.isEvent(); s = p.step(stopAt)) {
        std::string line(s.op->opName());
        for (uint32_t i = 0; i < s.op->numOperands; ++i)
          line += " " + p.operand(i).str();
        out.push_back(line);
      }
      EXPECT_TRUE(p.last().isDone());
      return out;
    };
    auto d = fn.enterRegion(*regions[0]);
    auto p0 = fn.enterRegion(*regions[1]);
    auto p1 = fn.enterRegion(*regions[2]);
    ASSERT_TRUE(d && p0 && p1);
    EXPECT_EQ(run(*d), (Strings{"test.default 4"}));
    EXPECT_EQ(run(*p0), (Strings{"test.p0 0 2", "test.p0 1 2", "test.p0 2 2", "test.p0 3 2"}));
    EXPECT_EQ(run(*p1), (Strings{"test.p1 4 2"}));
    // The function itself steps over the regions.
    EXPECT_EQ(run(fn), (Strings{"test.after 4"}));
  }
}

TEST(Process, CopiesAreIndependentAndCompareByState) {
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    test.iter %i, %a : i32, i32
    %b = arith.addi %a, %i : i32
    scf.yield %b : i32
  }
  tt.return
}
)");
  Process p = Process::start(*c->prog, Bindings().set("n", 5));
  ASSERT_TRUE(p.step(isProbe).isEvent());
  Process q = p;
  EXPECT_EQ(p, q);
  EXPECT_EQ(p.hash(), q.hash());
  ASSERT_TRUE(q.step(isProbe).isEvent());
  EXPECT_NE(p, q);
  EXPECT_EQ(p.operand(0).sext(), 0) << "the copy's step did not touch the original";
  EXPECT_EQ(q.operand(0).sext(), 1);
  ASSERT_TRUE(p.step(isProbe).isEvent());
  EXPECT_EQ(p, q);
  EXPECT_EQ(p.hash(), q.hash());
  std::unordered_set<Process> seen;
  Process r = Process::start(*c->prog, Bindings().set("n", 5));
  for (StepResult s = r.step(isProbe); !s.isDone(); s = r.step(isProbe))
    EXPECT_TRUE(seen.insert(r).second);
  seen.insert(r);
  EXPECT_EQ(seen.size(), 6u); // five iterations and the end
  EXPECT_TRUE(seen.count(p));
  // A different binding gives a different state at the same point.
  Process other = Process::start(*c->prog, Bindings().set("n", 6));
  ASSERT_TRUE(other.step(isProbe).isEvent());
  ASSERT_TRUE(other.step(isProbe).isEvent());
  EXPECT_NE(other, p) << "the loop bound differs";
}

// Dead values are dropped from the state: two runs that differ only in a
// value no longer used reach equal states.
TEST(Process, DeadValuesDoNotDistinguishStates) {
  auto c = compile(R"(
tt.func @f(%n: i32, %k: i32) {
  %c2 = arith.constant 2 : i32
  %odd = arith.remsi %n, %c2 : i32
  test.a %odd : i32
  test.b %odd, %k : i32, i32
  test.c %k : i32
  tt.return
}
)");
  Bindings b1, b3;
  b1.set("n", 1).set("k", 7);
  b3.set("n", 3).set("k", 7);
  Process p = Process::start(*c->prog, b1), q = Process::start(*c->prog, b3);
  EXPECT_NE(p, q) << "%n is still to be read";
  ASSERT_TRUE(p.step(isProbe).isEvent());
  ASSERT_TRUE(q.step(isProbe).isEvent());
  EXPECT_EQ(p, q) << "%n is dead at test.a, %odd is 1 in both";
  EXPECT_EQ(p.hash(), q.hash());
  EXPECT_EQ(p.value(findValue(*c->m, "%n")).reason(), Reason::Undefined);
  p.step(isProbe);
  p.step(isProbe);
  EXPECT_EQ(p.value(findValue(*c->m, "%odd")).reason(), Reason::Undefined);
  EXPECT_EQ(p.operand(0).sext(), 7);
}

TEST(Process, EnvironmentSlotsAreSharedBetweenDisjointLiveRanges) {
  std::string body = "tt.func @f(%n: i32) {\n  %c1 = arith.constant 1 : i32\n  %v0 = arith.addi %n, %c1 : i32\n";
  for (int i = 1; i < 200; ++i)
    body += "  %v" + std::to_string(i) + " = arith.addi %v" + std::to_string(i - 1) +
            ", %c1 : i32\n";
  body += "  test.out %v199 : i32\n  tt.return\n}\n";
  auto c = compile(body);
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(c->prog->numDynamicValues(), 201u);
  EXPECT_LE(c->prog->numSlots(), 3u); // one value live at a time, plus the sink
  EXPECT_EQ(probe(*c, Bindings().set("n", 1)), (Strings{"201", "done"}));
}

TEST(Process, RegionOfSeveralBlocksFollowsItsBranches) {
  // (tests/unit/interp/BranchTest.cpp has the cases of cf.br / cf.cond_br.)
  auto c = compile(R"(
tt.func @f(%n: i32) {
  cf.br ^bb1
^bb1:
  test.reached : i32
  tt.return
}
)");
  ASSERT_TRUE(c->prog);
  Process p = Process::start(*c->prog, {});
  StepResult r = p.step(isProbe);
  ASSERT_TRUE(r.isEvent());
  EXPECT_TRUE(r.op->is("test.reached"));
  EXPECT_TRUE(p.step(isProbe).isDone());
}

// Pretty scf.for/scf.if do not spell result types where a generic reader
// looks; the types come from the carried arguments and the yields.
TEST(Process, MixedTensorAndIntegerResults) {
  auto c = compile(R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %cst = arith.constant dense<0.000000e+00> : tensor<4xf32>
  %acc:2 = scf.for %i = %c0 to %n step %c1 iter_args(%t = %cst, %k = %z) -> (tensor<4xf32>, i64)  : i32 {
    %k2 = arith.addi %k, %one : i64
    scf.yield %t, %k2 : tensor<4xf32>, i64
  }
  %big = arith.constant 4294967296 : i64
  %s = arith.addi %acc#1, %big : i64
  %p = arith.cmpi sgt, %acc#1, %z : i64
  %r:2 = scf.if %p -> (i64, tensor<4xf32>) {
    scf.yield %s, %acc#0 : i64, tensor<4xf32>
  } else {
    scf.yield %z, %cst : i64, tensor<4xf32>
  }
  test.out %acc#0, %acc#1, %s, %r#0, %r#1 : tensor<4xf32>, i64, i64, i64, tensor<4xf32>
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  EXPECT_EQ(probe(*c, Bindings().set("n", 3)),
            (Strings{"?,3,4294967299,4294967299,?", "done"}));
  Process p = Process::start(*c->prog, Bindings().set("n", 3));
  ASSERT_TRUE(p.step(isProbe).isEvent());
  EXPECT_EQ(p.operand(0).reason(), Reason::NotInteger);
  EXPECT_EQ(p.operand(1).width(), 64u);
  EXPECT_EQ(p.operand(4).reason(), Reason::NotInteger);
}
