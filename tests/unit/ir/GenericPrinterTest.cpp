// GenericPrinter: renaming, types, stripped dialect types.
#include <gtest/gtest.h>
#include <sstream>

#include "ir/GenericPrinter.h"
#include "ir/Parser.h"

using namespace tscope;

static std::string gen(std::string_view text, ir::GenericPrintOptions o = {}) {
  support::Diagnostics d;
  auto m = ir::parseModule(support::SourceBuffer::fromString("t", text), d);
  EXPECT_EQ(d.errorCount(), 0u);
  std::ostringstream os;
  ir::printGeneric(*m, os, o);
  return os.str();
}

TEST(GenericPrinter, RenumbersShadowedNames) {
  ir::GenericPrintOptions o;
  o.keepAsm = false;
  std::string out = gen("tt.func @f() {\n  %c = arith.constant 0 : i32\n  foo.region {\n"
                        "    %c = arith.constant 1 : i32\n    foo.use %c : i32\n  }\n}\n",
                        o);
  EXPECT_NE(out.find("%0 = \"arith.constant\"() : () -> (i32)"), std::string::npos) << out;
  EXPECT_NE(out.find("%1 = \"arith.constant\"()"), std::string::npos) << out;
  EXPECT_NE(out.find("\"foo.use\"(%1) : (i32) -> ()"), std::string::npos) << out;
}

TEST(GenericPrinter, StrippedMemdescAndCasts) {
  std::string out = gen("tt.func @f(%p: tensor<4x!tt.ptr<f16>>, %a: i32) {\n"
                        "  %t = ttg.async_copy_global_to_local %p, %p : tensor<4x!tt.ptr<f16>> -> <4xf16, #s, #smem, mutable>\n"
                        "  %e = arith.extsi %a : i32 to i64\n  tt.return\n}\n");
  EXPECT_NE(out.find("-> (!ttg.memdesc<4xf16, #s, #smem, mutable>)"), std::string::npos) << out;
  EXPECT_NE(out.find("(i32) -> (i64)"), std::string::npos) << out;
}

TEST(GenericPrinter, OpaqueNamesAndEscapedAsm) {
  ir::GenericPrintOptions o;
  o.opaqueNames = true;
  std::string out = gen("module {\n  foo.bar \"q\" : i32\n}\n", o);
  EXPECT_NE(out.find("\"builtin.module\"()"), std::string::npos);
  EXPECT_NE(out.find("\"tscope.foo.bar\"() {tscope.asm = \"\\22q\\22 : i32\"}"), std::string::npos) << out;
}
