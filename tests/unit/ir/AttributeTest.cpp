// Attribute: dictionary entries, the properties-first rule, the typed views
// and keyword forms, and malformed text (nullopt, never a crash).
#include <gtest/gtest.h>

#include "ir/Attribute.h"
#include "ParseHelpers.h"

using namespace tscope;

namespace {

using irtest::parse;

/// The first op named `name`, searching the whole module.
const ir::Operation *find(const ir::Module &m, std::string_view name) {
  std::vector<const ir::Operation *> work;
  for (const ir::Chunk &c : m.chunks())
    for (const ir::Operation *o = c.body->first->first; o; o = o->next)
      work.push_back(o);
  while (!work.empty()) {
    const ir::Operation *o = work.back();
    work.pop_back();
    if (o->is(name))
      return o;
    for (const ir::Region *r = o->firstRegion; r; r = r->next)
      for (const ir::Block *b = r->first; b; b = b->next)
        for (const ir::Operation *x = b->first; x; x = x->next)
          work.push_back(x);
  }
  return nullptr;
}

} // namespace

TEST(Attribute, Int) {
  EXPECT_EQ(ir::Attr("42").asInt(), 42);
  EXPECT_EQ(ir::Attr("42 : i32").asInt(), 42);
  EXPECT_EQ(ir::Attr("-7 : i64").asInt(), -7);
  EXPECT_EQ(ir::Attr("0x1F").asInt(), 31);
  EXPECT_EQ(ir::Attr("true").asInt(), 1);
  EXPECT_FALSE(ir::Attr("1.5 : f32").asInt());
  EXPECT_FALSE(ir::Attr("\"4\"").asInt());
  EXPECT_FALSE(ir::Attr().asInt());
}

TEST(Attribute, Bool) {
  EXPECT_EQ(ir::Attr("true").asBool(), true);
  EXPECT_EQ(ir::Attr("false : i1").asBool(), false);
  EXPECT_EQ(ir::Attr("unit").asBool(), true);
  EXPECT_FALSE(ir::Attr("2").asBool());
  EXPECT_FALSE(ir::Attr("yes").asBool());
}

TEST(Attribute, IntArray) {
  using V = std::vector<int64_t>;
  EXPECT_EQ(ir::Attr("array<i32: 1, 2, -3>").asIntArray(), V({1, 2, -3}));
  EXPECT_EQ(ir::Attr("array<i32>").asIntArray(), V());
  EXPECT_EQ(ir::Attr("[1, 2]").asIntArray(), V({1, 2}));
  EXPECT_EQ(ir::Attr("[4 : i32, 8 : i32]").asIntArray(), V({4, 8}));
  EXPECT_EQ(ir::Attr("dense<[0, 1]> : tensor<2xi32>").asIntArray(), V({0, 1}));
  EXPECT_EQ(ir::Attr("dense<3> : tensor<1xi32>").asIntArray(), V({3}));
  EXPECT_EQ(ir::Attr("5").asIntArray(), V({5}));
  EXPECT_FALSE(ir::Attr("array<i32: 1, 2").asIntArray());
  EXPECT_FALSE(ir::Attr("[1, 2").asIntArray());
  EXPECT_FALSE(ir::Attr("#ttg.shared<{}>").asIntArray());
}

TEST(Attribute, DenseSplat) {
  EXPECT_EQ(ir::Attr("dense<0> : tensor<128xi32>").asSplat(), 0);
  EXPECT_EQ(ir::Attr("dense<-2> : tensor<4xi64>").asSplat(), -2);
  EXPECT_EQ(ir::Attr("dense<true> : tensor<4xi1>").asSplat(), 1);
  EXPECT_FALSE(ir::Attr("dense<[1, 2]> : tensor<2xi32>").asSplat());
  EXPECT_FALSE(ir::Attr("dense<0.0> : tensor<4xf32>").asSplat());
  EXPECT_FALSE(ir::Attr("dense<0").asSplat());
  EXPECT_FALSE(ir::Attr("0").asSplat());
}

TEST(Attribute, String) {
  EXPECT_EQ(ir::Attr("\"cuda:100\"").asString(), "cuda:100");
  EXPECT_EQ(ir::Attr(R"("a\"b\\c\n")").asString(), "a\"b\\c\n");
  EXPECT_EQ(ir::Attr(R"("\41\42")").asString(), "AB");
  EXPECT_EQ(ir::Attr("\"\"").asString(), "");
  EXPECT_FALSE(ir::Attr("\"open").asString());
  EXPECT_FALSE(ir::Attr(R"("bad\")").asString());
  EXPECT_FALSE(ir::Attr("4").asString());
}

TEST(Attribute, Symbol) {
  EXPECT_EQ(ir::Attr("@kernel").asSymbol(), "kernel");
  EXPECT_EQ(ir::Attr("@\"odd name\"").asSymbol(), "odd name");
  EXPECT_FALSE(ir::Attr("@").asSymbol());
  EXPECT_FALSE(ir::Attr("kernel").asSymbol());
  EXPECT_FALSE(ir::Attr("@a b").asSymbol());
}

