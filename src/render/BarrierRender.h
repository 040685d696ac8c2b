// BarrierRender: the barrier report as text, Markdown, JSON or Graphviz dot.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "checks/barriers/BarrierReport.h"

namespace tscope::render {

/// Plain-text tables.
void barrierText(std::ostream &os, const std::vector<checks::KernelBarrierReport> &reps);
/// GitHub-flavoured Markdown tables.
void barrierMarkdown(std::ostream &os, const std::vector<checks::KernelBarrierReport> &reps);
/// The JSON document (schema: docs/Barriers.md); the TMEM findings in the
/// shared findings shape, located in `buf`.
nlohmann::json barrierJson(const std::vector<checks::KernelBarrierReport> &reps, const std::string &file,
                           const support::SourceBuffer &buf);
/// The colour of an edge mechanism in the dot graph (and the HTML legend).
const char *mechanismColor(const std::string &mechanism);
/// The dependency graph: forward edges down, backward edges dashed.
void barrierDot(std::ostream &os, const std::vector<checks::KernelBarrierReport> &reps);
/// The `--compare` boundary table.
void compareText(std::ostream &os, const std::vector<checks::CompareRow> &rows, bool markdown);

} // namespace tscope::render
