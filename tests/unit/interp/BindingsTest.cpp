// Bindings: NAME=V and X,Y,Z parsing; arguments matched by SSA name or by the
// NameLoc Triton writes for each Python argument, with clear errors.
#include <gtest/gtest.h>

#include "InterpTestUtil.h"
#include "interp/OpText.h"

using namespace tscope::interptest;

namespace {

const char *kKernel = R"(
#loc = loc("/k.py":10:0)
#loc60 = loc("K"(#loc))
module {
  tt.func public @k(%a_desc: !tt.tensordesc<tensor<128x64xf16>> loc("a_desc"(#loc)), %a_desc_0: i32 loc("a_desc"(#loc)), %a_desc_2: i64 loc("a_desc"(#loc)), %arg3: i32 {tt.divisibility = 16 : i32} loc(#loc60), %M: i32 loc("M"(#loc)), %x: i32 loc("dup"(#loc)), %y: i32 loc("dup"(#loc)), %flag: i1 loc("flag"(#loc))) {
    test.out %a_desc_0, %a_desc_2, %arg3, %M, %x, %y, %flag : i32, i64, i32, i32, i32, i32, i1
    tt.return
  }
}
)";

std::vector<Scalar> bindAll(const Compiled &c, const Bindings &b, std::vector<std::string> &errs) {
  return bindArguments(*c.prog, b, &errs);
}

} // namespace

TEST(Bindings, ParseNameValueAndDims) {
  auto a = parseArgBinding("K=128");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->name, "K");
  EXPECT_EQ(a->value, 128);
  EXPECT_EQ(parseArgBinding("%K=-1")->value, -1);
  EXPECT_EQ(parseArgBinding("%K=-1")->name, "%K");
  EXPECT_EQ(parseArgBinding("N=0x40")->value, 64);
  EXPECT_FALSE(parseArgBinding("K"));
  EXPECT_FALSE(parseArgBinding("=3"));
  EXPECT_FALSE(parseArgBinding("K=abc"));
  EXPECT_FALSE(parseArgBinding("K=1.5"));
  EXPECT_FALSE(parseArgBinding("K=true"));
  EXPECT_FALSE(parseArgBinding("K=99999999999999999999"));
  EXPECT_EQ(parseDim3("4", 1), (std::array<int64_t, 3>{4, 1, 1}));
  EXPECT_EQ(parseDim3("4,5", 0), (std::array<int64_t, 3>{4, 5, 0}));
  EXPECT_EQ(parseDim3("1, 2, 3", 0), (std::array<int64_t, 3>{1, 2, 3}));
  EXPECT_FALSE(parseDim3("1,2,3,4", 0));
  EXPECT_FALSE(parseDim3("-1", 0));
  EXPECT_FALSE(parseDim3("a", 0));
  EXPECT_FALSE(parseDim3("", 0));
}

TEST(Bindings, ArgumentNameLocIsRead) {
  auto c = compile(kKernel);
  ASSERT_EQ(c->diags.errorCount(), 0u);
  const tscope::ir::Block *b = c->func->region(0)->first;
  ASSERT_EQ(b->numArgs, 8u);
  EXPECT_EQ(argLocName(*c->m, b->args[0]), "a_desc");
  EXPECT_EQ(argLocName(*c->m, b->args[3]), "K"); // through #loc60, after {attrs}
  EXPECT_EQ(argLocName(*c->m, b->args[4]), "M");
}

TEST(Bindings, BySsaNameNameLocAndUniqueIntegerOfADescriptor) {
  auto c = compile(kKernel);
  std::vector<std::string> errs;
  Bindings b;
  b.set("K", 4096).set("%M", 7).set("a_desc_2", 1ll << 40).set("%x", -1).set("flag", 1);
  auto v = bindAll(*c, b, errs);
  EXPECT_TRUE(errs.empty()) << ::testing::PrintToString(errs);
  EXPECT_EQ(v[3].sext(), 4096); // K is the NameLoc of %arg3
  EXPECT_EQ(v[4].sext(), 7);
  EXPECT_EQ(v[2].sext(), 1ll << 40);
  EXPECT_EQ(v[5].sext(), -1);
  EXPECT_EQ(v[7], Scalar::boolean(true));
  EXPECT_EQ(v[6].reason(), Reason::Unbound);
  EXPECT_EQ(v[0].reason(), Reason::NotInteger);
  // The tests' probe sees the same values.
  EXPECT_EQ(probe(*c, b),
            (std::vector<std::string>{"?,1099511627776,4096,7,-1,?,true", "done"}));
}

TEST(Bindings, ProblemsAreReportedNotGuessed) {
  auto c = compile(kKernel);
  std::vector<std::string> errs;
  Bindings b;
  b.set("Q", 1).set("dup", 2).set("a_desc", 3).set("%M", 1).set("M", 2)
      .set("%x", 1ll << 40).set("%y", 4294967295);
  auto v = bindAll(*c, b, errs);
  ASSERT_EQ(errs.size(), 5u) << ::testing::PrintToString(errs);
  EXPECT_EQ(errs[0], "no argument named 'Q' (integer arguments: %a_desc_0 (a_desc), "
                     "%a_desc_2 (a_desc), %arg3 (K), %M, %x (dup), %y (dup), %flag)");
  EXPECT_EQ(errs[1], "argument name 'dup' is ambiguous: %x, %y; use the SSA name");
  EXPECT_EQ(errs[2], "argument %a_desc is not an integer of at most 64 bits (type "
                     "!tt.tensordesc<tensor<128x64xf16>>)");
  EXPECT_EQ(errs[3], "argument %M is bound twice");
  EXPECT_EQ(errs[4], "value 1099511627776 does not fit argument %x of type i32");
  EXPECT_EQ(v[4].sext(), 1);
  // 4294967295 fits i32 read as unsigned: it is -1.
  EXPECT_EQ(v[6].sext(), -1);
}

TEST(Bindings, DescriptorNameMeansTheDescriptorItself) {
  auto c = compile(R"(
tt.func @k(%d: !tt.tensordesc<tensor<8xf16>> loc("d"), %d_0: i32 loc("d"), %d_1: i64 loc("d")) {
  tt.return
}
)");
  std::vector<std::string> errs;
  bindAll(*c, Bindings().set("d", 1), errs);
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0], "argument %d is not an integer of at most 64 bits (type "
                     "!tt.tensordesc<tensor<8xf16>>)");
}
