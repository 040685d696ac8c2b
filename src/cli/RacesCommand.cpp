// `tscope races FILE`: find buffer races (conflicting slot accesses with no
// happens-before) over every interleaving of the barrier model. The findings
// print through render/FindingRender, as `tscope check` prints them; this
// command adds the runs table and the pair of accesses of each kernel.
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checks/fix/FixSearch.h"
#include "checks/races/RaceFindings.h"
#include "cli/Command.h"
#include "cli/FindingsOutput.h"
#include "cli/ModelOptions.h"
#include "render/FindingRender.h"

namespace tscope::cli {
namespace {

using checks::locationOf;

nlohmann::json kernelJson(const support::SourceBuffer &buf, const checks::races::KernelRaceResult &r) {
  nlohmann::json runs = nlohmann::json::array();
  for (const auto &run : r.runs)
    runs.push_back({{"bindings", run.bindings}, {"verdict", run.verdict}, {"reason", run.reason},
                    {"states", run.states}, {"stuck_states", run.stuckStates}, {"over_arrival", run.overArrival}});
  nlohmann::json kj = {{"name", r.kernel}, {"verdict", r.verdict}, {"reason", r.reason},
                       {"unbound_args", r.unboundArgs}, {"runs", runs}, {"race", nullptr},
                       {"proof", proofJson(r.proof)}};
  if (!r.race)
    return kj;
  const auto &race = *r.race;
  auto side = [&](const checks::races::RaceAccess &a) {
    auto at = locationOf(buf, a.where);
    return nlohmann::json{{"actor", a.actor}, {"access", a.write ? "write" : "read"}, {"op", a.what},
                          {"location", render::locationJson(at)}, {"source", render::sourceJson(at)}};
  };
  kj["race"] = {{"slot", race.slot}, {"reason", race.reason}, {"earlier", side(race.earlier)},
                {"later", side(race.later)}, {"trace_steps", race.trace.size()}};
  return kj;
}

/// The kernel's own text section: verdict, runs, and the pair of accesses;
/// the reason and the trace are the race finding's notes and trace.
void kernelText(std::ostream &os, const support::SourceBuffer &buf, const checks::races::KernelRaceResult &r) {
  const bool proved = r.proof.proved && r.verdict == "no-race";
  const std::string gloss = proved ? provedGloss(r.proof, "every access is ordered in every interleaving")
                            : r.verdict == "no-race" ? "every access is ordered in every interleaving of every run below"
                                                     : "";
  kernelHeader(os, r.kernel, r.verdict, gloss.c_str(), r.reason, proved ? std::vector<std::string>{} : r.unboundArgs);
  if (proved) {
    proofText(os, r.proof);
    if (!r.runs.empty() && r.runs.front().stuckStates)
      os << fmt::format("    {} of them stuck: see tscope deadlock\n", r.runs.front().stuckStates);
    return;
  }
  for (const auto &run : r.runs)
    os << fmt::format("  run {}: {} ({} states{}{}){}\n", run.bindings, run.verdict, run.states,
                      run.stuckStates ? fmt::format(", {} stuck: see tscope deadlock", run.stuckStates) : "",
                      run.overArrival ? ", an mbarrier over-arrival: see tscope deadlock" : "",
                      run.reason.empty() ? "" : ": " + run.reason);
  if (r.proof.attempted && r.verdict == "no-race")
    os << "  every trip count: not proved (" << r.proof.why << "); the verdict holds for the runs above\n";
  if (!r.race)
    return;
  const auto &race = *r.race;
  os << "  race on " << race.slot << ":\n";
  os << fmt::format("    earlier: {:<22} {}  [{}]\n", race.earlier.actor, race.earlier.what,
                    render::shortPlace(locationOf(buf, race.earlier.where)));
  os << fmt::format("    later:   {:<22} {}  [{}]\n", race.later.actor, race.later.what,
                    render::shortPlace(locationOf(buf, race.later.where)));
}

int runRaces(const ir::Module &m, FindingsOutput &out, const checks::DeadlockOptions &opts) {
  const support::SourceBuffer &buf = m.buffer();
  bool found = false;
  std::vector<kernel::Kernel> kernels = kernel::Kernel::build(m);
  auto results = checks::races::checkRaces(m, kernels, opts);
  checks::fix::addFixes(m, kernels, opts, results);
  for (const auto &r : results) {
    if (!out.wants(r.kernel))
      continue;
    checks::AnalysisResult res = checks::races::raceFindings(buf, r);
    found |= res.kernels.front().verdict == checks::Verdict::Race && !out.disabled("race");
    out.add([&] { return kernelJson(buf, r); }, [&](std::ostream &os) { kernelText(os, buf, r); },
            std::move(res.findings));
  }
  out.finish();
  return found ? kExitFindings : kExitClean;
}

} // namespace

Command makeRacesCommand() {
  return modelCommand("races",
                      "Find buffer races: slot accesses with no happens-before (barrier model, all interleavings)",
                      "tscope.races/1", runRaces);
}

} // namespace tscope::cli
