// FenceCheck: collects proxy accesses, fences and barrier events per thread,
// runs two may-reach analyses (one stopped by fences, one not) and judges
// every generic->async pair: within a thread by program order, across
// threads by the barrier edges (arrive -> matching wait) that order them.
#include "checks/fences/FenceCheck.h"
#include "checks/fences/Lowering.h"

#include <algorithm>
#include <map>
#include <set>

#include "checks/fences/ProxyAccess.h"
#include "checks/fences/ThreadGraph.h"
#include "checks/fences/TokenReach.h"
#include "dialect/OpTable.h"
#include "kernel/IndexExpr.h"

namespace tscope::checks::fences {

using dialect::OpKind;

std::string placeText(const FindingLocation &l) {
  std::string s = "IR " + std::to_string(l.line);
  if (l.pyLine)
    s += ", " + l.pyFile.substr(l.pyFile.rfind('/') + 1) + ":" + std::to_string(l.pyLine);
  return s;
}

const char *fenceVerdictName(FenceVerdict v) {
  switch (v) {
  case FenceVerdict::Ok:
    return "ok";
  case FenceVerdict::MissingFence:
    return "missing-fence";
  case FenceVerdict::Skipped:
    return "skipped";
  case FenceVerdict::NotVerified:
    return "not-verified";
  }
  return "?";
}

const char *pairVerdictName(PairVerdict v) {
  switch (v) {
  case PairVerdict::Fenced:
    return "fenced";
  case PairVerdict::Missing:
    return "missing";
  case PairVerdict::FenceAtLowering:
    return "fence-at-lowering";
  case PairVerdict::BeforeTmaLowering:
    return "before-tma-lowering";
  }
  return "?";
}

const std::vector<FenceCheckInfo> &fenceChecks() {
  static const std::vector<FenceCheckInfo> table = {
      {"missing-fence", "error",
       "a generic shared-memory access reaches a conflicting async-proxy access with no fence.proxy.async"},
      {"fence-at-lowering", "note",
       "the same within one partition where Triton's ProxyFenceInsertion adds the fence (3.6: before a TMA load or "
       "gather; Meta's fork: before any async-proxy access)"},
      {"spurious-fence", "note", "a fence.proxy.async that orders no generic access before an async-proxy one"},
  };
  return table;
}

std::optional<int> cudaCapability(std::string_view target) {
  if (target.substr(0, 5) != "cuda:")
    return std::nullopt;
  int v = 0;
  size_t i = 5;
  for (; i < target.size() && target[i] >= '0' && target[i] <= '9' && v < 100000; ++i)
    v = v * 10 + (target[i] - '0');
  if (i == 5)
    return std::nullopt;
  return v;
}

namespace {

/// A barrier event: an arrive (orders this thread's earlier accesses before
/// the partner's wait), a wait, or both (bar.sync).
struct SyncEvent {
  uint32_t node = 0;
  bool arrive = false, wait = false;
  bool atEntry = false; // a synthetic wait at a worker's first op
  std::vector<std::string> keys;
  std::string what;                  // "arrive_barrier ready", "warp_specialize start"
  std::string barrier;               // "mbarrier ready", "named barrier 1", "warp_specialize"
  const ir::Operation *op = nullptr; // the op to point at
};

/// The steps of a path through the thread graph, and which of them crosses a
/// loop's back edge (the finding's message names the first).
struct PathSteps {
  std::vector<FindingStep> steps;
  std::optional<size_t> backEdge; // index into steps
};

class Checker {
public:
  Checker(const kernel::Kernel &k, const FenceOptions &opts) : k_(k), opts_(opts), g_(k) {}
  KernelFenceReport run();

private:
  FindingLocation placeOf(const ir::Operation *op) const;
  FindingLocation placeOfNode(uint32_t n) const;
  std::string partitionOfOp(const ir::Operation *op) const;
  void collect();
  void analyse();
  void judgeIntra();
  void judgeCross();
  void judgeFences();
  /// What fence `fi` orders: "access IR a -> access IR b" lines, empty when
  /// nothing.
  std::set<std::string> ordersOf(size_t fi) const;
  /// Why fence `fi` orders nothing (it is spurious).
  std::string spuriousReason(size_t fi) const;
  PathSteps describePath(const std::vector<uint32_t> &path) const;
  std::vector<uint32_t> unfencedPath(uint32_t from, uint32_t to) const;
  std::string kindPhrase(const ProxyAccess &g, const ProxyAccess &a) const;
  std::string bufferNote(const ProxyAccess &g, const ProxyAccess &a) const;
  std::string partitionOf(uint32_t n) const;
  ProxyPair newPair(const ProxyAccess &g, const ProxyAccess &a) const;
  /// A barrier edge (arrive -> matching wait) that orders a cross-partition
  /// pair, and whether a fence sits on its producer or consumer side.
  struct EdgeUse {
    size_t arrive, wait;
    bool producerFenced, consumerFenced;
  };
  /// The finding of an unfenced pair within one partition (or the note when
  /// Triton's lowering adds the fence).
  Finding intraFinding(const ProxyPair &p, const ProxyAccess &gAcc, const ProxyAccess &a, PathSteps path,
                       bool lowering) const;
  /// The finding of a cross-partition pair that no edge of `edges` fences.
  Finding crossFinding(const ProxyPair &p, size_t gi, size_t ai, const EdgeUse &ev, size_t edges) const;
  void addEvent(uint32_t n, const ir::Operation *op, const dialect::OperandRoles &r, OpKind kind);
  /// True when the assumed lowering fences a same-partition pair whose async
  /// side is `a` (docs/Fences.md, "Triton's own fences").
  bool loweringFences(const ProxyAccess &a) const;
  /// For an unfenced pair whose generic side is not yet a TMA copy
  /// (ProxyAccess::untilTmaLowering): records it as not verified and says true.
  bool beforeTmaLowering(ProxyPair &p, const ProxyAccess &gAcc);
  /// When Triton inserted fence `fi` itself: what it was made for, else empty.
  std::string insertedBy(size_t fi) const;

