// PyNames: identifiers for the TLX translation — sanitising SSA names, Python
// keywords and reserved names, and reuse of names across sibling scopes.
#include <gtest/gtest.h>

#include "ir/Parser.h"
#include "translate/PyNames.h"
#include "translate/TlxTranslator.h"

using namespace tscope;
using translate::PyNames;

TEST(PyNames, Sanitize) {
  EXPECT_EQ(PyNames::sanitize("%acc_16"), "acc_16");
  EXPECT_EQ(PyNames::sanitize("%8"), "v8");
  EXPECT_EQ(PyNames::sanitize("%a.b$c-d"), "a_b_c_d");
  EXPECT_EQ(PyNames::sanitize("%lambda"), "lambda_");
  EXPECT_EQ(PyNames::sanitize("True"), "True_");
  EXPECT_EQ(PyNames::sanitize("%"), "v");
  EXPECT_EQ(PyNames::sanitize(""), "v");
}

TEST(PyNames, UniqueWithinOpenScopesReusedAcrossSiblings) {
  ir::Value a, b, c, d, e;
  PyNames n;
  n.reserve("tl");
  EXPECT_EQ(n.define(&a, "tl"), "tl_1");
  EXPECT_EQ(n.define(&b, "slot"), "slot");
  n.push();                                  // first partition
  EXPECT_EQ(n.define(&c, "slot"), "slot_1"); // the outer `slot` is visible
  EXPECT_EQ(n.define(&d, "kt"), "kt");
  n.pop();
  n.push(); // a sibling partition may reuse `kt`
  EXPECT_EQ(n.define(&e, "kt"), "kt");
  n.pop();
  ASSERT_NE(n.find(&d), nullptr);
  EXPECT_EQ(n.find(&d)->text, "kt");
  n.alias(&e, {"(a + 1)", false, 1});
  EXPECT_FALSE(n.find(&e)->atom);
}

TEST(PyNames, TranslationOfEveryValueKindParses) {
  // Block arguments, grouped results, unnamed values and keywords together.
  const char *text = R"(module {
  tt.func @f(%in: i32, %for: i32) -> i32 {
    %c1 = arith.constant 1 : i32
    %0:2 = "x.pair"(%in) : (i32) -> (i32, i32)
    %1 = arith.addi %0#0, %0#1 : i32
    %2 = arith.muli %1, %for : i32
    tt.return %2 : i32
  }
})";
  support::Diagnostics diags;
  auto m = ir::parseModule(support::SourceBuffer::fromString("k.ttgir", text), diags);
  ASSERT_EQ(diags.errorCount(), 0u);
  std::string py = translate::translateToTlx(*m);
  EXPECT_NE(py.find("def f(in_, for_):"), std::string::npos) << py;
  EXPECT_NE(py.find("v0_0, v0_1 = x.pair(in_)"), std::string::npos) << py;
  EXPECT_NE(py.find("return (v0_0 + v0_1) * for_"), std::string::npos) << py;
}
