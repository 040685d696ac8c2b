// Program: compiling a function — a preorder walk with an explicit stack
// (a region's blocks in reverse post-order), constant folding, live ranges
// over instruction indices (across branches and loops), and a linear-scan
// assignment of live ranges to environment slots (docs/Interp.md).
#include "interp/Program.h"

#include <algorithm>
#include <queue>
#include <unordered_set>

#include "dialect/OpTable.h"
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
  // A carried argument whose initial value printed no type (`%true`) has
  // none: the result's own type (`-> (i1)`) is read then.
  if (op.is("scf.for") && b0 && k + 1 < b0->numArgs && !b0->args[k + 1].type.empty())
    return m.str(b0->args[k + 1].type);
  if (op.is("scf.while")) {
    const ir::Region *r1 = op.region(1);
    if (r1 && r1->first && k < r1->first->numArgs)
      return m.str(r1->first->args[k].type);
  }
  if (op.is("scf.if") && b0 && b0->last && b0->last->is("scf.yield") &&
      k < b0->last->numOperands)
    return m.str(b0->last->operand(k)->type);
  // `%r:2 = nvws.warp_group partition0 ...` prints no result types: those of
  // its first region's nvws.warp_group.yield.
  if (op.is("nvws.warp_group") && res.type.empty() && b0 && b0->last &&
      b0->last->is("nvws.warp_group.yield") && k < b0->last->numOperands)
    return m.str(b0->last->operand(k)->type);
  return m.str(res.type);
}

