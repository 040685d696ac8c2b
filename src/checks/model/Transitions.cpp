// Transitions: every move out of a state, one function per op family --
// async completions, resuming a blocked process, mbarrier init / wait /
// arrive / expect, async issue (TMA, commits), tcgen05 MMAs, named barriers
// and the warp_specialize fork. The rules themselves are in MbarrierRules,
// NamedBarrier and AsyncAgents.
#include "checks/model/Explorer.h"

#include <algorithm>

#include "checks/model/AsyncAgents.h"
#include "checks/model/Edits.h"
#include "checks/model/MbarrierRules.h"
#include "checks/model/NamedBarrier.h"
#include "checks/model/Prose.h"

namespace tscope::checks::model {

using dialect::OpKind;

/// One process's step at its current op: the state it builds and the trace
/// step that names it.
struct Explorer::OpStep {
  const State &s;
  size_t pi;
  const Proc &pr;
  const ir::Operation *op;
  OpKind kind;
  const dialect::OperandRoles &r;
  bool on; // the op's predicate holds (or it has none)
  Successors &out;
  State n;
  TraceStep st;
  uint64_t key = 0; // the mbarrier, for ops that name one

  /// The process's value of `v`; an absent operand reads as true.
  interp::Scalar val(const ir::Value *v) const { return v ? pr.p.value(v) : interp::Scalar::boolean(true); }
  /// The stepping process in the new state (re-read: the fork grows procs).
  Proc &np() { return n.procs.mut(pi); }
};

void Explorer::noteOverArrival(const std::string &actor, const ir::Operation *op, uint64_t key, const Bar &b,
                               int64_t arrive, const std::string &action) {
  if (over_)
    return;
  if (op->opName().starts_with("amdg.")) {
    // TritonAMDGPUOps.td defines an arrive that takes the pending count to
    // zero, not past it (the lowering counts down from count - 1 and changes
    // phase on underflow); no fault is measured on AMD hardware.
    if (!amdOverArrival_)
      amdOverArrival_ = op;
    return;
  }
  OverArrival o;
  o.actor = actor;
  o.barrier = barName(key);
  o.where = where(op);
  o.what = overArrivalWhat(b, arrive, action);
  overStep_ = TraceStep{actor, overArrivalAction(b, arrive, action), o.where};
  over_ = std::move(o);
}

void Explorer::successors(const State &s, Successors &out, Undecided &unknown, std::vector<ActorSteps> *actors) {
  // A process stopped at a trip count's choice makes it before anything
  // else moves (docs/Deadlock.md, "Choices first").
  size_t only = pendingTripChoice(s);
  if (only == s.procs.size())
    completeAsync(s, out, actors);
  for (size_t pi = 0; pi < s.procs.size(); ++pi) {
    if (only != s.procs.size() && pi != only)
      continue;
    PStatus st = s.procs[pi].status;
    if (st == PStatus::Done || st == PStatus::Spins)
      continue; // a spinning process never moves again
    ActorSteps act;
    act.index = pi;
    act.begin = out.size();
    act.joining = st == PStatus::Joining;
    foot_ = actors ? &act.cur : nullptr;
    Outcome o = st == PStatus::Joining || st == PStatus::NamedWait ? resumeBlocked(s, pi, out, unknown)
                                                                   : stepOp(s, pi, out, unknown);
    foot_ = nullptr;
    if (o == Outcome::Unknown)
      return;
    act.end = out.size();
    // A process that cannot move and noted nothing it waits on: nothing
    // says which actor could unblock it, so every one may.
    const Footprint &c = act.cur;
    if (act.begin == act.end && c.bars.empty() && !c.named && !c.choices && !c.trips)
      act.cur.global = true;
    if (actors)
      actors->push_back(std::move(act));
  }
}

void Explorer::completeAsync(const State &s, Successors &out, std::vector<ActorSteps> *actors) {
  for (size_t i = 0; i < s.async.size(); ++i) {
    if (i > 0 && s.async[i] == s.async[i - 1])
      continue; // the same completion twice leads to the same state (one actor)
    ActorSteps act;
    act.async = true;
    act.index = i;
    act.begin = act.end = out.size();
    // A completion changes its mbarrier slot; in-order work also moves its
    // queue (dependent with the queue's other completions).
    act.cur.write(allocOfKey(s.async[i].key), slotOfKey(s.async[i].key));
    if (s.async[i].order)
      act.cur.queue = s.async[i].queue;
    if (s.async[i].order <= 1) // tcgen05 work (and, in-order, copies) retires in issue order (AsyncAgents.h)
      completeOne(s, i, out);
    act.end = out.size();
    if (actors)
      actors->push_back(std::move(act));
  }
}

void Explorer::completeOne(const State &s, size_t i, Successors &out) {
  State n = s;
  Async a = retireAsync(n, i);
  Bar &b = n.bars.mut()[a.key];
  if (overArrives(b, a.arrive)) {
    noteOverArrival("tcgen05", a.op, a.key, b, a.arrive,
                    std::string(a.op->opName()) + " completes with an arrival on " + barName(a.key));
    return;
  }
  if (tracksClocks())
    b.acc.join(a.vc);
  std::string eff = effectText(applyArrivals(b, a.arrive, -a.tx));
  if (observer_ && a.arrive)
    observer_->onArrive(*this, n, a.from, a.key);
  TraceStep st;
  st.actor = completerName(a.op);
  st.action = (a.tx ? "delivers " + std::to_string(a.tx) + " bytes to " : "arrives on ") + barName(a.key) + " " +
              eff + " for " + partName(s.procs[a.from]);
  st.where = where(a.op);
  out.push_back({std::move(n), std::move(st)});
}

Explorer::Outcome Explorer::resumeBlocked(const State &s, size_t pi, Successors &out, Undecided &unknown) {
  const Proc &pr = s.procs[pi];
  bool joining = pr.status == PStatus::Joining;
  if (foot_) {
    // A join removes the partition processes; a release from bar.sync
    // follows the named barrier's generation.
    foot_->global |= joining;
    foot_->named |= !joining;
  }
  // The fork's caller continues once every partition has returned; bar.sync
  // once the barrier's generation moved on.
  auto named = s.named.find(pr.namedId);
  if (joining) {
    for (size_t j = 1; j < s.procs.size(); ++j)
      if (s.procs[j].status != PStatus::Done)
        return Outcome::Blocked;
  } else if (named == s.named.end() || named->second.generation == pr.namedGen) {
    return Outcome::Blocked;
  }
  State n = s;
  if (joining && !join(n, pi, unknown))
    return Outcome::Unknown;
  Proc &np = n.procs.mut(pi);
  np.status = PStatus::AtEvent;
  if (tracksClocks() && !joining)
    np.vc.join(named->second.released);
  TraceStep st = joining ? TraceStep{partName(pr), "all partitions returned; continues", where(pr.p.op())}
                         : TraceStep{partName(pr), "released from named barrier " + std::to_string(pr.namedId),
                                     where(pr.p.op())};
  curOut_ = &out;
  if (!advance(n, pi, unknown))
    return Outcome::Unknown;
  out.push_back({std::move(n), std::move(st)});
  return Outcome::Pushed;
}

bool Explorer::join(State &n, size_t pi, Undecided &unknown) {
  // The join of a warp_specialize: the forking process acquires what its
  // partitions did, takes the default region's ttg.warp_yield values as the
  // op's results and stands after the op. The partition processes leave the
  // state, so a fork in a loop (one per tile) or the next warp_specialize
  // starts from the same shape: nothing of a joined fork stays behind but
  // its effects on barriers and memory.
  Proc &np = n.procs.mut(pi);
  std::vector<interp::Scalar> results;
  const ir::Operation *fork = np.p.op();
  bool loop = fork && partitionLoops_.count(fork);
  if (loop) {
    // A partition loop's results: each from the partition that computed it
    // (the others kept what they had on entry).
    results.resize(fork->numResults);
    for (uint32_t i = 0; i < fork->numResults; ++i) {
      results[i] = interp::Scalar::unknown(interp::Reason::OtherPartition, fork->result(i));
      std::vector<int> owners = loopResultOwners(fork, i);
      for (size_t j = pi + 1; j < n.procs.size(); ++j) {
        const Proc &c = n.procs[j];
        if (std::find(owners.begin(), owners.end(), c.partition) == owners.end())
          continue;
        if (std::optional<int64_t> slot = slotOf(n, c, fork->result(i)))
          setSlot(np, fork->result(i), *slot); // a view or token the loop yields
        results[i] = c.p.value(fork->result(i));
        break;
      }
    }
    // The enters each partition made on its arefs (no two partitions enter
    // one side of an aref).
    const std::vector<std::pair<uint32_t, uint32_t>> before = np.arefTurns;
    for (size_t j = pi + 1; j < n.procs.size(); ++j)
      for (auto [key, t] : n.procs[j].arefTurns)
        if (arefTurn(before, key) != t)
          setArefTurn(np, key / 2, key & 1, t);
  }
  for (size_t j = pi + 1; j < n.procs.size(); ++j) {
    const Proc &c = n.procs[j];
    if (c.partition == kernel::kDefault)
      results = c.results;
    if (!tracksClocks())
      continue;
    np.vc.join(c.vc);
    // The next fork's process in slot j continues these agents' epochs.
    size_t need = kJoinedPerSlot * (j + 1);
    if (np.joinedTicks.size() < need)
      np.joinedTicks.resize(need, 0);
    np.joinedTicks[joinedTickIndex(j, kBarrierAgent)] = c.asyncTick;
    for (Agent a : {kWgmmaAgent, kBulkStoreAgent, kCpAsyncAgent})
      np.joinedTicks[joinedTickIndex(j, a)] = c.groups[groupIndex(a)].tick;
  }
  if (loop) {
    // Before code partitioning the loop is one op of a sequential program:
    // its asynchronous work (TMA bytes, the tcgen05 commits of its aref
    // exits) is complete when it ends, and code partitioning inserts the
    // waits that make it so. Completed here, in issue order; an arrival
    // that would over-arrive stays in flight for the search to report.
    for (bool again = true; again;) {
      again = false;
      for (size_t i = 0; i < n.async.size() && !again; ++i) {
        const Async &a = n.async[i];
        if (a.from <= pi || a.order > 1 || overArrives(n.bars.mut()[a.key], a.arrive))
          continue;
        Async r = retireAsync(n, i);
        applyArrivals(n.bars.mut()[r.key], r.arrive, -r.tx);
        again = true;
      }
    }
  }
  // Async work still in flight stays attributed to the process that joined
  // its issuer.
  for (Async &a : n.async)
    if (a.from > pi)
      a.from = static_cast<uint32_t>(pi);
  std::sort(n.async.begin(), n.async.end());
  n.procs.truncate(pi + 1);
  baselineSeen(np, n);
  if (!np.p.leaveRegionOp(results)) {
    unknown = {"cannot continue after the warp_specialize at IR line " + std::to_string(np.p.op()->line), Gap::Shape,
               np.p.op()};
    return false;
  }
  return true;
}

size_t Explorer::pendingTripChoice(const State &s) const {
  if (!proof_)
    return s.procs.size();
  for (size_t pi = 0; pi < s.procs.size(); ++pi) {
    const Proc &pr = s.procs[pi];
    if (pr.status == PStatus::AtEvent && pr.p.last().isUnknown() &&
        pr.p.last().cause == interp::StepResult::Cause::TripChoice)
      return pi;
  }
  return s.procs.size();
}

Explorer::Outcome Explorer::stepOp(const State &s, size_t pi, Successors &out, Undecided &unknown) {
  const Proc &pr = s.procs[pi];
  if (proof_ && pr.p.last().isUnknown() && pr.p.last().cause == interp::StepResult::Cause::TripChoice)
    return stepTripChoice(s, pi, out, unknown);
  const ir::Operation *op = pr.p.op();
  if (!op) {
    if (foot_)
      foot_->global = true; // stuck with no op: nothing says what could move it
    return Outcome::Blocked;
  }
  if (pr.p.last().isUnknown() && pr.p.last().cause == interp::StepResult::Cause::Condition)
    return stepBranch(s, pi, out, unknown);
  if (proof_ && readsMove(s, pr, op, unknown))
    return Outcome::Unknown;
  if (opts_.edits && opts_.edits->forceOn.count(op))
    return stepOpAs(s, pi, out, unknown, true); // an edit dropped its predicate
  const dialect::OperandRoles &r = roles(op);
  // Unknown predicates on unbound inputs are decided first: some launch
  // executes the op, another skips it (stepDecide); on a path the same
  // input keeps its side.
  std::vector<const ir::Value *> preds = mmaBarrierPreds(op);
  preds.insert(preds.begin(), r.pred);
  for (const ir::Value *p : preds)
    if (p && !decided(s, pr, p).isKnown() && inputOnly(p))
      return stepDecide(s, pi, out, p);
  interp::Scalar pred = r.pred ? decided(s, pr, r.pred) : interp::Scalar::boolean(true);
  if (r.pred && !pred.isKnown()) {
    unknown = valueGap(partName(pr) + ": the predicate of " + std::string(op->opName()) + " at IR line " +
                           std::to_string(op->line) + " is unknown: " + pred.describe(m_),
                       pred, op);
    return Outcome::Unknown;
  }
  return stepOpAs(s, pi, out, unknown, !r.pred || pred.isTrue());
}

Explorer::Outcome Explorer::stepDecide(const State &s, size_t pi, Successors &out, const ir::Value *v) {
  const Proc &pr = s.procs[pi];
  std::string name = interp::valueName(m_, *v);
  if (foot_)
    foot_->choices = true;
  for (bool taken : {true, false}) {
    State n = s;
    n.choices[choiceKey(v)] = taken;
    out.push_back({std::move(n), TraceStep{partName(pr),
                                           "assumes unbound " + name + " is " + (taken ? "true" : "false") +
                                               " (some launch)",
                                           where(pr.p.op())}});
  }
  return Outcome::Pushed;
}

Explorer::Outcome Explorer::stepBranch(const State &s, size_t pi, Successors &out, Undecided &unknown) {
  // The process stopped at a branch on unbound inputs (advance()): one
  // successor per side.
  const Proc &pr = s.procs[pi];
  const ir::Operation *op = pr.p.op();
  // A branch on data (advance(), dataBranch) is not one decision per launch:
  // each visit takes either side, and the path is marked (choices[nullptr])
  // so that a hang or over-arrival met on it is not reported as real.
  bool data = !inputOnly(op->operands[0]);
  const ir::Value *key = data ? nullptr : choiceKey(op->operands[0]);
  std::string name = interp::valueName(m_, *op->operands[0]);
  if (foot_)
    foot_->choices = true;
  auto decision = data ? s.choices.end() : s.choices.find(key);
  if (data && std::none_of(dataBranches_.begin(), dataBranches_.end(), [&](const auto &e) { return e.first == op; })) {
    std::string why = pr.p.last().value.describe(m_); // "? (not an integer scalar: ...)"
    dataBranches_.emplace_back(op, name + (why.starts_with("? ") ? why.substr(1) : ""));
  }
  for (bool taken : {true, false}) {
    if (decision != s.choices.end() && decision->second != taken)
      continue; // decided on this path after the process stopped here
    State n = s;
    Proc &np = n.procs.mut(pi);
    if (!np.p.resolveCondition(taken)) {
      unknown = {partName(pr) + ": cannot branch at " + std::string(op->opName()) + " (IR line " +
                     std::to_string(op->line) + ")",
                 Gap::Shape, op};
      return Outcome::Unknown;
    }
    np.status = PStatus::AtEvent;
    n.choices[key] = data || taken;
    TraceStep st{partName(pr),
                 std::string("takes the ") + (taken ? "true" : "false") + " side of " + std::string(op->opName()) +
                     (data ? " on data-dependent " : " on unbound ") + name,
                 where(op)};
    curOut_ = &out;
    if (!advance(n, pi, unknown))
      return Outcome::Unknown;
    out.push_back({std::move(n), std::move(st)});
  }
  return Outcome::Pushed;
}

Explorer::Outcome Explorer::stepOpAs(const State &s, size_t pi, Successors &out, Undecided &unknown, bool on) {
  const Proc &pr = s.procs[pi];
  const ir::Operation *op = pr.p.op();
  if (opts_.edits && pr.insertedAt != pr.p.pc())
    if (auto ins = opts_.edits->arriveBefore.find(op); ins != opts_.edits->arriveBefore.end())
      return stepAddedArrive(s, pi, ins->second, out, unknown);
  OpKind kind = dialect::kindOf(op);
  OpStep o{s, pi, pr, op, kind, roles(op), on, out, s, {}, 0};
  o.np().insertedAt = ~0u;
  curOut_ = &out;
  o.st.actor = partName(pr);
  o.st.where = where(op);
  const dialect::OpInfo *info = dialect::lookupOp(*op->name);
  bool aref = info && info->category == dialect::OpCategory::Nvws;
  if (o.r.barrier && !aref && kind != OpKind::NamedBarrierArrive && kind != OpKind::NamedBarrierWait &&
      kind != OpKind::WarpSpecialize && kind != OpKind::WarpGroup) {
    auto key = barrierKey(s, pr, o.r.barrier);
    if (!key) {
      unknown = {partName(pr) + ": cannot tell which barrier " + std::string(op->opName()) + " at IR line " +
                     std::to_string(op->line) + " uses",
                 Gap::Value, op};
      return Outcome::Unknown;
    }
    if (on) {
      if (std::string why = slotOutside(*key, pr, op); !why.empty()) {
        unknown = {std::move(why), Gap::Value, op};
        return Outcome::Unknown;
      }
    }
    o.key = keyOf(*key);
  }
  Outcome res = Outcome::Advance;
  switch (kind) {
  case OpKind::InitBarrier:
    if (foot_)
      foot_->global = true; // it also resets other processes' waited-for phases (below)
    initBarrier(o.n.bars.mut()[o.key], editedValue(opts_.edits ? &opts_.edits->count : nullptr, op, o.r.count.value_or(1)));
    // A barrier initialised again (per tile) starts a new phase sequence: a
    // wait on it is not served by a phase waited for before the init.
    for (size_t qi = 0; qi < o.n.procs.size(); ++qi) {
      const Proc &seen = o.n.procs[qi];
      auto onKey = [&](const auto &e) { return e.first == o.key; };
      if (seen.lastKey != o.key && std::none_of(seen.seenPhase.begin(), seen.seenPhase.end(), onKey))
        continue; // unchanged: stays shared
      Proc &q = o.n.procs.mut(qi);
      if (q.lastKey == o.key) {
        q.lastKey = ~uint64_t(0);
        q.lastPhase = -1;
      }
      std::erase_if(q.seenPhase, onKey);
    }
    o.st.action = "init " + barName(o.key) + " count " + std::to_string(o.n.bars.mut()[o.key].expected);
    break;
  case OpKind::WaitBarrier:
    res = stepWait(o, unknown);
    break;
  case OpKind::ArriveBarrier:
  case OpKind::BarrierExpect:
    res = stepArrive(o);
    break;
  case OpKind::TmaLoad:
  case OpKind::TmaGather:
  case OpKind::AsyncCopyMbarrierArrive:
  case OpKind::TcGen5Commit:
  case OpKind::ClcTryCancel:
    res = stepAsyncIssue(o, unknown);
    break;
  case OpKind::TcGen5Mma:
  case OpKind::TcGen5MmaScaled:
    res = stepMma(o, unknown);
    break;
  case OpKind::TmemCopy:
    res = stepTmemCopy(o);
    break;
  case OpKind::NamedBarrierArrive:
  case OpKind::NamedBarrierWait:
    res = stepNamed(o, unknown);
    break;
  case OpKind::WarpSpecialize:
  case OpKind::WarpGroup: // nvws.warp_group: its regions, as a warp_specialize's
  case OpKind::For: // a partition loop before code partitioning (advance stops at no other)
    res = stepFork(o, unknown);
    break;
  default:
    if (aref || o.op->opName().starts_with("nvws.descriptor_"))
      res = stepAref(o, unknown);
    else
      o.st.action = std::string(op->opName());
    break;
  }
  if (res != Outcome::Advance)
    return res;
  if (!advance(o.n, pi, unknown))
    return Outcome::Unknown;
  out.push_back({std::move(o.n), std::move(o.st)});
  return Outcome::Pushed;
}

int64_t Explorer::editedValue(const std::map<const ir::Operation *, int64_t> *edits, const ir::Operation *op,
                              int64_t v) {
  if (edits)
    if (auto it = edits->find(op); it != edits->end())
      return it->second;
  return v;
}

Explorer::Outcome Explorer::stepAddedArrive(const State &s, size_t pi, const std::vector<EditOverlay::Arrive> &arrives,
                                            Successors &out, Undecided &unknown) {
  // An edit's arrive before the op: a step of its own; the op runs next.
  const Proc &pr = s.procs[pi];
  const ir::Operation *op = pr.p.op();
  State n = s;
  Proc &np = n.procs.mut(pi);
  TraceStep st{partName(pr), "", where(op)};
  for (const EditOverlay::Arrive &a : arrives) {
    std::optional<int64_t> slot = a.slotOf ? slotOf(s, pr, a.slotOf) : std::optional<int64_t>(a.slot);
    if (!slot) {
      unknown = {partName(pr) + ": the slot of the arrive an edit adds before IR line " + std::to_string(op->line) +
                     " is unknown",
                 Gap::Value, op};
      return Outcome::Unknown;
    }
    uint64_t key = keyOf({a.alloc, *slot});
    touchBar(key, true);
    Bar &b = n.bars.mut()[key];
    std::string what = "arrive on " + barName(key) + " (added by the edit)";
    if (overArrives(b, 1)) {
      noteOverArrival(partName(pr), op, key, b, 1, what);
      return Outcome::Blocked;
    }
    if (tracksClocks()) {
      b.acc.join(np.vc);
      np.vc.tick(actorOf(pi));
    }
    st.action += (st.action.empty() ? "" : "; ") + what + " " + effectText(applyArrivals(b, 1, 0));
    if (observer_)
      observer_->onArrive(*this, n, pi, key);
  }
  n.procs.mut(pi).insertedAt = pr.p.pc();
  out.push_back({std::move(n), std::move(st)});
  return Outcome::Pushed;
}

int64_t Explorer::seenPhase(const Proc &pr, uint64_t key) {
  auto it = std::lower_bound(pr.seenPhase.begin(), pr.seenPhase.end(), std::make_pair(key, int64_t(INT64_MIN)));
  return it != pr.seenPhase.end() && it->first == key ? it->second : 0;
}

void Explorer::notePassed(Proc &np, uint64_t key, int64_t phase) const {
  if (!opts_.lockstep)
    return;
  auto it = std::lower_bound(np.seenPhase.begin(), np.seenPhase.end(), std::make_pair(key, int64_t(INT64_MIN)));
  if (it != np.seenPhase.end() && it->first == key)
    it->second = phase;
  else
    np.seenPhase.insert(it, {key, phase});
}

void Explorer::baselineSeen(Proc &pr, const State &s) const {
  if (!opts_.lockstep)
    return;
  pr.seenPhase.clear();
  for (const auto &[key, bar] : *s.bars) // a std::map: sorted by key
    pr.seenPhase.emplace_back(key, bar.phase);
}

void Explorer::noteBlocked(const Proc &pr, uint64_t key, int64_t current) {
  // Waiting for the parity of a phase that completed: phase `seen` was
  // current at its last passing wait, so the wait it is at now is for that
  // phase's completion (seen + 1 current); at seen + 2 or later, the phase
  // it waits for is one that completed while it was behind.
  if (opts_.lockstep && current - seenPhase(pr, key) >= 2) {
    drifted_ = true;
    if (firstDrift_.empty())
      firstDrift_ = partName(pr) + " falls a whole phase behind on " + barName(key);
  }
}

Explorer::Outcome Explorer::stepWait(OpStep &o, Undecided &unknown) {
  if (!o.on) {
    o.st.action = "skips a wait on " + barName(o.key) + " (predicate false)";
    o.np().skippedWait = o.op;
    o.np().skippedOn = barName(o.key);
    return Outcome::Advance;
  }
  interp::Scalar ph = o.val(o.r.phase);
  if (!ph.isKnown()) {
    unknown = valueGap(partName(o.pr) + ": the parity of wait_barrier at IR line " + std::to_string(o.op->line) +
                           " is unknown: " + ph.describe(m_),
                       ph, o.op);
    return Outcome::Unknown;
  }
  touchBar(o.key, false);
  Bar b = o.s.barAt(o.key);
  if (o.op->opName().starts_with("amdg.") && ph.zext() > 1) {
    // AMD's wait spins while the barrier's 1-bit phase equals the whole i32
    // `$phase` (TritonAMDGPU BarrierOpToLLVM.cpp, WaitBarrierOpConversion):
    // a phase other than 0 or 1 never does, so the wait passes at once.
    o.st.action = "waits on " + barName(o.key) + " phase " + std::to_string(ph.zext()) +
                  ": passes at once (an AMD wait compares the 1-bit phase with the whole value)";
    return Outcome::Advance;
  }
  int64_t parity = ph.zext() & 1;
  if (opts_.edits && opts_.edits->flipParity.count(o.op))
    parity ^= 1;
  if (!waitPasses(b, parity)) {
    noteBlocked(o.pr, o.key, b.phase);
    return Outcome::Blocked; // the phase with this parity has not completed
  }
  o.st.action = "waits on " + barName(o.key) + " parity " + std::to_string(parity) + ": passes (phase " +
                std::to_string(b.phase) + " is current)";
  if (o.pr.lastKey == o.key && o.pr.lastPhase == b.phase)
    redundant_.insert(o.op);
  Proc &np = o.np();
  if (tracksClocks() && b.phase > 0)
    np.vc.join(b.done); // acquire what the completed phase released
  np.lastWait = o.op;
  np.lastKey = o.key;
  np.lastPhase = b.phase;
  notePassed(np, o.key, b.phase);
  np.copyBatch = false; // its next copy is issued after this wait: a new batch
  np.skippedWait = nullptr;
  if (observer_)
    observer_->onWait(*this, o.n, o.pi, o.key, b.phase);
  return Outcome::Advance;
}

Explorer::Outcome Explorer::stepArrive(OpStep &o) {
  bool arrive = o.kind == OpKind::ArriveBarrier;
  if (opts_.edits && opts_.edits->drop.count(o.op)) {
    o.st.action = std::string("skips ") + (arrive ? "arrive" : "expect") + " on " + barName(o.key) + " (dropped by the edit)";
    return Outcome::Advance;
  }
  if (!o.on) {
    o.st.action = std::string("skips ") + (arrive ? "arrive" : "expect") + " on " + barName(o.key) +
                  " (predicate false)";
    return Outcome::Advance;
  }
  Bar &b = o.n.bars.mut()[o.key];
  int64_t cnt = arrive ? editedValue(opts_.edits ? &opts_.edits->count : nullptr, o.op, o.r.count.value_or(1)) : 1;
  int64_t tx = arrive ? 0 : editedValue(opts_.edits ? &opts_.edits->bytes : nullptr, o.op, o.r.bytes.value_or(0));
  std::string what = (arrive ? "arrive on " : "expect " + std::to_string(tx) + " bytes + arrive on ") + barName(o.key);
  touchBar(o.key, true);
  if (overArrives(b, cnt)) {
    noteOverArrival(partName(o.pr), o.op, o.key, b, cnt, what);
    return Outcome::Blocked;
  }
  if (tracksClocks()) {
    b.acc.join(o.np().vc); // release
    o.np().vc.tick(actorOf(o.pi));
  }
  o.st.action = what + " " + effectText(applyArrivals(b, cnt, tx));
  if (observer_)
    observer_->onArrive(*this, o.n, o.pi, o.key);
  return Outcome::Advance;
}

bool Explorer::copyIssue(OpStep &o, Async &a, Undecided &unknown) {
  // The copy agent of the barrier slot it completes on, with the issuer's
  // next async epoch (monotone per process, so per agent too).
  auto it = copyAgents_.try_emplace(a.key, static_cast<uint32_t>(copyAgents_.size())).first;
  if (it->second >= kCopyAgents) {
    unknown = {"more than " + std::to_string(kCopyAgents) + " barrier slots receive TMA copies (IR line " +
                   std::to_string(o.op->line) + "): the race model keeps a clock per slot",
               Gap::Shape, o.op};
    return false;
  }
  size_t actor = copyActor(o.pi, it->second);
  Proc &np = o.np();
  if (tracksClocks())
    ++np.asyncTick;
  for (const ir::Value *w : o.r.writes)
    recordAccess(o.n, o.pi, o.op, w, true, kBarrierAgent, actor);
  if (tracksClocks()) {
    a.vc = np.vc;
    a.vc.set(actor, np.asyncTick);
    np.vc.tick(actorOf(o.pi));
  }
  return true;
}

Explorer::Outcome Explorer::stepAsyncIssue(OpStep &o, Undecided &unknown) {
  if (!o.on) {
    o.st.action = "skips " + std::string(o.op->opName()) + " (predicate false)";
    return Outcome::Advance;
  }
  bool tma = isTxCompletion(o.op);
  Async a;
  a.key = o.key;
  a.op = o.op;
  a.from = static_cast<uint32_t>(o.pi);
  if (observes() && tma) {
    if (!copyIssue(o, a, unknown))
      return Outcome::Unknown;
  } else if (tracksClocks()) {
    // The async agent starts from what its issuer knows; a commit or an
    // arrive tracks every async op the issuer started before it.
    ++o.np().asyncTick;
    a.vc = o.np().vc;
    a.vc.set(actorOf(o.pi, kBarrierAgent), o.np().asyncTick);
    o.np().vc.tick(actorOf(o.pi));
  }
  if (tma && o.kind == OpKind::ClcTryCancel) {
    // clusterlaunchcontrol.try_cancel: complete_tx of its 16-byte response.
    a.tx = o.r.bytes.value_or(16);
    o.st.action = "issues clc_try_cancel (" + std::to_string(a.tx) + "-byte response) on " + barName(a.key);
  } else if (tma) {
    // The bytes the copy engine delivers: the descriptor's box, which may be
    // larger than the buffer (dialect::tmaLoadBytes).
    dialect::TmaLoadBytes tb = dialect::tmaLoadBytes(m_, k_.chunk, o.op);
    a.tx = static_cast<int64_t>(tb.delivered().value_or(0));
    o.st.action = "issues TMA load of " + std::to_string(a.tx) + " bytes on " + barName(a.key);
    if (tb.mismatch())
      o.st.action += " (its descriptor's box; the buffer holds " + std::to_string(*tb.buffer) + ")";
  } else {
    a.arrive = 1;
    o.st.action = "issues " + std::string(o.op->opName()) + " on " + barName(a.key);
  }
  issueAsync(o.n, a, opts_.inOrderAsync);
  return Outcome::Advance;
}

VectorClock Explorer::tcgen05Issue(OpStep &o) {
  // Happens-before: the issuer's tcgen05 agent reads and writes the op's
  // buffers with what the issuer knows; the issuer moves on.
  VectorClock clock;
  if (!observes())
    return clock;
  if (tracksClocks())
    ++o.np().asyncTick;
  for (const ir::Value *rv : o.r.reads)
    recordAccess(o.n, o.pi, o.op, rv, false, kBarrierAgent);
  for (const ir::Value *wv : o.r.writes)
    recordAccess(o.n, o.pi, o.op, wv, true, kBarrierAgent);
  if (!tracksClocks())
    return clock;
  clock = o.np().vc;
  clock.set(actorOf(o.pi, kBarrierAgent), o.np().asyncTick);
  o.np().vc.tick(actorOf(o.pi));
  return clock;
}

Explorer::Outcome Explorer::stepMma(OpStep &o, Undecided &unknown) {
  const std::vector<const ir::Value *> &preds = mmaPredsByBarrier(o.op);
  o.st.action = "issues " + std::string(o.op->opName());
  VectorClock mmaClock = o.on ? tcgen05Issue(o) : VectorClock{};
  if (o.on && o.r.synchronous && tracksClocks()) {
    // No is_async: the lowering commits the issuer's tcgen05 work and waits,
    // so the issuer now knows this MMA's accesses and every earlier one's
    // (one agent, epochs in issue order).
    o.np().vc.set(actorOf(o.pi, kBarrierAgent), o.np().asyncTick);
    o.st.action += " (synchronous: no is_async)";
  }
  for (size_t bi = 0; bi < o.r.barriers.size(); ++bi) {
    const ir::Value *bv = o.r.barriers[bi];
    const ir::Value *bp = preds[bi];
    interp::Scalar bpv = bp ? decided(o.s, o.pr, bp) : interp::Scalar::boolean(true);
    if (bp && !bpv.isKnown()) {
      unknown = valueGap(partName(o.pr) + ": a completion-barrier predicate of " + std::string(o.op->opName()) +
                             " at IR line " + std::to_string(o.op->line) + " is unknown",
                         bpv, o.op);
      return Outcome::Unknown;
    }
    if (!o.on || (bp && !bpv.isTrue()))
      continue;
    auto bk = barrierKey(o.s, o.pr, bv);
    if (!bk) {
      unknown = {"cannot tell which barrier tc_gen5_mma at IR line " + std::to_string(o.op->line) + " arrives on",
                 Gap::Value, o.op};
      return Outcome::Unknown;
    }
    if (std::string why = slotOutside(*bk, o.pr, o.op); !why.empty()) {
      unknown = {std::move(why), Gap::Value, o.op};
      return Outcome::Unknown;
    }
    Async a;
    a.key = keyOf(*bk);
    a.arrive = 1;
    a.op = o.op;
    a.from = static_cast<uint32_t>(o.pi);
    a.vc = mmaClock;
    issueAsync(o.n, a, opts_.inOrderAsync);
    o.st.action += " (completes on " + barName(a.key) + ")";
  }
  return Outcome::Advance;
}

Explorer::Outcome Explorer::stepTmemCopy(OpStep &o) {
  // tcgen05.cp: an async read of the SMEM source and write of the TMEM
  // destination by the issuer's tcgen05 agent, ordered before its later
  // tcgen05 ops and tracked by a later tcgen05.commit; with the optional
  // barrier operand it is committed to that barrier (one async arrival).
  o.st.action = "issues tmem_copy";
  if (!o.on)
    return Outcome::Advance;
  VectorClock clock = tcgen05Issue(o);
  if (o.r.barrier) {
    Async a;
    a.key = o.key;
    a.arrive = 1;
    a.op = o.op;
    a.from = static_cast<uint32_t>(o.pi);
    a.vc = clock;
    issueAsync(o.n, a, opts_.inOrderAsync);
    o.st.action += " (completes on " + barName(a.key) + ")";
  }
  return Outcome::Advance;
}

bool Explorer::arefArrive(OpStep &o, uint64_t key, std::string_view asyncOp) {
  if (asyncOp == "tma_load" || asyncOp == "cp_async")
    return true; // the expect at the enter arrived; the loads' bytes complete the phase
  if (asyncOp == "tc5mma" || asyncOp == "tmem_copy") {
    // A tcgen05.commit on the barrier: arrives once the issuer's earlier
    // tcgen05 work is done.
    Async a;
    a.key = key;
    a.arrive = 1;
    a.op = o.op;
    a.from = static_cast<uint32_t>(o.pi);
    if (tracksClocks()) {
      a.vc = o.np().vc;
      a.vc.set(actorOf(o.pi, kBarrierAgent), o.np().asyncTick);
      o.np().vc.tick(actorOf(o.pi));
    }
    issueAsync(o.n, a, opts_.inOrderAsync);
    o.st.action += "; commits " + std::string(asyncOp) + " work to " + barName(key);
    return true;
  }
  Bar &b = o.n.bars.mut()[key];
  touchBar(key, true);
  if (overArrives(b, 1)) {
    noteOverArrival(partName(o.pr), o.op, key, b, 1, "arrive on " + barName(key));
    return false;
  }
  if (tracksClocks()) {
    b.acc.join(o.np().vc);
    o.np().vc.tick(actorOf(o.pi));
  }
  o.st.action += "; arrive on " + barName(key) + " " + effectText(applyArrivals(b, 1, 0));
  if (observer_)
    observer_->onArrive(*this, o.n, o.pi, key);
  return true;
}

Explorer::Outcome Explorer::stepAref(OpStep &o, Undecided &unknown) {
  // NVWS arefs and tokens, as NVWSLowerAref / the token lowering rewrite
  // them into mbarriers (docs/Deadlock.md, "NVWS arefs and tokens").
  std::string name(o.op->opName());
  auto fail = [&](const std::string &why) {
    unknown = {partName(o.pr) + ": " + name + " (IR line " + std::to_string(o.op->line) + ") " + why, Gap::Shape,
               o.op};
    return Outcome::Unknown;
  };
  if (o.kind == OpKind::ArefCreate || o.kind == OpKind::CreateToken) {
    const kernel::Allocation *a = o.op->numResults ? k_.allocationOf(o.op->result(0)) : nullptr;
    auto it = a ? arefs_.find(a->id) : arefs_.end();
    if (it == arefs_.end())
      return fail("has no ring this tool can size");
    const ArefShape &sh = it->second;
    if (foot_)
      foot_->global = true; // inits, as InitBarrier
    for (int64_t i = 0; i < sh.depth; ++i) {
      initBarrier(o.n.bars.mut()[arefKey(a->id, i, false)], sh.emptyCount);
      initBarrier(o.n.bars.mut()[arefKey(a->id, i, true)], sh.fullCount);
    }
    // A new aref (one per tile, in a loop) numbers its enters from 0 again.
    auto ofAref = [&](const auto &t) { return t.first / 2 == a->id; };
    for (size_t qi = 0; qi < o.n.procs.size(); ++qi)
      if (std::any_of(o.n.procs[qi].arefTurns.begin(), o.n.procs[qi].arefTurns.end(), ofAref))
        std::erase_if(o.n.procs.mut(qi).arefTurns, ofAref);
    o.st.action = "creates " + a->name + ": " + std::to_string(sh.depth) + " slots, empty count " +
                  std::to_string(sh.emptyCount) + ", full count " + std::to_string(sh.fullCount);
    return Outcome::Advance;
  }
  // Before code partitioning an aref's stages and phases are placeholders
  // (nvws-assign-stage-phase and code partitioning make them): each enter
  // takes the next stage and parity of its process's side of the aref, as
  // those passes number them, and an exit the stage of its enter's token
  // (docs/Deadlock.md, "Before code partitioning").
  bool ideal = arefTurns_;
  bool token = o.kind == OpKind::ProducerAcquire || o.kind == OpKind::ProducerCommit ||
               o.kind == OpKind::ConsumerWait || o.kind == OpKind::ConsumerRelease;
  if (partitionAttrsOutside_ && token)
    return fail("is in a kernel whose partitions are still attributes (code partitioning has not run, "
                "so its stages and phases are not final)");
  if (partitionAttrsOutside_ && observer_)
    return fail("is in a kernel whose partitions are still attributes: races and data flow are checked after "
                "code partitioning, which routes the values partitions share through arefs");
  const ir::Value *ref = o.op->numOperands ? o.op->operands[0] : nullptr;
  bool load = name.starts_with("nvws.descriptor_");
  if (load)
    ref = o.r.buffer;
  const kernel::Allocation *a = ref ? arefOf(ref) : nullptr;
  if (!a)
    return fail("refers to no aref or token this tool can trace");
  if (load) {
    // The TMA load the lowering makes of it: bytes on the slot's full barrier.
    std::optional<int64_t> slot = slotOf(o.s, o.pr, o.r.buffer);
    if (!slot)
      return fail("writes an aref buffer whose stage is unknown");
    Async t;
    t.key = arefKey(a->id, *slot, true);
    t.tx = o.r.bytes.value_or(0);
    t.op = o.op;
    t.from = static_cast<uint32_t>(o.pi);
    if (observes() && !copyIssue(o, t, unknown))
      return Outcome::Unknown;
    issueAsync(o.n, t, opts_.inOrderAsync);
    o.st.action = "issues TMA load of " + std::to_string(t.tx) + " bytes on " + barName(t.key);
    return Outcome::Advance;
  }
  bool enter = o.kind == OpKind::ArefPutEnter || o.kind == OpKind::ArefGetEnter ||
               o.kind == OpKind::ProducerAcquire || o.kind == OpKind::ConsumerWait;
  bool get = o.kind == OpKind::ArefGetEnter;
  int64_t depth = arefs_[a->id].depth;
  if (depth <= 0)
    return fail("has no ring this tool can size");
  uint32_t turn = ideal && enter ? arefTurn(o.pr.arefTurns, 2 * a->id + (get ? 1 : 0)) : 0;
  int64_t slot = 0;
  if (ideal && enter) {
    slot = turn % depth;
  } else if (ideal) {
    std::optional<int64_t> s = slotOf(o.s, o.pr, tokenOperand(o.op));
    if (!s)
      return fail("closes a token whose stage is unknown (its enter ran in no process this tool follows)");
    slot = *s;
  } else {
    interp::Scalar stage = o.r.index ? o.val(o.r.index) : interp::Scalar::known(0, 32);
    if (!o.r.index && a->kind == kernel::AllocKind::Aref)
      return fail("has no stage (nvws-assign-stage-phase has not run)");
    if (!stage.isKnown())
      return fail("uses an unknown stage: " + stage.describe(m_));
    slot = stage.sext();
  }
  if (slot < 0 || slot >= depth)
    return fail("uses stage " + std::to_string(slot) + " outside its " + std::to_string(depth) + " slots");
  if (droppedTokenOps_.count(o.op)) {
    o.st.action = name + " (dropped: its partition both commits and waits on " + a->name + ")";
    return Outcome::Advance;
  }
  if (enter) {
    // Wait: put/acquire on the slot's empty barrier, get/wait on its full one.
    bool full = o.kind == OpKind::ArefGetEnter || o.kind == OpKind::ConsumerWait;
    int64_t parity = 0;
    if (ideal) {
      // Round r = turn / depth: a get waits for the full barrier's phase r
      // to complete, a put for the empty barrier's phase r - 1 (parity 1 on
      // a fresh barrier passes at once).
      parity = (turn / depth + (get ? 0 : 1)) & 1;
    } else {
      if (!o.r.phase)
        return fail("has no phase (nvws-assign-stage-phase has not run)");
      interp::Scalar ph = o.val(o.r.phase);
      if (!ph.isKnown())
        return fail("waits with an unknown phase: " + ph.describe(m_));
      // producer_acquire waits on the phase xor 1 (getMBarrierPhaseBit).
      parity = (ph.zext() ^ (o.kind == OpKind::ProducerAcquire ? 1 : 0)) & 1;
    }
    o.key = arefKey(a->id, slot, full);
    touchBar(o.key, false);
    Bar b = o.s.barAt(o.key);
    if (!waitPasses(b, parity)) {
      noteBlocked(o.pr, o.key, b.phase);
      return Outcome::Blocked;
    }
    o.st.action = name + ": waits on " + barName(o.key) + " parity " + std::to_string(parity) + ": passes";
    Proc &np = o.np();
    if (tracksClocks() && b.phase > 0)
      np.vc.join(b.done);
    np.lastWait = o.op;
    np.lastKey = o.key;
    np.lastPhase = b.phase;
    notePassed(np, o.key, b.phase);
    np.copyBatch = false;
    if (observer_)
      observer_->onWait(*this, o.n, o.pi, o.key, b.phase);
    // The stage's buffers are the enter's memdesc results (and, before code
    // partitioning, its token names the stage for the exit and the views).
    for (uint32_t i = 0; i < o.op->numResults; ++i)
      if (std::string_view t = dialect::typeText(m_, o.op->result(i));
          t.starts_with("!ttg.memdesc") || (ideal && t.starts_with("!ttg.async.token")))
        setSlot(np, o.op->result(i), slot);
    if (ideal)
      setArefTurn(np, a->id, get, static_cast<uint32_t>((turn + 1) % (2 * depth)));
    if (o.kind == OpKind::ArefPutEnter) {
      // A TMA producer: the lowering's barrier_expect on the full barrier,
      // of the bytes of the loads into the stage's buffers.
      auto ex = enterExitOps_.find(o.op);
      if (ex != enterExitOps_.end() &&
          std::find(ex->second.begin(), ex->second.end(), "tma_load") != ex->second.end()) {
        auto txIt = enterTx_.find(o.op);
        int64_t tx = txIt == enterTx_.end() ? 0 : txIt->second;
        uint64_t fk = arefKey(a->id, slot, true);
        Bar &fb = o.n.bars.mut()[fk];
        touchBar(fk, true);
        if (overArrives(fb, 1)) {
          noteOverArrival(partName(o.pr), o.op, fk, fb, 1, "expect on " + barName(fk));
          return Outcome::Blocked;
        }
        o.st.action += "; expect " + std::to_string(tx) + " bytes + arrive on " + barName(fk) + " " +
                       effectText(applyArrivals(fb, 1, tx));
      }
    }
    return Outcome::Advance;
  }
  // Exit: arrive on the other barrier of the slot.
  bool full = o.kind == OpKind::ArefPutExit || o.kind == OpKind::ProducerCommit;
  uint64_t key = arefKey(a->id, slot, full);
  o.st.action = name + " on " + a->name + "[" + std::to_string(slot) + "]";
  if (o.kind == OpKind::ProducerCommit || o.kind == OpKind::ConsumerRelease)
    return arefArrive(o, key, "none") ? Outcome::Advance : Outcome::Blocked;
  for (std::string_view k : dialect::arefAsyncOps(m_, o.op))
    if (!arefArrive(o, key, k))
      return Outcome::Blocked;
  return Outcome::Advance;
}

Explorer::Outcome Explorer::stepNamed(OpStep &o, Undecided &unknown) {
  interp::Scalar id = o.val(o.r.barrier), cnt = o.val(o.r.numThreads);
  if (!id.isKnown() || !cnt.isKnown()) {
    unknown = {"named barrier id or thread count unknown at IR line " + std::to_string(o.op->line), Gap::Value,
               o.op};
    return Outcome::Unknown;
  }
  bool wait = o.kind == OpKind::NamedBarrierWait;
  if (foot_)
    foot_->named = true;
  Named &nb = o.n.named[id.sext()];
  int64_t threads = warpsOf(o.pr) * 32;
  bool released = arriveNamed(nb, threads, cnt.sext(), wait, tracksClocks() ? &o.np().vc : nullptr,
                              actorOf(o.pi));
  o.st.action = (wait ? "bar.sync " : "bar.arrive ") + std::to_string(id.sext()) + " with " +
                std::to_string(threads) + " of " + std::to_string(cnt.sext()) + " threads" +
                (released ? ": released" : "");
  if (!wait || released)
    return Outcome::Advance;
  Proc &np = o.np();
  np.status = PStatus::NamedWait;
  np.namedId = id.sext();
  np.namedGen = nb.generation;
  o.out.push_back({std::move(o.n), std::move(o.st)});
  return Outcome::Pushed;
}

Explorer::Outcome Explorer::stepFork(OpStep &o, Undecided &unknown) {
  // Fork: one process per partition, the default region included; the
  // caller waits in Joining until every one has returned (join()).
  if (o.pr.partition != kernel::kOutside || o.pi + 1 != o.s.procs.size()) {
    // Triton's verifier rejects this (WarpSpecializeOp::verify in
    // lib/Dialect/TritonGPU/IR/Ops.cpp: "cannot be nested inside another
    // `ttg.warp_specialize` op").
    unknown = {partName(o.pr) + ": a warp_specialize inside a warp_specialize partition (IR line " +
                   std::to_string(o.op->line) + ") is not modelled; Triton's verifier rejects nesting",
               Gap::Shape, o.op};
    return Outcome::Unknown;
  }
  if (foot_)
    foot_->global = true; // new processes
  // A warp_specialize forks its regions; before code partitioning a
  // partition loop forks into the loop as each partition runs it.
  auto loop = partitionLoops_.find(o.op);
  const kernel::WarpSpecialize *ws = loop != partitionLoops_.end() ? attrWs_ : k_.warpSpecializeOf(o.op);
  if (!ws) {
    unknown = {"warp_specialize without partitions", Gap::Shape, o.op};
    return Outcome::Unknown;
  }
  std::vector<std::pair<int, const ir::Region *>> parts;
  if (loop != partitionLoops_.end())
    for (int id : loop->second)
      parts.push_back({id, nullptr});
  else
    for (const kernel::Partition &part : ws->partitions)
      parts.push_back({part.id, part.region});
  o.np().status = PStatus::Joining;
  if (tracksClocks())
    o.np().vc.tick(actorOf(o.pi));
  for (auto [id, region] : parts) {
    std::optional<interp::Process> child =
        region ? o.pr.p.enterRegion(*region) : o.pr.p.partitionOfLoop(&partitionSkip_.at(id));
    if (!child) {
      unknown = {"cannot enter partition " + k_.partitionName({ws, id}), Gap::Shape, o.op};
      return Outcome::Unknown;
    }
    Proc c(std::move(*child));
    size_t ci = o.n.procs.size();
    c.p.setStepLimit(kLocalSteps);
    if (proof_)
      c.p.allowRestart(o.n.trips.fixedMask()); // the next tile's loops start new trip counts
    c.partition = id;
    c.ws = ws;
    c.slots = o.np().slots;
    c.arefTurns = o.np().arefTurns;
    if (!region)
      carrySlots(o.n, c, o.op); // the loop's iter_args, as the process enters it
    if (tracksClocks()) {
      // The fork orders everything before it. A slot used by an earlier
      // (joined) fork continues its epochs: clocks stay monotone.
      c.vc = o.np().vc;
      c.vc.tick(actorOf(ci));
      const std::vector<uint32_t> &jt = o.np().joinedTicks;
      auto prior = [&](Agent a) { return joinedTickIndex(ci, a) < jt.size() ? jt[joinedTickIndex(ci, a)] : 0u; };
      c.asyncTick = std::max(prior(kBarrierAgent), c.vc.get(actorOf(ci, kBarrierAgent)));
      for (Agent a : {kWgmmaAgent, kBulkStoreAgent, kCpAsyncAgent})
        c.groups[groupIndex(a)].tick = std::max(prior(a), c.vc.get(actorOf(ci, a)));
      // A copy agent's epochs are asyncTick's: continuing it keeps them monotone.
      for (const auto &[key, bar] : copyAgents_)
        c.asyncTick = std::max(c.asyncTick, c.vc.get(copyActor(ci, bar)));
    }
    baselineSeen(c, o.n);
    o.n.procs.push_back(std::move(c));
    if (!advance(o.n, ci, unknown))
      return Outcome::Unknown;
  }
  o.st.action = "starts " + std::to_string(parts.size()) + " partitions";
  if (loop != partitionLoops_.end())
    o.st.action += " of the loop (its ops' ttg.partition attributes)";
  o.out.push_back({std::move(o.n), std::move(o.st)});
  return Outcome::Pushed;
}

} // namespace tscope::checks::model
