// StaleFindings: KernelFlowResult -> checks::Finding and Verdict.
#include "checks/stale/StaleFindings.h"

#include "checks/model/ModelFindings.h"
#include "checks/model/Schedule.h"

namespace tscope::checks::stale {
namespace {

void addCommonNotes(const support::SourceBuffer &buf, const FlowFinding &ff, Finding &f) {
  f.notes.push_back("reason: " + ff.hit.reason);
  model::setSchedule(f, ff.strength);
  if (ff.strength == Strength::InOrder)
    model::setOnGpu(f, "wrong results are likely (every access is ordered, so no race is reported; the schedules "
                       "the hardware usually runs reach it)");
  else if (ff.strength == Strength::Reordered)
    model::setOnGpu(f, "wrong results are possible but rare (it needs a copy to complete out of issue order)");
  f.notes.push_back("bindings: " + ff.bindings);
  addTrace(buf, ff.hit.trace, f.trace);
}

Finding staleFinding(const support::SourceBuffer &buf, const KernelFlowResult &r, const FlowFinding &ff) {
  const FlowHit &h = ff.hit;
  Finding f;
  f.check = "stale-read";
  f.severity = support::Severity::Error;
  f.message = "kernel " + r.kernel + ": stale read of " + h.slot + ": " + h.reader + " reads again the write of " +
              h.writer + " that it already read; the next fill of " + h.slot + " is not waited for";
  if (ff.accessAt)
    f.where = locationOf(buf, *ff.accessAt);
  if (ff.writeAt)
    f.related.push_back({locationOf(buf, *ff.writeAt), "the write it reads a second time: " + h.writer});
  if (ff.waitAt)
    f.related.push_back({locationOf(buf, *ff.waitAt), "the wait that let it through on a phase already consumed"});
  addCommonNotes(buf, ff, f);
  return f;
}

Finding lostFinding(const support::SourceBuffer &buf, const KernelFlowResult &r, const FlowFinding &ff) {
  const FlowHit &h = ff.hit;
  Finding f;
  f.check = "lost-write";
  f.severity = support::Severity::Error;
  std::string who;
  for (const std::string &c : h.consumers)
    who += (who.empty() ? "" : ", ") + c;
  f.message = "kernel " + r.kernel + ": lost write into " + h.slot + ": the write of " + h.writer + " is " +
              (h.access ? "overwritten" : "left at the end") + " before " + who + " read it";
  if (ff.writeAt)
    f.where = locationOf(buf, *ff.writeAt);
  if (ff.accessAt)
    f.related.push_back({locationOf(buf, *ff.accessAt), "the write that overwrites it"});
  addCommonNotes(buf, ff, f);
  return f;
}

} // namespace

AnalysisResult flowFindings(const support::SourceBuffer &buf, const KernelFlowResult &r) {
  AnalysisResult out;
  out.kernels.push_back(kernelVerdict(r.kernel, r.verdict, r.reason));
  if (r.stale)
    out.findings.push_back(staleFinding(buf, r, *r.stale));
  if (r.lost)
    out.findings.push_back(lostFinding(buf, r, *r.lost));
  if (!r.stale && !r.lost && out.kernels.back().verdict == Verdict::Unknown)
    out.findings.push_back(modelNotVerified(buf, "data flow", r));
  return out;
}

AnalysisResult flowFindings(const support::SourceBuffer &buf, const std::vector<KernelFlowResult> &results) {
  AnalysisResult out;
  for (const KernelFlowResult &r : results)
    appendResult(out, flowFindings(buf, r));
  return out;
}

} // namespace tscope::checks::stale