/// The blocks of `r` in reverse post-order of its branches from the entry
/// block (so a block comes after every block that dominates it, and a
/// value's definition before its uses), the successors visited last to
/// first (a loop built by convert-scf-to-cf keeps its printed order: entry,
/// header, body, exit); then the unreachable blocks in printed order.
/// `reachable` gets how many are reachable. No recursion.
std::vector<const ir::Block *> blockLayout(const ir::Region &r, uint32_t &reachable) {
  std::vector<const ir::Block *> order;
  reachable = 0;
  if (!r.first)
    return order;
  auto successors = [](const ir::Block *b) -> int32_t { return b->last ? b->last->numSuccessors : 0; };
  std::unordered_set<const ir::Block *> seen{r.first};
  std::vector<std::pair<const ir::Block *, int32_t>> stack{{r.first, successors(r.first) - 1}};
  while (!stack.empty()) {
    auto &[b, next] = stack.back();
    if (next < 0) {
      order.push_back(b);
      stack.pop_back();
      continue;
    }
    const ir::Block *s = b->last->successor(next--);
    if (s && s->parent == &r && seen.insert(s).second)
      stack.push_back({s, successors(s) - 1}); // invalidates b, next
  }
  std::reverse(order.begin(), order.end());
  reachable = static_cast<uint32_t>(order.size());
  for (const ir::Block *b = r.first; b; b = b->next)
    if (!seen.count(b))
      order.push_back(b);
  return order;
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
    uint32_t block = kNoIndex; ///< the block of the open region being emitted
  };
  std::vector<Cursor> stack;
  /// By block: the reachable blocks that branch to it (same region).
  std::vector<std::vector<uint32_t>> preds;
  std::vector<char> reachable; // by block
  /// reachingEnd's answers, by (block, stop).
  std::unordered_map<uint64_t, uint32_t> reachingEnds;

  void push(const Instr &in, uint32_t block) {
    p.instrs_.push_back(in);
    p.blockOf_.push_back(block);
  }

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
    push(in, stack.empty() ? kNoIndex : stack.back().block);
    p.opIndex_[op] = i;
    stack.push_back({op, i, op->firstRegion, nullptr, kNoIndex, sem});
  }

  /// The type of block argument `k` of region `region` of `owner`. A loop's
  /// carried argument takes its initial value's type, which the parser left
  /// empty for `%valid = %true` when `%true = arith.constant true` prints no
  /// type (an i1, as decodeOp reads it): the carried argument is an i1 too.
  std::string_view argType(const Instr &owner, uint32_t region, const ir::Value &arg, uint32_t k) const {
    std::string_view t = m.str(arg.type);
    if (!t.empty() || !owner.op)
      return t;
    uint32_t init = ~0u;
    if (owner.code == Opcode::While && region == 0)
      init = k; // scf.while (%a = %init, ...): the before region's arguments
    else if (owner.code == Opcode::For && region == 0 && k > 0)
      init = k + 2; // scf.for %iv = %lb to %ub step %s iter_args(%a = %init)
    if (init >= owner.op->numOperands)
      return t;
    const ir::Operation *d = owner.op->operand(init)->definingOp();
    std::string_view lit = d ? dialect::constantLiteral(m, d) : std::string_view();
    return lit == "true" || lit == "false" ? std::string_view("i1") : t;
  }

  void openRegion(Cursor &c, const ir::Region *r) {
    uint32_t idx = static_cast<uint32_t>(p.regions_.size());
    RegionCode rc;
    rc.region = r;
    rc.start = static_cast<uint32_t>(p.instrs_.size());
    rc.owner = c.instr;
    rc.index = r->index;
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
      p.dests_.push_back(defineTyped(&b->args[k], argType(owner, r->index, b->args[k], k), def, true,
                                     Reason::Undefined));
    // Every block gets its place now (branches may jump forward); the
    // entry block's arguments are the region's.
    uint32_t numReachable = 0;
    std::vector<const ir::Block *> order = blockLayout(*r, numReachable);
    rc.firstBlock = static_cast<uint32_t>(p.blocks_.size());
    rc.numBlocks = static_cast<uint32_t>(order.size());
    for (uint32_t k = 0; k < order.size(); ++k) {
      BlockCode bc;
      bc.block = order[k];
      bc.region = idx;
      p.blockIndex_[order[k]] = static_cast<uint32_t>(p.blocks_.size());
      p.blocks_.push_back(bc);
      reachable.push_back(k < numReachable);
    }
    if (b) {
      BlockCode &entry = p.blocks_[rc.firstBlock];
      entry.start = rc.start;
      entry.argBegin = rc.argBegin;
      entry.numArgs = rc.numArgs;
    }
    p.regions_.push_back(rc);
    p.regionIndex_[r] = idx;
    c.nextOp = b ? b->first : nullptr;
    c.openRegion = idx;
    c.block = b ? rc.firstBlock : kNoIndex;
  }

  /// A synthetic end of the open region, closing block `c.block`.
  uint32_t pushEnd(const Cursor &c) {
    uint32_t e = static_cast<uint32_t>(p.instrs_.size());
    Instr re;
    re.code = Opcode::RegionEnd;
    re.parent = c.instr;
    re.region0 = c.openRegion;
    re.end = e + 1;
    push(re, c.block);
    return e;
  }

  /// Ends the block being emitted and starts the next one of the open
  /// region (its arguments are written by the branches to it, and live from
  /// its first instruction); false at the region's last block. A block that
  /// does not end in a branch (a return, a yield, a missing terminator)
  /// gets an end of its own: running off it ends the region.
  bool nextBlock(Cursor &c) {
    const RegionCode &rc = p.regions_[c.openRegion];
    if (c.block == kNoIndex || c.block + 1 >= rc.firstBlock + rc.numBlocks)
      return false;
    const ir::Block *b = p.blocks_[c.block].block;
    if (!b->last || !b->last->numSuccessors)
      pushEnd(c);
    p.blocks_[c.block].last = static_cast<uint32_t>(p.instrs_.size()) - 1;
    BlockCode &next = p.blocks_[++c.block];
    next.start = static_cast<uint32_t>(p.instrs_.size());
    next.argBegin = static_cast<uint32_t>(p.dests_.size());
    next.numArgs = next.block->numArgs;
    for (uint32_t k = 0; k < next.numArgs; ++k)
      p.dests_.push_back(defineTyped(&next.block->args[k], next.start - 1, true, Reason::Undefined));
    c.nextOp = next.block->first;
    return true;
  }

  void closeRegion(Cursor &c) {
    uint32_t e = pushEnd(c);
    p.regions_[c.openRegion].endInstr = e;
    if (c.block != kNoIndex)
      p.blocks_[c.block].last = e;
    c.openRegion = kNoIndex;
    c.block = kNoIndex;
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
    if ((op.is("ttg.warp_specialize") || op.is("nvws.warp_group")) && op.numResults) {
      // The values the default region yields (ttg.warp_yield) become the
      // results at the join: computed values, live once the op has ended,
      // written by Process::leaveRegionOp (stepping over the op leaves them
      // unknown).
      in.destBegin = static_cast<uint32_t>(p.dests_.size());
      in.numResults = op.numResults;
      for (uint32_t k = 0; k < op.numResults; ++k)
        p.dests_.push_back(
            defineTyped(op.result(k), structuredResultType(m, op, k), in.end - 1, true, Reason::RegionResult));
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
        if (!nextBlock(c))
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

  /// Resolves each branch's targets (blocks of its own region) and records
  /// the predecessors of every block; a branch whose targets or operand
  /// counts do not match becomes an OtherBranch (it stops the process).
  /// Then marks the blocks on a cycle of branches.
  void resolveBranches() {
    preds.assign(p.blocks_.size(), {});
    for (uint32_t i = 0; i < p.instrs_.size(); ++i) {
      Instr &in = p.instrs_[i];
      if (in.code != Opcode::Br && in.code != Opcode::CondBr && in.code != Opcode::OtherBranch)
        continue;
      const ir::Operation &op = *in.op;
      uint32_t from = p.blockOf_[i];
      uint32_t targets[2] = {kNoIndex, kNoIndex};
      for (uint32_t k = 0; k < op.numSuccessors && from != kNoIndex; ++k) {
        auto it = p.blockIndex_.find(op.successor(k));
        if (it == p.blockIndex_.end() || p.blocks_[it->second].region != p.blocks_[from].region)
          continue;
        if (reachable[from])
          preds[it->second].push_back(from);
        if (k < 2)
          targets[k] = it->second;
      }
      auto args = [&](uint32_t t) { return p.blocks_[t].numArgs; };
      bool ok = in.code == Opcode::Br
                    ? op.numSuccessors == 1 && targets[0] != kNoIndex && in.numOps == args(targets[0])
                    : in.code == Opcode::CondBr && op.numSuccessors == 2 && targets[0] != kNoIndex &&
                          targets[1] != kNoIndex && in.numOps == 1 + args(targets[0]) + args(targets[1]);
      if (!ok) {
        in.code = Opcode::OtherBranch;
        continue;
      }
      in.region0 = targets[0];
      in.region1 = targets[1];
    }
    // A block is on a cycle when it reaches itself through its successors
    // (the predecessor lists, walked backwards, give the same answer).
    std::vector<uint32_t> mark(p.blocks_.size(), kNoIndex);
    for (uint32_t b = 0; b < p.blocks_.size(); ++b) {
      std::vector<uint32_t> work(preds[b]);
      while (!work.empty() && !p.blocks_[b].inCycle) {
        uint32_t v = work.back();
        work.pop_back();
        if (mark[v] == b)
          continue;
        mark[v] = b;
        p.blocks_[b].inCycle = v == b;
        work.insert(work.end(), preds[v].begin(), preds[v].end());
      }
    }
  }

  /// The block a computed value becomes available in: a block argument's
  /// block, the block of the op that defines a result.
  uint32_t defBlock(uint32_t id) const {
    const ir::Value *v = p.values_[id];
    if (const ir::Block *b = v->ownerBlock()) {
      auto it = p.blockIndex_.find(b);
      return it == p.blockIndex_.end() ? kNoIndex : it->second;
    }
    auto it = p.opIndex_.find(v->definingOp());
    return it == p.opIndex_.end() ? kNoIndex : p.blockOf_[it->second];
  }

  /// The last instruction of the blocks from which block `b` is reached
  /// without passing block `stop` (kNoIndex: none), `stop` included when
  /// it is met: a value live on entry to `b` is live through all of them.
  uint32_t reachingEnd(uint32_t b, uint32_t stop) {
    uint64_t key = uint64_t(b) << 32 | stop;
    if (auto it = reachingEnds.find(key); it != reachingEnds.end())
      return it->second;
    uint32_t end = 0;
    std::vector<char> seen(p.blocks_.size(), 0);
    std::vector<uint32_t> work(preds[b]);
    while (!work.empty()) {
      uint32_t v = work.back();
      work.pop_back();
      if (seen[v])
        continue;
      seen[v] = 1;
      end = std::max(end, p.blocks_[v].last);
      if (v != stop)
        work.insert(work.end(), preds[v].begin(), preds[v].end());
    }
    reachingEnds.emplace(key, end);
    return end;
  }

  /// How far a use at instruction `u` keeps value `id` live. Walking out
  /// from the use to the block of the definition: in a region of several
  /// blocks, the value is live through every block from which the use's
  /// block is reached (back to the definition's block, when it is in that
  /// region); in an scf.for/while body that does not hold the definition,
  /// through the end of the loop (the next iteration reads it again).
  uint32_t liveEnd(uint32_t u, uint32_t id) {
    const uint32_t d = p.def_[id], db = defBlock(id);
    uint32_t ext = u;
    for (uint32_t x = u;;) {
      uint32_t b = p.blockOf_[x];
      if (b == kNoIndex || b == db)
        break;
      uint32_t r = p.blocks_[b].region;
      bool defHere = db != kNoIndex && p.blocks_[db].region == r;
      if (p.regions_[r].numBlocks > 1)
        ext = std::max(ext, reachingEnd(b, defHere ? db : kNoIndex));
      if (defHere)
        break;
      uint32_t owner = p.regions_[r].owner;
      if ((p.instrs_[owner].code == Opcode::For || p.instrs_[owner].code == Opcode::While) && owner > d)
        ext = std::max(ext, p.instrs_[owner].end - 1);
      x = owner;
    }
    return ext;
  }

  void computeLiveRanges() {
    for (uint32_t u = 0; u < p.instrs_.size(); ++u) {
      const Instr &in = p.instrs_[u];
      for (uint32_t k = 0; k < in.numOps; ++k) {
        ScalarRef r = p.refs_[in.opBegin + k];
        if (r <= 0)
          continue;
        uint32_t id = static_cast<uint32_t>(r);
        p.last_[id] = std::max(p.last_[id], liveEnd(u, id));
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
  Builder b{*this, m, {}, {}, {}, {}};
  b.walk(func);
  b.resolveBranches();
  b.computeLiveRanges();
  b.assignSlots();
}

uint32_t Program::indexOf(const ir::Operation *op) const {
  auto it = opIndex_.find(op);
  return it == opIndex_.end() ? kNoIndex : it->second;
}

const Program::BlockCode *Program::blockCode(const ir::Block *b) const {
  auto it = blockIndex_.find(b);
  return it == blockIndex_.end() ? nullptr : &blocks_[it->second];
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
