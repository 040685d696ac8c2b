// LineDiff: line-level differences between two IR snapshots (Myers' O(ND)
// algorithm after stripping the common prefix and suffix), as counts or as a
// unified diff.
#pragma once

#include <cstdint>
#include <ostream>
#include <string_view>
#include <utility>
#include <vector>

namespace tscope::dumps {

/// Lines added and removed between two texts.
struct LineChanges {
  uint32_t added = 0;
  uint32_t removed = 0;
  /// False when the edit distance passed the bound and the counts come from
  /// a multiset difference of the lines (a lower bound of the true counts).
  bool exact = true;
};

/// The number of lines added and removed to turn `a` into `b`.
LineChanges countLineChanges(std::string_view a, std::string_view b);

/// `a` and `b` without their longest common prefix and suffix of whole
/// lines found by comparing bytes (no splitting): what a line diff of the two
/// must look at. Lines stripped here are equal on both sides, so counts over
/// the middles equal counts over the texts.
std::pair<std::string_view, std::string_view> trimCommonLines(std::string_view a, std::string_view b);

/// A line of a text with its 64-bit hash (a trailing '\r' dropped).
struct HashedLine {
  std::string_view text;
  uint64_t hash = 0;
  bool operator==(const HashedLine &o) const { return hash == o.hash && text == o.text; }
};

/// The lines of `text`, split and hashed once, for texts diffed against
/// several others (`tscope passes`: a dump is the after of one pass and the
/// before of the next).
std::vector<HashedLine> hashLines(std::string_view text);

/// countLineChanges over texts already split by hashLines (same counts).
LineChanges countLineChanges(const std::vector<HashedLine> &a, const std::vector<HashedLine> &b);

/// Writes a unified diff (`---`/`+++`, `@@ -l,n +l,n @@` hunks with `context`
/// lines); `aLine`/`bLine` are the log lines of the first line of each text,
/// so hunk positions point into the log. Writes nothing when the texts match.
void writeUnifiedDiff(std::ostream &os, std::string_view a, std::string_view b,
                      std::string_view aLabel, std::string_view bLabel, uint32_t aLine,
                      uint32_t bLine, int context = 3);

} // namespace tscope::dumps
