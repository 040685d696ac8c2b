// Parser: structure, SSA resolution, pretty/generic forms, recovery.
#include <gtest/gtest.h>

#include "ParseHelpers.h"
#include "ir/Attribute.h"
#include "ir/Parser.h"

using namespace tscope;

namespace {
using irtest::parse;
ir::Operation *firstOp(const ir::Module &m, size_t chunk = 0) {
  return m.chunks()[chunk].body->first->first;
}
ir::Operation *nth(ir::Block *b, int n) {
  ir::Operation *o = b->first;
  while (o && n--)
    o = o->next;
  return o;
}
} // namespace

TEST(Parser, ScfForRegionArgsAndUses) {
  auto p = parse(R"(
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %r:2 = scf.for %iv = %c0 to %n step %c0 iter_args(%a = %c0, %b = %c0) -> (i32, i32) : i32 {
    %s = arith.addi %a, %iv : i32
    scf.yield %s, %b : i32, i32
  } {tt.num_stages = 3 : i32}
  tt.return %r#1 : i32
}
)");
  ASSERT_EQ(p->diags.errorCount(), 0u);
  ir::Operation *func = firstOp(*p->m);
  ASSERT_TRUE(func->is("tt.func"));
  ir::Block *body = func->firstRegion->first;
  ASSERT_EQ(body->numArgs, 1u);
  ir::Operation *loop = nth(body, 1);
  ASSERT_TRUE(loop->is("scf.for"));
  EXPECT_EQ(loop->numResults, 2u);
  EXPECT_EQ(loop->numOperands, 5u); // lb, ub, step, 2 inits
  EXPECT_EQ(p->m->str(loop->attrs), "{tt.num_stages = 3 : i32}");
  ir::Block *lb = loop->firstRegion->first;
  ASSERT_EQ(lb->numArgs, 3u);
  EXPECT_EQ(p->m->str(lb->args[0].name), "%iv");
  EXPECT_EQ(p->m->str(lb->args[0].type), "i32"); // from %c0
  ir::Operation *add = lb->first;
  EXPECT_EQ(add->operand(0), &lb->args[1]);
  EXPECT_EQ(add->operand(1), &lb->args[0]);
  ir::Operation *ret = nth(body, 2);
  EXPECT_EQ(ret->operand(0), loop->result(1));
  EXPECT_EQ(p->m->str(loop->result(1)->type), "i32");
}

