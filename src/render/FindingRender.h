// FindingRender: checks::Finding as compiler diagnostics (text) and in the
// findings JSON shape every tscope command shares (DESIGN.md, docs/Check.md).
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "checks/Finding.h"
#include "support/SourceBuffer.h"

namespace tscope::render {

/// The findings of one IR file and the buffer they point into.
struct FindingFile {
  const support::SourceBuffer *buffer = nullptr; ///< may be null (no source line then)
  const std::vector<checks::Finding> *findings = nullptr;
};

/// `file:line:col: severity: message [check-id]`, the IR line and a caret, the
/// Python line as `pyfile:line: note: ...`, related locations as `note:`
/// diagnostics, then notes and the trace.
void findingText(std::ostream &os, const support::SourceBuffer *buf, const checks::Finding &f);
/// findingText without colour, whatever --color says.
void findingTextPlain(std::ostream &os, const support::SourceBuffer *buf, const checks::Finding &f);

/// One finding in the shared JSON shape: check, severity, message, location,
/// source, related, notes, trace.
nlohmann::json findingJson(const checks::Finding &f);

/// Every finding of every file, as an array in the shared shape.
nlohmann::json findingsJson(const std::vector<FindingFile> &files);

/// Every finding of one file, as an array in the shared shape.
nlohmann::json findingsJson(const std::vector<checks::Finding> &findings);

/// `{file, line, col}` of the shared shape, for a command's own sections.
nlohmann::json locationJson(const checks::FindingLocation &l);

/// `{file, line}` of the Python source, or null when the loc chain names none.
nlohmann::json sourceJson(const checks::FindingLocation &l);

/// "IR 45, kernel.py:12": the short place of a trace step or table row.
std::string shortPlace(const checks::FindingLocation &l);


} // namespace tscope::render
