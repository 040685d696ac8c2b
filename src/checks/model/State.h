// State: one point of the model's state space -- every partition process
// (an interp::Process plus its barrier-slot bindings and clocks), every
// mbarrier and named barrier, the async work in flight and the access
// history its observers keep. Equality and hash define what the explorer
// treats as the same state.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "checks/model/HappensBefore.h"
#include "interp/Process.h"
#include "interp/Trips.h"
#include "kernel/Kernel.h"

namespace tscope::checks::model {

/// One mbarrier slot (its rules: model/MbarrierRules.h).
struct Bar {
  int64_t phase = 0, pending = 0, tx = 0, expected = 0;
  bool inited = false;
  // Happens-before: what the arrivals of the open phase released, and what
  // the last completed phase released to the waits it serves.
  VectorClock acc, done;
  bool operator==(const Bar &) const = default;
};

/// Async work in flight that completes on an mbarrier: a TMA load's bytes,
/// a tcgen05 commit/mma's arrival (model/AsyncAgents.h).
struct Async {
  uint64_t key = 0; // the mbarrier (MbarrierRules keyOf)
  int64_t arrive = 0, tx = 0;
  const ir::Operation *op = nullptr;
  uint32_t from = 0;  // the issuing process
  // tcgen05 work retires in issue order per issuer (AsyncAgents.h): its
  // place among the issuer's tcgen05 work in flight (1 = oldest), 0 for
  // work that may complete in any order.
  uint32_t order = 0;
  uint32_t queue = 0; // the issuing process slot whose tcgen05 queue it is in (kept at a join)
  VectorClock vc;     // happens-before: the async agent's clock at issue
  bool operator==(const Async &) const = default;
  bool operator<(const Async &o) const {
    return std::tie(key, arrive, tx, op, from, order, queue) <
           std::tie(o.key, o.arrive, o.tx, o.op, o.from, o.order, o.queue);
  }
};

/// Where a process stands: at its next synchronizing op, finished, joining
/// its partitions (the fork's caller, until every partition returned),
/// blocked in bar.sync, or in a loop it never leaves (its state recurs with
/// no synchronizing op in between: Explorer::advance).
enum class PStatus : uint8_t { AtEvent, Done, Joining, NamedWait, Spins };

/// Happens-before actors: per process `p`, the process itself, its tcgen05
/// agent (work that retires in issue order and completes through mbarriers),
/// three agents whose work is retired in groups by a wait of the process:
/// wgmma (warp_group_dot_wait {pendings}), bulk TMA stores
/// (async_tma_store_wait {pendings}) and cp.async (async_commit_group,
/// async_wait {num}), and one copy agent per mbarrier slot its TMA copies
/// complete on: acquiring one barrier's copies says nothing of a copy still
/// in flight on another barrier (docs/Races.md). VectorClock is sparse, so
/// the unused ones cost nothing.
constexpr size_t kCopyAgents = 4096;
constexpr size_t kActorsPerProc = 5 + kCopyAgents;
enum Agent : uint32_t { kSelf = 0, kBarrierAgent = 1, kWgmmaAgent = 2, kBulkStoreAgent = 3, kCpAsyncAgent = 4 };
inline size_t actorOf(size_t pi, Agent a = kSelf) { return kActorsPerProc * pi + a; }
/// The actor of process `pi`'s copies that complete on barrier slot number
/// `bar` (Explorer::copyAgentOf numbers the slots).
inline size_t copyActor(size_t pi, size_t bar) { return kActorsPerProc * pi + 5 + bar; }
/// The group-retired agents, as indices into Proc::groups.
constexpr size_t kGroupAgents = 3;
inline size_t groupIndex(Agent a) { return a - kWgmmaAgent; }
/// Where Proc::joinedTicks keeps process slot `slot`'s counter of agent `a`
/// (kBarrierAgent: its async epochs, Proc::asyncTick; a group agent: its
/// Groups::tick): four per slot.
constexpr size_t kJoinedPerSlot = 1 + kGroupAgents;
inline size_t joinedTickIndex(size_t slot, Agent a) {
  return kJoinedPerSlot * slot + (a == kBarrierAgent ? 0 : 1 + groupIndex(a));
}

/// One partition (or the kernel body before the fork) as a process.
struct Proc {
  explicit Proc(interp::Process proc) : p(std::move(proc)) {}
  interp::Process p;
  int partition = kernel::kOutside;
  /// The warp_specialize whose partition this process runs (null outside);
  /// with `partition` it names the process (Explorer::partName).
  const kernel::WarpSpecialize *ws = nullptr;
  /// The default region's ttg.warp_yield values, kept from its end to the
  /// join, where they become the warp_specialize's results.
  std::vector<interp::Scalar> results;
  /// Happens-before, for the forking process: the last epoch each agent of
  /// a joined partition process used, at joinedTickIndex(slot, agent), so
  /// that the next fork's process in that place continues its agents'
  /// epochs (monotone clocks).
  std::vector<uint32_t> joinedTicks;
  PStatus status = PStatus::AtEvent;
  int64_t namedId = 0, namedGen = 0;
  std::vector<std::pair<const ir::Value *, int64_t>> slots; // memdesc_index results
  /// Before code partitioning (Explorer::arefTurn): per aref and side
  /// (allocation id * 2, + 1 for get), the enters this process made, modulo
  /// twice the aref's depth (which gives stage and parity); sorted by key.
  std::vector<std::pair<uint32_t, uint32_t>> arefTurns;
  // (barrier key, phase number) of the last wait this process passed, to
  // spot a redundant wait: one served by a phase it already waited for.
  uint64_t lastKey = ~uint64_t(0);
  int64_t lastPhase = -1;
  /// In-order schedules: this process issued a copy since it last passed a
  /// wait, so its next copy joins that batch (AsyncAgents.h issueAsync).
  bool copyBatch = false;
  /// Lockstep schedules (DeadlockOptions::lockstep): per barrier this
  /// process passed a wait on, the phase that was current then; sorted by
  /// key, cleared for a barrier initialised again. Empty otherwise.
  std::vector<std::pair<uint64_t, int64_t>> seenPhase;
  // Happens-before: this process's clock, the count of async work it issued,
  // and the last wait it passed (for the race's reason in words).
  VectorClock vc;
  uint32_t asyncTick = 0;
  /// The instruction before which an edit's added arrive ran (model/Edits.h);
  /// the op itself runs next. ~0: none pending. (Beside asyncTick: it takes
  /// that field's padding, so a state is no larger.)
  uint32_t insertedAt = ~0u;
  // Happens-before: per group-retired agent, its last epoch and the epochs
  // that close the groups still in flight, oldest first.
  struct Groups {
    uint32_t tick = 0;
    std::vector<uint32_t> pending;
    bool operator==(const Groups &) const = default;
  };
  std::array<Groups, kGroupAgents> groups{};
  const ir::Operation *lastWait = nullptr;
  // For the race's reason only (not part of the state): the last wait op
  // met was skipped by its predicate, on this barrier.
  const ir::Operation *skippedWait = nullptr;
  std::string skippedOn;
  /// procHash's last answer, while known (not part of the state):
  /// most steps change one process, and a state's others are the same
  /// objects as its parent's, hashed already. Shared::mut forgets it.
  /// A copy starts without it: a copy is made to be changed.
  struct HashMemo {
    size_t hash = 0;
    bool known = false;
    HashMemo() = default;
    HashMemo(const HashMemo &) {}
    HashMemo &operator=(const HashMemo &) {
      known = false;
      return *this;
    }
  };
  mutable HashMemo hashMemo;
  void forgetHash() { hashMemo.known = false; }
  bool operator==(const Proc &o) const;
};

/// One named barrier (model/NamedBarrier.h).
struct Named {
  int64_t arrived = 0, generation = 0;
  VectorClock acc, released; // happens-before
  bool operator==(const Named &) const = default;
};

/// A value that copies of a State share until one of them changes it
/// (copy on write): a successor copies its state's pointers and clones only
/// what its step touches, so the states the search keeps share every
/// process and barrier table a step left alone. Reads go through `*` / `->`;
/// `mut()` clones a shared value first. A reference from `mut()` belongs to
/// this copy: copy the State after the change, not before it.
template <class T> class Shared {
public:
  Shared() : v_(std::make_shared<T>()) {}
  explicit Shared(T v) : v_(std::make_shared<T>(std::move(v))) {}
  const T &operator*() const { return *v_; }
  const T *operator->() const { return v_.get(); }
  /// The value, cloned first when another copy shares it.
  T &mut() {
    if (v_.use_count() != 1)
      v_ = std::make_shared<T>(*v_);
    if constexpr (requires(T &t) { t.forgetHash(); })
      v_->forgetHash(); // the caller changes it
    return *v_;
  }
  /// The same object (no step changed it since the copy).
  bool same(const Shared &o) const { return v_ == o.v_; }
  /// Shares `o`'s object, which must equal this one's (the search's
  /// interning of equal values met on different paths).
  void shareWith(const Shared &o) { v_ = o.v_; }
  bool operator==(const Shared &o) const { return v_ == o.v_ || *v_ == *o.v_; }

private:
  std::shared_ptr<T> v_;
};

/// The member types of a const iterator over T.
template <class Category, class T> struct ConstIteratorTypes {
  using iterator_category = Category;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = const T *;
  using reference = const T &;
};

/// The processes of a state, each shared between copies until changed.
/// Reading gives `const Proc &`; `mut(i)` the process to change.
class ProcList {
public:
  size_t size() const { return v_.size(); }
  bool empty() const { return v_.empty(); }
  const Proc &operator[](size_t i) const { return *v_[i]; }
  const Proc &back() const { return *v_.back(); }
  Proc &mut(size_t i) { return v_[i].mut(); }
  void push_back(Proc p) { v_.emplace_back(std::move(p)); }
  /// Drops the processes from `from` on.
  void truncate(size_t from) { v_.erase(v_.begin() + static_cast<std::ptrdiff_t>(std::min(from, v_.size())), v_.end()); }
  /// The same process object in both lists at `i` (unchanged since a copy).
  bool same(const ProcList &o, size_t i) const { return v_[i].same(o.v_[i]); }
  /// The shared handle of process `i` (Explorer::Search interns them).
  Shared<Proc> &shared(size_t i) { return v_[i]; }
  bool operator==(const ProcList &o) const { return v_ == o.v_; }

