// Program: compiling a function — a preorder walk with an explicit stack,
// constant folding, live ranges over instruction indices, and a linear-scan
// assignment of live ranges to environment slots (docs/Interp.md).
#include "interp/Program.h"

#include <algorithm>
#include <queue>

#include "interp/OpText.h"
#include "ir/Module.h"

namespace tscope::interp {

EventSet &EventSet::operator|=(const EventSet &o) {
  if (bits_.size() < o.bits_.size())
    bits_.resize(o.bits_.size(), 0);
  for (size_t i = 0; i < o.bits_.size(); ++i)
    bits_[i] |= o.bits_[i];
  return *this;
}

namespace {

/// The type of result k of a structured op. The pretty form does not spell
/// result types where the parser's generic inference looks (`scf.if %c ->
/// (i32) {`, `scf.for ... -> (tensor<..>, i64) : i32` whose last `:` gives
/// the induction variable's type), so they are taken from the region: a
/// loop's results have its carried arguments' types, an if's those of the
/// values its first region yields. The generic form's function type is
/// exact and is used as the parser recorded it.
std::string_view structuredResultType(const ir::Module &m, const ir::Operation &op,
                                      uint32_t k) {
  const ir::Value &res = *op.result(k);
  if (op.form == ir::Operation::Form::Generic)
    return m.str(res.type);
  const ir::Region *r0 = op.region(0);
  const ir::Block *b0 = r0 ? r0->first : nullptr;
  if (op.is("scf.for") && b0 && k + 1 < b0->numArgs)
    return m.str(b0->args[k + 1].type);
  if (op.is("scf.while")) {
    const ir::Region *r1 = op.region(1);
    if (r1 && r1->first && k < r1->first->numArgs)
      return m.str(r1->first->args[k].type);
  }
  if (op.is("scf.if") && b0 && b0->last && b0->last->is("scf.yield") &&
      k < b0->last->numOperands)
    return m.str(b0->last->operand(k)->type);
  return m.str(res.type);
}

} // namespace

struct Program::Builder {
  Program &p;
  const ir::Module &m;

  /// An op whose regions are being emitted.
  struct Cursor {
    const ir::Operation *op;
    uint32_t instr;
    const ir::Region *nextRegion;
    const ir::Operation *nextOp;
    uint32_t openRegion;
    OpSemantics sem;
  };
  std::vector<Cursor> stack;

  ScalarRef addConstant(const Scalar &s) {
    p.pool_.push_back(s);
    return ~static_cast<ScalarRef>(p.pool_.size() - 1);
  }
  void defineStatic(const ir::Value *v, const Scalar &s) {
    p.handles_[v] = {addConstant(s), 0};
  }
  Dest defineDynamic(const ir::Value *v, uint32_t def) {
    uint32_t id = static_cast<uint32_t>(p.def_.size());
    p.def_.push_back(def);
    p.last_.push_back(def);
    p.values_.push_back(v);
    // Until slots are assigned a dynamic ref holds the id (ids start at 1).
    p.handles_[v] = {static_cast<ScalarRef>(id), id};
    return {0, id};
  }
  /// Defines `v` by its type: non-integers and over-wide integers are
  /// constants of the pool; integers are computed (`dynamic`) or unknown
  /// for `why`.
  Dest defineTyped(const ir::Value *v, uint32_t def, bool dynamic, Reason why) {
    return defineTyped(v, m.str(v->type), def, dynamic, why);
  }
  Dest defineTyped(const ir::Value *v, std::string_view type, uint32_t def, bool dynamic,
                   Reason why) {
    unsigned w = intWidth(type);
    if (w == 0) {
      defineStatic(v, Scalar::unknown(Reason::NotInteger, v));
      return {};
    }
    if (w == kTooWide) {
      defineStatic(v, Scalar::unknown(Reason::TooWide, v));
      return {};
    }
    if (dynamic)
      return defineDynamic(v, def);
    defineStatic(v, Scalar::unknown(why, v, w));
    return {};
  }
  ScalarRef refOf(const ir::Value *v) {
    auto it = p.handles_.find(v);
    if (it != p.handles_.end())
      return it->second.ref;
    // A forward reference (graph region) or an unresolved name: constant.
    Reason why = v->kind == ir::Value::Unresolved ? Reason::Unresolved : Reason::Undefined;
    ScalarRef r = addConstant(Scalar::unknown(why, v));
    p.handles_[v] = {r, 0};
    return r;
  }

