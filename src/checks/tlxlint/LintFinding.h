// LintFinding: one result of a TLX rule — check id, severity, the IR op it is
// about with the Python line behind it, related locations and notes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/Operation.h"
#include "support/Diagnostics.h"

namespace tscope::checks::tlxlint {

/// Where a finding points: the op, its IR line and the Python line behind it.
struct LintPoint {
  const ir::Operation *op = nullptr;
  uint32_t offset = 0; // byte offset of the op in the file (column and caret)
  uint32_t irLine = 0;
  std::string pyFile; // empty when the loc chain names no file
  uint32_t pyLine = 0;
};

/// A location that explains a finding ("the MMA that arrives on it").
struct LintRelated {
  LintPoint where;
  std::string message;
};

/// One finding.
struct LintFinding {
  std::string check; // kebab-case id, e.g. "tlx-named-barrier-id"
  support::Severity severity = support::Severity::Error;
  LintPoint where;
  std::string message; // says what is wrong and what to do
  std::vector<LintRelated> related;
  std::vector<std::string> notes;
};

} // namespace tscope::checks::tlxlint