  class const_iterator : public ConstIteratorTypes<std::random_access_iterator_tag, Proc> {
  public:
    const_iterator() = default;
    explicit const_iterator(std::vector<Shared<Proc>>::const_iterator it) : it_(it) {}
    const Proc &operator*() const { return **it_; }
    const Proc *operator->() const { return &**it_; }
    const_iterator &operator++() {
      ++it_;
      return *this;
    }
    const_iterator operator++(int) { return const_iterator(it_++); }
    const_iterator &operator+=(difference_type d) {
      it_ += d;
      return *this;
    }
    const_iterator operator+(difference_type d) const { return const_iterator(it_ + d); }
    difference_type operator-(const const_iterator &o) const { return it_ - o.it_; }
    bool operator==(const const_iterator &o) const { return it_ == o.it_; }

  private:
    std::vector<Shared<Proc>>::const_iterator it_;
  };
  const_iterator begin() const { return const_iterator(v_.begin()); }
  const_iterator end() const { return const_iterator(v_.end()); }

private:
  std::vector<Shared<Proc>> v_;
};

/// The mbarrier slots of a state by key (MbarrierRules keyOf), sorted, in
/// chunks of a few slots that copies of the table share until a step changes
/// one (a step touches one or two slots: it copies their chunks, not the
/// table; a kernel's 50 slots took 5 KB a state before). Equality and the
/// hash read the slots in order, whatever the chunks.
class BarTable {
public:
  using Entry = std::pair<uint64_t, Bar>;
  /// Slots per chunk; a chunk that grows to twice this splits.
  static constexpr size_t kChunk = 8;

