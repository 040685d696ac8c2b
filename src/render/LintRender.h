// LintRender: what only `tscope lint` prints besides the findings (which go
// through FindingRender): the summary line and the JSON envelope.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "checks/Finding.h"
#include "support/SourceBuffer.h"

namespace tscope::render {

/// Each finding as FindingRender prints it, then
/// `file: N errors, N warnings, N notes`.
void lintText(std::ostream &os, const support::SourceBuffer &buf, const std::vector<checks::Finding> &findings);

/// {"schema": "tscope.lint/1", "file", "findings": [the shared finding shape]}.
nlohmann::json lintJson(const support::SourceBuffer &buf, const std::vector<checks::Finding> &findings);

} // namespace tscope::render
