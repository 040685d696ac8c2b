// FenceRender: the sections only `tscope fences` has (per kernel the verdict
// line, the checked pairs and the fences); findings go through FindingRender.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "checks/fences/FenceCheck.h"
#include "support/SourceBuffer.h"

namespace tscope::render {

/// Text: per kernel a verdict line, its findings (as FindingRender prints
/// them), the checked pairs and the fences.
void fenceText(std::ostream &os, const std::vector<checks::fences::KernelFenceReport> &reps,
               const support::SourceBuffer &buf);

/// The JSON document (schema `tscope.fences/1`, docs/Fences.md): `kernels`
/// with their pairs and fences, and `findings` in the shared shape.
nlohmann::json fenceJson(const std::vector<checks::fences::KernelFenceReport> &reps, const std::string &file);

} // namespace tscope::render
