// DeadlockFindings: the deadlock model checker's results as checks::Finding
// and typed per-kernel verdicts, the one shape `tscope check` and
// `tscope deadlock` both print.
#pragma once

#include <vector>

#include "checks/Finding.h"
#include "checks/deadlock/ModelChecker.h"

namespace tscope::checks {

/// One kernel's findings: redundant-wait notes (once per wait), an undecided
/// kernel as a deadlock note, the over-arrival (mbarrier-overarrive) and the
/// deadlock with its stuck partitions, notes and trace.
AnalysisResult deadlockFindings(const support::SourceBuffer &buf, const KernelDeadlockResult &r);

/// Every kernel's, in order.
AnalysisResult deadlockFindings(const support::SourceBuffer &buf, const std::vector<KernelDeadlockResult> &results);

} // namespace tscope::checks
