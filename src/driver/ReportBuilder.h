// ReportBuilder: fills render::ReportModel for `tscope report` — runs the
// checks, builds each kernel's barrier report, renders the dependency graph
// with Graphviz (`dot -Tsvg`, a child process), lays out the swim lanes of the
// focused buffer, cuts IR and Python excerpts, reads the pass log.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "driver/CheckRun.h"
#include "render/HtmlReport.h"

namespace tscope::driver {

/// Options of a report.
struct ReportOptions {
  CheckOptions check;
  std::string focus;         ///< buffer or barrier the timeline follows (empty: the first buffer with barriers)
  std::string passes;        ///< pass log (MLIR_ENABLE_DUMP) to add, or empty
  std::string dot = "dot";   ///< the Graphviz program
  uint32_t context = 3;      ///< excerpt lines on each side
};

/// Builds the model; input problems go to `err`. `exitCode` is set as
/// `tscope check` would set it.
render::ReportModel buildReport(const std::vector<std::string> &paths, const ReportOptions &opts,
                                std::ostream &err, int &exitCode);

/// Graphviz SVG made safe to inline: the XML prolog, DOCTYPE and comments
/// removed; empty when it holds anything active (script, foreignObject,
/// event handlers, javascript: URLs).
std::string inlineableSvg(std::string_view svg);

} // namespace tscope::driver
