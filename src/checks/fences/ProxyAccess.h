// ProxyAccess: which shared-memory bytes an op reads or writes, through which
// proxy (generic or async, PTX ISA "Memory Consistency Model: Proxies"), and
// whether two such accesses can touch the same bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernel/Kernel.h"

namespace tscope::checks::fences {

/// The memory proxy an access goes through.
enum class Proxy : uint8_t { Generic, Async };

/// The part of an allocation an access covers: a whole allocation, or one slot
/// of its leading dimension when a memdesc_index picked it.
struct MemRegion {
  const kernel::Allocation *alloc = nullptr;
  std::optional<int64_t> slot; // constant slot index
  std::string slotText;        // the slot formula ("" for the whole allocation, "?" unknown)
  /// "ring[slot(i,2)]", "w_smem".
  std::string text() const;
};

/// One shared-memory access of one op.
struct ProxyAccess {
  const ir::Operation *op = nullptr;
  const ir::Value *value = nullptr; // the memdesc accessed
  Proxy proxy = Proxy::Generic;
  bool write = false;
  std::string what; // "local_store", "TMA store", "wgmma operand B", ...
  std::vector<MemRegion> regions;
  /// True for the async writes Triton 3.6's ProxyFenceInsertion orders itself
  /// (TMA loads and gathers; see docs/Fences.md).
  bool tmaLoadLike = false;
  /// "generic write", "async-proxy read".
  std::string kindText() const;
  /// "generic write (local_store)".
  std::string describe() const;
  /// The regions joined with ", ".
  std::string buffers() const;
};

/// The shared-memory accesses of `op` (empty for most ops). Barrier storage
/// and tensor memory are not data accesses here.
std::vector<ProxyAccess> accessesOf(const kernel::Kernel &k, const ir::Operation *op);

/// The regions a memdesc value can denote, with the slot its outermost
/// memdesc_index picks.
std::vector<MemRegion> regionsOf(const kernel::Kernel &k, const ir::Value *v);

/// True when the two regions can share bytes: the same allocation (unless
/// both name different constant slots), the same `buffer.id`, or overlapping
/// `allocation.offset` intervals.
bool mayAlias(const MemRegion &a, const MemRegion &b);

/// True when a generic access `g` followed by the async access `a` needs a
/// proxy fence between them: they may alias and at least one writes.
bool conflicts(const ProxyAccess &g, const ProxyAccess &a);

/// The regions of `g` and `a` that alias, as text ("ring[slot(i,2)]").
std::string sharedBuffers(const ProxyAccess &g, const ProxyAccess &a);

} // namespace tscope::checks::fences
