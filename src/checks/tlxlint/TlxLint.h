// TlxLint: runs the TLX rules of the registry over every kernel of a module.
#pragma once

#include <string>
#include <vector>

#include "checks/tlxlint/LintFinding.h"
#include "ir/Module.h"

namespace tscope::checks::tlxlint {

/// Which rules run.
struct LintOptions {
  std::vector<std::string> disabled; // check ids to skip
};

/// Every finding of every enabled rule, ordered by position in the file,
/// then check id (deterministic).
std::vector<LintFinding> lintModule(const ir::Module &m, const LintOptions &opts = {});

/// True when `id` names a rule of the registry.
bool isLintCheck(const std::string &id);

} // namespace tscope::checks::tlxlint
