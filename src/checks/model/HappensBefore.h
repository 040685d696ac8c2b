// HappensBefore: vector clocks per partition and per async agent, and the
// per-slot access history that finds two conflicting accesses with no
// happens-before between them (docs/Races.md states the rules).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace tscope::ir {
struct Operation;
}

namespace tscope::checks::model {

/// A vector clock: entry i counts the releases of actor i that are known here.
/// Actors are numbered kActorsPerProc * p + agent: partition process p
/// itself, its tcgen05 agent, its three group-retired agents (wgmma, bulk
/// TMA stores, cp.async) and its copy lanes (one per TMA copy in flight);
/// see checks/model/State.h actorOf(). Sparse: only the non-zero entries are
/// kept, sorted by actor, so equal clocks compare equal and a clock costs
/// what it knows, not the number of actors.
class VectorClock {
public:
  /// The entry of actor `a` (0 when never set).
  uint32_t get(size_t a) const;
  /// Sets the entry of actor `a`.
  void set(size_t a, uint32_t v);
  /// Advances actor `a` by one (after a release, so that later accesses of
  /// `a` are not covered by what it released).
  void tick(size_t a) { set(a, get(a) + 1); }
  /// Entry-wise maximum (acquire what `o` released).
  void join(const VectorClock &o);
  /// True when nothing is known.
  bool empty() const { return c_.empty(); }
  /// Drops everything.
  void clear() { c_.clear(); }
  /// A hash of the entries.
  size_t hash() const;
  bool operator==(const VectorClock &o) const;
  /// Calls f(actor, entry) for every non-zero entry, in actor order.
  template <class F> void forEach(F f) const {
    for (auto [a, v] : c_)
      f(a, v);
  }
  /// Replaces every non-zero entry v of actor a by f(a, v), which must not
  /// be 0 (model/ClockCanon.h renumbers clocks with it).
  template <class F> void renumber(F f) {
    for (auto &[a, v] : c_)
      v = f(a, v);
  }

private:
  std::vector<std::pair<uint32_t, uint32_t>> c_; // (actor, entry), sorted by actor, entries > 0
};

/// One access to a buffer slot.
struct Access {
  uint32_t actor = 0;
  uint32_t epoch = 0; // the actor's own clock entry when it accessed
  bool write = false;
  const ir::Operation *op = nullptr;
  uint32_t alloc = 0; // kernel::Allocation id
  int64_t slot = -1;  // -1: the whole allocation
  // TMEM: the owner's columns [col0, col1) this access covers, when a view
  // chain with no dynamic slot pins them (col1 == 0: not known, all of it).
  int64_t col0 = 0, col1 = 0;
  bool operator==(const Access &) const = default;
  /// The same location: allocation, slot and columns.
  bool sameLocation(const Access &o) const {
    return alloc == o.alloc && slot == o.slot && col0 == o.col0 && col1 == o.col1;
  }
  /// Column ranges, where both are known, that share no column.
  bool columnsApart(const Access &o) const { return col1 && o.col1 && (col1 <= o.col0 || o.col1 <= col0); }
};

/// Two conflicting accesses with no happens-before between them.
struct Conflict {
  Access earlier, later;
};

/// The accesses that later ones must be ordered after: per location, the last
/// write and the last read of each actor (FastTrack's epochs). A write that
/// is ordered after everything at its location replaces them.
class AccessHistory {
public:
  /// May two locations share bytes? Given (alloc a, slot a, alloc b, slot b).
  using AliasFn = std::function<bool(uint32_t, int64_t, uint32_t, int64_t)>;
  /// Records `a`, made by an actor whose clock is `vc`; returns the first
  /// earlier access it conflicts with (different actor, one of them writes,
  /// `vc` does not cover the earlier epoch).
  std::optional<Conflict> record(const Access &a, const VectorClock &vc, const AliasFn &alias);
  /// The accesses kept, in a stable order.
  const std::vector<Access> &accesses() const { return acc_; }
  /// Replaces every access's epoch e by f(actor, e) (model/ClockCanon.h;
  /// the order of the accesses does not depend on epochs).
  template <class F> void renumber(F f) {
    for (Access &a : acc_)
      a.epoch = f(a.actor, a.epoch);
  }
  size_t hash() const;
  bool operator==(const AccessHistory &o) const { return acc_ == o.acc_; }

private:
  std::vector<Access> acc_;
};

/// True when access `earlier` happens before an access made with clock `vc`.
inline bool ordered(const Access &earlier, const VectorClock &vc) {
  return vc.get(earlier.actor) >= earlier.epoch;
}

} // namespace tscope::checks::model
