// ModelFindings: facts of the exploration that every client reports the same
// way: a redundant wait (a wait served by a phase its partition already
// waited for) is a note whether deadlock or races met it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "checks/Finding.h"
#include "kernel/SourcePoint.h"

namespace tscope::checks {

/// The wording of a redundant-wait note, shared by the deadlock and race checks.
extern const char *const kRedundantWaitMessage;

/// Redundant-wait notes, one per IR line, for waits the model met.
std::vector<Finding> redundantWaitFindings(const support::SourceBuffer &buf,
                                           const std::vector<std::pair<std::string, kernel::SourcePoint>> &waits);

} // namespace tscope::checks
