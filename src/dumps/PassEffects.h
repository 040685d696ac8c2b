// PassEffects: what each pass of a split log did — changed or not, op-count
// deltas by op name, lines added/removed — computed over all cores.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dumps/LineDiff.h"
#include "dumps/OpCounts.h"
#include "dumps/PassLog.h"

namespace tscope::dumps {

/// How op counts are obtained.
enum class CountMode { Fast, Parsed };

/// Per-snapshot facts.
struct SnapshotFacts {
  uint32_t sameAs = UINT32_MAX; ///< earlier snapshot with byte-identical IR, if any
  OpCounts ops;                 ///< empty when sameAs is set (use canonical())
  std::string_view stage;       ///< "ttir", "ttgir", "llvm-mlir", "llir", "mir", "ptx"
  size_t parseErrors = 0;       ///< CountMode::Parsed only
};

/// A change in one op name's count.
struct OpDelta {
  std::string_view name;
  uint32_t before = 0;
  uint32_t after = 0;
  /// after - before.
  int64_t delta() const { return int64_t(after) - int64_t(before); }
};

/// One row of the pass table: a pass and the two snapshots that bracket it.
struct PassRow {
  uint32_t snapshot = 0;          ///< the row's own dump
  std::optional<uint32_t> before; ///< IR the pass received
  std::optional<uint32_t> after;  ///< IR it produced
  bool changed = false;           ///< before and after differ (false when either is unknown)
  LineChanges lines;
  std::vector<OpDelta> deltas; ///< by |delta| (largest first), then name
  uint64_t opsBefore = 0, opsAfter = 0;
  bool failed = false; ///< the pass the compile failed in
  bool cut = false;    ///< its IR ends in the dump the log ends inside: the delta is unreliable
};

/// Everything `tscope passes` reports.
struct PassAnalysis {
  std::vector<SnapshotFacts> facts;       ///< one per snapshot
  std::vector<std::vector<PassRow>> rows; ///< per compile
  std::deque<std::string> namePool;       ///< op names interned by CountMode::Parsed
};

/// Analyses every compile of `log` on `threads` threads (0: all cores).
PassAnalysis analysePasses(const PassLog &log, CountMode mode, unsigned threads);

/// The snapshot whose counts stand for `i` (follows sameAs).
inline uint32_t canonical(const PassAnalysis &a, uint32_t i) {
  while (a.facts[i].sameAs != UINT32_MAX)
    i = a.facts[i].sameAs;
  return i;
}

/// The op counts of snapshot `i`.
inline const OpCounts &opsOf(const PassAnalysis &a, uint32_t i) { return a.facts[canonical(a, i)].ops; }

/// Where an op first appears and first disappears within one compile.
struct OpTimeline {
  std::optional<uint32_t> presentFrom;   ///< first snapshot holding it
  std::optional<size_t> appearsInRow;    ///< row index of the pass that introduced it
  std::optional<size_t> disappearsInRow; ///< first later pass that removed the last one
  bool presentAtStart = false;
  uint32_t peak = 0;
};

/// Follows `opName` through the rows of compile `c`.
OpTimeline traceOp(const PassLog &log, const PassAnalysis &a, size_t c, std::string_view opName);

} // namespace tscope::dumps
