// ReportJson: `tscope report --format json`, the model the HTML report lays
// out (driver/ReportBuilder) as data: per file its analyses and kernels
// (verdicts, expected GPU outcome), the findings in the one findings schema
// (docs/findings.schema.json), the pass table with --passes, the diff.
#pragma once

#include <nlohmann/json.hpp>

#include "render/HtmlReport.h"

namespace tscope::render {

/// The JSON document of the report (schema "tscope.report/1").
nlohmann::json reportJson(const ReportModel &model);

} // namespace tscope::render
