// Scalar values and arith semantics: wrap-around per width, signed division
// rounding, undefined behaviour as unknown, every cmpi predicate, casts.
#include <gtest/gtest.h>

#include "interp/OpSemantics.h"
#include "interp/OpText.h"
#include "InterpTestUtil.h"

using namespace tscope::interp;
using namespace tscope::interptest;
namespace it = tscope::interptest;

namespace {

Scalar k(int64_t v, unsigned w = 32) { return Scalar::known(v, w); }

Scalar eval(Opcode c, Scalar a, Scalar b, unsigned w = 32, uint8_t flags = 0) {
  Scalar ops[2] = {a, b};
  return evaluate(c, w, flags, 0, ops, 2, nullptr);
}

Scalar cmp(CmpPredicate p, Scalar a, Scalar b) {
  Scalar ops[2] = {a, b};
  return evaluate(Opcode::Cmp, 1, 0, static_cast<int64_t>(p), ops, 2, nullptr);
}

Scalar cast(Opcode c, Scalar a, unsigned w) { return evaluate(c, w, 0, 0, &a, 1, nullptr); }

} // namespace

TEST(Scalar, KnownValuesAreWrappedAndSignExtended) {
  EXPECT_EQ(k(0x1'0000'0005, 32).sext(), 5);
  EXPECT_EQ(k(0xFFFF'FFFF, 32).sext(), -1);
  EXPECT_EQ(k(0xFFFF'FFFF, 32).zext(), 0xFFFF'FFFFu);
  EXPECT_EQ(k(255, 8).sext(), -1);
  EXPECT_EQ(k(1, 1).sext(), -1); // i1 true is all ones, as MLIR prints -1 for it
  EXPECT_EQ(k(1, 1).zext(), 1u);
  EXPECT_EQ(k(2, 1).sext(), 0);
  EXPECT_EQ(k(INT64_MIN, 64).sext(), INT64_MIN);
  EXPECT_EQ(k(-1, 64).zext(), ~uint64_t(0));
  // The same value from different bits compares equal once wrapped.
  EXPECT_EQ(k(-1, 16), k(0xFFFF, 16));
  EXPECT_NE(k(1, 16), k(1, 32));
}

TEST(Scalar, PrintsAndDescribes) {
  EXPECT_EQ(k(-7).str(), "-7");
  EXPECT_EQ(Scalar::boolean(true).str(), "true");
  EXPECT_EQ(Scalar::boolean(false).str(), "false");
  Scalar u = Scalar::unknown(Reason::DivisionByZero);
  EXPECT_FALSE(u.isKnown());
  EXPECT_EQ(u.str(), "?");
  EXPECT_STREQ(reasonText(u.reason()), "division by zero");
  EXPECT_FALSE(u.isTrue());
  EXPECT_EQ(Scalar(), Scalar::unknown(Reason::Undefined));
  EXPECT_NE(Scalar::unknown(Reason::Unbound), Scalar::unknown(Reason::NoGrid));
  EXPECT_EQ(k(3).hash(), k(3).hash());
  EXPECT_NE(k(3).hash(), k(4).hash());
}

TEST(Arith, AddSubMulWrapAtEachWidth) {
  EXPECT_EQ(eval(Opcode::Add, k(INT32_MAX), k(1)).sext(), INT32_MIN);
  EXPECT_EQ(eval(Opcode::Sub, k(INT32_MIN), k(1)).sext(), INT32_MAX);
  EXPECT_EQ(eval(Opcode::Mul, k(65536), k(65536)).sext(), 0);
  EXPECT_EQ(eval(Opcode::Mul, k(-3), k(5)).sext(), -15);
  EXPECT_EQ(eval(Opcode::Add, k(127, 8), k(1, 8), 8).sext(), -128);
  EXPECT_EQ(eval(Opcode::Add, k(1, 1), k(1, 1), 1).sext(), 0); // true + true
  EXPECT_EQ(eval(Opcode::Add, k(INT64_MAX, 64), k(1, 64), 64).sext(), INT64_MIN);
  EXPECT_EQ(eval(Opcode::Mul, k(INT64_MIN, 64), k(-1, 64), 64).sext(), INT64_MIN);
  EXPECT_EQ(eval(Opcode::Sub, k(0, 64), k(INT64_MIN, 64), 64).sext(), INT64_MIN);
}

TEST(Arith, OverflowFlagsMakePoison) {
  EXPECT_EQ(eval(Opcode::Add, k(INT32_MAX), k(1), 32, kNsw).reason(), Reason::Overflow);
  EXPECT_TRUE(eval(Opcode::Add, k(INT32_MAX), k(1), 32, kNuw).isKnown());
  EXPECT_EQ(eval(Opcode::Add, k(-1), k(1), 32, kNuw).reason(), Reason::Overflow);
  EXPECT_EQ(eval(Opcode::Sub, k(0), k(1), 32, kNuw).reason(), Reason::Overflow);
  EXPECT_EQ(eval(Opcode::Mul, k(1 << 16), k(1 << 15), 32, kNsw).reason(), Reason::Overflow);
  EXPECT_EQ(eval(Opcode::Mul, k(1 << 16), k(1 << 15), 32, kNuw).sext(), INT32_MIN);
  EXPECT_EQ(eval(Opcode::Mul, k(INT64_MAX, 64), k(2, 64), 64, kNsw).reason(),
            Reason::Overflow);
  EXPECT_EQ(eval(Opcode::Shl, k(1), k(31), 32, kNsw).reason(), Reason::Overflow);
  EXPECT_EQ(eval(Opcode::Shl, k(1), k(31), 32, kNuw).sext(), INT32_MIN);
  EXPECT_EQ(eval(Opcode::Shl, k(3), k(31), 32, kNuw).reason(), Reason::Overflow);
  EXPECT_EQ(eval(Opcode::Add, k(1), k(2), 32, kNsw | kNuw).sext(), 3);
}

TEST(Arith, SignedDivisionRoundsTowardZeroCeilAndFloor) {
  struct Case {
    int64_t a, b, div, ceil, floor, rem;
  };
  for (Case c : {Case{7, 2, 3, 4, 3, 1}, Case{-7, 2, -3, -3, -4, -1},
                 Case{7, -2, -3, -3, -4, 1}, Case{-7, -2, 3, 4, 3, -1},
                 Case{6, 3, 2, 2, 2, 0}, Case{-6, 3, -2, -2, -2, 0}, Case{0, 5, 0, 0, 0, 0},
                 Case{1, 7, 0, 1, 0, 1}, Case{-1, 7, 0, 0, -1, -1}}) {
    SCOPED_TRACE(::testing::Message() << c.a << " / " << c.b);
    EXPECT_EQ(eval(Opcode::DivS, k(c.a), k(c.b)).sext(), c.div);
    EXPECT_EQ(eval(Opcode::CeilDivS, k(c.a), k(c.b)).sext(), c.ceil);
    EXPECT_EQ(eval(Opcode::FloorDivS, k(c.a), k(c.b)).sext(), c.floor);
    EXPECT_EQ(eval(Opcode::RemS, k(c.a), k(c.b)).sext(), c.rem);
  }
}

TEST(Arith, DivisionUndefinedBehaviourIsUnknown) {
  for (Opcode c : {Opcode::DivS, Opcode::DivU, Opcode::RemS, Opcode::RemU, Opcode::CeilDivS,
                   Opcode::CeilDivU, Opcode::FloorDivS})
    EXPECT_EQ(eval(c, k(5), k(0)).reason(), Reason::DivisionByZero);
  EXPECT_EQ(eval(Opcode::DivS, k(INT32_MIN), k(-1)).reason(), Reason::Overflow);
  EXPECT_EQ(eval(Opcode::CeilDivS, k(INT32_MIN), k(-1)).reason(), Reason::Overflow);
  EXPECT_EQ(eval(Opcode::FloorDivS, k(INT64_MIN, 64), k(-1, 64), 64).reason(),
            Reason::Overflow);
  // remsi of INT_MIN by -1 is 0 (what MLIR's folder computes), not a trap.
  EXPECT_EQ(eval(Opcode::RemS, k(INT64_MIN, 64), k(-1, 64), 64).sext(), 0);
  EXPECT_EQ(eval(Opcode::RemS, k(INT32_MIN), k(-1)).sext(), 0);
  // At i8, -128 / -1 overflows too.
  EXPECT_EQ(eval(Opcode::DivS, k(-128, 8), k(-1, 8), 8).reason(), Reason::Overflow);
}

TEST(Arith, UnsignedDivisionReadsBitsUnsigned) {
  EXPECT_EQ(eval(Opcode::DivU, k(-1), k(2)).sext(), INT32_MAX);
  EXPECT_EQ(eval(Opcode::RemU, k(-1), k(10)).sext(), 5); // 4294967295 % 10
  EXPECT_EQ(eval(Opcode::CeilDivU, k(7), k(2)).sext(), 4);
  EXPECT_EQ(eval(Opcode::CeilDivU, k(8), k(2)).sext(), 4);
  EXPECT_EQ(eval(Opcode::DivU, k(-1, 64), k(2, 64), 64).sext(), INT64_MAX);
}

TEST(Arith, BitwiseAndShifts) {
  EXPECT_EQ(eval(Opcode::And, k(0b1100), k(0b1010)).sext(), 0b1000);
  EXPECT_EQ(eval(Opcode::Or, k(0b1100), k(0b1010)).sext(), 0b1110);
  EXPECT_EQ(eval(Opcode::Xor, k(0b1100), k(0b1010)).sext(), 0b0110);
  EXPECT_EQ(eval(Opcode::Xor, k(1, 1), k(1, 1), 1), Scalar::boolean(false));
  EXPECT_EQ(eval(Opcode::Shl, k(1), k(31)).sext(), INT32_MIN);
  EXPECT_EQ(eval(Opcode::Shl, k(1), k(32)).reason(), Reason::ShiftOutOfRange);
  EXPECT_EQ(eval(Opcode::Shl, k(1), k(-1)).reason(), Reason::ShiftOutOfRange);
  EXPECT_EQ(eval(Opcode::ShrS, k(-8), k(1)).sext(), -4);
  EXPECT_EQ(eval(Opcode::ShrU, k(-8), k(1)).sext(), 2147483644);
  EXPECT_EQ(eval(Opcode::ShrU, k(-1, 64), k(63, 64), 64).sext(), 1);
  EXPECT_EQ(eval(Opcode::ShrS, k(1), k(40)).reason(), Reason::ShiftOutOfRange);
}

TEST(Arith, MinMaxSignedAndUnsigned) {
  EXPECT_EQ(eval(Opcode::MaxS, k(-1), k(1)).sext(), 1);
  EXPECT_EQ(eval(Opcode::MinS, k(-1), k(1)).sext(), -1);
  EXPECT_EQ(eval(Opcode::MaxU, k(-1), k(1)).sext(), -1);
  EXPECT_EQ(eval(Opcode::MinU, k(-1), k(1)).sext(), 1);
}

TEST(Arith, EveryCmpiPredicate) {
  using P = CmpPredicate;
  struct Case {
    P p;
    bool lt, eq, gt; // -1 vs 1, 3 vs 3, 1 vs -1
  };
  // -1 is the largest unsigned i32: the unsigned predicates flip.
  for (Case c : {Case{P::Eq, false, true, false}, Case{P::Ne, true, false, true},
                 Case{P::Slt, true, false, false}, Case{P::Sle, true, true, false},
                 Case{P::Sgt, false, false, true}, Case{P::Sge, false, true, true},
                 Case{P::Ult, false, false, true}, Case{P::Ule, false, true, true},
                 Case{P::Ugt, true, false, false}, Case{P::Uge, true, true, false}}) {
    SCOPED_TRACE(static_cast<int>(c.p));
    EXPECT_EQ(cmp(c.p, k(-1), k(1)), Scalar::boolean(c.lt));
    EXPECT_EQ(cmp(c.p, k(3), k(3)), Scalar::boolean(c.eq));
    EXPECT_EQ(cmp(c.p, k(1), k(-1)), Scalar::boolean(c.gt));
  }
  EXPECT_EQ(parseCmpPredicate("sge"), P::Sge);
  EXPECT_EQ(parseCmpPredicate("9"), P::Uge);
  EXPECT_EQ(parseCmpPredicate("2"), P::Slt);
  EXPECT_FALSE(parseCmpPredicate("lt"));
  EXPECT_FALSE(parseCmpPredicate("10"));
}

TEST(Arith, CastsExtendAndTruncate) {
  EXPECT_EQ(cast(Opcode::CastS, k(-1), 64), k(-1, 64));             // extsi
  EXPECT_EQ(cast(Opcode::CastU, k(-1), 64).sext(), 4294967295);     // extui
  EXPECT_EQ(cast(Opcode::CastS, k(0x1'0000'0001, 64), 32).sext(), 1); // trunci
  EXPECT_EQ(cast(Opcode::CastS, k(0x80, 64), 8).sext(), -128);
  EXPECT_EQ(cast(Opcode::CastS, Scalar::boolean(true), 32).sext(), -1); // extsi i1
  EXPECT_EQ(cast(Opcode::CastU, Scalar::boolean(true), 32).sext(), 1);  // extui i1
  EXPECT_EQ(cast(Opcode::CastS, k(6, 64), 1), Scalar::boolean(false));  // trunci to i1
  EXPECT_EQ(cast(Opcode::CastS, k(7, 64), 1), Scalar::boolean(true));
  EXPECT_EQ(cast(Opcode::CastS, k(5), 32), k(5)); // bitcast i32 -> i32
}

TEST(Arith, SelectAndUnknownPropagation) {
  Scalar ops[3] = {Scalar::boolean(true), k(1), k(2)};
  EXPECT_EQ(evaluate(Opcode::Select, 32, 0, 0, ops, 3, nullptr), k(1));
  ops[0] = Scalar::boolean(false);
  EXPECT_EQ(evaluate(Opcode::Select, 32, 0, 0, ops, 3, nullptr), k(2));
  ops[0] = Scalar::unknown(Reason::Unbound);
  EXPECT_EQ(evaluate(Opcode::Select, 32, 0, 0, ops, 3, nullptr).reason(), Reason::Unbound);
  ops[2] = k(1); // both arms equal: the condition does not matter
  EXPECT_EQ(evaluate(Opcode::Select, 32, 0, 0, ops, 3, nullptr), k(1));
  // The first unknown operand's reason (and origin) is kept.
  Scalar u = Scalar::unknown(Reason::NotInterpreted);
  EXPECT_EQ(eval(Opcode::Add, k(1), u), u);
  EXPECT_EQ(eval(Opcode::DivS, u, k(0)), u);
  // Wrong arity is malformed, not a crash.
  EXPECT_EQ(evaluate(Opcode::Add, 32, 0, 0, ops, 3, nullptr).reason(), Reason::Malformed);
}

TEST(OpText, IntegerTypeWidths) {
  EXPECT_EQ(intWidth("i1"), 1u);
  EXPECT_EQ(intWidth("i32"), 32u);
  EXPECT_EQ(intWidth(" i64 "), 64u);
  EXPECT_EQ(intWidth("index"), 64u);
  EXPECT_EQ(intWidth("i128"), kTooWide);
  EXPECT_EQ(intWidth("i99999999999"), kTooWide);
  EXPECT_EQ(intWidth("i0"), 0u);
  EXPECT_EQ(intWidth("f32"), 0u);
  EXPECT_EQ(intWidth("si32"), 0u);
  EXPECT_EQ(intWidth("tensor<4xi32>"), 0u);
  EXPECT_EQ(intWidth("!tt.ptr<i32>"), 0u);
  EXPECT_EQ(intWidth(""), 0u);
}

TEST(OpText, IntegerLiterals) {
  EXPECT_EQ(parseIntLiteral("42"), 42);
  EXPECT_EQ(parseIntLiteral("-1"), -1);
  EXPECT_EQ(parseIntLiteral("0x10"), 16);
  EXPECT_EQ(parseIntLiteral("true"), 1);
  EXPECT_EQ(parseIntLiteral("false"), 0);
  EXPECT_EQ(parseIntLiteral("-9223372036854775808"), INT64_MIN);
  EXPECT_EQ(parseIntLiteral("18446744073709551615"), -1);
  EXPECT_EQ(parseIntLiteral("0xFFFFFFFFFFFFFFFF"), -1);
  EXPECT_FALSE(parseIntLiteral("18446744073709551616"));
  EXPECT_FALSE(parseIntLiteral("-9223372036854775809"));
  EXPECT_FALSE(parseIntLiteral("0x1FFFFFFFFFFFFFFFF"));
  EXPECT_FALSE(parseIntLiteral("1.0"));
  EXPECT_FALSE(parseIntLiteral("dense<0>"));
  EXPECT_FALSE(parseIntLiteral(""));
  EXPECT_FALSE(parseIntLiteral("-"));
  EXPECT_EQ(attrInt("2 : i64"), 2);
  EXPECT_EQ(attrInt("true"), 1);
  EXPECT_FALSE(attrInt("#arith.overflow<nsw>"));
}

// The same computation through the compiled program: operands bound at run
// time (%n, %m) and all-constant operands (folded when compiling).
TEST(Decode, PrettyArithAtRunTimeAndFolded) {
  Bindings b;
  b.set("n", -7).set("m", 1ll << 40);
  EXPECT_EQ(eval1("%c2 = arith.constant 2 : i32\n%r = arith.divsi %n, %c2 : i32\n"
                  "test.out %r : i32", b),
            "-3");
  EXPECT_EQ(eval1("%a = arith.constant -7 : i32\n%c2 = arith.constant 2 : i32\n"
                  "%r = arith.floordivsi %a, %c2 : i32\ntest.out %r : i32"),
            "-4");
  EXPECT_EQ(eval1("%c2 = arith.constant 2 : i32\n%r = arith.ceildivsi %n, %c2 : i32\n"
                  "test.out %r : i32", b),
            "-3");
  EXPECT_EQ(eval1("%c = arith.constant 2147483647 : i32\n%r = arith.addi %c, %n : i32\n"
                  "%s = arith.addi %r, %c : i32\ntest.out %s : i32", b),
            "-9"); // (INT_MAX - 7) + INT_MAX = 2^32 - 9 wraps
  EXPECT_EQ(eval1("%t = arith.trunci %m : i64 to i32\n%e = arith.extsi %n : i32 to i64\n"
                  "%x = arith.index_cast %n : i32 to index\n"
                  "%u = arith.index_castui %n : i32 to index\n"
                  "test.out %t, %e, %x, %u : i32, i64, index, index", b),
            "0,-7,-7,4294967289");
  EXPECT_EQ(eval1("%c = arith.constant 5 : i32\n%p = arith.cmpi slt, %n, %c : i32\n"
                  "%q = arith.cmpi ult, %n, %c : i32\n"
                  "%s = arith.select %p, %n, %c : i32\ntest.out %p, %q, %s : i1, i1, i32", b),
            "true,false,-7");
  EXPECT_EQ(eval1("%t = arith.constant true\n%f = arith.constant false\n"
                  "%x = arith.xori %t, %f : i1\n%e = arith.extui %x : i1 to i32\n"
                  "test.out %t, %x, %e : i1, i1, i32"),
            "true,true,1");
  EXPECT_EQ(eval1("%c = arith.constant {async_task_id = array<i32: 1>} 3 : i64\n"
                  "%d = arith.constant 0x10 : index\n%e = arith.constant -1 : i8\n"
                  "test.out %c, %d, %e : i64, index, i8"),
            "3,16,-1");
  EXPECT_EQ(eval1("%c = arith.constant 2 : i32\n"
                  "%r = arith.muli %n, %c {async_task_id = array<i32: 0>} : i32\n"
                  "%s = arith.shli %c, %c : i32\n%t = arith.shrsi %n, %c : i32\n"
                  "%u = arith.shrui %n, %c : i32\n%v = arith.maxui %n, %c : i32\n"
                  "%w = arith.minsi %n, %c : i32\n%x = arith.remui %n, %c : i32\n"
                  "test.out %r, %s, %t, %u, %v, %w, %x : i32, i32, i32, i32, i32, i32, i32",
                  b),
            "-14,8,-2,1073741822,-7,-7,1");
}

TEST(Decode, PrettyOverflowFlagsAndPoison) {
  Bindings b;
  b.set("n", 2147483647);
  EXPECT_EQ(eval1("%c = arith.constant 1 : i32\n%r = arith.addi %n, %c overflow<nsw> : i32\n"
                  "test.out %r : i32", b),
            "?");
  EXPECT_EQ(eval1("%c = arith.constant 1 : i32\n%r = arith.addi %n, %c overflow<nuw> : i32\n"
                  "test.out %r : i32", b),
            "-2147483648");
  EXPECT_EQ(eval1("%c = arith.constant 0 : i32\n%r = arith.divui %n, %c : i32\n"
                  "test.out %r : i32", b),
            "?");
}

TEST(Decode, ProgramIdsAndGrid) {
  Bindings b;
  b.programId = {3, 4, 5};
  EXPECT_EQ(eval1("%x = tt.get_program_id x : i32\n%y = tt.get_program_id y : i32\n"
                  "%z = tt.get_program_id z {async_task_id = array<i32: 0>} : i32\n"
                  "test.out %x, %y, %z : i32, i32, i32", b),
            "3,4,5");
  EXPECT_EQ(eval1("%g = tt.get_num_programs y : i32\ntest.out %g : i32", b), "?");
  b.numPrograms = {{8, 9, 10}};
  EXPECT_EQ(eval1("%g = tt.get_num_programs y : i32\ntest.out %g : i32", b), "9");
}

TEST(Decode, NonScalarsAndUnmodelledOpsAreUnknownWithAReason) {
  auto c = it::compile(R"(
tt.func @f(%p: !tt.ptr<i32>, %n: i32) {
  %t = arith.constant dense<1> : tensor<4xi32>
  %f = arith.constant 1.0 : f32
  %w = arith.constant 1 : i128
  %l = "tt.load"(%p) : (!tt.ptr<i32>) -> i32
  %s = arith.addi %l, %n : i32
  %wid = ttg.warp_id : i32
  %r = "foo.region"(%n) ({
    test.inner %n : i32
  }) : (i32) -> i32
  %q = arith.addi %t, %t : tensor<4xi32>
  test.out %t, %f, %w, %l, %s, %wid, %r, %q, %p : tensor<4xi32>, f32, i128, i32, i32, i32, i32, tensor<4xi32>, !tt.ptr<i32>
  tt.return
}
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  Process p = Process::start(*c->prog, Bindings().set("n", 1));
  StepResult r = p.step(it::isProbe);
  ASSERT_TRUE(r.isEvent());
  ASSERT_TRUE(r.op->is("test.out")) << "probes inside foo.region are stepped over";
  std::vector<Reason> want = {Reason::NotInteger,     Reason::NotInteger,
                              Reason::TooWide,        Reason::NotInterpreted,
                              Reason::NotInterpreted, Reason::WarpDependent,
                              Reason::RegionResult,   Reason::NotInteger,
                              Reason::NotInteger};
  for (uint32_t i = 0; i < want.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_FALSE(p.operand(i).isKnown());
    EXPECT_EQ(p.operand(i).reason(), want[i]);
    EXPECT_EQ(p.value(r.op->operand(i)), p.operand(i));
  }
  // %s is unknown because of the load: the origin is the load's result.
  EXPECT_EQ(p.operand(4).origin(), it::findValue(*c->m, "%l"));
  EXPECT_EQ(p.operand(4).describe(*c->m),
            "? (result of an op the interpreter does not model: %l = tt.load at line 6)");
  EXPECT_TRUE(p.step(it::isProbe).isDone());
}

TEST(Decode, GenericForm) {
  auto c = it::compile(R"(
"builtin.module"() ({
  "tt.func"() <{function_type = (i32) -> (), sym_name = "g"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 7 : i32}> : () -> i32
    %1 = "arith.cmpi"(%arg0, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %2 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %3 = "tt.get_program_id"() <{axis = 1 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = true}> : () -> i1
    %5 = "arith.constant"() {value = -2 : i64} : () -> i64
    %6 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %7 = "arith.select"(%1, %arg0, %0) : (i1, i32, i32) -> i32
    %8 = "arith.extsi"(%arg0) : (i32) -> i64
    %9 = "arith.cmpi"(%arg0, %0) <{predicate = 8 : i64}> : (i32, i32) -> i1
    %10 = "arith.constant"() <{value = dense<0> : tensor<2xi32>}> : () -> tensor<2xi32>
    "test.out"(%1, %2, %3, %4, %5, %6, %7, %8, %9, %10) : (i1, i32, i32, i1, i64, i32, i32, i64, i1, tensor<2xi32>) -> ()
    "tt.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
)");
  ASSERT_EQ(c->diags.errorCount(), 0u);
  Bindings b;
  b.set("%arg0", 2147483645);
  b.programId = {0, 6, 0};
  EXPECT_EQ(it::probe(*c, b),
            (std::vector<std::string>{"false,-2147483644,6,true,-2,?,7,2147483645,true,?",
                                      "done"}));
}
