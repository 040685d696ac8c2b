// Explorer: the shared model of tscope deadlock and tscope races — partitions
// as processes of src/interp, the mbarrier phase model, async TMA/tcgen05
// completions, named barriers, slot tracking, BFS over interleavings — and,
// in race mode, happens-before clocks and buffer-slot accesses
// (docs/Deadlock.md, docs/Races.md).
//
// mbarrier rules (PTX ISA 9.7.13.15 "Parallel Synchronization and
// Communication Instructions: mbarrier"):
// - init sets the expected arrival count; the barrier starts in phase 0;
// - arrive decrements the pending count; expect-tx raises the transaction
//   count, complete-tx (TMA bytes landing) lowers it, in either order;
// - the current phase completes when both reach zero: the phase number
//   advances and the pending count is reset to the expected count;
// - try_wait.parity P returns once the phase with parity P has completed,
//   i.e. when the current (incomplete) phase's parity differs from P, so a
//   wait consumes nothing and a fresh barrier passes a wait on parity 1.
// Named barriers (9.7.13.1 bar/barrier): bar.sync and bar.arrive add the
// executing warps' threads; the barrier releases when the count is reached.
#pragma once

#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "checks/deadlock/ModelChecker.h"
#include "checks/races/HappensBefore.h"
#include "dialect/OpTable.h"
#include "interp/Process.h"
#include "interp/Program.h"