  void emit(const ir::Operation *op, uint32_t parent) {
    uint32_t i = static_cast<uint32_t>(p.instrs_.size());
    OpSemantics sem = decodeOp(m, *op);
    Instr in;
    in.op = op;
    in.parent = parent;
    in.code = sem.code;
    in.width = sem.width;
    in.flags = sem.flags;
    in.imm = sem.imm;
    in.opBegin = static_cast<uint32_t>(p.refs_.size());
    in.numOps = op->numOperands;
    for (uint32_t k = 0; k < op->numOperands; ++k)
      p.refs_.push_back(refOf(op->operand(k)));
    p.instrs_.push_back(in);
    p.opIndex_[op] = i;
    stack.push_back({op, i, op->firstRegion, nullptr, kNoIndex, sem});
  }

  void openRegion(Cursor &c, const ir::Region *r) {
    uint32_t idx = static_cast<uint32_t>(p.regions_.size());
    RegionCode rc;
    rc.region = r;
    rc.start = static_cast<uint32_t>(p.instrs_.size());
    rc.owner = c.instr;
    rc.index = r->index;
    rc.unstructured = r->numBlocks > 1;
    Instr &owner = p.instrs_[c.instr];
    if (r->index == 0)
      owner.region0 = idx;
    else if (r->index == 1)
      owner.region1 = idx;
    // Loop-carried arguments are (re)defined by the loop op itself; other
    // regions' arguments just before their first instruction.
    bool loop = owner.code == Opcode::For || owner.code == Opcode::While;
    uint32_t def = loop ? c.instr : rc.start - 1;
    const ir::Block *b = r->first;
    rc.argBegin = static_cast<uint32_t>(p.dests_.size());
    rc.numArgs = b ? b->numArgs : 0;
    for (uint32_t k = 0; k < rc.numArgs; ++k)
      p.dests_.push_back(defineTyped(&b->args[k], def, true, Reason::Undefined));
    p.regions_.push_back(rc);
    p.regionIndex_[r] = idx;
    c.nextOp = b ? b->first : nullptr;
    c.openRegion = idx;
  }

  void closeRegion(Cursor &c) {
    uint32_t e = static_cast<uint32_t>(p.instrs_.size());
    Instr re;
    re.code = Opcode::RegionEnd;
    re.parent = c.instr;
    re.region0 = c.openRegion;
    re.end = e + 1;
    p.instrs_.push_back(re);
    p.regions_[c.openRegion].endInstr = e;
    c.openRegion = kNoIndex;
  }

  /// True when a structured op has the operands and regions it needs.
  bool wellFormed(const Instr &in) const {
    const ir::Operation &op = *in.op;
    switch (in.code) {
    case Opcode::For: {
      if (in.numOps < 3 || in.region0 == kNoIndex ||
          p.regions_[in.region0].numArgs != in.numOps - 2 ||
          op.numResults != in.numOps - 3)
        return false;
      const ir::Region *body = p.regions_[in.region0].region;
      unsigned w = intWidth(m.str(body->first->args[0].type));
      return w != 0 && w != kTooWide;
    }
    case Opcode::If: // results need both branches to yield them
      return in.numOps == 1 && in.region0 != kNoIndex &&
             (op.numResults == 0 || in.region1 != kNoIndex);
    case Opcode::While:
      return in.region0 != kNoIndex && in.region1 != kNoIndex &&
             p.regions_[in.region0].numArgs == in.numOps &&
             p.regions_[in.region1].numArgs == op.numResults;
    default:
      return true;
    }
  }

