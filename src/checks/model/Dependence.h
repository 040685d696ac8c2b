// Dependence: what one step of the model touches (its footprint) and when two
// steps are dependent -- the relation the explorer's partial-order reduction
// (Explorer::expand, docs/Deadlock.md "Fewer interleavings") commutes by.
#pragma once

#include <cstdint>
#include <vector>

namespace tscope::checks::model {

/// A slot index that stands for every slot of an allocation (the footprint
/// of ops whose slot is not known yet: a process's future).
constexpr int64_t kAnySlot = -1;

/// One mbarrier slot a step reads (a wait that passes or blocks on it) or
/// changes (init, arrive, expect, an async completion).
struct BarrierUse {
  uint32_t alloc = 0;
  int64_t slot = kAnySlot;
  bool write = false;
};

/// One buffer a step reads or writes (an alias class of allocations:
/// allocations that may share bytes have one class).
struct BufferUse {
  uint32_t cls = 0;
  bool write = false;
};

/// What a step (or every step a process may still take) touches.
struct Footprint {
  std::vector<BarrierUse> bars;
  std::vector<BufferUse> buffers;
  /// Named barriers (bar.sync / bar.arrive, a release from one): any id.
  bool named = false;
  /// The unbound inputs decided on the path (State::choices), read or written.
  bool choices = false;
  /// The proof's symbolic trip counts (State::trips), read or written.
  bool trips = false;
  /// Changes the shape of the state (fork, join) or other processes'
  /// bookkeeping (init): dependent with every step.
  bool global = false;
  /// An async completion that retires in issue order: its queue (completions
  /// of one queue are dependent); ~0 for none.
  uint64_t queue = ~uint64_t(0);

  void read(uint32_t alloc, int64_t slot) { bars.push_back({alloc, slot, false}); }
  void write(uint32_t alloc, int64_t slot) { bars.push_back({alloc, slot, true}); }
  void access(uint32_t cls, bool w) { buffers.push_back({cls, w}); }
  /// Adds everything `o` touches.
  void merge(const Footprint &o);
  /// Sorts and drops duplicates (a read dominated by a write of the same slot stays: harmless).
  void normalize();
};

/// True when steps with footprints `a` and `b`, taken by different actors
/// (processes or async completions), may fail to commute or one may enable
/// or disable the other: they share an mbarrier slot and one changes it, a
/// buffer and one writes it, named barriers, the path's decided inputs or
/// trip counts, an in-order completion queue, or either is global. Steps
/// of the same actor are always dependent (program order); callers never ask.
bool dependent(const Footprint &a, const Footprint &b);

} // namespace tscope::checks::model