TEST(Parser, WarpSpecializePartitions) {
  auto p = parse(R"(
tt.func @f(%bar: !ttg.memdesc<2xi64, #shared, #smem, mutable>) {
  %c0 = arith.constant 0 : i32
  ttg.warp_specialize(%bar, %c0) attributes {requestedRegisters = array<i32: 24>}
  default {
    ttg.warp_yield
  }
  partition0(%b: !ttg.memdesc<2xi64, #shared, #smem, mutable>, %i: i32) num_warps(1) {
    %c0 = arith.constant 0 : i32
    ttng.wait_barrier %b, %c0 : !ttg.memdesc<2xi64, #shared, #smem, mutable>
    ttg.warp_return
  }
  partition1(%b: !ttg.memdesc<2xi64, #shared, #smem, mutable>, %i: i32) num_warps(4) {
    ttng.arrive_barrier %b, 1 : !ttg.memdesc<2xi64, #shared, #smem, mutable>
    ttg.warp_return
  } : (!ttg.memdesc<2xi64, #shared, #smem, mutable>, i32) -> ()
  tt.return
}
)");
  ASSERT_EQ(p->diags.errorCount(), 0u);
  ir::Block *body = firstOp(*p->m)->firstRegion->first;
  ir::Operation *ws = nth(body, 1);
  ASSERT_TRUE(ws->is("ttg.warp_specialize"));
  EXPECT_EQ(ws->numRegions, 3u);
  EXPECT_EQ(ws->numOperands, 2u);
  EXPECT_EQ(ws->operand(0), &body->args[0]);
  EXPECT_EQ(p->m->str(ws->attrs), "{requestedRegisters = array<i32: 24>}");
  ir::Region *p0 = ws->region(1);
  ASSERT_EQ(p0->first->numArgs, 2u);
  ir::Operation *wait = nth(p0->first, 1);
  // The partition's own %c0 shadows the outer one (partitions are isolated).
  EXPECT_EQ(wait->operand(0), &p0->first->args[0]);
  EXPECT_EQ(wait->operand(1), p0->first->first->result(0));
  EXPECT_EQ(ws->region(0)->first->numArgs, 0u);
  EXPECT_EQ(p->m->str(ws->typeSig), "(!ttg.memdesc<2xi64, #shared, #smem, mutable>, i32) -> ()");
}

TEST(Parser, GenericFormWithRegionsAndProperties) {
  auto p = parse(R"(
"test.f"() ({
^bb0(%x: tensor<4xf32>):
  %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = "arith.maxf"(%a, %b) : (f32, f32) -> f32
    "tt.reduce.return"(%m) : (f32) -> ()
  }) {ttg.partition = array<i32: 0>} : (tensor<4xf32>) -> f32 loc(#loc1)
  "test.use"(%s) : (f32) -> ()
}) : () -> ()
#loc1 = loc("k.py":3:4)
)");
  ASSERT_EQ(p->diags.errorCount(), 0u);
  ir::Block *b = firstOp(*p->m)->firstRegion->first;
  ir::Operation *red = b->first;
  EXPECT_EQ(red->form, ir::Operation::Form::Generic);
  EXPECT_EQ(p->m->str(red->props), "<{axis = 0 : i32}>");
  EXPECT_EQ(p->m->str(red->attrs), "{ttg.partition = array<i32: 0>}");
  EXPECT_EQ(p->m->str(red->loc), "loc(#loc1)");
  EXPECT_EQ(p->m->str(red->result(0)->type), "f32");
  EXPECT_EQ(nth(b, 1)->operand(0), red->result(0));
  ASSERT_EQ(p->m->chunks()[0].aliases.size(), 1u);
}

TEST(Parser, ForwardReferencesAcrossBlocks) {
  auto p = parse(R"(
"f"() ({
  "cf.br"()[^bb2] : () -> ()
^bb1:
  "use"(%v) : (i32) -> ()
  "cf.br"()[^bb2] : () -> ()
^bb2:
  %v = "def"() : () -> i32
  "cf.br"()[^bb1] : () -> ()
}) : () -> ()
)");
  ASSERT_EQ(p->diags.errorCount(), 0u);
  ir::Region *r = firstOp(*p->m)->firstRegion;
  EXPECT_EQ(r->numBlocks, 3u);
  ir::Operation *use = r->first->next->first;
  ir::Operation *def = r->last->first;
  EXPECT_EQ(use->operand(0), def->result(0));
  EXPECT_EQ(r->first->first->successor(0), r->last);
}

TEST(Parser, UndefinedValuesAndBlocks) {
  auto p = parse("\"f\"() ({\n  \"use\"(%nope) : (i32) -> ()\n}) : () -> ()\n");
  EXPECT_EQ(p->diags.errorCount(), 1u);
  EXPECT_NE(p->diags.all()[0].message.find("undeclared SSA value '%nope'"), std::string::npos);
  // Pretty-form custom syntax never fails on a name it cannot resolve.
  auto q = parse("tt.func @f() {\n  gpu.launch blocks(%bx) in (%sx = %bx) {\n  }\n}\n");
  EXPECT_EQ(q->diags.errorCount(), 0u);
  EXPECT_EQ(q->m->stats().unresolvedUses, 1u);
}

