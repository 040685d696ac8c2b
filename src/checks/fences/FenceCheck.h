// FenceCheck: the proxy-fence check (`tscope fences`). On sm_90+ a generic
// shared-memory write followed by an async-proxy read of the same bytes, or a
// generic access followed by an async-proxy write, needs fence.proxy.async
// (ttng.fence_async_shared) between them — on every path within a partition,
// and across partitions on the producer side after the access or on the
// consumer side after the mbarrier wait. Rules and sources: docs/Fences.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/Module.h"

namespace tscope::checks::fences {

/// Where something is: IR line and column, the Python line, the partition.
struct Place {
  uint32_t line = 0;
  uint32_t col = 0;
  uint32_t offset = 0; // byte offset of the op in the file (for the caret)
  std::string pyFile;
  uint32_t pyLine = 0;
  std::string partition; // "outside", "default", "partition0", ...
  /// "IR 41, kernel.py:52" (Python file shown by its base name).
  std::string text() const;
};

/// A related location of a finding.
struct Related {
  Place where;
  std::string message;
};

/// One step of a finding's trace.
struct TraceStep {
  std::string actor; // partition
  std::string action;
  Place where;
};

/// A finding in the shape every tscope command shares (docs/Fences.md).
struct Finding {
  std::string check;    // "missing-fence", "fence-at-lowering", "spurious-fence"
  std::string severity; // "error" or "note"
  std::string message;
  Place where;
  std::vector<Related> related;
  std::vector<std::string> notes;
  std::vector<TraceStep> trace;
};

/// A generic access and a later async-proxy access of the same bytes.
struct ProxyPair {
  Place generic, async;
  std::string genericWhat, asyncWhat; // "local_store (generic write)", "TMA store (async-proxy read)"
  std::string buffer;
  bool crossPartition = false;
  std::string orderedBy; // "program order" or "mbarrier ready: default IR 44 -> partition0 IR 58"
  std::string verdict;   // "fenced", "missing", "fence-at-lowering"
  std::vector<Place> fences; // the fences that order it
};

/// A fence and what it orders.
struct FenceUse {
  Place where;
  bool spurious = false;
  std::string reason;              // why it orders nothing
  std::vector<std::string> orders; // "local_store w_smem IR 45 -> wgmma operand B IR 58"
};

/// The fence report of one function.
struct KernelFenceReport {
  std::string kernel;
  std::string target;
  bool checked = true;
  std::string skipped; // why not checked
  std::vector<std::string> threads;
  size_t genericAccesses = 0, asyncAccesses = 0;
  std::vector<ProxyPair> pairs;
  std::vector<FenceUse> fences;
  std::vector<Finding> findings;
  std::string verdict; // "missing-fence", "ok", "skipped"
};

/// What the check assumes about the compiler after this IR.
struct FenceOptions {
  /// Triton 3.6 runs ProxyFenceInsertion when lowering to LLVM (make_llir); it
  /// adds fences before TMA loads that follow a generic access of the same
  /// buffer in the same partition. Those pairs are then notes
  /// (`fence-at-lowering`), not errors.
  bool loweringFences = true;
};

/// One check id of `tscope fences` and what it reports.
struct FenceCheckInfo {
  const char *id;
  const char *severity;
  const char *description;
};

/// The check ids, in the order `--list-checks` prints them.
const std::vector<FenceCheckInfo> &fenceChecks();

/// Checks every function of a module.
std::vector<KernelFenceReport> checkFences(const ir::Module &m, const FenceOptions &opts = {});

/// The compute capability of a `ttg.target` ("cuda:90" -> 90); nullopt when
/// the target is not CUDA or cannot be read.
std::optional<int> cudaCapability(std::string_view target);

} // namespace tscope::checks::fences
