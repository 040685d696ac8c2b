// mbarrier rules. PTX ISA "mbarrier": a phase completes when its pending
// arrival count (set by mbarrier.init) reaches zero and its transaction count
// (raised by expect-tx, lowered by complete-tx of TMA copies) drains; one
// arrive.expect_tx is one arrival; a tcgen05.commit (also the one an async
// MMA issues for each of its barriers) is one arrival; the memory of an
// mbarrier must be invalidated (mbarrier.inval) before it is repurposed.
// TLX's tcgen05_commit doc: "DO NOT use the same mBarrier passed to async_dot".
#include <map>
#include <set>
#include <unordered_map>

#include "checks/tlxlint/LintChecks.h"
#include "dialect/OpTable.h"
#include "dialect/Types.h"

namespace tscope::checks::tlxlint {
namespace {

using dialect::OpKind;

/// What an op does to a barrier.
enum class Use { Init, Inval, Arrive, Wait, Tx };

struct Event {
  const PlacedOp *at = nullptr;
  const ir::Value *operand = nullptr;
  BarrierRef ref;
  Use use = Use::Arrive;
  int64_t count = 1;            // arrivals (Arrive) or init count (Init)
  std::optional<int64_t> phase; // Wait: constant parity
};

/// Every barrier event of the kernel, and the allocations some op uses in a
/// way the rules do not model (a call, an unknown op): those are skipped.
struct Events {
  std::vector<Event> all;
  std::set<const kernel::Allocation *> opaque;
};

Events collect(const LintContext &ctx) {
  Events ev;
  for (const PlacedOp &p : ctx.ops) {
    OpKind k = dialect::kindOf(p.op);
    dialect::OperandRoles r = dialect::operandRoles(ctx.module, p.op);
    auto add = [&](const ir::Value *v, Use u, int64_t count = 1) {
      if (!v)
        return;
      Event e;
      e.at = &p;
      e.operand = v;
      e.ref = ctx.barrierRef(v);
      e.use = u;
      e.count = count;
      if (u == Use::Wait)
        e.phase = ctx.constant(r.phase);
      ev.all.push_back(std::move(e));
    };
    switch (k) {
    case OpKind::InitBarrier:
      if (r.count)
        add(r.barrier, Use::Init, *r.count);
      continue;
    case OpKind::InvalBarrier:
      add(r.barrier, Use::Inval);
      continue;
    case OpKind::ArriveBarrier:
      add(r.barrier, Use::Arrive, r.count.value_or(1));
      continue;
    case OpKind::BarrierExpect:
      add(r.barrier, Use::Arrive, 1);
      continue;
    case OpKind::TcGen5Mma:
    case OpKind::TcGen5MmaScaled:
      for (const ir::Value *b : r.barriers)
        add(b, Use::Arrive, 1);
      continue;
    case OpKind::TcGen5Commit:
      add(r.barrier, Use::Arrive, 1);
      continue;
    case OpKind::TmemCopy:
      add(r.barrier, Use::Arrive, 1);
      continue;
    case OpKind::WaitBarrier:
      add(r.barrier, Use::Wait);
      continue;
    case OpKind::TmaLoad:
    case OpKind::TmaGather:
    case OpKind::AsyncCopyGlobalToLocal:
      add(r.barrier, Use::Tx);
      continue;
    case OpKind::MemDescIndex:
    case OpKind::MemDescView:
    case OpKind::WarpSpecialize:
    case OpKind::WarpSpecializePartitions:
    case OpKind::For:
    case OpKind::If:
    case OpKind::While:
    case OpKind::Yield:
    case OpKind::Branch:
    case OpKind::CondBranch:
    case OpKind::LocalDealloc:
    case OpKind::LocalAlloc:
      continue;
    default:
      break;
    }
    if (p.op->is("ttng.map_to_remote_buffer") || p.op->is("ttg.warp_yield") ||
        p.op->is("scf.condition"))
      continue;
    // Anything else that touches a barrier allocation (a call, an async
    // remote store with its barrier, an op tscope does not know) makes the
    // barrier's arrivals unknown.
    for (uint32_t i = 0; i < p.op->numOperands; ++i)
      for (const kernel::Allocation *a : ctx.kernel.rootsOf(p.op->operands[i]))
        if (a->isBarrier)
          ev.opaque.insert(a);
  }
  return ev;
}

std::string places(const std::set<std::string> &s) {
  std::string out;
  for (const std::string &x : s)
    out += (out.empty() ? "" : ", ") + x;
  return out;
}

} // namespace

void checkBarrierInitCount(const LintContext &ctx, std::vector<Finding> &out) {
  // Peer CTAs of a cluster can arrive too (remote arrives, multicast commits).
  if (!ctx.singleCta)
    return;
  Events ev = collect(ctx);
  struct Slots {
    std::map<int64_t, const Event *> init; // constant slot -> its init
    bool initOk = true;
    std::vector<const Event *> arrivals, waits;
  };
  std::map<const kernel::Allocation *, Slots> byAlloc;
  for (const Event &e : ev.all) {
    if (!e.ref.root || !e.ref.root->isBarrier)
      continue;
    Slots &s = byAlloc[e.ref.root];
    if (e.use == Use::Init) {
      SlotIndex ix = e.ref.slot();
      if (!e.ref.exact || !ix.constant || s.init.count(*ix.constant))
        s.initOk = false;
      else
        s.init[*ix.constant] = &e;
    } else if (e.use == Use::Arrive) {
      if (!e.ref.exact || e.ref.remote)
        s.initOk = false;
      s.arrivals.push_back(&e);
    } else if (e.use == Use::Wait) {
      s.waits.push_back(&e);
    }
  }
  for (auto &[alloc, s] : byAlloc) {
    if (!s.initOk || s.init.empty() || ev.opaque.count(alloc))
      continue;
    std::optional<int64_t> common;
    bool allSame = true;
    for (auto &[slot, init] : s.init) {
      if (common && *common != init->count)
        allSame = false;
      common = init->count;
    }
    // Arrivals grouped by slot: a constant slot, or "any slot" (dynamic index).
    std::map<std::optional<int64_t>, std::vector<const Event *>> groups;
    for (const Event *a : s.arrivals)
      groups[a->ref.slot().constant].push_back(a);
    // (a) More partitions arrive each phase than the count admits.
    for (auto &[slot, arrivals] : groups) {
      const Event *init = nullptr;
      if (slot) {
        auto it = s.init.find(*slot);
        if (it == s.init.end())
          continue;
        init = it->second;
      } else {
        if (!allSame)
          continue;
        init = s.init.begin()->second;
      }
      std::map<std::pair<const kernel::WarpSpecialize *, int>, const Event *> perPartition;
      std::map<std::pair<const kernel::WarpSpecialize *, int>, int64_t> minCount;
      for (const Event *a : arrivals) {
        const kernel::Placement &pl = a->at->placement;
        if (pl.partition == kernel::kOutside || !pl.ws)
          continue;
        auto key = std::make_pair(pl.ws, pl.partition);
        if (!perPartition.count(key))
          perPartition[key] = a;
        auto [it, fresh] = minCount.emplace(key, a->count);
        if (!fresh)
          it->second = std::min(it->second, a->count);
      }
      // Partitions of two warp_specialize ops never arrive in the same
      // phase (one is joined before the next forks): each op is counted on
      // its own.
      std::set<const kernel::WarpSpecialize *> forks;
      for (auto &[key, c] : minCount)
        forks.insert(key.first);
      for (const kernel::WarpSpecialize *fork : forks) {
        int64_t total = 0;
        size_t partitions = 0;
        for (auto &[key, c] : minCount)
          if (key.first == fork) {
            total += c;
            ++partitions;
          }
        if (partitions < 2 || total <= init->count)
          continue;
        std::set<std::string> who;
        Finding f;
        f.severity = support::Severity::Error;
        f.where = ctx.point(init->at->op);
        for (auto &[key, a] : perPartition) {
          if (key.first != fork)
            continue;
          std::string name = ctx.partitionName(a->at->placement);
          who.insert(name);
          f.related.push_back({ctx.point(a->at->op), name + " arrives on " + ctx.describe(a->ref)});
        }
        std::string bar =
            alloc->name + (slot && alloc->slots() > 1 ? "[" + std::to_string(*slot) + "]" : "");
        f.message = "barrier " + bar + " is initialised with arrive count " +
                    std::to_string(init->count) + " but " + std::to_string(partitions) +
                    " partitions (" + places(who) + ") arrive on it each phase, " +
                    std::to_string(total) +
                    " arrivals in all: the phase completes before the last of them and the rest "
                    "spill into the next "
                    "phase; initialise it with arrive_count=" +
                    std::to_string(total);
        out.push_back(std::move(f));
      }
    }
    // (b) Fewer arrivals can ever reach a slot than its count.
    for (auto &[slot, init] : s.init) {
      int64_t total = 0;
      bool bounded = true;
      std::vector<const Event *> reaching;
      for (const Event *a : s.arrivals) {
        std::optional<int64_t> as = a->ref.slot().constant;
        if (as && *as != slot)
          continue;
        reaching.push_back(a);
        bounded = bounded && !ctx.inLoop(a->at->op);
        total += a->count;
      }
      bool waited = false;
      for (const Event *w : s.waits) {
        std::optional<int64_t> ws = w->ref.slot().constant;
        waited |= (!ws || *ws == slot) && !(w->phase && *w->phase == 1);
      }
      if (!bounded || !waited || total >= init->count)
        continue;
      std::string bar = alloc->name + (alloc->slots() > 1 ? "[" + std::to_string(slot) + "]" : "");
      Finding f;
      f.severity = support::Severity::Error;
      f.where = ctx.point(init->at->op);
      for (const Event *a : reaching)
        f.related.push_back({ctx.point(a->at->op), ctx.partitionName(a->at->placement) +
                                                       " arrives with count " +
                                                       std::to_string(a->count)});
      f.message = "barrier " + bar + " is initialised with arrive count " +
                  std::to_string(init->count) +
                  (total == 0 ? std::string(" but no arrive reaches it")
                              : " but at most " + std::to_string(total) +
                                    (total == 1 ? " arrival reaches it" : " arrivals reach it")) +
                  " (none is in a loop): its first phase never completes and every wait on it "
                  "hangs; " +
                  (total == 0 ? std::string("add the arrive that releases it")
                              : "initialise it with arrive_count=" + std::to_string(total) +
                                    " or add the missing arrive");
      out.push_back(std::move(f));
    }
  }
}

void checkExpectBytes(const LintContext &ctx, std::vector<Finding> &out) {
  // Multicast and 2-CTA loads deliver bytes to several CTAs' barriers.
  if (!ctx.singleCta)
    return;
  for (const PlacedOp &p : ctx.ops) {
    if (dialect::kindOf(p.op) != OpKind::BarrierExpect)
      continue;
    dialect::OperandRoles xr = dialect::operandRoles(ctx.module, p.op);
    if (!xr.barrier || !xr.bytes)
      continue;
    BarrierRef xref = ctx.barrierRef(xr.barrier);
    auto sameBarrier = [&](const ir::Value *v) {
      return v == xr.barrier || ctx.barrierRef(v).same(xref);
    };
    bool uncertain = false;
    std::vector<const ir::Operation *> loads;
    // The phase's loads: this block's ops after the expect (and the ones
    // before it back to the previous wait or expect on the barrier), up to the
    // next wait or expect on it. Loads nested in ifs or loops are uncertain.
    auto scan = [&](const ir::Operation *top) -> bool { // false: stop
      std::vector<const ir::Operation *> work{top};
      bool stop = false;
      while (!work.empty()) {
        const ir::Operation *o = work.back();
        work.pop_back();
        OpKind k = dialect::kindOf(o);
        if (k == OpKind::BarrierExpect || k == OpKind::WaitBarrier) {
          dialect::OperandRoles r = dialect::operandRoles(ctx.module, o);
          if (r.barrier && sameBarrier(r.barrier)) {
            if (o == top)
              return false;
            uncertain = true; // a phase boundary inside a nested region
            stop = true;
          }
        } else if (k == OpKind::TmaLoad || k == OpKind::TmaGather) {
          dialect::OperandRoles r = dialect::operandRoles(ctx.module, o);
          if (r.barrier && sameBarrier(r.barrier)) {
            loads.push_back(o);
            if (o != top)
              uncertain = true;
            if (r.pred && r.pred != xr.pred && ctx.constant(r.pred) != 1)
              uncertain = true;
            if (!dialect::attrText(ctx.module, o, "multicast").empty() ||
                !dialect::attrText(ctx.module, o, "two_cta").empty())
              uncertain = true;
          }
        } else if (k == OpKind::Other || k == OpKind::WarpSpecialize) {
          // A call or unknown op may issue loads on the barrier.
          for (uint32_t i = 0; i < o->numOperands; ++i)
            if (sameBarrier(o->operands[i]) && o->numRegions == 0 && !o->is("ttg.memdesc_index"))
              uncertain = true;
        }
        for (const ir::Region *rg = o->firstRegion; rg; rg = rg->next)
          for (const ir::Block *b = rg->first; b; b = b->next)
            for (const ir::Operation *x = b->first; x; x = x->next)
              work.push_back(x);
      }
      return !stop;
    };
    for (const ir::Operation *o = p.op->next; o && scan(o); o = o->next) {
    }
    const ir::Block *blk = p.op->parent;
    std::vector<const ir::Operation *> before;
    for (const ir::Operation *o = blk ? blk->first : nullptr; o && o != p.op; o = o->next)
      before.push_back(o);
    for (size_t i = before.size(); i-- > 0 && scan(before[i]);) {
    }
    if (loads.empty() || uncertain)
      continue;
    uint64_t sum = 0, buffers = 0;
    bool known = true;
    std::string parts;
    std::vector<RelatedLocation> related;
    for (const ir::Operation *l : loads) {
      dialect::OperandRoles r = dialect::operandRoles(ctx.module, l);
      auto md = dialect::parseMemDesc(ctx.module, ctx.kernel.chunk,
                                      dialect::typeText(ctx.module, r.buffer));
      // What the copy delivers: its descriptor's box (checkTmaBox reports a
      // box that differs from the buffer).
      dialect::TmaLoadBytes tb = dialect::tmaLoadBytes(ctx.module, ctx.kernel.chunk, l);
      auto b = tb.delivered();
      if (!b || !md || !tb.buffer) {
        known = false;
        break;
      }
      sum += *b;
      buffers += *tb.buffer;
      std::string what;
      auto roots = ctx.kernel.rootsOf(r.buffer);
      what = (roots.size() == 1 ? roots.front()->name + " " : std::string()) + md->shapeText() +
             " = " + std::to_string(*b) + " B";
      if (tb.mismatch())
        what += " (its descriptor's box; the buffer holds " + std::to_string(*tb.buffer) + " B)";
      parts += (parts.empty() ? "" : ", ") + what;
      related.push_back({ctx.point(l), "TMA load into " + what});
    }
    // An expect that counts the buffers right while a copy's box differs is
    // one bug, reported once at its cause (tlx-tma-box-mismatch).
    if (!known || sum == static_cast<uint64_t>(*xr.bytes) || buffers == static_cast<uint64_t>(*xr.bytes))
      continue;
    Finding f;
    f.severity = support::Severity::Error;
    f.where = ctx.point(p.op);
    f.related = std::move(related);
    std::string head = "barrier_expect announces " + std::to_string(*xr.bytes) + " bytes on " +
                       ctx.describe(xref) + " but the TMA loads on it in this phase deliver " +
                       std::to_string(sum) + " (" + parts + ")";
    if (static_cast<uint64_t>(*xr.bytes) > sum)
      f.message =
          head + ": the transaction count never drains and every wait on the phase hangs; expect " +
          std::to_string(sum) + " bytes";
    else
      f.message = head +
                  ": the phase can complete before the last load lands, and the consumer reads a "
                  "partly written buffer; the bytes left over count against the next phase, whose "
                  "wait then never passes; expect " +
                  std::to_string(sum) + " bytes";
    out.push_back(std::move(f));
  }
}

void checkTmaBox(const LintContext &ctx, std::vector<Finding> &out) {
  for (const PlacedOp &p : ctx.ops) {
    if (dialect::kindOf(p.op) != OpKind::TmaLoad)
      continue;
    dialect::TmaLoadBytes tb = dialect::tmaLoadBytes(ctx.module, ctx.kernel.chunk, p.op);
    if (!tb.mismatch())
      continue;
    dialect::OperandRoles r = dialect::operandRoles(ctx.module, p.op);
    auto md = dialect::parseMemDesc(ctx.module, ctx.kernel.chunk, dialect::typeText(ctx.module, r.buffer));
    auto desc = dialect::parseTensor(dialect::typeText(ctx.module, r.desc));
    if (!md || !desc)
      continue;
    std::string box;
    for (int64_t d : desc->shape)
      box += (box.empty() ? "" : "x") + std::to_string(d);
    std::string shape;
    for (int64_t d : md->shape)
      shape += (shape.empty() ? "" : ", ") + std::to_string(d);
    auto roots = ctx.kernel.rootsOf(r.buffer);
    std::string buf = roots.size() == 1 ? roots.front()->name + " " : std::string();
    // Follow partition captures to where the descriptor comes from: still a
    // block argument there means a kernel argument, made on the host.
    const ir::Value *origin = r.desc;
    while (const ir::Value *c = ctx.kernel.captureOf(origin))
      origin = c;
    bool hostMade = origin->kind == ir::Value::BlockArgument;
    Finding f;
    f.severity = support::Severity::Error;
    f.where = ctx.point(p.op);
    bool larger = *tb.box > *tb.buffer;
    std::string extra = std::to_string(larger ? *tb.box - *tb.buffer : *tb.buffer - *tb.box);
    f.message = "TMA load writes its descriptor's " + box + "x" + desc->elementType + " box (" +
                std::to_string(*tb.box) + " bytes) into " + buf + md->shapeText() + " (" +
                std::to_string(*tb.buffer) + " bytes): " +
                (larger ? "it writes " + extra +
                              " bytes past the buffer, over the shared memory that follows it (wrong "
                              "results, or a fault where that memory holds a barrier), and completes " +
                              extra +
                              " bytes more on its barrier than the buffer's size, so the transaction count of "
                              "a phase that expects the buffer overshoots zero: its wait hangs, or passes "
                              "before the copy has landed"
                        : "it fills " + std::to_string(*tb.box) + " of the buffer's bytes, and a phase "
                              "that expects the buffer's size never completes (a hang)") +
                "; " +
                (hostMade ? "the descriptor is a kernel argument, its block fixed when the host made it, "
                            "and the compiler tiled this load as [" + shape +
                                "] without resizing it (automatic warp specialization splits a tile "
                                "between consumer partitions): build the descriptor in the kernel "
                                "(tl.make_tensor_descriptor), whose block the compiler resizes, or turn "
                                "warp_specialize off for this loop"
                          : "make the descriptor's block shape [" + shape + "]");
    out.push_back(std::move(f));
  }
}

void checkCommitOnMmaBarrier(const LintContext &ctx, std::vector<Finding> &out) {
  std::vector<std::pair<const PlacedOp *, const ir::Value *>> mmaBars;
  for (const PlacedOp &p : ctx.ops) {
    OpKind k = dialect::kindOf(p.op);
    if (k == OpKind::TcGen5Mma || k == OpKind::TcGen5MmaScaled)
      for (const ir::Value *b : dialect::operandRoles(ctx.module, p.op).barriers)
        mmaBars.push_back({&p, b});
  }
  for (const PlacedOp &p : ctx.ops) {
    if (dialect::kindOf(p.op) != OpKind::TcGen5Commit)
      continue;
    const ir::Value *cb = dialect::operandRoles(ctx.module, p.op).barrier;
    if (!cb)
      continue;
    BarrierRef cref = ctx.barrierRef(cb);
    for (auto &[mma, mb] : mmaBars) {
      if (mb != cb && !ctx.barrierRef(mb).same(cref))
        continue;
      Finding f;
      f.severity = support::Severity::Error;
      f.where = ctx.point(p.op);
      f.related.push_back({ctx.point(mma->op),
                           "the MMA that arrives on " + ctx.describe(cref) + " when it completes"});
      f.message = "tcgen05_commit on " + ctx.describe(cref) + ", which the MMA at IR line " +
                  std::to_string(mma->op->line) +
                  " already arrives on (mBarriers): each phase gets an extra arrival and runs "
                  "ahead of the data; "
                  "give tcgen05_commit a barrier of its own";
      out.push_back(std::move(f));
      break;
    }
  }
}

void checkInitWithoutInval(const LintContext &ctx, std::vector<Finding> &out) {
  Events ev = collect(ctx);
  std::map<const kernel::Allocation *, const Event *> firstInit;
  std::set<const kernel::Allocation *> invalidated;
  for (const Event &e : ev.all) {
    if (!e.ref.root || !e.ref.root->isBarrier)
      continue;
    if (e.use == Use::Init && !firstInit.count(e.ref.root))
      firstInit[e.ref.root] = &e;
    if (e.use == Use::Inval)
      invalidated.insert(e.ref.root);
  }
  for (auto &[alloc, init] : firstInit) {
    if (invalidated.count(alloc))
      continue;
    std::vector<RelatedLocation> reuse;
    for (const PlacedOp &p : ctx.ops) {
      if (dialect::kindOf(p.op) != OpKind::LocalDealloc || !p.op->numOperands)
        continue;
      for (const kernel::Allocation *a : ctx.kernel.rootsOf(p.op->operands[0]))
        if (a == alloc)
          reuse.push_back({ctx.point(p.op), "local_dealloc releases its memory"});
    }
    auto bytes = alloc->type ? alloc->type->bytes() : std::nullopt;
    if (alloc->allocationOffset && bytes) {
      uint64_t lo = static_cast<uint64_t>(*alloc->allocationOffset), hi = lo + *bytes;
      for (const kernel::Allocation &o : ctx.kernel.allocations) {
        if (&o == alloc || !o.allocationOffset || !o.type || !o.op || o.kind != alloc->kind)
          continue;
        auto ob = o.type->bytes();
        uint64_t olo = static_cast<uint64_t>(*o.allocationOffset);
        if (ob && olo < hi && lo < olo + *ob)
          reuse.push_back({ctx.point(o.op), o.name + " shares its bytes (allocation.offset " +
                                                std::to_string(olo) + ")"});
      }
    }
    if (reuse.empty())
      continue;
    Finding f;
    f.severity = support::Severity::Note;
    f.where = ctx.point(init->at->op);
    f.related = std::move(reuse);
    f.message = "barrier " + alloc->name +
                " is initialised but never invalidated, and its memory is reused (" +
                f.related.front().message +
                "): mbarrier.inval must come before the memory is repurposed; add "
                "ttng.inval_barrier after its "
                "last use";
    out.push_back(std::move(f));
  }
}

} // namespace tscope::checks::tlxlint
