// Helpers for the interpreter's unit tests: parse IR text or a fixture,
// compile its first function, find ops and values, and record the operand
// values seen at `test.*` probe ops.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "interp/Process.h"
#include "ir/Parser.h"

namespace tscope::interptest {

using namespace tscope::interp;

/// A parsed module with its first function compiled.
struct Compiled {
  support::Diagnostics diags;
  std::unique_ptr<ir::Module> m;
  const ir::Operation *func = nullptr;
  std::unique_ptr<Program> prog;
};

/// Every op of the module in preorder (explicit stack).
inline std::vector<const ir::Operation *> allOps(const ir::Module &m) {
  std::vector<const ir::Operation *> out, stack, top;
  for (const ir::Chunk &c : m.chunks())
    for (const ir::Block *b = c.body ? c.body->first : nullptr; b; b = b->next)
      for (const ir::Operation *x = b->first; x; x = x->next)
        top.push_back(x);
  for (size_t i = top.size(); i-- > 0;)
    stack.push_back(top[i]);
  while (!stack.empty()) {
    const ir::Operation *op = stack.back();
    stack.pop_back();
    out.push_back(op);
    std::vector<const ir::Operation *> kids;
    for (const ir::Region *r = op->firstRegion; r; r = r->next)
      for (const ir::Block *b = r->first; b; b = b->next)
        for (const ir::Operation *x = b->first; x; x = x->next)
          kids.push_back(x);
    for (size_t i = kids.size(); i-- > 0;)
      stack.push_back(kids[i]);
  }
  return out;
}

/// The n-th op (preorder) named `name`, or null.
inline const ir::Operation *findOp(const ir::Module &m, std::string_view name, int n = 0) {
  for (const ir::Operation *op : allOps(m))
    if (op->is(name) && n-- == 0)
      return op;
  return nullptr;
}

/// The first value (result or block argument) spelled `name` ("%x").
inline const ir::Value *findValue(const ir::Module &m, std::string_view name) {
  for (const ir::Operation *op : allOps(m)) {
    for (uint32_t i = 0; i < op->numResults; ++i)
      if (m.str(op->result(i)->name) == name)
        return op->result(i);
    for (const ir::Region *r = op->firstRegion; r; r = r->next)
      for (const ir::Block *b = r->first; b; b = b->next)
        for (uint32_t i = 0; i < b->numArgs; ++i)
          if (m.str(b->args[i].name) == name)
            return &b->args[i];
  }
  return nullptr;
}

/// Parses `text` and compiles its first op named `*.func`.
inline std::unique_ptr<Compiled> compile(std::string_view text) {
  auto c = std::make_unique<Compiled>();
  c->m = ir::parseModule(support::SourceBuffer::fromString("t.mlir", text), c->diags);
  for (const ir::Operation *op : allOps(*c->m))
    if (op->name->opName() == "func") {
      c->func = op;
      break;
    }
  if (c->func)
    c->prog = std::make_unique<Program>(*c->m, *c->func);
  return c;
}

/// Parses a fixture file (tests/fixtures/<name>/kernel.ttgir) and compiles
/// its first function.
inline std::unique_ptr<Compiled> compileFixture(const std::string &name) {
  auto c = std::make_unique<Compiled>();
  std::string err;
  auto buf = support::SourceBuffer::open(
      std::string(TSCOPE_FIXTURES) + "/" + name + "/kernel.ttgir", err);
  if (!buf)
    return c;
  c->m = ir::parseModule(std::move(buf), c->diags);
  for (const ir::Operation *op : allOps(*c->m))
    if (op->name->opName() == "func") {
      c->func = op;
      break;
    }
  if (c->func)
    c->prog = std::make_unique<Program>(*c->m, *c->func);
  return c;
}

/// True for the probe ops tests place in IR (`test.*`).
inline bool isProbe(const ir::Operation &op) { return op.name->dialect() == "test"; }

/// Runs the function body to its end and returns, for each probe, its
/// operand values joined by ',' ("3", "true,-1", "?"), then a last entry
/// "done" or "unknown: <describe>".
inline std::vector<std::string> probe(const Compiled &c, const Bindings &b = {}) {
  std::vector<std::string> out;
  Process p = Process::start(*c.prog, b);
  for (int guard = 0; guard < 100000; ++guard) {
    StepResult r = p.step(isProbe);
    if (r.isDone()) {
      out.push_back("done");
      return out;
    }
    if (r.isUnknown()) {
      out.push_back("unknown: " + r.describe(*c.m));
      return out;
    }
    std::string s;
    for (uint32_t i = 0; i < r.op->numOperands; ++i)
      s += (i ? "," : "") + p.operand(i).str();
    out.push_back(s);
  }
  out.push_back("runaway");
  return out;
}

/// The single probe value of a body that computes one thing: `test.out %x`.
inline std::string eval1(std::string_view body, const Bindings &b = {}) {
  std::string text = "tt.func @f(%n: i32, %m: i64) {\n" + std::string(body) + "\n  tt.return\n}\n";
  auto c = compile(text);
  EXPECT_EQ(c->diags.errorCount(), 0u) << text;
  if (!c->prog)
    return "no function";
  auto v = probe(*c, b);
  return v.size() == 2 ? v[0] : ::testing::PrintToString(v);
}

} // namespace tscope::interptest