TEST(Attribute, DictEntries) {
  auto d = ir::parseAttrDict(
      R"({"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", tt.unit, x = {a = 1, b = 2}})");
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(d[0].name, "ttg.num-warps");
  EXPECT_EQ(d[0].value, "4 : i32");
  EXPECT_EQ(d[1].value, "\"cuda:90\"");
  EXPECT_EQ(d[2].name, "tt.unit");
  EXPECT_EQ(d[2].value, "unit");
  EXPECT_EQ(d[3].value, "{a = 1, b = 2}");
  auto p = ir::parseAttrDict("<{predicate = 2 : i64}>");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].name, "predicate");
}

TEST(Attribute, MalformedDicts) {
  EXPECT_TRUE(ir::parseAttrDict("").empty());
  EXPECT_TRUE(ir::parseAttrDict("a = 1").empty());
  EXPECT_TRUE(ir::parseAttrDict("{").empty());
  EXPECT_TRUE(ir::parseAttrDict("{}").empty());
  // Entries that read as neither `k = v` nor `k` are left out, not fatal.
  auto d = ir::parseAttrDict(R"({"unterminated = 1, a b, = 3, ok = 1})");
  EXPECT_TRUE(d.empty() || d.back().name == "ok");
  auto e = ir::parseAttrDict("{a b, ok = 1}");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].name, "ok");
}

TEST(Attribute, PropertiesBeforeAttrDict) {
  auto p = parse(R"(
"tt.func"() <{sym_name = "f", function_type = () -> ()}> ({
  %0 = "arith.cmpi"(%a, %b) <{predicate = 2 : i64}> {predicate = 5 : i64, extra} : (i32, i32) -> i1
  "tt.return"() : () -> ()
}) : () -> ()
)");
  const ir::Operation *cmp = find(*p->m, "arith.cmpi");
  ASSERT_NE(cmp, nullptr);
  EXPECT_EQ(ir::getAttr(*p->m, *cmp, "predicate").asInt(), 2);
  EXPECT_TRUE(ir::getAttr(*p->m, *cmp, "extra").isUnit());
  EXPECT_FALSE(ir::getAttr(*p->m, *cmp, "missing"));
  // Cached: the same entries come back, properties first.
  const auto &all = ir::attrsOf(*p->m, *cmp);
  EXPECT_EQ(&all, &ir::attrsOf(*p->m, *cmp));
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].value, "2 : i64");
  const ir::Operation *f = find(*p->m, "tt.func");
  EXPECT_EQ(ir::getAttr(*p->m, *f, "sym_name").asString(), "f");
}

TEST(Attribute, ModuleAttrsAndKeywordForms) {
  auto p = parse(R"(
module attributes {"ttg.num-warps" = 4 : i32, ttg.maxnreg = 128 : i32} {
  tt.func @k(%x: i32) {
    ttg.warp_specialize(%x) attributes {requestedRegisters = array<i32: 24, 48>}
    default {
      ttg.warp_yield
    }
    partition0(%a: i32) num_warps(2) {
      ttg.warp_return
    }
    partition1(%a: i32) num_warps(1) {
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}
)");
  const ir::Operation *mod = find(*p->m, "builtin.module");
  if (!mod)
    mod = find(*p->m, "module");
  ASSERT_NE(mod, nullptr);
  EXPECT_EQ(ir::getAttr(*p->m, *mod, "ttg.num-warps").asInt(), 4);
  EXPECT_EQ(ir::getAttr(*p->m, *mod, "ttg.maxnreg").asInt(), 128);
  const ir::Operation *ws = find(*p->m, "ttg.warp_specialize");
  ASSERT_NE(ws, nullptr);
  EXPECT_EQ(ir::keywordInts(*p->m, *ws, "num_warps"), std::vector<int64_t>({2, 1}));
  EXPECT_EQ(ir::getAttr(*p->m, *ws, "requestedRegisters").asIntArray(),
            std::vector<int64_t>({24, 48}));
  EXPECT_TRUE(ir::keywordInts(*p->m, *ws, "num_ctas").empty());
}

TEST(Attribute, IntLiteralLimits) {
  EXPECT_EQ(ir::parseIntLiteral("-9223372036854775808"), INT64_MIN);
  EXPECT_EQ(ir::parseIntLiteral("18446744073709551615"), -1);
  EXPECT_FALSE(ir::parseIntLiteral("18446744073709551616"));
  EXPECT_FALSE(ir::parseIntLiteral("0x1FFFFFFFFFFFFFFFF"));
  EXPECT_FALSE(ir::parseIntLiteral("0x"));
  EXPECT_FALSE(ir::parseIntLiteral("-"));
}

TEST(Attribute, SplitAttrList) {
  std::vector<std::string_view> out;
  ir::splitAttrList("a = [1, 2], b = \"x,y\", c = f(1, 2) -> i32", ',', out);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[1], "b = \"x,y\"");
  EXPECT_EQ(ir::trim("  x \n"), "x");
}
