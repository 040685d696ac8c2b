// KernelDiff: builds render::DiffReport for `tscope diff A B` — each side's
// PATH resolved and checked as `tscope check` would, kernels paired by name,
// and per pair the aligned IR, op counts, barrier protocol, resources and
// verdicts.
#pragma once

#include <ostream>
#include <string>

#include "driver/CheckRun.h"
#include "render/DiffRender.h"

namespace tscope::driver {

/// Builds the report; input problems go to `err` and set `badInput`.
render::DiffReport buildDiff(const std::string &a, const std::string &b, const CheckOptions &opts,
                             std::ostream &err, bool &badInput);

/// Resources of the kernel `kernel` whose IR is `irFile`: the ptxas log,
/// cubin and `.json` metadata beside it (or, for a Triton cache or dump
/// folder of a `tscope run` output, in that output). Sets `note` to where
/// they came from or why some are missing.
std::optional<dumps::KernelResourcesRow> resourcesOf(const std::string &irFile, const std::string &kernel,
                                                     std::string &note);

} // namespace tscope::driver
