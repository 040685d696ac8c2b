// FenceRender: the proxy-fence report as text (compiler-style diagnostics
// with the IR line and a caret, then the pairs and fences) or JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "checks/fences/FenceCheck.h"

namespace tscope::render {

/// Text: per kernel a verdict line, the findings, the checked pairs and the fences.
void fenceText(std::ostream &os, const std::vector<checks::fences::KernelFenceReport> &reps,
               const ir::Module &m);
/// The JSON document (schema `tscope.fences/1`, docs/Fences.md).
nlohmann::json fenceJson(const std::vector<checks::fences::KernelFenceReport> &reps,
                         const std::string &file);

} // namespace tscope::render
