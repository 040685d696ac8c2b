// ClockCanon: the canonical form of a state's happens-before clocks. Every
// rule of the race model (docs/Races.md, "Clocks are canonical") compares a
// clock entry only with another value of the same counter (>=, <, ==, max
// on join; 0 means "nothing known"), and a counter's next value is always
// larger than every value of that counter in the state. So renaming each
// counter's values in order (dense rank, 0 stays 0) changes no answer of any
// later step: it is exact, not an abstraction. It makes the clocks of a
// state finite and lets states that differ only in how far their counters
// have run merge (and recur shifted, for the proof for every trip count).
#pragma once

#include <cstdint>

#include "checks/model/State.h"

namespace tscope::checks::model {

/// The counter whose values actor `a`'s clock entries are: the process's own
/// entry, each of its three group-retired agents, and one counter shared by
/// its tcgen05 agent and all its copy agents (Proc::asyncTick issues them).
uint32_t counterOf(size_t actor);

/// Renames every counter's values in `s` to 1, 2, ... in order (0 stays 0):
/// process, barrier, named-barrier and async clocks, access epochs, and the
/// counters' own next values (Proc::asyncTick, Proc::groups, joinedTicks).
/// True when something changed.
bool canonicalizeClocks(State &s);

} // namespace tscope::checks::model
