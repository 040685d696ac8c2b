// Edits: an overlay of small changes to a kernel's synchronization that the
// model interprets in place of what the IR says (a wait's parity flipped, an
// init or arrive count, an expect's bytes, a wgmma wait's pendings, an arrive
// dropped, a predicate dropped, an arrive added before an op). The fix search
// (checks/fix) re-runs the model under one overlay per candidate; the IR text
// is never rewritten. Empty overlay: the kernel as written.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <vector>

namespace tscope::ir {
class Operation;
struct Value;
} // namespace tscope::ir

namespace tscope::checks::model {

struct EditOverlay {
  /// Waits whose parity is xor'ed with 1.
  std::set<const ir::Operation *> flipParity;
  /// init_barrier / arrive_barrier counts.
  std::map<const ir::Operation *, int64_t> count;
  /// barrier_expect byte counts.
  std::map<const ir::Operation *, int64_t> bytes;
  /// warp_group_dot_wait pendings.
  std::map<const ir::Operation *, int64_t> pendings;
  /// Arrives (or expects) that do nothing.
  std::set<const ir::Operation *> drop;
  /// Ops whose predicate is dropped (they always run).
  std::set<const ir::Operation *> forceOn;
  /// An arrive (count 1) added before an op: on slot `slot` of barrier
  /// allocation `alloc`, or, with `slotOf`, on the slot the process last
  /// recorded for that memdesc value (the slot of the wait it releases).
  struct Arrive {
    uint32_t alloc = 0;
    int64_t slot = 0;
    const ir::Value *slotOf = nullptr;
  };
  std::map<const ir::Operation *, std::vector<Arrive>> arriveBefore;

  bool empty() const {
    return flipParity.empty() && count.empty() && bytes.empty() && pendings.empty() && drop.empty() &&
           forceOn.empty() && arriveBefore.empty();
  }
};

} // namespace tscope::checks::model