TEST(Parser, ChunksAliasesAndRecovery) {
  auto p = parse(R"(#a = #ttg.blocked<{order = [0]}>
module {
  "x"() : () -> ()
}
// -----
module {
  "x"( : () -> ()
}
// -----
#a = 3 : i32
"y"() : () -> ()
)");
  ASSERT_EQ(p->m->chunks().size(), 3u);
  EXPECT_EQ(p->diags.errorCount(), 1u);
  EXPECT_TRUE(p->m->chunks()[1].hadError);
  EXPECT_FALSE(p->m->chunks()[2].hadError);
  EXPECT_EQ(p->m->str(p->m->chunks()[2].findAlias("#a")->value), "3 : i32");
  EXPECT_TRUE(firstOp(*p->m, 2)->is("y"));
}

TEST(Parser, MultiLineOpsAndUnknownSyntax) {
  auto p = parse(R"(
tt.func @f(%a: i32, %b: i32) {
  %x = foo.bar %a,
         %b
         : i32
  %y = baz.qux weird [keyword = %x] <%a> {not_a_region}
  %z = "generic"(%y) : (i32) -> i32
  tt.return
}
)");
  ASSERT_EQ(p->diags.errorCount(), 0u);
  ir::Block *b = firstOp(*p->m)->firstRegion->first;
  EXPECT_EQ(b->numOps, 4u);
  EXPECT_EQ(b->first->numOperands, 2u);
  EXPECT_EQ(p->m->str(b->first->typeSig), "i32");
  ir::Operation *y = b->first->next;
  EXPECT_EQ(y->numOperands, 2u);
  EXPECT_EQ(y->numRegions, 0u);
  EXPECT_EQ(p->m->str(y->attrs), "{not_a_region}");
}

TEST(Parser, ErrorsOnTruncationAndGarbage) {
  for (std::string_view bad : {"module {\n  tt.func @f() {\n", "%0 = \"x\"(", "}",
                               "\x7f\x45\x4c\x46\x02\x01", "#a = ", "module { %x = }"}) {
    auto p = parse(bad);
    EXPECT_GE(p->diags.errorCount(), 1u) << bad;
  }
}

TEST(Parser, SplitTopLevel) {
  std::vector<std::string_view> out;
  ir::splitAttrList("tensor<4x!tt.ptr<f16>, #a>, (i32) -> i32, !x<\"a,b\">", ',', out);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0], "tensor<4x!tt.ptr<f16>, #a>");
  EXPECT_EQ(out[1], "(i32) -> i32");
}

// An op's line comes from its offset (the lexer counts no lines): it must be
// the line of the op's first byte through comments, blank lines, multi-line
// ops, `// -----` chunks and the recovery after an error.
TEST(Parser, OpLinesFromOffsets) {
  const char *text = "// header comment\n"                                   // 1
                     "\n"                                                     // 2
                     "module {\n"                                             // 3
                     "  tt.func @f(%a: i32) {\n"                              // 4
                     "    %0 = arith.addi %a, %a : i32\n"                     // 5
                     "    // a comment between ops\n"                         // 6
                     "    %1:2 = \"t.pair\"(%0) : (i32) -> (i32, i32)\n"      // 7
                     "    %2, %3 = t.two %1#0,\n"                             // 8
                     "        %1#1 : i32\n"                                   // 9
                     "    tt.return\n"                                        // 10
                     "  }\n"                                                  // 11
                     "}\n"                                                    // 12
                     "// -----\n"                                             // 13
                     "t.broken ) (\n"                                        // 14: error, recovery
                     "// -----\n"                                             // 15
                     "\n"                                                     // 16
                     "  t.last\n";                                            // 17
  auto p = irtest::parse(text);
  const ir::Module &m = *p->m;
  EXPECT_EQ(p->diags.errorCount(), 1u);
  std::vector<std::pair<std::string, uint32_t>> got;
  std::vector<const ir::Operation *> work;
  for (const ir::Chunk &c : m.chunks())
    for (const ir::Operation *op = c.body->first->first; op; op = op->next)
      work.push_back(op);
  for (size_t i = 0; i < work.size(); ++i) {
    const ir::Operation *op = work[i];
    got.push_back({std::string(op->opName()), op->line});
    EXPECT_EQ(op->line, m.buffer().lineCol(op->range.offset).first) << op->opName();
    for (ir::Region *r = op->firstRegion; r; r = r->next)
      for (ir::Block *b = r->first; b; b = b->next)
        for (ir::Operation *o = b->first; o; o = o->next)
          work.push_back(o);
  }
  std::vector<std::pair<std::string, uint32_t>> want = {
      {"builtin.module", 3}, {"t.broken", 14}, {"t.last", 17}, {"tt.func", 4},
      {"arith.addi", 5},     {"t.pair", 7}, {"t.two", 8},   {"tt.return", 10}};
  EXPECT_EQ(got, want);
}

