// PyOp: the op-name and op-kind emitter tables of renderOp — by-name rules,
// rules that hand an op on when its shape does not fit, and the plain call.
#include <gtest/gtest.h>

#include "ir/Parser.h"
#include "translate/TlxTranslator.h"

using namespace tscope;

namespace {

std::string toPython(const char *text) {
  support::Diagnostics diags;
  auto m = ir::parseModule(support::SourceBuffer::fromString("k.ttgir", text), diags);
  EXPECT_EQ(diags.errorCount(), 0u);
  return m ? translate::translateToTlx(*m) : std::string();
}

} // namespace

TEST(PyOp, NameTableSpellsArithAndMath) {
  std::string py = toPython(R"(module {
  tt.func @f(%a: i32, %b: i32, %y: f32) -> i32 {
    %0 = arith.cmpi sgt, %a, %b : i32
    %1 = arith.maxsi %a, %b : i32
    %2 = arith.select %0, %1, %b : i32
    %3 = arith.ceildivsi %2, %a : i32
    %4 = math.exp %y : f32
    %5 = arith.negf %4 : f32
    "x.sink"(%5) : (f32) -> ()
    tt.return %3 : i32
  }
})");
  EXPECT_NE(py.find("return tl.cdiv(max(a, b) if (a > b) else b, a)"), std::string::npos) << py;
  EXPECT_NE(py.find("x.sink(-tl.exp(y))"), std::string::npos) << py;
}

TEST(PyOp, UnfittingShapeFallsBackToPlainCall) {
  // arith.select with two operands is not a select the table knows: the
  // by-name rule hands it on and it prints as the dotted call.
  std::string py = toPython(R"(module {
  tt.func @f(%a: i32, %b: i32) -> i32 {
    %0 = "arith.select"(%a, %b) : (i32, i32) -> i32
    tt.return %0 : i32
  }
})");
  EXPECT_NE(py.find("arith.select(a, b)"), std::string::npos) << py;
}
