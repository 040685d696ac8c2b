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
#include "render/PassCheckRender.h"
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

/// A related location of a finding with its excerpts.
struct RelatedView {
  std::string message;
  Excerpt ir, python;
};

/// A finding with its excerpts: the primary location and every related one.
struct FindingView {
  checks::Finding finding;
  Excerpt ir, python;
  std::vector<RelatedView> related;
  std::string kernel; ///< the tt.func that holds it ("" when unknown)
};

/// One box of a swim lane.
struct LaneItem {
  std::string kind;  ///< "wait", "arrive", "access"
  std::string label; ///< "wait ready", "local_load"
  std::string detail; ///< slot/phase or value, "IR 45, kernel.py:62"
  bool stuck = false; ///< a wait a deadlock finding says never completes
};

/// One lane: a partition's operations on the focused buffer, in program order.
struct SwimLane {
  std::string partition;
  std::vector<LaneItem> items;
};

/// One step of a counterexample, on its actor's lane.
struct TraceStep {
  size_t lane = 0;
  std::string kind;   ///< "wait", "arrive", "access", "async", "other"
  std::string label;  ///< the step's action ("wait full[0] parity 1")
  std::string detail; ///< "IR 45, kernel.py:62"
  std::string iteration; ///< "iter 2" when the action names one, else ""
};

/// A finding's trace as a swim-lane chart: one lane per actor, one column per step.
struct TraceChart {
  std::string title; ///< "deadlock: kernel k hangs: ..."
  std::string check;
  size_t finding = 0; ///< index of the finding in the file (its anchor)
  std::vector<std::string> lanes;
  std::vector<TraceStep> steps;
  /// The lanes that end stuck, with what they wait for (a deadlock's primary and related locations).
  std::vector<std::pair<size_t, std::string>> stuck;
};

/// One kernel of a file.
struct ReportKernel {
  checks::KernelBarrierReport barriers;
  std::string verdict;     ///< "clean", "error", "not-verified"
  std::string expectedGpu; ///< the expected GPU outcome ("hang", "finishes ..."), or ""
  std::vector<std::string> verdictLines; ///< "deadlock: k: deadlock (...)", one per analysis
  std::vector<std::string> notVerified;  ///< what was not decided and why (the banner)
  std::vector<std::string> graphMarks;   ///< what the red / orange marks on the graph mean
  std::optional<TraceChart> trace;       ///< the first finding's counterexample
  std::string graphSvg;   ///< Graphviz's SVG, comments and prolog removed; empty when not rendered
  std::string graphNote;  ///< why there is no graph
  std::vector<std::string> mechanisms; ///< edge mechanisms present (legend)
  std::string focus;      ///< the buffer the timeline follows
  std::string focusWhy;   ///< why this buffer ("the first finding's", "--focus", "the first guarded buffer")
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
  std::string id; ///< HTML anchor (the pass-check strip links to it)
};

/// One row of the pass table.
struct PassTableRow {
  size_t compile = 0, row = 0;  ///< 1-based
  std::string kernel, pass, arg;
  bool changed = false, failed = false;
  size_t added = 0, removed = 0;
  int64_t opsBefore = 0, opsAfter = 0;
  std::string deltas;         ///< "+3 ttg.local_load, -1 tt.load"
  std::optional<size_t> diff; ///< index into ReportPasses::diffs
};

/// The pass log section.
struct ReportPasses {
  std::string log;
  std::vector<PassTableRow> rows;
  std::vector<PassDiff> diffs;
  std::string note;  ///< e.g. diffs left out past a limit
  std::optional<PassCheckView> check; ///< the concurrency checks per pass (strip above the table)
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

/// `text` cut into at most `maxLines` lines of at most `width` characters
/// (UTF-8 characters, not bytes), broken after a space, comma, bracket, dot
/// or underscore in the second half of a line when there is one; when the
/// text does not fit, the last line ends in "…" and `cut` is set.
std::vector<std::string> wrapLabel(std::string_view text, size_t width, size_t maxLines, bool &cut);

/// `s` with & < > " ' replaced by character references.
std::string htmlEscape(std::string_view s);

/// The CSS of the report (its SHA-256 goes into the Content-Security-Policy).
const std::string &reportStyle();

} // namespace tscope::render
