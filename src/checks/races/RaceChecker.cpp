// RaceChecker: tscope races' driver over the model's exploration
// (checks/model/Explorer.h) with RaceObserver plugged in, and the shared
// exploration that serves tscope deadlock and tscope races at once.
#include "checks/races/RaceChecker.h"

#include "checks/model/Schedule.h"

#include "checks/model/Explorer.h"
#include "checks/races/RaceObserver.h"

namespace tscope::checks::races {

namespace {

RaceAccess sideOf(const kernel::Kernel &k, const model::Access &a, const std::string &actor) {
  RaceAccess r;
  r.actor = actor;
  r.write = a.write;
  r.op = a.op;
  r.what = std::string(a.write ? "write" : "read") + " (" + std::string(a.op->opName()) + ")";
  r.where = pointOf(k, a.op);
  return r;
}

/// The race run of one exploration; moves the observer's race, if any, into `res`.
void addRaceRun(const kernel::Kernel &k, const DeadlockRun &d, const model::Explorer &x, RaceObserver &obs,
                KernelRaceResult &res) {
  RaceRun rr;
  rr.bindings = d.bindings;
  // Stuck and faulting states end an interleaving here: they are tscope
  // deadlock's findings.
  rr.verdict = d.verdict == "no-deadlock" || d.verdict == "trap" ? "no-race" : d.verdict;
  rr.overArrival = d.overArrival.has_value();
  rr.reason = d.reason;
  rr.stop = d.stop;
  rr.states = d.states;
  rr.stuckStates = x.stuckStates();
  res.runs.push_back(rr);
  if (!obs.hit)
    return;
  const RaceHit &h = *obs.hit;
  Race race;
  race.earlier = sideOf(k, h.conflict.earlier, h.earlierActor);
  race.later = sideOf(k, h.conflict.later, h.laterActor);
  race.slot = h.slot;
  race.reason = h.reason;
  race.trace = x.stopTrace();
  res.race = std::move(race);
  res.evidenceRun = res.runs.size() - 1;
}

/// The kernel's race verdict from its runs, and the redundant-wait notes.
void summarizeRaces(const kernel::Kernel &k, const model::Explorer &x, KernelRaceResult &res) {
  bool allClean = true;
  for (const RaceRun &r : res.runs)
    allClean &= r.verdict == "no-race";
  if (res.race) {
    res.verdict = "race";
  } else if (allClean) {
    res.verdict = "no-race";
  } else {
    res.verdict = "unknown";
    res.reason = firstUnknownReason(res.runs);
  }
  for (const ir::Operation *op : x.redundantWaits())
    res.redundantWaits.push_back({std::string(op->opName()), pointOf(k, op)});
}

/// Classifies `res`'s race by the weakest schedule that reaches it: the
/// evidence run's bindings explored again with in-order copies.
void classifyRace(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts,
                  const std::vector<std::pair<interp::Bindings, std::string>> &runs, KernelRaceResult &res) {
  if (!res.race || !res.evidenceRun)
    return;
  const std::string &label = res.runs[*res.evidenceRun].bindings;
  const interp::Bindings *b = model::bindingsOf(runs, label);
  if (!b)
    return;
  DeadlockOptions io = model::inOrderOptions(opts);
  RaceObserver obs(k);
  model::Explorer x(m, k, io, &obs);
  DeadlockRun r = x.run(*b, label);
  res.race->strength = model::inOrderStrength(obs.hit.has_value(), r);
}

/// The deadlock run of a shared exploration `d`, when it decides one: its
/// first hang, or its clean/trap end.
std::optional<DeadlockRun> deadlockRunOf(const model::Explorer &x, const DeadlockRun &d) {
  if (x.hang()) {
    DeadlockRun h = *x.hang();
    h.bindings = d.bindings;
    h.overArrival = d.overArrival;
    h.finishes = d.finishes; // the shared search saw what the plain one would
    h.complete = d.complete;
    return h;
  }
  if (d.verdict == "no-deadlock" || d.verdict == "trap")
    return d;
  return std::nullopt;
}

/// The proof for every trip count with clocks (docs/Races.md, "Every trip
/// count"): explored by `x`, whose observer is `obs`. When it goes through
/// its exploration becomes `res`'s only run and true is returned. A race it
/// meets is not evidence (the trip counts were free): the bounded runs
/// decide, and report a race with its concrete trace.
bool proveRaces(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts, model::Explorer &x,
                RaceObserver &obs, KernelRaceResult &res) {
  obs.hit.reset();
  DeadlockRun run = model::proveEveryTripCount(x, m, k, opts, res.proof);
  obs.hit.reset();
  if (!res.proof.proved)
    return false;
  addRaceRun(k, run, x, obs, res);
  return true;
}

} // namespace

std::vector<KernelRaceResult> checkRaces(const ir::Module &m, const DeadlockOptions &opts) {
  return checkRaces(m, kernel::Kernel::build(m), opts);
}

KernelRaceResult checkKernelRaces(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts) {
  KernelRaceResult res;
  res.kernel = k.name;
  res.entry = pointOf(k, k.func);
  RaceObserver obs(k);
  model::Explorer explorer(m, k, opts, &obs);
  std::vector<std::string> unbound;
  auto runs = model::planRuns(m, k, opts, unbound);
  res.unboundArgs = unbound;
  if (opts.proveTrips && proveRaces(m, k, opts, explorer, obs, res))
    runs.clear(); // the proof covers every value the runs would try
  model::addWitnessRun(m, k, opts, res.proof, runs);
  model::SweepGrowth growth;
  for (auto &[b, label] : runs) {
    if (std::string why = growth.skip(b, label, opts.maxStates); !why.empty()) {
      res.runs.push_back(runNotMade<RaceRun>(label, std::move(why)));
      break;
    }
    obs.hit.reset();
    DeadlockRun run = explorer.run(b, label);
    growth.ran(b, label, run.states);
    addRaceRun(k, std::move(run), explorer, obs, res);
    if (res.race || stateBudgetSpent(res.runs.back()))
      break; // a larger value only explores more
  }
  summarizeRaces(k, explorer, res);
  classifyRace(m, k, opts, runs, res);
  return res;
}

std::vector<KernelRaceResult> checkRaces(const ir::Module &m, const std::vector<kernel::Kernel> &kernels,
                                         const DeadlockOptions &opts) {
  std::vector<KernelRaceResult> out;
  for (const kernel::Kernel &k : kernels)
    if (k.entry) // a device function: its caller's tt.call is what is not verified
      out.push_back(checkKernelRaces(m, k, opts));
  return out;
}

std::vector<KernelModelResult> checkDeadlocksAndRaces(const ir::Module &m, const DeadlockOptions &opts) {
  return checkDeadlocksAndRaces(m, kernel::Kernel::build(m), opts);
}

std::vector<KernelModelResult> checkDeadlocksAndRaces(const ir::Module &m, const std::vector<kernel::Kernel> &kernels,
                                                      const DeadlockOptions &opts) {
  std::vector<KernelModelResult> out;
  for (const kernel::Kernel &k : kernels) {
    if (!k.entry)
      continue; // a device function: its caller's tt.call is what is not verified
    KernelModelResult r;
    r.deadlock.kernel = r.races.kernel = k.name;
    r.deadlock.entry = r.races.entry = pointOf(k, k.func);
    RaceObserver obs(k);
    model::Explorer both(m, k, opts, &obs, /*recordHangs=*/true);
    model::Explorer plain(m, k, opts);
    std::vector<std::string> unbound;
    auto runs = model::planRuns(m, k, opts, unbound);
    r.deadlock.unboundArgs = r.races.unboundArgs = unbound;
    // Each search stops at its own evidence (checkDeadlocks: a hang or an
    // over-arrival; checkRaces: a race); while both still run they share one.
    bool deadlockDone = false, racesDone = false;
    model::DeadlockSweep sweep;
    if (opts.proveTrips) {
      DeadlockRun proofRun = model::proveEveryTripCount(plain, m, k, opts, r.deadlock.proof);
      if (r.deadlock.proof.proved) {
        r.deadlock.runs.push_back(std::move(proofRun));
        deadlockDone = true; // the proof covers every value the runs would try
      }
      // The clocked search refines the plain one (each of its states is a
      // plain state with clocks, each of its folds a plain fold): where the
      // plain proof stopped undecided or over-arrived, the race proof would
      // too. Only a hang, which ends no race search, leaves it a chance.
      if (r.deadlock.proof.proved || proofRun.verdict == "deadlock")
        racesDone = proveRaces(m, k, opts, both, obs, r.races);
      model::addWitnessRun(m, k, opts, r.deadlock.proof, runs);
      model::addWitnessRun(m, k, opts, r.races.proof, runs);
    }
    for (auto &[b, label] : runs) {
      if (deadlockDone && racesDone)
        break;
      std::optional<DeadlockRun> d;
      if (!racesDone) {
        obs.hit.reset();
        DeadlockRun shared = both.run(b, label);
        addRaceRun(k, shared, both, obs, r.races);
        racesDone = r.races.race.has_value();
        if (!deadlockDone)
          d = deadlockRunOf(both, shared);
      }
      if (deadlockDone)
        continue;
      // As checkDeadlocks (model::DeadlockSweep).
      r.deadlock.runs.push_back(d ? std::move(*d) : plain.run(b, label, sweep.nextCap()));
      deadlockDone = sweep.stopsAfter(r.deadlock.runs.back());
      racesDone |= !r.races.runs.empty() && stateBudgetSpent(r.races.runs.back());
    }
    model::summarizeDeadlock(r.deadlock);
    model::classifySchedules(m, k, opts, runs, r.deadlock);
    summarizeRaces(k, both, r.races);
    classifyRace(m, k, opts, runs, r.races);
    out.push_back(std::move(r));
  }
  return out;
}

} // namespace tscope::checks::races
