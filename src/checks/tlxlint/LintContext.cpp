// Shared kernel facts for the TLX rules; chains are followed with bounded
// loops, never recursion.
#include "checks/tlxlint/LintContext.h"

#include "dialect/OpTable.h"
#include "ir/Location.h"
#include "kernel/IndexExpr.h"

namespace tscope::checks::tlxlint {

using dialect::OpKind;

bool BarrierRef::same(const BarrierRef &o) const {
  if (!exact || !o.exact || !root || root != o.root)
    return false;
  SlotIndex a = slot(), b = o.slot();
  if (!a.same(b))
    return false;
  if (indices.size() != o.indices.size() && indices.size() > 1 && o.indices.size() > 1)
    return false;
  for (size_t i = 1; i < indices.size() && i < o.indices.size(); ++i)
    if (!indices[i].same(o.indices[i]))
      return false;
  return true;
}

LintContext::LintContext(const ir::Module &m, const kernel::Kernel &k) : module(m), kernel(k) {
  k.walk([&](const ir::Operation *op, const kernel::Placement &p) { ops.push_back({op, p}); });
  const ir::Operation *mod = k.func ? k.func->parentOp() : nullptr;
  while (mod && !mod->is("builtin.module"))
    mod = mod->parentOp();
  int64_t cluster = 1;
  bool twoCtas = false;
  if (mod) {
    for (const char *d : {"ttg.cluster-dim-x", "ttg.cluster-dim-y", "ttg.cluster-dim-z"})
      if (auto v = dialect::intAttr(m, mod, d); v && *v > 0)
        cluster *= *v;
    std::string_view t = dialect::attrText(m, mod, "ttng.two-ctas");
    twoCtas = !t.empty() && t.substr(0, 5) != "false";
  }
  singleCta = k.numCtas <= 1 && cluster == 1 && !twoCtas;
}

std::optional<int64_t> LintContext::constant(const ir::Value *v) const {
  if (!v)
    return std::nullopt;
  kernel::IndexExpr e = kernel::indexExpr(kernel, v);
  if (!e.constant)
    return std::nullopt;
  return static_cast<int64_t>(e.value);
}

BarrierRef LintContext::barrierRef(const ir::Value *start) const {
  BarrierRef r;
  const ir::Value *v = start;
  bool viewed = false;
  for (int step = 0; v && step < 64; ++step) {
    if (const kernel::Allocation *a = kernel.allocationOf(v)) {
      r.root = a;
      r.exact = !viewed;
      break;
    }
    if (v->kind == ir::Value::BlockArgument) {
      if (const ir::Value *cap = kernel.captureOf(v)) {
        v = cap;
        continue;
      }
      break;
    }
    const ir::Operation *op = v->definingOp();
    if (!op || op->numOperands == 0)
      break;
    OpKind k = dialect::kindOf(op);
    if (k == OpKind::MemDescIndex && op->numOperands >= 2) {
      dialect::OperandRoles roles = dialect::operandRoles(module, op);
      const ir::Value *ix = roles.index ? roles.index : op->operands[1];
      SlotIndex s;
      s.constant = constant(ix);
      const ir::Value *cap = kernel.captureOf(ix);
      s.value = cap ? cap : ix;
      r.indices.insert(r.indices.begin(), s);
      v = op->operands[0];
      continue;
    }
    if (op->is("ttng.map_to_remote_buffer")) {
      r.remote = true;
      v = op->operands[0];
      continue;
    }
    if (k == OpKind::MemDescView) {
      viewed = true;
      v = op->operands[0];
      continue;
    }
    break;
  }
  if (!r.root) {
    r.indices.clear();
    auto roots = kernel.rootsOf(start);
    if (roots.size() == 1)
      r.root = roots.front();
  }
  return r;
}

FindingLocation LintContext::point(const ir::Operation *op) const {
  ir::ResolvedLoc loc = kernel.sourceOf(op);
  return locationAt(module.buffer(), op->range.offset, loc.known() ? loc.file : std::string(),
                    loc.known() ? loc.line : 0);
}

bool LintContext::inLoop(const ir::Operation *op) const {
  for (const ir::Operation *p = op->parentOp(); p && p != kernel.func; p = p->parentOp()) {
    OpKind k = dialect::kindOf(p);
    if (k == OpKind::For || k == OpKind::While)
      return true;
  }
  return false;
}

std::string LintContext::describe(const BarrierRef &r) const {
  std::string s = r.root ? r.root->name : std::string("?");
  if (r.root && r.root->slots() > 1 && !r.indices.empty()) {
    const SlotIndex &ix = r.indices.front();
    s += "[" +
         (ix.constant ? std::to_string(*ix.constant) : kernel::indexExpr(kernel, ix.value).text) +
         "]";
  }
  return s;
}

int LintContext::warpsOf(const kernel::Placement &p) const {
  if (p.partition == kernel::kOutside || !p.ws)
    return kernel.moduleWarps;
  const kernel::Partition *part = p.ws->find(p.partition);
  return part ? part->numWarps : 0;
}

} // namespace tscope::checks::tlxlint
