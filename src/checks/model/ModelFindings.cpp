// ModelFindings: redundant waits as notes, once per IR line.
#include "checks/model/ModelFindings.h"

#include <map>

namespace tscope::checks {

using kernel::SourcePoint;

const char *const kRedundantWaitMessage =
    "redundant wait: served by a phase this partition already waited for; harmless";

std::vector<Finding> redundantWaitFindings(const support::SourceBuffer &buf,
                                           const std::vector<std::pair<std::string, SourcePoint>> &waits) {
  // A redundant wait shows up once per run that reaches it; report it once.
  std::map<uint32_t, SourcePoint> byLine;
  for (const auto &[name, where] : waits)
    byLine.emplace(where.irLine, where);
  std::vector<Finding> out;
  for (const auto &[line, where] : byLine) {
    Finding f;
    f.check = "redundant-wait";
    f.severity = support::Severity::Note;
    f.message = kRedundantWaitMessage;
    f.where = locationOf(buf, where);
    out.push_back(std::move(f));
  }
  return out;
}

void addTrace(const support::SourceBuffer &buf, const std::vector<TraceStep> &steps, std::vector<FindingStep> &out) {
  for (const TraceStep &t : steps)
    out.push_back({t.actor, t.action, locationOf(buf, t.where)});
}

} // namespace tscope::checks
