// FixSearch: candidate edits of a kernel's synchronization, each checked by
// re-running the model under an overlay (model/Edits.h).
#include "checks/fix/FixSearch.h"

#include <algorithm>
#include <malloc.h>
#include <map>
#include <tuple>

#include "checks/deadlock/ModelChecker.h"
#include "checks/model/Explorer.h"
#include "checks/model/Observer.h"
#include "checks/model/Schedule.h"
#include "checks/races/RaceChecker.h"
#include "dialect/OpTable.h"
#include "dialect/Types.h"
#include "interp/OpText.h"

namespace tscope::checks::fix {
namespace {

using dialect::OpKind;
using Kind = SyncEdit::Kind;

const char *kindName(Kind k) {
  switch (k) {
  case Kind::FlipParity:
    return "flip-parity";
  case Kind::InitCount:
    return "init-count";
  case Kind::ExpectBytes:
    return "expect-bytes";
  case Kind::DropArrive:
    return "drop-arrive";
  case Kind::AddArrive:
    return "add-arrive";
  case Kind::MoveArrive:
    return "move-arrive";
  case Kind::Pendings:
    return "pendings";
  case Kind::DropPredicate:
    return "drop-predicate";
  }
  return "edit";
}

/// "hangzoo.py:116", else "IR line 45".
std::string place(const SourcePoint &p) {
  if (p.pyLine) {
    size_t slash = p.pyFile.rfind('/');
    return (slash == std::string::npos ? p.pyFile : p.pyFile.substr(slash + 1)) + ":" + std::to_string(p.pyLine);
  }
  return "IR line " + std::to_string(p.irLine);
}

const kernel::Allocation *barrierOf(const kernel::Kernel &k, const ir::Value *v) {
  if (!v)
    return nullptr;
  for (const kernel::Allocation *a : k.rootsOf(v))
    if (a->isBarrier)
      return a;
  return nullptr;
}

std::optional<int64_t> constantSlot(const ir::Module &m, const kernel::Kernel &k, const ir::Value *v);

/// "hs[1]" for a constant slot of a ring, "empty" when the slot varies.
std::string barName(const ir::Module &m, const kernel::Kernel &k, const ir::Value *v) {
  const kernel::Allocation *a = barrierOf(k, v);
  if (!a)
    return "the barrier";
  std::optional<int64_t> slot = a->slots() > 1 ? constantSlot(m, k, v) : std::nullopt;
  return slot ? a->name + "[" + std::to_string(*slot) + "]" : a->name;
}

bool isConstant(const ir::Value *v) {
  const ir::Operation *d = v ? v->definingOp() : nullptr;
  return d && d->is("arith.constant");
}

/// The constant index of a memdesc_index view (the slot it always selects).
std::optional<int64_t> constantSlot(const ir::Module &m, const kernel::Kernel &k, const ir::Value *v) {
  const kernel::Allocation *a = barrierOf(k, v);
  if (!a)
    return std::nullopt;
  if (a->slots() <= 1)
    return 0;
  const ir::Operation *d = v->definingOp();
  if (!d || dialect::kindOf(d) != OpKind::MemDescIndex || d->numOperands < 2)
    return std::nullopt;
  const ir::Operation *c = d->operands[1]->definingOp();
  if (!c || !c->is("arith.constant"))
    return std::nullopt;
  return interp::attrInt(dialect::constantLiteral(m, c));
}

/// The op a new statement "after `x`" runs before: the first op after `x`
/// in its block that the model stops at and steps without special handling
/// (not a view, an access, a loop or its yield).
const ir::Operation *plainOpAfter(const ir::Operation *x) {
  for (const ir::Operation *o = x->next; o; o = o->next) {
    OpKind kind = dialect::kindOf(o);
    if (kind == OpKind::Other && o->numRegions == 0)
      return o;
    if (kind == OpKind::Yield || kind == OpKind::WarpYield || kind == OpKind::WarpReturn ||
        kind == OpKind::Branch || kind == OpKind::CondBranch)
      return nullptr;
  }
  return nullptr;
}

bool touchesMemory(const ir::Module &m, const ir::Operation *o) {
  OpKind kind = dialect::kindOf(o);
  if (kind == OpKind::FenceAsyncShared)
    return true;
  dialect::OperandRoles r = dialect::operandRoles(m, o);
  return !r.reads.empty() || !r.writes.empty();
}

bool isArriveKind(OpKind k) {
  return k == OpKind::ArriveBarrier || k == OpKind::BarrierExpect || k == OpKind::TmaLoad ||
         k == OpKind::TmaGather || k == OpKind::TcGen5Commit || k == OpKind::TcGen5Mma ||
         k == OpKind::TcGen5MmaScaled || k == OpKind::AsyncCopyMbarrierArrive;
}

bool isSync(OpKind k) {
  return isArriveKind(k) || k == OpKind::WaitBarrier || k == OpKind::InitBarrier ||
         k == OpKind::NamedBarrierArrive || k == OpKind::NamedBarrierWait || k == OpKind::WarpSpecialize;
}

struct Op {
  const ir::Operation *op;
  kernel::Placement pl;
};

std::string joined(const std::vector<std::string> &v, const char *sep = ", ") {
  std::string s;
  for (const std::string &x : v)
    s += (s.empty() ? "" : sep) + x;
  return s;
}

/// What a deadlock or race result was proved for: its proof for every trip
/// count, else its runs.
std::string proofScope(const TripProofResult &p) {
  std::string s = "every interleaving, every trip count";
  if (p.fromTrip == 1)
    s += " >= 1";
  if (!p.loops.empty())
    s += " of the loops at " + joined(p.loops);
  if (!p.inputs.empty())
    s += ", any " + joined(p.inputs);
  return s;
}

template <class Result> std::string provenFor(const Result &r) {
  if (r.proof.proved)
    return proofScope(r.proof);
  std::vector<std::string> b;
  for (const auto &run : r.runs)
    b.push_back(run.bindings);
  return "every interleaving at " + joined(b, "; ");
}

/// Sees the first read of a buffer location that no write reached before it
/// on the path (the read observes memory nothing filled). It records one
/// write per location, the first, so the state space grows little.
class FirstReadObserver : public model::Observer {
public:
  std::optional<model::Access> hit;
  bool onAccess(const model::Explorer &, model::State &s, const model::Access &a,
                const model::VectorClock &vc) override {
    for (const model::Access &h : s.hist.accesses())
      if (h.write && h.alloc == a.alloc && (h.slot == a.slot || h.slot < 0 || a.slot < 0))
        return false; // written before
    if (!a.write) {
      hit = a;
      return true;
    }
    s.hist.record(a, vc, [](uint32_t, int64_t, uint32_t, int64_t) { return false; });
    return false;
  }
};

/// True when some interleaving of some planned run reads a location before
/// anything wrote it; nullopt when a run stayed undecided. Tried first for
/// every trip count (as the race goal is): a candidate at a binding of a
/// million trips is then not left undecided by its runs' state budget. A
/// read the proof meets with the trip counts free is not evidence; the runs
/// decide then.
std::optional<bool> readsUnwritten(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &o,
                                   TripProofResult &proof) {
  FirstReadObserver obs;
  model::Explorer x(m, k, o, &obs);
  if (o.proveTrips) {
    model::proveEveryTripCount(x, m, k, o, proof);
    if (proof.proved && !obs.hit)
      return false;
    proof.proved = false;
  }
  std::vector<std::string> unbound;
  for (auto &[b, label] : model::planRuns(m, k, o, unbound)) {
    obs.hit.reset();
    DeadlockRun r = x.run(b, label);
    if (obs.hit)
      return true;
    if (r.verdict == "unknown")
      return std::nullopt;
  }
  return false;
}

/// "no hang, no over-arrival, no race: every interleaving at ..." when the
/// goals share a scope, else the goals grouped by scope ("what, what:
/// scope; ..."). A goal checked at "the same runs" (the bounded runs) shares
/// a bounded scope only, never a proof for every trip count.
std::string provenWords(const std::vector<GoalResult> &goals) {
  const std::string sameRuns = "every interleaving at the same runs";
  std::vector<std::pair<std::string, std::vector<std::string>>> groups; // scope -> whats, in first-met order
  std::string bounded; // the first scope of bounded runs
  for (const GoalResult &g : goals)
    if (g.scope != sameRuns && g.scope.starts_with("every interleaving at ") && bounded.empty())
      bounded = g.scope;
  for (const GoalResult &g : goals) {
    std::string scope = g.scope == sameRuns ? (bounded.empty() ? "every interleaving of the check's bounded runs" : bounded)
                                            : g.scope;
    auto it = std::find_if(groups.begin(), groups.end(), [&](auto &x) { return x.first == scope; });
    if (it == groups.end())
      groups.push_back({scope, {g.what}});
    else
      it->second.push_back(g.what);
  }
  std::vector<std::string> parts;
  for (auto &[scope, whats] : groups)
    parts.push_back(joined(whats) + ": " + scope +
                    (groups.size() == 1 && scope.starts_with("every interleaving at ") ? " (the check's bounded runs)" : ""));
  return joined(parts, "; ");
}

} // namespace

std::vector<FixGoal> defaultGoals() {
  std::vector<FixGoal> goals;
  goals.push_back({"deadlock", [](const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &o) {
                     KernelDeadlockResult r = checkKernelDeadlocks(m, k, o);
                     GoalResult g;
                     g.holds = r.verdict == "no-deadlock";
                     g.what = "no hang, no over-arrival";
                     g.scope = provenFor(r);
                     return g;
                   }});
  goals.push_back({"races", [](const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &o) {
                     races::KernelRaceResult r = races::checkKernelRaces(m, k, o);
                     GoalResult g;
                     g.holds = r.verdict == "no-race";
                     g.what = "no race";
                     g.scope = provenFor(r);
                     return g;
                   }});
  // A fix must not let a read through before any write reached its slot (a
  // wait flipped to pass on a fresh barrier reads what no copy filled).
  goals.push_back({"first-read", [](const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &o) {
                     GoalResult g;
                     TripProofResult proof;
                     std::optional<bool> bad = readsUnwritten(m, k, o, proof);
                     g.holds = bad.has_value() && !*bad;
                     g.what = "no read before its slot's first write";
                     g.scope = proof.proved ? proofScope(proof) : "every interleaving at the same runs";
                     return g;
                   }});
  std::swap(goals[1], goals[2]); // the cheaper goal first
  return goals;
}

std::vector<SyncEdit> candidateEdits(const ir::Module &m, const kernel::Kernel &k) {
  std::vector<Op> ops;
  k.walk([&](const ir::Operation *op, const kernel::Placement &pl) { ops.push_back({op, pl}); });
  // Ops of one Python source op (a static_range unrolls one into several)
  // change together: the user edits the line once.
  std::map<std::tuple<int, std::string, uint32_t, const void *>, std::vector<Op>> groups;
  for (const Op &o : ops) {
    OpKind kind = dialect::kindOf(o.op);
    SourcePoint p = pointOf(k, o.op);
    const void *self = p.pyLine ? nullptr : static_cast<const void *>(o.op);
    groups[{static_cast<int>(kind), p.pyFile, p.pyLine, self}].push_back(o);
  }
  std::vector<SyncEdit> out;
  auto make = [&](Kind kind, const std::vector<Op> &g, int rank, std::string words) -> SyncEdit & {
    SyncEdit e;
    e.kind = kind;
    for (const Op &o : g)
      e.ops.push_back(o.op);
    e.where = pointOf(k, g.front().op);
    e.rank = rank;
    e.words = std::move(words);
    out.push_back(std::move(e));
    return out.back();
  };
  // Does partition `pl` arrive on barrier allocation `a` anywhere?
  auto arrivesOn = [&](const kernel::Placement &pl, const kernel::Allocation *a) {
    for (const Op &o : ops) {
      if (o.pl.partition != pl.partition || o.pl.ws != pl.ws || !isArriveKind(dialect::kindOf(o.op)))
        continue;
      dialect::OperandRoles r = dialect::operandRoles(m, o.op);
      if (barrierOf(k, r.barrier) == a)
        return true;
      for (const ir::Value *b : r.barriers)
        if (barrierOf(k, b) == a)
          return true;
    }
    return false;
  };
  auto waitedElsewhere = [&](const kernel::Placement &pl, const kernel::Allocation *a) {
    for (const Op &o : ops)
      if (dialect::kindOf(o.op) == OpKind::WaitBarrier && o.pl.partition != pl.partition &&
          barrierOf(k, dialect::operandRoles(m, o.op).barrier) == a)
        return true;
    return false;
  };

  for (auto &[key, g] : groups) {
    const ir::Operation *op = g.front().op;
    OpKind kind = dialect::kindOf(op);
    dialect::OperandRoles r = dialect::operandRoles(m, op);
    std::string bar = barName(m, k, r.barrier);
    if (g.size() > 1) // one source op over several slots (an unrolled static_range)
      if (const kernel::Allocation *a = barrierOf(k, r.barrier))
        bar = a->name;
    switch (kind) {
    case OpKind::WaitBarrier: {
      if (!r.phase)
        break;
      const ir::Operation *d = r.phase->definingOp();
      std::string words;
      bool constant = isConstant(r.phase);
      if (constant) {
        int64_t c = interp::attrInt(dialect::constantLiteral(m, d)).value_or(0) & 1;
        words = "wait on " + bar + " for parity " + std::to_string(c ^ 1) + " instead of " + std::to_string(c);
      } else if (d && d->is("arith.xori")) {
        words = "flip the parity of the wait on " + bar + " (drop the ^ 1: phase ^ 1 -> phase)";
      } else {
        words = "flip the parity of the wait on " + bar + " (phase -> phase ^ 1)";
      }
      SyncEdit &e = make(Kind::FlipParity, g, constant ? 40 : 10, std::move(words));
      for (const Op &o : g)
        e.overlay.flipParity.insert(o.op);
      break;
    }
    case OpKind::InitBarrier: {
      int64_t c = r.count.value_or(1);
      for (int64_t to : {c - 1, c + 1}) {
        if (to < 1)
          continue;
        SyncEdit &e = make(Kind::InitCount, g, to < c ? 20 : 25,
                           "init " + bar + " with count " + std::to_string(to) + " instead of " + std::to_string(c));
        for (const Op &o : g)
          e.overlay.count[o.op] = to;
      }
      break;
    }
    case OpKind::BarrierExpect: {
      int64_t b = r.bytes.value_or(0);
      // The bytes the TMA loads that complete on this barrier value deliver
      // (the loads after the expect in its block).
      int64_t tma = 0;
      for (const ir::Operation *o = op->next; o; o = o->next) {
        OpKind ok = dialect::kindOf(o);
        if (ok != OpKind::TmaLoad && ok != OpKind::TmaGather)
          continue;
        dialect::OperandRoles lr = dialect::operandRoles(m, o);
        if (lr.barrier != r.barrier)
          continue;
        auto t = dialect::parseMemDesc(m, k.chunk, dialect::typeText(m, lr.buffer));
        if (t && t->bytes())
          tma += static_cast<int64_t>(*t->bytes());
      }
      std::vector<std::pair<int64_t, int>> tos;
      if (tma > 0 && tma != b)
        tos.push_back({tma, 15});
      else if (tma == 0)
        tos = {{b / 2, 30}, {b * 2, 30}};
      for (auto [to, rank] : tos) {
        if (to <= 0)
          continue;
        SyncEdit &e = make(Kind::ExpectBytes, g, rank,
                           "expect " + std::to_string(to) + " bytes on " + bar + " instead of " + std::to_string(b) +
                               (to == tma ? " (what the TMA loads on it deliver)" : ""));
        for (const Op &o : g)
          e.overlay.bytes[o.op] = to;
      }
      break;
    }
    case OpKind::ArriveBarrier: {
      SyncEdit &e = make(Kind::DropArrive, g, 35, "drop the arrive on " + bar);
      for (const Op &o : g)
        e.overlay.drop.insert(o.op);
      int64_t c = r.count.value_or(1);
      if (c > 1) {
        SyncEdit &e1 = make(Kind::InitCount, g, 25, "arrive on " + bar + " with count 1 instead of " + std::to_string(c));
        for (const Op &o : g)
          e1.overlay.count[o.op] = 1;
      }
      // Move it before the wait just ahead of it in its block (only views
      // and arithmetic between them), when its barrier slot is known there.
      const ir::Operation *w = nullptr;
      for (const ir::Operation *o = op->parent ? op->parent->first : nullptr; o && o != op; o = o->next) {
        OpKind ok = dialect::kindOf(o);
        if (ok == OpKind::WaitBarrier)
          w = o;
        else if (ok != OpKind::Other && ok != OpKind::MemDescIndex)
          w = nullptr;
      }
      std::optional<int64_t> slot = constantSlot(m, k, r.barrier);
      const kernel::Allocation *a = barrierOf(k, r.barrier);
      if (w && slot && a && g.size() == 1) {
        SyncEdit &mv = make(Kind::MoveArrive, g, 30,
                            "move the arrive on " + bar + " before the wait on " +
                                barName(m, k, dialect::operandRoles(m, w).barrier) + " at " + place(pointOf(k, w)));
        mv.overlay.drop.insert(op);
        mv.overlay.arriveBefore[w].push_back({a->id, *slot, nullptr});
        mv.other = pointOf(k, w);
      }
      break;
    }
    case OpKind::WarpGroupDotWait: {
      int64_t n = dialect::intAttr(m, op, "pendings").value_or(0);
      if (n > 0) {
        SyncEdit &e = make(Kind::Pendings, g, 20,
                           "warp_group_dot_wait with pendings " + std::to_string(n - 1) + " instead of " +
                               std::to_string(n));
        for (const Op &o : g)
          e.overlay.pendings[o.op] = n - 1;
      }
      break;
    }
    default:
      break;
    }
    // A predicate that is not a constant: drop it (the op always runs).
    if ((kind == OpKind::WaitBarrier || isArriveKind(kind)) && r.pred && !isConstant(r.pred)) {
      SyncEdit &e = make(Kind::DropPredicate, g, 45, "drop the predicate of the " + std::string(op->opName()) +
                                                         " on " + bar + " (it always runs)");
      for (const Op &o : g)
        e.overlay.forceOn.insert(o.op);
    }
    // A wait whose partition never releases the slot it acquired on a
    // partner barrier that another partition waits on: add the arrive after
    // the last use of the slot (after the fence that follows it, if any).
    if (kind == OpKind::WaitBarrier) {
      const kernel::Allocation *a = barrierOf(k, r.barrier);
      if (!a)
        continue;
      for (const kernel::Allocation &b : k.allocations) {
        if (!b.isBarrier || &b == a || b.slots() != a->slots() || !waitedElsewhere(g.front().pl, &b) ||
            arrivesOn(g.front().pl, &b))
          continue;
        SyncEdit e;
        e.kind = Kind::AddArrive;
        e.rank = 15;
        const ir::Operation *lastUse = nullptr;
        bool ok = true;
        for (const Op &o : g) {
          const ir::Operation *x = o.op;
          for (const ir::Operation *n = o.op->next; n && !isSync(dialect::kindOf(n)); n = n->next)
            if (touchesMemory(m, n))
              x = n;
          const ir::Operation *y = plainOpAfter(x);
          if (!y) {
            ok = false;
            break;
          }
          lastUse = x;
          e.ops.push_back(y);
          e.overlay.arriveBefore[y].push_back(
              {b.id, 0, a->slots() > 1 ? dialect::operandRoles(m, o.op).barrier : nullptr});
        }
        if (!ok || !lastUse)
          continue;
        e.where = pointOf(k, lastUse);
        e.other = pointOf(k, op);
        e.words = "add an arrive on " + b.name + (a->slots() > 1 ? "[slot]" : "") + " after " + place(e.where) +
                  " (release the slot the wait on " + bar + " at " + place(*e.other) + " acquired, after its last use)";
        out.push_back(std::move(e));
      }
    }
  }
  // Ties: edits in a worker partition before the default one (the default
  // partition is usually the consumer; a handshake's first arrive is the
  // producer's by convention), then IR order.
  auto inDefault = [&](const SyncEdit &e) {
    for (const Op &o : ops)
      if (!e.ops.empty() && o.op == e.ops.front())
        return o.pl.partition == kernel::kDefault;
    return false;
  };
  std::stable_sort(out.begin(), out.end(), [&](const SyncEdit &x, const SyncEdit &y) {
    bool dx = inDefault(x), dy = inDefault(y);
    return std::tie(x.rank, dx, x.where.irLine) < std::tie(y.rank, dy, y.where.irLine);
  });
  return out;
}

void searchFixes(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts, const FixSymptom &symptom,
                 const std::vector<FixGoal> &goals, std::vector<ProvenFix> &fixes, FixSearchSummary &summary) {
  auto start = std::chrono::steady_clock::now();
  auto deadline = start + std::chrono::seconds(kSearchSeconds);
  if (opts.deadline && *opts.deadline < deadline)
    deadline = *opts.deadline;
  summary = {};
  summary.ran = true;
  std::vector<SyncEdit> cands = candidateEdits(m, k);
  summary.candidates = cands.size();
  std::vector<std::string> unbound;
  auto runs = model::planRuns(m, k, opts, unbound);
  const interp::Bindings *ev = model::bindingsOf(runs, symptom.evidenceBindings);
  for (size_t i = 0; i < cands.size(); ++i) {
    if (i >= kMaxCandidates) {
      summary.gaveUp = "stopped after " + std::to_string(kMaxCandidates) + " of " + std::to_string(cands.size()) +
                       " candidate edits";
      break;
    }
    if (std::chrono::steady_clock::now() > deadline) {
      summary.gaveUp = "the search's time budget (" + std::to_string(kSearchSeconds) + " s) ran out after " +
                       std::to_string(i) + " of " + std::to_string(cands.size()) + " candidate edits";
      break;
    }
    const SyncEdit &c = cands[i];
    DeadlockOptions co = opts;
    co.edits = &c.overlay;
    co.searchFixes = false;
    co.coverageUses = 3;
    co.maxStates = std::min(opts.maxStates, kCandidateStates);
    co.deadline = deadline;
    ++summary.checked;
    if (ev) {
      // Cheap first: the run that showed the finding, capped.
      model::Explorer x(m, k, co);
      DeadlockRun r = x.run(*ev, symptom.evidenceBindings, kCandidateStates / 4);
      if (r.verdict == "deadlock" || r.verdict == "trap")
        continue;
    }
    bool holds = true;
    std::vector<GoalResult> proven;
    for (const FixGoal &g : goals) {
      GoalResult gr = g.check(m, k, co);
      if (!gr.holds) {
        holds = false;
        break;
      }
      proven.push_back(std::move(gr));
    }
    if (!holds)
      continue;
    ProvenFix f;
    f.kind = kindName(c.kind);
    f.edit = c.words;
    f.proven = provenWords(proven);
    f.where = c.where;
    f.other = c.other;
    fixes.push_back(std::move(f));
    if (fixes.size() >= kMaxFixes)
      break;
  }
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // The candidates' explorations are freed; hand the pages back to the
  // system (the budget, --max-memory, counts the heap in use, which no
  // longer holds them; the resident set would until trimmed).
  malloc_trim(0);
}

namespace {

const kernel::Kernel *kernelNamed(const std::vector<kernel::Kernel> &kernels, const std::string &name) {
  for (const kernel::Kernel &k : kernels)
    if (k.entry && k.name == name)
      return &k;
  return nullptr;
}

/// The deadlock symptom of `r`, when it has a hang or an over-arrival.
std::optional<FixSymptom> deadlockSymptom(const KernelDeadlockResult &r) {
  if (r.verdict == "deadlock" && r.evidenceRun)
    return FixSymptom{"deadlock", r.runs[*r.evidenceRun].bindings};
  if (r.trapRun)
    return FixSymptom{"mbarrier-overarrive", r.runs[*r.trapRun].bindings};
  return std::nullopt;
}

std::optional<FixSymptom> raceSymptom(const races::KernelRaceResult &r) {
  if (r.verdict == "race" && r.race && r.evidenceRun)
    return FixSymptom{"race", r.runs[*r.evidenceRun].bindings};
  return std::nullopt;
}

} // namespace

void addFixes(const ir::Module &m, const std::vector<kernel::Kernel> &kernels, const DeadlockOptions &opts,
              std::vector<KernelDeadlockResult> &results) {
  if (!opts.searchFixes)
    return;
  for (KernelDeadlockResult &r : results)
    if (auto sym = deadlockSymptom(r))
      if (const kernel::Kernel *k = kernelNamed(kernels, r.kernel))
        searchFixes(m, *k, opts, *sym, defaultGoals(), r.fixes, r.fixSearch);
}

void addFixes(const ir::Module &m, const std::vector<kernel::Kernel> &kernels, const DeadlockOptions &opts,
              std::vector<races::KernelRaceResult> &results) {
  if (!opts.searchFixes)
    return;
  for (races::KernelRaceResult &r : results)
    if (auto sym = raceSymptom(r))
      if (const kernel::Kernel *k = kernelNamed(kernels, r.kernel))
        searchFixes(m, *k, opts, *sym, defaultGoals(), r.fixes, r.fixSearch);
}

void addFixes(const ir::Module &m, const std::vector<kernel::Kernel> &kernels, const DeadlockOptions &opts,
              std::vector<races::KernelModelResult> &results) {
  if (!opts.searchFixes)
    return;
  for (races::KernelModelResult &r : results) {
    const kernel::Kernel *k = kernelNamed(kernels, r.deadlock.kernel);
    if (!k)
      continue;
    if (auto sym = deadlockSymptom(r.deadlock)) {
      searchFixes(m, *k, opts, *sym, defaultGoals(), r.deadlock.fixes, r.deadlock.fixSearch);
      if (raceSymptom(r.races)) {
        r.races.fixes = r.deadlock.fixes;
        r.races.fixSearch = r.deadlock.fixSearch;
      }
    } else if (auto rs = raceSymptom(r.races)) {
      searchFixes(m, *k, opts, *rs, defaultGoals(), r.races.fixes, r.races.fixSearch);
    }
  }
}

} // namespace tscope::checks::fix
