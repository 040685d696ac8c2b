// Explorer: the op families the model steps on, names for prose, running a
// process between synchronizing ops, and the breadth-first search itself.
// The transition functions are in Transitions.cpp, the observer's accesses in
// Accesses.cpp, the prose of hangs in Prose.cpp.
#include "checks/model/Explorer.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

#include "checks/model/MbarrierRules.h"
#include "checks/model/Prose.h"

namespace tscope::checks::model {

using dialect::OpKind;

namespace {

/// Ops that are interleaving points: the synchronizing ones.
bool isSyncKind(OpKind k) {
  switch (k) {
  case OpKind::InitBarrier:
  case OpKind::BarrierExpect:
  case OpKind::WaitBarrier:
  case OpKind::ArriveBarrier:
  case OpKind::AsyncCopyMbarrierArrive:
  case OpKind::NamedBarrierArrive:
  case OpKind::NamedBarrierWait:
  case OpKind::TmaLoad:
  case OpKind::TmaGather:
  case OpKind::TcGen5Mma:
  case OpKind::TcGen5MmaScaled:
  case OpKind::TcGen5Commit:
  case OpKind::WarpSpecialize:
    return true;
  default:
    return false;
  }
}

/// Synchronizing ops the model has no rule for yet: a run meeting one is unknown.
bool isUnmodelled(OpKind k) {
  switch (k) {
  case OpKind::ProducerAcquire:
  case OpKind::ProducerCommit:
  case OpKind::ConsumerWait:
  case OpKind::ConsumerRelease:
  case OpKind::ArefPutEnter:
  case OpKind::ArefPutExit:
  case OpKind::ArefGetEnter:
  case OpKind::ArefGetExit:
  case OpKind::TmemCopy:
    return true;
  default:
    return false;
  }
}

/// Ops that read or write a buffer slot without synchronizing; with an
/// observer they are met on the way (no interleaving point of their own).
bool isLocalAccessKind(OpKind k) {
  switch (k) {
  case OpKind::LocalLoad:
  case OpKind::LocalStore:
  case OpKind::TmemLoad:
  case OpKind::TmemStore:
  case OpKind::TmaStore:
  case OpKind::TmaReduce:
  case OpKind::TmaScatter:
  case OpKind::WarpGroupDot:
  case OpKind::WarpGroupDotWait:
  case OpKind::TmaStoreWait:
  case OpKind::AsyncCopyGlobalToLocal:
  case OpKind::AsyncCommitGroup:
  case OpKind::AsyncWait:
    return true;
  default:
    return false;
  }
}

} // namespace

Explorer::Explorer(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &o, Observer *observer,
                   bool recordHangs)
    : m_(m), k_(k), opts_(o), prog_(m, *k.func), observer_(observer), recordHangs_(recordHangs) {
  events_ = prog_.select([&](const ir::Operation &op) {
    OpKind kind = dialect::kindOf(&op);
    if (isUnmodelled(kind))
      unmodelled_ = &op;
    if (observer_ && isLocalAccessKind(kind))
      return true;
    return isSyncKind(kind) || kind == OpKind::MemDescIndex || kind == OpKind::For || kind == OpKind::WarpYield ||
           (kind == OpKind::Yield && op.parentOp() &&
            (dialect::kindOf(op.parentOp()) == OpKind::For || dialect::kindOf(op.parentOp()) == OpKind::If));
  });
}

std::string Explorer::partName(const Proc &pr) const {
  return pr.partition == kernel::kOutside ? "outside" : k_.partitionName({pr.ws, pr.partition});
}

int Explorer::warpsOf(const Proc &pr) const {
  if (pr.ws)
    if (const kernel::Partition *p = pr.ws->find(pr.partition))
      if (p->numWarps)
        return p->numWarps;
  return k_.moduleWarps ? k_.moduleWarps : 4;
}

std::string Explorer::barName(uint64_t key) const {
  int64_t slot = slotOfKey(key);
  const kernel::Allocation &a = k_.allocations[allocOfKey(key)];
  return a.slots() > 1 || slot ? a.name + "[" + std::to_string(slot) + "]" : a.name;
}

std::string Explorer::slotName(uint32_t alloc, int64_t slot) const {
  const kernel::Allocation &a = k_.allocations[alloc];
  return slot >= 0 ? a.name + "[" + std::to_string(slot) + "]" : a.name;
}

std::optional<int64_t> Explorer::slotOf(const State &s, const Proc &pr, const ir::Value *v) const {
  auto find = [](const Proc &p, const ir::Value *x) {
    return std::find_if(p.slots.begin(), p.slots.end(), [&](auto &e) { return e.first == x; });
  };
  const ir::Value *cur = v;
  for (int i = 0; i < 16 && cur; ++i) {
    if (auto it = find(pr, cur); it != pr.slots.end())
      return it->second;
    if (cur->kind == ir::Value::BlockArgument) {
      // A partition's capture: the slot its parent recorded.
      const ir::Value *cap = k_.captureOf(cur);
      if (!cap)
        return std::nullopt;
      for (const Proc &q : s.procs)
        if (auto jt = find(q, cap); jt != q.slots.end())
          return jt->second;
      cur = cap;
      continue;
    }
    const ir::Operation *d = cur->definingOp();
    if (d && dialect::kindOf(d) == OpKind::MemDescView && d->numOperands) {
      cur = d->operands[0];
      continue;
    }
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::pair<uint32_t, int64_t>> Explorer::barrierKey(const State &s, const Proc &pr,
                                                                 const ir::Value *v) const {
  std::optional<int64_t> slot = slotOf(s, pr, v);
  for (const kernel::Allocation *a : k_.rootsOf(v))
    if (a->isBarrier) {
      // A barrier used whole (1xi64) has one slot; a ring needs its index.
      if (!slot && a->slots() > 1 && v != a->value)
        return std::nullopt;
      return std::make_pair(a->id, slot.value_or(0));
    }
  return std::nullopt;
}

std::set<int> Explorer::arriversOf(uint32_t id, size_t *numOps, const kernel::WarpSpecialize *ws) const {
  std::set<int> out;
  size_t ops = 0;
  k_.walk([&](const ir::Operation *op, const kernel::Placement &pl) {
    if (ws && pl.ws != ws && pl.partition != kernel::kOutside)
      return; // a partition of another warp_specialize
    std::vector<const ir::Value *> bars;
    switch (dialect::kindOf(op)) {
    case OpKind::ArriveBarrier:
    case OpKind::BarrierExpect:
    case OpKind::TmaLoad:
    case OpKind::TmaGather:
    case OpKind::TcGen5Commit:
    case OpKind::AsyncCopyMbarrierArrive:
      bars.push_back(dialect::operandRoles(m_, op).barrier);
      break;
    case OpKind::TcGen5Mma:
    case OpKind::TcGen5MmaScaled:
      bars = dialect::operandRoles(m_, op).barriers;
      break;
    default:
      return;
    }
    for (const ir::Value *b : bars)
      for (const kernel::Allocation *a : k_.rootsOf(b))
        if (a->id == id) {
          out.insert(pl.partition);
          ++ops;
        }
  });
  if (numOps)
    *numOps = ops;
  return out;
}

void Explorer::setSlot(Proc &pr, const ir::Value *v, int64_t slot) {
  auto it = std::find_if(pr.slots.begin(), pr.slots.end(), [&](auto &e) { return e.first == v; });
  if (it != pr.slots.end())
    it->second = slot;
  else
    pr.slots.push_back({v, slot});
}

void Explorer::recordSlot(State &, Proc &pr, const ir::Operation *op) {
  interp::Scalar idx = op->numOperands > 1 ? pr.p.operand(1) : interp::Scalar();
  if (idx.isKnown())
    setSlot(pr, op->result(0), idx.sext());
}

void Explorer::carrySlots(State &s, Proc &pr, const ir::Operation *op) {
  // Barrier views carried through iter_args: the slot of the init (on entry)
  // or of the yielded view (each iteration) moves to the block argument and
  // the loop result.
  bool isFor = dialect::kindOf(op) == OpKind::For;
  const ir::Operation *loop = isFor ? op : op->parentOp();
  const ir::Block *body = loop->firstRegion && dialect::kindOf(loop) == OpKind::For
                              ? loop->firstRegion->first
                              : nullptr; // scf.if: results only
  uint32_t first = isFor ? 3 : 0;
  for (uint32_t i = first; i < op->numOperands; ++i) {
    uint32_t k = i - first;
    std::optional<int64_t> slot = slotOf(s, pr, op->operands[i]);
    if (!slot)
      continue;
    if (body && k + 1 < body->numArgs)
      setSlot(pr, &body->args[k + 1], *slot);
    if (k < loop->numResults)
      setSlot(pr, loop->result(k), *slot);
  }
}

bool Explorer::advance(State &s, size_t pi, std::string &unknown) {
  Proc &pr = s.procs[pi];
  int limits = 0;
  for (int guard = 0; guard < 1'000'000; ++guard) {
    interp::StepResult r = pr.p.step(events_);
    if (r.isUnknown() && r.cause == interp::StepResult::Cause::StepLimit && ++limits >= 20) {
      unknown = partName(pr) + " runs " + std::to_string(20 * kLocalSteps) +
                " ops without reaching a barrier (an unbounded loop?)";
      return false;
    }
    if (r.isDone()) {
      pr.status = PStatus::Done;
      return true;
    }
    if (r.isUnknown()) {
      if (r.cause == interp::StepResult::Cause::StepLimit)
        continue;
      unknown = partName(pr) + ": " + r.describe(m_);
      return false;
    }
    OpKind kind = dialect::kindOf(r.op);
    if (kind == OpKind::WarpYield) {
      // The default region's values for the warp_specialize's results,
      // handed over at the join (resumeBlocked).
      pr.results.clear();
      for (uint32_t i = 0; i < r.op->numOperands; ++i)
        pr.results.push_back(pr.p.operand(i));
      continue;
    }
    if (observer_ && isLocalAccessKind(kind)) {
      localAccess(s, pi, r.op);
      continue;
    }
    if (kind == OpKind::MemDescIndex) {
      recordSlot(s, pr, r.op);
      continue;
    }
    if (kind == OpKind::For || kind == OpKind::Yield) {
      carrySlots(s, pr, r.op);
      continue;
    }
    pr.status = PStatus::AtEvent;
    return true;
  }
  unknown = "a partition runs a million local steps without synchronizing";
  return false;
}

/// The BFS: every state met, its parent and the step from it, the seen-set.
struct Explorer::Search {
  std::vector<State> states;
  std::vector<std::pair<int64_t, TraceStep>> parent;
  std::unordered_map<size_t, std::vector<uint32_t>> seen;
  std::deque<uint32_t> queue;
  size_t searchAfterHang = 0;

  /// Adds `ns` unless an equal state was met; true when added.
  bool add(State &&ns, int64_t from, TraceStep &&step) {
    auto &bucket = seen[StateHash{}(ns)];
    for (uint32_t idx : bucket)
      if (states[idx] == ns)
        return false;
    uint32_t id = static_cast<uint32_t>(states.size());
    states.push_back(std::move(ns));
    parent.push_back({from, std::move(step)});
    bucket.push_back(id);
    queue.push_back(id);
    return true;
  }
};

std::vector<TraceStep> Explorer::pathTo(const Search &S, int64_t at) const {
  std::vector<TraceStep> rev;
  for (; at > 0; at = S.parent[static_cast<size_t>(at)].first)
    rev.push_back(S.parent[static_cast<size_t>(at)].second);
  return {rev.rbegin(), rev.rend()};
}

void Explorer::recordHang(Search &S, uint32_t si, DeadlockRun &out) {
  const State &s = S.states[si];
  out.verdict = "deadlock";
  out.states = S.states.size();
  describeStuck(*this, s, out.stuck);
  explainHang(*this, s, out);
  out.trace = pathTo(S, si);
}

DeadlockRun Explorer::run(const interp::Bindings &b, std::string label) {
  DeadlockRun out;
  out.bindings = std::move(label);
  if (unmodelled_) {
    out.verdict = "unknown";
    out.reason = std::string(unmodelled_->opName()) + " (IR line " + std::to_string(unmodelled_->line) +
                 ") is not modelled yet";
    return out;
  }
  std::vector<std::string> errors;
  State init;
  Proc main(interp::Process::start(prog_, b, &errors));
  main.p.setStepLimit(kLocalSteps);
  main.partition = kernel::kOutside;
  if (tracksClocks())
    main.vc.set(0, 1);
  init.procs.push_back(std::move(main));
  stopped_ = false;
  stopTrace_.clear();
  over_.reset();
  overStep_.reset();
  hang_.reset();
  stuckStates_ = 0;
  curOut_ = nullptr;
  if (std::string why; !advance(init, 0, why)) {
    out.verdict = "unknown";
    out.reason = why;
    return out;
  }
  if (stopped_) {
    out.verdict = "race";
    out.states = 1;
    return out;
  }
  Search S;
  S.searchAfterHang = opts_.maxStates;
  S.add(std::move(init), -1, {});
  while (!S.queue.empty()) {
    uint32_t si = S.queue.front();
    S.queue.pop_front();
    if (!expand(S, si, out))
      break;
  }
  if (out.verdict == "race" || out.verdict == "unknown")
    return out;
  out.overArrival = over_;
  if (out.verdict == "deadlock")
    return out;
  out.verdict = over_ ? "trap" : "no-deadlock";
  out.states = S.states.size();
  for (const ir::Operation *op : redundant_)
    out.redundantWaits.push_back({std::string(op->opName()), where(op)});
  return out;
}

/// Expands state `si`; false ends the search (the verdict, if final, is in `out`).
bool Explorer::expand(Search &S, uint32_t si, DeadlockRun &out) {
  bool hung = out.verdict == "deadlock";
  if (hung && S.states.size() > S.searchAfterHang)
    return false; // the over-arrival search after a hang has a budget of its own
  if (S.states.size() > opts_.maxStates) {
    if (hung)
      return false;
    out.verdict = "unknown";
    out.reason = "more than " + std::to_string(opts_.maxStates) +
                 " states; bind the loop bounds with --arg to explore fewer";
    out.states = S.states.size();
    return false;
  }
  Successors next;
  std::string unknownReason;
  successors(S.states[si], next, unknownReason);
  if (over_ && over_->trace.empty() && overStep_) {
    // The first over-arrival, met while building the successors of `si`;
    // the state after it is not explored (the GPU faults there).
    over_->trace = pathTo(S, si);
    over_->trace.push_back(*overStep_);
    overStep_.reset();
  }
  if (stopped_) {
    // The observer stopped while building successor stopStep_ of `si`.
    stopTrace_ = pathTo(S, si);
    if (stopStep_ < next.size())
      stopTrace_.push_back(next[stopStep_].second);
    out.verdict = "race";
    out.states = S.states.size();
    return false;
  }
  if (hung && (over_ || !unknownReason.empty()))
    return false;
  if (!unknownReason.empty()) {
    out.verdict = "unknown";
    out.reason = unknownReason;
    out.states = S.states.size();
    return false;
  }
  if (next.empty()) {
    const State &s = S.states[si];
    if (std::all_of(s.procs.begin(), s.procs.end(), [](const Proc &p) { return p.status == PStatus::Done; }))
      return true;
    if (observer_) {
      // With an observer every reachable state is visited; a stuck one just
      // ends its interleaving (and is the hang, if asked for, when first).
      ++stuckStates_;
      if (recordHangs_ && !hang_) {
        hang_.emplace();
        recordHang(S, si, *hang_);
      }
      return true;
    }
    if (hung)
      return true; // still looking for an over-arrival (below)
    recordHang(S, si, out);
    if (over_)
      return false;
    // The shortest hang is kept; the search goes on for an over-arrival,
    // which a kernel that can hang may reach too (the GPU faults there).
    S.searchAfterHang = std::min(opts_.maxStates, 16 * S.states.size() + 50'000);
    return true;
  }
  for (auto &[ns, step] : next)
    S.add(std::move(ns), si, std::move(step));
  return true;
}

std::vector<std::pair<interp::Bindings, std::string>> planRuns(const ir::Module &m, const kernel::Kernel &k,
                                                               const DeadlockOptions &opts,
                                                               std::vector<std::string> &unbound) {
  const ir::Block *entry = k.func->firstRegion->first;
  for (uint32_t i = 0; entry && i < entry->numArgs; ++i) {
    std::string_view t = dialect::typeText(m, &entry->args[i]);
    if (t != "i32" && t != "i64" && t != "index")
      continue;
    std::string name(m.str(entry->args[i].name));
    bool bound = false;
    for (const interp::Bindings::Arg &a : opts.bindings.args)
      bound |= a.name == name || "%" + a.name == name;
    if (!bound)
      unbound.push_back(name);
  }
  std::vector<std::pair<interp::Bindings, std::string>> runs;
  std::string fixed;
  for (const interp::Bindings::Arg &a : opts.bindings.args)
    fixed += (fixed.empty() ? "" : ", ") + a.name + "=" + std::to_string(a.value);
  if (unbound.empty()) {
    runs.push_back({opts.bindings, fixed.empty() ? "(no integer arguments)" : fixed});
    return runs;
  }
  for (int64_t v : opts.tryValues) {
    interp::Bindings b = opts.bindings;
    for (const std::string &n : unbound)
      b.set(n, v);
    runs.push_back({b, (fixed.empty() ? "" : fixed + ", ") + "others=" + std::to_string(v)});
  }
  return runs;
}

void summarizeDeadlock(KernelDeadlockResult &res) {
  bool allClean = true;
  for (size_t i = 0; i < res.runs.size(); ++i) {
    if (res.runs[i].verdict == "deadlock" && !res.evidenceRun)
      res.evidenceRun = i;
    if (res.runs[i].overArrival && !res.trapRun)
      res.trapRun = i;
    allClean &= res.runs[i].verdict == "no-deadlock";
  }
  if (res.evidenceRun) {
    res.verdict = "deadlock";
  } else if (res.trapRun) {
    res.verdict = "trap";
  } else if (allClean) {
    res.verdict = "no-deadlock";
  } else {
    res.verdict = "unknown";
    res.reason = firstUnknownReason(res.runs);
  }
}

} // namespace tscope::checks::model
