// TmemCoverage: the barrier report's two TMEM sections. Column-packed owners:
// every read of a packed sibling's columns must be ordered before the next
// full-overwrite MMA (use_acc=false) into overlapping columns — by program or
// tcgen05 issue order in one partition, else by a barrier the reader arrives
// on and the writer waits on (the back-edge). Operand-D init: how each MMA
// accumulator starts (use_acc=false on the first step, or a zero tmem_store),
// and zero-stores made redundant by use_acc=false. Rules: docs/Barriers.md.
#include <algorithm>
#include <map>
#include <set>

#include "checks/barriers/BarrierReport.h"
#include "dialect/OpTable.h"
#include "interp/OpText.h"
#include "ir/Attribute.h"
#include "kernel/IndexExpr.h"
#include "kernel/Loops.h"

namespace tscope::checks {

using dialect::OpKind;
using kernel::enclosingLoop;
using kernel::Kernel;

namespace {

bool inside(const ir::Operation *op, const ir::Operation *loop) {
  for (const ir::Operation *p = op; p; p = p->parentOp())
    if (p == loop)
      return true;
  return false;
}

/// True when `a` and `b` run inside one loop of their partition.
bool shareLoop(const Kernel &k, const ir::Operation *a,
               const ir::Operation *b) {
  for (const ir::Operation *l = enclosingLoop(k, a); l; l = enclosingLoop(k, l))
    if (inside(b, l))
      return true;
  return false;
}

/// `x > 0` / `x != 0` in either form: sgt, ugt or ne (cmpi predicates 4, 8, 1).
bool isGreaterOrNotEqual(const ir::Module &m, const ir::Operation *cmp) {
  if (cmp->form == ir::Operation::Form::Generic) {
    std::optional<int64_t> p = dialect::intAttr(m, cmp, "predicate");
    return p && (*p == 4 || *p == 8 || *p == 1);
  }
  std::string_view w = dialect::scanOpSyntax(m, cmp).firstWord;
  return w == "sgt" || w == "ugt" || w == "ne";
}

/// Follows convert_layout/splat/broadcast to an arith.constant whose value is
/// zero.
bool isZero(const ir::Module &m, const ir::Value *v) {
  for (int i = 0; i < 16 && v && v->kind == ir::Value::Result; ++i) {
    const ir::Operation *d = v->definingOp();
    if (d->is("arith.constant")) {
      std::string_view t = dialect::constantLiteral(m, d);
      return t.rfind("dense<0.000000e+00>", 0) == 0 ||
             t.rfind("dense<0>", 0) == 0 || t.rfind("0.000000e+00", 0) == 0 ||
             t == "0" || t == "false";
    }
    if (!(d->is("ttg.convert_layout") || d->is("tt.splat") ||
          d->is("tt.broadcast")) ||
        !d->numOperands)
      return false;
    v = d->operands[0];
  }
  return false;
}

/// "false", "true", "false on the first K step" or "unknown (...)".
std::string classifyUseAcc(const Kernel &k, const ir::Operation *mma,
                           const ir::Value *v) {
  const ir::Module &m = *k.module;
  const ir::Operation *loop = enclosingLoop(k, mma);
  for (int i = 0; i < 16 && v; ++i) {
    if (v->kind == ir::Value::BlockArgument) {
      if (const ir::Value *cap = k.captureOf(v)) {
        v = cap;
        continue;
      }
      const ir::Block *b = v->ownerBlock();
      const ir::Operation *p = b && b->parent ? b->parent->parent : nullptr;
      if (p && p == loop && dialect::kindOf(p) == OpKind::For &&
          v->number > 0 && 3 + v->number - 1 < p->numOperands) {
        std::string init = classifyUseAcc(k, p, p->operands[3 + v->number - 1]);
        if (init == "false")
          return "false on the first K step";
      }
      break;
    }
    const ir::Operation *d = v->definingOp();
    if (!d)
      break;
    if (d->is("arith.constant")) {
      std::string_view t = dialect::constantLiteral(m, d);
      if (t == "true" || t == "1")
        return "true";
      if (t == "false" || t == "0")
        return "false";
      break;
    }
    // `kt > 0` / `kt != 0` on the loop's induction variable: false on the first
    // step.
    if (d->is("arith.cmpi") && d->numOperands == 2 && loop &&
        dialect::kindOf(loop) == OpKind::For) {
      const ir::Block *body =
          loop->firstRegion ? loop->firstRegion->first : nullptr;
      const ir::Value *iv = body && body->numArgs ? &body->args[0] : nullptr;
      bool onIv = d->operands[0] == iv;
      if (onIv && isGreaterOrNotEqual(m, d) && loop->numOperands >= 1 &&
          isZero(m, d->operands[1])) {
        const ir::Value *lb = loop->operands[0];
        if (isZero(m, lb) || lb == d->operands[1])
          return "false on the first K step";
      }
    }
    break;
  }
  return "unknown (" + k.valueName(v) + ")";
}

/// Whether the MMA `mma` runs on every pass of its partition's code, so that
/// use_acc=false on its first issue overwrites the accumulator before any
/// read: its innermost loop provably runs at least once (constant bounds),
/// and no scf.if of its partition encloses it. Outer loops (tiles) are not
/// asked: when one runs zero times, the reads of the tiles it would have
/// made do not happen either. `why` says what was found.
bool runsOnEveryPass(const Kernel &k, const ir::Operation *mma, std::string &why) {
  const ir::Operation *loop = enclosingLoop(k, mma);
  for (const ir::Operation *p = mma->parentOp(); p && p != k.func; p = p->parentOp()) {
    OpKind kind = dialect::kindOf(p);
    if (kind == OpKind::WarpSpecialize || p->is("ttg.warp_specialize.partitions"))
      break;
    if (kind == OpKind::If) {
      why = "the MMA sits in an scf.if at IR " + std::to_string(p->line) + ", which may skip it";
      return false;
    }
  }
  if (const ir::Operation *at = kernel::inBranchLoop(mma)) {
    why = "the MMA is in a loop built from branches (cf, IR line " + std::to_string(at->line) +
          "), which may run zero times";
    return false;
  }
  if (!loop) {
    why = "the MMA is in no loop";
    return true;
  }
  std::string at = "its loop at IR " + std::to_string(loop->line);
  if (dialect::kindOf(loop) != OpKind::For || loop->numOperands < 3) {
    why = at + " is not an scf.for with known bounds, so it may run zero times";
    return false;
  }
  kernel::IndexExpr lb = kernel::indexExpr(k, loop->operands[0]), ub = kernel::indexExpr(k, loop->operands[1]),
                    st = kernel::indexExpr(k, loop->operands[2]);
  if (lb.constant && ub.constant && st.constant && st.value > 0 && ub.value > lb.value) {
    why = at + " runs " + std::to_string((ub.value - lb.value + st.value - 1) / st.value) + " times (" + lb.text +
          " to " + ub.text + " step " + st.text + ")";
    return true;
  }
  why = at + " runs from " + lb.text + " to " + ub.text + ", which may be zero times";
  return false;
}

/// "K loop IR 145 in tile loop IR 141", "loop IR 139" or "no loop".
std::string loopText(const Kernel &k, const ir::Operation *op) {
  const ir::Operation *l = enclosingLoop(k, op);
  if (!l)
    return "no loop";
  const ir::Operation *outer = enclosingLoop(k, l);
  if (!outer)
    return "loop IR " + std::to_string(l->line);
  return "K loop IR " + std::to_string(l->line) + " in tile loop IR " +
         std::to_string(outer->line);
}

struct Access {
  TmemAccess a;
  kernel::TmemColumns cols;
  bool isRead = false, isMma = false, zero = false;
  std::string useAcc; // MMA writes
};

std::string eventNote(const BarrierEvent &e) {
  return e.partition + " " + e.mechanism + " @" +
         std::to_string(e.where.irLine);
}

/// The back-edge: a barrier the reader's partition arrives on after the read
/// and the writer's partition waits on before the overwrite, paired by slot.
void orderAcross(const Kernel &k, const KernelBarrierReport &rep,
                 const Access &r, const Access &w, TmemOrderRow &row) {
  for (const BarrierGroup &g : rep.barriers) {
    if (g.kind == "named")
      continue;
    for (const BarrierEvent &ar : g.events) {
      if (ar.isWait || ar.partition != r.a.partition || !ar.op)
        continue;
      // The arrive must follow the read in the same pass: an arrive before it
      // completes the phase the writer waits on before the read happened.
      bool afterRead =
          ar.op == r.a.op || (ar.op->line > r.a.op->line &&
                              (!r.isMma || ar.mechanism == "tcgen05-commit" ||
                               ar.mechanism == "tcgen05-mma"));
      if (!afterRead)
        continue;
      for (const BarrierEvent &wt : g.events) {
        if (!wt.isWait || wt.partition != w.a.partition || !wt.op)
          continue;
        if (!(wt.op->line < w.a.op->line || shareLoop(k, wt.op, w.a.op)))
          continue;
        std::string note = eventNote(ar);
        bool paired = false;
        for (const std::string &p : wt.pairedWith)
          paired |= p.rfind(note, 0) == 0;
        if (!paired)
          continue;
        bool constantPhase =
            !wt.phase.empty() &&
            std::all_of(wt.phase.begin(), wt.phase.end(),
                        [](char c) { return c >= '0' && c <= '9'; });
        if (constantPhase && enclosingLoop(k, wt.op)) {
          row.how = "wait on " + g.name + " @" +
                    std::to_string(wt.where.irLine) + " uses constant parity " +
                    wt.phase +
                    " inside a loop: only its first phase orders anything";
          continue;
        }
        row.ordered = true;
        row.barrier = g.name;
        row.how = ar.partition + " " + ar.mechanism + " @" +
                  std::to_string(ar.where.irLine) + " -> " + wt.partition +
                  " wait phase " + (wt.phase.empty() ? "-" : wt.phase) + " @" +
                  std::to_string(wt.where.irLine);
        return;
      }
    }
  }
  if (row.how.empty())
    row.how = "no barrier that " + r.a.partition +
              " arrives on after the read and " + w.a.partition +
              " waits on before the overwrite";
}

/// The TMEM accesses of one kernel and the packed owners they reveal.
class TmemSections {
public:
  TmemSections(const Kernel &k, KernelBarrierReport &rep) : k_(k), m_(*k.module), rep_(rep) {}

