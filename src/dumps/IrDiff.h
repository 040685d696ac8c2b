// IrDiff: two builds of one kernel side by side — their ops matched by
// structure (SSA names without the printer's numbering, `loc` dropped) and
// then by source location, and the op counts per dialect and per op name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernel/Kernel.h"

namespace tscope::dumps {

/// One op of a function as the IR diff sees it.
struct DiffOp {
  std::string name;    ///< "ttng.wait_barrier"
  std::string key;     ///< what must be equal for "same": the op without its regions and `loc`,
                       ///< each SSA name stripped of the printer's numbering and tagged with
                       ///< the op that defines it (`%ph<arith.xori>`)
  std::string text;    ///< the op as written (regions elided as `{…}`), `loc` removed, one line
  uint32_t depth = 0;  ///< region nesting below the function (the function op is 0)
  uint32_t irLine = 0; ///< 1-based line in its IR file
  std::string partition; ///< "default", "partition0", ... or "" outside a warp_specialize
  std::string pyFile;  ///< Python file of the loc chain ("" when unknown)
  uint32_t pyLine = 0, pyCol = 0;
};

/// The ops of a kernel in IR order (pre-order), the function op first.
std::vector<DiffOp> diffOps(const kernel::Kernel &k);

/// The normalized key of one `%name` (without the leading `%`): `12` -> ``,
/// `arg3` -> `arg`, `offs_10` -> `offs`, `x#1` -> `x#1` with its base normalized.
std::string normalizeValueName(std::string_view name);

/// How an op of one side relates to the other.
enum class AlignKind : uint8_t {
  Same,    ///< equal keys
  Changed, ///< the same op (by name, and source location where known) with a different key
  Removed, ///< only in A
  Added,   ///< only in B
};

/// One row of the aligned diff: indices into the two op lists (-1 when absent).
struct AlignedOp {
  AlignKind kind = AlignKind::Same;
  int32_t a = -1, b = -1;
};

/// Aligns two op lists: the longest common subsequence of keys (Myers'
/// O(ND) after the common prefix and suffix; when the distance passes a
/// bound the middle is left unmatched), then, in each gap, ops of equal name
/// and Python line:col, then of equal name and depth, are paired as Changed.
/// Rows come in the order of both lists.
std::vector<AlignedOp> alignOps(const std::vector<DiffOp> &a, const std::vector<DiffOp> &b);

/// An attribute or type alias (`#blocked = #ttg.blocked<...>`) whose value
/// differs between the two sides' files, or that only one side defines.
struct AliasDelta {
  std::string name; ///< `#blocked`, sigil included
  std::string a, b; ///< the values ("" when the side does not define it)
};

/// The aliases of the kernels' chunks that differ, `#loc` aliases left out
/// (locations are noise here), sorted by name.
std::vector<AliasDelta> changedAliases(const kernel::Kernel &a, const kernel::Kernel &b);

/// A count on each side.
struct CountDelta {
  std::string name;
  uint32_t a = 0, b = 0;
};

/// Op counts per dialect ("ttng") of both lists, sorted by name.
std::vector<CountDelta> dialectCounts(const std::vector<DiffOp> &a, const std::vector<DiffOp> &b);

/// Op counts per op name where the two sides differ, sorted by name.
std::vector<CountDelta> changedOpCounts(const std::vector<DiffOp> &a, const std::vector<DiffOp> &b);

} // namespace tscope::dumps
