// Sarif: findings as a SARIF 2.1.0 log (OASIS, errata 01), so editors and
// code-review tools (GitHub code scanning) show them inline on the Python the
// user edits. Mapping: docs/Report.md ("SARIF").
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checks/CheckRegistry.h"
#include "render/FindingRender.h"

namespace tscope::render {

/// How the log names files and what it adds to each result.
struct SarifOptions {
  /// Python paths are made relative to this folder (`--source-root`); empty:
  /// to the repository found by walking up from the Python file to a `.git`.
  /// A path outside the root stays as the loc names it.
  std::string sourceRoot;
  /// The expected GPU outcome of each kernel ("hang", "finishes (...)"), by
  /// {IR file (its buffer's name), kernel name}; a result of that kernel
  /// without an outcome of its own carries it as `expected_gpu`.
  std::map<std::pair<std::string, std::string>, std::string> expectedGpu;
};

/// The SARIF log: one run of tool `tscope` (`version`), `rules` as the
/// driver's reportingDescriptors (helpUri to the check's page under docs/),
/// one result per finding. When the loc chain names the Python file, a
/// result's primary location is the Python line and the IR line is its first
/// related location; the trace is two code flows (Python, IR);
/// partialFingerprints hash the check, kernel and op text, not line numbers.
nlohmann::json sarifLog(const std::vector<FindingFile> &files, const std::vector<checks::CheckId> &rules,
                        const std::string &version, const SarifOptions &opts = {});

/// A path as a SARIF artifact URI: relative paths stay relative (percent-
/// encoded), absolute paths become `file://` URIs.
std::string sarifUri(const std::string &path);

/// `pyFile` relative to `sourceRoot`, or (empty root) to the nearest parent
/// folder holding `.git`; `pyFile` itself when it is not under that root.
/// `root` is set to the root used, or emptied.
std::string sourceRelative(const std::string &pyFile, const std::string &sourceRoot, std::string &root);

/// The op text of an IR line with what moves when unrelated lines move taken
/// out: the trailing `loc(...)`, SSA numbers (`%12` -> `%`, `%arg3` -> `%arg`),
/// `#locN` references and surrounding blanks.
std::string fingerprintText(std::string_view line);

/// The name of the `tt.func` that holds byte `offset` of `buf`; empty when none.
std::string enclosingFunction(const support::SourceBuffer &buf, size_t offset);

} // namespace tscope::render
