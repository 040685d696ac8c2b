// MbarrierRules: the mbarrier phase arithmetic, stated once (docs/Deadlock.md
// "The rules"). PTX ISA section 9.7.13.15, "Parallel Synchronization and
// Communication Instructions: mbarrier":
// - mbarrier.init sets the expected arrival count; the barrier starts in
//   phase 0 with no transaction bytes;
// - mbarrier.arrive decrements the pending count; mbarrier.expect_tx raises
//   the transaction count, complete_tx (TMA bytes landing) lowers it, in
//   either order;
// - the current phase completes when both reach zero: the phase number
//   advances and the pending count is reset to the expected count;
// - mbarrier.try_wait.parity P returns once the phase with parity P has
//   completed, i.e. when the current (incomplete) phase's parity differs
//   from P, so a wait consumes nothing and a fresh barrier passes a wait on
//   parity 1.
// An arrival the pending count cannot take faults on the H200 (over-arrival,
// tests/fixtures/mbar_overarrive*).
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "checks/model/State.h"

namespace tscope::checks::model {

/// The key of an mbarrier slot: allocation id in the high half, slot below.
inline uint64_t keyOf(std::pair<uint32_t, int64_t> k) {
  return (static_cast<uint64_t>(k.first) << 32) | static_cast<uint32_t>(k.second);
}
/// The allocation id of a key.
inline uint32_t allocOfKey(uint64_t key) { return static_cast<uint32_t>(key >> 32); }
/// The slot of a key.
inline int64_t slotOfKey(uint64_t key) { return static_cast<int64_t>(key & 0xffffffffu); }

/// mbarrier.init: expected = pending = `count`, phase 0, no transaction bytes.
void initBarrier(Bar &b, int64_t count);

/// try_wait.parity `parity` passes: the phase of that parity has completed,
/// i.e. the current phase has the other parity.
inline bool waitPasses(const Bar &b, int64_t parity) { return (b.phase & 1) != (parity & 1); }

/// An arrival the pending count cannot take: the phase's arrivals are
/// complete (it waits only for transaction bytes) or `arrive` exceeds them.
inline bool overArrives(const Bar &b, int64_t arrive) { return b.inited && arrive > 0 && b.pending - arrive < 0; }

/// What one application of arrivals and bytes did, for the trace's prose.
struct ArrivalEffect {
  int64_t pendingBefore = 0, pendingAfter = 0;
  int64_t txBefore = 0, txAfter = 0;
  int64_t phaseBefore = 0;
  bool touchesTx = false; // bytes expected or delivered, now or before
  bool completed = false; // the phase completed
  bool overCount = false; // more arrivals than the init count completed it
};

/// Applies `arrive` arrivals and `tx` transaction bytes (negative: bytes
/// delivered) and completes the phase when both counts reach zero. A
/// completed phase hands what its arrivals released (Bar::acc) to the waits
/// it serves (Bar::done); without clocks both stay empty.
ArrivalEffect applyArrivals(Bar &b, int64_t arrive, int64_t tx);

/// "(pending 1 -> 0, tx 0 -> 0, phase 0 completes)", as the trace prints it.
std::string effectText(const ArrivalEffect &e);

} // namespace tscope::checks::model