  void build() {
    collectAccesses();
    collectOwners();
    for (auto &[id, row] : owners_) {
      addBackEdges(id, row);
      rep_.tmemPacking.push_back(row);
    }
    for (const Access &w : acc_)
      if (!w.isRead && w.isMma)
        rep_.accumulatorInit.push_back(initRow(w));
  }

private:
  Access *add(const ir::Operation *op, const kernel::Placement &pl, const ir::Value *v,
              const char *what, bool read);
  void collectAccesses();
  void addSibling(uint32_t owner, const TmemSibling &s);
  TmemPackRow &ownerRow(const kernel::Allocation *o);
  void collectOwners();
  void addBackEdges(uint32_t id, TmemPackRow &row);
  AccumulatorInitRow initRow(const Access &w) const;

  const Kernel &k_;
  const ir::Module &m_;
  KernelBarrierReport &rep_;
  std::vector<Access> acc_;
  std::map<uint32_t, TmemPackRow> owners_;
  std::map<uint32_t, std::vector<std::string>> siblingNames_; // per owner, first seen
};

Access *TmemSections::add(const ir::Operation *op, const kernel::Placement &pl,
                          const ir::Value *v, const char *what, bool read) {
  kernel::TmemColumns c = k_.tmemColumnsOf(v);
  if (!c.owner)
    return nullptr;
  Access x;
  x.a.op = op;
  x.a.partition = k_.partitionName(pl);
  x.a.what = what;
  x.a.where = pointOf(k_, op);
  x.a.col = m_.buffer().lineCol(op->range.offset).second;
  if (c.alloc != c.owner)
    x.a.buffer = c.alloc->name;
  else if (c.view) {
    ir::ResolvedLoc l = k_.sourceOf(c.view);
    x.a.buffer = !l.name.empty() ? l.name : k_.valueName(c.view->result(0));
  } else {
    x.a.buffer = c.owner->name;
  }
  x.cols = c;
  x.isRead = read;
  acc_.push_back(x);
  return &acc_.back();
}

void TmemSections::collectAccesses() {
  k_.walk([&](const ir::Operation *op, const kernel::Placement &pl) {
    OpKind kind = dialect::kindOf(op);
    if (kind != OpKind::TmemLoad && kind != OpKind::TmemStore && kind != OpKind::TcGen5Mma &&
        kind != OpKind::TcGen5MmaScaled)
      return;
    dialect::OperandRoles r = dialect::operandRoles(m_, op);
    if (kind == OpKind::TmemLoad && r.buffer) {
      add(op, pl, r.buffer, "tmem_load", true);
    } else if (kind == OpKind::TmemStore && r.buffer) {
      if (Access *x = add(op, pl, r.buffer, "tmem_store", false))
        x->zero = isZero(m_, r.source);
    } else if (kind == OpKind::TcGen5Mma || kind == OpKind::TcGen5MmaScaled) {
      if (!r.reads.empty())
        if (Access *x = add(op, pl, r.reads[0], "tcgen05_mma operand A", true))
          x->isMma = true;
      if (r.buffer) {
        std::string use = r.useAcc ? classifyUseAcc(k_, op, r.useAcc) : "unknown (no useD)";
        if (Access *x = add(op, pl, r.buffer, "tcgen05_mma", false)) {
          x->isMma = true;
          x->useAcc = use;
          x->a.what = "tcgen05_mma use_acc=" + use;
        }
      }
    }
  });
}

void TmemSections::addSibling(uint32_t owner, const TmemSibling &s) {
  auto &names = siblingNames_[owner];
  if (std::find(names.begin(), names.end(), s.name) != names.end())
    return;
  names.push_back(s.name);
  owners_[owner].siblings.push_back(s);
}

TmemPackRow &TmemSections::ownerRow(const kernel::Allocation *o) {
  TmemPackRow &row = owners_[o->id];
  if (row.owner.empty()) {
    row.owner = o->name;
    row.columns = o->type ? kernel::tmemColumnCount(m_, *k_.chunk, *o->type).value_or(0) : 0;
    row.bufferId = o->bufferId;
    row.where = pointOf(k_, o->op);
    TmemSibling self;
    self.name = o->name;
    self.begin = 0;
    self.end = row.columns;
    self.known = row.columns > 0;
    self.how = "owner";
    self.where = row.where;
    addSibling(o->id, self);
  }
  return row;
}

/// Owners: every TMEM owner accessed through more than one logical buffer,
/// and every Meta-fork `buffer.id` owner with packed members.
void TmemSections::collectOwners() {
  for (const kernel::Allocation &a : k_.allocations) {
    if (a.kind != kernel::AllocKind::Tensor)
      continue;
    const kernel::Allocation *o = k_.packingOwner(&a);
    if (o == &a)
      continue;
    ownerRow(o);
    kernel::TmemColumns c = k_.tmemColumnsOf(a.value);
    TmemSibling s;
    s.name = a.name;
    s.begin = c.begin;
    s.end = c.end;
    s.known = c.known;
    s.how = c.how;
    s.where = pointOf(k_, a.op);
    addSibling(o->id, s);
  }
  std::map<uint32_t, std::set<std::string>> buffersPerOwner;
  for (const Access &x : acc_)
    buffersPerOwner[x.cols.owner->id].insert(x.a.buffer);
  for (const Access &x : acc_) {
    if (buffersPerOwner[x.cols.owner->id].size() < 2 && !owners_.count(x.cols.owner->id))
      continue;
    ownerRow(x.cols.owner);
    TmemSibling s;
    s.name = x.a.buffer;
    s.begin = x.cols.begin;
    s.end = x.cols.end;
    s.known = x.cols.known;
    s.how = x.cols.how;
    s.where = x.cols.view ? pointOf(k_, x.cols.view) : pointOf(k_, x.cols.alloc->op);
    addSibling(x.cols.owner->id, s);
  }
}

/// Back-edges: each repeating full overwrite against each read of another
/// buffer whose columns overlap.
void TmemSections::addBackEdges(uint32_t id, TmemPackRow &row) {
  // The rules below find repetition through scf.for/while; a loop built from
  // branches (after convert-scf-to-cf) is invisible to them.
  for (const Access &x : acc_)
    if (x.cols.owner->id == id)
      if (const ir::Operation *at = kernel::inBranchLoop(x.a.op)) {
        row.notVerified = x.a.partition + "'s " + x.a.what + " of " + x.a.buffer + " (IR line " +
                          std::to_string(x.a.where.irLine) + ") is in a loop built from branches (cf, IR line " +
                          std::to_string(at->line) + "), and the back-edge rules follow scf loops only";
        return;
      }
  for (const Access &w : acc_) {
    if (w.cols.owner->id != id || w.isRead || !w.isMma)
      continue;
    bool alwaysFalse = w.useAcc == "false";
    bool firstStep = w.useAcc == "false on the first K step";
    if (!alwaysFalse && !firstStep)
      continue;
    row.overwriters.push_back(w.a);
    const ir::Operation *l = enclosingLoop(k_, w.a.op);
    bool repeats = alwaysFalse ? l != nullptr : (l && enclosingLoop(k_, l));
    for (const Access &r : acc_) {
      if (r.cols.owner->id != id || !r.isRead || r.a.buffer == w.a.buffer)
        continue;
      if (!(r.cols.begin < w.cols.end && w.cols.begin < r.cols.end))
        continue;
      TmemOrderRow o;
      o.sibling = r.a.buffer;
      o.reader = r.a;
      o.writer = w.a;
      const kernel::Placement pw = k_.placementOf(w.a.op), pr = k_.placementOf(r.a.op);
      bool attrOnly = (pw.ws && !pw.ws->op) || (pr.ws && !pr.ws->op);
      if (!repeats) {
        o.ordered = true;
        o.how = "the overwrite runs once per kernel: no earlier use to protect";
      } else if (r.a.partition == w.a.partition) {
        o.ordered = true;
        o.how = r.isMma ? "same partition: tcgen05 ops issue in order"
                        : "same partition: program order";
      } else if (attrOnly) {
        o.beforePartitioning = true;
        o.how = "before code partitioning: the barriers are not inserted yet";
      } else {
        orderAcross(k_, rep_, r, w, o);
      }
      row.orders.push_back(o);
    }
  }
}

/// Operand-D init: how the accumulator MMA `w` writes starts out.
AccumulatorInitRow TmemSections::initRow(const Access &w) const {
  AccumulatorInitRow row;
  row.accumulator = w.a.buffer;
  row.mma = w.a;
  row.loop = loopText(k_, w.a.op);
  row.useAcc = w.useAcc;
  bool otherStore = false;
  for (const Access &s : acc_) {
    if (s.isMma || s.isRead || s.cols.owner != w.cols.owner)
      continue;
    if (!(s.cols.begin < w.cols.end && w.cols.begin < s.cols.end))
      continue;
    if (s.zero)
      row.zeroStores.push_back(s.a);
    else
      otherStore = true;
  }
  bool startsFalse = w.useAcc == "false" || w.useAcc == "false on the first K step";
  const TmemAccess *cross = nullptr;
  for (const TmemAccess &z : row.zeroStores)
    if (z.partition != w.a.partition && !cross)
      cross = &z;
  std::string runs;
  bool everyPass = startsFalse && cross && runsOnEveryPass(k_, w.a.op, runs);
  // A store outside every partition, above the warp_specialize that runs the
  // MMA, is ordered before it by the fork itself: no hand-off, no race.
  const kernel::Placement pm = k_.placementOf(w.a.op);
  bool beforeFork = cross && cross->op && pm.ws && pm.ws->op &&
                    k_.placementOf(cross->op).partition == kernel::kOutside && cross->op->line < pm.ws->op->line;
  if (everyPass) {
    row.verdict = "redundant";
    row.reason = "the MMA starts with use_acc=" + w.useAcc + " and " + runs + ", so the zero tmem_store by " +
                 cross->partition + " @" + std::to_string(cross->where.irLine) + " is overwritten unread; " +
                 (beforeFork ? "it runs before the warp_specialize @" + std::to_string(pm.ws->op->line) +
                                   ", which orders it before the MMA: it costs a tmem_store for nothing"
                             : "it needs a cross-partition hand-off to " + w.a.partition +
                                   " for nothing, and races with the MMA without one");
  } else if (startsFalse && cross) {
    row.verdict = "ok";
    row.reason = "use_acc=" + w.useAcc + ", but " + runs + ": then the zero tmem_store by " + cross->partition +
                 " @" + std::to_string(cross->where.irLine) + " is what the accumulator holds";
  } else if (startsFalse) {
    row.verdict = "ok";
    row.reason = "use_acc=" + w.useAcc +
                 (row.zeroStores.empty() ? ""
                                         : "; the zero store in the same partition is "
                                           "redundant but ordered");
  } else if (!row.zeroStores.empty()) {
    row.verdict = "ok";
    row.reason = "zero tmem_store by " + row.zeroStores.front().partition + " @" +
                 std::to_string(row.zeroStores.front().where.irLine) +
                 ", then use_acc=" + w.useAcc;
  } else if (otherStore || (w.cols.alloc->op && w.cols.alloc->op->numOperands > 0)) {
    row.verdict = "ok";
    row.reason = "initialised by a tmem_store or the allocation's value, then use_acc=" +
                 w.useAcc;
  } else {
    row.verdict = "unknown";
    row.reason = "no use_acc=false issue and no store into these columns found";
  }
  return row;
}

} // namespace

void addTmemSections(const Kernel &k, KernelBarrierReport &rep) {
  TmemSections(k, rep).build();
}

std::vector<Finding> tmemFindings(const KernelBarrierReport &rep, const support::SourceBuffer &buf) {
  std::vector<Finding> out;
  for (const TmemPackRow &p : rep.tmemPacking)
    if (!p.notVerified.empty())
      out.push_back(notVerifiedFinding("TMEM back-edges", "'" + p.owner + "' in kernel " + rep.kernel,
                                       locationOf(buf, p.where), p.notVerified,
                                       "check the TTGIR before convert-scf-to-cf, where the loops are scf.for"));
  for (const TmemPackRow &p : rep.tmemPacking)
    for (const TmemOrderRow &o : p.orders) {
      if (o.ordered || o.beforePartitioning)
        continue;
      Finding f;
      f.check = "tmem-packed-order";
      f.severity = support::Severity::Error;
      f.message = "full-overwrite " + o.writer.what + " in " + o.writer.partition + " clobbers '" + o.sibling +
                  "' (packed in '" + p.owner + "') before " + o.reader.partition + "'s " + o.reader.what +
                  " of it is ordered: missing back-edge";
      f.where = locationOf(buf, o.writer.where);
      f.related.push_back({locationOf(buf, o.reader.where), o.reader.partition + " reads '" + o.sibling + "' here"});
      f.notes.push_back(o.how);
      out.push_back(std::move(f));
    }
  for (const AccumulatorInitRow &a : rep.accumulatorInit) {
    if (a.verdict != "redundant")
      continue;
    for (const TmemAccess &z : a.zeroStores) {
      if (z.partition == a.mma.partition)
        continue;
      Finding f;
      f.check = "tmem-redundant-init";
      f.severity = support::Severity::Warning;
      f.message = "zero tmem_store of '" + a.accumulator + "' in " + z.partition +
                  " is redundant: the " + a.mma.partition + " MMA starts with use_acc=" + a.useAcc;
      f.where = locationOf(buf, z.where);
      f.related.push_back({locationOf(buf, a.mma.where), "the MMA that overwrites it"});
      f.notes.push_back(a.reason);
      out.push_back(std::move(f));
    }
  }
  return out;
}

} // namespace tscope::checks
