// ModelFindings: facts of the exploration that every client reports the same
// way: a redundant wait (a wait served by a phase its partition already
// waited for) is a note whether deadlock or races met it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "checks/Finding.h"
#include "checks/model/Results.h"
#include "kernel/SourcePoint.h"

namespace tscope::checks {

/// The wording of a redundant-wait note, shared by the deadlock and race checks.
extern const char *const kRedundantWaitMessage;

/// Redundant-wait notes, one per IR line, for waits the model met.
std::vector<Finding> redundantWaitFindings(const support::SourceBuffer &buf,
                                           const std::vector<std::pair<std::string, kernel::SourcePoint>> &waits);

/// One undecided run as the not-verified warning reads it.
struct UndecidedRun {
  const std::string *bindings;
  const std::string *reason;
  const RunStop *stop;
};

/// The `not-verified` warning of a kernel whose model check (`analysis`:
/// "deadlock" or "races") stayed unknown: anchored at the op that stopped
/// the first undecided run (at the kernel's function when none did: a
/// budget), in the user's words, with the next step (`--arg`, `--grid`,
/// "tscope does not model <op> yet", a budget to raise); one note per
/// distinct reason, with the runs that met it.
Finding modelNotVerified(const support::SourceBuffer &buf, std::string_view analysis, const std::string &kernel,
                         const std::optional<SourcePoint> &entry, const std::vector<UndecidedRun> &runs);

/// modelNotVerified over the unknown runs of a deadlock or race result.
template <class Result>
Finding modelNotVerified(const support::SourceBuffer &buf, std::string_view analysis, const Result &r) {
  std::vector<UndecidedRun> runs;
  for (const auto &run : r.runs)
    if (run.verdict == "unknown")
      runs.push_back({&run.bindings, &run.reason, &run.stop});
  return modelNotVerified(buf, analysis, r.kernel, r.entry, runs);
}

/// Moves `f` to the op its first proven fix changes: the message becomes
/// "`headline`; root cause here: EDIT", the symptom (`f`'s location and
/// message) the first related location, each fix a note "fix: EDIT at PLACE
/// (proven: ...)" and an entry of `f.fixes`; with no fix, a note says what
/// the search tried or why it gave up.
void anchorAtFix(const support::SourceBuffer &buf, const std::vector<ProvenFix> &fixes, const FixSearchSummary &search,
                 const std::string &headline, Finding &f);

/// Appends the model's trace steps as finding steps (actor, action, location).
void addTrace(const support::SourceBuffer &buf, const std::vector<TraceStep> &steps, std::vector<FindingStep> &out);

} // namespace tscope::checks
