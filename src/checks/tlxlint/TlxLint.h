// TlxLint: runs the TLX rules of the registry over every kernel of a module.
#pragma once

#include <string>
#include <vector>

#include "checks/Finding.h"
#include "ir/Module.h"
#include "kernel/Kernel.h"

namespace tscope::checks::tlxlint {

/// Which rules run.
struct LintOptions {
  std::vector<std::string> disabled; // check ids to skip
};

/// The verdict of one kernel.
enum class LintVerdict {
  Clean,    ///< no rule fired
  Findings, ///< warnings or notes only
  Errors,   ///< at least one error
};

/// "clean", "findings", "errors".
const char *lintVerdictName(LintVerdict v);

/// What the rules found in one kernel.
struct KernelLint {
  std::string kernel;
  LintVerdict verdict = LintVerdict::Clean;
  size_t findings = 0;
};

/// The lint result of a module.
struct LintReport {
  std::vector<KernelLint> kernels;
  /// Every finding of every enabled rule, ordered by position in the file,
  /// then check id (deterministic).
  std::vector<Finding> findings;
};

/// Runs every enabled rule over every kernel of `m`.
LintReport lintModule(const ir::Module &m, const LintOptions &opts = {});
/// The same over kernels already built from `m`.
LintReport lintModule(const ir::Module &m, const std::vector<kernel::Kernel> &kernels, const LintOptions &opts = {});

/// True when `id` names a rule of the registry.
bool isLintCheck(const std::string &id);

} // namespace tscope::checks::tlxlint
