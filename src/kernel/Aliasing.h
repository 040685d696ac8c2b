// Aliasing: the region of an allocation a shared-memory view denotes (the
// slot its outermost memdesc_index picks) and whether two regions can share
// bytes. Kernel facts, asked by the proxy-fence and race checks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernel/Kernel.h"

namespace tscope::kernel {

/// The part of an allocation an access covers: a whole allocation, or one slot
/// of its leading dimension when a memdesc_index picked it.
struct MemRegion {
  const Allocation *alloc = nullptr;
  std::optional<int64_t> slot; // constant slot index
  std::string slotText;        // the slot formula ("" for the whole allocation, "?" unknown)
  /// "ring[slot(i,2)]", "w_smem".
  std::string text() const;
};

/// The regions a memdesc value can denote, with the slot its outermost
/// memdesc_index picks.
std::vector<MemRegion> regionsOf(const Kernel &k, const ir::Value *v);

/// True when the two regions can share bytes: the same allocation (unless
/// both name different constant slots), the same `buffer.id`, or overlapping
/// `allocation.offset` intervals.
bool mayAlias(const MemRegion &a, const MemRegion &b);

} // namespace tscope::kernel
