// HtmlReport: `tscope report` as one self-contained HTML file — kernel
// summary, partition table, barrier graph (SVG from Graphviz), swim-lane
// timeline, findings with IR and Python excerpts, pass diffs. The model is
// filled by driver/ReportBuilder; this file only lays it out (docs/Report.md).
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "checks/Finding.h"
#include "checks/barriers/BarrierReport.h"
#include "render/DiffRender.h"

namespace tscope::render {

/// A few numbered lines of a file around a marked line.
struct Excerpt {
  std::string file;
  uint32_t first = 0;               ///< line number of lines[0]
  uint32_t mark = 0;                ///< the line the finding names
  std::vector<std::string> lines;
  std::string missing;              ///< why there is no excerpt ("not found on disk: ...")
};

/// A finding with its excerpts.
struct FindingView {
  checks::Finding finding;
  Excerpt ir, python;
};

/// One box of a swim lane.
struct LaneItem {
  std::string kind;  ///< "wait", "arrive", "access"
  std::string label; ///< "wait ready", "local_load"
  std::string detail; ///< slot/phase or value, "IR 45, kernel.py:62"
};

/// One lane: a partition's operations on the focused buffer, in program order.
struct SwimLane {
  std::string partition;
  std::vector<LaneItem> items;
};

/// One kernel of a file.
struct ReportKernel {
  checks::KernelBarrierReport barriers;
  std::string graphSvg;   ///< Graphviz's SVG, comments and prolog removed; empty when not rendered
  std::string graphNote;  ///< why there is no graph
  std::vector<std::string> mechanisms; ///< edge mechanisms present (legend)
  std::string focus;      ///< the buffer the timeline follows
  std::vector<SwimLane> lanes;
};

/// The analysis lines of one file ("deadlock: k: no-deadlock").
struct ReportAnalysis {
  std::string name;
  std::vector<std::string> lines;
};

/// One IR file.
struct ReportFile {
  std::string path;
  std::vector<ReportAnalysis> analyses;
  std::vector<ReportKernel> kernels;
  std::vector<FindingView> findings;
};

/// One changed pass with its unified diff.
struct PassDiff {
  std::string title;
  std::string diff;
  bool failed = false;
};

/// The pass log section.
struct ReportPasses {
  std::string log;
  std::string table; ///< `tscope passes` table text
  std::vector<PassDiff> diffs;
  std::string note;  ///< e.g. diffs left out past a limit
};

/// Everything the report shows.
struct ReportModel {
  std::vector<std::string> inputs; ///< PATHs as given
  std::vector<ReportFile> files;
  std::optional<ReportPasses> passes;
  std::vector<std::string> notes;
  size_t errors = 0, warnings = 0, notesCount = 0;
  std::optional<DiffReport> diff; ///< `report --diff-against B`: the first PATH against B
};

/// Writes the HTML document.
void writeHtmlReport(std::ostream &os, const ReportModel &model);

/// `s` with & < > " ' replaced by character references.
std::string htmlEscape(std::string_view s);

/// The CSS of the report (its SHA-256 goes into the Content-Security-Policy).
const std::string &reportStyle();

} // namespace tscope::render
