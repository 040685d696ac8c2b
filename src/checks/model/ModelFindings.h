// ModelFindings: facts of the exploration that every client reports the same
// way: a redundant wait (a wait served by a phase its partition already
// waited for) is a note whether deadlock or races met it.
#pragma once

#include <string>
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

/// Appends the model's trace steps as finding steps (actor, action, location).
void addTrace(const support::SourceBuffer &buf, const std::vector<TraceStep> &steps, std::vector<FindingStep> &out);

} // namespace tscope::checks
