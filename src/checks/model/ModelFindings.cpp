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
  std::string op = (s.op.empty() ? std::string("an op") : s.op) +
                   (s.at ? " (IR line " + std::to_string(s.at->irLine) + ")" : "");
  if (s.gap == Gap::Unmodelled)
    return "tscope does not model " + op + " yet, and it touches a barrier, a buffer or TMEM";
  if (!s.valueWhy.empty())
    return op + " cannot be decided: " + s.valueWhy;
  return reason;
}

/// The next step for a gap: the unknown value's own (an --arg, a --grid),
/// else the gap's. `swept`: the runs tried values tscope chose for unbound
/// arguments ("others=N"), so binding them is a way to explore fewer.
std::string nextStep(const RunStop &s, bool swept) {
  if (!s.next.empty())
    return s.next;
  switch (s.gap) {
  case Gap::Unmodelled:
    return "nothing to bind: this kernel stays unverified until tscope models " +
           (s.op.empty() ? std::string("the op") : s.op) + " (the other checks still ran)";
  case Gap::Budget:
    // Bound loops of a real launch are what grows: binding more does not
    // help, leaving them unbound lets the periodicity proof try.
    return swept ? "bind the loop bounds with --arg NAME=VALUE to explore fewer states, or raise --max-memory / "
                   "--timeout"
                 : "raise --max-memory / --timeout, or leave the loop-bound arguments unbound: tscope then tries "
                   "small values and a proof for every trip count, which a bound run this large cannot use";
  case Gap::Input:
  case Gap::Grid:
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
  bool swept = std::any_of(runs.begin(), runs.end(),
                           [](const UndecidedRun &r) { return r.bindings->find("others=") != std::string::npos; });
  Finding f = notVerifiedFinding(analysis, "kernel " + kernel, std::move(where), gapWords(first, reason),
                                 nextStep(first, swept));
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

namespace {

std::string shortPlace(const SourcePoint &p) {
  if (p.pyLine) {
    size_t slash = p.pyFile.rfind('/');
    return (slash == std::string::npos ? p.pyFile : p.pyFile.substr(slash + 1)) + ":" + std::to_string(p.pyLine) +
           ", IR line " + std::to_string(p.irLine);
  }
  return "IR line " + std::to_string(p.irLine);
}

} // namespace

void anchorAtFix(const support::SourceBuffer &buf, const std::vector<ProvenFix> &fixes, const FixSearchSummary &search,
                 const std::string &headline, Finding &f) {
  if (!search.ran)
    return;
  if (fixes.empty()) {
    std::string n = "fix: no single edit found that the model proves (" + std::to_string(search.checked) + " of " +
                    std::to_string(search.candidates) + " candidate edits checked";
    n += search.gaveUp.empty() ? ")" : "; gave up: " + search.gaveUp + ")";
    f.notes.push_back(std::move(n));
    return;
  }
  FindingLocation symptom = f.where;
  f.where = locationOf(buf, fixes.front().where);
  f.related.insert(f.related.begin(), RelatedLocation{symptom, "symptom: " + f.message});
  f.message = headline + "; root cause here: " + fixes.front().edit;
  for (const ProvenFix &x : fixes) {
    FindingFix ff;
    ff.kind = x.kind;
    ff.edit = x.edit;
    ff.proven = x.proven;
    ff.where = locationOf(buf, x.where);
    if (x.other)
      ff.other = locationOf(buf, *x.other);
    f.notes.push_back("fix: " + x.edit + " [" + shortPlace(x.where) + "] (proven: " + x.proven + ")");
    f.fixes.push_back(std::move(ff));
  }
  if (!search.gaveUp.empty())
    f.notes.push_back("fix search: " + search.gaveUp);
}

} // namespace tscope::checks