namespace tscope::checks::model {

using dialect::OpKind;

inline bool isSyncKind(OpKind k) {
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

inline bool isUnmodelled(OpKind k) {
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

struct Bar {
  int64_t phase = 0, pending = 0, tx = 0, expected = 0;
  bool inited = false;
  // Race mode: what the arrivals of the open phase released, and what the
  // last completed phase released to the waits it serves.
  races::VectorClock acc, done;
  bool operator==(const Bar &) const = default;
};

struct Async {
  uint64_t key = 0;
  int64_t arrive = 0, tx = 0;
  const ir::Operation *op = nullptr;
  uint32_t from = 0;
  races::VectorClock vc; // race mode: the async agent's clock at issue
  bool operator==(const Async &) const = default;
  bool operator<(const Async &o) const {
    return std::tie(key, arrive, tx, op, from) < std::tie(o.key, o.arrive, o.tx, o.op, o.from);
  }
};

enum class PStatus : uint8_t { AtEvent, Done, Joining, NamedWait };

/// Race mode actors: per process `p`, the process itself, its TMA/tcgen05
/// agent (work completed through mbarriers) and three agents whose work is
/// retired in groups by a wait of the process: wgmma (warp_group_dot_wait
/// {pendings}), bulk TMA stores (async_tma_store_wait {pendings}) and cp.async
/// (async_commit_group, async_wait {num}).
constexpr size_t kActorsPerProc = 5;
enum Agent : uint32_t { kSelf = 0, kBarrierAgent = 1, kWgmmaAgent = 2, kBulkStoreAgent = 3, kCpAsyncAgent = 4 };
inline size_t actorOf(size_t pi, Agent a = kSelf) { return kActorsPerProc * pi + a; }
/// The group-retired agents, as indices into Proc::groups.
constexpr size_t kGroupAgents = 3;
inline size_t groupIndex(Agent a) { return a - kWgmmaAgent; }

struct Proc {
  explicit Proc(interp::Process proc) : p(std::move(proc)) {}
  interp::Process p;
  int partition = kernel::kOutside;
  PStatus status = PStatus::AtEvent;
  int64_t namedId = 0, namedGen = 0;
  std::vector<std::pair<const ir::Value *, int64_t>> slots; // memdesc_index results
  // (barrier key, phase number) of the last wait this process passed, to
  // spot a redundant wait: one served by a phase it already waited for.
  uint64_t lastKey = ~uint64_t(0);
  int64_t lastPhase = -1;
  // Race mode: this process's clock, the count of async work it issued, and
  // the last wait it passed (for the race's reason in words).
  races::VectorClock vc;
  uint32_t asyncTick = 0;
  // Race mode: per group-retired agent, its last epoch and the epochs that
  // close the groups still in flight, oldest first.
  struct Groups {
    uint32_t tick = 0;
    std::vector<uint32_t> pending;
    bool operator==(const Groups &) const = default;
  };
  std::array<Groups, kGroupAgents> groups{};
  const ir::Operation *lastWait = nullptr;
  // Race mode, for the reason only (not part of the state): the last wait
  // op met was skipped by its predicate, on this barrier.
  const ir::Operation *skippedWait = nullptr;
  std::string skippedOn;
  bool operator==(const Proc &o) const {
    return partition == o.partition && status == o.status && namedId == o.namedId &&
           namedGen == o.namedGen && slots == o.slots && lastKey == o.lastKey &&
           lastPhase == o.lastPhase && vc == o.vc && asyncTick == o.asyncTick && groups == o.groups && p == o.p;
  }
};

struct Named {
  int64_t arrived = 0, generation = 0;
  races::VectorClock acc, released; // race mode
  bool operator==(const Named &) const = default;
};

struct State {
  std::vector<Proc> procs;
  std::map<uint64_t, Bar> bars;
  std::vector<Async> async; // sorted
  std::map<int64_t, Named> named;
  races::AccessHistory hist; // race mode: the accesses later ones must be ordered after
  bool operator==(const State &o) const {
    return procs == o.procs && bars == o.bars && async == o.async && named == o.named &&
           hist == o.hist;
  }
};

inline size_t mix(size_t h, size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2)); }

struct StateHash {
  size_t operator()(const State &s) const {
    size_t h = 0;
    for (const Proc &p : s.procs) {
      h = mix(h, p.p.hash());
      h = mix(h, static_cast<size_t>(p.status));
      h = mix(h, static_cast<size_t>(p.namedGen));
      for (auto &[v, i] : p.slots)
        h = mix(mix(h, reinterpret_cast<size_t>(v)), static_cast<size_t>(i));
      if (!p.vc.empty())
        h = mix(h, p.vc.hash());
    }
    if (!s.hist.accesses().empty())
      h = mix(h, s.hist.hash());
    for (auto &[k, b] : s.bars)
      h = mix(mix(mix(mix(h, k), static_cast<size_t>(b.phase)), static_cast<size_t>(b.pending)),
              static_cast<size_t>(b.tx));
    for (const Async &a : s.async)
      h = mix(mix(h, a.key), reinterpret_cast<size_t>(a.op));
    for (auto &[id, n] : s.named)
      h = mix(mix(h, static_cast<size_t>(id)), static_cast<size_t>(n.arrived * 31 + n.generation));
    return h;
  }
};

/// Ops a process may run between two synchronizing ops before a step pauses.
constexpr uint64_t kLocalSteps = 100'000;

/// Race mode: ops that read or write a buffer slot without synchronizing;
/// they are recorded on the way (no interleaving point of their own).
inline bool isLocalAccessKind(OpKind k) {
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

/// Race mode: the first two conflicting accesses found with no happens-before.
struct RaceHit {
  races::Conflict conflict;
  std::string earlierActor, laterActor; // "partition0", "TMA for default", ...
  std::string slot;                     // "smem[1]"
  std::string reason;                   // in words
  std::vector<TraceStep> trace;         // the BFS path to the later access
};

class Checker {
public:
  /// `raceMode` adds happens-before clocks and buffer accesses to the model;
  /// `alias` tells whether two (allocation, slot) locations may share bytes.
  Checker(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &o,
          bool raceMode = false, races::AccessHistory::AliasFn alias = nullptr)
      : m_(m), k_(k), opts_(o), prog_(m, *k.func), raceMode_(raceMode), alias_(std::move(alias)) {
    events_ = prog_.select([&](const ir::Operation &op) {
      OpKind kind = dialect::kindOf(&op);
      if (isUnmodelled(kind))
        unmodelled_ = &op;
      if (raceMode_ && isLocalAccessKind(kind))
        return true;
      return isSyncKind(kind) || kind == OpKind::MemDescIndex || kind == OpKind::For ||
             (kind == OpKind::Yield && op.parentOp() &&
              (dialect::kindOf(op.parentOp()) == OpKind::For ||
               dialect::kindOf(op.parentOp()) == OpKind::If));
    });
  }

  DeadlockRun run(const interp::Bindings &b, std::string label) {
    DeadlockRun out;
    out.bindings = std::move(label);
    if (unmodelled_) {
      out.verdict = "unknown";
      out.reason = std::string(unmodelled_->opName()) + " (IR line " +
                   std::to_string(unmodelled_->line) + ") is not modelled yet";
      return out;
    }
    std::vector<std::string> errors;
    State init;
    Proc main(interp::Process::start(prog_, b, &errors));
    main.p.setStepLimit(kLocalSteps);
    main.partition = kernel::kOutside;
    if (raceMode_)
      main.vc.set(0, 1);
    init.procs.push_back(std::move(main));
    race_.reset();
    over_.reset();
    overStep_.reset();
    stuckStates_ = 0;
    curOut_ = nullptr;
    if (!advance(init, 0, out))
      return out;
    if (race_) {
      out.verdict = "race";
      out.states = 1;
      return out;
    }
    // BFS with parent links for the counterexample.
    std::vector<State> states;
    std::vector<std::pair<int64_t, TraceStep>> parent;
    std::unordered_map<size_t, std::vector<uint32_t>> seen;
    states.push_back(init);
    parent.push_back({-1, {}});
    seen[StateHash{}(init)].push_back(0);
    std::deque<uint32_t> queue{0};
    size_t searchAfterHang = opts_.maxStates;
    while (!queue.empty()) {
      uint32_t si = queue.front();
      queue.pop_front();
      if (out.verdict == "deadlock" && states.size() > searchAfterHang)
        break; // the over-arrival search after a hang has a budget of its own
      if (states.size() > opts_.maxStates) {
        if (out.verdict == "deadlock")
          break;
        out.verdict = "unknown";
        out.reason = "more than " + std::to_string(opts_.maxStates) +
                     " states; bind the loop bounds with --arg to explore fewer";
        out.states = states.size();
        return out;
      }
      std::vector<std::pair<State, TraceStep>> next;
      std::string unknownReason;
      successors(states[si], next, unknownReason);
      if (over_ && over_->trace.empty() && overStep_) {
        // The first over-arrival, met while building the successors of `si`;
        // the state after it is not explored (the GPU faults there).
        std::vector<TraceStep> rev{*overStep_};
        for (int64_t at = si; at > 0; at = parent[static_cast<size_t>(at)].first)
          rev.push_back(parent[static_cast<size_t>(at)].second);
        over_->trace.assign(rev.rbegin(), rev.rend());
        overStep_.reset();
      }
      if (race_) {
        // The race was found while building successor raceStep_ of `si`.
        std::vector<TraceStep> rev;
        if (raceStep_ < next.size())
          rev.push_back(next[raceStep_].second);
        for (int64_t at = si; at > 0; at = parent[static_cast<size_t>(at)].first)
          rev.push_back(parent[static_cast<size_t>(at)].second);
        race_->trace.assign(rev.rbegin(), rev.rend());
        out.verdict = "race";
        out.states = states.size();
        return out;
      }
      if (out.verdict == "deadlock" && (over_ || !unknownReason.empty()))
        break;
      if (!unknownReason.empty()) {
        out.verdict = "unknown";
        out.reason = unknownReason;
        out.states = states.size();
        return out;
      }
      if (next.empty()) {
        const State &s = states[si];
        bool allDone = std::all_of(s.procs.begin(), s.procs.end(),
                                   [](const Proc &p) { return p.status == PStatus::Done; });
        if (allDone)
          continue;
        if (raceMode_) {
          // Races are sought in every reachable state; a stuck one just ends.
          ++stuckStates_;
          continue;
        }
        if (out.verdict == "deadlock")
          continue; // still looking for an over-arrival (below)
        out.verdict = "deadlock";
        out.states = states.size();
        describeStuck(s, out.stuck);
        explain(s, out);
        std::vector<TraceStep> rev;
        for (int64_t at = si; at > 0; at = parent[static_cast<size_t>(at)].first)
          rev.push_back(parent[static_cast<size_t>(at)].second);
        out.trace.assign(rev.rbegin(), rev.rend());
        if (over_)
          break;
        searchAfterHang = std::min(opts_.maxStates, 16 * states.size() + 50'000);
        // The shortest hang is kept; the search goes on for an over-arrival,
        // which a kernel that can hang may reach too (the GPU faults there).
        continue;
      }
      for (auto &[ns, step] : next) {
        size_t h = StateHash{}(ns);
        auto &bucket = seen[h];
        bool dup = false;
        for (uint32_t idx : bucket)
          if (states[idx] == ns) {
            dup = true;
            break;
          }
        if (dup)
          continue;
        uint32_t id = static_cast<uint32_t>(states.size());
        states.push_back(std::move(ns));
        parent.push_back({si, std::move(step)});
        bucket.push_back(id);
        queue.push_back(id);
      }
    }
    out.overArrival = over_;
    if (out.verdict == "deadlock")
      return out;
    out.verdict = over_ ? "trap" : "no-deadlock";
    out.states = states.size();
    for (const ir::Operation *op : redundant_)
      out.redundantWaits.push_back({std::string(op->opName()), where(op)});
    return out;
  }

private:
  SourcePoint where(const ir::Operation *op) const { return pointOf(k_, op); }

  std::string partName(int id) const {
    kernel::Placement pl;
    pl.partition = id;
    pl.ws = k_.warpSpecializes.empty() ? nullptr : &k_.warpSpecializes[0];
    return id == kernel::kOutside ? "outside" : k_.partitionName(pl);
  }

  int warpsOf(int id) const {
    if (!k_.warpSpecializes.empty())
      if (const kernel::Partition *p = k_.warpSpecializes[0].find(id))
        if (p->numWarps)
          return p->numWarps;
    return k_.moduleWarps ? k_.moduleWarps : 4;
  }

  /// Steps process `pi` to its next synchronizing op, recording memdesc_index
  /// slots on the way. False (with `out` filled) when the run is unknown.
  bool advance(State &s, size_t pi, DeadlockRun &out) {
    Proc &pr = s.procs[pi];
    int limits = 0;
    for (int guard = 0; guard < 1'000'000; ++guard) {
      interp::StepResult r = pr.p.step(events_);
      if (r.isUnknown() && r.cause == interp::StepResult::Cause::StepLimit && ++limits >= 20) {
        out.verdict = "unknown";
        out.reason = partName(pr.partition) + " runs " + std::to_string(20 * kLocalSteps) +
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
        out.verdict = "unknown";
        out.reason = partName(pr.partition) + ": " + r.describe(m_);
        return false;
      }
      const ir::Operation *op = r.op;
      if (raceMode_ && isLocalAccessKind(dialect::kindOf(op))) {
        localAccess(s, pi, op);
        continue;
      }
      if (dialect::kindOf(op) == OpKind::MemDescIndex) {
        interp::Scalar idx = op->numOperands > 1 ? pr.p.operand(1) : interp::Scalar();
        if (idx.isKnown()) {
          const ir::Value *res = op->result(0);
          auto it = std::find_if(pr.slots.begin(), pr.slots.end(),
                                 [&](auto &e) { return e.first == res; });
          if (it != pr.slots.end())
            it->second = idx.sext();
          else
            pr.slots.push_back({res, idx.sext()});
        }
        continue;
      }
      if (dialect::kindOf(op) == OpKind::For || dialect::kindOf(op) == OpKind::Yield) {
        // Barrier views carried through iter_args: the slot of the init (on
        // entry) or of the yielded view (each iteration) moves to the block
        // argument and the loop result.
        const ir::Operation *loop = dialect::kindOf(op) == OpKind::For ? op : op->parentOp();
        const ir::Block *body = loop->firstRegion && dialect::kindOf(loop) == OpKind::For
                                    ? loop->firstRegion->first
                                    : nullptr; // scf.if: results only
        uint32_t first = dialect::kindOf(op) == OpKind::For ? 3 : 0;
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
        continue;
      }
      pr.status = PStatus::AtEvent;
      return true;
    }
    out.verdict = "unknown";
    out.reason = "a partition runs a million local steps without synchronizing";
    return false;
  }

  static void setSlot(Proc &pr, const ir::Value *v, int64_t slot) {
    auto it = std::find_if(pr.slots.begin(), pr.slots.end(), [&](auto &e) { return e.first == v; });
    if (it != pr.slots.end())
      it->second = slot;
    else
      pr.slots.push_back({v, slot});
  }

  /// The slot a memdesc value selects, when it was recorded on the way here.
  std::optional<int64_t> slotOf(const State &s, const Proc &pr, const ir::Value *v) const {
    const ir::Value *cur = v;
    for (int i = 0; i < 16 && cur; ++i) {
      auto it = std::find_if(pr.slots.begin(), pr.slots.end(),
                             [&](auto &e) { return e.first == cur; });
      if (it != pr.slots.end())
        return it->second;
      if (cur->kind == ir::Value::BlockArgument) {
        const ir::Value *cap = k_.captureOf(cur);
        if (!cap)
          return std::nullopt;
        for (const Proc &q : s.procs) {
          auto jt = std::find_if(q.slots.begin(), q.slots.end(),
                                 [&](auto &e) { return e.first == cap; });
          if (jt != q.slots.end())
            return jt->second;
        }
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

  /// (barrier allocation id, slot) of a barrier operand, or nullopt.
  std::optional<std::pair<uint32_t, int64_t>> barrierKey(const State &s, const Proc &pr,
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

  std::string barName(uint64_t key) const {
    uint32_t id = static_cast<uint32_t>(key >> 32);
    int64_t slot = static_cast<int64_t>(key & 0xffffffffu);
    const kernel::Allocation &a = k_.allocations[id];
    return a.slots() > 1 || slot ? a.name + "[" + std::to_string(slot) + "]" : a.name;
  }

  static uint64_t keyOf(std::pair<uint32_t, int64_t> k) {
    return (static_cast<uint64_t>(k.first) << 32) | static_cast<uint32_t>(k.second);
  }

  /// Applies arrivals/bytes to a barrier and completes phases.
  static std::string apply(Bar &b, int64_t arrive, int64_t tx) {
    int64_t p0 = b.phase, pend0 = b.pending, tx0 = b.tx;
    b.tx += tx;
    b.pending -= arrive;
    std::string note;
    if (b.inited && b.pending <= 0 && b.tx == 0) {
      if (b.pending < 0)
        note = "; more arrivals than the init count";
      ++b.phase;
      b.pending = b.expected;
    }
    std::string s = "(pending " + std::to_string(pend0) + " -> " +
                     std::to_string(b.phase != p0 ? 0 : b.pending);
    if (tx || tx0)
      s += ", tx " + std::to_string(tx0) + " -> " + std::to_string(b.phase != p0 ? 0 : b.tx);
    if (b.phase != p0)
      s += ", phase " + std::to_string(p0) + " completes";
    return s + ")" + note;
  }

  /// An arrival the pending count cannot take: the phase's arrivals are
  /// complete (it waits only for transaction bytes) or `arrive` exceeds them.
  static bool overArrives(const Bar &b, int64_t arrive) {
    return b.inited && arrive > 0 && b.pending - arrive < 0;
  }

  /// Keeps the first over-arrival met; run() adds the path to it.
  void noteOverArrival(const std::string &actor, const ir::Operation *op, uint64_t key, const Bar &b,
                       int64_t arrive, const std::string &action) {
    if (over_)
      return;
    OverArrival o;
    o.actor = actor;
    o.barrier = barName(key);
    o.where = where(op);
    o.what = action + ": phase " + std::to_string(b.phase) + " has " + std::to_string(b.pending) + " of " +
             std::to_string(b.expected) + " arrivals pending" +
             (b.tx ? " and waits only for " + std::to_string(b.tx) + " transaction bytes" : "") + ", so " +
             std::to_string(arrive) + " more would take its pending count below zero";
    TraceStep st;
    st.actor = actor;
    st.action = action + " (pending " + std::to_string(b.pending) + " -> " + std::to_string(b.pending - arrive) +
                ": over-arrival, the GPU faults here)";
    st.where = o.where;
    over_ = std::move(o);
    overStep_ = std::move(st);
  }

  /// Every transition out of `s`.
  void successors(const State &s, std::vector<std::pair<State, TraceStep>> &out,
                  std::string &unknown) {
    // Async completions.
    for (size_t i = 0; i < s.async.size(); ++i) {
      if (i > 0 && s.async[i] == s.async[i - 1])
        continue;
      State n = s;
      Async a = n.async[i];
      n.async.erase(n.async.begin() + static_cast<long>(i));
      Bar &b = n.bars[a.key];
      int64_t p0 = b.phase;
      if (overArrives(b, a.arrive)) {
        noteOverArrival("tcgen05", a.op, a.key, b, a.arrive,
                        std::string(a.op->opName()) + " completes with an arrival on " + barName(a.key));
        continue;
      }
      if (raceMode_)
        b.acc.join(a.vc);
      std::string eff = apply(b, a.arrive, -a.tx);
      completeHB(b, p0);
      TraceStep st;
      st.actor = dialect::kindOf(a.op) == OpKind::TmaLoad || dialect::kindOf(a.op) == OpKind::TmaGather
                     ? "TMA"
                     : "tcgen05";
      st.action = (a.tx ? "delivers " + std::to_string(a.tx) + " bytes to " : "arrives on ") +
                  barName(a.key) + " " + eff + " for " + partName(s.procs[a.from].partition);
      st.where = where(a.op);
      out.push_back({std::move(n), std::move(st)});
    }
    for (size_t pi = 0; pi < s.procs.size(); ++pi) {
      const Proc &pr = s.procs[pi];
      if (pr.status == PStatus::Done)
        continue;
      if (pr.status == PStatus::Joining) {
        bool childrenDone = true;
        for (size_t j = 1; j < s.procs.size(); ++j)
          childrenDone &= s.procs[j].status == PStatus::Done;
        if (!childrenDone)
          continue;
        State n = s;
        DeadlockRun tmp;
        n.procs[pi].status = PStatus::AtEvent;
        if (raceMode_)
          for (size_t j = 1; j < n.procs.size(); ++j)
            n.procs[pi].vc.join(n.procs[j].vc);
        curOut_ = &out;
        if (!advance(n, pi, tmp)) {
          unknown = tmp.reason;
          return;
        }
        out.push_back({std::move(n), {"outside", "all partitions returned; continues", where(pr.p.op())}});
        continue;
      }
      if (pr.status == PStatus::NamedWait) {
        auto it = s.named.find(pr.namedId);
        if (it == s.named.end() || it->second.generation == pr.namedGen)
          continue;
        State n = s;
        DeadlockRun tmp;
        n.procs[pi].status = PStatus::AtEvent;
        if (raceMode_)
          n.procs[pi].vc.join(it->second.released);
        curOut_ = &out;
        if (!advance(n, pi, tmp)) {
          unknown = tmp.reason;
          return;
        }
        out.push_back({std::move(n), {partName(pr.partition), "released from named barrier " +
                                                                 std::to_string(pr.namedId),
                                      where(pr.p.op())}});
        continue;
      }
      const ir::Operation *op = pr.p.op();
      if (!op)
        continue;
      OpKind kind = dialect::kindOf(op);
      dialect::OperandRoles r = dialect::operandRoles(m_, op);
      auto val = [&](const ir::Value *v) { return v ? pr.p.value(v) : interp::Scalar::boolean(true); };
      interp::Scalar pred = val(r.pred);
      if (r.pred && !pred.isKnown()) {
        unknown = partName(pr.partition) + ": the predicate of " + std::string(op->opName()) +
                  " at IR line " + std::to_string(op->line) + " is unknown: " + pred.describe(m_);
        return;
      }
      bool on = !r.pred || pred.isTrue();
      State n = s;
      Proc &np = n.procs[pi];
      curOut_ = &out;
      TraceStep st;
      st.actor = partName(pr.partition);
      st.where = where(op);
      std::optional<std::pair<uint32_t, int64_t>> key;
      if (r.barrier && kind != OpKind::NamedBarrierArrive && kind != OpKind::NamedBarrierWait &&
          kind != OpKind::WarpSpecialize) {
        key = barrierKey(s, pr, r.barrier);
        if (!key) {
          unknown = partName(pr.partition) + ": cannot tell which barrier " +
                    std::string(op->opName()) + " at IR line " + std::to_string(op->line) + " uses";
          return;
        }
      }
      switch (kind) {
      case OpKind::InitBarrier: {
        Bar &b = n.bars[keyOf(*key)];
        b = Bar{};
        b.inited = true;
        b.expected = b.pending = r.count.value_or(1);
        st.action = "init " + barName(keyOf(*key)) + " count " + std::to_string(b.expected);
        break;
      }
      case OpKind::WaitBarrier: {
        if (on) {
          interp::Scalar ph = val(r.phase);
          if (!ph.isKnown()) {
            unknown = partName(pr.partition) + ": the parity of wait_barrier at IR line " +
                      std::to_string(op->line) + " is unknown: " + ph.describe(m_);
            return;
          }
          const Bar &b = s.bars.count(keyOf(*key)) ? s.bars.at(keyOf(*key)) : Bar{};
          int64_t parity = ph.zext() & 1;
          if ((b.phase & 1) == parity)
            continue; // blocked: the phase with this parity has not completed
          st.action = "waits on " + barName(keyOf(*key)) + " parity " + std::to_string(parity) +
                      ": passes (phase " + std::to_string(b.phase) + " is current)";
          if (pr.lastKey == keyOf(*key) && pr.lastPhase == b.phase)
            redundant_.insert(op);
          if (raceMode_ && b.phase > 0)
            np.vc.join(b.done); // acquire what the completed phase released
          np.lastWait = op;
          np.lastKey = keyOf(*key);
          np.lastPhase = b.phase;
          np.skippedWait = nullptr;
        } else {
          st.action = "skips a wait on " + barName(keyOf(*key)) + " (predicate false)";
          np.skippedWait = op;
          np.skippedOn = barName(keyOf(*key));
        }
        break;
      }
      case OpKind::ArriveBarrier:
      case OpKind::BarrierExpect: {
        if (!on) {
          st.action = std::string("skips ") + (kind == OpKind::ArriveBarrier ? "arrive" : "expect") +
                      " on " + barName(keyOf(*key)) + " (predicate false)";
          break;
        }
        Bar &b = n.bars[keyOf(*key)];
        int64_t cnt = kind == OpKind::ArriveBarrier ? r.count.value_or(1) : 1;
        int64_t tx = kind == OpKind::BarrierExpect ? r.bytes.value_or(0) : 0;
        int64_t p0 = b.phase;
        if (overArrives(b, cnt)) {
          noteOverArrival(partName(pr.partition), op, keyOf(*key), b, cnt,
                          (kind == OpKind::ArriveBarrier ? "arrive on "
                                                         : "expect " + std::to_string(tx) + " bytes + arrive on ") +
                              barName(keyOf(*key)));
          continue;
        }
        if (raceMode_) {
          b.acc.join(np.vc); // release
          np.vc.tick(actorOf(pi));
        }
        std::string eff = apply(b, cnt, tx);
        completeHB(b, p0);
        st.action = (kind == OpKind::ArriveBarrier ? "arrive on " : "expect " + std::to_string(tx) + " bytes + arrive on ") +
                    barName(keyOf(*key)) + " " + eff;
        break;
      }
      case OpKind::TmaLoad:
      case OpKind::TmaGather:
      case OpKind::AsyncCopyMbarrierArrive:
      case OpKind::TcGen5Commit: {
        if (!on) {
          st.action = "skips " + std::string(op->opName()) + " (predicate false)";
          break;
        }
        Async a;
        a.key = keyOf(*key);
        a.op = op;
        a.from = static_cast<uint32_t>(pi);
        if (raceMode_) {
          // The async agent starts from what its issuer knows; a commit or
          // an arrive tracks every async op the issuer started before it.
          ++np.asyncTick;
          if (kind == OpKind::TmaLoad || kind == OpKind::TmaGather)
            for (const ir::Value *w : r.writes)
              recordAccess(n, pi, op, w, true, kBarrierAgent);
          a.vc = np.vc;
          a.vc.set(actorOf(pi, kBarrierAgent), np.asyncTick);
          np.vc.tick(actorOf(pi));
        }
        if (kind == OpKind::TmaLoad || kind == OpKind::TmaGather) {
          auto t = dialect::parseMemDesc(m_, k_.chunk, dialect::typeText(m_, r.buffer));
          a.tx = t && t->bytes() ? static_cast<int64_t>(*t->bytes()) : 0;
          st.action = "issues TMA load of " + std::to_string(a.tx) + " bytes on " + barName(a.key);
        } else {
          a.arrive = 1;
          st.action = "issues " + std::string(op->opName()) + " on " + barName(a.key);
        }
        n.async.insert(std::upper_bound(n.async.begin(), n.async.end(), a), a);
        break;
      }
      case OpKind::TcGen5Mma:
      case OpKind::TcGen5MmaScaled: {
        dialect::OpSyntax syn = dialect::scanOpSyntax(m_, op);
        st.action = "issues " + std::string(op->opName());
        races::VectorClock mmaClock;
        if (raceMode_ && on) {
          ++np.asyncTick;
          for (const ir::Value *rv : r.reads)
            recordAccess(n, pi, op, rv, false, kBarrierAgent);
          for (const ir::Value *wv : r.writes)
            recordAccess(n, pi, op, wv, true, kBarrierAgent);
          mmaClock = np.vc;
          mmaClock.set(actorOf(pi, kBarrierAgent), np.asyncTick);
          np.vc.tick(actorOf(pi));
        }
        for (const ir::Value *bv : r.barriers) {
          // The barrier's predicate is the operand in its brackets.
          const ir::Value *bp = nullptr;
          for (uint32_t i = 0; i < op->numOperands; ++i)
            if (op->operands[i] == bv && syn.slots[i].bracketOf < 0)
              for (uint32_t j = i + 1; j < op->numOperands; ++j)
                if (syn.slots[j].bracketOf == static_cast<int32_t>(i))
                  bp = op->operands[j];
          interp::Scalar bpv = val(bp);
          if (bp && !bpv.isKnown()) {
            unknown = partName(pr.partition) + ": a completion-barrier predicate of " +
                      std::string(op->opName()) + " at IR line " + std::to_string(op->line) +
                      " is unknown";
            return;
          }
          if (!on || (bp && !bpv.isTrue()))
            continue;
          auto bk = barrierKey(s, pr, bv);
          if (!bk) {
            unknown = "cannot tell which barrier tc_gen5_mma at IR line " + std::to_string(op->line) + " arrives on";
            return;
          }
          Async a;
          a.key = keyOf(*bk);
          a.arrive = 1;
          a.op = op;
          a.from = static_cast<uint32_t>(pi);
          a.vc = mmaClock;
          n.async.insert(std::upper_bound(n.async.begin(), n.async.end(), a), a);
          st.action += " (completes on " + barName(a.key) + ")";
        }
        break;
      }
      case OpKind::NamedBarrierArrive:
      case OpKind::NamedBarrierWait: {
        interp::Scalar id = val(r.barrier), cnt = val(r.numThreads);
        if (!id.isKnown() || !cnt.isKnown()) {
          unknown = "named barrier id or thread count unknown at IR line " + std::to_string(op->line);
          return;
        }
        Named &nb = n.named[id.sext()];
        int64_t threads = warpsOf(pr.partition) * 32;
        nb.arrived += threads;
        bool released = nb.arrived >= cnt.sext();
        if (raceMode_) {
          nb.acc.join(np.vc);
          np.vc.tick(actorOf(pi));
        }
        if (released) {
          nb.arrived = 0;
          ++nb.generation;
          if (raceMode_) {
            nb.released = nb.acc;
            nb.acc.clear();
            if (kind == OpKind::NamedBarrierWait)
              np.vc.join(nb.released);
          }
        }
        st.action = (kind == OpKind::NamedBarrierWait ? "bar.sync " : "bar.arrive ") +
                    std::to_string(id.sext()) + " with " + std::to_string(threads) + " of " +
                    std::to_string(cnt.sext()) + " threads" + (released ? ": released" : "");
        if (kind == OpKind::NamedBarrierWait && !released) {
          np.status = PStatus::NamedWait;
          np.namedId = id.sext();
          np.namedGen = nb.generation;
          out.push_back({std::move(n), std::move(st)});
          continue;
        }
        break;
      }
      case OpKind::WarpSpecialize: {
        // Fork: one process per partition; the caller joins them.
        if (pi != 0 || s.procs.size() > 1) {
          unknown = "nested or repeated warp_specialize is not modelled";
          return;
        }
        const kernel::WarpSpecialize *ws = nullptr;
        for (const kernel::WarpSpecialize &w : k_.warpSpecializes)
          if (w.op == op)
            ws = &w;
        if (!ws) {
          unknown = "warp_specialize without partitions";
          return;
        }
        np.status = PStatus::Joining;
        if (raceMode_)
          np.vc.tick(actorOf(pi));
        for (const kernel::Partition &part : ws->partitions) {
          std::optional<interp::Process> child = pr.p.enterRegion(*part.region);
          if (!child) {
            unknown = "cannot enter partition " + part.name;
            return;
          }
          Proc c(std::move(*child));
          c.p.setStepLimit(kLocalSteps);
          c.partition = part.id;
          c.slots = pr.slots;
          if (raceMode_) {
            c.vc = n.procs[pi].vc; // the fork orders everything before it
            c.vc.set(actorOf(n.procs.size()), 1);
          }
          n.procs.push_back(std::move(c));
          DeadlockRun tmp;
          if (!advance(n, n.procs.size() - 1, tmp)) {
            unknown = tmp.reason;
            return;
          }
        }
        st.action = "starts " + std::to_string(ws->partitions.size()) + " partitions";
        out.push_back({std::move(n), std::move(st)});
        continue;
      }
      default:
        st.action = std::string(op->opName());
        break;
      }
      DeadlockRun tmp;
      if (!advance(n, pi, tmp)) {
        unknown = tmp.reason;
        return;
      }
      out.push_back({std::move(n), std::move(st)});
    }
  }

  /// Partitions that have an arrive-side op on barrier allocation `id`.
  std::set<int> arriversOf(uint32_t id, size_t *numOps = nullptr) const {
    std::set<int> out;
    size_t ops = 0;
    k_.walk([&](const ir::Operation *op, const kernel::Placement &pl) {
      OpKind kind = dialect::kindOf(op);
      dialect::OperandRoles r;
      std::vector<const ir::Value *> bars;
      switch (kind) {
      case OpKind::ArriveBarrier:
      case OpKind::BarrierExpect:
      case OpKind::TmaLoad:
      case OpKind::TmaGather:
      case OpKind::TcGen5Commit:
      case OpKind::AsyncCopyMbarrierArrive:
        r = dialect::operandRoles(m_, op);
        bars.push_back(r.barrier);
        break;
      case OpKind::TcGen5Mma:
      case OpKind::TcGen5MmaScaled:
        r = dialect::operandRoles(m_, op);
        bars = r.barriers;
        break;
      default:
        return;
      }
      for (const ir::Value *b : bars)
        for (const kernel::Allocation *a : k_.rootsOf(b))
          if (a->id == id) {
            out.insert(pl.partition == kernel::kOutside ? kernel::kOutside : pl.partition);
            ++ops;
          }
    });
    if (numOps)
      *numOps = ops;
    return out;
  }

  /// The cause in words, and every barrier's state.
  void explain(const State &s, DeadlockRun &out) {
    for (auto &[key, b] : s.bars)
      out.barrierStates.push_back(barName(key) + ": phase " + std::to_string(b.phase) + ", " +
                                  std::to_string(b.pending) + " of " + std::to_string(b.expected) +
                                  " arrivals pending, tx " + std::to_string(b.tx));
    std::map<int, int> waitsOn; // stuck partition -> partition it needs (for cycles)
    std::vector<std::string> causes;
    for (const Proc &pr : s.procs) {
      if (pr.status != PStatus::AtEvent || !pr.p.op() ||
          dialect::kindOf(pr.p.op()) != OpKind::WaitBarrier)
        continue;
      dialect::OperandRoles r = dialect::operandRoles(m_, pr.p.op());
      auto key = barrierKey(s, pr, r.barrier);
      if (!key)
        continue;
      Bar b = s.bars.count(keyOf(*key)) ? s.bars.at(keyOf(*key)) : Bar{};
      std::string name = barName(keyOf(*key));
      size_t arriveOps = 0;
      std::set<int> arrivers = arriversOf(key->first, &arriveOps);
      std::vector<int> live;
      for (int a : arrivers)
        for (const Proc &q : s.procs)
          if (q.partition == a && q.status != PStatus::Done)
            live.push_back(a);
      std::string who = partName(pr.partition);
      if (arrivers.empty()) {
        causes.push_back("no producer for that phase: nothing arrives on " + name + ", which " + who + " waits on");
      } else if (b.inited && b.expected > static_cast<int64_t>(arriveOps)) {
        causes.push_back("arrival count never reached: " + name + " is initialised with count " +
                         std::to_string(b.expected) + " but only " + std::to_string(arriveOps) +
                         " arrive op(s) target it per phase");
      } else if (b.pending <= 0 && b.tx > 0) {
        causes.push_back("transaction bytes never delivered: " + name + " still expects " +
                         std::to_string(b.tx) + " bytes (expect-tx exceeds what its TMA loads deliver)");
      } else if (live.empty()) {
        causes.push_back("arrival count never reached: phase " + std::to_string(b.phase) + " of " + name +
                         " still needs " + std::to_string(b.pending) + " of " + std::to_string(b.expected) +
                         " arrivals and every partition that arrives on it has finished");
      } else {
        for (int a : live)
          if (a != pr.partition)
            waitsOn[pr.partition] = a;
        if (b.phase > 0 || (b.phase & 1) != 0)
          causes.push_back("parity-cadence mismatch: " + who + " waits on " + name + " for parity " +
                           std::to_string(b.phase & 1) + ", the phase still open after " +
                           std::to_string(b.phase) + " completions");
      }
    }
    // A cycle in the waits-for relation between stuck partitions.
    for (auto &[a, b] : waitsOn) {
      auto it = waitsOn.find(b);
      if (it != waitsOn.end() && it->second == a && a < b) {
        causes.insert(causes.begin(), "cross-partition cycle: " + partName(a) + " waits for " + partName(b) +
                                          ", which waits for " + partName(a));
      }
    }
    for (const Proc &pr : s.procs)
      if (pr.status == PStatus::NamedWait) {
        const Named &nb = s.named.at(pr.namedId);
        causes.push_back("named barrier " + std::to_string(pr.namedId) + " thread count never reached: " +
                         std::to_string(nb.arrived) + " threads arrived and no other partition comes");
      }
    std::string c;
    for (const std::string &x : causes)
      if (c.find(x) == std::string::npos)
        c += (c.empty() ? "" : "; ") + x;
    out.cause = c.empty() ? "every partition is blocked on a barrier phase no one can complete" : c;
  }

  void describeStuck(const State &s, std::vector<StuckProcess> &out) {
    // Partitions first: the caller joining them is a consequence, not a cause.
    std::vector<const Proc *> order;
    for (const Proc &pr : s.procs)
      if (pr.status != PStatus::Joining)
        order.push_back(&pr);
    for (const Proc &pr : s.procs)
      if (pr.status == PStatus::Joining)
        order.push_back(&pr);
    for (const Proc *pp : order) {
      const Proc &pr = *pp;
      if (pr.status == PStatus::Done)
        continue;
      StuckProcess sp;
      sp.partition = partName(pr.partition);
      sp.op = pr.p.op();
      sp.where = where(sp.op);
      if (pr.status == PStatus::Joining) {
        sp.why = "waits for its partitions to return";
      } else if (pr.status == PStatus::NamedWait) {
        sp.why = "waits on named barrier " + std::to_string(pr.namedId);
      } else if (sp.op && dialect::kindOf(sp.op) == OpKind::WaitBarrier) {
        dialect::OperandRoles r = dialect::operandRoles(m_, sp.op);
        auto key = barrierKey(s, pr, r.barrier);
        interp::Scalar ph = pr.p.value(r.phase);
        Bar b = key && s.bars.count(keyOf(*key)) ? s.bars.at(keyOf(*key)) : Bar{};
        std::string name = key ? barName(keyOf(*key)) : "?";
        sp.why = "waits on " + name + " for parity " + std::to_string(ph.zext() & 1) +
                 "; its phase " + std::to_string(b.phase) + " (parity " +
                 std::to_string(b.phase & 1) + ") is still open with " +
                 std::to_string(b.pending) + " of " + std::to_string(b.expected) +
                 " arrivals pending" + (b.tx ? " and " + std::to_string(b.tx) + " bytes expected" : "") +
                 (b.inited ? "" : " (never initialised)");
      } else {
        sp.why = sp.op ? "stopped at " + std::string(sp.op->opName()) : "stopped";
      }
      out.push_back(sp);
    }
  }

  /// Race mode: a completed phase hands what its arrivals released to the
  /// waits it serves.
  void completeHB(Bar &b, int64_t phaseBefore) const {
    if (!raceMode_ || b.phase == phaseBefore)
      return;
    b.done = b.acc;
    b.acc.clear();
  }

  /// Race mode: the buffer accesses of an op met on the way (local_load,
  /// local_store, tmem_load, tmem_store, TMA store, wgmma operands, cp.async),
  /// made by the process itself.
  void localAccess(State &s, size_t pi, const ir::Operation *op) {
    OpKind kind = dialect::kindOf(op);
    Proc &pr = s.procs[pi];
    // Waits that retire all but the newest N groups of an agent: the
    // process now knows their accesses are over.
    auto retire = [&](Agent a, const char *attr) {
      Proc::Groups &g = pr.groups[groupIndex(a)];
      size_t keep = static_cast<size_t>(std::max<int64_t>(0, dialect::intAttr(m_, op, attr).value_or(0)));
      while (g.pending.size() > keep) {
        uint32_t e = g.pending.front();
        g.pending.erase(g.pending.begin());
        if (pr.vc.get(actorOf(pi, a)) < e)
          pr.vc.set(actorOf(pi, a), e);
      }
    };
    if (kind == OpKind::WarpGroupDotWait)
      return retire(kWgmmaAgent, "pendings");
    if (kind == OpKind::TmaStoreWait)
      return retire(kBulkStoreAgent, "pendings");
    if (kind == OpKind::AsyncWait)
      return retire(kCpAsyncAgent, "num");
    if (kind == OpKind::AsyncCommitGroup) {
      // Closes the cp.async group: every copy issued since the last commit.
      Proc::Groups &g = pr.groups[groupIndex(kCpAsyncAgent)];
      if (g.tick && (g.pending.empty() || g.pending.back() != g.tick))
        g.pending.push_back(g.tick);
      return;
    }
    dialect::OperandRoles r = dialect::operandRoles(m_, op);
    if (r.pred) {
      interp::Scalar p = pr.p.value(r.pred);
      if (p.isKnown() && !p.isTrue())
        return;
    }
    // Async work that touches SMEM while the warps run on: an access of the
    // agent that a later wait retires. An async wgmma and a TMA store are
    // one group each; cp.async copies join the group a commit closes.
    Agent agent = kSelf;
    if (kind == OpKind::WarpGroupDot && dialect::attrText(m_, op, "isAsync") == "true")
      agent = kWgmmaAgent;
    else if (kind == OpKind::TmaStore || kind == OpKind::TmaReduce || kind == OpKind::TmaScatter)
      agent = kBulkStoreAgent;
    else if (kind == OpKind::AsyncCopyGlobalToLocal)
      agent = kCpAsyncAgent;
    if (agent != kSelf) {
      Proc::Groups &g = pr.groups[groupIndex(agent)];
      ++g.tick;
      if (agent != kCpAsyncAgent)
        g.pending.push_back(g.tick);
    }
    for (const ir::Value *v : r.reads)
      recordAccess(s, pi, op, v, false, agent);
    for (const ir::Value *v : r.writes)
      recordAccess(s, pi, op, v, true, agent);
  }

  /// Race mode: records one access of memdesc `v` by process `pi` (or by
  /// its async agent) and keeps the first conflict found.
  void recordAccess(State &s, size_t pi, const ir::Operation *op, const ir::Value *v, bool write,
                    Agent agent) {
    if (race_ || !v)
      return;
    const Proc &pr = s.procs[pi];
    std::optional<int64_t> slot = slotOf(s, pr, v);
    races::VectorClock vc = pr.vc;
    if (agent == kBarrierAgent)
      vc.set(actorOf(pi, kBarrierAgent), pr.asyncTick);
    else if (agent != kSelf)
      vc.set(actorOf(pi, agent), pr.groups[groupIndex(agent)].tick);
    for (const kernel::Allocation *a : k_.rootsOf(v)) {
      if (a->isBarrier)
        continue;
      races::Access ac;
      ac.actor = static_cast<uint32_t>(actorOf(pi, agent));
      ac.epoch = vc.get(ac.actor);
      ac.write = write;
      ac.op = op;
      ac.alloc = a->id;
      ac.slot = slot && v != a->value && a->slots() > 1 ? *slot : -1;
      if (a->kind == kernel::AllocKind::Tensor) {
        // Column-packed TMEM: sub-views of one owner are apart when their
        // columns are. Through a dynamic slot the range is the allocation's
        // whole span and the slot stays with `ac.slot` (and its allocation).
        kernel::TmemColumns c = k_.tmemColumnsOf(v);
        if (c.known && c.owner) {
          ac.col0 = c.begin;
          ac.col1 = c.end;
          if (c.how.find("any slot") == std::string::npos) {
            ac.alloc = c.owner->id;
            ac.slot = -1;
          }
        }
      }
      auto hit = s.hist.record(ac, vc, alias_ ? alias_ : [](uint32_t x, int64_t sx, uint32_t y, int64_t sy) {
        return x == y && (sx < 0 || sy < 0 || sx == sy);
      });
      if (hit && !race_) {
        RaceHit h;
        h.conflict = *hit;
        h.earlierActor = actorName(s, hit->earlier);
        h.laterActor = actorName(s, hit->later);
        h.slot = slotName(hit->later.alloc, hit->later.slot);
        if (hit->later.col1 && hit->earlier.col1) // column-packed TMEM: where the two overlap
          h.slot += " columns [" + std::to_string(std::max(hit->later.col0, hit->earlier.col0)) + ", " +
                    std::to_string(std::min(hit->later.col1, hit->earlier.col1)) + ")";
        h.reason = raceReason(s, *hit);
        race_ = std::move(h);
        raceStep_ = curOut_ ? curOut_->size() : ~size_t(0);
        return;
      }
    }
  }

  std::string slotName(uint32_t alloc, int64_t slot) const {
    const kernel::Allocation &a = k_.allocations[alloc];
    return slot >= 0 ? a.name + "[" + std::to_string(slot) + "]" : a.name;
  }

  /// "partition0", or "TMA for partition0" / "tcgen05 for default".
  std::string actorName(const State &s, const races::Access &a) const {
    size_t pi = a.actor / kActorsPerProc;
    std::string who = pi < s.procs.size() ? partName(s.procs[pi].partition) : "?";
    if (a.actor % kActorsPerProc == kSelf)
      return who;
    switch (a.actor % kActorsPerProc) {
    case kWgmmaAgent:
      return "wgmma for " + who;
    case kBulkStoreAgent:
      return "TMA store for " + who;
    case kCpAsyncAgent:
      return "cp.async for " + who;
    default:
      break;
    }
    OpKind k = dialect::kindOf(a.op);
    return std::string(k == OpKind::TmaLoad || k == OpKind::TmaGather ? "TMA" : "tcgen05") + " for " + who;
  }

  /// "default's last wait, on ready[0] (IR 46), passed on a fresh barrier ...".
  std::string lastWaitText(const Proc &p) const {
    std::string who = partName(p.partition);
    if (p.skippedWait)
      return who + " skipped its wait on " + p.skippedOn + " (IR " + std::to_string(p.skippedWait->line) +
             ", predicate false), so nothing orders its access after the write that wait stands for";
    if (!p.lastWait || p.lastKey == ~uint64_t(0))
      return who + " passed no wait before it";
    std::string phase = p.lastPhase > 0
                            ? "the completion of its phase " + std::to_string(p.lastPhase - 1)
                            : "a fresh barrier (phase 0 still open: a wait on parity 1 passes at once)";
    return who + "'s last wait, on " + barName(p.lastKey) + " (IR " + std::to_string(p.lastWait->line) +
           "), passed on " + phase;
  }

  /// The reason in words: the waits that should have ordered the two
  /// accesses, and why they did not.
  std::string raceReason(const State &s, const races::Conflict &c) const {
    const Proc &lp = s.procs[c.later.actor / kActorsPerProc];
    const Proc &ep = s.procs[c.earlier.actor / kActorsPerProc];
    std::string earlier = actorName(s, c.earlier), later = actorName(s, c.later);
    std::string slot = slotName(c.later.alloc, c.later.slot);
    std::string text = lastWaitText(lp);
    if (&ep != &lp)
      text += "; " + lastWaitText(ep);
    std::string what = c.earlier.write && !c.later.write
                           ? later + " reads " + slot + " that no write it waited for has filled since " +
                                 earlier + "'s write"
                       : !c.earlier.write && c.later.write
                           ? later + " overwrites " + slot + " that " + earlier + " has not released"
                           : later + " and " + earlier + " both write " + slot + " unordered";
    // Group-retired async work still in flight when the other access came.
    auto inFlight = [&](const races::Access &a, const Proc &p) -> std::string {
      const char *work = nullptr, *wait = nullptr;
      switch (a.actor % kActorsPerProc) {
      case kWgmmaAgent: work = "the wgmma reading it"; wait = "warp_group_dot_wait"; break;
      case kBulkStoreAgent: work = "the TMA store reading it"; wait = "async_tma_store_wait"; break;
      case kCpAsyncAgent: work = "the cp.async writing it"; wait = "async_commit_group + async_wait"; break;
      default: return "";
      }
      std::string by = &p == &lp ? "before its own access" : "before the arrive that released it";
      return "; " + std::string(work) + " (IR " + std::to_string(a.op->line) + ") was still in flight: no " +
             wait + " of " + partName(p.partition) + " retired it " + by;
    };
    if (std::string f = inFlight(c.earlier, ep); !f.empty())
      return text + ": " + what + f;
    // One side waited on a barrier the other side never arrives on: that
    // side's access is released to no one.
    for (auto [waiter, other] : {std::pair{&lp, &ep}, std::pair{&ep, &lp}}) {
      if (waiter == other || !waiter->lastWait || waiter->lastKey == ~uint64_t(0))
        continue;
      std::set<int> arrivers = arriversOf(static_cast<uint32_t>(waiter->lastKey >> 32));
      if (!arrivers.count(other->partition))
        return text + ": " + what + "; no arrival of " + partName(other->partition) + " completes " +
               barName(waiter->lastKey) + ", so its access is released to no one (one release for two users?)";
    }
    if (lp.skippedWait || ep.skippedWait)
      return text + ": " + what + "; a wait skipped by its predicate lets the access (and the release after it) run "
                                  "ahead of the barrier's phases";
    return text + ": " + what +
           "; a wait passed on the phase of an earlier round: its counter is not in step with the barrier";
  }

  const ir::Module &m_;
  const kernel::Kernel &k_;
  const DeadlockOptions &opts_;
  interp::Program prog_;
  interp::EventSet events_;
  const ir::Operation *unmodelled_ = nullptr;
  bool raceMode_ = false;
  races::AccessHistory::AliasFn alias_;
  const std::vector<std::pair<State, TraceStep>> *curOut_ = nullptr;
  size_t raceStep_ = ~size_t(0);

public:
  /// Waits that passed on a phase their process had already waited for.
  std::set<const ir::Operation *> redundant_;
  /// Race mode: the first race of the last run.
  std::optional<RaceHit> race_;
  /// The first over-arrival of the last run (shortest path).
  std::optional<OverArrival> over_;
  std::optional<TraceStep> overStep_;
  /// Race mode: states of the last run in which nothing could move.
  size_t stuckStates_ = 0;
};

/// The runs of one kernel: integer arguments not bound by --arg are tried
/// together over `opts.tryValues`; `unbound` gets their names.
inline std::vector<std::pair<interp::Bindings, std::string>>
planRuns(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts,
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
  } else {
    for (int64_t v : opts.tryValues) {
      interp::Bindings b = opts.bindings;
      for (const std::string &n : unbound)
        b.set(n, v);
      runs.push_back({b, (fixed.empty() ? "" : fixed + ", ") + "others=" + std::to_string(v)});
    }
  }
  return runs;
}

} // namespace tscope::checks::model
