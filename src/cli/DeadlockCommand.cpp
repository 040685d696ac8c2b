// `tscope deadlock FILE`: prove or refute a hang with the mbarrier phase model.
// The findings print through render/FindingRender, as `tscope check` prints
// them; this command adds the runs and the stuck state of each kernel.
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checks/model/Schedule.h"

#include "checks/deadlock/DeadlockFindings.h"
#include "checks/stale/StaleCheck.h"
#include "checks/fix/FixSearch.h"
#include "cli/Command.h"
#include "cli/FindingsOutput.h"
#include "cli/ModelOptions.h"
#include "render/FindingRender.h"

namespace tscope::cli {
namespace {

using checks::locationOf;

/// The kernel's own section of the JSON document: verdict, runs, and the
/// evidence run's cause, trace, barrier states and stuck partitions.
nlohmann::json kernelJson(const support::SourceBuffer &buf, const checks::KernelDeadlockResult &r) {
  nlohmann::json runs = nlohmann::json::array();
  for (const auto &run : r.runs)
    runs.push_back({{"bindings", run.bindings}, {"verdict", run.verdict}, {"reason", run.reason}, {"states", run.states}});
  nlohmann::json kj = {{"name", r.kernel}, {"verdict", r.verdict}, {"reason", r.reason}, {"proof", proofJson(r.proof)},
                       {"unbound_args", r.unboundArgs}, {"runs", runs}, {"cause", nullptr},
                       {"trace", nlohmann::json::array()}, {"barriers", nlohmann::json::array()},
                       {"stuck", nlohmann::json::array()}, {"over_arrival", nullptr},
                       {"expected_gpu", r.expectedGpu.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.expectedGpu)},
                       {"hang_schedule", r.evidenceRun ? nlohmann::json(checks::model::strengthName(r.hangStrength))
                                                       : nlohmann::json(nullptr)},
                       {"trap_schedule", r.trapRun ? nlohmann::json(checks::model::strengthName(r.trapStrength))
                                                   : nlohmann::json(nullptr)}};
  if (r.trapRun) {
    const auto &run = r.runs[*r.trapRun];
    const checks::OverArrival &ov = *run.overArrival;
    auto at = locationOf(buf, ov.where);
    nlohmann::json trace = nlohmann::json::array();
    for (const auto &t : ov.trace) {
      auto tat = locationOf(buf, t.where);
      trace.push_back({{"actor", t.actor}, {"action", t.action}, {"location", render::locationJson(tat)},
                       {"source", render::sourceJson(tat)}});
    }
    kj["over_arrival"] = {{"actor", ov.actor}, {"barrier", ov.barrier}, {"what", ov.what},
                          {"bindings", run.bindings}, {"location", render::locationJson(at)},
                          {"source", render::sourceJson(at)}, {"trace", trace}};
  }
  if (r.evidenceRun) {
    const auto &run = r.runs[*r.evidenceRun];
    kj["cause"] = run.cause;
    kj["barriers"] = run.barrierStates;
    kj["states"] = run.states;
    for (const auto &t : run.trace)
      kj["trace"].push_back({{"actor", t.actor}, {"action", t.action}, {"ir_line", t.where.irLine}});
    for (const auto &st : run.stuck) {
      auto at = locationOf(buf, st.where);
      kj["stuck"].push_back({{"partition", st.partition}, {"why", st.why}, {"location", render::locationJson(at)},
                             {"source", render::sourceJson(at)}});
    }
  }
  return kj;
}

/// The kernel's own text section: verdict, runs, and the stuck state; the
/// trace, cause and barrier states are notes of the deadlock finding.
void kernelText(std::ostream &os, const support::SourceBuffer &buf, const checks::KernelDeadlockResult &r) {
  const bool proved = r.proof.proved && r.verdict == "no-deadlock";
  const std::string gloss = proved ? provedGloss(r.proof, "every interleaving finishes")
                            : r.verdict == "no-deadlock" ? "every interleaving of every run below finishes"
                            : r.verdict == "trap" ? "no interleaving hangs, but one over-arrives on an mbarrier: the GPU faults"
                                                  : "";
  kernelHeader(os, r.kernel, r.verdict, gloss.c_str(), r.reason, proved ? std::vector<std::string>{} : r.unboundArgs);
  if (!r.expectedGpu.empty() && (r.verdict != "no-deadlock" || !r.inOrderWrong.empty()))
    os << "  expected on the GPU: " << r.expectedGpu << "\n";
  if (proved) {
    proofText(os, r.proof);
    return;
  }
  for (const auto &run : r.runs)
    os << fmt::format("  run {}: {} ({} states){}\n", run.bindings, run.verdict, run.states,
                      run.reason.empty() ? "" : ": " + run.reason);
  if (r.proof.attempted && r.verdict == "no-deadlock")
    os << "  every trip count: not proved (" << r.proof.why << "); the verdict holds for the runs above\n";
  if (r.verdict != "deadlock" || !r.evidenceRun)
    return;
  os << "  stuck state:\n";
  for (const auto &s : r.runs[*r.evidenceRun].stuck)
    os << fmt::format("    {:<11} {}  [{}]\n", s.partition, s.why, render::shortPlace(locationOf(buf, s.where)));
}

int runDeadlock(const ir::Module &m, FindingsOutput &out, const checks::DeadlockOptions &opts) {
  const support::SourceBuffer &buf = m.buffer();
  std::vector<kernel::Kernel> kernels = kernel::Kernel::build(m);
  auto results = checks::checkDeadlocks(m, kernels, opts);
  checks::fix::addFixes(m, kernels, opts, results);
  // In-order schedules that finish but read stale data: wrong results.
  checks::stale::refineExpectedGpu(m, kernels, opts, results);
  bool found = false;
  for (const auto &r : results) {
    if (!out.wants(r.kernel))
      continue;
    checks::AnalysisResult res = checks::deadlockFindings(buf, r);
    found |= (res.kernels.front().verdict == checks::Verdict::Deadlock && !out.disabled("deadlock")) ||
             (r.trapRun.has_value() && !out.disabled("mbarrier-overarrive"));
    out.add([&] { return kernelJson(buf, r); }, [&](std::ostream &os) { kernelText(os, buf, r); },
            std::move(res.findings));
  }
  out.finish();
  return found ? kExitFindings : kExitClean;
}

} // namespace

Command makeDeadlockCommand() {
  return modelCommand("deadlock", "Prove or refute a barrier deadlock (mbarrier phase model, all interleavings)",
                      "tscope.deadlock/1", runDeadlock);
}

} // namespace tscope::cli
