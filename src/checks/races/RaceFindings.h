// RaceFindings: the race checker's results as checks::Finding and typed
// per-kernel verdicts, the one shape `tscope check` and `tscope races` print.
#pragma once

#include <vector>

#include "checks/Finding.h"
#include "checks/races/RaceChecker.h"

namespace tscope::checks::races {

/// One kernel's findings: its redundant-wait notes and the race (error, the
/// earlier access as related location, reason and bindings as notes, and
/// the trace).
AnalysisResult raceFindings(const support::SourceBuffer &buf, const KernelRaceResult &r);

/// Every kernel's, in order.
AnalysisResult raceFindings(const support::SourceBuffer &buf, const std::vector<KernelRaceResult> &results);

} // namespace tscope::checks::races
