// The lint driver and the rule registry.
#include "checks/tlxlint/TlxLint.h"

#include <algorithm>

#include "checks/tlxlint/LintChecks.h"
#include "kernel/Kernel.h"

namespace tscope::checks::tlxlint {

const std::vector<LintCheck> &lintChecks() {
  static const std::vector<LintCheck> table = {
      {"tlx-named-barrier-id", "named barrier id outside 0..15 (16 hardware barriers per CTA)",
       checkNamedBarrierId},
      {"tlx-named-barrier-count", "named barrier thread count not a positive multiple of 32",
       checkNamedBarrierCount},
      {"tlx-named-barrier-count-mismatch",
       "arrive and wait on one named barrier id with different thread counts",
       checkNamedBarrierCountMismatch},
      {"tlx-named-barrier-warps",
       "named barrier thread count that does not match the warps of the partitions using it",
       checkNamedBarrierWarps},
      {"tlx-remote-arrive-single-cta",
       "arrive on a remote CTA's barrier in a kernel launched with one CTA per cluster",
       checkRemoteArrive},
      {"tlx-remote-store-single-cta",
       "store into a remote CTA's shared memory in a kernel launched with one CTA per cluster",
       checkRemoteStore},
      {"tlx-mma-tile-min",
       "MMA tile below the instruction minimum (M >= 64, N >= 8, K >= 32 bytes)", checkMmaTileMin},
      {"tlx-two-cta-mma-m", "2-CTA tcgen05 MMA with M != 128 per CTA", checkTwoCtaMma},
      {"tlx-barrier-init-count", "mbarrier init count that its arrivals cannot match",
       checkBarrierInitCount},
      {"tlx-expect-bytes-mismatch",
       "barrier_expect bytes that differ from the bytes the TMA loads on that barrier deliver",
       checkExpectBytes},
      {"tlx-tma-box-mismatch",
       "TMA load whose descriptor block (the box the copy writes) differs from its destination buffer",
       checkTmaBox},
      {"tlx-ws-store-split",
       "a store the warp specialization split between partitions into slices that do not tile it",
       checkSplitStore},
      {"tlx-commit-on-mma-barrier", "tcgen05_commit on a barrier an MMA already arrives on",
       checkCommitOnMmaBarrier},
      {"tlx-barrier-init-without-inval",
       "mbarrier initialised, never invalidated, and its memory reused (note)",
       checkInitWithoutInval},
  };
  return table;
}

bool isLintCheck(const std::string &id) {
  for (const LintCheck &c : lintChecks())
    if (c.id == id)
      return true;
  return false;
}

const char *lintVerdictName(LintVerdict v) {
  switch (v) {
  case LintVerdict::Clean:
    return "clean";
  case LintVerdict::Findings:
    return "findings";
  case LintVerdict::Errors:
    return "errors";
  }
  return "?";
}

LintReport lintModule(const ir::Module &m, const LintOptions &opts) {
  return lintModule(m, kernel::Kernel::build(m), opts);
}

LintReport lintModule(const ir::Module &m, const std::vector<kernel::Kernel> &kernels, const LintOptions &opts) {
  LintReport rep;
  std::vector<Finding> &out = rep.findings;
  for (const kernel::Kernel &k : kernels) {
    LintContext ctx(m, k);
    KernelLint kl;
    kl.kernel = k.name;
    size_t first = out.size();
    for (const LintCheck &c : lintChecks()) {
      if (std::find(opts.disabled.begin(), opts.disabled.end(), std::string(c.id)) != opts.disabled.end())
        continue;
      size_t before = out.size();
      c.run(ctx, out);
      for (size_t i = before; i < out.size(); ++i)
        out[i].check = std::string(c.id);
    }
    kl.findings = out.size() - first;
    for (size_t i = first; i < out.size(); ++i)
      if (out[i].severity == support::Severity::Error)
        kl.verdict = LintVerdict::Errors;
      else if (kl.verdict == LintVerdict::Clean)
        kl.verdict = LintVerdict::Findings;
    rep.kernels.push_back(std::move(kl));
  }
  std::stable_sort(out.begin(), out.end(), [](const Finding &a, const Finding &b) {
    if (a.where.offset != b.where.offset)
      return a.where.offset < b.where.offset;
    return a.check < b.check;
  });
  return rep;
}

} // namespace tscope::checks::tlxlint
