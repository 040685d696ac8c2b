// LintContext: the facts of one kernel that the TLX rules share — ops in IR
// order with their partitions, barrier references traced to their
// allocation and slot, constants, and the CTA shape of the launch.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "checks/Finding.h"
#include "kernel/Kernel.h"

namespace tscope::checks::tlxlint {

/// One index of a memdesc_index chain: a constant, or the SSA value (partition
/// arguments replaced by what they capture).
struct SlotIndex {
  const ir::Value *value = nullptr;
  std::optional<int64_t> constant;
  /// Same slot for certain: equal constants or the same SSA value.
  bool same(const SlotIndex &o) const {
    if (constant && o.constant)
      return *constant == *o.constant;
    return !constant && !o.constant && value == o.value;
  }
};

/// A barrier operand traced back through views and partition captures.
struct BarrierRef {
  const kernel::Allocation *root = nullptr;
  std::vector<SlotIndex> indices; // root-first
  bool exact = false;             // the chain was followed to the allocation
  bool remote = false;            // through map_to_remote_buffer (another CTA's barrier)
  /// The slot of a barrier array: the first index, or constant 0 for a
  /// single barrier used directly.
  SlotIndex slot() const {
    if (indices.empty()) {
      SlotIndex s;
      s.constant = 0;
      return s;
    }
    return indices.front();
  }
  /// Same barrier for certain.
  bool same(const BarrierRef &o) const;
};

/// One op with where it runs.
struct PlacedOp {
  const ir::Operation *op = nullptr;
  kernel::Placement placement;
};

/// The shared facts of one kernel.
class LintContext {
public:
  LintContext(const ir::Module &m, const kernel::Kernel &k);

  /// The parsed file.
  const ir::Module &module;
  /// The kernel's facts (partitions, allocations, alias roots).
  const kernel::Kernel &kernel;
  /// Every op of the function in IR order.
  std::vector<PlacedOp> ops;
  /// True when the launch has one CTA per cluster: ttg.num-ctas = 1, cluster
  /// dims (ttg.cluster-dim-x/y/z) multiply to 1 and no ttng.two-ctas mode.
  bool singleCta = true;

  /// Traces a barrier operand to its allocation and slot.
  BarrierRef barrierRef(const ir::Value *v) const;
  /// The integer value of a scalar (through captures and arith), if constant.
  std::optional<int64_t> constant(const ir::Value *v) const;
  /// Where `op` is, for a finding: its IR line and column, and the Python line behind it.
  FindingLocation point(const ir::Operation *op) const;
  /// True when `op` sits inside an scf.for or scf.while of the function.
  bool inLoop(const ir::Operation *op) const;
  /// "ready[slot]", "acc_bar": the barrier as a reader knows it.
  std::string describe(const BarrierRef &r) const;
  /// "default", "partition0", "outside".
  std::string partitionName(const kernel::Placement &p) const { return kernel.partitionName(p); }
  /// Warps of the partition an op runs in (module warps outside), 0 if unknown.
  int warpsOf(const kernel::Placement &p) const;
};

} // namespace tscope::checks::tlxlint
