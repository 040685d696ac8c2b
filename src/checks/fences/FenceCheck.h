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

#include "checks/Finding.h"
#include "checks/fences/Lowering.h"
#include "ir/Module.h"
#include "kernel/Kernel.h"

namespace tscope::checks::fences {

/// The verdict of one kernel.
enum class FenceVerdict {
  Ok,           ///< every generic -> async-proxy pair is fenced (or left to lowering)
  MissingFence, ///< some pair has no fence on any ordering
  Skipped,      ///< not checked (target without an async proxy)
  /// Some pair's generic side is a buffer Triton's TMA lowering has not made
  /// a TMA copy yet (PairVerdict::BeforeTmaLowering) and no pair is missing:
  /// which proxy writes it is not decided in this IR.
  NotVerified,
};

/// "ok", "missing-fence", "skipped", "not-verified" (the JSON and text spelling).
const char *fenceVerdictName(FenceVerdict v);

/// How one generic -> async-proxy pair is ordered.
enum class PairVerdict {
  Fenced,          ///< a fence orders it
  Missing,         ///< no fence: a missing-fence finding
  FenceAtLowering, ///< the ProxyFenceInsertion of the assumed lowering adds the fence (a note)
  /// Unfenced, but the generic write is a `ttg.local_alloc` of a
  /// `tt.descriptor_load` (or gather) result: triton-nvidia-tma-lowering
  /// turns the pair into a TMA copy (an async-proxy write), so the IR before
  /// it does not say which proxy writes the buffer. Not verified, no finding.
  BeforeTmaLowering,
};

/// "fenced", "missing", "fence-at-lowering", "before-tma-lowering".
const char *pairVerdictName(PairVerdict v);

/// A generic access and a later async-proxy access of the same bytes.
struct ProxyPair {
  FindingLocation generic, async;
  std::string genericPartition,
      asyncPartition;                 // "outside", "default", "partition0", ...
  std::string genericWhat, asyncWhat; // "local_store (generic write)", "TMA
                                      // store (async-proxy read)"
  std::string buffer;
  bool crossPartition = false;
  std::string orderedBy; // "program order" or "mbarrier ready: default IR 44 ->
                         // partition0 IR 58"
  PairVerdict verdict = PairVerdict::Fenced;
  std::vector<FindingLocation> fences; // the fences that order it
};

/// A fence and what it orders.
struct FenceUse {
  FindingLocation where;
  std::string partition;
  bool spurious = false;           // orders nothing, and the user wrote it
  std::string reason;              // why it orders nothing
  /// Set when Triton inserted the fence itself (it carries the source
  /// location of the async-proxy op it was made for): never spurious.
  std::string insertedBy;
  std::vector<std::string> orders; // "local_store w_smem IR 45 -> wgmma operand B IR 58"
};

/// The fence report of one function.
struct KernelFenceReport {
  std::string kernel;
  std::string target;
  bool checked = true;
  std::string skipped; // why not checked
  /// The lowering assumed after this IR, and why (detected marker or option).
  LoweringAssumption lowering;
  std::vector<std::string> threads;
  size_t genericAccesses = 0, asyncAccesses = 0;
  std::vector<ProxyPair> pairs;
  std::vector<FenceUse> fences;
  std::vector<Finding> findings; // sorted by location
  FenceVerdict verdict = FenceVerdict::Ok;
  /// NotVerified: why, and the first such generic write.
  std::string notVerified;
  FindingLocation notVerifiedAt;
};

/// What the check assumes about the compiler after this IR.
struct FenceOptions {
  /// Triton runs ProxyFenceInsertion when lowering to LLVM (make_llir); it
  /// adds fences before async-proxy accesses that follow a generic access of
  /// the same buffer in the same partition (Triton 3.6: TMA loads and
  /// gathers only; Meta's fork: every async-proxy access). Those pairs are
  /// then notes (`fence-at-lowering`), not errors. False: the IR is final.
  bool loweringFences = true;
  /// Which Triton's lowering follows (`--lowering`); Auto reads fork markers.
  LoweringChoice lowering = LoweringChoice::Auto;
};

/// One check id of `tscope fences` and what it reports.
struct FenceCheckInfo {
  const char *id;
  const char *severity;
  const char *description;
};

/// The check ids, in the order `--list-checks` prints them.
const std::vector<FenceCheckInfo> &fenceChecks();

/// "IR 41, kernel.py:52": a location as the fence prose names it (Python file
/// by its base name).
std::string placeText(const FindingLocation &l);

/// Checks every function of a module.
std::vector<KernelFenceReport> checkFences(const ir::Module &m, const FenceOptions &opts = {});
/// The same over kernels already built (facts built once per file).
std::vector<KernelFenceReport> checkFences(const std::vector<kernel::Kernel> &kernels, const FenceOptions &opts = {});

/// The compute capability of a `ttg.target` ("cuda:90" -> 90); nullopt when
/// the target is not CUDA or cannot be read.
std::optional<int> cudaCapability(std::string_view target);

} // namespace tscope::checks::fences
