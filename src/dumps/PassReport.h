// PassReport: the text and JSON views of `tscope passes` over a PassAnalysis
// (the pass table, one pass's diff, an op's first appearance, the last good IR).
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "dumps/PassEffects.h"

namespace tscope::dumps {

/// What to show.
struct PassReportOptions {
  std::string logName;         ///< the log's path as given
  std::string kernel;          ///< `--kernel GLOB`: only compiles of kernels it matches (empty: all)
  bool showUnchanged = true;   ///< list passes that changed nothing
  size_t maxDeltas = 4;        ///< op-count deltas shown per row
};

/// The compiles of kernels whose name matches the glob `kernel` (all when empty).
std::vector<size_t> selectCompiles(const PassLog &log, const std::string &kernel);

/// The pass table of each selected compile and, for failed ones, the failure.
void writePassTable(std::ostream &os, const PassLog &log, const PassAnalysis &a,
                    const PassReportOptions &opts);

/// Unified diffs of the rows that match `pass` (a row number, a pass name or
/// its argument); false when no row matches.
bool writePassDiff(std::ostream &os, const PassLog &log, const PassAnalysis &a,
                   const PassReportOptions &opts, const std::string &pass);

/// Where `op` first appears and disappears in each selected compile.
void writeOpTimeline(std::ostream &os, const PassLog &log, const PassAnalysis &a,
                     const PassReportOptions &opts, const std::string &op);

/// The IR the failing pass received, per failed compile, with a comment line
/// naming it; false when no selected compile failed.
bool writeLastGood(std::ostream &os, const PassLog &log, const PassReportOptions &opts);

/// The whole analysis as JSON: compiles, rows and `findings` (one per failed compile).
nlohmann::json passesJson(const PassLog &log, const PassAnalysis &a, const PassReportOptions &opts);

/// The Python `file:line` of a compile's first error, from its location.
std::string errorSource(const Compile &c);

} // namespace tscope::dumps
