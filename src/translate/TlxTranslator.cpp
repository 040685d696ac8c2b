// The structure of the TLX translation: a task stack walks functions and
// regions (no recursion over IR), opening a Python block per region and
// turning yields into assignments.
#include "translate/TlxTranslator.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "dialect/OpTable.h"
#include "dialect/Types.h"
#include "ir/Location.h"
#include "ir/Parser.h"
#include "kernel/Kernel.h"
#include "translate/PyNames.h"
#include "translate/PyOp.h"

namespace tscope::translate {
namespace {

using dialect::OpKind;

/// Python allows about 100 indentation levels; deeper IR is elided.
constexpr int kMaxIndent = 90;
/// Inlined expressions deeper than this are given a name instead.
constexpr int kMaxInlineDepth = 6;

std::vector<const ir::Value *> argsOf(const ir::Block *b) {
  std::vector<const ir::Value *> out;
  for (uint32_t i = 0; b && i < b->numArgs; ++i)
    out.push_back(&b->args[i]);
  return out;
}

std::string indentOf(int n) { return std::string(static_cast<size_t>(n) * 4, ' '); }

std::string oneLine(std::string_view s) {
  std::string out;
  for (char c : s)
    out.push_back(c == '\n' || c == '\r' ? ' ' : c);
  return out;
}

std::string basename(const std::string &path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

/// A barrier allocation printed as `tlx.alloc_barriers(n, arrive_count=c)`.
struct BarrierAlloc {
  int64_t count = 1;
  int64_t arriveCount = 1;
};

/// One unit of work on the task stack.
struct Task {
  enum Kind { Ops, Stage, Line } kind = Ops;
  const ir::Operation *op = nullptr; // Ops: the next op; Stage: the op
  int stage = 0;
  int indent = 0;
  size_t mark = 0;  // lines.size() when the block opened (to add `pass`)
  std::string text; // Line
};

class Translator {
public:
  Translator(const ir::Module &m, const TlxOptions &o) : m_(m), opts_(o) {}

  std::string run();

private:
  // Per-function state.
  void analyze(const kernel::Kernel &k);
  void foldBarrierInits(const kernel::Allocation &a,
                        const std::vector<const ir::Operation *> &inits,
                        const std::vector<const ir::Operation *> &invals);
  void emitFunction(const ir::Operation *func);
  void drain();
  void emitOps(const Task &t);
  void runStage(const ir::Operation *op, int stage, int indent, size_t mark);
  Task stageTask(const ir::Operation *op, int stage, int indent, size_t mark) const;
  void pushBody(const ir::Region *r, int indent);
  void openScope(const ir::Operation *op, int next, int indent, const ir::Region *r,
                 int bodyIndent);
  std::string loopKeywords(const ir::Operation *op) const;
  void stageFor(const ir::Operation *op, int stage, int indent, size_t mark);
  void stageIf(const ir::Operation *op, int stage, int indent, size_t mark);
  void stageWhile(const ir::Operation *op, int stage, int indent);
  void stageWarpSpecialize(const ir::Operation *op, const kernel::WarpSpecialize &w, int stage,
                           int indent, size_t mark);
  void stageRegionOp(const ir::Operation *op, int stage, int indent, size_t mark);
  void emitSimple(const ir::Operation *op, int indent);
  void emitTerminator(const ir::Operation *op, int indent);
  void emitAlloc(const ir::Operation *op, int indent);
  bool isTerminator(const ir::Operation *op) const;

  void line(int indent, const std::string &text, const ir::Operation *op = nullptr);
  void passIfEmpty(size_t mark, int indent);
  std::string comment(const ir::Operation *op) const;
  std::string baseName(const ir::Value *v) const;
  bool named(const ir::Value *v) const;
  void defineAll(const ir::Block *b, uint32_t from = 0);
  std::string refList(const std::vector<const ir::Value *> &vs) const;
  std::string targets(const ir::Operation *op);
  std::string assign(const std::vector<const ir::Value *> &to,
                     const std::vector<const ir::Value *> &from) const;
  PyOpEnv env() const { return PyOpEnv{m_, k_, names_, opts_.types}; }

  const ir::Module &m_;
  TlxOptions opts_;
  std::vector<std::string> lines_;
  std::vector<kernel::Kernel> kernels_;
  std::set<std::string> funcNames_;

  const kernel::Kernel *k_ = nullptr;
  PyNames names_;
  std::vector<Task> tasks_;
  std::unordered_map<const ir::Value *, std::vector<const ir::Operation *>> users_;
  std::unordered_set<const ir::Operation *> suppressed_;
  std::unordered_map<const ir::Operation *, BarrierAlloc> barrierAllocs_;
  std::unordered_set<const ir::Operation *> indexedAllocs_;
  std::unordered_map<const ir::Operation *, const kernel::WarpSpecialize *> ws_;
  std::unordered_map<const ir::Operation *, std::vector<std::string>> regionFns_;
};

void Translator::line(int indent, const std::string &text, const ir::Operation *op) {
  lines_.push_back(indentOf(indent) + text + (op ? comment(op) : std::string()));
}

void Translator::passIfEmpty(size_t mark, int indent) {
  if (lines_.size() == mark)
    lines_.push_back(indentOf(indent) + "pass");
}

std::string Translator::comment(const ir::Operation *op) const {
  std::vector<std::string> parts;
  if (opts_.types && op->numResults) {
    std::string t;
    for (uint32_t i = 0; i < op->numResults; ++i) {
      std::string_view ty = dialect::typeText(m_, op->result(i));
      if (!ty.empty())
        t += (t.empty() ? "" : ", ") + oneLine(ty);
    }
    if (!t.empty())
      parts.push_back(t);
  }
  if (opts_.annotate) {
    std::string a = "IR line " + std::to_string(op->line);
    if (const ir::Chunk *c = m_.chunkOf(op)) {
      ir::ResolvedLoc loc = ir::resolveLocation(m_, *c, m_.str(op->loc));
      if (loc.known())
        a += ", " + oneLine(basename(loc.file)) + ":" + std::to_string(loc.line);
    }
    parts.push_back(a);
  }
  if (parts.empty())
    return "";
  std::string s = "  # ";
  for (size_t i = 0; i < parts.size(); ++i)
    s += (i ? "; " : "") + parts[i];
  return s;
}

bool Translator::named(const ir::Value *v) const {
  std::string_view s = v->name.empty() ? std::string_view() : m_.str(v->name);
  if (!s.empty() && s.front() == '%')
    s.remove_prefix(1);
  return !s.empty() && !(s.front() >= '0' && s.front() <= '9');
}

std::string Translator::baseName(const ir::Value *v) const {
  std::string s = v->name.empty() ? std::string("v") : std::string(m_.str(v->name));
  if (!s.empty() && s.front() == '%')
    s.erase(s.begin());
  bool numeric = !s.empty() && s.front() >= '0' && s.front() <= '9';
  if (v->kind == ir::Value::Result) {
    const ir::Operation *op = v->definingOp();
    if (numeric && !op->loc.empty()) {
      if (const ir::Chunk *c = m_.chunkOf(op)) {
        std::string ln = ir::resolveLocation(m_, *c, m_.str(op->loc)).name;
        if (!ln.empty())
          s = ln;
      }
    }
    uint32_t first = v->number;
    while (first > 0 && op->results[first - 1].name.offset == v->name.offset && !v->name.empty())
      --first;
    bool group =
        (first + 1 < op->numResults && op->results[first + 1].name.offset == v->name.offset) ||
        v->number != first;
    if (group && !v->name.empty())
      s += "_" + std::to_string(v->number - first);
  }
  return s;
}

void Translator::defineAll(const ir::Block *b, uint32_t from) {
  for (uint32_t i = from; b && i < b->numArgs; ++i)
    names_.define(&b->args[i], baseName(&b->args[i]));
}

std::string Translator::refList(const std::vector<const ir::Value *> &vs) const {
  PyOpEnv e = env();
  std::string s;
  for (size_t i = 0; i < vs.size(); ++i)
    s += (i ? ", " : "") + e.arg(vs[i]);
  return s;
}

std::string Translator::assign(const std::vector<const ir::Value *> &to,
                               const std::vector<const ir::Value *> &from) const {
  PyOpEnv e = env();
  std::string lhs, rhs;
  for (size_t i = 0; i < to.size() && i < from.size(); ++i) {
    std::string l = e.arg(to[i]), r = e.arg(from[i]);
    if (l == r)
      continue;
    lhs += (lhs.empty() ? "" : ", ") + l;
    rhs += (rhs.empty() ? "" : ", ") + r;
  }
  return lhs.empty() ? "" : lhs + " = " + rhs;
}

bool Translator::isTerminator(const ir::Operation *op) const {
  if (op->next || op->numRegions)
    return false;
  std::string_view n = op->name->opName();
  return n == "yield" || n == "return" || n == "condition" || n == "warp_yield" ||
         n == "warp_return" || (n.size() > 7 && n.substr(n.size() - 7) == ".return");
}

void Translator::analyze(const kernel::Kernel &k) {
  k_ = &k;
  users_.clear();
  suppressed_.clear();
  barrierAllocs_.clear();
  indexedAllocs_.clear();
  ws_.clear();
  regionFns_.clear();
  for (const kernel::WarpSpecialize &w : k.warpSpecializes)
    if (w.op)
      ws_[w.op] = &w;
  std::vector<const ir::Operation *> inits, invals, indexes;
  k.walk([&](const ir::Operation *op, const kernel::Placement &) {
    for (uint32_t i = 0; i < op->numOperands; ++i)
      users_[op->operands[i]].push_back(op);
    OpKind kind = dialect::kindOf(op);
    if (kind == OpKind::InitBarrier)
      inits.push_back(op);
    else if (kind == OpKind::InvalBarrier)
      invals.push_back(op);
    else if (kind == OpKind::MemDescIndex)
      indexes.push_back(op);
  });
  // Multi-buffered allocations: indexed by memdesc_index at their own rank.
  for (const ir::Operation *ix : indexes) {
    if (!ix->numOperands)
      continue;
    auto st = dialect::parseMemDesc(m_, k.chunk, dialect::typeText(m_, ix->operands[0]));
    for (const kernel::Allocation *a : k.rootsOf(ix->operands[0]))
      if (a->op && a->type && st && st->shape.size() == a->type->shape.size())
        indexedAllocs_.insert(a->op);
  }
  // Barrier allocations initialised slot by slot right after the allocation
  // print as one tlx.alloc_barriers; their init/inval ops and the views that
  // only feed them disappear.
  for (const kernel::Allocation &a : k.allocations)
    foldBarrierInits(a, inits, invals);
  for (const ir::Operation *ix : indexes) {
    if (ix->numResults != 1)
      continue;
    auto it = users_.find(ix->result(0));
    if (it == users_.end() || it->second.empty())
      continue;
    bool all = true;
    for (const ir::Operation *u : it->second)
      all = all && suppressed_.count(u);
    const ir::Operation *src = ix->numOperands ? ix->operands[0]->definingOp() : nullptr;
    if (all && src && barrierAllocs_.count(src))
      suppressed_.insert(ix);
  }
}

/// A non-negative integer constant (a slot number), or nullopt.
std::optional<int64_t> constIndex(const ir::Module &m, const ir::Value *v) {
  if (!v || v->kind != ir::Value::Result)
    return std::nullopt;
  auto lit = scalarLiteral(m, v->definingOp());
  if (!lit || lit->empty() || lit->size() > 18)
    return std::nullopt;
  int64_t x = 0;
  for (char c : *lit) {
    if (c < '0' || c > '9')
      return std::nullopt;
    x = x * 10 + (c - '0');
  }
  return x;
}

/// The constant slot of barrier allocation `a` that `v` names, or nullopt.
std::optional<int64_t> barrierSlot(const ir::Module &m, const ir::Value *v,
                                   const kernel::Allocation &a) {
  if (v == a.value)
    return a.type && a.type->shape.size() == 1 ? std::optional<int64_t>(0) : std::nullopt;
  const ir::Operation *d = v ? v->definingOp() : nullptr;
  if (d && dialect::kindOf(d) == OpKind::MemDescIndex && d->numOperands == 2 &&
      d->operands[0] == a.value)
    return constIndex(m, d->operands[1]);
  return std::nullopt;
}

/// When every slot of barrier allocation `a` is initialised once, with one
/// arrive count, next to the allocation: records it as a tlx.alloc_barriers
/// and suppresses its init_barrier and inval_barrier ops.
void Translator::foldBarrierInits(const kernel::Allocation &a,
                                  const std::vector<const ir::Operation *> &inits,
                                  const std::vector<const ir::Operation *> &invals) {
  if (!a.isBarrier || !a.op || a.kind != kernel::AllocKind::Shared || a.op->numOperands ||
      !a.type || !a.op->is("ttg.local_alloc"))
    return;
  int64_t n = a.type->shape.size() == 1
                  ? (a.type->shape[0] == 1 ? 1 : 0)
                  : (a.type->shape.size() == 2 && a.type->shape[1] == 1 ? a.type->shape[0] : 0);
  if (n <= 0 || n > 4096)
    return;
  std::vector<int> seen(static_cast<size_t>(n), 0);
  std::optional<int64_t> count;
  std::vector<const ir::Operation *> mine;
  for (const ir::Operation *init : inits) {
    if (!init->numOperands)
      continue;
    bool rooted = false;
    for (const kernel::Allocation *r : k_->rootsOf(init->operands[0]))
      rooted |= r == &a;
    if (!rooted)
      continue;
    auto s = barrierSlot(m_, init->operands[0], a);
    auto c = dialect::operandRoles(m_, init).count;
    if (!s || *s < 0 || *s >= n || !c || (count && *count != *c) ||
        init->parent != a.op->parent)
      return;
    count = c;
    ++seen[static_cast<size_t>(*s)];
    mine.push_back(init);
  }
  for (int x : seen)
    if (x != 1)
      return;
  if (!count)
    return;
  barrierAllocs_[a.op] = {n, *count};
  for (const ir::Operation *i : mine)
    suppressed_.insert(i);
  for (const ir::Operation *iv : invals)
    if (iv->numOperands && barrierSlot(m_, iv->operands[0], a))
      suppressed_.insert(iv);
}

std::string Translator::run() {
  kernels_ = kernel::Kernel::build(m_);
  std::unordered_map<const ir::Operation *, const kernel::Kernel *> byFunc;
  for (const kernel::Kernel &k : kernels_) {
    byFunc[k.func] = &k;
    if (!k.name.empty())
      funcNames_.insert(PyNames::sanitize(k.name));
  }
  lines_.push_back("# TLX-style Python rendered by tscope from " +
                   oneLine(basename(m_.buffer().name())) +
                   " (for reading: it keeps the IR's dataflow)");
  lines_.push_back("import triton");
  lines_.push_back("import triton.language as tl");
  lines_.push_back("import triton.language.extra.tlx as tlx");
  for (const ir::Chunk &c : m_.chunks()) {
    if (opts_.types && !c.aliases.empty()) {
      lines_.push_back("");
      for (const ir::AliasDef &a : c.aliases) {
        std::string_view nm = m_.str(a.name);
        if (nm.substr(0, 4) == "#loc")
          continue;
        lines_.push_back("# " + oneLine(nm) + " = " + oneLine(m_.str(a.value)));
      }
    }
    // Top-level ops and module bodies, in order (modules nest rarely; a
    // worklist keeps it flat).
    std::vector<const ir::Operation *> work;
    for (const ir::Operation *op = c.body && c.body->first ? c.body->first->first : nullptr; op;
         op = op->next)
      work.push_back(op);
    std::reverse(work.begin(), work.end());
    while (!work.empty()) {
      const ir::Operation *op = work.back();
      work.pop_back();
      if (op->is("builtin.module") || op->is("gpu.module")) {
        std::string attrs;
        for (const char *key : {"ttg.target", "ttg.num-warps", "ttg.num-ctas"}) {
          std::string_view v = dialect::attrText(m_, op, key);
          if (!v.empty())
            attrs += (attrs.empty() ? "" : ", ") + std::string(key) + " = " + oneLine(v);
        }
        if (!attrs.empty()) {
          lines_.push_back("");
          lines_.push_back("# module: " + attrs);
        }
        std::vector<const ir::Operation *> kids;
        for (const ir::Region *r = op->firstRegion; r; r = r->next)
          for (const ir::Block *b = r->first; b; b = b->next)
            for (const ir::Operation *o = b->first; o; o = o->next)
              kids.push_back(o);
        for (size_t i = kids.size(); i-- > 0;)
          work.push_back(kids[i]);
        continue;
      }
      auto it = byFunc.find(op);
      if (it != byFunc.end() && opts_.keep && !opts_.keep(*it->second))
        continue;
      if (it != byFunc.end()) {
        analyze(*it->second);
        emitFunction(op);
        continue;
      }
      lines_.push_back("");
      lines_.push_back("# not translated: " + oneLine(op->opName()) + " (IR line " +
                       std::to_string(op->line) + ")");
    }
  }
  std::string out;
  for (const std::string &l : lines_)
    out += l + "\n";
  return out;
}

void Translator::emitFunction(const ir::Operation *func) {
  names_ = PyNames();
  for (const char *r : {"tl", "tlx", "triton", "range", "max", "min", "abs"})
    names_.reserve(r);
  for (const std::string &f : funcNames_)
    names_.reserve(f);
  k_->walk([&](const ir::Operation *op, const kernel::Placement &) {
    std::string_view d = op->name->dialect();
    if (!d.empty())
      names_.reserve(PyNames::sanitize(d));
  });
  const ir::Block *body = func->firstRegion->first;
  names_.push();
  defineAll(body);
  lines_.push_back("");
  lines_.push_back("");
  lines_.push_back("@triton.jit");
  std::string fname = k_->name;
  if (fname.empty()) { // generic form: the name is the sym_name property
    std::string_view sym = dialect::attrText(m_, func, "sym_name");
    if (sym.size() >= 2 && sym.front() == '"')
      sym = sym.substr(1, sym.size() - 2);
    fname = std::string(sym);
  }
  fname = PyNames::sanitize(fname.empty() ? std::string("kernel") : fname);
  std::vector<const ir::Value *> params = argsOf(body);
  if (opts_.types && !params.empty()) {
    lines_.push_back("def " + fname + "(" + comment(func));
    for (const ir::Value *v : params) {
      std::string_view t = dialect::typeText(m_, v);
      lines_.push_back("    " + env().arg(v) + "," + (t.empty() ? "" : "  # " + oneLine(t)));
    }
    lines_.push_back("):");
  } else {
    line(0, "def " + fname + "(" + refList(params) + "):", func);
  }
  size_t mark = lines_.size();
  std::vector<Task> ts;
  for (const ir::Block *b = body; b; b = b->next) {
    if (b != body) {
      defineAll(b);
      ts.push_back({Task::Line, nullptr, 0, 1, 0,
                    "# block " + oneLine(m_.str(b->label)) + "(" + refList(argsOf(b)) + ")"});
    }
    if (b->first)
      ts.push_back({Task::Ops, b->first, 0, 1, 0, {}});
  }
  for (size_t i = ts.size(); i-- > 0;)
    tasks_.push_back(std::move(ts[i]));
  drain();
  passIfEmpty(mark, 1);
  names_.pop();
}

void Translator::drain() {
  while (!tasks_.empty()) {
    Task t = std::move(tasks_.back());
    tasks_.pop_back();
    switch (t.kind) {
    case Task::Line:
      line(t.indent, t.text);
      break;
    case Task::Ops:
      emitOps(t);
      break;
    case Task::Stage:
      runStage(t.op, t.stage, t.indent, t.mark);
      break;
    }
  }
}

void Translator::emitOps(const Task &t) {
  for (const ir::Operation *op = t.op; op; op = op->next) {
    if (suppressed_.count(op))
      continue;
    bool hasBody = false;
    for (const ir::Region *r = op->firstRegion; r; r = r->next)
      hasBody |= r->first != nullptr;
    if (hasBody) {
      if (op->next)
        tasks_.push_back({Task::Ops, op->next, 0, t.indent, 0, {}});
      runStage(op, 0, t.indent, lines_.size());
      return;
    }
    if (isTerminator(op))
      emitTerminator(op, t.indent);
    else
      emitSimple(op, t.indent);
  }
}

std::string Translator::targets(const ir::Operation *op) {
  bool any = false;
  for (uint32_t i = 0; i < op->numResults; ++i)
    any |= users_.count(op->result(i)) && !users_[op->result(i)].empty();
  if (!any)
    return "";
  std::string s;
  for (uint32_t i = 0; i < op->numResults; ++i) {
    const ir::Value *v = op->result(i);
    if (names_.find(v)) // a pass-through result already prints as its operand
      continue;
    bool used = users_.count(v) && !users_[v].empty();
    s += (s.empty() ? "" : ", ") + (used ? names_.define(v, baseName(v)) : std::string("_"));
  }
  return s;
}

void Translator::emitAlloc(const ir::Operation *op, int indent) {
  const ir::Value *res = op->numResults ? op->result(0) : nullptr;
  auto md = res ? dialect::parseMemDesc(m_, k_->chunk, dialect::typeText(m_, res)) : std::nullopt;
  std::string expr;
  auto bit = barrierAllocs_.find(op);
  if (bit != barrierAllocs_.end()) {
    expr = "tlx.alloc_barriers(" + std::to_string(bit->second.count) +
           ", arrive_count=" + std::to_string(bit->second.arriveCount) + ")";
  } else if (md) {
    std::vector<int64_t> shape = md->shape;
    int64_t num = 1;
    if (indexedAllocs_.count(op) && shape.size() >= 2) {
      num = shape.front();
      shape.erase(shape.begin());
    }
    expr = "tlx.local_alloc(" + pyShape(shape) + ", " + pyDtype(md->elementType) + ", " +
           std::to_string(num) +
           (dialect::kindOf(op) == OpKind::TmemAlloc ? ", tlx.storage_kind.tmem" : "") + ")";
  } else {
    emitSimple(op, indent);
    return;
  }
  std::string lhs;
  for (uint32_t i = 0; i < op->numResults; ++i)
    lhs += (i ? ", " : "") + names_.define(op->result(i), baseName(op->result(i)));
  line(indent, (lhs.empty() ? "" : lhs + " = ") + expr, op);
  if (op->numOperands && res)
    line(indent, "tlx.local_store(" + env().arg(res) + ", " + env().arg(op->operands[0]) + ")");
}

void Translator::emitSimple(const ir::Operation *op, int indent) {
  OpKind kind = dialect::kindOf(op);
  if ((kind == OpKind::LocalAlloc || kind == OpKind::TmemAlloc) && op->numResults >= 1 && k_) {
    emitAlloc(op, indent);
    return;
  }
  PyOp p = renderOp(env(), op, regionFns_.count(op) ? regionFns_[op] : std::vector<std::string>());
  for (uint32_t i = 0; i < p.passThrough.size() && i < op->numResults; ++i) {
    int src = p.passThrough[i];
    if (src >= 0 && static_cast<uint32_t>(src) < op->numOperands) {
      const ir::Value *o = op->operands[src];
      const PyRef *r = names_.find(o);
      names_.alias(op->result(i), r ? *r : PyRef{env().arg(o), true, 0});
    }
  }
  if (p.expr.empty())
    return;
  if (p.literal && op->numResults == 1) {
    names_.alias(op->result(0), {p.expr, p.expr.front() != '-', 0});
    return;
  }
  if (p.pure && op->numResults == 1 && !names_.find(op->result(0)) && !named(op->result(0))) {
    const ir::Value *v = op->result(0);
    auto it = users_.find(v);
    if (it != users_.end() && it->second.size() == 1) {
      const ir::Operation *u = it->second.front();
      int depth = 0;
      for (uint32_t i = 0; i < op->numOperands; ++i)
        if (const PyRef *r = names_.find(op->operands[i]))
          depth = std::max(depth, r->depth);
      if (u->parent == op->parent && !u->is("ttg.warp_specialize") &&
          !u->is("ttg.warp_specialize.partitions") && depth < kMaxInlineDepth) {
        names_.alias(v, {p.expr, p.atom, depth + 1});
        return;
      }
    }
  }
  std::string lhs = targets(op);
  if (lhs.empty() && p.pure)
    return; // dead pure code
  line(indent, (lhs.empty() ? "" : lhs + " = ") + p.expr, op);
  for (const std::string &a : p.after)
    line(indent, a);
}

void Translator::emitTerminator(const ir::Operation *op, int indent) {
  const ir::Operation *parent = op->parentOp();
  std::string_view n = op->opName();
  std::vector<const ir::Value *> vals(op->operands, op->operands + op->numOperands);
  if (n == "ttg.warp_return")
    return;
  if (n == "scf.condition" && parent && parent->is("scf.while") && op->numOperands >= 1) {
    std::vector<const ir::Value *> args(vals.begin() + 1, vals.end());
    std::vector<const ir::Value *> results;
    for (uint32_t i = 0; i < parent->numResults; ++i)
      results.push_back(parent->result(i));
    line(indent, "if not " + env().operand(op->operands[0]) + ":", op);
    std::string r = assign(results, args);
    if (!r.empty())
      line(indent + 1, r);
    line(indent + 1, "break");
    const ir::Region *after = parent->region(1);
    if (after && after->first) {
      std::vector<const ir::Value *> to;
      for (uint32_t i = 0; i < after->first->numArgs; ++i)
        to.push_back(&after->first->args[i]);
      std::string a = assign(to, args);
      if (!a.empty())
        line(indent, a);
    }
    return;
  }
  std::vector<const ir::Value *> to;
  bool assigns = false;
  if (parent && n == "scf.yield") {
    OpKind pk = dialect::kindOf(parent);
    if (pk == OpKind::For) {
      const ir::Block *b = parent->firstRegion->first;
      for (uint32_t i = 1; i < b->numArgs; ++i)
        to.push_back(&b->args[i]);
      assigns = true;
    } else if (pk == OpKind::If) {
      for (uint32_t i = 0; i < parent->numResults; ++i)
        to.push_back(parent->result(i));
      assigns = true;
    } else if (pk == OpKind::While) {
      const ir::Block *b = parent->firstRegion->first;
      for (uint32_t i = 0; b && i < b->numArgs; ++i)
        to.push_back(&b->args[i]);
      assigns = true;
    }
  } else if (parent && n == "ttg.warp_yield") {
    for (uint32_t i = 0; i < parent->numResults; ++i)
      to.push_back(parent->result(i));
    assigns = true;
  }
  if (assigns) {
    std::string a = assign(to, vals);
    if (!a.empty())
      line(indent, a, op);
    return;
  }
  // A function return, or the terminator of a region written as a nested def.
  if (vals.empty())
    return;
  line(indent, "return " + refList(vals), op);
}

Task Translator::stageTask(const ir::Operation *op, int stage, int indent, size_t mark) const {
  return Task{Task::Stage, op, stage, indent, mark, {}};
}

/// Queues the blocks of `r` in order; labels of later blocks as comments.
void Translator::pushBody(const ir::Region *r, int indent) {
  if (indent >= kMaxIndent) {
    line(indent, "pass  # nesting deeper than " + std::to_string(kMaxIndent) + " levels elided");
    return;
  }
  std::vector<Task> ts;
  for (const ir::Block *b = r ? r->first : nullptr; b; b = b->next) {
    if (b != r->first) {
      defineAll(b);
      ts.push_back({Task::Line, nullptr, 0, indent, 0,
                    "# block " + oneLine(m_.str(b->label)) + "(" + refList(argsOf(b)) + ")"});
    }
    if (b->first)
      ts.push_back({Task::Ops, b->first, 0, indent, 0, {}});
  }
  for (size_t i = ts.size(); i-- > 0;)
    tasks_.push_back(std::move(ts[i]));
}

/// Opens a name scope for the body of `r` at `bodyIndent` and queues stage
/// `next` of `op`, which closes it once the body is printed.
void Translator::openScope(const ir::Operation *op, int next, int indent, const ir::Region *r,
                           int bodyIndent) {
  tasks_.push_back(stageTask(op, next, indent, lines_.size()));
  names_.push();
  pushBody(r, bodyIndent);
}

void Translator::runStage(const ir::Operation *op, int stage, int indent, size_t mark) {
  OpKind kind = dialect::kindOf(op);
  if (kind == OpKind::For && op->numOperands >= 3 && op->firstRegion->first)
    return stageFor(op, stage, indent, mark);
  if (kind == OpKind::If && op->numOperands >= 1)
    return stageIf(op, stage, indent, mark);
  if (kind == OpKind::While && op->region(1) && op->firstRegion->first)
    return stageWhile(op, stage, indent);
  auto wsIt = ws_.find(op);
  if (kind == OpKind::WarpSpecialize && wsIt != ws_.end())
    return stageWarpSpecialize(op, *wsIt->second, stage, indent, mark);
  stageRegionOp(op, stage, indent, mark);
}

/// `tl.range` keywords from the loop's tt.* attributes: `, num_stages=3`.
std::string Translator::loopKeywords(const ir::Operation *op) const {
  std::string kw;
  for (auto [key, py] :
       {std::pair{"tt.num_stages", "num_stages"},
        std::pair{"tt.loop_unroll_factor", "loop_unroll_factor"},
        std::pair{"tt.flatten", "flatten"}, std::pair{"tt.warp_specialize", "warp_specialize"},
        std::pair{"tt.disallow_acc_multi_buffer", "disallow_acc_multi_buffer"}}) {
    std::string_view v = dialect::attrText(m_, op, key);
    if (v.empty())
      continue;
    auto iv = dialect::intAttr(m_, op, key);
    kw += std::string(", ") + py + "=" +
          (v == "unit" ? "True"
           : iv        ? std::to_string(*iv)
                       : "True");
  }
  return kw;
}

/// scf.for: iter_args assigned before the header; stage 1 names the results.
void Translator::stageFor(const ir::Operation *op, int stage, int indent, size_t mark) {
  const ir::Block *b = op->firstRegion->first;
  PyOpEnv e = env();
  if (stage == 0) {
    defineAll(b);
    std::vector<const ir::Value *> iters, inits;
    for (uint32_t i = 1; i < b->numArgs; ++i)
      iters.push_back(&b->args[i]);
    for (uint32_t i = 3; i < op->numOperands; ++i)
      inits.push_back(op->operands[i]);
    std::string init = assign(iters, inits);
    if (!init.empty())
      line(indent, init);
    std::string iv = b->numArgs ? e.arg(&b->args[0]) : std::string("_");
    std::string range = e.arg(op->operands[0]) + ", " + e.arg(op->operands[1]);
    bool unitStep = e.intConstant(op->operands[2]) == 1;
    std::string kw = loopKeywords(op);
    std::string header = kw.empty() ? "for " + iv + " in range(" + range +
                                          (unitStep ? "" : ", " + e.arg(op->operands[2])) + "):"
                                    : "for " + iv + " in tl.range(" + range + ", " +
                                          e.arg(op->operands[2]) + kw + "):";
    line(indent, header, op);
    openScope(op, 1, indent, op->firstRegion, indent + 1);
    return;
  }
  names_.pop();
  passIfEmpty(mark, indent + 1);
  std::vector<const ir::Value *> res, iters;
  for (uint32_t i = 0; i < op->numResults && i + 1 < b->numArgs; ++i) {
    const ir::Value *v = op->result(i);
    if (!users_.count(v) || users_[v].empty())
      continue;
    names_.define(v, baseName(v));
    res.push_back(v);
    iters.push_back(&b->args[i + 1]);
  }
  std::string a = assign(res, iters);
  if (!a.empty())
    line(indent, a);
}

/// scf.if: stage 0 the then-branch, stage 1 the else-branch when it does anything.
void Translator::stageIf(const ir::Operation *op, int stage, int indent, size_t mark) {
  if (stage == 0) {
    for (uint32_t i = 0; i < op->numResults; ++i)
      names_.define(op->result(i), baseName(op->result(i)));
    line(indent, "if " + env().arg(op->operands[0]) + ":", op);
    openScope(op, 1, indent, op->firstRegion, indent + 1);
    return;
  }
  names_.pop();
  passIfEmpty(mark, indent + 1);
  if (stage != 1)
    return;
  const ir::Region *els = op->region(1);
  bool nonEmpty = false;
  for (const ir::Block *b = els ? els->first : nullptr; b; b = b->next)
    for (const ir::Operation *o = b->first; o; o = o->next)
      nonEmpty |= !(o->is("scf.yield") && o->numOperands == 0);
  if (nonEmpty) {
    line(indent, "else:");
    openScope(op, 2, indent, els, indent + 1);
  }
}

/// scf.while as `while True:` over the before region, then the after region.
void Translator::stageWhile(const ir::Operation *op, int stage, int indent) {
  if (stage == 0) {
    const ir::Block *before = op->firstRegion->first;
    defineAll(before);
    std::vector<const ir::Value *> args, inits(op->operands, op->operands + op->numOperands);
    for (uint32_t i = 0; i < before->numArgs; ++i)
      args.push_back(&before->args[i]);
    std::string init = assign(args, inits);
    if (!init.empty())
      line(indent, init);
    for (uint32_t i = 0; i < op->numResults; ++i)
      names_.define(op->result(i), baseName(op->result(i)));
    defineAll(op->region(1)->first);
    line(indent, "while True:", op);
    openScope(op, 1, indent, op->firstRegion, indent + 1);
    return;
  }
  names_.pop();
  if (stage == 1) {
    openScope(op, 2, indent, op->region(1), indent + 1);
  }
}

/// ttg.warp_specialize as `with tlx.async_tasks():`, one stage per partition.
void Translator::stageWarpSpecialize(const ir::Operation *op, const kernel::WarpSpecialize &w,
                                     int stage, int indent, size_t mark) {
  size_t nParts = w.partitions.size();
  if (stage == 0) {
    for (uint32_t i = 0; i < op->numResults; ++i)
      names_.define(op->result(i), baseName(op->result(i)));
    line(indent, "with tlx.async_tasks():", op);
    // Partition arguments print as the values they capture.
    PyOpEnv e = env();
    for (const kernel::Partition &p : w.partitions) {
      if (p.id == kernel::kDefault || !p.region || !p.region->first)
        continue;
      const ir::Block *b = p.region->first;
      for (uint32_t i = 0; i < b->numArgs && i < w.captures.size(); ++i) {
        const PyRef *r = names_.find(w.captures[i]);
        names_.alias(&b->args[i], r ? *r : PyRef{e.arg(w.captures[i]), true, 0});
      }
    }
    for (size_t i = nParts; i-- > 0;)
      tasks_.push_back(stageTask(op, static_cast<int>(1 + i), indent, 0));
    return;
  }
  if (stage >= 1 && static_cast<size_t>(stage) <= nParts) {
    const kernel::Partition &p = w.partitions[static_cast<size_t>(stage - 1)];
    std::string args;
    if (p.id == kernel::kDefault) {
      args = "\"default\"";
      if (p.requestedRegisters)
        args += ", registers=" + std::to_string(*p.requestedRegisters);
    } else {
      args = "num_warps=" + std::to_string(p.numWarps);
      if (p.requestedRegisters)
        args += ", registers=" + std::to_string(*p.requestedRegisters);
    }
    line(indent + 1, "with tlx.async_task(" + args + "):  # " + p.name);
    openScope(op, 1000 + stage, indent, p.region, indent + 2);
    return;
  }
  names_.pop();
  passIfEmpty(mark, indent + 2);
}

/// Any other op with regions: one nested def per region, then the call.
void Translator::stageRegionOp(const ir::Operation *op, int stage, int indent, size_t mark) {
  uint32_t nRegions = op->numRegions;
  if (stage == 0) {
    std::string base = op->numResults ? baseName(op->result(0)) : std::string(op->name->opName());
    std::vector<std::string> fns;
    for (uint32_t i = 0; i < nRegions; ++i)
      fns.push_back(
          names_.fresh(base + "_fn" + (nRegions > 1 ? std::to_string(i) : std::string())));
    regionFns_[op] = fns;
    tasks_.push_back(stageTask(op, 1 << 20, indent, 0));
    for (uint32_t i = nRegions; i-- > 0;)
      tasks_.push_back(stageTask(op, static_cast<int>(1 + i), indent, 0));
    return;
  }
  if (stage >= 1 && static_cast<uint32_t>(stage) <= nRegions) {
    const ir::Region *r = op->region(static_cast<uint32_t>(stage - 1));
    names_.push();
    const ir::Block *entry = r ? r->first : nullptr;
    defineAll(entry);
    line(indent, "def " + regionFns_[op][static_cast<size_t>(stage - 1)] + "(" +
                     refList(argsOf(entry)) + "):");
    tasks_.push_back(stageTask(op, (1 << 19) + stage, indent, lines_.size()));
    pushBody(r, indent + 1);
    return;
  }
  if (stage == 1 << 20) {
    emitSimple(op, indent);
    return;
  }
  names_.pop();
  passIfEmpty(mark, indent + 1);
}

} // namespace

std::string translateToTlx(const ir::Module &m, const TlxOptions &opts) {
  Translator t(m, opts);
  return t.run();
}

} // namespace tscope::translate
