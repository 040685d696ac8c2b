// Sarif: findings as a SARIF 2.1.0 log (OASIS, errata 01), so editors and
// code-review tools show them inline. Mapping: docs/Check.md.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checks/CheckRegistry.h"
#include "render/FindingRender.h"

namespace tscope::render {

/// The SARIF log: one run of tool `tscope` (`version`), `rules` as the
/// driver's reportingDescriptors, one result per finding.
nlohmann::json sarifLog(const std::vector<FindingFile> &files, const std::vector<checks::CheckId> &rules,
                        const std::string &version);

/// A path as a SARIF artifact URI: relative paths stay relative (percent-
/// encoded), absolute paths become `file://` URIs.
std::string sarifUri(const std::string &path);

} // namespace tscope::render
