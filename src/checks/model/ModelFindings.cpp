// ModelFindings: redundant waits as notes, once per IR line.
#include "checks/model/ModelFindings.h"

#include <algorithm>
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

namespace {

/// What stopped the model, in the user's words.
std::string gapWords(const RunStop &s, const std::string &reason) {
  std::string at = s.at ? " (IR line " + std::to_string(s.at->irLine) + ")" : "";
  switch (s.gap) {
  case Gap::Unmodelled:
    return "tscope does not model " + (s.op.empty() ? std::string("an op") : s.op) + at +
           " yet, and it touches a barrier, a buffer or TMEM";
  case Gap::Input:
    return (s.op.empty() ? std::string("a decision") : s.op) + at + " depends on " +
           (s.input.empty() ? std::string("an argument") : s.input) + ", which has no value";
  case Gap::Grid:
    return (s.op.empty() ? std::string("a decision") : s.op) + at +
           " depends on the number of programs, which is not given";
  default:
    return reason;
  }
}

/// The next step for a gap.
std::string nextStep(const RunStop &s) {
  std::string name = s.input.starts_with('%') ? s.input.substr(1) : s.input;
  switch (s.gap) {
  case Gap::Unmodelled:
    return "nothing to bind: this kernel stays unverified until tscope models " +
           (s.op.empty() ? std::string("the op") : s.op) + " (the other checks still ran)";
  case Gap::Input:
    return "give it a value: --arg " + (name.empty() ? std::string("NAME") : name) + "=VALUE";
  case Gap::Grid:
    return "give the launch grid: --grid N (or keep launches.jsonl beside the IR)";
  case Gap::Budget:
    return "bind the loop bounds with --arg NAME=VALUE to explore fewer states, or raise --max-memory / --timeout";
  case Gap::Value:
    return "tscope cannot compute this value (it comes from memory or from an op it does not evaluate); if it "
           "depends on kernel arguments, bind them with --arg NAME=VALUE";
  default:
    return "tscope does not model this kernel's structure yet";
  }
}

} // namespace

Finding modelNotVerified(const support::SourceBuffer &buf, std::string_view analysis, const std::string &kernel,
                         const std::optional<SourcePoint> &entry, const std::vector<UndecidedRun> &runs) {
  RunStop none;
  std::string noReason = "the model could not decide it";
  const RunStop &first = runs.empty() ? none : *runs.front().stop;
  const std::string &reason = runs.empty() ? noReason : *runs.front().reason;
  FindingLocation where = first.at ? locationOf(buf, *first.at)
                          : entry  ? locationOf(buf, *entry)
                                   : locationOfLine(buf, 1);
  Finding f = notVerifiedFinding(analysis, "kernel " + kernel, std::move(where), gapWords(first, reason),
                                 nextStep(first));
  // One note per distinct reason, with the runs that met it.
  std::vector<std::pair<std::string, std::string>> distinct;
  for (const UndecidedRun &r : runs) {
    auto it = std::find_if(distinct.begin(), distinct.end(), [&](auto &d) { return d.first == *r.reason; });
    if (it == distinct.end())
      distinct.push_back({*r.reason, *r.bindings});
    else
      it->second += "; " + *r.bindings;
  }
  for (const auto &[why, bindings] : distinct)
    f.notes.push_back("runs " + bindings + ": " + why);
  return f;
}

void addTrace(const support::SourceBuffer &buf, const std::vector<TraceStep> &steps, std::vector<FindingStep> &out) {
  for (const TraceStep &t : steps)
    out.push_back({t.actor, t.action, locationOf(buf, t.where)});
}

} // namespace tscope::checks