  class const_iterator : public ConstIteratorTypes<std::forward_iterator_tag, Entry> {
  public:
    const_iterator() = default;
    const Entry &operator*() const { return (*t_->c_[c_])[e_]; }
    const Entry *operator->() const { return &**this; }
    const_iterator &operator++() {
      if (++e_ == t_->c_[c_]->size()) {
        ++c_;
        e_ = 0;
      }
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator old = *this;
      ++*this;
      return old;
    }
    bool operator==(const const_iterator &o) const { return c_ == o.c_ && e_ == o.e_; }

  private:
    friend class BarTable;
    const_iterator(const BarTable *t, size_t c, size_t e) : t_(t), c_(c), e_(e) {}
    const BarTable *t_ = nullptr;
    size_t c_ = 0, e_ = 0;
  };

  const_iterator begin() const { return {this, 0, 0}; }
  const_iterator end() const { return {this, c_.size(), 0}; }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const_iterator find(uint64_t key) const;
  size_t count(uint64_t key) const { return find(key) != end(); }
  /// The slot at `key`, added uninitialised when absent; its chunk is
  /// copied first when another table shares it.
  Bar &operator[](uint64_t key);
  /// Calls f(key, bar) on every slot, to change in place (keys stay); a
  /// chunk is copied only when f changed one of its slots.
  template <class F> void forEachMut(F f) {
    for (std::shared_ptr<Chunk> &c : c_) {
      Chunk copy = *c;
      bool changed = false;
      for (Entry &e : copy) {
        Bar before = e.second;
        f(e.first, e.second);
        changed |= !(before == e.second);
      }
      if (changed)
        c = std::make_shared<Chunk>(std::move(copy));
    }
  }
  /// Calls f(key) for every slot present in one table only or different in
  /// the two (one merge walk over the sorted keys; a chunk both tables
  /// share is stepped over whole).
  template <class F> void forEachDifference(const BarTable &o, F f) const {
    size_t ac = 0, ae = 0, bc = 0, be = 0;
    while (ac < c_.size() || bc < o.c_.size()) {
      if (ae == 0 && be == 0 && ac < c_.size() && bc < o.c_.size() && c_[ac] == o.c_[bc]) {
        ++ac, ++bc; // the same chunk: the same slots, equal
        continue;
      }
      const Entry *a = ac < c_.size() ? &(*c_[ac])[ae] : nullptr;
      const Entry *b = bc < o.c_.size() ? &(*o.c_[bc])[be] : nullptr;
      auto stepA = [&] {
        if (++ae == c_[ac]->size())
          ++ac, ae = 0;
      };
      auto stepB = [&] {
        if (++be == o.c_[bc]->size())
          ++bc, be = 0;
      };
      if (!b || (a && a->first < b->first)) {
        f(a->first);
        stepA();
      } else if (!a || b->first < a->first) {
        f(b->first);
        stepB();
      } else {
        if (!(a->second == b->second))
          f(a->first);
        stepA();
        stepB();
      }
    }
  }
  bool operator==(const BarTable &o) const;
  /// A hash of every slot's key, phase, pending count and bytes, in key order.
  size_t hash() const;

private:
  using Chunk = std::vector<Entry>;
  std::vector<std::shared_ptr<Chunk>> c_; // never empty chunks
  size_t n_ = 0;
};

/// The whole model state.
struct State {
  ProcList procs;
  Shared<BarTable> bars;
  std::vector<Async> async; // sorted
  std::map<int64_t, Named> named;
  AccessHistory hist; // the accesses later ones must be ordered after (observers)
  /// Words an observer other than the race check keeps about the path (the
  /// data-flow check's write and read rounds, checks/stale); part of the
  /// state's identity.
  Shared<std::vector<uint64_t>> flow;
  interp::TripParams trips; // proof mode: the symbolic trip counts (model/Periodicity.h)
  /// Unbound i1 inputs (function arguments) decided on this path: every
  /// later branch or predicate on the same argument takes the same side.
  std::map<const ir::Value *, bool> choices;
  /// Proof mode, while a step is built: the trip parameters it started
  /// afresh (interp::Process::symbolicEntry). Not part of the state: the
  /// search reads it off each new state (0 in every stored one).
  uint64_t restarts = 0;
  bool operator==(const State &o) const {
    return procs == o.procs && bars == o.bars && async == o.async && named == o.named &&
           hist == o.hist && flow == o.flow && trips == o.trips && choices == o.choices;
  }
  /// The mbarrier at `key`, or a fresh (uninitialised) one.
  Bar barAt(uint64_t key) const;
};

/// The hash the explorer buckets states by.
struct StateHash {
  size_t operator()(const State &s) const;
  /// The same hash from the processes' procHash values, worked out before.
  size_t operator()(const State &s, const std::vector<size_t> &procHashes) const;
};

/// The hash of one process, as StateHash mixes it.
size_t procHash(const Proc &p);

} // namespace tscope::checks::model
