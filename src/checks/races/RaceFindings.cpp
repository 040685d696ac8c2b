// RaceFindings: KernelRaceResult -> checks::Finding and Verdict.
#include "checks/races/RaceFindings.h"

#include "checks/model/ModelFindings.h"
#include "checks/model/Schedule.h"

namespace tscope::checks::races {
namespace {

std::string side(const RaceAccess &a) { return a.actor + "'s " + a.what; }

Finding raceFinding(const support::SourceBuffer &buf, const KernelRaceResult &r, const Race &race) {
  Finding f;
  f.check = "race";
  f.severity = support::Severity::Error;
  f.message = "kernel " + r.kernel + ": race on " + race.slot + ": " + side(race.later) + " is not ordered after " +
              side(race.earlier);
  f.where = locationOf(buf, race.later.where);
  f.related.push_back({locationOf(buf, race.earlier.where), "the earlier access: " + side(race.earlier)});
  f.notes.push_back("reason: " + race.reason);
  model::setSchedule(f, race.strength);
  if (race.strength == Strength::InOrder)
    model::setOnGpu(f, "wrong results are likely (the pair is unordered in the schedules the hardware usually runs)");
  else if (race.strength == Strength::Reordered)
    model::setOnGpu(f, "wrong results are possible but rare (the pair needs a copy to complete out of issue order)");
  if (r.evidenceRun && *r.evidenceRun < r.runs.size())
    f.notes.push_back("bindings: " + r.runs[*r.evidenceRun].bindings);
  addTrace(buf, race.trace, f.trace);
  anchorAtFix(buf, r.fixes, r.fixSearch, "kernel " + r.kernel + ": race on " + race.slot, f);
  return f;
}

} // namespace

AnalysisResult raceFindings(const support::SourceBuffer &buf, const KernelRaceResult &r) {
  AnalysisResult out;
  out.kernels.push_back(kernelVerdict(r.kernel, r.verdict, r.reason));
  out.findings = redundantWaitFindings(buf, r.redundantWaits);
  if (r.race)
    out.findings.push_back(raceFinding(buf, r, *r.race));
  else if (out.kernels.back().verdict == Verdict::Unknown)
    out.findings.push_back(modelNotVerified(buf, "races", r));
  return out;
}

AnalysisResult raceFindings(const support::SourceBuffer &buf, const std::vector<KernelRaceResult> &results) {
  AnalysisResult out;
  for (const KernelRaceResult &r : results)
    appendResult(out, raceFindings(buf, r));
  return out;
}

} // namespace tscope::checks::races
