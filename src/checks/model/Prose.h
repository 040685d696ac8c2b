// Prose: the model's words for what it found -- why each stuck process
// cannot move, the hang's cause (missing producer, arrival count never
// reached, bytes never delivered, parity cadence, cross-partition cycle,
// named barrier short of threads), every barrier's state, and the
// over-arrival's message and trace step.
#pragma once

#include <string>
#include <vector>

#include "checks/model/Explorer.h"

namespace tscope::checks::model {

/// One StuckProcess per unfinished process of hung state `s`, partitions
/// before the fork's caller (joining them is a consequence, not a cause).
void describeStuck(const Explorer &x, const State &s, std::vector<StuckProcess> &out);

/// The hang's cause in words (`out.cause`) and every barrier's state
/// (`out.barrierStates`).
void explainHang(const Explorer &x, const State &s, DeadlockRun &out);

/// "arrive on ready[0]: phase 0 has 0 of 1 arrivals pending ..., so 1 more
/// would take its pending count below zero".
std::string overArrivalWhat(const Bar &b, int64_t arrive, const std::string &action);

/// The over-arrival's trace step: "arrive on ready[0] (pending 0 -> -1:
/// over-arrival, the GPU faults here)".
std::string overArrivalAction(const Bar &b, int64_t arrive, const std::string &action);

} // namespace tscope::checks::model