// Brackets of pretty ops are read in one scan when they hold nothing the op
// structure needs (Parser::skipPlainBracket); these are the runs that must
// still be read token by token, and what both ways must agree on.
TEST(Parser, PrettyBracketsPlainAndNot) {
  auto p = parse(R"(
tt.func @f(%a: i32, %b: i32) {
  %0 = x.plain %a : tensor<4x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>
  %1 = x.use_inside <%b> %a : i32
  %2 = x.arrow %a : tensor<4xf32, #x.fn<(i32) -> i32>>
  %3 = x.cmp %a : (tensor<2xi1>, !x.t<"%b ^bb">) -> !x.r<a > b>
  %4 = x.dash %a : !x.t<#name-> f32
  x.sink %0, %1, %2, %3, %4 : i32
}
)");
  ASSERT_EQ(p->diags.errorCount(), 0u) << p->diags.all()[0].message;
  ir::Block *body = firstOp(*p->m)->firstRegion->first;
  ir::Operation *plain = nth(body, 0), *inside = nth(body, 1), *arrow = nth(body, 2), *cmp = nth(body, 3),
                *dash = nth(body, 4), *sink = nth(body, 5);
  EXPECT_EQ(p->m->str(plain->result(0)->type),
            "tensor<4x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>");
  EXPECT_EQ(plain->numOperands, 1u);
  EXPECT_EQ(inside->numOperands, 2u); // `%b` inside `<...>` is a use
  EXPECT_EQ(p->m->str(arrow->result(0)->type), "tensor<4xf32, #x.fn<(i32) -> i32>>");
  EXPECT_EQ(cmp->numOperands, 1u); // the string's `%b` is text
  EXPECT_EQ(p->m->str(cmp->result(0)->type), "!x.r<a > b>");
  // `#name-` is one token whose `>` closes the `<` for the token loop (a
  // byte scan would take `->` for an arrow): the run is read token by token,
  // so the op still ends at its line; the signature keeps its text.
  EXPECT_EQ(p->m->str(dash->result(0)->type), "!x.t<#name-> f32");
  EXPECT_EQ(dash->numOperands, 1u);
  EXPECT_EQ(sink->numOperands, 5u);
  for (uint32_t i = 0; i < 5; ++i)
    EXPECT_EQ(sink->operand(i)->definingOp(), nth(body, static_cast<int>(i)));
}

TEST(Parser, PrettyBracketErrorsAsBefore) {
  // A bad byte inside a type is reported where the lexer meets it.
  auto p = parse("tt.func @f(%a: i32) {\n  %0 = x.op %a : tensor<4x\x01" "f32>\n}\n");
  ASSERT_EQ(p->diags.errorCount(), 1u);
  EXPECT_NE(p->diags.all()[0].message.find("0x01"), std::string::npos) << p->diags.all()[0].message;
  // An unclosed type at the end of a chunk.
  auto q = parse("tt.func @f(%a: i32) {\n  %0 = x.op %a : tensor<4xf32\n}\n");
  EXPECT_EQ(q->diags.errorCount(), 1u);
}

// The node sizes docs/Parser.md states ("Memory and speed"): a change that
// grows them should be a decision, not an accident.
TEST(Parser, NodeSizes) {
  EXPECT_EQ(sizeof(ir::Operation), 104u);
  EXPECT_EQ(sizeof(ir::Value), 32u);
}

