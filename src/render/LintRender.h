// LintRender: `tscope lint` findings as compiler diagnostics (text) and in
// the findings JSON shape every tscope command shares.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "checks/tlxlint/LintFinding.h"
#include "support/SourceBuffer.h"

namespace tscope::render {

/// `file:line:col: severity: message [check-id]`, the IR line and a caret,
/// then `note:` lines for the Python source, related locations and notes.
void printLintText(std::ostream &os, const support::SourceBuffer &buf,
                   const std::vector<checks::tlxlint::LintFinding> &findings);

/// {"schema": "tscope.lint/1", "file", "findings": [{check, severity, message,
/// location {file,line,col}, source {file,line}|null, related, notes, trace}]}.
nlohmann::json lintJson(const support::SourceBuffer &buf,
                        const std::vector<checks::tlxlint::LintFinding> &findings);

} // namespace tscope::render