  void close(const Cursor &c) {
    const ir::Operation &op = *c.op;
    Instr &in = p.instrs_[c.instr];
    in.end = static_cast<uint32_t>(p.instrs_.size());
    const OpSemantics &sem = c.sem;
    bool computes = isPure(sem.code) || sem.code == Opcode::ProgramId ||
                    sem.code == Opcode::NumPrograms;
    if (computes && op.numResults != 1) {
      in.code = Opcode::Nop;
      for (uint32_t k = 0; k < op.numResults; ++k)
        defineTyped(op.result(k), c.instr, false, Reason::Malformed);
      return;
    }
    if (computes) {
      const ScalarRef *r = p.refs_.data() + in.opBegin;
      bool folds = isPure(sem.code) && in.numOps <= 3 &&
                   std::all_of(r, r + in.numOps, [](ScalarRef x) { return x < 0; });
      if (folds) {
        // Every operand is a constant: evaluate once, here.
        Scalar ops[3];
        for (uint32_t k = 0; k < in.numOps; ++k)
          ops[k] = p.constant(r[k]);
        defineStatic(op.result(0), evaluate(sem.code, sem.width, sem.flags, sem.imm, ops,
                                            in.numOps, op.result(0)));
        in.code = Opcode::Nop;
        return;
      }
      in.destBegin = static_cast<uint32_t>(p.dests_.size());
      in.numResults = 1;
      p.dests_.push_back(defineDynamic(op.result(0), c.instr));
      return;
    }
    if (sem.constant && op.numResults == 1) {
      defineStatic(op.result(0), Scalar::known(sem.imm, sem.width));
      return;
    }
    bool structured =
        sem.code == Opcode::For || sem.code == Opcode::If || sem.code == Opcode::While;
    if (structured && !wellFormed(in)) {
      in.code = Opcode::Nop;
      for (uint32_t k = 0; k < op.numResults; ++k)
        defineTyped(op.result(k), c.instr, false, Reason::Malformed);
      return;
    }
    if (structured) {
      if (sem.code == Opcode::For) // the induction variable's width
        in.width = static_cast<uint8_t>(
            intWidth(m.str(p.regions_[in.region0].region->first->args[0].type)));
      // Results become live once the op's last region has ended.
      in.destBegin = static_cast<uint32_t>(p.dests_.size());
      in.numResults = op.numResults;
      for (uint32_t k = 0; k < op.numResults; ++k)
        p.dests_.push_back(defineTyped(op.result(k), structuredResultType(m, op, k),
                                       in.end - 1, true, Reason::Undefined));
      return;
    }
    if (op.is("ttg.warp_specialize") && op.numResults) {
      // The values the default region yields (ttg.warp_yield) become the
      // results at the join: computed values, live once the op has ended,
      // written by Process::leaveRegionOp (stepping over the op leaves them
      // unknown).
      in.destBegin = static_cast<uint32_t>(p.dests_.size());
      in.numResults = op.numResults;
      for (uint32_t k = 0; k < op.numResults; ++k)
        p.dests_.push_back(defineTyped(op.result(k), in.end - 1, true, Reason::RegionResult));
      return;
    }
    for (uint32_t k = 0; k < op.numResults; ++k)
      defineTyped(op.result(k), c.instr, false, sem.unknownReason);
  }

  void walk(const ir::Operation &func) {
    emit(&func, kNoIndex);
    while (!stack.empty()) {
      Cursor &c = stack.back();
      if (c.nextOp) {
        const ir::Operation *op = c.nextOp;
        c.nextOp = op->next;
        emit(op, c.instr); // invalidates c
        continue;
      }
      if (c.openRegion != kNoIndex) {
        closeRegion(c);
        continue;
      }
      if (c.nextRegion) {
        const ir::Region *r = c.nextRegion;
        c.nextRegion = r->next;
        openRegion(c, r);
        continue;
      }
      close(c);
      stack.pop_back();
    }
  }

  /// A use at instruction u keeps a value live through u; a use inside a
  /// loop that does not contain the definition keeps it live through the
  /// end of the outermost such loop (the next iteration reads it again).
  void computeLiveRanges() {
    for (uint32_t u = 0; u < p.instrs_.size(); ++u) {
      const Instr &in = p.instrs_[u];
      for (uint32_t k = 0; k < in.numOps; ++k) {
        ScalarRef r = p.refs_[in.opBegin + k];
        if (r <= 0)
          continue;
        uint32_t id = static_cast<uint32_t>(r), d = p.def_[id], ext = u;
        for (uint32_t a = in.parent; a != kNoIndex && a > d; a = p.instrs_[a].parent)
          if (p.instrs_[a].code == Opcode::For || p.instrs_[a].code == Opcode::While)
            ext = p.instrs_[a].end - 1;
        p.last_[id] = std::max(p.last_[id], ext);
      }
    }
  }

