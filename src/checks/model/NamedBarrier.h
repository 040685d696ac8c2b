// NamedBarrier: the bar.sync / bar.arrive rule, stated once. PTX ISA section
// 9.7.13.1 (bar, barrier): each executing warp adds its 32 threads; when the
// arrived count reaches the barrier's thread count every waiter is released
// and the barrier resets for its next generation.
#pragma once

#include <cstdint>

#include "checks/model/State.h"

namespace tscope::checks::model {

/// Adds `threads` arrivals of an actor to `nb` (barrier thread count `count`)
/// and releases the generation when the count is reached. With clocks
/// (`vc` not null, the arriving process's clock, actor `actor`): the arrival
/// releases `vc`; a released bar.sync (`wait`) acquires the generation's
/// releases. True when this arrival released the barrier.
bool arriveNamed(Named &nb, int64_t threads, int64_t count, bool wait, VectorClock *vc, size_t actor);

} // namespace tscope::checks::model