  const kernel::Kernel &k_;
  const FenceOptions &opts_;
  ThreadGraph g_;
  KernelFenceReport rep_;

  std::vector<ProxyAccess> acc_;
  std::vector<uint32_t> accNode_;
  std::vector<uint32_t> fences_;                  // nodes
  std::vector<uint32_t> inits_;                   // nodes of init_barrier
  std::vector<std::vector<uint32_t>> initAllocs_; // per init: barrier allocation ids
  struct BarrierUse {
    uint32_t node;
    std::vector<uint32_t> allocs;
    std::string what;
  };
  std::vector<BarrierUse> asyncBarrierUses_; // async-proxy ops that update an mbarrier
  std::vector<SyncEvent> events_;
  std::vector<bool> isFence_;

  // Tokens.
  size_t tokens_ = 0;
  std::vector<int64_t> accTok_;    // per access: token or -1 (async accesses)
  std::vector<int64_t> waitTok_;   // per event: token or -1
  std::vector<uint32_t> fenceTok_; // per fence
  std::vector<uint32_t> initTok_;  // per init
  std::vector<TokenSet> unfenced_, any_;

  // Derived once after the analyses.
  std::vector<int64_t> accOfTok_;                     // token -> generic access, or -1
  std::vector<std::vector<size_t>> partnersOfWait_;   // wait -> arrives in other threads on its barrier
  std::vector<std::vector<size_t>> partnersOfArrive_; // arrive -> waits in other threads on its barrier
  std::vector<std::vector<size_t>> asyncAfterWait_;   // wait -> async accesses of its thread it reaches
  std::vector<std::vector<size_t>> asyncOfThread_;    // thread -> its async accesses
  void link();
  /// The generic accesses of thread `t` among the tokens of `set`.
  std::vector<size_t> genericIn(const TokenSet &set, int t) const;
};

FindingLocation Checker::placeOf(const ir::Operation *op) const {
  if (!op)
    return {};
  ir::ResolvedLoc l = k_.sourceOf(op);
  return locationAt(k_.module->buffer(), op->range.offset, l.known() ? std::string(l.file) : std::string(),
                    l.known() ? l.line : 0);
}

std::string Checker::partitionOfOp(const ir::Operation *op) const {
  return op ? k_.partitionName(k_.placementOf(op)) : std::string();
}

FindingLocation Checker::placeOfNode(uint32_t n) const {
  if (const ir::Operation *op = g_.op(n))
    return placeOf(op);
  // An end node: point at the last op of its thread's region.
  for (const Thread &t : g_.threads())
    if (t.end == n) {
      const ir::Operation *last = nullptr;
      for (const ir::Block *b = t.region ? t.region->first : nullptr; b; b = b->next)
        if (b->last)
          last = b->last;
      if (last)
        return placeOf(last);
    }
  return {};
}

ProxyPair Checker::newPair(const ProxyAccess &g, const ProxyAccess &a) const {
  ProxyPair p;
  p.generic = placeOf(g.op);
  p.async = placeOf(a.op);
  p.genericPartition = partitionOfOp(g.op);
  p.asyncPartition = partitionOfOp(a.op);
  p.genericWhat = g.what + " (" + g.kindText() + ")";
  p.asyncWhat = a.what + " (" + a.kindText() + ")";
  p.buffer = sharedBuffers(g, a);
  return p;
}

std::string Checker::partitionOf(uint32_t n) const {
  if (const ir::Operation *op = g_.op(n))
    return k_.partitionName(k_.placementOf(op));
  int t = g_.threadOf(n);
  return t >= 0 ? g_.threads()[static_cast<size_t>(t)].name : "?";
}

void Checker::addEvent(uint32_t n, const ir::Operation *op, const dialect::OperandRoles &r, OpKind kind) {
  SyncEvent e;
  e.node = n;
  e.op = op;
  std::string opName(dialect::kindName(kind));
  if (kind == OpKind::NamedBarrierArrive || kind == OpKind::NamedBarrierWait) {
    kernel::IndexExpr id = kernel::indexExpr(k_, r.barrier);
    e.keys.push_back("named:" + id.text);
    e.barrier = "named barrier " + id.text;
    e.arrive = true; // bar.arrive and bar.sync both arrive
    e.wait = kind == OpKind::NamedBarrierWait;
    e.what = opName + " " + id.text;
    events_.push_back(e);
    return;
  }
  const ir::Value *bar = r.barrier;
  if (!bar)
    return;
  std::string names;
  for (const kernel::Allocation *a : k_.rootsOf(bar))
    if (a->isBarrier || a->kind == kernel::AllocKind::Aref || a->kind == kernel::AllocKind::Token) {
      e.keys.push_back("mbar:" + std::to_string(a->id));
      names += (names.empty() ? "" : ", ") + a->name;
    }
  if (e.keys.empty())
    return;
  switch (kind) {
  case OpKind::ArriveBarrier:
  case OpKind::BarrierExpect:
  case OpKind::AsyncCopyMbarrierArrive:
  case OpKind::ProducerCommit:
  case OpKind::ConsumerRelease:
  case OpKind::ArefPutExit:
  case OpKind::ArefGetExit:
    e.arrive = true;
    break;
  case OpKind::WaitBarrier:
  case OpKind::ProducerAcquire:
  case OpKind::ConsumerWait:
  case OpKind::ArefPutEnter:
  case OpKind::ArefGetEnter:
    e.wait = true;
    break;
  default:
    return;
  }
  e.barrier =
      (kind == OpKind::WaitBarrier || kind == OpKind::ArriveBarrier || kind == OpKind::BarrierExpect ? "mbarrier "
                                                                                                     : "") +
      names;
  e.what = opName + " " + names;
  events_.push_back(e);
}

void Checker::collect() {
  isFence_.assign(g_.size(), false);
  for (uint32_t n = 0; n < g_.size(); ++n) {
    const ir::Operation *op = g_.op(n);
    if (!op || g_.threadOf(n) < 0)
      continue;
    OpKind kind = dialect::kindOf(op);
    if (kind == OpKind::FenceAsyncShared) {
      fences_.push_back(n);
      isFence_[n] = true;
      continue;
    }
    auto barrierAllocs = [&](const ir::Value *bar) {
      std::vector<uint32_t> ids;
      if (bar)
        for (const kernel::Allocation *a : k_.rootsOf(bar))
          if (a->isBarrier)
            ids.push_back(a->id);
      return ids;
    };
    if (kind == OpKind::InitBarrier) {
      inits_.push_back(n);
      initAllocs_.push_back(barrierAllocs(dialect::operandRoles(*k_.module, op).barrier));
      continue;
    }
    // TMA completions, tcgen05 MMA/commit and tcgen05.cp arrivals update the
    // mbarrier from the async proxy.
    if (kind == OpKind::TmaLoad || kind == OpKind::TmaGather || kind == OpKind::TcGen5Mma ||
        kind == OpKind::TcGen5MmaScaled || kind == OpKind::TcGen5Commit || kind == OpKind::TmemCopy) {
      dialect::OperandRoles r = dialect::operandRoles(*k_.module, op);
      BarrierUse u{n, barrierAllocs(r.barrier), std::string(dialect::kindName(kind))};
      for (const ir::Value *b : r.barriers)
        for (uint32_t id : barrierAllocs(b))
          u.allocs.push_back(id);
      if (!u.allocs.empty())
        asyncBarrierUses_.push_back(std::move(u));
    }
    for (ProxyAccess &a : accessesOf(k_, op)) {
      (a.proxy == Proxy::Generic ? rep_.genericAccesses : rep_.asyncAccesses)++;
      acc_.push_back(std::move(a));
      accNode_.push_back(n);
    }
    const dialect::OpInfo *info = dialect::lookupOp(op->opName());
    if (info && (info->category == dialect::OpCategory::Barrier || info->category == dialect::OpCategory::Nvws))
      addEvent(n, op, dialect::operandRoles(*k_.module, op), kind);
  }
  // warp_specialize: the start orders the parent's earlier accesses before
  // every worker; the end orders every worker before the parent's later code.
  for (const Fork &f : g_.forks()) {
    std::string key = "ws:" + std::to_string(f.op->line);
    SyncEvent start;
    start.node = f.forkNode;
    start.op = f.op;
    start.arrive = true;
    start.keys = {key + ":start"};
    start.what = "warp_specialize start";
    start.barrier = "the warp_specialize start";
    events_.push_back(start);
    for (uint32_t t : f.workers) {
      const Thread &th = g_.threads()[t];
      SyncEvent w = start;
      w.node = th.entry;
      w.op = g_.op(th.entry);
      w.arrive = false;
      w.wait = true;
      w.atEntry = true;
      w.what = "starts";
      events_.push_back(w);
      SyncEvent done;
      done.node = th.end;
      done.op = nullptr;
      done.arrive = true;
      done.keys = {key + ":end"};
      done.what = "returns";
      done.barrier = "the warp_specialize end";
      events_.push_back(done);
    }
    if (f.joinNode) {
      SyncEvent join;
      join.node = *f.joinNode;
      join.op = g_.op(*f.joinNode);
      join.wait = true;
      join.keys = {key + ":end"};
      join.what = "warp_specialize end";
      join.barrier = "the warp_specialize end";
      events_.push_back(join);
    }
  }
}

void Checker::analyse() {
  accTok_.assign(acc_.size(), -1);
  for (size_t i = 0; i < acc_.size(); ++i)
    if (acc_[i].proxy == Proxy::Generic)
      accTok_[i] = static_cast<int64_t>(tokens_++);
  waitTok_.assign(events_.size(), -1);
  for (size_t i = 0; i < events_.size(); ++i)
    if (events_[i].wait)
      waitTok_[i] = static_cast<int64_t>(tokens_++);
  for (size_t i = 0; i < inits_.size(); ++i)
    initTok_.push_back(static_cast<uint32_t>(tokens_++));
  for (size_t i = 0; i < fences_.size(); ++i)
    fenceTok_.push_back(static_cast<uint32_t>(tokens_++));

  TokenFlow stopped, all;
  for (TokenFlow *f : {&stopped, &all}) {
    f->tokens = tokens_;
    f->genAfter.assign(g_.size(), {});
    f->genBefore.assign(g_.size(), {});
    f->killer.assign(g_.size(), false);
    f->killable.assign(tokens_, false);
  }
  auto genBoth = [&](uint32_t node, uint32_t tok, bool before) {
    for (TokenFlow *f : {&stopped, &all})
      (before ? f->genBefore : f->genAfter)[node].push_back(tok);
    stopped.killable[tok] = true;
  };
  for (size_t i = 0; i < acc_.size(); ++i)
    if (accTok_[i] >= 0)
      genBoth(accNode_[i], static_cast<uint32_t>(accTok_[i]), false);
  for (size_t i = 0; i < events_.size(); ++i)
    if (waitTok_[i] >= 0)
      genBoth(events_[i].node, static_cast<uint32_t>(waitTok_[i]), events_[i].atEntry);
  for (size_t i = 0; i < inits_.size(); ++i)
    genBoth(inits_[i], initTok_[i], false);
  for (size_t i = 0; i < fences_.size(); ++i) {
    all.genAfter[fences_[i]].push_back(fenceTok_[i]);
    stopped.killer[fences_[i]] = true;
  }
  unfenced_ = reachingTokens(g_, stopped);
  any_ = reachingTokens(g_, all);
}

std::vector<uint32_t> Checker::unfencedPath(uint32_t from, uint32_t to) const {
  return g_.findPath(from, to, [&](uint32_t n) { return isFence_[n]; });
}

PathSteps Checker::describePath(const std::vector<uint32_t> &path) const {
  PathSteps out;
  for (size_t i = 1; i < path.size(); ++i) {
    const Edge *e = g_.edge(path[i - 1], path[i]);
    if (e && e->construct) {
      OpKind ck = dialect::kindOf(e->construct);
      std::string what;
      switch (e->kind) {
      case EdgeKind::BackEdge:
        what = ck == OpKind::While ? "back edge of scf.while" : "back edge of scf.for";
        break;
      case EdgeKind::SkipLoop:
        what = "skips scf.for (zero trips)";
        break;
      case EdgeKind::EnterBranch:
        what = ck == OpKind::If ? (e->region == 0 ? "then branch of scf.if" : "else branch of scf.if")
                                : "region " + std::to_string(e->region) + " of " + std::string(e->construct->opName());
        break;
      case EdgeKind::SkipBranch:
        what = "skips scf.if";
        break;
      default:
        break;
      }
      if (e->kind == EdgeKind::BackEdge && !out.backEdge)
        out.backEdge = out.steps.size();
      if (!what.empty())
        out.steps.push_back({partitionOf(path[i]), what, placeOf(e->construct)});
    }
    for (const SyncEvent &ev : events_)
      if (i + 1 < path.size() && ev.node == path[i] && ev.op && !ev.atEntry) {
        out.steps.push_back({partitionOf(path[i]), ev.what, placeOf(ev.op)});
        break;
      }
  }
  return out;
}

std::string Checker::kindPhrase(const ProxyAccess &g, const ProxyAccess &a) const {
  std::string gen = std::string(g.write ? "generic write" : "generic read") + " (" + g.what + ")";
  return a.what + (a.write ? " writes " : " reads ") + sharedBuffers(g, a) + " with no fence.proxy.async after the " +
         gen;
}

std::string Checker::bufferNote(const ProxyAccess &g, const ProxyAccess &a) const {
  std::string s = "buffer: " + sharedBuffers(g, a);
  std::set<const kernel::Allocation *> seen;
  for (const MemRegion &r : g.regions)
    if (r.alloc && r.alloc->op && seen.insert(r.alloc).second)
      s += "; " + MemRegion{r.alloc, std::nullopt, ""}.text() + " allocated at " + placeText(placeOf(r.alloc->op));
  s += "; generic side " + g.buffers() + ", async side " + a.buffers();
  return s;
}

void Checker::link() {
  accOfTok_.assign(tokens_, -1);
  for (size_t i = 0; i < acc_.size(); ++i)
    if (accTok_[i] >= 0)
      accOfTok_[static_cast<size_t>(accTok_[i])] = static_cast<int64_t>(i);
  partnersOfWait_.assign(events_.size(), {});
  partnersOfArrive_.assign(events_.size(), {});
  for (size_t wi = 0; wi < events_.size(); ++wi) {
    const SyncEvent &w = events_[wi];
    int q = g_.threadOf(w.node);
    if (!w.wait || q < 0)
      continue;
    for (size_t ri = 0; ri < events_.size(); ++ri) {
      const SyncEvent &r = events_[ri];
      int p = g_.threadOf(r.node);
      if (!r.arrive || p < 0 || p == q)
        continue;
      bool shared = false;
      for (const std::string &kk : r.keys)
        shared |= std::find(w.keys.begin(), w.keys.end(), kk) != w.keys.end();
      if (shared) {
        partnersOfWait_[wi].push_back(ri);
        partnersOfArrive_[ri].push_back(wi);
      }
    }
  }
  asyncOfThread_.assign(g_.threads().size(), {});
  for (size_t ai = 0; ai < acc_.size(); ++ai)
    if (acc_[ai].proxy == Proxy::Async && g_.threadOf(accNode_[ai]) >= 0)
      asyncOfThread_[static_cast<size_t>(g_.threadOf(accNode_[ai]))].push_back(ai);
  asyncAfterWait_.assign(events_.size(), {});
  for (size_t wi = 0; wi < events_.size(); ++wi) {
    int q = g_.threadOf(events_[wi].node);
    if (waitTok_[wi] < 0 || q < 0)
      continue;
    for (size_t ai : asyncOfThread_[static_cast<size_t>(q)])
      if (any_[accNode_[ai]].contains(static_cast<uint32_t>(waitTok_[wi])))
        asyncAfterWait_[wi].push_back(ai);
  }
}

std::vector<size_t> Checker::genericIn(const TokenSet &set, int t) const {
  std::vector<size_t> out;
  for (uint32_t tok : set.items())
    if (tok < accOfTok_.size() && accOfTok_[tok] >= 0) {
      size_t gi = static_cast<size_t>(accOfTok_[tok]);
      if (g_.threadOf(accNode_[gi]) == t)
        out.push_back(gi);
    }
  return out;
}

bool Checker::loweringFences(const ProxyAccess &a) const {
  switch (rep_.lowering.lowering) {
  case Lowering::Upstream:
    return a.tmaLoadLike;
  case Lowering::Fork:
    return a.proxy == Proxy::Async;
  case Lowering::None:
    return false;
  }
  return false;
}

std::string Checker::insertedBy(size_t fi) const {
  // Triton's fence passes (FenceInsertion, ProxyFenceInsertion) and its TMA
  // store lowering build the fence at the location of the op it guards; a
  // fence the user wrote carries the location of its own call.
  const ir::Operation *fence = g_.op(fences_[fi]);
  ir::ResolvedLoc fl = k_.sourceOf(fence);
  if (!fl.known())
    return {};
  for (size_t ai = 0; ai < acc_.size(); ++ai) {
    if (acc_[ai].proxy != Proxy::Async)
      continue;
    ir::ResolvedLoc al = k_.sourceOf(acc_[ai].op);
    if (al.file == fl.file && al.line == fl.line && al.col == fl.col) {
      // Name the op, not one of its operands ("wgmma", not "wgmma operand A").
      std::string op = acc_[ai].what;
      for (const char *part : {" operand", " scale", " source"})
        if (size_t cut = op.find(part); cut != std::string::npos)
          op.resize(cut);
      return "Triton inserted it for the " + op + " at " + placeText(placeOf(acc_[ai].op)) +
             " (it carries that op's source location)";
    }
  }
  return {};
}

void Checker::judgeIntra() {
  for (size_t ai = 0; ai < acc_.size(); ++ai) {
    const ProxyAccess &a = acc_[ai];
    if (a.proxy != Proxy::Async)
      continue;
    uint32_t na = accNode_[ai];
    for (size_t gi = 0; gi < acc_.size(); ++gi) {
      if (accTok_[gi] < 0 || g_.threadOf(accNode_[gi]) != g_.threadOf(na))
        continue;
      uint32_t tg = static_cast<uint32_t>(accTok_[gi]);
      const ProxyAccess &gAcc = acc_[gi];
      if (!any_[na].contains(tg) || !conflicts(gAcc, a))
        continue;
      uint32_t ng = accNode_[gi];
      ProxyPair p = newPair(gAcc, a);
      p.orderedBy = "program order";
      if (!unfenced_[na].contains(tg)) {
        p.verdict = PairVerdict::Fenced;
        for (size_t fi = 0; fi < fences_.size(); ++fi)
          if (unfenced_[fences_[fi]].contains(tg) && any_[na].contains(fenceTok_[fi]))
            p.fences.push_back(placeOf(g_.op(fences_[fi])));
        rep_.pairs.push_back(p);
        continue;
      }
      // A fence the lowering adds covers the pair whichever proxy writes.
      bool lowering = loweringFences(a);
      if (!lowering && beforeTmaLowering(p, gAcc))
        continue;
      p.verdict = lowering ? PairVerdict::FenceAtLowering : PairVerdict::Missing;
      rep_.pairs.push_back(p);
      rep_.findings.push_back(intraFinding(p, gAcc, a, describePath(unfencedPath(ng, na)), lowering));
    }
  }
}

bool Checker::beforeTmaLowering(ProxyPair &p, const ProxyAccess &gAcc) {
  if (!gAcc.untilTmaLowering)
    return false;
  p.verdict = PairVerdict::BeforeTmaLowering;
  rep_.pairs.push_back(p);
  if (rep_.notVerified.empty()) {
    rep_.notVerifiedAt = p.generic;
    rep_.notVerified = "the " + gAcc.describe() + " of " + gAcc.buffers() + " at " + placeText(p.generic) +
                       " stores the result of " + std::string(gAcc.untilTmaLowering->opName()) + " at IR " +
                       std::to_string(gAcc.untilTmaLowering->line) +
                       ", which triton-nvidia-tma-lowering turns into a TMA copy (an async-proxy write); before "
                       "that pass the IR does not say which proxy writes the buffer";
  }
  return true;
}

Finding Checker::intraFinding(const ProxyPair &p, const ProxyAccess &gAcc, const ProxyAccess &a, PathSteps path,
                              bool lowering) const {
  Finding f;
  f.check = lowering ? "fence-at-lowering" : "missing-fence";
  f.severity = lowering ? support::Severity::Note : support::Severity::Error;
  std::string via;
  if (path.backEdge) {
    const FindingStep &s = path.steps[*path.backEdge];
    via = ", across the " + s.action + " at IR " + std::to_string(s.where.line);
  }
  f.message = kindPhrase(gAcc, a) + " at " + placeText(p.generic) + " in " + p.genericPartition + via;
  bool fork = rep_.lowering.lowering == Lowering::Fork;
  if (lowering)
    f.message += fork ? "; the ProxyFenceInsertion of Meta's Triton fork adds this fence when lowering to LLVM"
                      : "; Triton's ProxyFenceInsertion adds this fence when lowering to LLVM";
  f.where = p.async;
  f.related.push_back({p.generic, gAcc.describe() + " of " + gAcc.buffers()});
  f.notes.push_back(bufferNote(gAcc, a));
  f.notes.push_back("ordered by program order within " + p.asyncPartition + "; no fence on the path");
  if (lowering && fork)
    f.notes.push_back("Meta's Triton fork, make_llir: ProxyFenceInsertion puts fence.proxy.async before every "
                      "async-proxy access (TMA load, store, reduce, gather, scatter; wgmma and tcgen05 operands; "
                      "tmem_copy) that follows a conflicting generic access in the same partition; lowering " +
                      rep_.lowering.why + "; with --no-lowering-fences this is a missing-fence error");
  else if (lowering)
    f.notes.push_back(
        "Triton 3.6 make_llir: ProxyFenceInsertion puts fence.proxy.async before a TMA load that follows a generic "
        "access of the same bytes in the same partition; with --no-lowering-fences this is a missing-fence error");
  else if (rep_.lowering.lowering == Lowering::Upstream)
    f.notes.push_back("lowering assumed: upstream Triton 3.6 (" + rep_.lowering.why +
                      "); its ProxyFenceInsertion fences only TMA loads and gathers");
  f.notes.push_back("fix: insert ttng.fence_async_shared (Gluon: fence_async_shared()) after " + placeText(p.generic) +
                    ", before " + placeText(p.async));
  f.trace.push_back({p.genericPartition, gAcc.describe() + " of " + gAcc.buffers(), p.generic});
  for (FindingStep &s : path.steps)
    f.trace.push_back(std::move(s));
  f.trace.push_back({p.asyncPartition, a.describe() + " of " + a.buffers(), p.async});
  return f;
}

void Checker::judgeCross() {
  // (async access, generic access) -> the barrier edges that order them.
  std::map<std::pair<size_t, size_t>, std::vector<EdgeUse>> byPair;
  for (size_t wi = 0; wi < events_.size(); ++wi) {
    if (waitTok_[wi] < 0)
      continue;
    uint32_t wt = static_cast<uint32_t>(waitTok_[wi]);
    for (size_t ai : asyncAfterWait_[wi])
      for (size_t ri : partnersOfWait_[wi]) {
        const SyncEvent &r = events_[ri];
        for (size_t gi : genericIn(any_[r.node], g_.threadOf(r.node))) {
          if (!conflicts(acc_[gi], acc_[ai]))
            continue;
          uint32_t tg = static_cast<uint32_t>(accTok_[gi]);
          byPair[{ai, gi}].push_back({ri, wi, !unfenced_[r.node].contains(tg), !unfenced_[accNode_[ai]].contains(wt)});
        }
      }
  }
  for (auto &[key, uses] : byPair) {
    size_t ai = key.first, gi = key.second;
    const ProxyAccess &a = acc_[ai];
    uint32_t na = accNode_[ai];
    const ProxyAccess &gAcc = acc_[gi];
    ProxyPair p = newPair(gAcc, a);
    p.crossPartition = true;
    std::sort(uses.begin(), uses.end(), [&](const EdgeUse &x, const EdgeUse &y) {
      auto lx = std::make_pair(placeOfNode(events_[x.arrive].node).line, placeOfNode(events_[x.wait].node).line);
      auto ly = std::make_pair(placeOfNode(events_[y.arrive].node).line, placeOfNode(events_[y.wait].node).line);
      return lx < ly;
    });
    const EdgeUse *fencedUse = nullptr;
    for (const EdgeUse &u : uses)
      if (u.producerFenced || u.consumerFenced) {
        fencedUse = &u;
        break;
      }
    const EdgeUse &ev = fencedUse ? *fencedUse : uses.front();
    const SyncEvent &r = events_[ev.arrive], &w = events_[ev.wait];
    FindingLocation rp = placeOfNode(r.node), wp = placeOfNode(w.node);
    p.orderedBy = r.barrier + ": " + partitionOf(r.node) + " " + r.what + " IR " + std::to_string(rp.line) + " -> " +
                  partitionOf(w.node) + " " + w.what + " IR " + std::to_string(wp.line);
    uint32_t tg = static_cast<uint32_t>(accTok_[gi]);
    if (fencedUse) {
      p.verdict = PairVerdict::Fenced;
      for (size_t fi = 0; fi < fences_.size(); ++fi) {
        uint32_t nf = fences_[fi];
        bool producerSide = ev.producerFenced && unfenced_[nf].contains(tg) && any_[r.node].contains(fenceTok_[fi]);
        bool consumerSide = ev.consumerFenced && unfenced_[nf].contains(static_cast<uint32_t>(waitTok_[ev.wait])) &&
                            any_[na].contains(fenceTok_[fi]);
        if (producerSide || consumerSide)
          p.fences.push_back(placeOf(g_.op(nf)));
      }
      rep_.pairs.push_back(p);
      continue;
    }
    if (beforeTmaLowering(p, gAcc))
      continue;
    p.verdict = PairVerdict::Missing;
    rep_.pairs.push_back(p);
    rep_.findings.push_back(crossFinding(p, gi, ai, ev, uses.size()));
  }
}

Finding Checker::crossFinding(const ProxyPair &p, size_t gi, size_t ai, const EdgeUse &ev, size_t edges) const {
  const ProxyAccess &a = acc_[ai], &gAcc = acc_[gi];
  const SyncEvent &r = events_[ev.arrive], &w = events_[ev.wait];
  FindingLocation rp = placeOfNode(r.node), wp = placeOfNode(w.node);
  Finding f;
  f.check = "missing-fence";
  f.severity = support::Severity::Error;
  f.message = kindPhrase(gAcc, a) + " at " + placeText(p.generic) + " in " + p.genericPartition + ", ordered only by " +
              r.barrier + " (" + p.genericPartition + " IR " + std::to_string(rp.line) + " -> " + p.asyncPartition +
              " IR " + std::to_string(wp.line) + ")";
  f.where = p.async;
  f.related.push_back({p.generic, gAcc.describe() + " of " + gAcc.buffers()});
  f.related.push_back({rp, partitionOf(r.node) + " " + r.what + " (no fence between the access and it)"});
  f.related.push_back({wp, partitionOf(w.node) + " " + w.what + " (no fence between it and the async access)"});
  f.notes.push_back(bufferNote(gAcc, a));
  f.notes.push_back("ordered by " + p.orderedBy);
  if (edges > 1)
    f.notes.push_back(std::to_string(edges) + " barrier edges order the pair; none has a fence on either side");
  f.notes.push_back("fix: insert ttng.fence_async_shared (Gluon: fence_async_shared()) in " + p.genericPartition +
                    " after " + placeText(p.generic) + ", before the arrive at IR " + std::to_string(rp.line) +
                    "; or in " + p.asyncPartition + " after the wait at IR " + std::to_string(wp.line) + ", before " +
                    placeText(p.async));
  f.trace.push_back({p.genericPartition, gAcc.describe() + " of " + gAcc.buffers(), p.generic});
  for (FindingStep &s : describePath(unfencedPath(accNode_[gi], r.node)).steps)
    f.trace.push_back(std::move(s));
  f.trace.push_back({partitionOf(r.node), r.what, rp});
  f.trace.push_back({partitionOf(w.node), w.what, wp});
  for (FindingStep &s : describePath(unfencedPath(w.node, accNode_[ai])).steps)
    f.trace.push_back(std::move(s));
  f.trace.push_back({p.asyncPartition, a.describe() + " of " + a.buffers(), p.async});
  return f;
}

void Checker::judgeFences() {
  for (size_t fi = 0; fi < fences_.size(); ++fi) {
    FenceUse use;
    use.where = placeOf(g_.op(fences_[fi]));
    use.partition = partitionOfOp(g_.op(fences_[fi]));
    std::set<std::string> orders = ordersOf(fi);
    use.orders.assign(orders.begin(), orders.end());
    use.insertedBy = insertedBy(fi);
    if (use.orders.empty())
      use.reason = spuriousReason(fi);
    if (use.orders.empty() && use.insertedBy.empty()) {
      use.spurious = true;
      Finding f;
      f.check = "spurious-fence";
      f.severity = support::Severity::Note;
      f.message = "fence.proxy.async orders nothing: " + use.reason;
      f.where = use.where;
      rep_.findings.push_back(std::move(f));
    }
    rep_.fences.push_back(std::move(use));
  }
}

std::set<std::string> Checker::ordersOf(size_t fi) const {
  uint32_t nf = fences_[fi];
  uint32_t ft = fenceTok_[fi];
  int t = g_.threadOf(nf);
  auto line = [&](uint32_t n) { return std::to_string(placeOfNode(n).line); };
  std::set<std::string> orders;
  std::vector<size_t> before = genericIn(unfenced_[nf], t);
  // Within the thread: a generic access with no fence between it and this
  // one, and a conflicting async access after it.
  for (size_t gi : before)
    for (size_t ai : asyncOfThread_[static_cast<size_t>(t)])
      if (any_[accNode_[ai]].contains(ft) && conflicts(acc_[gi], acc_[ai]))
        orders.insert(acc_[gi].what + " " + acc_[gi].buffers() + " IR " + line(accNode_[gi]) + " -> " + acc_[ai].what +
                      " IR " + line(accNode_[ai]));
  // Producer side: it precedes an arrive whose partner waits before a
  // conflicting async access in another thread.
  for (size_t ri = 0; ri < events_.size() && !before.empty(); ++ri) {
    const SyncEvent &r = events_[ri];
    if (!r.arrive || g_.threadOf(r.node) != t || !any_[r.node].contains(ft))
      continue;
    for (size_t wi : partnersOfArrive_[ri])
      for (size_t ai : asyncAfterWait_[wi])
        for (size_t gi : before)
          if (conflicts(acc_[gi], acc_[ai]))
            orders.insert(acc_[gi].what + " " + acc_[gi].buffers() + " IR " + line(accNode_[gi]) + " -> " +
                          partitionOf(accNode_[ai]) + " " + acc_[ai].what + " IR " + line(accNode_[ai]) + " (via " +
                          r.barrier + ")");
  }
  // Consumer side: it follows a wait whose partner's generic access has no
  // fence of its own, and precedes a conflicting async access.
  for (size_t wi = 0; wi < events_.size(); ++wi) {
    const SyncEvent &w = events_[wi];
    if (waitTok_[wi] < 0 || g_.threadOf(w.node) != t || !unfenced_[nf].contains(static_cast<uint32_t>(waitTok_[wi])))
      continue;
    for (size_t ai : asyncAfterWait_[wi]) {
      if (!any_[accNode_[ai]].contains(ft))
        continue;
      for (size_t ri : partnersOfWait_[wi]) {
        const SyncEvent &r = events_[ri];
        for (size_t gi : genericIn(unfenced_[r.node], g_.threadOf(r.node)))
          if (conflicts(acc_[gi], acc_[ai]))
            orders.insert(partitionOf(accNode_[gi]) + " " + acc_[gi].what + " " + acc_[gi].buffers() + " IR " +
                          line(accNode_[gi]) + " -> " + acc_[ai].what + " IR " + line(accNode_[ai]) + " (via " +
                          r.barrier + ")");
      }
    }
  }
  // An mbarrier initialization made visible to the async proxy before a TMA
  // completion or tcgen05 arrival on it (here, or in a worker it starts).
  // Only an init that every async use of its barrier sees through some
  // fence counts (Triton itself does not fence its inits).
  for (size_t ii = 0; ii < inits_.size(); ++ii) {
    uint32_t it = initTok_[ii];
    if (!unfenced_[nf].contains(it))
      continue;
    const BarrierUse *ordered = nullptr;
    bool allFenced = true;
    for (const BarrierUse &u : asyncBarrierUses_) {
      bool same = false;
      for (uint32_t id : u.allocs)
        same |= std::find(initAllocs_[ii].begin(), initAllocs_[ii].end(), id) != initAllocs_[ii].end();
      if (!same)
        continue;
      int tu = g_.threadOf(u.node);
      // The point the init must be fenced before: the use itself, or the
      // warp_specialize that starts the worker using it.
      std::optional<uint32_t> gate;
      if (tu == g_.threadOf(inits_[ii]))
        gate = u.node;
      for (const Fork &fk : g_.forks())
        if (std::find(fk.workers.begin(), fk.workers.end(), static_cast<uint32_t>(tu)) != fk.workers.end())
          gate = fk.forkNode;
      if (!gate || !any_[*gate].contains(it))
        continue;
      if (unfenced_[*gate].contains(it))
        allFenced = false;
      else if (!ordered && any_[*gate].contains(ft) && g_.threadOf(*gate) == t)
        ordered = &u;
    }
    if (allFenced && ordered)
      orders.insert("mbarrier init IR " + line(inits_[ii]) + " -> " + partitionOf(ordered->node) + " " + ordered->what +
                    " IR " + line(ordered->node) + " (barrier)");
  }
  return orders;
}

std::string Checker::spuriousReason(size_t fi) const {
  uint32_t nf = fences_[fi];
  int t = g_.threadOf(nf);
  auto line = [&](uint32_t n) { return std::to_string(placeOfNode(n).line); };
  std::vector<std::string> reachingGeneric, unfencedGeneric, earlierFences;
  for (size_t gi = 0; gi < acc_.size(); ++gi)
    if (accTok_[gi] >= 0 && g_.threadOf(accNode_[gi]) == t) {
      uint32_t tg = static_cast<uint32_t>(accTok_[gi]);
      if (any_[nf].contains(tg))
        reachingGeneric.push_back("IR " + line(accNode_[gi]));
      if (unfenced_[nf].contains(tg))
        unfencedGeneric.push_back("IR " + line(accNode_[gi]));
    }
  for (size_t fj = 0; fj < fences_.size(); ++fj)
    if (fj != fi && g_.threadOf(fences_[fj]) == t && any_[nf].contains(fenceTok_[fj]))
      earlierFences.push_back("IR " + line(fences_[fj]));
  auto join = [](const std::vector<std::string> &v) {
    std::string s;
    for (size_t i = 0; i < v.size() && i < 4; ++i)
      s += (i ? ", " : "") + v[i];
    return s + (v.size() > 4 ? ", ..." : "");
  };
  if (reachingGeneric.empty())
    return "no generic shared-memory access reaches it";
  if (unfencedGeneric.empty())
    return "every generic access that reaches it (" + join(reachingGeneric) + ") is already fenced" +
           (earlierFences.empty() ? "" : " by the fence at " + join(earlierFences));
  return "no async-proxy access after it conflicts with the generic accesses before it (" + join(unfencedGeneric) + ")";
}

KernelFenceReport Checker::run() {
  rep_.kernel = k_.name;
  rep_.target = k_.target;
  rep_.lowering = assumeLowering(k_, opts_.lowering, !opts_.loweringFences);
  for (const Thread &t : g_.threads())
    rep_.threads.push_back(t.name);
  if (!k_.target.empty()) {
    auto cap = cudaCapability(k_.target);
    if (!cap) {
      rep_.checked = false;
      rep_.skipped = "target " + k_.target + " is not CUDA";
    } else if (*cap < 90) {
      rep_.checked = false;
      rep_.skipped = "target " + k_.target + ": no async proxy below sm_90, nothing to order";
    }
    if (!rep_.checked) {
      rep_.verdict = FenceVerdict::Skipped;
      return std::move(rep_);
    }
  }
  collect();
  analyse();
  link();
  judgeIntra();
  judgeCross();
  judgeFences();
  std::stable_sort(rep_.findings.begin(), rep_.findings.end(), [](const Finding &a, const Finding &b) {
    return std::make_tuple(a.where.line, a.where.col, a.related.empty() ? 0u : a.related[0].where.line) <
           std::make_tuple(b.where.line, b.where.col, b.related.empty() ? 0u : b.related[0].where.line);
  });
  std::stable_sort(rep_.pairs.begin(), rep_.pairs.end(), [](const ProxyPair &a, const ProxyPair &b) {
    return std::make_pair(a.async.line, a.generic.line) < std::make_pair(b.async.line, b.generic.line);
  });
  bool missing = false;
  for (const Finding &f : rep_.findings)
    missing |= f.severity == support::Severity::Error;
  rep_.verdict = missing                     ? FenceVerdict::MissingFence
                 : !rep_.notVerified.empty() ? FenceVerdict::NotVerified
                                             : FenceVerdict::Ok;
  return std::move(rep_);
}

} // namespace

std::vector<KernelFenceReport> checkFences(const ir::Module &m, const FenceOptions &opts) {
  return checkFences(kernel::Kernel::build(m), opts);
}

std::vector<KernelFenceReport> checkFences(const std::vector<kernel::Kernel> &kernels, const FenceOptions &opts) {
  std::vector<KernelFenceReport> out;
  for (const kernel::Kernel &k : kernels) {
    Checker c(k, opts);
    out.push_back(c.run());
  }
  return out;
}

} // namespace tscope::checks::fences
