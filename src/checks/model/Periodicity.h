// Periodicity: the shift relation behind "no-deadlock for every trip count"
// (docs/Deadlock.md, "Every trip count"). A proof run leaves the trip counts
// of loops bounded by unbound inputs symbolic (interp/Trips.h). Its states
// still grow with the counters, but the steady state of a pipelined kernel
// recurs shifted: a state S' that is an earlier state S with every open trip
// parameter p moved forward by delta_p trips -- its lower bound, every loop
// counter of p and every value moving with p by the same delta_p, the rest
// equal (mbarrier phases up to parity, see shiftBetween) -- has the same
// future as S, moved. The search does not expand such an S'.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "checks/model/State.h"
#include "interp/Trips.h"

namespace tscope::ir {
class Module;
}
namespace tscope::interp {
class Program;
}

namespace tscope::checks::model {

/// By dynamic id of `prog` (Program::dynamicValue), 1 for a value that
/// steers the model: a synchronizing op, a buffer index, a branch, a loop
/// bound or a capture reads it, or a value that steers is computed from it.
/// The rest only feed TMA coordinates and addresses (a tile's offset carried
/// through the loop): no step's effect on the model depends on them, so the
/// fold compares no cell of theirs (docs/Deadlock.md, "Every trip count").
std::vector<uint8_t> steeringValues(const ir::Module &m, const interp::Program &prog);

/// A hash equal for states that may be shifts of each other; `steer`
/// (steeringValues) names the environment cells compared.
size_t foldHash(const State &s, const std::vector<uint8_t> &steer);

/// The shift in trips per parameter (index = id - 1) that takes `older` to
/// `newer`, when `newer` is `older` moved forward: every delta is a multiple
/// of its parameter's period so far, none negative, one positive; open
/// parameters only (a fixed one must match exactly). Clocks, the access
/// history and the observers' words must be equal: with clocks the states
/// are canonical (model/ClockCanon.h), so equal clocks are clocks with the
/// same future.
std::optional<std::vector<int64_t>> shiftBetween(const State &older, const State &newer,
                                                 const interp::TripProof &proof, const std::vector<uint8_t> &steer);

/// True when every shift in `deltas` is a multiple of the final periods.
bool shiftsHold(const std::vector<std::vector<int64_t>> &deltas, const interp::TripProof &proof);

} // namespace tscope::checks::model