TEST(Parser, AliasIndexFirstDefinitionWins) {
  std::string text;
  for (int i = 0; i < 3000; ++i)
    text += "#loc" + std::to_string(i) + " = loc(\"f.py\":" + std::to_string(i + 1) + ":1)\n";
  text += "#loc7 = loc(\"g.py\":1:1)\n#a = #x.y<1>\n!t = i32\n";
  text += "x.op loc(#loc7)\n";
  auto p = parse(text);
  const ir::Chunk &c = p->m->chunks()[0];
  ASSERT_EQ(c.aliases.size(), 3003u);
  const ir::AliasDef *d = c.findAlias("#loc7");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(p->m->str(d->value), "loc(\"f.py\":8:1)");
  for (int i = 0; i < 3000; i += 97)
    EXPECT_EQ(c.findAlias("#loc" + std::to_string(i)), &c.aliases[static_cast<size_t>(i)]);
  EXPECT_EQ(p->m->str(c.findAlias("!t")->value), "i32");
  EXPECT_EQ(c.findAlias("#loc3000"), nullptr);
  EXPECT_EQ(c.findAlias("#a2"), nullptr);
  EXPECT_EQ(c.findAlias(""), nullptr);
}

// Result types are remembered per signature text (and result count): a
// repeat must point into its own op's text and not mix up counts.
TEST(Parser, RepeatedSignaturesGiveTheirOwnRanges) {
  auto p = parse(R"(
tt.func @f(%a: i32) {
  %0:2 = x.op %a : (i32) -> (i32, f32)
  %1 = x.op %a : (i32) -> (i32, f32)
  %2:2 = x.op %a : (i32) -> (i32, f32)
  %3 = x.cast %a : i32 to i64
  %4 = x.cast %a : i32 to i64
}
)");
  ASSERT_EQ(p->diags.errorCount(), 0u);
  ir::Block *body = firstOp(*p->m)->firstRegion->first;
  for (int k : {0, 2}) {
    ir::Operation *op = nth(body, k);
    EXPECT_EQ(p->m->str(op->result(0)->type), "i32");
    EXPECT_EQ(p->m->str(op->result(1)->type), "f32");
    EXPECT_GE(op->result(1)->type.offset, op->range.offset);
    EXPECT_LE(op->result(1)->type.end(), op->range.end());
  }
  EXPECT_EQ(p->m->str(nth(body, 1)->result(0)->type), "f32");
  for (int k : {3, 4}) {
    ir::Operation *op = nth(body, k);
    EXPECT_EQ(p->m->str(op->result(0)->type), "i64");
    EXPECT_GE(op->result(0)->type.offset, op->range.offset);
    EXPECT_LE(op->result(0)->type.end(), op->range.end());
  }
}

// Names do not leak from one `// -----` chunk to the next (the name table is
// emptied slot by slot between chunks).
TEST(Parser, ChunksDoNotShareNames) {
  auto p = parse(
      "\"f\"() ({\n  %5000 = \"a\"() : () -> i32\n  %x = \"b\"() : () -> i32\n}) : () -> ()\n"
      "// -----\n"
      "\"g\"() ({\n  \"use\"(%5000, %x) : (i32, i32) -> ()\n}) : () -> ()\n"
      "// -----\n"
      "\"h\"() ({\n  %5000 = \"a\"() : () -> i32\n  %x = \"b\"() : () -> i32\n"
      "  \"use\"(%5000, %x) : (i32, i32) -> ()\n}) : () -> ()\n");
  ASSERT_EQ(p->diags.errorCount(), 2u);
  EXPECT_NE(p->diags.all()[0].message.find("'%5000'"), std::string::npos);
  EXPECT_NE(p->diags.all()[1].message.find("'%x'"), std::string::npos);
  ir::Operation *use = nth(firstOp(*p->m, 2)->firstRegion->first, 2);
  EXPECT_EQ(use->operand(0), nth(firstOp(*p->m, 2)->firstRegion->first, 0)->result(0));
  EXPECT_EQ(use->operand(1), nth(firstOp(*p->m, 2)->firstRegion->first, 1)->result(0));
}
