// Location: resolves an op's `loc(...)` through `#loc` aliases to the Python
// file:line and the NameLoc name behind it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ir/Module.h"
#include "support/Diagnostics.h"
#include <vector>

namespace tscope::ir {

/// What a location chain says about an op or value.
struct ResolvedLoc {
  std::string name;  // innermost NameLoc name, e.g. "a_ring" (empty if none)
  std::string file;  // FileLineCol file, e.g. "/path/kernel.py"
  uint32_t line = 0; // 0 when unknown
  uint32_t col = 0;
  /// True when a file:line was found.
  bool known() const { return line != 0; }
};

/// Resolves location text (`loc(#loc3)`, `loc("x"(#loc1))`, callsite, fused,
/// unknown) using the aliases of `chunk`. For a callsite the callee (where the
/// op was written) wins; for a fused location the first file:line. Bounded:
/// alias cycles and deep nesting stop after 64 steps.
ResolvedLoc resolveLocation(const Module &m, const Chunk &chunk, std::string_view locText);

/// Shorthand for an op's own location.
ResolvedLoc resolveLocation(const Module &m, const Operation *op);

/// A location alias (`#loc7`) that a `loc(...)` of a chunk uses but the
/// chunk never defines: MLIR prints the `#loc` definitions after the module,
/// so a file cut short keeps the uses and loses the Python lines.
struct MissingLocAlias {
  std::string_view name; ///< `#loc7`, into the source
  uint32_t firstUse = 0; ///< byte offset of the first use
  uint32_t uses = 0;
};

/// The undefined location aliases of every chunk, in order of first use;
/// chunks are scanned on up to `threads` threads (the order stays).
std::vector<MissingLocAlias> missingLocAliases(const Module &m, unsigned threads = 1);

/// Warns on `diags` about missingLocAliases: one warning per alias at its
/// first use (the first `kMissingLocWarnings`), then one that counts the rest.
void warnMissingLocAliases(const Module &m, support::Diagnostics &diags, unsigned threads = 1);

/// How many undefined location aliases get a warning of their own.
inline constexpr size_t kMissingLocWarnings = 8;

} // namespace tscope::ir
