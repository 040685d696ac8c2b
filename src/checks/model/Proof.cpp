// Proof: the explorer's proof for every trip count -- a symbolic loop's
// choice as a step of the search, the scalars the model reads (which must
// not move with a trip count), and the rounds of the proof itself
// (docs/Deadlock.md, "Every trip count").
#include <algorithm>
#include <climits>

#include "checks/model/Explorer.h"
#include "interp/TripShift.h"
#include "ir/Attribute.h"

namespace tscope::checks::model {

using dialect::OpKind;

namespace {

/// True when `v` moves with a trip parameter that is still open in `s`.
bool movesOpen(const State &s, const interp::Scalar &v) { return v.tripDependent() && s.trips.shifts(v.tripParam()); }

} // namespace

Explorer::Outcome Explorer::stepTripChoice(const State &s, size_t pi, Successors &out, Undecided &unknown) {
  const Proc &pr = s.procs[pi];
  auto [id, iteration] = pr.p.pendingChoice();
  // Stopped at the loop op itself (iteration 0) or at the end of its body.
  const ir::Operation *op = pr.p.op();
  const ir::Operation *loop = op;
  if ((!op || dialect::kindOf(op) != OpKind::For) && !pr.p.loops().empty())
    loop = pr.p.program().opAt(pr.p.loops().back().instr);
  uint32_t line = loop ? loop->line : 0;
  // A comparison with a loop's bound (`N_CTX > 64`) asks the same question
  // of the loop's trip count; the trace names the loop and the comparison.
  const bool compare = op && dialect::kindOf(op) != OpKind::For && pr.p.program().instr(pr.p.pc()).code ==
                                                                       interp::Opcode::Cmp;
  if (compare) {
    loop = op;
    line = id <= trips_.lines.size() ? trips_.lines[id - 1u] : 0;
    if (pr.p.choiceSettles())
      decidesSettling_ = true; // a shifted state may answer it otherwise (prove())
  }
  if (foot_)
    foot_->trips = true;
  if (s.trips.decide(id, iteration) != interp::TripDecision::Choose) {
    // Another loop of the parameter chose since this one stopped: follow it.
    State n = s;
    n.procs.mut(pi).p.resumeAfterChoice();
    bool more = s.trips.decide(id, iteration) == interp::TripDecision::More;
    TraceStep st{partName(pr),
                 compare ? "arith.cmpi at IR line " + std::to_string(op->line) +
                               " follows the trip count of the loop at IR " + std::to_string(line)
                 : "the loop at IR " + std::to_string(line) +
                     (more ? " runs iteration " + std::to_string(iteration) : " ends after " + std::to_string(iteration) + " trips"),
                 where(loop)};
    if (!advance(n, pi, unknown))
      return Outcome::Unknown;
    out.push_back({std::move(n), std::move(st)});
    return Outcome::Pushed;
  }
  for (bool more : {false, true}) {
    State n = s;
    n.trips.choose(id, iteration, more);
    n.procs.mut(pi).p.resumeAfterChoice();
    std::string what = compare ? "the trip count of the loop at IR " + std::to_string(line) +
                                     (more ? " is more than " : " is ") + std::to_string(iteration) +
                                     " (arith.cmpi at IR line " + std::to_string(op->line) + " compares with its bound)"
                       : more ? "the loop at IR " + std::to_string(line) + " runs iteration " +
                                  std::to_string(iteration) + " (trip count > " + std::to_string(iteration) + ")"
                            : "the loop at IR " + std::to_string(line) + " ends after " +
                                  std::to_string(iteration) + " trips (trip count = " + std::to_string(iteration) +
                                  ")";
    TraceStep st{partName(pr), what, where(loop)};
    if (!advance(n, pi, unknown))
      return Outcome::Unknown;
    out.push_back({std::move(n), std::move(st)});
  }
  return Outcome::Pushed;
}

bool Explorer::readsMove(const State &s, const Proc &pr, const ir::Operation *op, Undecided &unknown) const {
  OpKind kind = dialect::kindOf(op);
  if (kind == OpKind::WarpSpecialize || kind == OpKind::WarpGroup)
    return false; // captures keep how they move in the partitions
  const dialect::OperandRoles &r = roles(op);
  for (uint32_t i = 0; i < op->numOperands; ++i) {
    const ir::Value *v = op->operands[i];
    if (v == r.useAcc || std::find(r.coords.begin(), r.coords.end(), v) != r.coords.end())
      continue; // TMA coordinates and the accumulate flag do not steer the model
    interp::Scalar x = pr.p.value(v);
    if (x.tripDependent() && foot_)
      foot_->trips = true; // whether it moves depends on which trip counts are still open
    if (!movesOpen(s, x))
      continue;
    if (x.tripParam() == interp::Scalar::kUnsettled ||
        (x.tripParam() == interp::Scalar::kOpaque && x.width() == 1 && kind != OpKind::MemDescIndex)) {
      // A predicate that changes in the first iterations (`k > 0`), or a
      // remainder of a counter still below zero (`(i - 1) % 2` at i = 0):
      // its value now is concrete; prove() checks that no fold leads back here.
      decidesSettling_ = true;
      continue;
    }
    unknown = {partName(pr) + ": " + std::string(op->opName()) + " at IR line " + std::to_string(op->line) +
                   " reads " + interp::valueName(m_, *v) +
                   ", which moves with a loop counter in a way no shift of the trip count carries",
               Gap::Proof, op};
    return true;
  }
  return false;
}

DeadlockRun Explorer::prove(const interp::Bindings &b, std::string label, TripProofResult &res) {
  res = {};
  res.attempted = true;
  proof_ = true;
  if (steer_.empty()) // what the fold compares: only the proof folds
    steer_ = steeringValues(m_, prog_);
  deadline_ = std::chrono::steady_clock::now() + std::chrono::seconds(kProofSeconds);
  DeadlockRun run;
  // Every trip count from 0; when that is undecided (typically a drain
  // after the loop whose parity is `(n - 1) & 1`, unknown for n = 0), every
  // trip count from 1, saying what 0 trips left open.
  for (int64_t minTrips : {0, 1}) {
    trips_ = {};
    trips_.minTrips = minTrips;
    // A fold is checked against the periods known when it is made; a later
    // remainder or mask may need a longer one. Then the search runs again
    // with the periods it ended with, until every fold agrees.
    for (int round = 0; round < 4; ++round) {
      folds_.clear();
      badTrips_.reset();
      run = this->run(b, label);
      if (run.verdict != "no-deadlock" || shiftsHold(folds_, trips_))
        break;
    }
    if (run.verdict != "unknown" || trips_.keys.empty() || minTrips == 1 || run.stop.gap == Gap::Budget)
      break;
    res.fromTrip = 1;
    res.zeroTripWhy = run.reason;
  }
  if (!(run.verdict == "no-deadlock" && shiftsHold(folds_, trips_)) && res.fromTrip) {
    res.fromTrip = 0; // not proved from 1 either: the reason is that run's
    res.zeroTripWhy.clear();
  }
  proof_ = false;
  res.states = run.states;
  res.folds = folds_.size();
  for (size_t i = 0; i < trips_.keys.size(); ++i) {
    uint64_t period = trips_.periodOf(static_cast<uint8_t>(i + 1));
    res.loops.push_back("IR " + std::to_string(trips_.lines[i]) + " (period " + std::to_string(period) +
                        (period == 1 ? " trip)" : " trips)"));
  }
  if (run.verdict == "no-deadlock" && !shiftsHold(folds_, trips_)) {
    res.why = "the shifts did not settle on a period";
  } else if (run.verdict == "no-deadlock") {
    res.proved = true;
  } else if (run.verdict == "unknown") {
    res.why = run.reason;
  } else if (run.verdict == "race") {
    res.why = "with the trip counts free, an interleaving races (the runs below decide whether a value of the "
              "inputs reaches it)";
  } else if (run.verdict == "deadlock") {
    res.why = "with the trip counts free, an interleaving hangs (the runs below decide whether a value of the "
              "inputs reaches it)";
  } else {
    res.why = "with the trip counts free, an interleaving over-arrives on an mbarrier";
  }
  if (!res.proved && run.verdict != "unknown" && run.verdict != "no-deadlock" && badTrips_) {
    witnessOf(*badTrips_, res);
    if (!res.witness.empty()) {
      std::string at;
      for (const auto &[name, value] : res.witness)
        at += (at.empty() ? "" : ", ") + name + "=" + std::to_string(value);
      res.why += "; a run at " + at + " gives it its " + res.witnessWhy;
    }
  }
  return run;
}

void Explorer::witnessOf(const interp::TripParams &bad, TripProofResult &res) const {
  // Each trip count of the counterexample read back into the input that
  // bounds its loop: `for lb to X + off step s` runs T trips at
  // X = lb - off + T s (the largest such X; T = 0 at X = lb - off). An
  // open count (at least T) takes T.
  const ir::Block *entry = k_.func->firstRegion ? k_.func->firstRegion->first : nullptr;
  if (!entry)
    return;
  for (const interp::TripProof::UbRelation &r : trips_.relations) {
    if (r.id > bad.items.size() || !bad.at(r.id).key)
      continue;
    int64_t t = bad.at(r.id).n;
    // The bound's input, or the input a tile count `(X + o) / d` divides:
    // that count is v at X = v d - o (exact for a floor or ceiling).
    __int128 x = static_cast<__int128>(r.lb) - r.off + static_cast<__int128>(t) * r.step;
    uint64_t base = r.base;
    if (std::optional<interp::TripProof::Quotient> q = trips_.quotientOf(r.base)) {
      base = q->base;
      x = x * q->div - q->off;
    }
    for (uint32_t i = 0; i < entry->numArgs; ++i) {
      if (interp::inputTerm(1, i) != base)
        continue;
      std::string name(m_.str(entry->args[i].name));
      bool seen = false;
      for (const auto &w : res.witness)
        seen |= w.first == name;
      if (seen || x < INT32_MIN || x > INT32_MAX)
        break;
      res.witness.push_back({name, static_cast<int64_t>(x)});
      res.witnessWhy += (res.witnessWhy.empty() ? "" : ", ") + std::string("trip count ") + std::to_string(t) +
                        (bad.at(r.id).fixed ? "" : " or more") + " of the loop at IR " +
                        std::to_string(r.id <= trips_.lines.size() ? trips_.lines[r.id - 1u] : 0);
      break;
    }
  }
}

void addWitnessRun(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts,
                   const TripProofResult &proof, std::vector<std::pair<interp::Bindings, std::string>> &runs) {
  if (proof.proved || proof.witness.empty())
    return;
  // A binding names an argument with or without its `%`.
  auto names = [](const interp::Bindings::Arg &a, const std::string &name) {
    return a.name == name || "%" + a.name == name;
  };
  // An input the user bound keeps its value: the runs answer for it.
  for (const auto &[name, value] : proof.witness)
    for (const interp::Bindings::Arg &a : opts.bindings.args)
      if (names(a, name))
        return;
  // The other unbound inputs take the first witness value, as a planned
  // run gives them one value together.
  DeadlockOptions one = opts;
  one.tryValues = {proof.witness.front().second};
  one.coverageRun = false;
  std::vector<std::string> unbound;
  auto planned = planRuns(m, k, one, unbound);
  if (planned.empty())
    return;
  auto [b, label] = planned.front();
  std::string named;
  for (const auto &[name, value] : proof.witness) {
    bool set = false;
    for (interp::Bindings::Arg &a : b.args)
      if (names(a, name)) {
        a.value = value;
        set = true;
      }
    if (!set)
      b.set(name, value);
    named += (named.empty() ? "" : ", ") + name.substr(name.starts_with("%") ? 1 : 0) + "=" + std::to_string(value);
  }
  for (const auto &[pb, pl] : runs) {
    bool same = pb.numPrograms == b.numPrograms && pb.args.size() == b.args.size();
    for (size_t i = 0; same && i < b.args.size(); ++i)
      same = pb.args[i].name == b.args[i].name && pb.args[i].value == b.args[i].value;
    if (same)
      return; // the sweep already runs it
  }
  runs.push_back({std::move(b), named + " (from the proof: " + proof.witnessWhy + ")"});
}

namespace {

/// Why no process of `k` can block or over-arrive, whatever its inputs; ""
/// when one might. A process blocks only at an mbarrier wait, a named
/// barrier, an aref or token wait, or a join; arrives only on mbarriers. With
/// no mbarrier allocation (function arguments included), no named barrier and
/// no NVWS op, only joins remain, and each partition reaches its end: every
/// loop is an scf.for (finite trips), with no branch between blocks, no
/// scf.while and no call whose body is not here. Async groups (wgmma, bulk
/// stores, cp.async) retire unconditionally, so their waits pass.
std::string nothingBlocks(const ir::Module &m, const kernel::Kernel &k) {
  for (const kernel::Allocation &a : k.allocations)
    if (a.isBarrier)
      return "";
  bool blocks = false;
  k.walk([&](const ir::Operation *op, const kernel::Placement &) {
    if (blocks)
      return;
    std::string_view name = op->opName();
    switch (dialect::kindOf(op)) {
    case OpKind::NamedBarrierArrive:
    case OpKind::NamedBarrierWait:
      blocks = true;
      return;
    default:
      break;
    }
    dialect::OperandRoles r = dialect::operandRoles(m, op);
    blocks = name == "scf.while" || name.starts_with("cf.") || name.starts_with("nvws.") || name == "tt.call" ||
             !r.barriers.empty() || r.barrier;
    // A constant step that is not positive never ends the loop (scf.for's
    // verifier rejects it; lit tests of other passes carry it).
    if (!blocks && dialect::kindOf(op) == OpKind::For && op->numOperands >= 3)
      if (const ir::Operation *d = op->operands[2]->definingOp())
        if (auto step = ir::parseIntLiteral(dialect::constantLiteral(m, d)); step && *step <= 0)
          blocks = true;
  });
  if (blocks)
    return "";
  return "no op can block or over-arrive: the kernel has no mbarrier, named barrier or aref, and every loop is "
         "an scf.for";
}

} // namespace

DeadlockRun proveEveryTripCount(Explorer &explorer, const ir::Module &m, const kernel::Kernel &k,
                                const DeadlockOptions &opts, TripProofResult &proof) {
  std::vector<std::string> inputs;
  DeadlockOptions none = opts;
  none.bindings.args.clear();
  none.coverageRun = false; // the names only
  planRuns(m, k, none, inputs);
  if (std::string why = explorer.tracksClocks() ? std::string() : nothingBlocks(m, k); !why.empty()) {
    proof.attempted = proof.proved = true;
    proof.byStructure = std::move(why);
    proof.inputs = inputs;
    DeadlockRun run;
    run.bindings = "every trip count";
    run.verdict = "no-deadlock";
    run.finishes = run.complete = true;
    return run;
  }
  interp::Bindings free = opts.bindings;
  free.args.clear();
  DeadlockRun run = explorer.prove(free, "every trip count", proof);
  std::vector<std::string> stillFree;
  DeadlockOptions names = opts;
  names.coverageRun = false;
  planRuns(m, k, names, stillFree);
  bool undecided = !proof.proved && !proof.why.empty() && run.verdict == "unknown";
  if (undecided && !opts.bindings.args.empty() && !stillFree.empty()) {
    TripProofResult bound;
    DeadlockRun again = explorer.prove(opts.bindings, "every trip count", bound);
    // With the bindings given, a proof is one only where a loop stayed
    // symbolic; otherwise it was a bounded run like the ones that follow.
    if (bound.proved && !bound.loops.empty()) {
      inputs = stillFree;
      proof = std::move(bound);
      run = std::move(again);
    }
  }
  proof.inputs = inputs;
  return run;
}

} // namespace tscope::checks::model