  /// Interval colouring by linear scan: values sorted by definition; a slot
  /// is reused once its value's range (def, last] has ended. Never-used
  /// values share the sink slot.
  void assignSlots() {
    uint32_t n = static_cast<uint32_t>(p.def_.size());
    p.slot_.assign(n, 0);
    std::vector<uint32_t> order;
    for (uint32_t id = 1; id < n; ++id)
      order.push_back(id);
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return p.def_[a] != p.def_[b] ? p.def_[a] < p.def_[b] : a < b;
    });
    using Active = std::pair<uint32_t, uint32_t>; // (last, slot)
    std::priority_queue<Active, std::vector<Active>, std::greater<Active>> active;
    std::vector<uint32_t> freeSlots;
    uint32_t next = 0;
    const uint32_t kSink = kNoIndex;
    for (uint32_t id : order) {
      if (p.last_[id] <= p.def_[id]) {
        p.slot_[id] = kSink;
        continue;
      }
      while (!active.empty() && active.top().first <= p.def_[id]) {
        freeSlots.push_back(active.top().second);
        active.pop();
      }
      uint32_t s;
      if (freeSlots.empty()) {
        s = next++;
      } else {
        s = freeSlots.back();
        freeSlots.pop_back();
      }
      p.slot_[id] = s;
      active.push({p.last_[id], s});
    }
    p.numSlots_ = next + 1;
    for (uint32_t id = 1; id < n; ++id)
      if (p.slot_[id] == kSink)
        p.slot_[id] = next;
    p.refIds_.assign(p.refs_.size(), 0);
    for (size_t k = 0; k < p.refs_.size(); ++k)
      if (ScalarRef &r = p.refs_[k]; r > 0) {
        p.refIds_[k] = static_cast<uint32_t>(r);
        r = static_cast<ScalarRef>(p.slot_[static_cast<uint32_t>(r)]);
      }
    for (Dest &d : p.dests_)
      if (d.id)
        d.slot = p.slot_[d.id];
    for (auto &[v, h] : p.handles_)
      if (h.id)
        h.ref = static_cast<ScalarRef>(p.slot_[h.id]);
    // The slots live at each instruction, for Process::canonicalize: a
    // difference array over each value's range (def, last].
    if (p.numSlots_ <= 64) {
      std::vector<std::vector<uint32_t>> starts(p.instrs_.size() + 1), ends(p.instrs_.size() + 1);
      for (uint32_t id = 1; id < n; ++id)
        if (p.last_[id] > p.def_[id]) {
          starts[p.def_[id] + 1].push_back(p.slot_[id]);
          ends[p.last_[id] + 1].push_back(p.slot_[id]);
        }
      p.liveSlots_.assign(p.instrs_.size(), 0);
      uint64_t live = 0;
      for (uint32_t i = 0; i < p.instrs_.size(); ++i) {
        for (uint32_t s : ends[i])
          live &= ~(uint64_t(1) << s);
        for (uint32_t s : starts[i])
          live |= uint64_t(1) << s;
        p.liveSlots_[i] = live;
      }
    }
  }
};

Program::Program(const ir::Module &m, const ir::Operation &func) : m_(&m), func_(&func) {
  pool_.push_back(Scalar::unknown(Reason::Undefined)); // ref ~0: not in the program
  def_.push_back(0);
  last_.push_back(0);
  values_.push_back(nullptr);
  Builder b{*this, m, {}};
  b.walk(func);
  b.computeLiveRanges();
  b.assignSlots();
}

uint32_t Program::indexOf(const ir::Operation *op) const {
  auto it = opIndex_.find(op);
  return it == opIndex_.end() ? kNoIndex : it->second;
}

const Program::RegionCode *Program::regionCode(const ir::Region *r) const {
  auto it = regionIndex_.find(r);
  return it == regionIndex_.end() ? nullptr : &regions_[it->second];
}

ValueHandle Program::handle(const ir::Value *v) const {
  auto it = handles_.find(v);
  return it == handles_.end() ? ValueHandle{} : it->second;
}

EventSet Program::select(const std::function<bool(const ir::Operation &)> &pred) const {
  EventSet s(size());
  for (uint32_t i = 0; i < size(); ++i)
    if (instrs_[i].op && pred(*instrs_[i].op))
      s.set(i);
  return s;
}

} // namespace tscope::interp
