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
#include <optional>
#include <vector>

#include "checks/model/State.h"
#include "interp/Trips.h"

namespace tscope::checks::model {

/// A hash equal for states that may be shifts of each other.
size_t foldHash(const State &s);

/// The shift in trips per parameter (index = id - 1) that takes `older` to
/// `newer`, when `newer` is `older` moved forward: every delta is a multiple
/// of its parameter's period so far, none negative, one positive; open
/// parameters only (a fixed one must match exactly). Clocks, the access
/// history and the observers' words must be equal: with clocks the states
/// are canonical (model/ClockCanon.h), so equal clocks are clocks with the
/// same future.
std::optional<std::vector<int64_t>> shiftBetween(const State &older, const State &newer,
                                                 const interp::TripProof &proof);

/// True when every shift in `deltas` is a multiple of the final periods.
bool shiftsHold(const std::vector<std::vector<int64_t>> &deltas, const interp::TripProof &proof);

} // namespace tscope::checks::model
