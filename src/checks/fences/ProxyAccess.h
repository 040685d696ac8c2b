// ProxyAccess: which shared-memory bytes an op reads or writes, through which
// proxy (generic or async, PTX ISA "Memory Consistency Model: Proxies"), and
// whether two such accesses can touch the same bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernel/Aliasing.h"
#include "kernel/Kernel.h"

namespace tscope::checks::fences {

/// The memory proxy an access goes through.
enum class Proxy : uint8_t { Generic, Async };

using kernel::MemRegion;
using kernel::mayAlias;
using kernel::regionsOf;

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
  /// A `ttg.local_alloc` that stores a `tt.descriptor_load` (or gather)
  /// result: that op. Triton's TMA lowering replaces the pair with a TMA copy
  /// into the buffer, so until then the writing proxy is not decided.
  const ir::Operation *untilTmaLowering = nullptr;
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

/// True when a generic access `g` followed by the async access `a` needs a
/// proxy fence between them: they may alias and at least one writes.
bool conflicts(const ProxyAccess &g, const ProxyAccess &a);

/// The regions of `g` and `a` that alias, as text ("ring[slot(i,2)]").
std::string sharedBuffers(const ProxyAccess &g, const ProxyAccess &a);

} // namespace tscope::checks::fences
