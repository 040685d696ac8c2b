// DiffRender: the report of `tscope diff A B` (two builds of a kernel: IR
// aligned op by op, op counts, barrier protocol, resources, verdicts) and its
// text, JSON and HTML renderings.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "checks/Finding.h"
#include "checks/barriers/BarrierReport.h"
#include "dumps/IrDiff.h"
#include "dumps/RegsReport.h"

namespace tscope::render {

/// One analysis' verdict on both sides.
struct VerdictPair {
  std::string analysis; ///< "deadlock", "races", ...
  std::optional<checks::KernelVerdict> a, b;
  /// True when the verdicts differ (or one side has none).
  bool changed() const {
    return !a || !b || a->verdict != b->verdict;
  }
};

/// One kernel of A against its match in B.
struct KernelDiff {
  std::string kernel;       ///< name in B (A's name when they differ is in `kernelA`)
  std::string kernelA;
  std::string fileA, fileB; ///< the IR files compared
  std::string pairedBy;     ///< "name", "only kernel on each side", "name (build 2 of 4)"
  std::vector<dumps::DiffOp> opsA, opsB;
  std::vector<dumps::AlignedOp> rows;
  std::vector<dumps::CountDelta> dialects, opCounts;
  std::vector<dumps::AliasDelta> aliases; ///< layout and type aliases that differ
  std::vector<checks::CompareRow> barriers; ///< every barrier and partition
  std::optional<dumps::KernelResourcesRow> resA, resB;
  std::string resNoteA, resNoteB; ///< where resources came from, or why they are missing
  std::vector<VerdictPair> verdicts;
  std::vector<checks::Finding> onlyA, onlyB; ///< findings gone in B, new in B
  size_t sameFindings = 0;
};

/// Everything `tscope diff` reports.
struct DiffReport {
  std::string a, b;                       ///< the PATHs as given
  std::vector<KernelDiff> kernels;
  std::vector<std::string> unpairedA, unpairedB; ///< "kernel (file)" with no match on the other side
  std::vector<std::string> notes;
  bool checksRun = true; ///< false with `--no-checks`: verdicts and findings not compared
  double ms = 0; ///< wall time of building the report
};

/// The text report; `context` lines of unchanged ops around each change.
void diffText(std::ostream &os, const DiffReport &r, int context);

/// JSON (schema `tscope.diff/1`): `kernels` and a `findings` array holding
/// the findings new in B.
nlohmann::json diffJson(const DiffReport &r);

/// An HTML section (`<section id="diff">`, no script, classes of the report's
/// style) for one self-contained report.
void diffHtmlSection(std::ostream &os, const DiffReport &r, int context);

/// True when B has an error-severity finding A has not (a regression).
bool diffHasRegressions(const DiffReport &r);

} // namespace tscope::render
