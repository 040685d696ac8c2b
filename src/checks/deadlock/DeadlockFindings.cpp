// DeadlockFindings: KernelDeadlockResult -> checks::Finding and Verdict.
#include "checks/deadlock/DeadlockFindings.h"

#include "checks/model/ModelFindings.h"
#include "checks/model/Schedule.h"

#include <map>

namespace tscope::checks {
namespace {

Finding overArrival(const support::SourceBuffer &buf, const KernelDeadlockResult &r, const DeadlockRun &run) {
  const OverArrival &ov = *run.overArrival;
  Finding f;
  f.check = "mbarrier-overarrive";
  f.severity = support::Severity::Error;
  f.message = overArrivalMessage(r.kernel, ov);
  f.where = locationOf(buf, ov.where);
  f.notes.push_back("bindings: " + run.bindings);
  f.notes.push_back(kOverArrivalOnGpu);
  model::setSchedule(f, r.trapStrength);
  addTrace(buf, ov.trace, f.trace);
  anchorAtFix(buf, r.fixes, r.fixSearch, "kernel " + r.kernel + " faults", f);
  return f;
}

Finding hang(const support::SourceBuffer &buf, const KernelDeadlockResult &r, const DeadlockRun &run) {
  const StuckProcess &first = run.stuck.front();
  Finding f;
  f.check = "deadlock";
  f.severity = support::Severity::Error;
  f.message = "kernel " + r.kernel + " hangs: " + first.partition + " " + first.why;
  f.where = locationOf(buf, first.where);
  for (size_t i = 1; i < run.stuck.size(); ++i)
    f.related.push_back({locationOf(buf, run.stuck[i].where), run.stuck[i].partition + " " + run.stuck[i].why});
  if (!run.cause.empty())
    f.notes.push_back("cause: " + run.cause);
  f.notes.push_back("bindings: " + run.bindings + "; " + std::to_string(run.states) + " states explored");
  model::setSchedule(f, r.hangStrength);
  for (const std::string &b : run.barrierStates)
    f.notes.push_back("barrier " + b);
  addTrace(buf, run.trace, f.trace);
  anchorAtFix(buf, r.fixes, r.fixSearch, "kernel " + r.kernel + " hangs", f);
  return f;
}

} // namespace

AnalysisResult deadlockFindings(const support::SourceBuffer &buf, const KernelDeadlockResult &r) {
  AnalysisResult out;
  bool saysGpu = r.reason.empty() && !r.expectedGpu.empty() && (r.verdict != "no-deadlock" || !r.inOrderWrong.empty());
  out.kernels.push_back(kernelVerdict(r.kernel, r.verdict, saysGpu ? "on the GPU: " + r.expectedGpu : r.reason));
  // The kernel's outcome (driver::kernelOutcomes) folds in the other
  // analyses, so it gets the line whenever the model decided it.
  if (r.reason.empty())
    out.kernels.back().expectedGpu = r.expectedGpu;
  std::vector<std::pair<std::string, SourcePoint>> waits;
  for (const DeadlockRun &run : r.runs)
    waits.insert(waits.end(), run.redundantWaits.begin(), run.redundantWaits.end());
  // A wait that hangs in one run is not "harmless" because another run's
  // values made it redundant: the hang wins.
  if (r.evidenceRun)
    for (const StuckProcess &sp : r.runs[*r.evidenceRun].stuck)
      std::erase_if(waits, [&](const auto &w) { return w.second.irLine == sp.where.irLine; });
  out.findings = redundantWaitFindings(buf, waits);
  Verdict v = out.kernels.back().verdict;
  if (v == Verdict::Unknown)
    out.findings.push_back(modelNotVerified(buf, "deadlock", r));
  if (r.trapRun)
    out.findings.push_back(overArrival(buf, r, r.runs[*r.trapRun]));
  if (v == Verdict::Deadlock && r.evidenceRun && !r.runs[*r.evidenceRun].stuck.empty())
    out.findings.push_back(hang(buf, r, r.runs[*r.evidenceRun]));
  return out;
}

AnalysisResult deadlockFindings(const support::SourceBuffer &buf, const std::vector<KernelDeadlockResult> &results) {
  AnalysisResult out;
  for (const KernelDeadlockResult &r : results)
    appendResult(out, deadlockFindings(buf, r));
  return out;
}

} // namespace tscope::checks
