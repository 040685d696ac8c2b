// CheckRun: one `tscope check` run — resolve the PATHs, parse each file, run
// every enabled analysis of the registry, collect findings per file.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "checks/CheckRegistry.h"
#include "driver/CheckInputs.h"
#include "ir/Module.h"
#include "kernel/Kernel.h"

namespace tscope::driver {

/// Options of a run.
struct CheckOptions {
  std::set<std::string> disabled; ///< check ids (must be registry ids: the caller validates)
  bool werror = false;            ///< warnings count as errors
  std::string launches;           ///< launch record for every file (empty: look beside each file)
  std::map<std::string, std::vector<int64_t>> descShapes; ///< --desc: added to every launch's descriptor shapes
  checks::DeadlockOptions deadlock;
  checks::fences::LoweringChoice lowering = checks::fences::LoweringChoice::Auto; ///< `--lowering`
  InputFilter filter;   ///< `--kernel`, and newest first for the default cache
  bool timing = false;  ///< `--timing`: per file, the parse and per-analysis times on the error stream
  /// `--timeout`: seconds of model checking per kernel file (0: none); each
  /// file's search gets its own deadline.
  double timeoutPerFile = 0;
};

/// What one analysis did on one file.
struct AnalysisSummary {
  std::string name;
  bool ran = true;
  std::string skipped;
  std::vector<std::string> verdicts;
  std::vector<checks::KernelVerdict> kernels; ///< the typed verdicts, where the analysis has them
  double ms = 0; ///< wall time of the analysis (`--timing`)
};

/// One kernel's result over every analysis: what `check` prints per kernel,
/// the report's badge and the expected GPU outcome, folded in one place.
struct KernelOutcome {
  std::string kernel;
  std::string verdict; ///< "clean", "error" or "not-verified"
  /// What the GPU will do: the barrier model's line (hang, fault, wrong
  /// results, finishes), completed by the other analyses' errors that say
  /// what they do on the GPU (Finding::onGpu); "" when nothing decides it.
  std::string expectedGpu;
  std::vector<std::string> verdictLines; ///< "analysis: summary", per analysis with a typed verdict
  std::vector<std::string> notVerified;  ///< why some analysis did not decide it
};

/// The results of one IR file.
struct FileResult {
  std::string path;
  std::string launches;              ///< the launch record used, if any
  std::unique_ptr<ir::Module> module; ///< owns the bytes the findings point into
  std::vector<AnalysisSummary> analyses;
  std::vector<checks::Finding> findings; ///< sorted
  std::vector<kernel::Kernel> kernels;  ///< the file's kernel facts, built once (point into `module`)
  size_t kernelBuilds = 0;               ///< times the file's kernel facts were built (1 when shared)
  double parseMs = 0;                    ///< wall time of reading and parsing the file
  /// Each kernel's outcome over every analysis (kernelOutcomes), computed
  /// once by runChecks; the text, JSON, SARIF and the report read it.
  std::vector<KernelOutcome> outcomes;
};

/// The outcome of each kernel of `fr` (its kernels in file order, then any
/// other function a finding names).
std::vector<KernelOutcome> kernelOutcomes(const FileResult &fr);

/// The results of a run.
struct CheckRunResult {
  std::vector<FileResult> files;
  std::vector<std::string> notes;
  bool badInput = false; ///< some PATH, file or launch record could not be read or parsed
  /// 2 on bad input, else 1 when a finding has error severity, else 0.
  int exitCode() const;
  /// Number of findings of a severity.
  size_t count(support::Severity s) const;
  /// Kernels (per file) every analysis that ran decided, and those some
  /// analysis left unknown (`not-verified`).
  struct Coverage {
    size_t verified = 0, notVerified = 0;
  };
  Coverage coverage() const;
};

/// Runs every enabled analysis of the registry over one parsed module (what
/// runChecks does for each file): fills `fr.analyses`, `fr.findings` (sorted,
/// Python lines not attached), `fr.kernels` and `fr.kernelBuilds`;
/// `onAnalysis` (may be empty) hears each analysis's name as it starts (the
/// progress line). `opts.timeoutPerFile` is this module's search deadline.
void checkModule(FileResult &fr, const ir::Module &m, const std::vector<checks::TmaLaunch> &launches,
                 const CheckOptions &opts, const std::function<void(const std::string &)> &onAnalysis = {});

/// Runs the checks; input problems (unreadable paths, parse errors, bad
/// launch lines) are printed to `err` in the compiler convention.
CheckRunResult runChecks(const std::vector<std::string> &paths, const CheckOptions &opts, std::ostream &err);

/// Lines `first..last` (1-based, inclusive) of a text file; empty when it cannot be read.
/// Fills the Python line text of each finding's primary location (read once
/// per file and line), so the text view can quote it.
void attachPythonLines(std::vector<checks::Finding> &findings);

std::vector<std::string> readLines(const std::string &path, uint32_t first, uint32_t last);

} // namespace tscope::driver
