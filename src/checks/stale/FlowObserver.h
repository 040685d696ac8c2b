// FlowObserver: the data-flow protocol of ring buffers, watched over the
// model's exploration (checks/model). Every write into a ring slot (a TMA
// copy, an MMA result, a local_store, a tmem_store, ...) should be read by
// its consumers once before the next write to that slot. It reports a read
// that sees a write its reader already consumed, let through by a wait on a
// phase that reader had already waited for (stale-read: the phase-aliasing
// bug, properly ordered, so no happens-before race), and a write that is
// overwritten, or left at the end, read by no consumer of that slot
// (lost-write). docs/StaleRead.md states the rules.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checks/model/Observer.h"
#include "checks/model/Results.h"

namespace tscope::checks::stale {

/// What the observer looks for.
enum class FlowKind : uint8_t { StaleRead, LostWrite };

/// The first stale read or lost write of a run.
struct FlowHit {
  FlowKind kind = FlowKind::StaleRead;
  std::string slot;                         // "smem[1]"
  const ir::Operation *access = nullptr;    // stale: the read; lost: the overwriting write (null: at the end)
  const ir::Operation *write = nullptr;     // stale: the write read again; lost: the write lost
  const ir::Operation *wait = nullptr;      // stale: the reader's last wait (passed on an old phase)
  std::string reader;                       // stale: "default", "tcgen05 for partition0"
  std::string writer;                       // "TMA for partition0"
  std::vector<std::string> consumers;       // lost: who reads that slot
  std::string reason;                       // in words
  std::vector<TraceStep> trace;             // filled by the caller (Explorer::stopTrace)
};

/// Keeps, in each state's `flow` words, per ring slot the last write and
/// whether a consumer read it, per (slot, reader) whether that reader read
/// the current write and passed an old-phase wait since, and per (process,
/// barrier) the phase of its last wait. The first hit of a kind asked for
/// ends the exploration.
class FlowObserver : public model::Observer {
public:
  /// `stale`, `lost`: the kinds to look for.
  FlowObserver(bool stale, bool lost) : stale_(stale), lost_(lost) {}
  bool onAccess(const model::Explorer &x, model::State &s, const model::Access &a,
                const model::VectorClock &vc) override;
  void onArrive(const model::Explorer &x, model::State &s, size_t pi, uint64_t key) override;
  bool rowsChangeOnArrive() const override { return true; }
  bool usesClocks() const override { return false; }
  void onWait(const model::Explorer &x, model::State &s, size_t pi, uint64_t key, int64_t phase) override;
  bool onFinish(const model::Explorer &x, const model::State &s) override;
  /// The slots' allocations whose write or read rows differ.
  bool flowChanges(const model::State &before, const model::State &after,
                   std::vector<uint32_t> &allocs) const override;
  /// The hit of the last run (reset by the caller between runs).
  std::optional<FlowHit> hit;

private:
  bool stale_, lost_;
};

/// True when some allocation of `k` is a ring (more than one slot) that is
/// not an mbarrier: without one the check has nothing to watch.
bool hasRingBuffers(const kernel::Kernel &k);

} // namespace tscope::checks::stale
