// Location: resolves an op's `loc(...)` through `#loc` aliases to the Python
// file:line and the NameLoc name behind it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ir/Module.h"

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

} // namespace tscope::ir
